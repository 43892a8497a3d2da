// Where the lost time went (model.md §4, the paper's Figures 11, 12 and 18):
// per source and per event-duration bin, and per job node. An observer: the
// run feeds it, it never steers the run.
import type { Scenario } from '../scenario/types.ts';
import { durationBin, durationBinEdges, DURATION_BIN_COUNT } from './duration-bins.ts';

export interface SourceLoss {
  id: string;
  label: string;
  category: string;
  enabled: boolean;
  /** µs of excess (Δ − g − L) charged to this source over the measured iterations */
  lostUs: number;
  /** lostUs / total charged (0 when nothing was charged) */
  share: number;
  /** µs charged per event-duration bin (edges in AttributionSnapshot.durationBinEdgesUs) */
  byDurationUs: number[];
}

export interface AttributionSnapshot {
  bySource: SourceLoss[];
  byCategory: { category: string; lostUs: number; share: number }[];
  /** total µs charged to noise */
  totalLostUs: number;
  /** µs of block-mode wake-up, part of the excess but charged to no source */
  wakeupUs: number;
  /** µs of the excess that slow nodes' longer computes made, charged to no source
   * (docs/slow-nodes.md) */
  slowNodesUs: number;
  durationBinEdgesUs: number[];
  /** per job node (job order): Σ over iterations and its ranks of f_r − (base + g), µs */
  nodeDelayUs: number[];
  /** per job node: the excess charged while one of its ranks was critical, µs */
  nodeCriticalUs: number[];
  /** machine node id of each job node, for folding the map by cluster */
  nodeIds: number[];
}

/**
 * A value stands out when it is more than this many times the median of its set: a cluster
 * offset barely above the rest (ASCI Q's node 0 at 1.1× the median offset in the model) is not
 * called special; its nodes 1 and 31, at 2 to 3×, are.
 */
export const STANDS_OUT_OVER_MEDIAN = 1.25;

/** The median standingOut compares with: the middle value (the upper of the two middle ones
 * for an even count, e.g. 32 cluster offsets), 0 for none. */
export function standOutMedian(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[sorted.length >> 1] : 0;
}

/** Indices of the positive values above STANDS_OUT_OVER_MEDIAN × their median, largest first,
 * at most `count` (the per-offset delays of a cluster: which node positions are special). */
export function standingOut(values: readonly number[], count: number): number[] {
  const median = standOutMedian(values);
  return values
    .map((v, k) => [k, v] as const)
    .filter(([, v]) => v > 0 && v > STANDS_OUT_OVER_MEDIAN * median)
    .sort((x, y) => y[1] - x[1])
    .slice(0, count)
    .map(([k]) => k);
}

export class Attribution {
  readonly lostBySource: Float64Array;
  readonly lostByBin: Float64Array; // source-major: source·B + bin
  readonly nodeCritical: Float64Array;
  wakeupUs = 0;
  slowNodesUs = 0;

  constructor(sources: number, nodes: number) {
    this.lostBySource = new Float64Array(sources);
    this.lostByBin = new Float64Array(sources * DURATION_BIN_COUNT);
    this.nodeCritical = new Float64Array(nodes);
  }

  charge(source: number, durationUs: number, costUs: number): void {
    this.lostBySource[source] += costUs;
    this.lostByBin[source * DURATION_BIN_COUNT + durationBin(durationUs)] += costUs;
  }

  addCritical(node: number, us: number): void {
    this.nodeCritical[node] += us;
  }

  /** The part of an iteration's excess a slow critical rank's longer compute made (µs). */
  chargeSlow(node: number, us: number): void {
    this.slowNodesUs += us;
    this.nodeCritical[node] += us;
  }

  /**
   * Charge an iteration's excess Δ − g − L beyond the wake-up (µs) to the events that delayed
   * its critical rank (§4), each in proportion to what it cost that rank: the first `count`
   * entries of the rank's chain, summed in that order; then credit the rank's job node.
   */
  chargeChain(
    source: ArrayLike<number>,
    duration: ArrayLike<number>,
    cost: ArrayLike<number>,
    count: number,
    excess: number,
    node: number,
  ): void {
    let total = 0;
    for (let e = 0; e < count; e++) total += cost[e];
    if (!(total > 0)) return;
    const scale = excess / total;
    for (let e = 0; e < count; e++) this.charge(source[e], duration[e], cost[e] * scale);
    this.addCritical(node, excess);
  }

  /** @param nodeDelay per job node, µs (the run keeps it with the node's state) */
  snapshot(scenario: Scenario, nodeIds: Int32Array, nodeDelay: Float64Array): AttributionSnapshot {
    let total = 0;
    for (const v of this.lostBySource) total += v;
    const share = (v: number) => (total > 0 ? v / total : 0);
    const bySource = scenario.noise.map((src, k) => ({
      id: src.id,
      label: src.label,
      category: src.category,
      enabled: src.enabled,
      lostUs: this.lostBySource[k],
      share: share(this.lostBySource[k]),
      byDurationUs: Array.from(
        this.lostByBin.subarray(k * DURATION_BIN_COUNT, (k + 1) * DURATION_BIN_COUNT),
      ),
    }));
    const cats = new Map<string, number>();
    for (const s of bySource) cats.set(s.category, (cats.get(s.category) ?? 0) + s.lostUs);
    return {
      bySource,
      byCategory: [...cats].map(([category, lostUs]) => ({
        category,
        lostUs,
        share: share(lostUs),
      })),
      totalLostUs: total,
      wakeupUs: this.wakeupUs,
      slowNodesUs: this.slowNodesUs,
      durationBinEdgesUs: durationBinEdges(),
      nodeDelayUs: Array.from(nodeDelay),
      nodeCriticalUs: Array.from(this.nodeCritical),
      nodeIds: Array.from(nodeIds),
    };
  }
}
