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
  /** the download's name, without extension */
  file: string;
  /** what the table's rows are */
  tableCaption: string;
  /** the table's column of a point's count ("Updates", "Samples") */
  countColumn: string;
}

/** The most over the least at a point, where the least is above nothing; else null. */
export const maxOverMin = (p: Pick<SpreadPoint, 'min' | 'max'>): number | null =>
  p.min > 0 ? p.max / p.min : null;
