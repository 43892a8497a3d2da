// The page's controller: what the page shows and the order it comes in, with no DOM of its own.
// It owns the scenario on show and its run, the views' sweeps (sweeps.svelte.ts), start-up (a
// link, else this browser's autosave, else the default preset), the autosave and the address
// after every change, and what the keyboard shortcuts do. Components show its state and call its methods; App.svelte composes
// them around it. The address, the storage, the clock and the clipboard come from a host, so
// tests run it in Node with fakes of each.
//
// Its reactions (the address and the autosave after a change) are methods, not effects:
// connect() wires them to the page's effects, and a test calls them itself.

import type { RunResult } from '../engine/result.ts';
import type { Scenario } from '../scenario/types.ts';
import {
  clearAutosave,
  markRunOpen,
  originOf,
  presetOrigin,
  readAutosave,
  readRunOpen,
  saveAutosave,
  type StorageLike,
} from './autosave.ts';
import { Classroom } from './classroom.svelte.ts';
import { unknownViewLine, VIEWS } from './classroom-params.ts';
import { DISMISSABLE, pageProblems, type PageProblem, type ProblemKey } from './page-problems.ts';
import { findPreset, loadRelease, presetOf, STARTUP_PRESET_ID, versionOf } from './presets.ts';
import { releasesOf } from './preset-releases.ts';
import { ScenarioState, type KeptScenario } from './scenario.svelte.ts';
import {
  LINK_NAME,
  pinnedOf,
  sameScenario,
  type Opened,
  type Pinned,
  type ShareState,
} from './share-url.ts';
import type { EditAction, ShortcutAction } from './shortcuts.ts';
import { Simulation } from './simulation.svelte.ts';
import { Sweeps } from './sweeps.svelte.ts';
import { shareState } from './url-sync.svelte.ts';
import { ViewSettings } from './view-settings.svelte.ts';

/** The page's address bar (UrlSync in the browser). */
export interface Address {
  /** the query as it is now ('' or `?…`): the lesson's, challenge's and classroom's parts */
  readonly search: string;
  /** the whole link to copy; '' before the first write or when the scenario does not fit */
  readonly link: string;
  /** why the address cannot hold the scenario; null when it does */
  readonly problem: string | null;
  /** what the address opens now; never throws */
  read(): Promise<Opened>;
  /**
   * replaces the address with the link of `state` and the lesson's and challenge's parts;
   * with `keepAddress`, only sets `link`
   */
  write(state: ShareState, lesson: string, challenge: string, keepAddress?: boolean): Promise<void>;
  /** drops the preset version the address pins (`v=`) */
  dropVersion(): void;
}

/** What the page stands on: the address, the browser's storage, a clock and the clipboard. */
export interface PageHost {
  address: Address;
  /** null where storage is missing or forbidden (private mode, a sandboxed frame) */
  storage: StorageLike | null;
  /** ms since the epoch, for the autosave's time */
  now: () => number;
  copy: (text: string) => Promise<void>;
  /** the page's run (a test gives one with a fake worker) */
  simulation?: Simulation;
}

/**
 * A part of the page a link can open beside the scenario (the lesson, a challenge), with its
 * own parameters in the address.
 */
export interface LinkPart {
  /** Opens what the query `search` names for this part; returns whether it took the page.
   * `scenarioInLink`: the link holds a scenario of its own, to be kept; `viewInLink`: the link
   * names the view on the stage, to be kept. */
  openLink(search: string, scenarioInLink: boolean, viewInLink: boolean): boolean;
  /** Settles once what openLink opened shows its scenario (a step's or a challenge's preset is
   * a file of its own, fetched first), or could not be set up. */
  opened?(): Promise<void>;
  /** what `search` names for this part that does not exist, one line each */
  linkProblems(search: string): string[];
  /** this part's parameters for the address ('' when it is closed) */
  readonly urlParams: string;
  /** The browser's Back or Forward to an entry of this part (a lesson's step): follows it and
   * returns true, or false when the entry is not one of its own. */
  followHistory?(search: string): boolean;
}

/** The lesson's and the challenge's parts of the address, in the order a link opens them. */
export interface LinkParts {
  lesson: LinkPart;
  challenge: LinkPart;
}

/** What the views draw: a scenario, its run's result so far, and whether the run goes on. */
export interface Shown {
  scenario: Scenario;
  result: RunResult | null;
  running: boolean;
}

const closed: LinkPart = { openLink: () => false, linkProblems: () => [], urlParams: '' };

export class PageController {
  readonly scenario = new ScenarioState();
  readonly simulation: Simulation;
  /** the views' and the lesson's sweeps, one at a time beside the page's run */
  readonly sweeps = new Sweeps();
  /** the views' settings; a link's `view` map sets them, and every link written holds them */
  readonly views = new ViewSettings();
  /** projector and embed modes (`?projector=1`, `?embed=<view>`): they stay in the address */
  readonly classroom: Classroom;
  readonly #host: PageHost;
  #parts: LinkParts = { lesson: closed, challenge: closed };

  /** the address and the autosave follow the scenario once start-up has read them */
  #started = $state(false);
  /** when the restored autosave was saved (ms since the epoch); null when none was restored
   * (or its notice was dismissed) */
  #restoredAt = $state<number | null>(null);
  /** why this browser's autosave could not be restored; null when it was, or there was none */
  #autosaveProblem = $state<string | null>(null);
  /** the restored scenario's run did not end on the last visit: it waits for Run */
  #unfinishedRun = $state(false);
  /** the revision on show when a broken link was opened: the address keeps it until a change */
  #keptAddress = $state<number | null>(null);
  /** a link that opened an older version of its preset (it keeps its numbers); null if none */
  #pinned = $state.raw<Pinned | null>(null);
  /** what a link's view settings held that this version could not use */
  #viewProblems = $state.raw<string[]>([]);
  /** the address's `show=` named no view: what the page says of it (closed with the link's) */
  #showProblem = $state<string | null>(null);
  /** what a link's lesson or challenge part named that does not exist */
  #linkProblems = $state.raw<string[]>([]);
  /** the parts of the opened link left out (a bad knob value, an unknown source) */
  #openProblems = $state.raw<string[]>([]);
  /** read as the page starts, before the run-open mark is cleared for this visit */
  readonly #unfinishedAtStart: boolean;
  /** what the views draw: the scenario and its run one task behind the controls (connect) */
  #shown = $state.raw<Shown | null>(null);
  /** whether what the views draw is the page as started (its link opened): connect */
  #viewsOpened = $state(false);

  constructor(host: PageHost) {
    this.#host = host;
    this.simulation = host.simulation ?? new Simulation();
    this.classroom = new Classroom(host.address.search);
    const badShow = this.classroom.badShow;
    this.#showProblem = badShow === null ? null : unknownViewLine(badShow);
    this.#unfinishedAtStart = !this.classroom.embedded && readRunOpen(host.storage);
  }

  /**
   * Wires the reactions to the page's effects; called while the page's component starts (the
   * effects are its own and end with it).
   */
  connect(): void {
    // The views follow the page one task later: a change first re-renders the controls and
    // posts the run, a worker message first updates the run's numbers, then the charts redraw,
    // so that neither half holds the main thread as long as both would.
    $effect(() => {
      const next = this.#now();
      const opened = this.#started;
      const timer = setTimeout(() => {
        this.#shown = next;
        this.#viewsOpened = opened;
      }, 0);
      return () => clearTimeout(timer);
    });
    // Nothing runs for the views until they show the page as its link opened it (start): until
    // then they show the default scenario, which a link to another is about to replace.
    $effect(() => this.sweeps.close(!this.#viewsOpened));
    // The sweeps go beside the page's own run, but stand aside until the run's first numbers
    // are out (on two cores they slowed them from about 100 ms to 170: docs/benchmarks.md).
    $effect(() =>
      this.sweeps.hold(this.simulation.status === 'running' && this.simulation.iteration === 0),
    );
    // Once the page's run is over, its core goes to the sweep under way.
    $effect(() => this.sweeps.pageRunning(this.simulation.status === 'running'));
    $effect(() => this.markRun());
    $effect(() => this.persist());
  }

  /** what the views draw (one task behind the controls: connect) */
  get shown(): Shown {
    return this.#shown ?? this.#now();
  }

  #now(): Shown {
    return {
      scenario: this.scenario.current,
      result: this.simulation.result,
      running: this.simulation.status === 'running',
    };
  }

  get address(): Address {
    return this.#host.address;
  }
  get started(): boolean {
    return this.#started;
  }
  get restoredAt(): number | null {
    return this.#restoredAt;
  }
  get autosaveProblem(): string | null {
    return this.#autosaveProblem;
  }
  get pinned(): Pinned | null {
    return this.#pinned;
  }

  /** the pinned notice while the pinned preset is on show: the pin and the preset's label */
  get pinnedNotice(): { pinned: Pinned; label: string } | null {
    const pinned = this.#pinned;
    if (!pinned || this.scenario.presetId !== pinned.presetId) return null;
    return { pinned, label: findPreset(pinned.presetId)?.label ?? pinned.presetId };
  }

  /** what the full page says went wrong, most useful first */
  get problems(): PageProblem[] {
    return pageProblems({
      failure: this.scenario.failure,
      runError: this.simulation.error,
      urlProblem: this.#host.address.problem,
      viewProblems: this.#viewProblems,
      linkProblems: [
        ...this.#openProblems,
        ...this.#linkProblems,
        ...(this.#showProblem ? [this.#showProblem] : []),
      ],
      autosaveProblem: this.#autosaveProblem,
      unfinishedRun: this.#unfinishedRun && this.simulation.status === 'idle',
    });
  }

  /** what an embed says went wrong: its link and its run (never the full page's autosave) */
  get embedProblems(): PageProblem[] {
    return pageProblems({ failure: this.scenario.failure, runError: this.simulation.error });
  }

  /** iterations of the run on show, or the scenario's while none has been asked for */
  get total(): number {
    return this.simulation.status === 'idle'
      ? this.scenario.current.workload.iterations
      : this.simulation.total;
  }

  /**
   * Start-up: a link's hash wins, else its query, else the autosave, else the default preset
   * (already on show). `parts`: the lesson and the challenge, which a link may open instead.
   * A broken link is explained, and the scenario of the last visit comes back as without it.
   * Whatever happens, the page counts as started at the end: the views wait for it.
   */
  async start(parts: LinkParts = { lesson: closed, challenge: closed }): Promise<void> {
    try {
      await this.#open(parts);
    } finally {
      this.#started = true;
    }
  }

  async #open(parts: LinkParts): Promise<void> {
    this.#parts = parts;
    const opened = await this.#host.address.read();
    const embedded = this.classroom.embedded;
    const search = this.#host.address.search;
    // An embed shows what its link says, never this browser's autosave of the full page.
    const linked = this.#show(opened, 'so the default scenario is shown');
    const scenarioInLink = opened.kind === 'scenario';
    const viewInLink = this.classroom.show !== null;
    // `?lesson=<step>` first (with the link's own scenario if it has one, else the step's),
    // then `?challenge=<id>` (its starting state, or the link's scenario: a student's solution).
    const took = embedded
      ? null
      : parts.lesson.openLink(search, scenarioInLink, viewInLink)
        ? parts.lesson
        : parts.challenge.openLink(search, scenarioInLink, viewInLink)
          ? parts.challenge
          : null;
    const partLinked = took !== null;
    if (!embedded) {
      this.#linkProblems = [
        ...parts.lesson.linkProblems(search),
        ...parts.challenge.linkProblems(search),
      ];
    }
    const failed = opened.kind === 'error';
    if ((!linked || failed) && !partLinked && !embedded) await this.#restore();
    if (opened.kind === 'error') {
      const shown =
        this.#restoredAt !== null ? 'the scenario you were editing' : 'the default scenario';
      this.scenario.fail({
        fileName: 'the link',
        title: `This link could not be opened, so ${shown} is shown.`,
        lines: opened.lines,
        ...(opened.fix ? { fix: opened.fix } : {}),
      });
      this.#keptAddress = this.scenario.revision;
    }
    // The part's own scenario first: until it is on show the views (and the run) would work on
    // the default one, which it is about to replace.
    await took?.opened?.().catch(() => {});
    this.#started = true;
    // A restored scenario whose run never ended last time (the tab closed, or hung on it):
    // shown, not run, until the user asks.
    if (this.#unfinishedAtStart && this.#restoredAt !== null) this.#unfinishedRun = true;
    else this.rerun();
  }

  /**
   * The browser's Back or Forward (popstate): an entry of the lesson on show goes to its step
   * (each step is an entry: url-sync.svelte.ts). Nothing else: the page pushes no other entry,
   * and a navigation within the page to its own address (which fires popstate too) must not
   * reopen it (a view's settings were lost that way).
   */
  historyMoved(): void {
    this.#parts.lesson.followHistory?.(this.#host.address.search);
  }

  /** A link pasted into the address bar of the open page (replaceState fires no hashchange). */
  async linkChanged(): Promise<void> {
    if (this.#show(await this.#host.address.read(), 'so the scenario shown is unchanged')) {
      this.rerun();
    }
  }

  /**
   * After every change, once started: the address holds the link, the autosave the scenario
   * (cleared while it is a preset as shipped). A broken link stays in the address, to be mended,
   * until the scenario changes. What it reads is what the page's effect re-runs it on.
   */
  persist(): void {
    if (!this.#started) return;
    const kept = this.#keptAddress === this.scenario.revision;
    if (!kept && this.#keptAddress !== null) {
      // Changed since a broken link was opened: the address now holds the scenario, and the
      // link's notice has said what it had to.
      this.#keptAddress = null;
      if (this.scenario.failure?.fileName === 'the link') this.scenario.dismissFailure();
      this.#openProblems = [];
    }
    void this.scenario.revision;
    // the link carries the view on the stage: rewritten when the tab changes
    void this.classroom.view;
    const { current, presetId, fileName, loaded } = this.scenario;
    const share = shareState(current, presetId, loaded, this.views.toView());
    // While the address keeps a broken link, Copy link still copies the scenario on show.
    void this.#host.address.write(
      share,
      this.#parts.lesson.urlParams,
      this.#parts.challenge.urlParams,
      kept,
    );
    if (kept) return;
    // an embed's edits are the course page's, not this browser's autosave
    if (this.classroom.embedded) return;
    const storage = this.#host.storage;
    if (presetId !== null && sameScenario(current, loaded)) clearAutosave(storage);
    else {
      saveAutosave(storage, {
        scenario: current,
        savedAt: this.#host.now(),
        // the release it edits, so a restore edits the same one
        origin: originOf(presetId, fileName, share.preset?.version),
      });
    }
  }

  /** While a run is under way the browser remembers it (autosave.ts, RUN_OPEN_KEY). */
  markRun(): void {
    if (!this.classroom.embedded) {
      markRunOpen(this.#host.storage, this.simulation.status === 'running');
    }
  }

  /** Runs the scenario on show: results always belong to it (the worker drops older runs). */
  rerun(): void {
    this.simulation.run(this.scenario.current);
  }

  /** The Run button: a long run starts only from here. */
  runAsked(): void {
    this.simulation.run(this.scenario.current, true);
  }

  cancel(): void {
    this.simulation.cancel();
  }

  /** An edit from the controls; the validator's lines when refused, else null (and a run). */
  edit(next: Scenario): string[] | null {
    const refused = this.scenario.edit(next);
    if (refused === null) this.rerun();
    return refused;
  }

  setSeed(seed: number): void {
    this.scenario.setSeed(seed);
    this.rerun();
  }

  async choosePreset(id: string): Promise<void> {
    if (await this.scenario.choosePreset(id)) this.rerun();
  }

  /** A file's text: shown and run when valid; a copy of a preset's file is that preset. */
  async load(text: string, fileName: string): Promise<void> {
    if (!this.scenario.load(text, fileName)) return;
    this.rerun();
    // shown as its preset, with the preset's short link
    const imported = this.scenario.current;
    const id = await presetOf(imported);
    if (id !== undefined && this.scenario.current === imported) {
      this.scenario.open(imported, { presetId: id, fileName: null });
    }
  }

  reset(): void {
    this.scenario.reset();
    this.rerun();
  }

  undo(): void {
    if (this.scenario.undo()) this.rerun();
  }

  redo(): void {
    if (this.scenario.redo()) this.rerun();
  }

  /** the set-up on show when a lesson or the challenges were chosen, to come back to after */
  #beforeLesson: {
    /** the scenario, what Reset goes back to, and the undo history */
    scenario: KeptScenario;
    /** the run-to-run view's run count, which a step sets to its own */
    runs: number;
  } | null = null;

  /**
   * A lesson or the challenges are chosen from the page: keep the set-up on show (their steps and
   * starts replace it) to bring it back when they are left. Kept once: choosing another lesson,
   * or the challenges from a lesson, keeps the first set-up.
   */
  keepSetup(): void {
    this.#beforeLesson ??= { scenario: this.scenario.keep(), runs: this.views.variabilityRuns };
  }

  /**
   * The lesson or the challenges are left: the set-up kept when they were chosen comes back (the
   * scenario with its undo history, and the run-to-run view's run count), and runs. Opened by a
   * link, they kept none: the step's or the challenge's state stays.
   */
  restoreSetup(): void {
    const kept = this.#beforeLesson;
    this.#beforeLesson = null;
    if (!kept) return;
    this.views.variabilityRuns = kept.runs;
    // before the scenario changes its default view: a step's view that is the step scenario's
    // default goes with the lesson (App unpins too, for the ways out that keep the scenario)
    this.classroom.unpin();
    this.scenario.restore(kept.scenario);
    this.rerun();
  }

  /** What a lesson step or a challenge shows: `next`, the preset `presetId` edited, run. */
  showStep(next: Scenario, presetId: string, base: Scenario): void {
    this.scenario.open(next, { presetId, fileName: null, base });
    this.#restoredAt = null;
    this.#autosaveProblem = null;
    // a step or challenge a link opens is shown before the page has started: start runs it
    if (this.#started) this.rerun();
  }

  /** The restored notice's Discard: the autosave goes and the default preset comes back. */
  async discard(): Promise<void> {
    clearAutosave(this.#host.storage);
    this.#restoredAt = null;
    this.#autosaveProblem = null;
    await this.choosePreset(STARTUP_PRESET_ID);
  }

  /** The restored notice's close button: the scenario stays, the notice goes. */
  dismissRestored(): void {
    this.#restoredAt = null;
  }

  /**
   * A problem notice's close button (DISMISSABLE kinds): what it reported stays as it is (the
   * scenario on show, the views at their defaults), the notice goes. A broken link's notice also
   * goes by itself at the first change of the scenario (persist).
   */
  dismissProblem(key: ProblemKey): void {
    if (!DISMISSABLE.has(key)) return;
    if (key === 'failure') this.scenario.dismissFailure();
    else if (key === 'view') this.#viewProblems = [];
    else if (key === 'link') {
      this.#linkProblems = [];
      this.#openProblems = [];
      this.#showProblem = null;
    } else if (key === 'autosave') this.#autosaveProblem = null;
  }

  /** The pinned notice's Keep: the older version stays, the notice goes. */
  keepPinned(): void {
    this.#pinned = null;
  }

  /** The link on show again, on its preset's current version (the same edits). */
  async openCurrent(): Promise<void> {
    this.#host.address.dropVersion();
    this.#pinned = null;
    await this.linkChanged();
  }

  /** What an undo or redo key (edit-keys in shortcuts.ts) does. */
  editKey(action: EditAction): void {
    if (action === 'undo') this.undo();
    else this.redo();
  }

  /**
   * What a shortcut does, apart from the help (the page's own dialog); resolves to what to say
   * of it to a screen reader, or null when it did nothing.
   */
  async act(action: Exclude<ShortcutAction, 'help'>): Promise<string | null> {
    const classroom = this.classroom;
    switch (action) {
      case 'run': {
        const cancel = this.simulation.status === 'running';
        if (cancel) this.cancel();
        else this.runAsked();
        return cancel ? 'Run cancelled' : 'Running';
      }
      case 'projector':
        classroom.projector = !classroom.projector;
        return `Projector mode ${classroom.projector ? 'on' : 'off'}`;
      case 'next-view':
      case 'previous-view':
        classroom.step(action === 'next-view' ? 1 : -1);
        return `Showing ${VIEWS.find((v) => v.id === classroom.view)?.title}`;
      case 'copy-link': {
        const link = this.#host.address.link;
        if (!classroom.links || link === '') return null;
        try {
          await this.#host.copy(link);
          return 'Link copied';
        } catch {
          return 'The clipboard refused the link; use the Copy link button.';
        }
      }
    }
  }

  /** Stops the page's workers (the page is going). */
  dispose(): void {
    this.simulation.dispose();
    this.sweeps.dispose();
  }

  /** Shows what a link opened; returns whether the link held any state. */
  #show(opened: Opened, fallback: string): boolean {
    if (opened.kind === 'none') return false;
    if (opened.kind === 'error') {
      this.scenario.fail({
        fileName: 'the link',
        title: `This link could not be opened, ${fallback}.`,
        lines: opened.lines,
        ...(opened.fix ? { fix: opened.fix } : {}),
      });
    } else {
      const { presetId, fileName, base } = opened;
      this.scenario.open(opened.scenario, { presetId, fileName, base });
      this.#pinned = opened.pinned ?? null;
      this.#openProblems = opened.problems ?? [];
      // A link opened in part stays in the address, to be mended, until the scenario changes.
      this.#keptAddress = this.#openProblems.length > 0 ? this.scenario.revision : null;
      this.#viewProblems = this.views.apply(opened.view);
      this.#restoredAt = null;
      this.#autosaveProblem = null;
    }
    return true;
  }

  /** The autosave back on show, on the release it was edited from when that is still here. */
  async #restore(): Promise<void> {
    const saved = readAutosave(this.#host.storage, (why) => (this.#autosaveProblem = why));
    if (!saved) return;
    const { origin } = saved;
    const from = presetOrigin(origin);
    const preset = from ? findPreset(from.id) : undefined;
    if (from && preset) {
      // The release it was edited from; today's preset if that release is no longer here.
      const release = from.version ? loadRelease(preset.id, from.version) : preset.load();
      const base = await release.catch(() => preset.load()).catch(() => undefined);
      if (base) {
        this.scenario.open(saved.scenario, { presetId: preset.id, fileName: null, base });
        this.#pinned = pinnedOf(preset.id, versionOf(base)?.version, releasesOf(preset.id)) ?? null;
        this.#restoredAt = saved.savedAt;
        return;
      }
    }
    const fileName = origin.startsWith('file:') ? origin.slice('file:'.length) : LINK_NAME;
    this.scenario.open(saved.scenario, { presetId: null, fileName });
    this.#restoredAt = saved.savedAt;
  }
}
