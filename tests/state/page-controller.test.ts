// The page's controller (src/state/page-controller.svelte.ts) in Node: start-up order (a link,
// else the autosave, else the default preset), what a broken link keeps, the autosave and the
// address after a change, and what the shortcuts do. The address, storage, clock, clipboard and
// worker are fakes; nothing waits on a clock.
import { describe, expect, it } from 'vitest';
import type { PageMessage } from '../../src/protocol.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import {
  AUTOSAVE_KEY,
  RUN_OPEN_KEY,
  readAutosave,
  type StorageLike,
} from '../../src/state/autosave.ts';
import {
  PageController,
  type Address,
  type LinkPart,
} from '../../src/state/page-controller.svelte.ts';
import { startupScenario, STARTUP_PRESET_ID } from '../../src/state/presets.ts';
import { LINK_NAME, type Opened, type ShareState } from '../../src/state/share-url.ts';
import { Simulation } from '../../src/state/simulation.svelte.ts';

class FakeWorker {
  sent: PageMessage[] = [];
  onmessage: unknown = null;
  onerror: unknown = null;
  onmessageerror: unknown = null;
  postMessage(m: PageMessage) {
    this.sent.push(m);
  }
  terminate() {}
}

interface Written {
  state: ShareState;
  lesson: string;
  challenge: string;
  /** only the link to copy was set; the address kept what it held */
  keepAddress: boolean;
}

function memory(): StorageLike & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
}

/** ms since the epoch: the fake clock's one time */
const NOW = 1_700_000_000_000;

function setUp(
  over: {
    opened?: Opened;
    search?: string;
    saved?: { scenario: Scenario; origin: string; savedAt?: number };
    runOpen?: boolean;
    link?: string;
    copy?: (text: string) => Promise<void>;
  } = {},
) {
  const storage = memory();
  if (over.saved) {
    const { scenario, origin, savedAt = NOW - 60_000 } = over.saved;
    storage.setItem(AUTOSAVE_KEY, JSON.stringify({ scenario, origin, savedAt }));
  }
  if (over.runOpen) storage.setItem(RUN_OPEN_KEY, '1');
  const written: Written[] = [];
  const address: Address & { dropped: number; opens: Opened } = {
    search: over.search ?? '',
    link: over.link ?? 'https://example.org/?preset=asci-q-2002',
    problem: null,
    dropped: 0,
    /** what the address opens (a test changes it to paste another link) */
    opens: over.opened ?? { kind: 'none' },
    async read() {
      return this.opens;
    },
    write: async (state, lesson, challenge, keepAddress = false) =>
      void written.push({ state, lesson, challenge, keepAddress }),
    dropVersion() {
      this.dropped++;
    },
  };
  const workers: FakeWorker[] = [];
  const simulation = new Simulation({
    spawn: () => {
      const w = new FakeWorker();
      workers.push(w);
      return w as unknown as Worker;
    },
    now: () => 0,
    setInterval: () => 1,
    clearInterval: () => {},
  });
  const copied: string[] = [];
  const page = new PageController({
    address,
    storage,
    now: () => NOW,
    copy: over.copy ?? (async (text) => void copied.push(text)),
    simulation,
  });
  /** the scenarios sent to be run, oldest first */
  const runs = () =>
    workers.flatMap((w) => w.sent).flatMap((m) => (m.type === 'run' ? [m.scenario] : []));
  return { page, storage, written, address, runs, copied };
}

/** the start-up preset with another seed: an edit the autosave keeps */
const edited = (seed: number): Scenario => ({ ...startupScenario(), seed });
const linked = (scenario: Scenario): Extract<Opened, { kind: 'scenario' }> => ({
  kind: 'scenario',
  scenario,
  presetId: null,
  fileName: LINK_NAME,
  base: scenario,
  view: {},
});
const broken: Opened = { kind: 'error', lines: ['s=1.xyz: the data is cut short'] };

/** a lesson or challenge part that opens when `opens` */
const part = (opens: boolean, problems: string[] = []): LinkPart & { asked: string[] } => {
  const asked: string[] = [];
  return {
    asked,
    openLink: (search) => (asked.push(search), opens),
    linkProblems: () => problems,
    urlParams: opens ? 'lesson=3' : '',
  };
};

describe('start-up', () => {
  it('shows the default preset and runs it when there is no link and no autosave', async () => {
    const { page, runs } = setUp();
    await page.start();
    expect(page.scenario.presetId).toBe(STARTUP_PRESET_ID);
    expect(page.restoredAt).toBeNull();
    expect(runs()).toHaveLength(1);
    expect(runs()[0].seed).toBe(startupScenario().seed);
  });

  it('counts as started even when opening the address fails, so the views are let go', async () => {
    const { page, address } = setUp();
    address.read = async () => {
      throw new Error('storage gone');
    };
    await expect(page.start()).rejects.toThrow('storage gone');
    expect(page.started).toBe(true);
  });

  it('waits for the part a link opens to show its scenario before it starts, and runs it once', async () => {
    const { page, runs } = setUp();
    let show: () => void = () => {};
    const shown = new Promise<void>((resolve) => (show = resolve));
    const lesson = { ...part(true), opened: () => shown };
    const starting = page.start({ lesson, challenge: part(false) });
    await Promise.resolve();
    await Promise.resolve();
    expect(page.started).toBe(false);
    // the step's scenario on show (what Lesson's #apply does through showStep): not run yet
    page.showStep(edited(5), STARTUP_PRESET_ID, startupScenario());
    expect(runs()).toHaveLength(0);
    show();
    await starting;
    expect(page.started).toBe(true);
    expect(runs().map((s) => s.seed)).toEqual([5]);
  });

  it('restores the autosave, on its preset, with the time it was saved, and runs it', async () => {
    const saved = edited(77);
    const { page, runs } = setUp({
      saved: { scenario: saved, origin: `preset:${STARTUP_PRESET_ID}`, savedAt: NOW - 5000 },
    });
    await page.start();
    expect(page.scenario.current).toEqual(saved);
    expect(page.scenario.presetId).toBe(STARTUP_PRESET_ID);
    // Reset goes back to the preset it was edited from
    expect(page.scenario.loaded.seed).toBe(startupScenario().seed);
    expect(page.restoredAt).toBe(NOW - 5000);
    expect(runs().map((s) => s.seed)).toEqual([77]);
  });

  it('restores a scenario saved from a link as a link', async () => {
    const { page } = setUp({ saved: { scenario: edited(5), origin: 'link' } });
    await page.start();
    expect(page.scenario.presetId).toBeNull();
    expect(page.scenario.fileName).toBe(LINK_NAME);
  });

  it('shows a link, not the autosave, when the address holds one', async () => {
    const { page, runs } = setUp({
      opened: linked(edited(9)),
      saved: { scenario: edited(77), origin: `preset:${STARTUP_PRESET_ID}` },
    });
    await page.start();
    expect(page.scenario.current.seed).toBe(9);
    expect(page.restoredAt).toBeNull();
    expect(runs().map((s) => s.seed)).toEqual([9]);
  });

  it('keeps the scenario being edited when the link is broken, and says so', async () => {
    const { page } = setUp({
      opened: broken,
      saved: { scenario: edited(77), origin: `preset:${STARTUP_PRESET_ID}` },
    });
    await page.start();
    expect(page.scenario.current.seed).toBe(77);
    expect(page.scenario.failure?.title).toBe(
      'This link could not be opened, so the scenario you were editing is shown.',
    );
    expect(page.scenario.failure?.lines).toEqual(broken.kind === 'error' ? broken.lines : []);
    expect(page.problems.map((p) => p.title)).toContain(page.scenario.failure?.title);
  });

  it('shows the default preset when the link is broken and nothing was saved, and says so', async () => {
    const { page } = setUp({ opened: broken });
    await page.start();
    expect(page.scenario.presetId).toBe(STARTUP_PRESET_ID);
    expect(page.scenario.failure?.title).toBe(
      'This link could not be opened, so the default scenario is shown.',
    );
  });

  it('leaves a broken link in the address until the scenario changes, and lets Copy link copy what is shown', async () => {
    const { page, written, storage } = setUp({ opened: broken });
    await page.start();
    page.persist();
    // the link of the scenario on show is made for Copy link; the address keeps the broken one
    expect(written.map((w) => [w.state.preset?.id, w.keepAddress])).toEqual([
      [STARTUP_PRESET_ID, true],
    ]);
    expect(storage.items.has(AUTOSAVE_KEY)).toBe(false);
    expect(page.problems.map((p) => p.key)).toContain('failure');
    page.setSeed(3);
    page.persist();
    expect(written).toHaveLength(2);
    expect(written[1].keepAddress).toBe(false);
    expect(written[1].state.scenario.seed).toBe(3);
    // the address holds the edit now: the broken link's notice has said what it had to
    expect(page.problems.map((p) => p.key)).not.toContain('failure');
  });

  it('closes the notices of what is done, never a run error or the address bar’s', async () => {
    const { page } = setUp({ opened: broken });
    await page.start({ lesson: part(false, ['lesson=99: no step']), challenge: part(false) });
    expect(page.problems.map((p) => p.key)).toEqual(['link', 'failure']);
    page.dismissProblem('failure');
    expect(page.problems.map((p) => p.key)).toEqual(['link']);
    page.dismissProblem('link');
    expect(page.problems).toEqual([]);
    page.dismissProblem('run'); // not closable: nothing happens
    expect(page.problems).toEqual([]);
  });

  it('says why an unreadable autosave could not be restored, and shows the default', async () => {
    const { page, storage } = setUp();
    storage.setItem(AUTOSAVE_KEY, '{not json');
    await page.start();
    expect(page.scenario.presetId).toBe(STARTUP_PRESET_ID);
    expect(page.autosaveProblem).toMatch(/not readable JSON/);
    expect(page.problems.map((p) => p.title)).toContain(
      'The scenario you were editing last time could not be restored, so a preset is shown.',
    );
  });

  it('shows, but does not run, a restored scenario whose last run never ended', async () => {
    const { page, runs } = setUp({
      saved: { scenario: edited(77), origin: 'link' },
      runOpen: true,
    });
    await page.start();
    expect(page.scenario.current.seed).toBe(77);
    expect(runs()).toEqual([]);
    expect(page.problems.map((p) => p.title)).toContain(
      'The scenario you were editing is back, but not run.',
    );
  });

  it('never restores the autosave in an embed', async () => {
    const { page } = setUp({
      search: '?embed=timeline',
      saved: { scenario: edited(77), origin: 'link' },
    });
    await page.start();
    expect(page.scenario.current.seed).toBe(startupScenario().seed);
    expect(page.restoredAt).toBeNull();
  });

  it('lets a lesson link take the page instead of the autosave, and then asks no challenge', async () => {
    const lesson = part(true);
    const challenge = part(true);
    const { page } = setUp({
      search: '?lesson=3',
      saved: { scenario: edited(77), origin: 'link' },
    });
    await page.start({ lesson, challenge });
    expect(lesson.asked).toEqual(['?lesson=3']);
    expect(challenge.asked).toEqual([]);
    expect(page.restoredAt).toBeNull();
    expect(page.scenario.current.seed).toBe(startupScenario().seed);
  });

  it('opens a link in part: the rest on show, what was left out named, the autosave kept and the address kept to mend until the first change', async () => {
    const { page, storage, written } = setUp({
      opened: { ...linked(edited(31)), problems: ['nodes: "abc" is not valid'] },
      saved: { scenario: edited(77), origin: `preset:${STARTUP_PRESET_ID}` },
    });
    await page.start();
    expect(page.scenario.current.seed).toBe(31);
    expect(page.scenario.failure).toBeNull();
    expect(page.problems).toContainEqual({
      key: 'link',
      title: 'Part of this link was not understood; the rest of it opened.',
      lines: ['nodes: "abc" is not valid'],
    });
    page.persist();
    expect(written.at(-1)?.keepAddress).toBe(true);
    expect(readAutosave(storage)?.scenario.seed).toBe(77);
    page.setSeed(32);
    page.persist();
    expect(written.at(-1)?.keepAddress).toBe(false);
    expect(readAutosave(storage)?.scenario.seed).toBe(32);
    expect(page.problems.map((p) => p.key)).not.toContain('link');
  });

  it("lists what a link's lesson and challenge parts named that does not exist", async () => {
    const { page } = setUp();
    await page.start({ lesson: part(false, ['lesson=99: no step']), challenge: part(false) });
    expect(page.problems).toContainEqual({
      key: 'link',
      title: 'Part of this link was not understood; the rest of it opened.',
      lines: ['lesson=99: no step'],
    });
  });
});

describe('after a change', () => {
  it('writes nothing before start-up has read the address', () => {
    const { page, written, storage } = setUp();
    page.setSeed(4);
    page.persist();
    expect(written).toEqual([]);
    expect(storage.items.has(AUTOSAVE_KEY)).toBe(false);
  });

  it('saves an edit with its preset as origin, and clears the save once back at the preset', async () => {
    const { page, storage, written } = setUp();
    await page.start();
    page.setSeed(4);
    page.persist();
    const saved = readAutosave(storage);
    expect(saved?.scenario.seed).toBe(4);
    expect(saved?.savedAt).toBe(NOW);
    expect(saved?.origin).toMatch(new RegExp(`^preset:${STARTUP_PRESET_ID}@[0-9a-f]{8}$`));
    expect(written.at(-1)?.state.preset?.id).toBe(STARTUP_PRESET_ID);
    page.undo();
    page.persist();
    expect(storage.items.has(AUTOSAVE_KEY)).toBe(false);
  });

  it('writes the lesson part into the address', async () => {
    const { page, written } = setUp();
    await page.start({ lesson: part(true), challenge: part(false) });
    page.persist();
    expect(written.at(-1)).toMatchObject({ lesson: 'lesson=3', challenge: '' });
  });

  it('marks a run under way, and clears the mark when it stops', async () => {
    const { page, storage } = setUp();
    await page.start();
    page.markRun();
    expect(storage.items.get(RUN_OPEN_KEY)).toBe('1');
    page.cancel();
    page.markRun();
    expect(storage.items.has(RUN_OPEN_KEY)).toBe(false);
  });

  it('opens a pinned link again on the current version, from the address without its version', async () => {
    const pin = {
      presetId: STARTUP_PRESET_ID,
      version: { version: '00000000', released: '2025-01-01' },
      current: { version: '11111111', released: '2026-01-01' },
    };
    const old = edited(8);
    const { page, address } = setUp({
      opened: { ...linked(old), presetId: STARTUP_PRESET_ID, pinned: pin },
    });
    await page.start();
    expect(page.pinnedNotice?.pinned).toEqual(pin);
    address.opens = { ...linked(edited(9)), presetId: STARTUP_PRESET_ID };
    await page.openCurrent();
    expect(address.dropped).toBe(1);
    expect(page.pinnedNotice).toBeNull();
    expect(page.scenario.current.seed).toBe(9);
  });

  it('opens a link pasted into the address bar, and keeps the scenario when it is broken', async () => {
    const { page, address, runs } = setUp();
    await page.start();
    address.opens = linked(edited(12));
    await page.linkChanged();
    expect(page.scenario.current.seed).toBe(12);
    address.opens = broken;
    await page.linkChanged();
    expect(page.scenario.current.seed).toBe(12);
    expect(page.scenario.failure?.title).toBe(
      'This link could not be opened, so the scenario shown is unchanged.',
    );
    expect(
      runs()
        .map((s) => s.seed)
        .at(-1),
    ).toBe(12);
  });

  it('discards the restored scenario for the default preset, and forgets the save', async () => {
    const { page, storage } = setUp({ saved: { scenario: edited(77), origin: 'link' } });
    await page.start();
    await page.discard();
    expect(page.scenario.presetId).toBe(STARTUP_PRESET_ID);
    expect(page.scenario.current.seed).toBe(startupScenario().seed);
    expect(page.restoredAt).toBeNull();
    expect(storage.items.has(AUTOSAVE_KEY)).toBe(false);
  });
});

describe('shortcuts', () => {
  it('undoes and redoes an edit with the edit keys, running each scenario', async () => {
    const { page, runs } = setUp();
    await page.start();
    const first = page.scenario.current.seed;
    page.setSeed(4);
    page.editKey('undo');
    expect(page.scenario.current.seed).toBe(first);
    page.editKey('redo');
    expect(page.scenario.current.seed).toBe(4);
    expect(runs().map((s) => s.seed)).toEqual([first, 4, first, 4]);
  });

  it('brings back the set-up it had when a lesson was chosen, once the lesson is left', async () => {
    const { page, runs } = setUp();
    await page.start();
    page.setSeed(4); // the student's own set-up
    page.views.variabilityRuns = 20;
    const mine = page.scenario.current;
    page.keepSetup();
    const step = edited(77);
    page.showStep(step, 'asci-q-2002', startupScenario());
    page.views.variabilityRuns = 50; // a step's own run count
    page.keepSetup(); // another lesson chosen: the first set-up is the one kept
    expect(page.scenario.current.seed).toBe(77);
    page.restoreSetup();
    expect(page.scenario.current).toBe(mine);
    expect(page.views.variabilityRuns).toBe(20);
    expect(page.scenario.presetId).toBe('asci-q-2002');
    expect(runs().at(-1)?.seed).toBe(4);
    // left again (a lesson opened by a link kept nothing): the state on show stays
    page.showStep(step, 'asci-q-2002', startupScenario());
    page.restoreSetup();
    expect(page.scenario.current.seed).toBe(77);
  });

  it('runs, then cancels the run under way, with the run shortcut', async () => {
    const { page, runs } = setUp();
    await page.start();
    page.cancel();
    expect(await page.act('run')).toBe('Running');
    expect(page.simulation.status).toBe('running');
    expect(runs()).toHaveLength(2);
    expect(await page.act('run')).toBe('Run cancelled');
    expect(page.simulation.status).toBe('cancelled');
  });

  it('turns projector mode on and off', async () => {
    const { page } = setUp();
    expect(await page.act('projector')).toBe('Projector mode on');
    expect(page.classroom.projector).toBe(true);
    expect(await page.act('projector')).toBe('Projector mode off');
  });

  it('steps through the views, wrapping, and names the one on show', async () => {
    const { page } = setUp();
    const start = page.classroom.view;
    const said = await page.act('next-view');
    expect(page.classroom.view).not.toBe(start);
    expect(said).toMatch(/^Showing \S/);
    await page.act('previous-view');
    expect(page.classroom.view).toBe(start);
    await page.act('previous-view');
    expect(page.classroom.view).not.toBe(start);
  });

  it('copies the link, or does nothing when links are off or none is written yet', async () => {
    const on = setUp();
    expect(await on.page.act('copy-link')).toBe('Link copied');
    expect(on.copied).toEqual([on.address.link]);
    const off = setUp({ search: '?embed=timeline&links=0' });
    expect(await off.page.act('copy-link')).toBeNull();
    const unwritten = setUp({ link: '' });
    expect(await unwritten.page.act('copy-link')).toBeNull();
    expect(unwritten.copied).toEqual([]);
  });

  it('says so when the clipboard refuses the link', async () => {
    const { page } = setUp({ copy: () => Promise.reject(new Error('denied')) });
    expect(await page.act('copy-link')).toBe(
      'The clipboard refused the link; use the Copy link button.',
    );
  });
});
