// `noiselab repeat`: how different a job's run time is from one run to the next. The scenario
// runs once per seed, seeds --seed (default 1) onwards: each seed draws the noise's phases, its
// placements and its event durations anew, as a new job on the same machine would meet them.
// A run's time is the sum of its measured iterations (warm-up excluded, as a benchmark times its
// loop). The output is the distribution of those times — mean, standard deviation, coefficient
// of variation (the measure of 001 Table 2), percentiles, skewness (a long right tail is
// positive, 001 sec 11) and a histogram — and one row per run, reproducible alone with
// `run --seed <row seed>`. With --vary, the same at every combination of the varied values
// (the spread against process count, 004's presentation: --vary job.nodes=8,32,128), each
// combination over the same seeds. The runs go on worker threads; the output does not depend
// on them.
import { planSweep, type RunResult, type SweepPoint } from '../../engine/index.ts';
import { ScenarioError } from '../../scenario/index.ts';
import { histogramOf, runTimeUs, spreadOf } from '../../engine/run-spread.ts';
import { toCsv } from '../../format/csv.ts';
import type { Invocation } from '../args.ts';
import { CliError, messageOf } from '../errors.ts';
import { loadScenario } from '../io.ts';
import { formatJson } from '../json.ts';
import { roundTimes } from '../round-times.ts';
import { runPoints } from '../sweep-pool.ts';
import { defaultThreads, sweepLineProblems } from './sweep.ts';

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

/** The refusals of a --vary that repeat cannot take (sweep's, and a varied seed), one line each. */
function varyProblems(inv: Invocation): string[] {
  const lines = sweepLineProblems(inv);
  if (inv.varies.some((v) => v.path === 'seed')) {
    lines.push(
      '--vary seed: the runs are the seeds (--runs of them from --seed on); vary another path',
    );
  }
  return lines;
}

export async function repeatCommand(inv: Invocation): Promise<string> {
  const problems = varyProblems(inv);
  if (problems.length > 0) throw new CliError(problems);
  const base = loadScenario(inv.file, inv);
  const runs = inv.runs!; // parseArgs requires --runs for repeat
  // Seeds --seed onwards (loadScenario has put it in base), else 1 onwards: fixed up front.
  const first = inv.seed === undefined ? 1 : base.seed;
  const seeds = Array.from({ length: runs }, (_, k) => first + k);
  // Each run is the scenario with its seed (the fastest-changing value: a combination's runs
  // are consecutive), validated like a sweep's points: a seed past 2^32 − 1, or a varied value
  // the scenario refuses, is named before anything runs.
  let points: SweepPoint[];
  try {
    points = planSweep(base, [...inv.varies, { path: 'seed', values: seeds }]);
  } catch (err) {
    // as in sweep: anything but a ScenarioError comes from a varied path that does not exist
    if (err instanceof ScenarioError || inv.varies.length === 0) throw err;
    throw new CliError(`--vary: ${messageOf(err)}`);
  }
  const results = await runPoints(points, inv.threads ?? defaultThreads(points.length));
  const paths = inv.varies.map((v) => v.path);
  const rows = results.map(({ result }, k) => {
    const varied: Record<string, unknown> = {};
    for (const a of points[k].assignments) if (a.path !== 'seed') varied[a.path] = a.value;
    return { ...varied, ...rowOf(seeds[k % runs], result) };
  });
  if (inv.format === 'csv') return toCsv([...paths, ...REPEAT_COLUMNS], roundTimes(rows));
  const spreadOfRows = (group: typeof rows) => {
    const times = group.map((r) => r.runTimeUs as number);
    return { runTimeUs: spreadOf(times), histogram: histogramOf(times) };
  };
  const head = {
    title: base.title,
    workload: base.workload.kind,
    runs,
    seeds: { first: seeds[0], last: seeds[runs - 1] },
  };
  // the statistics from the times as run, then everything printed to the picosecond
  if (paths.length === 0) return formatJson(roundTimes({ ...head, ...spreadOfRows(rows), rows }));
  const combinations = Array.from({ length: rows.length / runs }, (_, c) => {
    const group = rows.slice(c * runs, (c + 1) * runs);
    const job = points[c * runs].scenario.job;
    const varied = Object.fromEntries(
      paths.map((p) => [p, group[0][p as keyof (typeof group)[0]]]),
    );
    return { ...varied, processes: job.nodes * job.ranksPerNode, ...spreadOfRows(group) };
  });
  return formatJson(roundTimes({ ...head, varied: paths, points: combinations, rows }));
}
