// The data of the halo's "update against machine size" view, Worley's presentation of HALO (004,
// slides "HALO on Franklin: max vs. min", log-log): one update as each rank times it (the start
// of its compute to its release, docs/workloads.md §7), per update the most, the mean and the
// least over the ranks, each averaged over the measured updates, against the process count. The
// sweep is the cycle-time view's over node counts (cycle-time.ts cyclePlan, its quick and final
// passes, its points too costly left out) at the job's own ranks per node. Pure.
import { csvLines } from '../format/csv.ts';
import { changeText, formatCount } from '../format/numbers.ts';
import { roundUs, usCell } from '../format/round-us.ts';
import { readableCite } from '../published/cite.ts';
import type { Scenario } from '../scenario/types.ts';
import type { SweepPointResult } from '../state/sweep.svelte.ts';
import { cyclePlan, cycleSeries, leastWhy, type CyclePlan } from './cycle-time.ts';
import { maxOverMin, type SpreadPoint, type SpreadWords } from './process-spread.ts';

/** Worley's gap between the most and the least for small halos (004, "HALO on Franklin: max vs.
 * min", the log-log slide: "a factor of 5-10 greater than that of the minimum time"). */
export const WORLEY_MAX_OVER_MIN = [5, 10] as const;

/** The view's sweep: null for a workload other than the halo exchange. */
export function haloUpdatePlan(s: Scenario): CyclePlan | null {
  return s.workload.kind === 'halo' ? cyclePlan(s, true) : null;
}

/** A process count's update, µs: min, mean and max per update over the ranks, averaged over the
 * measured updates. */
export interface UpdatePoint extends SpreadPoint {
  nodes: number;
  /** µs: the job's mean update, release to release (the iteration time) */
  jobUs: number;
}

/** The chart's words for a halo update. */
export const UPDATE_WORDS: SpreadWords = {
  title: 'One halo update against processes',
  yTitle: 'time for one update',
  names: ['most over the processes', 'mean over the processes', 'least over the processes'],
  short: ['the most', 'the mean', 'the least'],
  file: 'halo-update-vs-processes',
  tableCaption: 'One halo update per process count: the most, mean and least over the processes',
  countColumn: 'Updates',
};

/** The sweep's points with a timed update, in process order. */
export function haloUpdatePoints(points: readonly SweepPointResult[]): UpdatePoint[] {
  return cycleSeries(points)
    .series.flatMap((s) => s.points)
    .filter((p) => p.exchange !== null)
    .map((p) => ({
      nodes: p.nodes,
      processes: p.processors,
      min: p.exchange!.min,
      mean: p.exchange!.mean,
      max: p.exchange!.max,
      jobUs: p.meanUs,
      coarse: p.coarse,
      spreadUs: p.spreadUs,
      spreadBy: p.spreadBy,
      iterations: p.iterations,
      precision: p.precision,
      tentative: p.tentative,
    }))
    .sort((a, b) => a.processes - b.processes);
}

/**
 * The view's reading in sentences: from the fewest to the most processes, how the most, the mean
 * and the least moved, the most against the least at the most processes (against Worley's
 * 5–10×), and why the least moves as it does in the mode the updates were timed.
 */
export function haloUpdateSummary(
  points: readonly UpdatePoint[],
  formatUs: (us: number) => string,
  timedUpdates: boolean,
): string {
  if (points.length === 0) return 'No data yet.';
  const a = points[0];
  const b = points[points.length - 1];
  if (points.length === 1)
    return `On ${formatCount(a.processes)} processes: the most ${formatUs(a.max)}, the mean ${formatUs(a.mean)}, the least ${formatUs(a.min)}.`;
  const ratio = maxOverMin(b);
  const [lo, hi] = WORLEY_MAX_OVER_MIN;
  const gap =
    ratio === null
      ? ` At ${formatCount(b.processes)} processes the least is nothing: some rank met its neighbours' messages already in.`
      : ` At ${formatCount(b.processes)} processes the most is ${ratio.toFixed(1)}× the least (${readableCite('004')}: ${lo} to ${hi}× for small halos${ratio < lo ? '; a narrower gap here than his' : ratio > hi ? '; a wider gap here than his' : ''}).`;
  return (
    `From ${formatCount(a.processes)} to ${formatCount(b.processes)} processes, one update as a rank times it: ` +
    `the most ${formatUs(a.max)} → ${formatUs(b.max)} (${changeText(b.max / a.max)}), ` +
    `the mean ${formatUs(a.mean)} → ${formatUs(b.mean)}, ` +
    `the least ${formatUs(a.min)} → ${formatUs(b.min)} (${a.min > 0 ? changeText(b.min / a.min) : 'from nothing'}).` +
    gap +
    leastWhy(timedUpdates)
  );
}

/** The view's data as CSV: one row per point. */
export function haloUpdateCsv(points: readonly UpdatePoint[]): string {
  const rows: (string | number | null)[][] = [
    [
      'nodes',
      'processes',
      'update_min_us',
      'update_mean_us',
      'update_max_us',
      'max_over_min',
      'job_update_us',
      'updates',
      'two_se_job_us',
    ],
  ];
  for (const p of points) {
    const r = maxOverMin(p);
    rows.push([
      p.nodes,
      p.processes,
      usCell(p.min),
      usCell(p.mean),
      usCell(p.max),
      r === null ? null : Math.round(r * 100) / 100,
      roundUs(p.jobUs),
      p.iterations,
      usCell(p.spreadUs),
    ]);
  }
  return csvLines(rows);
}
