// The variability view's data (001, Kramer & Ryan: "how different is my job's time from one run
// to the next?"): the scenario run once per seed, seeds from the scenario's own onwards, on the
// page's worker pool (a sweep over `seed`); each run's time the sum of its measured iterations
// (run-spread.ts, as `noiselab repeat` reports it).
import {
  covInterval,
  histogramOf,
  repeatSeeds,
  runTimeUs,
  spreadOf,
  sturgesBins,
  type Spread,
} from '../engine/run-spread.ts';
import { scaleLinear } from 'd3-scale';
export { runTimeTickFormat } from './axis.ts';
import type { Vary } from '../engine/sweep.ts';
import { formatTimeUs } from '../format/numbers.ts';
import type { Scenario } from '../scenario/types.ts';
import type { SweepPointResult } from '../state/sweep.svelte.ts';
import { LONG_RUN_S } from '../state/simulation.svelte.ts';
import { roundUs } from '../format/round-us.ts';

export { RUN_CHOICES, DEFAULT_RUNS } from '../state/view-settings.svelte.ts';

export interface VariabilityPlan {
  base: Scenario;
  varies: Vary[];
  seeds: number[];
}

/** Seeds seed … seed + runs − 1 (as `noiselab repeat --seed`), the largest kept within 2³² − 1. */
export function variabilityPlan(scenario: Scenario, runs: number): VariabilityPlan {
  const seeds = repeatSeeds(scenario.seed, runs);
  return { base: scenario, varies: [{ path: 'seed', values: seeds }], seeds };
}

export interface RunTime {
  seed: number;
  /** µs */
  runTimeUs: number;
}

/** The runs done so far, in seed order. */
export function runTimes(points: readonly SweepPointResult[], seeds: readonly number[]): RunTime[] {
  return points
    .map((p) => ({ seed: seeds[p.index], runTimeUs: runTimeUs(p.result) }))
    .sort((a, b) => a.seed - b.seed);
}

/**
 * Runs far beyond the rest, drawn apart past a break in the axis: one run of 9.4 s among twenty
 * of 4.8–5.6 s made the axis 4.6 s long and the bell under it a sliver; past a break the bell
 * gets the axis and the tail keeps its count and its times. The slowest runs, at most TAIL_SHARE
 * of them (one at least), are a far tail when a gap before them is more than twice as long as
 * all the rest span (the largest such gap, if several). A group of runs (the T3E's migrations, a
 * quarter of them) is no tail: it stays on the one axis.
 */
export interface FarTail {
  /** µs: the slowest run of the rest, where the axis breaks */
  cutUs: number;
  runs: number;
  fromUs: number;
  toUs: number;
}

/** The largest share of the runs drawn apart as a far tail (one run at least). */
export const TAIL_SHARE = 0.05;

export function farTail(times: readonly number[]): FarTail | null {
  const sorted = [...times].sort((a, b) => a - b);
  const n = sorted.length;
  if (n < 10) return null;
  const most = Math.max(1, Math.floor(TAIL_SHARE * n));
  let best: FarTail | null = null;
  let bestGap = 0;
  for (let k = 1; k <= most; k++) {
    const cut = sorted[n - k - 1];
    const gap = sorted[n - k] - cut;
    if (gap > 2 * (cut - sorted[0]) && gap > bestGap) {
      bestGap = gap;
      best = { cutUs: cut, runs: k, fromUs: sorted[n - k], toUs: sorted[n - 1] };
    }
  }
  return best;
}

export interface Variability {
  runs: RunTime[];
  spread: Spread;
  /** the runs' histogram; with a far tail, of the rest only (the tail is drawn apart) */
  histogram: { edgesUs: number[]; counts: number[] };
  tail: FarTail | null;
  /** where the CoV of many more such runs may lie (run-spread.ts covInterval); null: < 3 runs */
  covRange: [number, number] | null;
}

/** The distribution of the runs so far; null before two are done (no spread of one run). */
export function variabilityOf(runs: RunTime[]): Variability | null {
  if (runs.length < 2) return null;
  const times = runs.map((r) => r.runTimeUs);
  const tail = farTail(times);
  return {
    runs,
    spread: spreadOf(times),
    histogram: histogramOf(tail ? times.filter((t) => t <= tail.cutUs) : times),
    tail,
    covRange: covInterval(times),
  };
}

/** The CoV strip's range, %: 001's values (0.17 … 15.58 %) and the scenario's, a decade each
 * side at most; a CoV of 0 (every run the same) sits at the left end. */
export function covDomain(covPercent: number): [number, number] {
  const lo = covPercent > 0 ? Math.min(0.05, covPercent * 0.7) : 0.05;
  const hi = Math.max(30, covPercent * 1.4);
  return [Math.max(1e-4, lo), hi];
}

/** "1.42%": a CoV as a percentage with three significant digits at most (written as the
 * lessons and the validation report write percentages, with no space). */
export function formatCov(cov: number): string {
  const pct = cov * 100;
  return `${pct >= 10 ? pct.toFixed(1) : pct >= 1 ? pct.toFixed(2) : pct.toPrecision(2)}%`;
}

/** "2.1–28%": a CoV interval, each end as formatCov gives it. */
export function covRangeText([lo, hi]: [number, number]): string {
  return `${formatCov(lo).replace('%', '')}–${formatCov(hi)}`;
}

/** A group of runs apart from the rest holds at least this share of them (and 2 runs). */
export const GROUP_SHARE = 0.1;

/**
 * Whether the histogram's runs fall in separate groups: an empty bin with at least GROUP_SHARE
 * of the runs (and at least 2) on each side of it. The T3E's migrations (001 sec 11) make such
 * groups, a run's time its compute plus a whole number of moves; a bell with a long right tail
 * (the Compaq SC's EP) may have an empty bin too, but only a run or two beyond it. Its skewness
 * is positive either way, so skewness alone would call both a tail.
 */
export function inSeparateGroups(counts: readonly number[]): boolean {
  const n = counts.reduce((a, b) => a + b, 0);
  const least = Math.max(2, Math.ceil(GROUP_SHARE * n));
  let below = 0;
  for (let k = 0; k < counts.length; k++) {
    if (counts[k] === 0 && below >= least && n - below >= least) return true;
    below += counts[k];
  }
  return false;
}

/**
 * The runs counted in Sturges' ⌈log₂ n⌉ + 1 equal bins over all of them: what inSeparateGroups
 * reads. Not the drawn histogram's bins (run-spread.ts histogramOf), which are narrower where a
 * tail is long: a bell's sparse shoulder then has empty bins with a tenth of the runs beyond
 * them (Alvarez's EP, 20 runs), which are no groups.
 */
export function groupCounts(times: readonly number[]): number[] {
  const lo = Math.min(...times);
  const hi = Math.max(...times);
  if (!(hi > lo)) return [times.length];
  const bins = sturgesBins(times.length);
  const counts = new Array<number>(bins).fill(0);
  for (const t of times) counts[Math.min(bins - 1, Math.floor(((t - lo) / (hi - lo)) * bins))]++;
  return counts;
}

/** One sentence for the live summary (and the chart's description). */
export function variabilitySummary(v: Variability): string {
  const s = v.spread;
  const far = v.tail;
  const tail = inSeparateGroups(groupCounts(v.runs.map((r) => r.runTimeUs)))
    ? 'the runs in separate groups, with gaps between them (not one bell)'
    : far
      ? `a long right tail: ${far.runs} run${far.runs === 1 ? '' : 's'} far slower than the rest ` +
        `(${far.runs === 1 ? formatTimeUs(far.fromUs) : `${formatTimeUs(far.fromUs)} to ${formatTimeUs(far.toUs)}`}, drawn past the break in the axis)`
      : s.skewness > 0.5
        ? 'a long right tail (a few runs much slower)'
        : s.skewness < -0.5
          ? 'a long left tail'
          : 'about symmetric';
  const range = v.covRange
    ? ` (from these runs, the CoV of many more could be ${covRangeText(v.covRange)})`
    : '';
  return (
    `${s.runs} runs: mean ${formatTimeUs(s.meanUs)}, standard deviation ` +
    `${formatTimeUs(s.sdUs)}, coefficient of variation ${formatCov(s.cov)}${range}; fastest ` +
    `${formatTimeUs(s.minUs)}, slowest ${formatTimeUs(s.maxUs)}; ${tail}, skewness ` +
    `${s.skewness.toFixed(2)}.`
  );
}

/** The runs as CSV: seed and run time, µs. */
export function variabilityCsv(runs: readonly RunTime[]): string {
  return (
    ['seed,run_time_us', ...runs.map((r) => `${r.seed},${roundUs(r.runTimeUs)}`)].join('\n') + '\n'
  );
}

/**
 * The histogram's count axis: a domain from 0 made nice with the number of ticks the axis asks
 * for (at most 5, at most the tallest bar), so its top tick is at or above the tallest bar.
 */
export function countAxis(counts: readonly number[]): { domain: [number, number]; ticks: number } {
  const tallest = Math.max(1, ...counts);
  const ticks = Math.min(5, tallest);
  const [lo, hi] = scaleLinear().domain([0, tallest]).nice(ticks).domain();
  return { domain: [lo, hi], ticks };
}

/**
 * Whether `runs` runs of `eachS` seconds each (on one thread) wait for a click before they
 * start: when they are longer in all than a long run (LONG_RUN_S, which waits for Run) on each
 * of two cores. Twenty runs of Jaguar XT5 stock at its default size are minutes of both cores,
 * and a class would wait for them without knowing it.
 */
export function runsWait(runs: number, eachS: number): boolean {
  return runs * eachS > 2 * LONG_RUN_S;
}
