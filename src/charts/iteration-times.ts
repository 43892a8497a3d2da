// The data of the "iteration times" view (ASCI Q paper, Figure 4: SAGE's cycle times, 4(a) as a
// series and 4(b) as a histogram): the Δ of every measured iteration of the run on show
// (RunResult.iterationsUs) against the noiseless iteration, the performance model. Everything is
// one or two O(n) passes, so a run of 1,000,000 iterations shapes in a few ms on the main thread.
import { tickStep } from 'd3-array';
import type { RunResult } from '../engine/result.ts';
import { csvLine, csvNumber } from '../format/csv.ts';
import { roundUs } from '../format/round-us.ts';

/** Series buckets at most: about one per pixel column of the chart (640 wide, margins off). */
export const SERIES_BUCKETS = 600;
/** Histogram bins per decade when the bins are log-spaced. */
export const LOG_BINS_PER_DECADE = 10;
/** About this many linear bins (d3's nice step picks the exact number). */
export const LINEAR_BINS = 30;
/** max / min over which the bins (and the axes) go logarithmic: more than two decades. */
export const LOG_SPREAD = 100;

/** One column of the drawn series: the iterations [first, last] (0-based) and their extremes. */
export interface SeriesBucket {
  first: number;
  last: number;
  /** µs */
  minUs: number;
  maxUs: number;
}

/** One bar of the histogram: iterations with loUs ≤ Δ < hiUs (the last bar holds the max). */
export interface HistogramBin {
  /** µs */
  loUs: number;
  hiUs: number;
  count: number;
}

export interface IterationTimes {
  /** measured iterations */
  count: number;
  /** µs: the noiseless iteration (the model); null when unknown */
  modelUs: number | null;
  /** µs */
  meanUs: number;
  minUs: number;
  maxUs: number;
  /** iterations whose Δ exceeds twice the model (0 when the model is unknown) */
  overTwiceModel: number;
  /** the decimated series, in iteration order */
  buckets: SeriesBucket[];
  /** 'log' when max / min exceeds LOG_SPREAD: bins (and axes) on a log scale */
  scale: 'log' | 'linear';
  bins: HistogramBin[];
}

/**
 * Min and max of Δ per bucket of consecutive iterations, at most `maxBuckets` buckets: drawing
 * the (min, max) pair of each pixel column looks like drawing every point, at a fixed cost.
 * Bucket k holds the iterations [⌊k·n/B⌋, ⌊(k+1)·n/B⌋), B = min(n, maxBuckets).
 */
export function seriesBuckets(
  durationsUs: ArrayLike<number>,
  maxBuckets = SERIES_BUCKETS,
): SeriesBucket[] {
  const n = durationsUs.length;
  const b = Math.min(n, Math.max(1, Math.floor(maxBuckets)));
  const out: SeriesBucket[] = [];
  for (let k = 0; k < b; k++) {
    const first = Math.floor((k * n) / b);
    const end = Math.floor(((k + 1) * n) / b);
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = first; i < end; i++) {
      const v = durationsUs[i];
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    out.push({ first, last: end - 1, minUs: lo, maxUs: hi });
  }
  return out;
}

/** The edge 10^(j/LOG_BINS_PER_DECADE), µs; exact at whole decades. */
function logEdge(j: number): number {
  return j % LOG_BINS_PER_DECADE === 0
    ? 10 ** (j / LOG_BINS_PER_DECADE)
    : Math.pow(10, j / LOG_BINS_PER_DECADE);
}

/** The log bin of x > 0: j with logEdge(j) ≤ x < logEdge(j + 1) (log10's rounding corrected). */
function logBinOf(x: number): number {
  let j = Math.floor(Math.log10(x) * LOG_BINS_PER_DECADE);
  if (x < logEdge(j)) j--;
  else if (x >= logEdge(j + 1)) j++;
  return j;
}

/**
 * Histogram of Δ between minUs and maxUs. Spread over LOG_SPREAD (two decades, as on ASCI Q where
 * a heartbeat-delayed 1.6 ms iteration and a 335 ms quorum stall share a run): log-spaced bins,
 * LOG_BINS_PER_DECADE per decade on edges 10^(j/10) µs; else linear bins of a nice step
 * (d3 tickStep for about LINEAR_BINS). A run whose iterations all take the same time gets one bin.
 */
export function histogram(
  durationsUs: ArrayLike<number>,
  minUs: number,
  maxUs: number,
): { scale: 'log' | 'linear'; bins: HistogramBin[] } {
  const n = durationsUs.length;
  if (n === 0) return { scale: 'linear', bins: [] };
  if (minUs > 0 && maxUs / minUs > LOG_SPREAD) {
    const j0 = logBinOf(minUs);
    const j1 = logBinOf(maxUs);
    const m = j1 - j0 + 1;
    const edges = new Float64Array(m + 1);
    for (let k = 0; k <= m; k++) edges[k] = logEdge(j0 + k);
    // A binary search over the few edges, not a log10 per iteration: ~10× faster at 10⁶.
    const counts = new Uint32Array(m);
    for (let i = 0; i < n; i++) {
      const x = durationsUs[i];
      let lo = 0;
      let hi = m - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (edges[mid] <= x) lo = mid;
        else hi = mid - 1;
      }
      counts[lo]++;
    }
    return {
      scale: 'log',
      bins: Array.from(counts, (count, k) => ({ loUs: edges[k], hiUs: edges[k + 1], count })),
    };
  }
  // One value: a bin a hundredth of its decade wide (1,009 µs → [1,000, 1,010)).
  const step =
    maxUs > minUs
      ? tickStep(minUs, maxUs, LINEAR_BINS)
      : 10 ** (Math.floor(Math.log10(Math.max(Math.abs(minUs), 1e-3))) - 2);
  const k0 = Math.floor(minUs / step);
  const k1 = Math.floor(maxUs / step);
  const counts = new Uint32Array(k1 - k0 + 1);
  for (let i = 0; i < n; i++) {
    const k = Math.floor(durationsUs[i] / step) - k0;
    counts[Math.min(Math.max(k, 0), counts.length - 1)]++;
  }
  // Edges as k·step (not lo + k·step): 0.1-steps stay as round as the tick labels.
  return {
    scale: 'linear',
    bins: Array.from(counts, (count, k) => ({
      loUs: (k0 + k) * step,
      hiUs: (k0 + k + 1) * step,
      count,
    })),
  };
}

/** Everything the view draws and says, from the iterations and the noiseless iteration. */
export function iterationTimes(
  durationsUs: ArrayLike<number>,
  modelUs: number | null,
  maxBuckets = SERIES_BUCKETS,
): IterationTimes {
  const n = durationsUs.length;
  let sum = 0;
  let minUs = Infinity;
  let maxUs = -Infinity;
  let over = 0;
  const twice = modelUs === null ? Infinity : 2 * modelUs;
  for (let i = 0; i < n; i++) {
    const v = durationsUs[i];
    sum += v;
    if (v < minUs) minUs = v;
    if (v > maxUs) maxUs = v;
    if (v > twice) over++;
  }
  const { scale, bins } = histogram(durationsUs, minUs, maxUs);
  return {
    count: n,
    modelUs,
    meanUs: n > 0 ? sum / n : NaN,
    minUs: n > 0 ? minUs : NaN,
    maxUs: n > 0 ? maxUs : NaN,
    overTwiceModel: over,
    buckets: seriesBuckets(durationsUs, maxBuckets),
    scale,
    bins,
  };
}

/**
 * The noiseless iteration of the run, µs: the tree report's model Σ(g_k + L_k) for tree
 * workloads; g + L for the barrier, g read back from the summary as mean Δ − mean ℓ (ℓ = Δ − g,
 * so exact up to rounding, which the µs-millionth rounding removes). Null before any iteration.
 */
export function noiselessIterationUs(result: RunResult): number | null {
  if (result.tree) return result.tree.modelIterationUs;
  const s = result.summary;
  if (s.iterations === 0) return null;
  const g = s.meanIterationUs - s.meanLatencyUs;
  return Math.round((g + s.collectiveUs) * 1e6) / 1e6;
}

/** The CSV's header line. */
export const CSV_HEADER = csvLine(['iteration', 'duration_us']) + '\n';

/** The CSV rows of iterations [from, to) (0-based), numbered from 1, each ending in a newline. */
export function iterationCsvRows(durationsUs: ArrayLike<number>, from: number, to: number): string {
  // join, not +=: one flat string, not a rope of a row per leaf that a Blob must walk later.
  const rows = new Array<string>(Math.max(0, to - from) + 1);
  // Numbers only: the writer's number rule, without a cell array per row (10⁶ rows).
  for (let i = from; i < to; i++) rows[i - from] = `${i + 1},${csvNumber(roundUs(durationsUs[i]))}`;
  rows[rows.length - 1] = '';
  return rows.join('\n');
}

/**
 * The same CSV in pieces of at most `rowsPerChunk` rows, header first: their join is
 * iterationCsv(durationsUs), and each piece is small enough to build and encode in one task.
 */
export function iterationCsvChunks(durationsUs: ArrayLike<number>, rowsPerChunk: number): string[] {
  const chunks = [CSV_HEADER];
  const step = Math.max(1, Math.floor(rowsPerChunk));
  for (let from = 0; from < durationsUs.length; from += step) {
    chunks.push(iterationCsvRows(durationsUs, from, Math.min(durationsUs.length, from + step)));
  }
  return chunks;
}

/** The view's data as CSV: every measured iteration, numbered from 1 after the warm-up. */
export function iterationCsv(durationsUs: ArrayLike<number>): string {
  return CSV_HEADER + iterationCsvRows(durationsUs, 0, durationsUs.length);
}

/** The live summary: mean, min, p99 (the engine's, from the run's summary), max, the model. */
export function iterationSummary(
  d: IterationTimes,
  p99Us: number,
  formatUs: (us: number) => string,
  formatCount: (n: number) => string,
): string {
  if (d.count === 0) return 'No iteration measured yet.';
  const its = (k: number) => `${formatCount(k)} iteration${k === 1 ? '' : 's'}`;
  const head =
    `${its(d.count)}: mean ${formatUs(d.meanUs)}, min ${formatUs(d.minUs)}, ` +
    `p99 ${formatUs(p99Us)}, max ${formatUs(d.maxUs)}`;
  if (d.modelUs === null || !(d.modelUs > 0)) return `${head}.`;
  return (
    `${head}. Without noise every iteration would take ${formatUs(d.modelUs)} (the model); ` +
    `the mean is ${(d.meanUs / d.modelUs).toFixed(2)}× that, and ${its(d.overTwiceModel)} ` +
    `took more than twice it.`
  );
}
