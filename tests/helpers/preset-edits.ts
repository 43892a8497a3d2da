// Edits of a preset as a class or a researcher makes them, drawn from a seeded generator: one
// knob (machine size, granularity, seed, iterations, wait mode, reserved core) or one noise
// source (switched, its period, its duration or distribution, its core, its placement, removed,
// or a new one), plus the edits no readable parameter covers (the title). Used by the link
// round-trip test and the link-length table (scripts/link-lengths.ts).
import { readFileSync } from 'node:fs';
import { Rng } from '../../src/engine/random.ts';
import { validateScenario, type Scenario } from '../../src/scenario/index.ts';
import type { NoiseSource } from '../../src/scenario/types.ts';

export const presetFile = (id: string): Scenario =>
  validateScenario(
    JSON.parse(readFileSync(new URL(`../../scenarios/${id}.json`, import.meta.url), 'utf8')),
  );

export interface Edit {
  /** what kind of edit, for the table: a knob or a source edit */
  kind: string;
  apply: (s: Scenario) => Scenario;
}

const withSource = (s: Scenario, i: number, change: Partial<NoiseSource>): Scenario => ({
  ...s,
  noise: s.noise.map((n, k) => (k === i ? ({ ...n, ...change } as NoiseSource) : n)),
});

/** Every kind of edit, each drawing its own values from `r`. */
export function editKinds(r: Rng): Edit[] {
  const pick = <T>(xs: readonly T[]): T => xs[r.below(xs.length)];
  const anySource = (s: Scenario) => r.below(s.noise.length);
  return [
    {
      kind: 'nodes',
      apply: (s) => ({ ...s, job: { ...s.job, nodes: 1 + r.below(s.job.nodes) } }),
    },
    {
      kind: 'granularity',
      apply: (s) =>
        'granularityUs' in s.workload
          ? { ...s, workload: { ...s.workload, granularityUs: pick([0, 100, 2500, 50_000]) } }
          : s,
    },
    { kind: 'seed', apply: (s) => ({ ...s, seed: r.below(2 ** 32) }) },
    {
      kind: 'iterations',
      apply: (s) => ({
        ...s,
        workload: { ...s.workload, iterations: s.workload.warmup + 1 + r.below(3000) },
      }),
    },
    {
      kind: 'wait mode',
      apply: (s) => ({
        ...s,
        job: { ...s.job, waitMode: s.job.waitMode === 'poll' ? 'block' : 'poll' },
      }),
    },
    {
      kind: 'reserve core 0',
      apply: (s) =>
        s.machine.coresPerNode > s.job.ranksPerNode && s.job.reservedCores.length === 0
          ? { ...s, job: { ...s.job, reservedCores: [0] } }
          : s,
    },
    {
      kind: 'source on/off',
      apply: (s) => {
        if (s.noise.length === 0) return s; // every source removed: nothing to switch
        const i = anySource(s);
        return withSource(s, i, { enabled: !s.noise[i].enabled });
      },
    },
    {
      kind: 'source period',
      apply: (s) => withSource(s, anySource(s), { periodUs: pick([1000, 60_000_000, 2500.5]) }),
    },
    {
      kind: 'source duration',
      apply: (s) =>
        withSource(s, anySource(s), { duration: { dist: 'fixed', valueUs: pick([1, 90, 640]) } }),
    },
    {
      kind: 'source distribution',
      apply: (s) =>
        withSource(s, anySource(s), {
          duration: pick<NoiseSource['duration']>([
            { dist: 'uniform', minUs: 10, maxUs: 400 },
            { dist: 'exponential', meanUs: 120 },
            { dist: 'normal', meanUs: 200, sdUs: 30 },
            { dist: 'lognormal', medianUs: 55, sigma: 0.5 },
          ]),
        }),
    },
    {
      kind: 'source core',
      apply: (s) => withSource(s, anySource(s), { cpu: pick<'any' | number>([0, 'any']) }),
    },
    {
      kind: 'source placement',
      apply: (s) => withSource(s, anySource(s), { placement: { kind: 'all' } }),
    },
    {
      kind: 'source removed',
      apply: (s) => {
        const gone = anySource(s);
        return { ...s, noise: s.noise.filter((_, k) => k !== gone) };
      },
    },
    {
      // the panel's Duplicate: a copy right after the original, with its own id and label
      kind: 'source duplicated',
      apply: (s) => {
        if (s.noise.length === 0) return s; // nothing to duplicate (the T3E has one source)
        const i = anySource(s);
        const copy = {
          ...s.noise[i],
          id: `${s.noise[i].id}-copy`,
          label: `${s.noise[i].label} (copy)`,
        };
        return { ...s, noise: [...s.noise.slice(0, i + 1), copy, ...s.noise.slice(i + 1)] };
      },
    },
    {
      kind: 'new source',
      apply: (s) => ({
        ...s,
        noise: [
          ...s.noise,
          {
            ...s.noise[0],
            id: `my-daemon-${r.below(100)}`,
            label: 'A daemon of my own',
            category: 'daemon',
            enabled: true,
            periodUs: 1_000_000,
            duration: { dist: 'fixed', valueUs: 500 },
            provenance: {},
          } as NoiseSource,
        ],
      }),
    },
    { kind: 'title', apply: (s) => ({ ...s, title: `${s.title} (class 3)` }) },
  ];
}

/**
 * `count` edits of `base` drawn at random (seeded), validated; undefined when the result is not
 * a valid scenario (an edit the page would refuse too), so the caller draws again.
 */
export function randomEdits(
  base: Scenario,
  r: Rng,
  count: number,
): { scenario: Scenario; kinds: string[] } | undefined {
  const kinds = editKinds(r);
  let s = base;
  const done: string[] = [];
  for (let k = 0; k < count; k++) {
    const edit = kinds[r.below(kinds.length)];
    // an edit of a source needs one: a preset of one source may have lost it already
    if (edit.kind.startsWith('source') && s.noise.length === 0) continue;
    s = edit.apply(s);
    done.push(edit.kind);
  }
  try {
    return { scenario: validateScenario(s), kinds: done };
  } catch {
    return undefined;
  }
}
