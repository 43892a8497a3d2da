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

/** ln Γ(x) for x > 0 (Lanczos, g = 7, 9 terms: about 15 significant digits). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
  ];
  const z = x - 1;
  let a = c[0];
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/**
 * P(a, x), the regularized lower incomplete gamma function: the series below a + 1, the
 * continued fraction (Lentz) above (Numerical Recipes' split), to about 1e-14.
 */
export function gammaP(a: number, x: number): number {
  if (x <= 0) return 0;
  const front = Math.exp(a * Math.log(x) - x - logGamma(a));
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 500 && Math.abs(term) > 1e-16 * Math.abs(sum); n++) {
      term *= x / (a + n);
      sum += term;
    }
    return front * sum;
  }
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-16) break;
  }
  return 1 - front * h;
}

/** The p-quantile of the χ² law with k degrees of freedom (k > 0, 0 < p < 1), by bisection. */
export function chiSquareQuantile(p: number, k: number): number {
  let lo = 0;
  let hi = Math.max(1, k);
  while (gammaP(k / 2, hi / 2) < p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (gammaP(k / 2, mid / 2) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
