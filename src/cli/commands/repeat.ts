// `noiselab repeat`: how different a job's run time is from one run to the next. The scenario
// runs once per seed, seeds --seed (default 1) onwards: each seed draws the noise's phases, its
// placements and its event durations anew, as a new job on the same machine would meet them.
// A run's time is the sum of its measured iterations (warm-up excluded, as a benchmark times its
// loop). The output is the distribution of those times — mean, standard deviation, coefficient
// of variation (the measure of 001 Table 2), percentiles, skewness (a long right tail is
// positive, 001 sec 11) and a histogram — and one row per run, reproducible alone with
// `run --seed <row seed>`. The runs go on worker threads; the output does not depend on them.
import { planSweep, type RunResult } from '../../engine/index.ts';
import { histogramOf, runTimeUs, spreadOf } from '../../engine/run-spread.ts';
import { toCsv } from '../../format/csv.ts';
import type { Invocation } from '../args.ts';
import { loadScenario } from '../io.ts';
import { formatJson } from '../json.ts';
import { roundTimes } from '../round-times.ts';
import { runPoints } from '../sweep-pool.ts';
import { defaultThreads } from './sweep.ts';

export const REPEAT_COLUMNS = [
  'seed',
  'runTimeUs',
  'meanIterationUs',
  'slowdown',
  'iterations',
  'noiseEvents',
] as const;

type Row = Record<(typeof REPEAT_COLUMNS)[number], number | null>;

function rowOf(seed: number, r: RunResult): Row {
  return {
    seed,
    runTimeUs: runTimeUs(r),
    meanIterationUs: r.summary.meanIterationUs,
    slowdown: r.summary.slowdown,
    iterations: r.summary.iterations,
    noiseEvents: r.engine.noiseEvents,
  };
}

export async function repeatCommand(inv: Invocation): Promise<string> {
  const base = loadScenario(inv.file, inv);
  const runs = inv.runs!; // parseArgs requires --runs for repeat
  // Seeds --seed onwards (loadScenario has put it in base), else 1 onwards: fixed up front.
  const first = inv.seed === undefined ? 1 : base.seed;
  const seeds = Array.from({ length: runs }, (_, k) => first + k);
  // Each run is the scenario with its seed: validated like a sweep's points (a seed past
  // 2^32 − 1 is refused by name before anything runs).
  const points = planSweep(base, [{ path: 'seed', values: seeds }]);
  const results = await runPoints(points, inv.threads ?? defaultThreads(points.length));
  const rows = results.map(({ result }, k) => rowOf(seeds[k], result));
  if (inv.format === 'csv') return toCsv([...REPEAT_COLUMNS], roundTimes(rows));
  const times = rows.map((r) => r.runTimeUs as number);
  // the statistics from the times as run, then everything printed to the picosecond
  return formatJson(
    roundTimes({
      title: base.title,
      workload: base.workload.kind,
      runs,
      seeds: { first: seeds[0], last: seeds[runs - 1] },
      runTimeUs: spreadOf(times),
      histogram: histogramOf(times),
      rows,
    }),
  );
}
