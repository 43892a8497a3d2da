// The summary statistics of a barrier run (model.md §4), over the measured
// iterations (warm-up discarded).
import { describe } from './stats.ts';

/** What a summary reads from a run (BarrierRun, PhaseRun). */
export interface SummarySource {
  /** iterations measured so far (warm-up excluded) */
  readonly measured: number;
  /** Δ per measured iteration, µs */
  readonly durations: Float64Array;
  /** G: compute per iteration, µs */
  readonly granularityUs: number;
  /** noiseless collective time per iteration, µs */
  readonly collectiveUs: number;
  /** iterations completed, warm-up included */
  readonly iteration: number;
  readonly warmup: number;
}

export interface Summary {
  /** barrier latency ℓ = Δ − g, µs */
  meanLatencyUs: number;
  p50LatencyUs: number;
  p90LatencyUs: number;
  p99LatencyUs: number;
  maxLatencyUs: number;
  minLatencyUs: number;
  /** iteration duration Δ, µs */
  meanIterationUs: number;
  p50IterationUs: number;
  p90IterationUs: number;
  p99IterationUs: number;
  maxIterationUs: number;
  minIterationUs: number;
  /** mean Δ / (g + L); null when g + L = 0 */
  slowdown: number | null;
  /** L, the noiseless collective latency, µs */
  collectiveUs: number;
  /** measured iterations (warm-up excluded) the statistics are over */
  iterations: number;
  /** warm-up iterations run and discarded */
  warmup: number;
}

/** Summary of the iterations measured so far (all null-free once one is measured). */
export function summarize(run: SummarySource): Summary {
  const n = run.measured;
  const deltas = run.durations.subarray(0, n);
  const d = describe(deltas);
  const g = run.granularityUs;
  const ideal = g + run.collectiveUs;
  return {
    meanLatencyUs: d.mean - g,
    p50LatencyUs: d.p50 - g,
    p90LatencyUs: d.p90 - g,
    p99LatencyUs: d.p99 - g,
    maxLatencyUs: d.max - g,
    minLatencyUs: d.min - g,
    meanIterationUs: d.mean,
    p50IterationUs: d.p50,
    p90IterationUs: d.p90,
    p99IterationUs: d.p99,
    maxIterationUs: d.max,
    minIterationUs: d.min,
    slowdown: ideal > 0 ? d.mean / ideal : null,
    collectiveUs: run.collectiveUs,
    iterations: n,
    warmup: Math.min(run.iteration, run.warmup),
  };
}
