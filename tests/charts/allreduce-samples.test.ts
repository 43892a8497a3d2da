// The data of the allreduce's "samples against machine size" view (004's jitter test): its sweep
// (80 samples a point after the warm-up, the job's own ranks per node, node counts to the
// machine), its points against the noiseless tree (every sample the same), its reading and CSV.
import { describe, expect, it } from 'vitest';
import {
  allreduceSamplePoints,
  allreduceSamplesCsv,
  allreduceSamplesPlan,
  allreduceSamplesSummary,
  QUICK_SAMPLES,
  SAMPLES,
} from '../../src/charts/allreduce-samples.ts';
import { runScenario } from '../../src/engine/index.ts';
import { planSweep } from '../../src/engine/sweep.ts';
import { formatTimeUs } from '../../src/format/numbers.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import type { SweepPointResult } from '../../src/state/sweep.svelte.ts';
import { loadPreset } from '../../src/validation/presets.ts';
import { scenario, source } from '../helpers/scenario.ts';

function runAll(s: Scenario): SweepPointResult[] {
  const plan = allreduceSamplesPlan(s)!;
  return planSweep(plan.passes.at(-1)!.base, plan.varies).map((p, index) => ({
    index,
    assignments: p.assignments,
    result: runScenario(p.scenario),
  }));
}

const allreduce = (noise = [] as ReturnType<typeof source>[]) =>
  scenario({
    nodes: 16,
    cores: 2,
    tree: { fanout: 2, hopUs: 5 },
    workload: { kind: 'allreduce', granularityUs: 100, iterations: 400, warmup: 30, hopUs: null },
    noise,
  });

describe('the sweep', () => {
  it('runs 80 samples after at most 20 left out, at the job’s ranks per node, allreduce only', () => {
    const s = loadPreset('allreduce-asci-q-2002');
    const plan = allreduceSamplesPlan(s)!;
    expect(plan.warmup).toBe(20);
    // a quick pass of fewer samples first, then Worley's 80
    expect(plan.passes.map((p) => p.base.workload)).toMatchObject([
      { iterations: QUICK_SAMPLES + 20, warmup: 20 },
      { iterations: SAMPLES + 20, warmup: 20 },
    ]);
    expect(plan.passes[1].base.job.ranksPerNode).toBe(4);
    expect(plan.nodes[0]).toBe(1);
    expect(plan.nodes.at(-1)).toBe(s.machine.nodes);
    expect(plan.skipped).toEqual([]);
    expect(allreduceSamplesPlan(loadPreset('asci-q-2002'))).toBeNull();
    expect(allreduceSamplesPlan(allreduce())!.warmup).toBe(20);
  });
});

describe('the points', () => {
  it('are every sample the tree’s noiseless latency with no noise: best = average = worst', () => {
    const points = allreduceSamplePoints(runAll(allreduce()), 2);
    expect(points.map((p) => p.processes)).toEqual([2, 4, 8, 16, 32]);
    for (const p of points) {
      expect(p.iterations).toBe(SAMPLES);
      expect(p.min).toBeCloseTo(p.max, 9);
      expect(p.mean).toBeCloseTo(p.max, 9);
    }
    // a binary tree of 5 µs hops: up and down its depth, ⌈log2 R⌉ hops each way
    for (const p of points) expect(p.max).toBeCloseTo(2 * 5 * Math.ceil(Math.log2(p.processes)), 9);
  });

  it('put the worst above the average above the best once noise hits some samples', () => {
    const noise = [source({ periodUs: 3000, duration: { dist: 'fixed', valueUs: 50 } })];
    const points = allreduceSamplePoints(runAll(allreduce(noise)), 2);
    const last = points.at(-1)!;
    expect(last.max).toBeGreaterThan(last.mean);
    expect(last.mean).toBeGreaterThan(last.min);
    const text = allreduceSamplesSummary(points, formatTimeUs);
    expect(text).toMatch(/^From 2 to 32 processes, 80 samples each: the worst /);
    expect(text).toContain('At 32 processes the average is');
    // the job's own size read first when it is not the most
    const withJob = allreduceSamplesSummary(points, formatTimeUs, 8);
    expect(withJob).toMatch(
      /At 8 processes \(the job's\) the average is [\d.]+× the best and the worst [\d.]+×; at 32 processes the average is/,
    );
    const rows = allreduceSamplesCsv(points).trim().split('\n');
    expect(rows[0]).toBe('nodes,processes,best_us,average_us,worst_us,samples,two_se_us');
    expect(rows).toHaveLength(1 + points.length);
    expect(allreduceSamplesSummary([], formatTimeUs)).toBe('No data yet.');
  });

  it('leave out another workload’s points (a barrier sweep’s, drawn before the Exchange switch)', () => {
    const barrier = scenario({ nodes: 4, cores: 2, g: 100, iterations: 10 });
    const points: SweepPointResult[] = [
      { index: 0, assignments: [{ path: 'job.nodes', value: 4 }], result: runScenario(barrier) },
    ];
    expect(allreduceSamplePoints(points, 2)).toEqual([]);
  });
});
