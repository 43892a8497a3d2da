// The data of the "barrier latency against nodes" view (ASCI Q paper, Figures 7 and 16): from a
// sweep over job.nodes × workload.granularityUs, one series per granularity, points in node
// order, each the mean collective latency ℓ = Δ − G of its run (model.md §4).
import { csvLines } from '../format/csv.ts';
import { SWEEP_POINT_LENGTH, SWEEP_QUICK, type PointLength } from '../engine/point-length.ts';
import type { Vary } from '../engine/sweep.ts';
import { estimateNoiseEvents } from '../scenario/cost.ts';
import { nodesLeftAfterExclusion } from '../scenario/index.ts';
import type { Scenario } from '../scenario/types.ts';
import type { SweepPointResult } from '../state/sweep.svelte.ts';
import { pointTrust, type PointTrust } from './point-trust.ts';
import { quickIndices } from './quick-pass.ts';
import { roundUs, usCell } from '../format/round-us.ts';

/** iterations per point of the first pass at most (each stops sooner: SWEEP_QUICK): the curve
 * on screen at once, with its spread */
export const COARSE_ITERATIONS = 30;
/** iterations per point of the final pass at most; each point stops once its sources are known
 * (SWEEP_POINT_LENGTH), most of them far sooner */
export const FINAL_ITERATIONS = 20_000;
/** noise events the quick pass may cost in all (estimated): about a second of one worker */
export const QUICK_EVENTS = 6e6;

/** The view's sweep of a barrier scenario: its two passes over job.nodes × granularities. */
export interface LatencyPlan {
  passes: { base: Scenario; length: PointLength; indices?: number[] }[];
  varies: Vary[];
  total: number;
}

/**
 * The sweep over node counts (1, 2, 4, … up to the machine, less its excluded offsets) and
 * `granularities` (µs): a quick pass of the cheapest points, then a final one whose every point
 * runs until its sources are known. Its iteration counts are caps: the worker plans a point the
 * validator would refuse for its length at the length it allows (engine/sweep.ts fitToLimits;
 * a whole Jaguar XT5 at g = 5 ms for 20,000 iterations was refused, and the view said "The
 * sweep failed" on its preset). Null for a workload other than the barrier loop.
 */
export function latencyPlan(
  scenario: Scenario,
  granularities: readonly number[],
): LatencyPlan | null {
  const w = scenario.workload;
  if (w.kind !== 'barrier') return null;
  const maxNodes = nodesLeftAfterExclusion(
    scenario.machine.nodes,
    scenario.machine.clusterSize,
    scenario.job.excludeOffsets,
  );
  const nodes = nodeSteps(maxNodes);
  const at = (n: number, g: number, iterations: number, warmup: number): Scenario => ({
    ...scenario,
    job: { ...scenario.job, nodes: n },
    workload: { ...w, granularityUs: g, iterations, warmup },
  });
  const withIterations = (iterations: number, warmup: number): Scenario => ({
    ...scenario,
    workload: { ...w, iterations, warmup: Math.min(w.warmup, warmup) },
  });
  // The quick pass leaves the costliest points (whole machines) to the final one: two
  // iterations of each, in noise events, within QUICK_EVENTS.
  const works = nodes.flatMap((n) => granularities.map((g) => estimateNoiseEvents(at(n, g, 2, 1))));
  return {
    passes: [
      {
        base: withIterations(COARSE_ITERATIONS, 1),
        length: SWEEP_QUICK,
        indices: quickIndices(works, QUICK_EVENTS),
      },
      { base: withIterations(FINAL_ITERATIONS, 10), length: SWEEP_POINT_LENGTH },
    ],
    varies: [
      { path: 'job.nodes', values: nodes },
      { path: 'workload.granularityUs', values: [...granularities] },
    ],
    total: nodes.length * granularities.length,
  };
}

export interface LatencyPoint extends PointTrust {
  nodes: number;
  /** mean ℓ over the measured iterations, µs */
  latencyUs: number;
  /** p90 of ℓ, µs: the spread the paper's error bars hint at */
  p90Us: number;
  /** a first pass's point (the final one will replace it) */
  coarse: boolean;
}

export interface LatencySeries {
  /** µs of compute between collectives */
  granularityUs: number;
  points: LatencyPoint[];
}

function valueOf(p: SweepPointResult, path: string): unknown {
  return p.assignments.find((a) => a.path === path)?.value;
}

/** Groups sweep points by granularity (ascending), each series sorted by node count. */
export function latencySeries(points: readonly SweepPointResult[]): LatencySeries[] {
  const byG = new Map<number, LatencyPoint[]>();
  for (const p of points) {
    const nodes = Number(valueOf(p, 'job.nodes'));
    const g = Number(valueOf(p, 'workload.granularityUs'));
    if (!Number.isFinite(nodes) || !Number.isFinite(g)) continue;
    const s = p.result.summary;
    const list = byG.get(g) ?? [];
    list.push({
      nodes,
      latencyUs: s.meanLatencyUs,
      p90Us: s.p90LatencyUs,
      coarse: p.final === false,
      ...pointTrust(p),
    });
    byG.set(g, list);
  }
  return [...byG.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([granularityUs, pts]) => ({
      granularityUs,
      points: pts.sort((a, b) => a.nodes - b.nodes),
    }));
}

/** Node counts for the sweep: 1, 2, 4, … up to `max`, and `max` itself. */
export function nodeSteps(max: number): number[] {
  const out: number[] = [];
  for (let n = 1; n < max; n *= 2) out.push(n);
  out.push(max);
  return out;
}

/** The view's data as CSV: one row per point. */
export function latencyCsv(series: readonly LatencySeries[]): string {
  const rows: (string | number | null)[][] = [
    ['granularity_us', 'nodes', 'mean_latency_us', 'p90_latency_us', 'two_se_us', 'iterations'],
  ];
  for (const s of series) {
    for (const p of s.points) {
      rows.push([
        roundUs(s.granularityUs),
        p.nodes,
        roundUs(p.latencyUs),
        roundUs(p.p90Us),
        usCell(p.spreadUs),
        p.iterations,
      ]);
    }
  }
  return csvLines(rows);
}

/** One sentence a screen reader (and the page) can give of the current data. */
export function latencySummary(
  series: readonly LatencySeries[],
  formatUs: (us: number) => string,
): string {
  if (series.length === 0 || series.every((s) => s.points.length === 0)) return 'No data yet.';
  return series
    .filter((s) => s.points.length > 0)
    .map((s) => {
      const first = s.points[0];
      const last = s.points[s.points.length - 1];
      const g = s.granularityUs === 0 ? 'g = 0' : `g = ${formatUs(s.granularityUs)}`;
      return `${g}: ${formatUs(first.latencyUs)} on ${first.nodes} node${first.nodes === 1 ? '' : 's'}, ${formatUs(last.latencyUs)} on ${last.nodes.toLocaleString('en-US')}`;
    })
    .join('; ')
    .concat('.');
}
