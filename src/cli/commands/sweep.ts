// `noiselab sweep`: one run per point of the cartesian product of the --vary values, one row
// per point. planSweep validates every point before any runs (a typo in the last value must
// not surface after an hour) and gives each point a child seed derived from its own
// assignments, so a row is reproducible on its own: `run --seed <row seed>` with the row's
// values set gives the same numbers. The points run on worker threads (--threads); the output
// is the same, byte for byte, for any number of threads and any split into shards (--shard,
// put together by merge: ../shards.ts), unless --timings adds each point's wall time.
import os from 'node:os';
import {
  planSweep,
  type PrecisionReach,
  type SweepPoint,
  type RunResult,
} from '../../engine/index.ts';
import { ScenarioError } from '../../scenario/index.ts';
import type { Invocation } from '../args.ts';
import { toCsv } from '../../format/csv.ts';
import { CliError, messageOf } from '../errors.ts';
import { loadScenario } from '../io.ts';
import { formatJson } from '../json.ts';
import { roundTimes } from '../round-times.ts';
import { shardCsv, shardJson, shardPoints, sweepId } from '../shards.ts';
import { runPoints } from '../sweep-pool.ts';
import { pickSummary, roundMs, SUMMARY_KEYS } from './run.ts';

export type SweepRow = Record<string, unknown>;

/**
 * Columns of the rows: the varied paths, the point's seed, the summary, with --precision the
 * precision reached and whether it met the target, the engine's cost in events, and with
 * `timings` its wall time.
 */
export function sweepColumns(paths: string[], timings = false, precision = false): string[] {
  // A varied `seed` is the point's seed itself (planSweep takes it literally): one column.
  const reach = precision ? ['precision', 'precisionMet', 'simulatedUs', 'neededUs'] : [];
  const cost = timings ? ['noiseEvents', 'wallMs'] : ['noiseEvents'];
  return [...new Set([...paths, 'seed', ...SUMMARY_KEYS, ...reach, ...cost])];
}

/** A point's row; `wallMs` only when timed (--timings), its reach only with --precision. */
export function sweepRow(
  point: SweepPoint,
  result: RunResult,
  wallMs?: number,
  reach?: PrecisionReach,
): SweepRow {
  const row: SweepRow = {};
  for (const a of point.assignments) row[a.path] = a.value;
  // times to the picosecond (round-times.ts); a varied path's value is the user's, not rounded
  return {
    ...row,
    ...roundTimes({
      seed: point.scenario.seed,
      ...pickSummary(result.summary),
      // three significant digits: the standard error is itself an estimate, to about ±20 %
      // met needs both: the precision, and the measured time its rarest source needs to show
      // (neededUs): a row under its target precision but short of that time says so by them
      ...(reach
        ? {
            precision: Number(reach.relSe.toPrecision(3)),
            precisionMet: reach.met,
            simulatedUs: reach.simulatedUs,
            neededUs: reach.neededUs,
          }
        : {}),
      noiseEvents: result.engine.noiseEvents,
      ...(wallMs === undefined ? {} : { wallMs }),
    }),
  };
}

/** Threads when --threads is not given: two, unless the machine or the sweep has fewer. */
export function defaultThreads(points: number): number {
  return Math.max(1, Math.min(2, os.availableParallelism(), points));
}

/**
 * Command lines a sweep would run without doing what they say: a value given twice in one
 * --vary (each point's seed comes from its values, so the two rows are the same run, not two
 * samples: `repeat` makes replicates). One line each. (A --set of a path a --vary also sets
 * is not one: a script's usual shrink, `--set job.nodes=16`, then a sweep over nodes; the
 * usage says that --vary wins.)
 */
export function sweepLineProblems(inv: Pick<Invocation, 'varies'>): string[] {
  const lines: string[] = [];
  for (const v of inv.varies) {
    const seen = new Set<string>();
    for (const value of v.values) {
      const key = JSON.stringify(value);
      if (seen.has(key)) {
        lines.push(
          `--vary ${v.path}: ${key} is given twice; each point's seed comes from its values, ` +
            'so both would be the same run (for replicates over seeds: noiselab repeat)',
        );
        break;
      }
      seen.add(key);
    }
  }
  return lines;
}

export async function sweepCommand(inv: Invocation): Promise<string> {
  const problems = sweepLineProblems(inv);
  if (problems.length > 0) throw new CliError(problems);
  const base = loadScenario(inv.file, inv);
  let points: SweepPoint[];
  try {
    points = planSweep(base, inv.varies);
  } catch (err) {
    // planSweep reports invalid points as ScenarioErrors; anything else it throws comes from
    // setPath, i.e. a varied path that does not exist (possibly only at some points, when an
    // earlier --vary replaces a list): a mistake in the command line, not an internal error.
    if (err instanceof ScenarioError) throw err;
    throw new CliError(`--vary: ${messageOf(err)}`);
  }
  const shard = inv.shard;
  if (shard && shard.count > points.length) {
    throw new CliError(
      `--shard: ${shard.index}/${shard.count} splits a sweep of ${points.length} ` +
        `point${points.length === 1 ? '' : 's'} into more shards than it has points; ` +
        `allowed: at most ${points.length} shards`,
    );
  }
  const indices = shard ? shardPoints(points.length, shard) : points.map((_, k) => k);
  // wallMs is timed in the thread that runs the point, around the run and building its result
  // (sorting the iteration times for the percentiles: small next to the run itself).
  const results = await runPoints(
    indices.map((k) => points[k]),
    inv.threads ?? defaultThreads(indices.length),
    inv.precision,
  );
  const rows = indices.map((k, n) => ({
    point: k,
    row: sweepRow(
      points[k],
      results[n].result,
      inv.timings ? roundMs(results[n].wallMs) : undefined,
      results[n].reach,
    ),
  }));
  const columns = sweepColumns(
    inv.varies.map((v) => v.path),
    inv.timings,
    inv.precision !== undefined,
  );
  if (shard) {
    const id = sweepId(base, inv.varies, inv.timings, inv.precision);
    const head = { sweep: id, shard, points: points.length };
    return inv.format === 'csv' ? shardCsv(head, columns, rows) : shardJson(head, rows);
  }
  if (inv.format === 'csv')
    return toCsv(
      columns,
      rows.map((r) => r.row),
    );
  return formatJson(rows.map((r) => r.row));
}
