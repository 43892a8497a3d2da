// Summary statistics (model.md §4, §6).

export function mean(x: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i];
  return x.length ? s / x.length : NaN;
}

/**
 * Percentile p ∈ [0, 100] of an ascending-sorted sample, by linear interpolation
 * between order statistics (numpy's default, "linear": h = (n − 1)·p/100).
 */
export function percentileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = ((n - 1) * p) / 100;
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** Sample standard deviation (n − 1 in the denominator). */
export function sampleSd(x: ArrayLike<number>): number {
  const n = x.length;
  if (n < 2) return NaN;
  const m = mean(x);
  let s2 = 0;
  for (let i = 0; i < n; i++) s2 += (x[i] - m) * (x[i] - m);
  return Math.sqrt(s2 / (n - 1));
}

/**
 * Kurtosis with the formula of the Jaguar paper (Oral et al., Figure 1):
 * Σ(x − x̄)⁴ / ((n − 1)·s⁴), s the sample standard deviation. A normal sample
 * gives about 3. Null when the sample is constant (s = 0) or has < 2 values.
 */
export function kurtosis(x: ArrayLike<number>): number | null {
  const n = x.length;
  if (n < 2) return null;
  const m = mean(x);
  let s2 = 0;
  let s4 = 0;
  for (let i = 0; i < n; i++) {
    const d = x[i] - m;
    const d2 = d * d;
    s2 += d2;
    s4 += d2 * d2;
  }
  const variance = s2 / (n - 1);
  if (variance === 0) return null;
  return s4 / ((n - 1) * variance * variance);
}

export interface Distribution {
  mean: number;
  min: number;
  max: number;
  p50: number;
  p90: number;
  p99: number;
}

/** Mean, extremes and percentiles of a sample (copied before sorting). */
export function describe(x: ArrayLike<number>): Distribution {
  const sorted = Float64Array.from(x).sort();
  return {
    mean: mean(sorted),
    min: sorted.length ? sorted[0] : NaN,
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
    p50: percentileSorted(sorted, 50),
    p90: percentileSorted(sorted, 90),
    p99: percentileSorted(sorted, 99),
  };
}
