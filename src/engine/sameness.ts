// Whether two ways of running a scenario give the same distributions: the counted lanes
// (bulk-lanes.ts) against the run that visits every rank. Over seeds fixed up front, it compares
// the mean iteration time (within 2 standard errors), the iteration times (two-sample
// Kolmogorov–Smirnov at 1 %), each source's share of the lost time (2 standard errors as a
// family, Bonferroni over the sources that have a share) and the job's total node delay (within
// 2 standard errors: the node map's sum). The tests run it on small machines
// (tests/engine/counted-lanes.test.ts), `npm run bench:sameness` on whole ones.
import type { Scenario } from '../scenario/types.ts';
import { BarrierRun, type BarrierRunOptions } from './barrier-run.ts';

/** Every THIN-th measured iteration goes into the KS test, so that neighbours (which share a
 * carried freeze now and then) do not count as independent samples. */
export const THIN = 5;
/** c(α) of the two-sample KS test at α = 1 %: reject when D > c·√((n + m)/(n·m)). */
export const KS_C_1PCT = 1.628;

export interface Sample {
  /** per seed: the mean iteration time, µs */
  means: number[];
  /** every THIN-th iteration time of every seed, µs, at 1 ps */
  times: number[];
  /** per source id: its share of the lost time, per seed */
  shares: Map<string, number[]>;
  /** per seed: whether the run counted its ranks */
  counted: boolean[];
  /** per seed: the lost time of all job nodes over the measured iterations, µs */
  delays: number[];
}

export function sample(
  make: (seed: number) => Scenario,
  seeds: number[],
  exact: boolean,
  options: BarrierRunOptions = {},
): Sample {
  const out: Sample = { means: [], times: [], shares: new Map(), counted: [], delays: [] };
  for (const seed of seeds) {
    const s = make(seed);
    const run = new BarrierRun(s, { ...options, exact }).run();
    out.counted.push(run.counted);
    const d = run.durations;
    let sum = 0;
    for (let k = 0; k < d.length; k++) {
      sum += d[k];
      // At 1 ps: with fixed durations the two paths reach the same times by different sums,
      // 1e-11 µs apart, and the KS test must not read rounding as a difference.
      if (k % THIN === 0) out.times.push(Math.round(d[k] * 1e6) / 1e6);
    }
    out.means.push(sum / d.length);
    const nodeDelays = run.nodeDelays();
    out.delays.push(nodeDelays.reduce((a, b) => a + b, 0));
    const snap = run.attribution.snapshot(s, run.layout.nodeIds, nodeDelays);
    for (const src of snap.bySource) {
      const list = out.shares.get(src.id) ?? [];
      list.push(src.share);
      out.shares.set(src.id, list);
    }
  }
  return out;
}

export const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Standard error of the mean of xs (sample standard deviation / √n). */
export function standardError(xs: number[]): number {
  const m = mean(xs);
  const v = xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1);
  return Math.sqrt(v / xs.length);
}

/** Two-sample KS statistic D = sup |F_a − F_b| (ties stepped over together). */
export function ksStatistic(a: number[], b: number[]): number {
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  let i = 0;
  let j = 0;
  let d = 0;
  while (i < x.length && j < y.length) {
    const v = Math.min(x[i], y[j]);
    while (i < x.length && x[i] <= v) i++;
    while (j < y.length && y[j] <= v) j++;
    d = Math.max(d, Math.abs(i / x.length - j / y.length));
  }
  return d;
}

/**
 * z of a two-sided test at 5 %/m (Bonferroni over m checks); 1.96 for one. The shares of one
 * scenario are m checks at once: at 2 standard errors each, one fails by chance with
 * probability 1 − 0.95^m (19 % for four ticks of equal share), so they are held to 5 % as a
 * family, as one check at 2 standard errors is.
 */
export function bonferroniZ(m: number): number {
  const alpha = 0.05 / Math.max(1, m);
  // P(|Z| > z) from erfc (Abramowitz and Stegun 7.1.26, error < 1.5e-7), inverted by bisection.
  const tail = (z: number) => {
    const x = z / Math.SQRT2;
    const t = 1 / (1 + 0.3275911 * x);
    const poly =
      t *
      (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
    return poly * Math.exp(-x * x);
  };
  let lo = 0;
  let hi = 10;
  for (let k = 0; k < 60; k++) {
    const mid = (lo + hi) / 2;
    if (tail(mid) > alpha) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export interface Sameness {
  seeds: number;
  /** every seed of the counted side took the counted path, and none of the exact side */
  paths: boolean;
  exactMean: number;
  exactSe: number;
  countedMean: number;
  countedSe: number;
  /** |difference of the means| and its bound (2 standard errors of the difference), µs */
  meanDiff: number;
  meanBound: number;
  ks: number;
  ksCritical: number;
  /** |difference of the mean total node delays| and its bound (2 standard errors), µs */
  delayDiff: number;
  delayBound: number;
  /** per source with a share: |difference of the mean shares| and its bound */
  shares: { id: string; diff: number; bound: number }[];
  pass: boolean;
}

/** `options`: the runs' other options (tests draw small runs in blocks, split-size.ts). */
export function compareRuns(
  make: (seed: number) => Scenario,
  seeds: number[],
  options: BarrierRunOptions = {},
): Sameness {
  const exact = sample(make, seeds, true, options);
  const counted = sample(make, seeds, false, options);
  const paths = counted.counted.every(Boolean) && !exact.counted.some(Boolean);
  const exactSe = standardError(exact.means);
  const countedSe = standardError(counted.means);
  const meanDiff = Math.abs(mean(exact.means) - mean(counted.means));
  const meanBound = 2 * Math.hypot(exactSe, countedSe);
  const n = exact.times.length;
  const m = counted.times.length;
  const ks = ksStatistic(exact.times, counted.times);
  const ksCritical = KS_C_1PCT * Math.sqrt((n + m) / (n * m));
  const family = [...exact.shares.values()].filter((xs) => mean(xs) > 0).length;
  const z = bonferroniZ(family);
  const shares: Sameness['shares'] = [];
  for (const [id, xs] of exact.shares) {
    const ys = counted.shares.get(id)!;
    if (!(mean(xs) > 0 || mean(ys) > 0)) continue;
    shares.push({
      id,
      diff: Math.abs(mean(xs) - mean(ys)),
      bound: z * Math.hypot(standardError(xs), standardError(ys)) + 1e-12,
    });
  }
  const delayDiff = Math.abs(mean(exact.delays) - mean(counted.delays));
  // + 1e-9 of the mean: a fixed law gives the same total on both paths up to rounding.
  const delayBound =
    2 * Math.hypot(standardError(exact.delays), standardError(counted.delays)) +
    1e-9 * mean(exact.delays);
  const pass =
    paths &&
    meanDiff <= meanBound &&
    ks <= ksCritical &&
    delayDiff <= delayBound &&
    shares.every((s) => s.diff <= s.bound);
  return {
    seeds: seeds.length,
    paths,
    exactMean: mean(exact.means),
    exactSe,
    countedMean: mean(counted.means),
    countedSe,
    meanDiff,
    meanBound,
    ks,
    ksCritical,
    delayDiff,
    delayBound,
    shares,
    pass,
  };
}
