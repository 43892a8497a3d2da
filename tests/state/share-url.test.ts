// Which link describes a scenario (src/state/share-url.ts), what a link opens, and fetching a
// scenario file from the site: a preset, edited or not, is a query naming it and what differs
// (readable knobs and source edits, the rest in p=), a scenario without a preset a hash, and
// every link opens back to the same scenario.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_TEXT_LENGTH, validateScenario, type Scenario } from '../../src/scenario/index.ts';
import {
  canonicalJson,
  fetchSiteText,
  linkFor,
  openLink,
  sameScenario,
  type OpenDeps,
} from '../../src/state/share-url.ts';

const file = (id: string) =>
  readFileSync(new URL(`../../scenarios/${id}.json`, import.meta.url), 'utf8');
const preset = (id: string): Scenario => validateScenario(JSON.parse(file(id)));

const IDS = ['asci-q-2002', 'jaguar-xt5-rn', 'bgp-intrepid'];
const deps = (files: Record<string, string> = {}): OpenDeps => ({
  presets: IDS.map((id) => ({ id, load: async () => preset(id) })),
  defaultPresetId: 'asci-q-2002',
  fetchText: async (path) => {
    if (!(path in files)) throw new Error(`${path} could not be fetched: the site answered 404`);
    return files[path];
  },
});

/** Opens a link written by linkFor: a query or a hash. */
const reopen = (link: string, d = deps()) =>
  link.startsWith('#') ? openLink('', link, d) : openLink(link, '', d);

const linkOf = (scenario: Scenario, id: string, base = preset(id), view = {}) =>
  linkFor({ scenario, preset: { id, scenario: base }, view });

describe('a preset as a link', () => {
  it('an unchanged preset is just its id (and its version, when known)', async () => {
    const base = preset('jaguar-xt5-rn');
    expect(await linkOf(base, 'jaguar-xt5-rn')).toBe('?preset=jaguar-xt5-rn');
    const pinned = await linkFor({
      scenario: base,
      preset: { id: 'jaguar-xt5-rn', scenario: base, version: '07d1b035' },
    });
    expect(pinned).toBe('?preset=jaguar-xt5-rn&v=07d1b035');
  });

  it('lists only the knobs that differ from the preset, in formatQuery order', async () => {
    const base = preset('asci-q-2002');
    const edited = validateScenario({
      ...base,
      seed: 7,
      job: { ...base.job, nodes: 64 },
      workload: { ...base.workload, granularityUs: 5000 },
    });
    expect(await linkOf(edited, 'asci-q-2002')).toBe('?preset=asci-q-2002&nodes=64&g=5ms&seed=7');
  });

  it('writes sources switched off and on, and a source’s period, duration and core, readably', async () => {
    const base = preset('asci-q-2002');
    const noise = base.noise.map((n) => {
      if (n.id === 'kernel-heartbeat-125ms') return { ...n, enabled: false };
      // (not an RMS part: the parts of its group share one period)
      if (n.id === 'rms-cluster-monitor') return { ...n, periodUs: 2_000_000 };
      if (n.id === 'daemon-envmod') return { ...n, cpu: 0 };
      if (n.id === 'kernel-heartbeat-600ms')
        return { ...n, duration: { dist: 'fixed', valueUs: 100 } };
      return n;
    }) as Scenario['noise'];
    const edited = validateScenario({ ...base, noise });
    const link = await linkOf(edited, 'asci-q-2002');
    expect(link).toBe(
      '?preset=asci-q-2002&off=kernel-heartbeat-125ms&src.kernel-heartbeat-600ms.duration=100us' +
        '&src.rms-cluster-monitor.period=2s&src.daemon-envmod.cpu=0',
    );
    const opened = await reopen(link);
    expect(opened.kind === 'scenario' && sameScenario(opened.scenario, edited)).toBe(true);
  });

  it('puts any other edit in a compact patch, which opens to the same scenario', async () => {
    const base = preset('asci-q-2002');
    const edited = { ...base, title: 'Class 3 <script>alert(1)</script>' };
    const link = await linkOf(edited, 'asci-q-2002');
    expect(link).toMatch(/^\?preset=asci-q-2002&p=1\.[A-Za-z0-9_-]+$/);
    expect(link.length).toBeLessThan(120);
    const opened = await reopen(link);
    expect(opened).toMatchObject({ kind: 'scenario', presetId: 'asci-q-2002', view: {} });
    if (opened.kind === 'scenario') expect(opened.scenario.title).toBe(edited.title);
  });
});

describe('sameScenario', () => {
  it('ignores key order but not values', () => {
    const base = preset('asci-q-2002');
    const reordered = JSON.parse(canonicalJson(base)) as Scenario;
    expect(sameScenario(base, reordered)).toBe(true);
    expect(sameScenario(base, { ...base, seed: base.seed + 1 })).toBe(false);
  });
});

describe('linkFor and openLink: the round trip', () => {
  it('a preset with knobs changed opens as that preset with the same numbers', async () => {
    const base = preset('jaguar-xt5-rn');
    const edited = validateScenario({ ...base, seed: 99, job: { ...base.job, nodes: 64 } });
    const link = await linkOf(edited, 'jaguar-xt5-rn');
    expect(link).toBe('?preset=jaguar-xt5-rn&nodes=64&seed=99');
    const opened = await reopen(link);
    expect(opened).toMatchObject({ kind: 'scenario', presetId: 'jaguar-xt5-rn', fileName: null });
    if (opened.kind !== 'scenario') return;
    expect(sameScenario(opened.scenario, edited)).toBe(true);
    expect(sameScenario(opened.base, base)).toBe(true);
  });

  it('view settings go in the patch, and come back with it', async () => {
    const base = preset('asci-q-2002');
    const view = { 'latency.g': '0, 10ms', 'timeline.first': 12 };
    const link = await linkOf(base, 'asci-q-2002', base, view);
    expect(link).toMatch(/^\?preset=asci-q-2002&p=1\./);
    const opened = await reopen(link);
    expect(opened).toMatchObject({ kind: 'scenario', view });
    if (opened.kind === 'scenario') expect(sameScenario(opened.scenario, base)).toBe(true);
    expect(await linkOf(base, 'asci-q-2002', base, {})).toBe('?preset=asci-q-2002');
  });

  it('a scenario from a file or link is always a hash', async () => {
    const link = await linkFor({ scenario: preset('bgp-intrepid'), preset: null });
    expect(link.startsWith('#s=1.')).toBe(true);
  });
});

describe('openLink', () => {
  it('opens nothing for an empty address', async () => {
    expect(await openLink('', '', deps())).toEqual({ kind: 'none' });
    expect(await openLink('?', '#', deps())).toEqual({ kind: 'none' });
  });

  it('a hash wins over the query', async () => {
    const hash = await linkFor({ scenario: preset('bgp-intrepid'), preset: null });
    const opened = await openLink('?preset=jaguar-xt5-rn', hash, deps());
    expect(opened.kind === 'scenario' && opened.scenario.title).toBe(preset('bgp-intrepid').title);
  });

  it('a hand-written link applies its knobs to the preset', async () => {
    const opened = await openLink('?preset=jaguar-xt5-rn&nodes=64&g=1ms', '', deps());
    expect(opened.kind).toBe('scenario');
    if (opened.kind !== 'scenario') return;
    expect(opened.scenario.job.nodes).toBe(64);
    expect(opened.presetId).toBe('jaguar-xt5-rn');
  });

  it("a hand-written period for one part of a group sets the whole group's", async () => {
    // RMS's 15 and 18 ms events are parts of one activity (group "rms"): one period between them.
    const opened = await openLink('?preset=asci-q-2002&src.rms-15ms.period=60s', '', deps());
    expect(opened.kind).toBe('scenario');
    if (opened.kind !== 'scenario') return;
    const periods = opened.scenario.noise
      .filter((s) => s.group === 'rms')
      .map((s) => [s.id, s.periodUs]);
    expect(periods).toEqual([
      ['rms-15ms', 60e6],
      ['rms-18ms', 60e6],
    ]);
    // the part's delay after the group's start is kept
    expect(opened.scenario.noise.find((s) => s.id === 'rms-18ms')?.phaseOffsetUs).toBe(15000);
  });

  it("a period shorter than a part's delay in its group is left out with the field named", async () => {
    const opened = await openLink('?preset=asci-q-2002&src.rms-15ms.period=10ms', '', deps());
    expect(opened.kind).toBe('scenario');
    if (opened.kind !== 'scenario') return;
    expect(opened.problems?.join('\n')).toMatch(/rms-15ms.*left out.*(rms-18ms|phaseOffsetUs)/);
    expect(opened.scenario.noise.find((s) => s.id === 'rms-15ms')?.periodUs).toBe(
      preset('asci-q-2002').noise.find((s) => s.id === 'rms-15ms')?.periodUs,
    );
  });

  it('knobs without a preset apply to the default preset', async () => {
    const opened = await openLink('?seed=5', '', deps());
    expect(opened).toMatchObject({ kind: 'scenario', presetId: 'asci-q-2002' });
  });

  it('scenario=<path> loads the file from the site, named by its path', async () => {
    const opened = await openLink(
      '?scenario=scenarios/mine/bgp.json&seed=3',
      '',
      deps({ 'scenarios/mine/bgp.json': file('bgp-intrepid') }),
    );
    expect(opened).toMatchObject({
      kind: 'scenario',
      presetId: null,
      fileName: 'scenarios/mine/bgp.json',
    });
    if (opened.kind === 'scenario') expect(opened.scenario.seed).toBe(3);
  });

  it('scenario=<a preset’s own file> opens that preset, so its link is a short one', async () => {
    const opened = await openLink('?scenario=scenarios/bgp-intrepid.json&seed=3', '', deps());
    expect(opened).toMatchObject({ kind: 'scenario', presetId: 'bgp-intrepid', fileName: null });
    if (opened.kind !== 'scenario') return;
    expect(opened.scenario.seed).toBe(3);
    expect(
      await linkFor({
        scenario: opened.scenario,
        preset: { id: 'bgp-intrepid', scenario: opened.base },
      }),
    ).toBe('?preset=bgp-intrepid&seed=3');
  });

  it('a broken hash, query or file is an error naming the problem, never a throw', async () => {
    expect(await openLink('', '#s=1.@@@', deps())).toEqual({
      kind: 'error',
      lines: ["the link's data is not valid base64url"],
    });
    const query = await openLink('?preset=nope&nodes=0', '', deps());
    expect(query.kind).toBe('error');
    if (query.kind === 'error') {
      expect(query.lines.join('\n')).toMatch(/preset: "nope" is not valid/);
      expect(query.lines.join('\n')).toMatch(/nodes: "0" is not valid/);
    }
    expect(await openLink('?scenario=scenarios/missing.json', '', deps())).toEqual({
      kind: 'error',
      lines: ['scenarios/missing.json could not be fetched: the site answered 404'],
    });
    const notJson = await openLink(
      '?scenario=x.json',
      '',
      deps({ 'x.json': '<html>alert(1)</html>' }),
    );
    expect(notJson.kind === 'error' && notJson.lines[0]).toBe('x.json:');
    expect(notJson.kind === 'error' && notJson.lines[1]).toMatch(/is not valid JSON/);
  });

  it('a knob that makes the scenario invalid is left out with the validator’s lines, the rest opens', async () => {
    const opened = await openLink('?preset=bgp-intrepid&nodes=999999&seed=7', '', deps());
    expect(opened).toMatchObject({ kind: 'scenario', presetId: 'bgp-intrepid' });
    if (opened.kind !== 'scenario') return;
    expect(opened.scenario.seed).toBe(7);
    expect(opened.scenario.job.nodes).toBe(preset('bgp-intrepid').job.nodes);
    expect(opened.problems).toHaveLength(1);
    expect(opened.problems![0]).toMatch(
      /^job\.nodes = 999999: left out; the link's parameters make the scenario invalid: job\.nodes/,
    );
  });

  it('a bad value or an unknown parameter is named and the preset it names still opens', async () => {
    const opened = await openLink('?preset=bgp-intrepid&nodes=abc&g=2ms&nod', '', deps());
    expect(opened).toMatchObject({ kind: 'scenario', presetId: 'bgp-intrepid' });
    if (opened.kind !== 'scenario') return;
    const w = opened.scenario.workload;
    expect(w.kind === 'barrier' && w.granularityUs).toBe(2000);
    expect(opened.problems?.join('\n')).toMatch(/unknown parameter "nod"/);
    expect(opened.problems?.join('\n')).toMatch(/nodes: "abc" is not valid/);
  });

  it('a link whose preset, version or file is not understood does not open', async () => {
    for (const q of ['?preset=nope&seed=3', '?preset=asci-q-2002&v=zz&seed=3']) {
      expect((await openLink(q, '', deps())).kind).toBe('error');
    }
  });

  it("a mistyped preset's likely name is offered as the same link mended, its other parts kept", async () => {
    const opened = await openLink('?preset=jaguar-xt5-r&nodes=-3&seed=3', '', deps());
    if (opened.kind !== 'error') throw new Error('opened');
    expect(opened.lines[0]).toBe(
      'preset: "jaguar-xt5-r" is not valid; did you mean jaguar-xt5-rn? allowed: the 3 presets ' +
        'of the Preset menu',
    );
    expect(opened.fix).toEqual({
      href: '?preset=jaguar-xt5-rn&nodes=-3&seed=3',
      label: 'Open jaguar-xt5-rn instead',
    });
    // the mended link opens that preset; its bad node count is left out and named
    const mended = await openLink(opened.fix!.href, '', deps());
    if (mended.kind !== 'scenario') throw new Error(mended.kind);
    expect(mended.presetId).toBe('jaguar-xt5-rn');
    expect(mended.scenario.seed).toBe(3);
    expect(mended.problems?.join('\n')).toMatch(/^nodes: "-3" is not valid/);
    // no likely name, or something else wrong with what the link is of: no fix
    for (const q of [
      '?preset=titan',
      '?preset=jaguar-xt5-r&v=zz',
      '?preset=jaguar-xt5-r&scenario=a.json',
    ]) {
      const other = await openLink(q, '', deps());
      expect(other.kind === 'error' && other.fix).toBe(undefined);
    }
  });
});

describe('fetchSiteText', () => {
  const BASE = 'https://example.org/noiselab/';
  const reply =
    (body: string, headers: Record<string, string> = {}, status = 200): typeof fetch =>
    async () =>
      new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } });

  it('fetches a path relative to the page', async () => {
    let asked = '';
    const fetcher: typeof fetch = async (url) => {
      asked = String(url);
      return new Response('{"a":1}', { headers: { 'content-type': 'application/json' } });
    };
    expect(await fetchSiteText('scenarios/x.json', BASE, fetcher)).toBe('{"a":1}');
    expect(asked).toBe('https://example.org/noiselab/scenarios/x.json');
  });

  it('refuses error statuses, HTML and oversized bodies before parsing', async () => {
    await expect(fetchSiteText('x.json', BASE, reply('', {}, 404))).rejects.toThrow(
      'x.json could not be fetched: the site answered 404',
    );
    await expect(
      fetchSiteText('x.json', BASE, reply('<html>', { 'content-type': 'text/html' })),
    ).rejects.toThrow('x.json is not JSON: the site sent text/html');
    await expect(
      fetchSiteText('x.json', BASE, reply(' '.repeat(MAX_TEXT_LENGTH + 1))),
    ).rejects.toThrow(/is longer than 1,000,000 characters/);
    await expect(
      fetchSiteText('x.json', BASE, reply('{}', { 'content-length': String(4 * MAX_TEXT_LENGTH) })),
    ).rejects.toThrow(/is longer than/);
  });

  it('refuses another origin', async () => {
    await expect(fetchSiteText('//evil.example/x.json', BASE, reply('{}'))).rejects.toThrow(
      'is not on this site',
    );
  });
});
