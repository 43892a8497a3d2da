// Run to run against process count (the variability view's second picture): its sweep (the
// job's sizes, each with seeds of its own), each size's fastest, mean and slowest run against
// the noiseless closed form and against the runs one by one, and its reading and CSV.
import { describe, expect, it } from 'vitest';
import {
  processNodeSteps,
  processRuns,
  processRunsCsv,
  processRunsPlan,
  processRunsSummary,
} from '../../src/charts/run-spread-by-processes.ts';
import { runScenario } from '../../src/engine/index.ts';
import { runTimeUs, seedBlocks, spreadOf } from '../../src/engine/run-spread.ts';
import { planSweep } from '../../src/engine/sweep.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import type { SweepPointResult } from '../../src/state/sweep.svelte.ts';
import { scenario, source } from '../helpers/scenario.ts';

/** Every point of the plan run in this process, as the page's workers do. */
function runAll(s: Scenario, runs: number): SweepPointResult[] {
  const plan = processRunsPlan(s, runs);
  return planSweep(plan.base, plan.varies).map((p, index) => ({
    index,
    assignments: p.assignments,
    result: runScenario(p.scenario),
  }));
}

const G = 100;
const ITER = 40;
// a hardware barrier of 2 µs + 3 µs a level: L(n) = 2 + 3⌈log₂ n⌉ (model.md)
const base = (noise: Scenario['noise'] = []) =>
  scenario({
    nodes: 16,
    jobNodes: 12,
    cores: 2,
    g: G,
    iterations: ITER,
    collective: { kind: 'hardware', baseUs: 2, perLevelUs: 3 },
    noise,
  });

describe('run to run against processes', () => {
  it('runs the powers of two below the job, then the job', () => {
    expect(processNodeSteps(1)).toEqual([1]);
    expect(processNodeSteps(32)).toEqual([1, 2, 4, 8, 16, 32]);
    expect(processNodeSteps(48)).toEqual([1, 2, 4, 8, 16, 32, 48]);
    const plan = processRunsPlan({ ...base(), seed: 7 }, 3);
    expect(plan.nodes).toEqual([1, 2, 4, 8, 12]);
    // each size its own seeds; the job's own size those of the histogram (7, 8, 9)
    expect(plan.seeds).toEqual([
      [19, 20, 21],
      [16, 17, 18],
      [13, 14, 15],
      [10, 11, 12],
      [7, 8, 9],
    ]);
    // one point per (size, seed) pair, a size's runs consecutive, no seed at two sizes
    const points = planSweep(plan.base, plan.varies);
    expect(points.map((p) => [p.scenario.job.nodes, p.scenario.seed])).toEqual(
      plan.nodes.flatMap((n, k) => plan.seeds[k].map((seed) => [n, seed])),
    );
    // kept within 2³² − 1, still distinct
    const top = seedBlocks(2 ** 32 - 2, 2, 3);
    expect(new Set(top.flat()).size).toBe(6);
    expect(Math.max(...top.flat())).toBe(2 ** 32 - 1);
  });

  it('without noise, every run at n nodes takes iterations × (g + L(n)), no spread', () => {
    const sizes = processRuns(runAll(base(), 3), processRunsPlan(base(), 3));
    expect(sizes.map((p) => p.processes)).toEqual([2, 4, 8, 16, 24]);
    for (const p of sizes) {
      const expected = ITER * (G + 2 + 3 * Math.ceil(Math.log2(p.nodes)));
      expect(p.min).toBeCloseTo(expected, 6);
      expect(p.mean).toBeCloseTo(expected, 6);
      expect(p.max).toBeCloseTo(expected, 6);
      expect(p.spread.cov).toBe(0);
      expect(p.tentative).toBe(false);
    }
  });

  it('with noise, each size is the spread of its own runs, each the run its seed makes alone', () => {
    const noisy = base([source({ periodUs: 700, duration: { dist: 'fixed', valueUs: 40 } })]);
    const points = runAll(noisy, 4);
    const plan = processRunsPlan(noisy, 4);
    const sizes = processRuns(points, plan);
    for (const [k, p] of sizes.entries()) {
      const times = [0, 1, 2, 3].map((r) =>
        runTimeUs(
          runScenario({
            ...noisy,
            seed: plan.seeds[k][r],
            job: { ...noisy.job, nodes: plan.nodes[k] },
          }),
        ),
      );
      const s = spreadOf(times);
      expect([p.min, p.mean, p.max]).toEqual([s.minUs, s.meanUs, s.maxUs]);
      expect(p.iterations).toBe(4);
    }
    // the more nodes, the more likely some rank is hit in an iteration: the mean grows
    expect(sizes.at(-1)!.mean).toBeGreaterThan(sizes[0].mean);
  });

  it('draws a size once all its runs are in, with the seeds of its slowest and fastest', () => {
    const noisy = base([source({ periodUs: 700, duration: { dist: 'fixed', valueUs: 40 } })]);
    const points = runAll(noisy, 4);
    const plan = processRunsPlan(noisy, 4);
    // the first size complete, the second with three runs of four
    const partial = [...points.slice(0, 4), ...points.slice(4, 7)];
    const sizes = processRuns(partial, plan);
    expect(sizes.map((p) => [p.nodes, p.iterations, p.tentative])).toEqual([[1, 4, false]]);
    const one = sizes[0];
    const timeOf = (seed: number) => runTimeUs(points[plan.seeds[0].indexOf(seed)].result);
    expect(timeOf(one.slowestSeed)).toBe(one.max);
    expect(timeOf(one.fastestSeed)).toBe(one.min);
    expect(processRuns(points, null)).toEqual([]);
  });

  it('reads the mean and the spread from the fewest processes to the most, and gives a CSV', () => {
    const noisy = base([source({ periodUs: 700, duration: { dist: 'fixed', valueUs: 40 } })]);
    const sizes = processRuns(runAll(noisy, 4), processRunsPlan(noisy, 4));
    expect(processRunsSummary(sizes)).toMatch(
      /^From 2 processes to 24 processes: the mean run [\d.]+ ms → [\d.]+ ms; the slowest run [\d.]+× the fastest at 2, [\d.]+× at 24; CoV [\d.]+% → [\d.]+%\. Without noise a run takes 4\.08 ms → 4\.56 ms \(the same work per process: the rest of the rise is the noise\)\.$/,
    );
    // the noiseless run at n nodes: iterations × (g + L(n)), as the closed form above
    for (const p of sizes) {
      expect(p.noiselessUs).toBeCloseTo(ITER * (G + 2 + 3 * Math.ceil(Math.log2(p.nodes))), 6);
    }
    expect(processRunsSummary(sizes.slice(0, 1))).toMatch(
      /^2 processes, 4 runs: mean [\d.]+ ms, the slowest [\d.]+× the fastest, CoV [\d.]+%\.$/,
    );
    expect(processRunsSummary([])).toBe('');
    const lines = processRunsCsv(sizes).trim().split('\n');
    expect(lines[0]).toBe(
      'nodes,processes,runs,first_seed,last_seed,fastest_us,mean_us,slowest_us,sd_us,cov,noiseless_us',
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 3).map(Number))).toEqual([
      [1, 2, 4],
      [2, 4, 4],
      [4, 8, 4],
      [8, 16, 4],
      [12, 24, 4],
    ]);
  });
});
