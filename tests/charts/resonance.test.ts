// The data of the resonance view (Finding #4): its sweep plan and the curves built from it.
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/index.ts';
import { planSweep } from '../../src/engine/sweep.ts';
import {
  MAX_SOURCE_CURVES,
  RESONANCE_FINAL,
  RESONANCE_ITERATIONS,
  RESONANCE_QUICK,
  RESONANCE_GRANULARITIES_US,
  resonanceCsv,
  resonanceCue,
  resonanceGroups,
  resonancePlan,
  resonanceSeries,
  resonanceShares,
  resonanceSummary,
} from '../../src/charts/resonance.ts';
import { categoryColour } from '../../src/charts/category-colour.ts';
import { cue } from '../../src/charts/palette.ts';
import type { RunResult } from '../../src/engine/result.ts';
import type { BarrierWorkload } from '../../src/scenario/types.ts';
import type { SweepPointResult } from '../../src/state/sweep.svelte.ts';
import { formatTimeUs } from '../../src/format/numbers.ts';
import { loadPreset } from '../../src/validation/presets.ts';
import { scenario, source } from '../helpers/scenario.ts';

const base = scenario({
  nodes: 32,
  iterations: 200,
  collective: { kind: 'hardware', baseUs: 5, perLevelUs: 0 },
  noise: [
    source({ id: 'short', periodUs: 1_000, duration: { dist: 'fixed', valueUs: 10 } }),
    source({ id: 'long', periodUs: 1_000_000, duration: { dist: 'fixed', valueUs: 50_000 } }),
    source({ id: 'off', enabled: false, periodUs: 100, duration: { dist: 'fixed', valueUs: 50 } }),
  ],
});

describe('resonancePlan', () => {
  it('has a curve per enabled source alone and one for all, each over every granularity', () => {
    const plan = resonancePlan(base)!;
    expect(plan.groups.map((g) => g.key)).toEqual(['short', 'long', 'all']);
    expect(plan.groups.map((g) => g.sources)).toEqual([[0], [1], [0, 1]]);
    expect(plan.total).toBe(3 * RESONANCE_GRANULARITIES_US.length);
    const points = planSweep(base, plan.varies);
    expect(points).toHaveLength(plan.total);
    // point 0: "short" alone at g = 0; the disabled source stays off everywhere.
    expect(points[0].scenario.noise.map((n) => n.enabled)).toEqual([true, false, false]);
    expect(points[0].scenario.workload).toMatchObject({
      granularityUs: 0,
      iterations: RESONANCE_ITERATIONS,
    });
    // 60 s of compute at most: g = 1 s runs 60 iterations (each stops sooner once precise).
    expect(points.at(-1)!.scenario.workload).toMatchObject({ iterations: 60 });
    const last = points.at(-1)!.scenario;
    expect(last.noise.map((n) => n.enabled)).toEqual([true, true, false]);
    expect(last.workload).toMatchObject({ granularityUs: 1_000_000 });
  });

  it('runs a quick pass, then a precise one, on the same points with the same seeds', () => {
    const plan = resonancePlan(base)!;
    expect(plan.passes.map((p) => p.length)).toEqual([RESONANCE_QUICK, RESONANCE_FINAL]);
    expect(RESONANCE_QUICK.precision).toBeGreaterThan(RESONANCE_FINAL.precision);
    // The granularity is varied by its own path: a point's child seed does not depend on the
    // pass, so the quick run is the start of the precise one.
    const [quick, final] = plan.passes.map((p) => planSweep(p.base, plan.varies));
    expect(quick.map((p) => p.scenario.seed)).toEqual(final.map((p) => p.scenario.seed));
  });

  it('gives every curve the same seed at a granularity, and each granularity its own', () => {
    // Common random numbers: "all sources" meets the very events of each source alone (a
    // source's events follow from the seed and its id), so the curves differ by their sources.
    const points = planSweep(base, resonancePlan(base)!.varies);
    const G = RESONANCE_GRANULARITIES_US.length;
    const seeds = points.map((p) => p.scenario.seed);
    for (let k = 0; k < G; k++) {
      expect(new Set([seeds[k], seeds[G + k], seeds[2 * G + k]]).size).toBe(1);
    }
    expect(new Set(seeds.slice(0, G)).size).toBe(G);
  });

  it('groups by category when there are many sources, and has nothing for no noise', () => {
    const many = scenario({
      noise: Array.from({ length: MAX_SOURCE_CURVES + 1 }, (_, k) =>
        source({ id: `s${k}`, category: k % 2 ? 'daemon' : 'kernel', periodUs: 1000 }),
      ),
    });
    expect(resonanceGroups(many).map((g) => g.key)).toEqual([
      'category:kernel',
      'category:daemon',
      'all',
    ]);
    expect(resonancePlan(scenario({}))).toBeNull();
  });

  it('says when a class has no source on the job’s nodes (its line is flat for that)', () => {
    // ASCI Q 2003 without nodes 0 and 31: its TruCluster daemons run on cluster offset 0
    const s = loadPreset('asci-q-2003-without-0-31');
    const labels = resonanceGroups(s).map((g) => g.label);
    expect(labels).toContain("trucluster sources alone (none on this job's nodes)");
    expect(labels).toContain('kernel sources alone');
    // with every node of its clusters, they are there
    expect(resonanceGroups(loadPreset('asci-q-2003')).map((g) => g.label)).toContain(
      'trucluster sources alone',
    );
  });

  it('draws a class in its colour everywhere, and all sources together in black', () => {
    const many = scenario({
      noise: Array.from({ length: MAX_SOURCE_CURVES + 1 }, (_, k) =>
        source({ id: `s${k}`, category: k % 2 ? 'rms' : 'kernel', periodUs: 1000 }),
      ),
    });
    const groups = resonanceGroups(many);
    expect(groups.map((_, k) => resonanceCue(groups, k).colour)).toEqual([
      categoryColour('kernel'),
      categoryColour('rms'),
      '#000000',
    ]);
    // and each its own dash, all sources solid
    const dashes = groups.map((_, k) => resonanceCue(groups, k).dash);
    expect(new Set(dashes).size).toBe(3);
    expect(dashes[2]).toBe('');
    // one curve per source: its class's colour (BG/P's four kernel sources all blue, none in
    // RMS green), each its own dash; all sources black and solid
    const few = resonanceGroups(
      scenario({
        noise: [
          source({ id: 'a', category: 'kernel', periodUs: 1000 }),
          source({ id: 'b', category: 'kernel', periodUs: 2000 }),
          source({ id: 'c', category: 'rms', periodUs: 1000 }),
        ],
      }),
    );
    expect(few.map((_, k) => resonanceCue(few, k))).toEqual([
      { colour: categoryColour('kernel'), dash: cue(1).dash },
      { colour: categoryColour('kernel'), dash: cue(2).dash },
      { colour: categoryColour('rms'), dash: cue(3).dash },
      { colour: '#000000', dash: '' },
    ]);
    // a lone source: its class's colour, solid
    const one = resonanceGroups(
      scenario({ noise: [source({ id: 'a', category: 'rms', periodUs: 1000 })] }),
    );
    expect(resonanceCue(one, 0)).toEqual({ colour: categoryColour('rms'), dash: '' });
  });
});

describe('resonanceSeries', () => {
  const plan = resonancePlan({
    ...base,
    workload: { kind: 'barrier', granularityUs: 1000, iterations: 60, warmup: 0 },
  })!;
  // Every point run whole here (no length), its iterations cut to 2,000 at most.
  const varies = plan.varies.map((v) =>
    v.path !== 'workload'
      ? v
      : {
          ...v,
          values: (v.values as BarrierWorkload[]).map((w) => ({
            ...w,
            iterations: Math.min(w.iterations, 2000),
          })),
        },
  );
  const points = planSweep(base, varies).map((p, index) => ({
    index,
    assignments: p.assignments,
    result: runScenario(p.scenario),
  }));
  const series = resonanceSeries(plan.groups, points);

  it('has one series per group with a point per granularity, from its own run', () => {
    expect(series.map((s) => s.key)).toEqual(['short', 'long', 'all']);
    for (const s of series) {
      expect(s.points.map((p) => p.granularityUs)).toEqual(RESONANCE_GRANULARITIES_US);
    }
    const p = points[2 * RESONANCE_GRANULARITIES_US.length + 3];
    expect(series[2].points[3].slowdown).toBe(p.result.summary.slowdown);
  });

  it('slows the loop down more with all the sources than with one alone', () => {
    for (let k = 0; k < RESONANCE_GRANULARITIES_US.length; k++) {
      expect(series[2].points[k].slowdown).toBeGreaterThanOrEqual(series[0].points[k].slowdown);
      expect(series[0].points[k].slowdown).toBeGreaterThanOrEqual(1);
    }
  });

  it('hurts most where the events are about as long as the compute (resonance)', () => {
    // 10 µs every 1 ms: at g = 10 µs nearly every barrier waits; at g = 1 s it is ~1%.
    const short = series[0].points;
    expect(short[1].slowdown).toBeGreaterThan(short.at(-1)!.slowdown);
  });

  it('gives a CSV row per point and a summary per curve', () => {
    const rows = resonanceCsv(series).trim().split('\n');
    expect(rows[0]).toBe(
      'curve,granularity_us,slowdown,mean_latency_us,iterations,slowdown_two_se',
    );
    expect(rows).toHaveLength(1 + points.length);
    expect(resonanceSummary(series, formatTimeUs)).toMatch(/^short alone: .*; all sources: .*\.$/);
    expect(resonanceSummary([], formatTimeUs)).toBe('No data yet.');
  });
});

describe('resonanceShares', () => {
  /** A point whose attribution charges `lost` µs to the sources, in the order short, long, off. */
  const point = (index: number, lost: [number, number, number]): SweepPointResult => {
    const total = lost[0] + lost[1] + lost[2];
    const ids = ['short', 'long', 'off'];
    return {
      index,
      assignments: [],
      result: {
        attribution: {
          totalLostUs: total,
          bySource: ids.map((id, k) => ({
            id,
            enabled: id !== 'off',
            lostUs: lost[k],
            share: total > 0 ? lost[k] / total : 0,
          })),
        },
      } as unknown as RunResult,
    };
  };
  const G = RESONANCE_GRANULARITIES_US.length;

  it('reads the shares from the all-sources curve only, null where no point arrived', () => {
    const groups = resonancePlan(base)!.groups; // short, long, all
    const shares = resonanceShares(groups, [
      point(0, [5, 5, 0]), // "short" alone at g = 0: not the all curve
      point(2 * G + 0, [30, 10, 0]), // all, g = 0
      point(2 * G + 3, [10, 30, 0]), // all, g = 1 ms
      point(2 * G + 4, [0, 0, 0]), // all, g = 10 ms, nothing lost: no share
    ]);
    expect([...shares.keys()]).toEqual(['short', 'long']);
    expect(shares.get('short')).toEqual([0.75, null, null, 0.25, null, null, null]);
    expect(shares.get('long')).toEqual([0.25, null, null, 0.75, null, null, null]);
  });

  it('uses the only curve when one source is on, and gives nothing without points', () => {
    const one = scenario({ noise: [source({ id: 'short', periodUs: 1000 })] });
    const groups = resonanceGroups(one);
    expect(groups).toHaveLength(1);
    const shares = resonanceShares(groups, [point(1, [7, 0, 0])]);
    expect(shares.get('short')).toEqual([null, 1, null, null, null, null, null]);
    expect(resonanceShares(groups, []).size).toBe(0);
    expect(resonanceShares([], [point(1, [7, 0, 0])]).size).toBe(0);
  });
});
