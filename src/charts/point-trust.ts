// How far to trust one point of a sweep, as the charts say it: a band of ± two standard errors
// of its mean iteration time, by batch means once it has enough iterations (engine
// batch-means.ts: iterations are correlated, and the naive σ/√n would make the band too
// narrow), from the spread of its own iterations before that; and whether the point is
// tentative: a first pass's, which the final pass will replace, or one that stopped before its
// rarest sources that matter were known to UNCERTAIN_PRECISION (src/engine/point-length.ts),
// which can leave most of a machine's lost time out of a mean that looks precise.
import { BATCHES, batchMeansSe } from '../engine/batch-means.ts';
import type { SweepPointResult } from '../state/sweep.svelte.ts';

/** A point whose rarest source is known to worse than ±25 % of its mean is drawn tentative. */
export const UNCERTAIN_PRECISION = 0.25;

export interface PointTrust {
  /** µs, two standard errors of the mean iteration time; null with fewer than two iterations */
  spreadUs: number | null;
  /** how the standard error was estimated: batch means, or iterations taken as independent */
  spreadBy: 'batch means' | 'independent';
  /** measured iterations */
  iterations: number;
  /** the precision its rarest source reached (point-length.ts); null when not measured */
  precision: number | null;
  /** a first pass's point, or one short of precision: drawn hollow */
  tentative: boolean;
}

/** Iterations from which a point's error is estimated by batch means (two per batch). */
export const BATCH_MEANS_FROM = 2 * BATCHES;

/**
 * Two standard errors of the mean of `xs` (µs): by batch means from BATCH_MEANS_FROM values, as
 * if independent below (a quick pass's few iterations); null with fewer than two values.
 */
export function twoStandardErrors(xs: Float64Array | undefined): number | null {
  const n = xs?.length ?? 0;
  if (xs && n >= BATCH_MEANS_FROM) return 2 * batchMeansSe(xs, 0, n);
  return twoNaiveStandardErrors(xs);
}

/** Two standard errors of the mean of `xs` taken as independent (µs); null below two values. */
export function twoNaiveStandardErrors(xs: Float64Array | undefined): number | null {
  const n = xs?.length ?? 0;
  if (!xs) return null;
  if (n < 2) return null;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += xs[i];
  mean /= n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (xs[i] - mean) ** 2;
  return 2 * Math.sqrt(ss / (n - 1) / n);
}

export function pointTrust(p: SweepPointResult): PointTrust {
  const precision = p.reach ? p.reach.precision : null;
  const xs = p.result.iterationsUs;
  return {
    spreadUs: twoStandardErrors(xs),
    spreadBy: (xs?.length ?? 0) >= BATCH_MEANS_FROM ? 'batch means' : 'independent',
    iterations: p.result.summary.iterations,
    precision,
    tentative: p.final === false || (precision !== null && precision > UNCERTAIN_PRECISION),
  };
}

/** For a point's tooltip: "±12 µs (2 SE over 300 iterations)", and why it is tentative. */
export function trustText(t: PointTrust, formatUs: (us: number) => string, final: boolean): string {
  const band =
    t.spreadUs === null
      ? `${t.iterations} iteration${t.iterations === 1 ? '' : 's'}: no spread known`
      : `±${formatUs(t.spreadUs)} (2 standard errors over ${t.iterations.toLocaleString('en-US')} iterations` +
        `${t.spreadBy === 'batch means' ? ', by batch means' : ', taken as independent'})`;
  return band + tentativeWhy(t, final);
}

/** Why a point is drawn tentative, with a leading "; ": a first quick pass's, or its rarest
 * source known to worse than UNCERTAIN_PRECISION; '' when it is not. */
export function tentativeWhy(t: Pick<PointTrust, 'precision'>, final: boolean): string {
  return !final
    ? '; a first quick pass, refined next'
    : t.precision !== null && t.precision > UNCERTAIN_PRECISION
      ? `; its rarest source is known to ±${Math.round(100 * t.precision)}% only`
      : '';
}
