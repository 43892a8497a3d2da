// Most, mean and least against processes (ProcessSpread.svg.svelte), as Worley drew the Cray XT4
// Franklin's measurements (004): the shapes the halo's and the allreduce's data take for the
// chart. Pure.
import type { PointTrust } from './point-trust.ts';

/** One process count: the most, mean and least of what is drawn, µs. */
export interface SpreadPoint extends PointTrust {
  processes: number;
  min: number;
  mean: number;
  max: number;
  /** a first pass's point (the final one will replace it) */
  coarse: boolean;
}

/** The chart's words. */
export interface SpreadWords {
  /** "One halo update against processes" */
  title: string;
  /** the y axis: "time for one update" */
  yTitle: string;
  /** the legend's names of the most, the mean and the least */
  names: readonly [string, string, string];
  /** the same in a tooltip: "the most" */
  short: readonly [string, string, string];
  /** the table's columns of the most, the mean and the least, and of the most over the least */
  columns: readonly [string, string, string, string];
  /** the download's name, without extension */
  file: string;
  /** what the table's rows are */
  tableCaption: string;
  /** what a point's count counts ("updates", "samples": its table column and tooltips) */
  counted: string;
}

/**
 * A least below this share of the most is "about nothing" (a halo's updates back to back with
 * messages free of CPU time: some rank found its neighbours' messages in and took them at no
 * cost): no ratio is given for it, and a log axis does not reach down to it.
 */
export const NOTHING_SHARE = 1e-3;

/** The most over the least at a point, where the least is above nothing; else null. */
export const maxOverMin = (p: Pick<SpreadPoint, 'min' | 'max'>): number | null =>
  p.min > NOTHING_SHARE * p.max ? p.max / p.min : null;

/** How a value moved from one point to another, from new / old: "96×", "1.8×", "down 24%",
 * "about the same, up 3%" (within 20% either way). No parentheses: it sits inside some. */
export function movedText(ratio: number): string {
  if (!Number.isFinite(ratio)) return 'from nothing';
  if (ratio >= 1.2) return `${ratio >= 10 ? ratio.toFixed(0) : ratio.toFixed(1)}×`;
  const pct = Math.round(100 * Math.abs(ratio - 1));
  if (ratio <= 0.8) return `down ${pct}%`;
  return `about the same, ${ratio < 1 ? 'down' : 'up'} ${pct}%`;
}

/** A point's tooltip line of trust: how many updates or samples it holds, and whether it is a
 * first pass's or short of precision. Not the ± of a mean: the most and the least have none
 * measured here (the engine keeps their averages, not their spread). */
export function spreadTrustText(p: SpreadPoint, counted: string): string {
  const n = `over ${p.iterations.toLocaleString('en-US')} ${counted}`;
  if (p.coarse) return `${n}; a first quick pass, refined next`;
  if (p.tentative && p.precision !== null)
    return `${n}; its rarest noise source is known to ±${Math.round(100 * p.precision)}% only`;
  return n;
}
