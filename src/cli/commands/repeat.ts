// `noiselab repeat`: how different a job's run time is from one run to the next. The scenario
// runs once per seed, seeds --seed (default 1) onwards: each seed draws the noise's phases, its
// placements and its event durations anew, as a new job on the same machine would meet them.
// A run's time is the sum of its measured iterations (warm-up excluded, as a benchmark times its
// loop). The output is the distribution of those times — mean, standard deviation, coefficient
// of variation (the measure of 001 Table 2), percentiles, skewness (a long right tail is
// positive, 001 sec 11) and a histogram — and one row per run, reproducible alone with
// `run --seed <row seed>`. With --vary, the same at every combination of the varied values
// (the spread against process count: --vary job.nodes=8,32,128), each combination with runs of
// its own: the last combination's seeds are those of repeat without --vary, the one before it
// the next --runs seeds, and so on (the variability view's picture against processes makes the
// same runs). The runs go on worker threads; the output does not depend on them.
import { planSweep, type RunResult, type SweepPoint } from '../../engine/index.ts';
import { sweepAssignments } from '../../engine/sweep.ts';
import { ScenarioError } from '../../scenario/index.ts';
import type { Scenario } from '../../scenario/types.ts';
import { histogramOf, runTimeUs, seedBlocks, spreadOf } from '../../engine/run-spread.ts';
import { toCsv } from '../../format/csv.ts';
import type { Invocation } from '../args.ts';
import { CliError, messageOf } from '../errors.ts';
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

/** The refusals of a --vary that repeat cannot take, one line each: a varied seed (the runs
 * are the seeds), a value given twice (its runs would be made twice over). */
function varyProblems(inv: Invocation): string[] {
  const lines: string[] = [];
  for (const v of inv.varies) {
    if (v.path === 'seed') {
      lines.push(
        '--vary seed: the runs are the seeds (--runs of them from --seed on); vary another path',
      );
      continue;
    }
    const seen = new Set<string>();
    for (const value of v.values) {
      const key = JSON.stringify(value);
      if (seen.has(key)) {
        lines.push(
          `--vary ${v.path}: ${key} is given twice; give each value once (its runs are --runs)`,
        );
        break;
      }
      seen.add(key);
    }
  }
  return lines;
}

/** The combinations of the varied values, each validated alone (a refusal names the values,
 * not a seed the user did not give). */
function checkCombinations(inv: Invocation, base: Scenario): void {
  if (inv.varies.length === 0) return;
  try {
    planSweep(base, inv.varies);
  } catch (err) {
    // as in sweep: anything but a ScenarioError comes from a varied path that does not exist
    if (err instanceof ScenarioError) throw err;
    throw new CliError(`--vary: ${messageOf(err)}`);
  }
}

export async function repeatCommand(inv: Invocation): Promise<string> {
  const problems = varyProblems(inv);
  if (problems.length > 0) throw new CliError(problems);
  const base = loadScenario(inv.file, inv);
  checkCombinations(inv, base);
  const runs = inv.runs!; // parseArgs requires --runs for repeat
  // Seeds from --seed (loadScenario has put it in base), else from the scenario's own seed, as
  // the page's run-to-run view makes them: fixed up front.
  const combos = sweepAssignments(inv.varies);
  const blocks = seedBlocks(base.seed, runs, combos.length);
  const paths = inv.varies.map((v) => v.path);
  // One point per run: its seed taken literally, the combination's values set with it (a
  // combination's runs consecutive). The seeds stay within 2^32 − 1 (repeatSeeds), and every
  // point is validated before anything runs.
  const points: SweepPoint[] = planSweep(base, [
    {
      path: 'seed',
      values: blocks.flat(),
      together: paths.map((path, k) => ({
        path,
        values: combos.flatMap((c) => blocks[0].map(() => c[k].value)),
      })),
    },
  ]);
  const results = await runPoints(points, inv.threads ?? defaultThreads(points.length));
  const rows = results.map(({ result }, k) => {
    const varied: Record<string, unknown> = {};
    for (const a of points[k].assignments) if (a.path !== 'seed') varied[a.path] = a.value;
    return { ...varied, ...rowOf(points[k].scenario.seed, result) };
  });
  if (inv.format === 'csv') return toCsv([...paths, ...REPEAT_COLUMNS], roundTimes(rows));
  const spreadOfRows = (group: typeof rows) => {
    const times = group.map((r) => r.runTimeUs as number);
    return { runTimeUs: spreadOf(times), histogram: histogramOf(times) };
  };
  const seedRange = (seeds: number[]) => ({ first: seeds[0], last: seeds[seeds.length - 1] });
  const head = { title: base.title, workload: base.workload.kind, runs };
  // the statistics from the times as run, then everything printed to the picosecond
  if (paths.length === 0) {
    return formatJson(
      roundTimes({ ...head, seeds: seedRange(blocks[0]), ...spreadOfRows(rows), rows }),
    );
  }
  const combinations = combos.map((c, k) => {
    const group = rows.slice(k * runs, (k + 1) * runs);
    const job = points[k * runs].scenario.job;
    const varied = Object.fromEntries(c.map((a) => [a.path, a.value]));
    return {
      ...varied,
      processes: job.nodes * job.ranksPerNode,
      seeds: seedRange(blocks[k]),
      ...spreadOfRows(group),
    };
  });
  return formatJson(roundTimes({ ...head, varied: paths, points: combinations, rows }));
}
