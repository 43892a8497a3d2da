// Readers of a step's sweep over seeds for the run-to-run lesson: the runs' times grouped by
// the sweep's other varied value, their spread, and the words the reveals use for it. A run's
// time is the sum of its measured iterations (engine/run-spread.ts), as the run-to-run view and
// `noiselab repeat` take it.
import type { RunResult } from '../engine/result.ts';
import { repeatSeeds, runTimeUs, spreadOf, type Spread } from '../engine/run-spread.ts';
import type { Vary } from '../engine/sweep.ts';
import type { Scenario } from '../scenario/types.ts';
import type { Read } from './figures.ts';

/**
 * A sweep of `runs` seeds from the scenario's own (the run-to-run view's seeds), after the
 * values of `other` when given: the points are `other`'s values in order, each with every seed.
 */
export function seedsPlan(
  runs: number,
  other?: (s: Scenario) => Vary,
): (s: Scenario) => { varies: Vary[]; total: number } {
  return (s) => {
    const seeds: Vary = { path: 'seed', values: repeatSeeds(s.seed, runs) };
    const before = other ? [other(s)] : [];
    const total = before.reduce((n, v) => n * v.values.length, 1) * runs;
    return { varies: [...before, seeds], total };
  };
}

/** The runs' times (µs) of each of `groups` groups of `runs` consecutive points of a sweep. */
export function groupTimes(
  sweep: readonly RunResult[] | null | undefined,
  groups: number,
  runs: number,
): Read<number[][]> {
  if (!sweep || sweep.length !== groups * runs)
    return { ok: false, reason: 'the repeated runs are not all done yet' };
  const times: number[][] = [];
  for (let g = 0; g < groups; g++)
    times.push(sweep.slice(g * runs, (g + 1) * runs).map((r) => runTimeUs(r)));
  return { ok: true, value: times };
}

/** A CoV (a fraction) as the reveals print it: `0.88%`, `16.6%`. */
export function covText(cov: number): string {
  const pct = cov * 100;
  return `${pct >= 10 ? pct.toFixed(1) : pct.toFixed(2)}%`;
}

/** s with three decimals: a run of EP differs from the next in its milliseconds. */
export function seconds(us: number): string {
  return `${(us / 1e6).toFixed(3)} s`;
}

/** "mean 5.138 s, standard deviation 0.066 s, fastest 5.110 s, slowest 5.427 s" */
export function spreadText(s: Spread): string {
  return `mean ${seconds(s.meanUs)}, standard deviation ${seconds(s.sdUs)}, fastest ${seconds(s.minUs)}, slowest ${seconds(s.maxUs)}`;
}

export { spreadOf, type Spread };
