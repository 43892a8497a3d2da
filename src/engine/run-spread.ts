// How different a job's run time is from one run to the next (001, Kramer & Ryan): the
// distribution of run times over seeds, as `noiselab repeat` prints it and the variability view
// draws it. A run's time is the sum of its measured iterations (warm-up excluded, as a benchmark
// times its loop).
import { Rng } from './random.ts';
import type { RunResult } from './result.ts';
import { chiSquareQuantile, percentileSorted } from './stats.ts';

/**
 * The seeds of `runs` runs from `seed` on, seed … seed + runs − 1 (as `noiselab repeat --seed`),
 * the largest kept within 2³² − 1: varied as `seed` in a sweep, each is taken literally
 * (sweep.ts), so the same scenario and count give the same runs wherever they are made.
 */
export function repeatSeeds(seed: number, runs: number): number[] {
  const first = Math.min(seed, 2 ** 32 - runs);
  return Array.from({ length: runs }, (_, k) => first + k);
}

/**
 * Seeds for `blocks` groups of `runs` runs from `first` on (repeatSeeds: kept within 2³² − 1),
 * the last group the first `runs` of them, the one before it the next, and so on: the runs of
 * the last value of a `repeat --vary` (the job's own size, here) are those `repeat` makes
 * without it.
 */
export function seedBlocks(first: number, runs: number, blocks: number): number[][] {
  const all = repeatSeeds(first, runs * blocks);
  return Array.from({ length: blocks }, (_, k) => {
    const b = blocks - 1 - k;
    return all.slice(b * runs, (b + 1) * runs);
  });
}

/** µs: the run's time, Σ of its measured iterations. */
export function runTimeUs(r: RunResult): number {
  let sum = 0;
  for (const d of r.iterationsUs) sum += d;
  return sum;
}

/** The distribution of `xs` (µs): what `repeat` says of the runs' times. */
export interface Spread {
  runs: number;
  meanUs: number;
  /** sample standard deviation (n − 1) */
  sdUs: number;
  /** sd / mean */
  cov: number;
  minUs: number;
  p10Us: number;
  p50Us: number;
  p90Us: number;
  maxUs: number;
  /** sample skewness (adjusted Fisher–Pearson); 0 when every run took the same time */
  skewness: number;
}

export function spreadOf(xs: readonly number[]): Spread {
  const n = xs.length;
  const sorted = [...xs].sort((a, b) => a - b);
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const percentile = (p: number) => percentileSorted(sorted, p);
  let m2 = 0;
  let m3 = 0;
  for (const x of xs) {
    m2 += (x - mean) ** 2;
    m3 += (x - mean) ** 3;
  }
  const sd = Math.sqrt(m2 / (n - 1));
  const g1 = m2 > 0 ? m3 / n / (m2 / n) ** 1.5 : 0;
  return {
    runs: n,
    meanUs: mean,
    sdUs: sd,
    cov: mean > 0 ? sd / mean : 0,
    minUs: sorted[0],
    p10Us: percentile(10),
    p50Us: percentile(50),
    p90Us: percentile(90),
    maxUs: sorted[n - 1],
    skewness: n > 2 ? (g1 * Math.sqrt(n * (n - 1))) / (n - 2) : 0,
  };
}

/** Bins a histogram has at most: each stays a few pixels wide on a laptop's chart. */
export const MAX_BINS = 60;

/** Sturges' rule: ⌈log₂ n⌉ + 1 equal bins for n runs, the fewest a histogram of them gets. */
export function sturgesBins(n: number): number {
  return Math.ceil(Math.log2(n)) + 1;
}

/**
 * Equal-width bins from the shortest to the longest run: edges (µs, one more than the counts)
 * and the runs in each, the last bin closed on the right; one bin when every run took the same
 * time. How many: Sturges' ⌈log₂ n⌉ + 1 at least, more when the Freedman–Diaconis width
 * 2·IQR·n^(−1/3) (from the middle half of the runs) asks for them, up to n/2 and MAX_BINS.
 * A long right tail is the reason: with Sturges alone, the Compaq SC's 100 EP runs put 93 in one
 * bin (one run of 8.4 s set the bins' width) and the bell under the tail could not be seen;
 * the middle half's width does not grow with the tail.
 */
export function histogramOf(xs: readonly number[]): { edgesUs: number[]; counts: number[] } {
  const n = xs.length;
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  if (!(hi > lo)) return { edgesUs: [lo, hi], counts: [n] };
  const sturges = sturgesBins(n);
  const sorted = [...xs].sort((a, b) => a - b);
  const iqr = percentileSorted(sorted, 75) - percentileSorted(sorted, 25);
  const fd = iqr > 0 ? Math.ceil((hi - lo) / (2 * iqr * Math.cbrt(1 / n))) : sturges;
  const most = Math.max(sturges, Math.min(MAX_BINS, Math.ceil(n / 2)));
  const bins = Math.min(most, Math.max(sturges, fd));
  const width = (hi - lo) / bins;
  const edgesUs = Array.from({ length: bins + 1 }, (_, k) => (k === bins ? hi : lo + k * width));
  const counts = new Array<number>(bins).fill(0);
  for (const x of xs) counts[Math.min(bins - 1, Math.floor((x - lo) / width))]++;
  return { edgesUs, counts };
}

/** Resamples a CoV interval draws, and the share of them it spans. */
export const COV_RESAMPLES = 1000;
export const COV_LEVEL = 0.9;

/**
 * How far the CoV of `xs` could be from the CoV of many more runs of the same kind: the wider,
 * at each end, of two 90% intervals, because neither holds alone for a few runs with long
 * tails. One is the middle 90% of the CoVs of 1,000 resamples of the runs (drawn with
 * replacement; a percentile bootstrap, seeded by the run count, so the same runs give the same
 * interval): heavy tails make it wide, with few runs a CoV depends on whether they met one of
 * the rare long events. But a bootstrap sees only the runs there are; with a handful of runs, or
 * a spread that came from a few of them, it is far too narrow (3 runs of the T3E's LU: 0.0–1.48%
 * around 1.28%). The other is the normal law's: s·√((n − 1)/χ²) with χ² the 95% and 5% points
 * of n − 1 degrees of freedom (at 20 runs 0.76–1.46 × the CoV), which knows how little a few
 * runs say but not about tails. Null for fewer than three runs.
 */
export function covInterval(xs: readonly number[]): [number, number] | null {
  const n = xs.length;
  if (n < 3) return null;
  const rng = new Rng(0x5eed_c0f ^ n);
  const covs = new Float64Array(COV_RESAMPLES);
  // Sums of x − x₀, so that runs of seconds that differ by µs keep their digits.
  const x0 = xs[0];
  for (let k = 0; k < COV_RESAMPLES; k++) {
    let sum = 0;
    let sq = 0;
    for (let i = 0; i < n; i++) {
      const d = xs[rng.below(n)] - x0;
      sum += d;
      sq += d * d;
    }
    const meanD = sum / n;
    const variance = Math.max(0, (sq - n * meanD * meanD) / (n - 1));
    const mean = x0 + meanD;
    covs[k] = mean > 0 ? Math.sqrt(variance) / mean : 0;
  }
  covs.sort();
  const tail = (1 - COV_LEVEL) / 2;
  const cov = spreadOf(xs).cov;
  const k = n - 1;
  const normalLo = cov * Math.sqrt(k / chiSquareQuantile(1 - tail, k));
  const normalHi = cov * Math.sqrt(k / chiSquareQuantile(tail, k));
  return [
    Math.min(percentileSorted(covs, 100 * tail), normalLo),
    Math.max(percentileSorted(covs, 100 * (1 - tail)), normalHi),
  ];
}
