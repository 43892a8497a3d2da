// Most, mean and least against processes (ProcessSpread.svg.svelte), as Worley drew the Cray XT4
// Franklin's measurements (004): the shapes the halo's and the allreduce's data take for the
// chart. Pure.
import { tentativeWhy, type PointTrust } from './point-trust.ts';

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

/** A point's tooltip line of trust: how many updates or samples it holds, and whether it is a
 * first pass's or short of precision. Not the ± of a mean: the most and the least have none
 * measured here (the engine keeps their averages, not their spread). */
export function spreadTrustText(p: SpreadPoint, counted: string): string {
  return `over ${p.iterations.toLocaleString('en-US')} ${counted}${tentativeWhy(p, !p.coarse)}`;
}

/** "1.004×", "1.96×", "12.3×": a ratio near 1 (run times) keeps the digits that differ. */
export function ratioText(r: number): string {
  return `${r.toFixed(r < 1.1 ? 3 : r < 10 ? 2 : 1)}×`;
}
