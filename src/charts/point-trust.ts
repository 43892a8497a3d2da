// How far to trust one point of a sweep, as the charts say it: a band of ± two standard errors
// of its mean iteration time (from the spread of its own iterations), and whether the point is
// tentative: a first pass's, which the final pass will replace, or one that stopped before its
// rarest sources that matter were known to UNCERTAIN_PRECISION (src/engine/point-length.ts),
// which can leave most of a machine's lost time out of a mean that looks precise.
import type { SweepPointResult } from '../state/sweep.svelte.ts';

/** A point whose rarest source is known to worse than ±25 % of its mean is drawn tentative. */
export const UNCERTAIN_PRECISION = 0.25;

export interface PointTrust {
  /** µs, two standard errors of the mean iteration time; null with fewer than two iterations */
  spreadUs: number | null;
  /** measured iterations */
  iterations: number;
  /** the precision its rarest source reached (point-length.ts); null when not measured */
  precision: number | null;
  /** a first pass's point, or one short of precision: drawn hollow */
  tentative: boolean;
}

/** Two standard errors of the mean of `xs` (µs); null with fewer than two values. */
export function twoStandardErrors(xs: Float64Array | undefined): number | null {
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
  return {
    spreadUs: twoStandardErrors(p.result.iterationsUs),
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
      : `±${formatUs(t.spreadUs)} (2 standard errors over ${t.iterations.toLocaleString('en-US')} iterations)`;
  const why = !final
    ? '; a first quick pass, refined next'
    : t.precision !== null && t.precision > UNCERTAIN_PRECISION
      ? `; its rarest source is known to ±${Math.round(100 * t.precision)}% only`
      : '';
  return band + why;
}
