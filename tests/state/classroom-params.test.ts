// The classroom's parameters of the address (src/state/classroom-params.ts, classroom.svelte.ts)
// and how they live beside the scenario's: `projector=1`, `show=`, `embed=`, `links=0` are read,
// kept through the page's own address rewrites (url-sync.svelte.ts), and never reach the
// scenario's query parser or the scenario's shared link.

import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateScenario, type Scenario } from '../../src/scenario/index.ts';
import {
  classroomPart,
  classroomSearch,
  parseClassroom,
  DEFAULT_VIEW,
  unknownViewLine,
  viewPart,
  VIEW_IDS,
  withClassroom,
  withoutClassroom,
} from '../../src/state/classroom-params.ts';
import { Classroom } from '../../src/state/classroom.svelte.ts';
import { openLink, type OpenDeps } from '../../src/state/share-url.ts';
import { UrlSync } from '../../src/state/url-sync.svelte.ts';

const preset = (id: string): Scenario =>
  validateScenario(
    JSON.parse(readFileSync(new URL(`../../scenarios/${id}.json`, import.meta.url), 'utf8')),
  );
const deps: OpenDeps = {
  presets: [{ id: 'asci-q-2002', load: async () => preset('asci-q-2002') }],
  defaultPresetId: 'asci-q-2002',
  fetchText: async (path) => {
    throw new Error(`${path} could not be fetched`);
  },
};

describe('parseClassroom', () => {
  it('reads nothing from an address without classroom parameters', () => {
    expect(parseClassroom('?preset=asci-q-2002&nodes=64')).toEqual({
      projector: false,
      show: null,
      badShow: null,
      embed: null,
      badEmbed: null,
      links: true,
    });
  });

  it('reads projector mode from projector=1, true, yes, on or a bare name, and nothing else', () => {
    for (const on of ['?projector=1', '?projector=true', '?projector', 'projector=on']) {
      expect(parseClassroom(on).projector).toBe(true);
    }
    for (const off of ['?projector=0', '?projector=no', '?projector=2', '']) {
      expect(parseClassroom(off).projector).toBe(false);
    }
  });

  it('reads each of the nine views as an embed, and keeps a bad name to explain it', () => {
    expect(VIEW_IDS).toEqual([
      'timeline',
      'latency',
      'resonance',
      'cycle-time',
      'loss',
      'iterations',
      'node-map',
      'ripple',
      'variability',
    ]);
    for (const id of VIEW_IDS) expect(parseClassroom(`?embed=${id}`).embed).toBe(id);
    const bad = parseClassroom('?embed=latncy');
    expect(bad.embed).toBeNull();
    expect(bad.badEmbed).toBe('latncy');
  });

  it('turns links off only with links=0, false, no or off', () => {
    expect(parseClassroom('?embed=loss&links=0').links).toBe(false);
    expect(parseClassroom('?embed=loss&links=off').links).toBe(false);
    expect(parseClassroom('?embed=loss&links=1').links).toBe(true);
    expect(parseClassroom('?embed=loss').links).toBe(true);
  });

  it('reads show= only for a view name: its id or a label the page shows for it', () => {
    expect(parseClassroom('?projector=1&show=timeline').show).toBe('timeline');
    expect(parseClassroom('?projector=1&show=everything').show).toBeNull();
    expect(parseClassroom('?projector=1&show=everything').badShow).toBe('everything');
    // the tab's label and its short name, in any case, with spaces or dashes
    expect(parseClassroom('?show=Run%20to%20run').show).toBe('variability');
    expect(parseClassroom('?show=runs').show).toBe('variability');
    expect(parseClassroom('?show=Per-node').show).toBe('node-map');
    expect(parseClassroom('?show=Cycle').show).toBe('cycle-time');
    expect(parseClassroom('?show=Runs').badShow).toBeNull();
    expect(unknownViewLine('everything')).toMatch(
      /^show=everything: no view has that name; the views are timeline \(“Timeline”\), /,
    );
    expect(viewPart('?show=Run%20to%20run')).toBe('show=variability');
  });
});

describe('the classroom part of an address', () => {
  it('is taken out before the scenario query is parsed, the rest kept as written', () => {
    expect(withoutClassroom('?projector=1&preset=asci-q-2002&reserve=0,1&embed=loss')).toBe(
      '?preset=asci-q-2002&reserve=0,1',
    );
    expect(withoutClassroom('?projector=1&links=0')).toBe('');
    expect(withoutClassroom('')).toBe('');
  });

  it('lets a link with classroom parameters open the scenario the same link opens without', async () => {
    const plain = await openLink('?preset=asci-q-2002&nodes=64', '', deps);
    const withMode = await openLink(
      withoutClassroom('?preset=asci-q-2002&nodes=64&projector=1&embed=latency&links=0'),
      '',
      deps,
    );
    expect(withMode).toEqual(plain);
    expect(withMode.kind).toBe('scenario');
  });

  it('is added to a query link and to a hash link, the hash last', () => {
    expect(withClassroom('?preset=x&nodes=4', 'projector=1')).toBe('?preset=x&nodes=4&projector=1');
    expect(withClassroom('#s=1.abc', 'embed=loss&links=0')).toBe('?embed=loss&links=0#s=1.abc');
    expect(withClassroom('?preset=x', '')).toBe('?preset=x');
  });

  it('keeps only the classroom parameters, in a fixed order', () => {
    expect(classroomPart('?links=0&preset=x&embed=loss&projector=1')).toBe(
      'projector=1&embed=loss&links=0',
    );
  });

  it('is rewritten from a state, leaving the scenario parameters alone', () => {
    const state = { ...parseClassroom(''), projector: true, show: 'loss' as const };
    expect(classroomSearch('?preset=x&nodes=4', state)).toBe(
      '?preset=x&nodes=4&projector=1&show=loss',
    );
    expect(classroomSearch('?preset=x&projector=1', parseClassroom(''))).toBe('?preset=x');
  });
});

describe('viewPart', () => {
  it('keeps only the view on the stage for a shared link, whichever view the address names', () => {
    expect(viewPart('?preset=x&projector=1&show=resonance&embed=loss')).toBe('show=resonance');
    // the address names the timeline only for a scenario that opens on another view: kept
    expect(viewPart('?preset=halo-jaguar-xt5-stock&show=timeline')).toBe('show=timeline');
    expect(viewPart('?show=nonsense')).toBe('');
    expect(viewPart('')).toBe('');
  });
});

describe('Classroom', () => {
  it('opens on the timeline, and steps through the nine views, wrapping at both ends', () => {
    const c = new Classroom('');
    expect(c.view).toBe(DEFAULT_VIEW);
    expect(c.view).toBe('timeline');
    expect(c.show).toBeNull();
    c.step(1);
    expect(c.view).toBe('latency');
    c.step(-1);
    expect(c.view).toBe('timeline');
    c.step(-1);
    expect(c.view).toBe('variability');
    c.step(1);
    expect(c.view).toBe('timeline');
  });

  it('keeps the view in the address as show=, in projector mode or not, and never the default', () => {
    const c = new Classroom('?projector=1&show=loss');
    expect(c.view).toBe('loss');
    c.projector = false;
    expect(c.view).toBe('loss');
    expect(c.search('?preset=x&projector=1&show=loss')).toBe('?preset=x&show=loss');
    c.view = 'timeline';
    expect(c.show).toBeNull();
    expect(c.search('?preset=x&show=loss')).toBe('?preset=x');
    c.view = 'resonance';
    expect(c.search('?preset=x')).toBe('?preset=x&show=resonance');
  });

  it('follows the scenario’s default view, unless a view was pinned (a lesson step’s)', () => {
    const c = new Classroom('');
    // a phase workload opens on its iteration times; a tab chosen that is its default is none
    c.fallback = 'iterations';
    c.view = 'iterations';
    c.fallback = 'timeline';
    expect(c.view).toBe('timeline');
    // a step that shows the iteration times, opened while the scenario before was a phase
    // workload: the barrier scenario it loads keeps them on the stage
    c.fallback = 'iterations';
    c.pin('iterations');
    c.fallback = 'timeline';
    expect(c.view).toBe('iterations');
    expect(c.show).toBe('iterations');
    expect(c.search('?preset=x')).toBe('?preset=x&show=iterations');
    // a tab chosen after it follows the rule of choices again
    c.view = 'timeline';
    expect(c.show).toBeNull();
    c.fallback = 'iterations';
    expect(c.view).toBe('iterations');
    // the lesson left on a step whose view is its scenario's default: the pin goes, and the
    // scenario brought back (a phase workload) opens on its own default
    c.fallback = 'timeline';
    c.pin('timeline');
    c.unpin();
    c.fallback = 'iterations';
    expect(c.view).toBe('iterations');
    expect(c.show).toBeNull();
    // a pinned view that is not the default stays a choice
    c.pin('latency');
    c.unpin();
    expect(c.view).toBe('latency');
  });

  it('is embedded for any embed= value, good or bad', () => {
    expect(new Classroom('?embed=loss').embedded).toBe(true);
    expect(new Classroom('?embed=nope').embedded).toBe(true);
    expect(new Classroom('?preset=x').embedded).toBe(false);
  });
});

describe('UrlSync with classroom parameters', () => {
  afterEach(() => vi.unstubAllGlobals());

  function fakeAddress(href: string) {
    const at = new URL(href);
    const location = {
      get origin() {
        return at.origin;
      },
      get pathname() {
        return at.pathname;
      },
      get search() {
        return at.search;
      },
      get hash() {
        return at.hash;
      },
      get href() {
        return at.href;
      },
    };
    const history = {
      state: null,
      replaceState: (_s: unknown, _t: string, next: string) => {
        const url = new URL(next, at);
        at.search = url.search;
        at.hash = url.hash;
      },
    };
    vi.stubGlobal('location', location);
    vi.stubGlobal('history', history);
    return location;
  }

  it('keeps projector=1 and embed= in the address through a rewrite, but not in the link', async () => {
    const at = fakeAddress('https://school.example/noiselab/?projector=1&embed=loss&nodes=8');
    const scenario = preset('asci-q-2002');
    const edited = { ...scenario, job: { ...scenario.job, nodes: 64 } };
    const sync = new UrlSync();
    await sync.write({ scenario: edited, preset: { id: 'asci-q-2002', scenario } });
    expect(at.search).toBe('?preset=asci-q-2002&nodes=64&projector=1&embed=loss');
    expect(sync.link).toBe('https://school.example/noiselab/?preset=asci-q-2002&nodes=64');
  });

  it('keeps them before a hash link too', async () => {
    const at = fakeAddress('https://school.example/?projector=1');
    const scenario = preset('asci-q-2002');
    const edited = { ...scenario, title: 'Mine' };
    const sync = new UrlSync();
    await sync.write({ scenario: edited, preset: null });
    expect(at.search).toBe('?projector=1');
    expect(at.hash).toMatch(/^#s=1\./);
    expect(sync.link).toMatch(/^https:\/\/school\.example\/#s=1\./);
  });
});
