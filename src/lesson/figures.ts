// Small readers of a RunResult for the steps' reveals: each returns a number or a reason the
// run on show cannot answer (a barrier step shown a SAGE run, a run not measured yet).
import type { RunResult, TreeReport } from '../engine/result.ts';
import type { AttributionSnapshot } from '../engine/attribution.ts';
import type { SimulatedFigure } from './types.ts';

export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

const NOT_MEASURED = 'the run has not measured an iteration yet';

export function fail(reason: string): SimulatedFigure {
  return { ok: false, reason };
}

/** The tree report of a SAGE (or other tree-workload) run. */
export function treeOf(run: RunResult | null, what: string): Read<TreeReport> {
  if (run === null) return { ok: false, reason: `the ${what} run is not available yet` };
  if (run.tree === null) return { ok: false, reason: `the ${what} run is not a SAGE run` };
  if (run.summary.iterations === 0) return { ok: false, reason: NOT_MEASURED };
  return { ok: true, value: run.tree };
}

/** The attribution of a barrier run. */
export function attributionOf(run: RunResult | null, what: string): Read<AttributionSnapshot> {
  if (run === null) return { ok: false, reason: `the ${what} run is not available yet` };
  if (run.attribution === null)
    return { ok: false, reason: `the ${what} run is not a barrier run` };
  if (run.summary.iterations === 0) return { ok: false, reason: NOT_MEASURED };
  return { ok: true, value: run.attribution };
}

/** A measured run (any workload). */
export function measured(run: RunResult | null, what: string): Read<RunResult> {
  if (run === null) return { ok: false, reason: `the ${what} run is not available yet` };
  if (run.summary.iterations === 0) return { ok: false, reason: NOT_MEASURED };
  return { ok: true, value: run };
}

/** Throughput of a tree run in million cell updates per second (SAGE). */
export function mcells(tree: TreeReport): number {
  return (tree.cellsPerSecond ?? NaN) / 1e6;
}

/** µs shown in the unit that suits it: `3.6 µs`, `1.34 ms`, `1.27 s`. */
export function time(us: number): string {
  if (Math.abs(us) >= 1e6) return `${(us / 1e6).toFixed(2)} s`;
  if (Math.abs(us) >= 1e3) return `${(us / 1e3).toFixed(2)} ms`;
  return `${us.toFixed(1)} µs`;
}

export function pct(fraction: number, digits = 0): string {
  return `${(fraction * 100).toFixed(digits)}%`;
}

export function times(x: number, digits = 2): string {
  return `${x.toFixed(digits)}×`;
}

export function int(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** Each cluster offset's summed delay over the job's nodes, largest first. */
export function offsetsByDelay(
  a: AttributionSnapshot,
  clusterSize: number,
): { offset: number; delayUs: number; meanUs: number }[] {
  const sums = new Float64Array(clusterSize);
  const nodes = new Float64Array(clusterSize);
  a.nodeIds.forEach((id, i) => {
    sums[id % clusterSize] += a.nodeDelayUs[i];
    nodes[id % clusterSize]++;
  });
  return [...sums]
    .map((delayUs, offset) => ({
      offset,
      delayUs,
      meanUs: nodes[offset] > 0 ? delayUs / nodes[offset] : 0,
    }))
    .sort((x, y) => y.delayUs - x.delayUs);
}

/** The fraction of measured iterations that took more than `thresholdUs` past g + L. */
export function delayedFraction(run: RunResult, granularityUs: number, thresholdUs: number) {
  const ideal = granularityUs + run.summary.collectiveUs;
  let late = 0;
  for (const d of run.iterationsUs) if (d - ideal > thresholdUs) late++;
  return run.iterationsUs.length > 0 ? late / run.iterationsUs.length : NaN;
}

/** Coefficient of variation (sample sd / mean) of the iteration times. */
export function variation(run: RunResult): number {
  const xs = run.iterationsUs;
  const n = xs.length;
  if (n < 2) return NaN;
  let sum = 0;
  for (const x of xs) sum += x;
  const mean = sum / n;
  let ss = 0;
  for (const x of xs) ss += (x - mean) ** 2;
  return Math.sqrt(ss / (n - 1)) / mean;
}
