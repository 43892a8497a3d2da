// Short links (src/state/delta-link.ts): an edited preset is its id, its version and only what
// differs. Random edits of random presets, on fixed seeds, encode to a link that opens the same
// scenario (canonical JSON equal) with the same numbers; every single edit of every preset, and
// five together, fits in 500 characters with the site's address in front.
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/index.ts';
import { Rng } from '../../src/engine/random.ts';
import { canonicalJson } from '../../src/scenario/canonical.ts';
import { validateScenario, type Scenario } from '../../src/scenario/index.ts';
import { decodePatch, encodePatch } from '../../src/state/delta-link.ts';
import { PRESET_TABLE } from '../../src/state/preset-list.ts';
import { currentVersion, releasesOf } from '../../src/state/preset-releases.ts';
import { loadRelease, PRESETS } from '../../src/state/presets.ts';
import { linkFor, openLink, type OpenDeps } from '../../src/state/share-url.ts';
import { editKinds, presetFile, randomEdits } from '../helpers/preset-edits.ts';

/** A site's address as a course page would print it, in front of every link measured. */
export const ORIGIN = 'https://noiselab.example.org/';
const LIMIT = 500;

const deps: OpenDeps = {
  presets: PRESETS,
  releases: releasesOf,
  loadRelease,
  defaultPresetId: 'asci-q-2002',
  fetchText: () => Promise.reject(new Error('no files here')),
};

const bases = new Map(PRESET_TABLE.map(({ id }) => [id, presetFile(id)]));

async function link(scenario: Scenario, id: string): Promise<string> {
  return linkFor({
    scenario,
    preset: { id, scenario: bases.get(id)!, version: currentVersion(id) },
  });
}

async function opens(query: string): Promise<Scenario> {
  const opened = await openLink(query, '', deps);
  if (opened.kind !== 'scenario') throw new Error(`${query}: ${JSON.stringify(opened)}`);
  return opened.scenario;
}

describe('random edits of random presets', () => {
  it('open the same scenario from a short link (seeds 1–1000)', async () => {
    let longest = 0;
    for (let seed = 1; seed <= 1000; seed++) {
      const r = new Rng(seed);
      const { id } = PRESET_TABLE[r.below(PRESET_TABLE.length)];
      const edited = randomEdits(bases.get(id)!, r, 1 + r.below(5));
      if (!edited) continue;
      const query = await link(edited.scenario, id);
      expect(query.startsWith(`?preset=${id}&v=${currentVersion(id)}`)).toBe(true);
      expect(canonicalJson(await opens(query)), `seed ${seed}: ${query}`).toBe(
        canonicalJson(edited.scenario),
      );
      longest = Math.max(longest, ORIGIN.length + query.length);
      expect(ORIGIN.length + query.length, `seed ${seed}: ${edited.kinds.join(', ')}`).toBeLessThan(
        LIMIT,
      );
    }
    console.log(`longest link of 1,000 random edits: ${longest} characters`);
  });

  it('every single edit of every preset is under 500 characters', async () => {
    for (const { id } of PRESET_TABLE) {
      const kinds = editKinds(new Rng(7));
      for (const edit of kinds) {
        let scenario: Scenario;
        try {
          scenario = validateScenario(edit.apply(bases.get(id)!));
        } catch {
          continue; // an edit this preset refuses (e.g. no core left to reserve)
        }
        const query = await link(scenario, id);
        expect(ORIGIN.length + query.length, `${id}, ${edit.kind}: ${query}`).toBeLessThan(LIMIT);
        expect(canonicalJson(await opens(query))).toBe(canonicalJson(scenario));
      }
    }
  });

  it('give the same numbers when run (seeds 1–5, shrunk to run quickly)', async () => {
    for (let seed = 1; seed <= 5; seed++) {
      const r = new Rng(seed);
      const id = 'asci-q-2002';
      const edited = randomEdits(bases.get(id)!, r, 3);
      if (!edited) continue;
      const small = (s: Scenario) =>
        validateScenario({
          ...s,
          job: { ...s.job, nodes: Math.min(s.job.nodes, 32) },
          workload: { ...s.workload, iterations: 60, warmup: 0 },
        });
      const opened = await opens(await link(edited.scenario, id));
      expect(runScenario(small(opened))).toEqual(runScenario(small(edited.scenario)));
    }
  });
});

describe('hand-written source edits', () => {
  it('src.<id>.duration sets a fixed duration whatever the distribution was', async () => {
    const opened = await opens('?preset=jaguar-xt5-rn&src.work-queues.duration=100us');
    expect(opened.noise.find((n) => n.id === 'work-queues')!.duration).toEqual({
      dist: 'fixed',
      valueUs: 100,
    });
    // and the page writes it back the same way
    expect(await link(opened, 'jaguar-xt5-rn')).toBe(
      `?preset=jaguar-xt5-rn&v=${currentVersion('jaguar-xt5-rn')}&src.work-queues.duration=100us`,
    );
  });
});

describe('a hand-written link with several mistakes', () => {
  it('names them all at once, source ids included', async () => {
    const opened = await openLink(
      '?preset=asci-q-2002&nodes=abc&off=foo,bar&src.baz.period=1s',
      '',
      deps,
    );
    // what it could use opens (the preset); every mistake is named, each left out
    expect(opened.kind).toBe('scenario');
    if (opened.kind !== 'scenario') return;
    const lines = opened.problems!;
    expect(lines[0]).toMatch(/^nodes: "abc" is not valid/);
    expect(lines.slice(1, 4)).toEqual([
      'there is no noise source "foo" in this preset',
      'there is no noise source "bar" in this preset',
      'there is no noise source "baz" in this preset',
    ]);
    expect(lines[4]).toMatch(/^its sources: kernel-heartbeat-125ms, /);
    expect(opened.scenario).toEqual(presetFile('asci-q-2002'));
  });
});

describe('the patch p=', () => {
  it('round-trips its ops and view', async () => {
    const payload = { ops: [['title', 'x'], ['noise.rms-15ms']] as never, view: { a: 1 } };
    expect(await decodePatch(await encodePatch(payload))).toEqual(payload);
  });

  it.each([
    [
      '2.AAAA',
      'p: the patch was written by a newer NoiseLab (patch version 2); this one reads version 1',
    ],
    ['0.AAAA', 'p: the patch version 0 is unknown; allowed: 1'],
    ['x', 'p: expected 1.<data> (a patch this page wrote)'],
    ['1.!!!', 'p: expected 1.<data> (a patch this page wrote)'],
    ['1.AAAAA', 'p: the patch is not valid base64url'],
    ['1.AAAA', 'p: the data is not valid compressed data'],
  ])('%s is refused: %s', async (text, message) => {
    await expect(decodePatch(text)).rejects.toThrow(message);
  });

  it('refuses a patch that is no list of edits, or names a source the preset lacks', async () => {
    const notOps = await encodePatch({ ops: 'all' as never, view: {} });
    let opened = await openLink(`?preset=asci-q-2002&p=${notOps}`, '', deps);
    expect(opened).toEqual({ kind: 'error', lines: ['p: the patch has no list of edits (ops)'] });
    const ghost = await encodePatch({ ops: [['noise.ghost.enabled', false]], view: {} });
    opened = await openLink(`?preset=asci-q-2002&p=${ghost}`, '', deps);
    expect(opened).toEqual({
      kind: 'error',
      lines: [
        `the link's edits cannot be applied: noise.ghost: there is no noise source "ghost"; ` +
          `the sources: ${presetFile('asci-q-2002')
            .noise.map((n) => n.id)
            .join(', ')}`,
      ],
    });
    // a readable edit naming a missing source is left out, named; the preset opens
    opened = await openLink('?preset=asci-q-2002&off=ghost', '', deps);
    expect(opened.kind === 'scenario' && opened.problems?.[0]).toMatch(/no noise source "ghost"/);
  });

  it('cannot reach Object.prototype', async () => {
    const hostile = await encodePatch({ ops: [['__proto__.polluted', true]], view: {} });
    const opened = await openLink(`?preset=asci-q-2002&p=${hostile}`, '', deps);
    expect(opened.kind).toBe('error');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
