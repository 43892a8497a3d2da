// The data of the halo's "update against machine size" view, Worley's presentation of HALO (004,
// slides "HALO on Franklin: max vs. min", log-log): one update as each rank times it (the start
// of its compute to its release, docs/workloads.md §7), per update the most, the mean and the
// least over the ranks, each averaged over the measured updates, against the process count. The
// sweep is the cycle-time view's over node counts (cycle-time.ts cyclePlan, its quick and final
// passes, its points too costly left out) at the job's own ranks per node. Pure.
import { csvLines } from '../format/csv.ts';
import { formatCount, movedText } from '../format/numbers.ts';
import { roundUs, usCell } from '../format/round-us.ts';
import { readableCite } from '../published/cite.ts';
import type { Scenario } from '../scenario/types.ts';
import type { SweepPointResult } from '../state/sweep.svelte.ts';
import { cyclePlan, cycleSeries, FIRST_FULL_GRID, leastWhy, type CyclePlan } from './cycle-time.ts';
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
  names: [
    'most over the processes (per update, averaged)',
    'mean over the processes',
    'least over the processes (per update, averaged)',
  ],
  short: ['the most', 'the mean', 'the least'],
  columns: ['Most', 'Mean', 'Least', 'Most / least'],
  file: 'halo-update-vs-processes',
  tableCaption:
    'One halo update per process count: the most, mean and least over the processes, per update, averaged over the updates',
  counted: 'updates',
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

/** The growth of HALO's own figure on the XT3 jaguarcnl from 16 to 4,096 processes (004, "HALO
 * on Jaguarcnl": "increasing by a factor of 3 between 16 and 4096 processes"). */
export const JAGUARCNL_GROWTH = { from: 16, to: 4096, factor: 3 } as const;

/**
 * The view's reading in sentences: from 16 processes (or the fewest) to the most, how the most,
 * the mean and the least moved; for updates timed after a barrier (Worley's single timed update
 * on Franklin), the most against the least at the most processes against his 5–10×; for updates
 * back to back (HALO's own run), the job's update from 16 to 4,096 processes against the 3× he
 * reported on jaguarcnl; and why the least moves as it does.
 */
export function haloUpdateSummary(
  points: readonly UpdatePoint[],
  formatUs: (us: number) => string,
  timedUpdates: boolean,
): string {
  if (points.length === 0) return 'No data yet.';
  const a = points.find((p) => p.processes >= FIRST_FULL_GRID) ?? points[0];
  const b = points[points.length - 1];
  const nothing = (p: UpdatePoint) => maxOverMin(p) === null;
  const least = (p: UpdatePoint) => (nothing(p) ? 'about nothing' : formatUs(p.min));
  const averaged = `each averaged over a point's ${UPDATE_WORDS.counted}`;
  if (a === b)
    return `On ${formatCount(a.processes)} processes, ${averaged}: the most ${formatUs(a.max)}, the mean ${formatUs(a.mean)}, the least ${least(a)}.${leastWhy(timedUpdates)}`;
  const moved =
    `From ${formatCount(a.processes)} to ${formatCount(b.processes)} processes, one update as a rank times it, ${averaged}: ` +
    `the most ${formatUs(a.max)} → ${formatUs(b.max)}, ${movedText(b.max / a.max)}; ` +
    `the mean ${formatUs(a.mean)} → ${formatUs(b.mean)}, ${movedText(b.mean / a.mean)}; ` +
    `the least ${least(a)} → ${least(b)}` +
    (nothing(a) || nothing(b) ? '.' : `, ${movedText(b.min / a.min)}.`);
  let against = '';
  const ratio = maxOverMin(b);
  if (timedUpdates && ratio !== null) {
    const [lo, hi] = WORLEY_MAX_OVER_MIN;
    const gap = ratio < lo ? '; a narrower gap here' : ratio > hi ? '; a wider gap here' : '';
    against = ` At ${formatCount(b.processes)} processes the most is ${ratio.toFixed(1)}× the least (${readableCite('004')}, a single update timed on Franklin: ${lo} to ${hi}× for small halos${gap}).`;
  } else if (!timedUpdates) {
    const { from, to, factor } = JAGUARCNL_GROWTH;
    const p16 = points.find((p) => p.processes === from);
    const p4096 = points.find((p) => p.processes === to);
    if (p16 && p4096)
      against = ` The job's update, release to release (what HALO itself reports): ${formatUs(p16.jobUs)} on ${from} → ${formatUs(p4096.jobUs)} on ${formatCount(to)} processes, ${movedText(p4096.jobUs / p16.jobUs)} (${readableCite('004')} on the XT3 jaguarcnl: about ${factor}×).`;
  }
  return moved + against + leastWhy(timedUpdates);
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
