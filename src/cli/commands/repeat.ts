// `noiselab repeat`: how different a job's run time is from one run to the next. The scenario
// runs once per seed, seeds --seed (default 1) onwards: each seed draws the noise's phases, its
// placements and its event durations anew, as a new job on the same machine would meet them.
// A run's time is the sum of its measured iterations (warm-up excluded, as a benchmark times its
// loop). The output is the distribution of those times — mean, standard deviation, coefficient
// of variation (the measure of 001 Table 2), percentiles, skewness (a long right tail is
// positive, 001 sec 11) and a histogram — and one row per run, reproducible alone with
// `run --seed <row seed>`. The runs go on worker threads; the output does not depend on them.
import { percentileSorted, planSweep, type RunResult } from '../../engine/index.ts';
import { toCsv } from '../../format/csv.ts';
import type { Invocation } from '../args.ts';
import { loadScenario } from '../io.ts';
import { formatJson } from '../json.ts';
import { runPoints } from '../sweep-pool.ts';
import { defaultThreads } from './sweep.ts';

export const REPEAT_COLUMNS = [
  'seed',
  'runTimeUs',
  'meanIterationUs',
  'slowdown',
  'iterations',
  'noiseEvents',
] as const;

type Row = Record<(typeof REPEAT_COLUMNS)[number], number | null>;

function rowOf(seed: number, r: RunResult): Row {
  let sum = 0;
  for (const d of r.iterationsUs) sum += d;
  return {
    seed,
    runTimeUs: sum,
    meanIterationUs: r.summary.meanIterationUs,
    slowdown: r.summary.slowdown,
    iterations: r.summary.iterations,
    noiseEvents: r.engine.noiseEvents,
  };
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

/**
 * Equal-width bins from the shortest to the longest run, ⌈log₂ n⌉ + 1 of them (Sturges): edges
 * (µs, one more than the counts) and the runs in each, the last bin closed on the right. One bin
 * when every run took the same time.
 */
export function histogramOf(xs: readonly number[]): { edgesUs: number[]; counts: number[] } {
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  if (!(hi > lo)) return { edgesUs: [lo, hi], counts: [xs.length] };
  const bins = Math.ceil(Math.log2(xs.length)) + 1;
  const width = (hi - lo) / bins;
  const edgesUs = Array.from({ length: bins + 1 }, (_, k) => (k === bins ? hi : lo + k * width));
  const counts = new Array<number>(bins).fill(0);
  for (const x of xs) counts[Math.min(bins - 1, Math.floor((x - lo) / width))]++;
  return { edgesUs, counts };
}

export async function repeatCommand(inv: Invocation): Promise<string> {
  const base = loadScenario(inv.file, inv);
  const runs = inv.runs!; // parseArgs requires --runs for repeat
  // Seeds --seed onwards (loadScenario has put it in base), else 1 onwards: fixed up front.
  const first = inv.seed === undefined ? 1 : base.seed;
  const seeds = Array.from({ length: runs }, (_, k) => first + k);
  // Each run is the scenario with its seed: validated like a sweep's points (a seed past
  // 2^32 − 1 is refused by name before anything runs).
  const points = planSweep(base, [{ path: 'seed', values: seeds }]);
  const results = await runPoints(points, inv.threads ?? defaultThreads(points.length));
  const rows = results.map(({ result }, k) => rowOf(seeds[k], result));
  if (inv.format === 'csv') return toCsv([...REPEAT_COLUMNS], rows);
  const times = rows.map((r) => r.runTimeUs as number);
  return formatJson({
    title: base.title,
    workload: base.workload.kind,
    runs,
    seeds: { first: seeds[0], last: seeds[runs - 1] },
    runTimeUs: spreadOf(times),
    histogram: histogramOf(times),
    rows,
  });
}
