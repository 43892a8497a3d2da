// The mutable state of a barrier run's nodes and what one node visit needs
// (model.md §3–§4): the node blocks, the per-visit scratch, the attribution
// logs and the current iteration's times. BarrierRun owns the iterations;
// the visits (visit-merged.ts, dense-loop.ts) are functions
// over this state, split by case so that each hot loop reads as one piece. The dense loop's
// own lanes (dense-loop.ts DenseLanes) are BarrierRun's, not part of this state.
import type { Scenario } from '../scenario/types.ts';
import { EventLog } from './event-log.ts';
import type { Layout } from './layout.ts';
import type { NoiseTable } from './noise-table.ts';
import { computeFactors } from './slow-nodes.ts';

/**
 * Node blocks (`state`): everything a visit reads and writes per node is
 * contiguous, because with sparse noise a visit lands on a random node and
 * each separate array would be a cache miss at full scale.
 * Block of job node x at x·stride, stride = H_CORES + CORE_STRIDE·C:
 */
export const H_VISITED = 0; // last iteration the node was visited (-1 never)
export const H_CORES = 1; // then per core c, at H_CORES + c·CORE_STRIDE:
export const C_BUSY = 0; // µs: end of the core's FIFO noise queue
export const C_FROZEN = 1; // µs: the core's rank is frozen until then (residual rule)
export const C_FREEZE_SRC = 2; // scenario index of the source whose event set C_FROZEN
export const C_FREEZE_DUR = 3; // µs: that event's duration
export const CORE_STRIDE = 4;
// f_r is per visit (`finish`); the dense loop keeps its lanes apart (DenseLanes).

export class NodeState {
  readonly layout: Layout;
  readonly noise: NoiseTable;
  /** g, µs */
  readonly granularityUs: number;
  /**
   * per job node: its own g, µs, g × its compute factor (docs/slow-nodes.md); null when every
   * node computes g (no slow node in the job this run)
   */
  readonly nodeG: Float64Array | null;
  /** the job's slow nodes within [lo, hi): a visit must see each every iteration */
  slowNodes: Int32Array;
  readonly block: boolean;
  /** a core can be free for "any" noise: an idle core exists, or ranks block */
  readonly mayBeFree: boolean;
  /**
   * The job nodes this state runs: [lo, hi). All of them, except in a part of
   * a partitioned run (partitioned-run.ts), where each part runs a range (restrict).
   */
  lo: number;
  hi: number;
  /** every node's block (H_* and C_* above) */
  readonly state: Float64Array;
  readonly stride: number;
  /** per node: start of its next pending event, µs (+∞ none); read for every node when every node is visited */
  readonly nodeKey: Float64Array;
  /** per node: µs its ranks lost over the measured iterations (Σ of f_r − (base + g)) */
  readonly nodeDelay: Float64Array;
  /**
   * per node: its last rank's arrival in the last iteration that visited it (µs; −∞ before any).
   * A visit meets every event that starts before it; settle() counts the events a faster path
   * left for the next visit, so every path ends with the same noiseEvents.
   */
  readonly lastMax: Float64Array;
  /** per node: the iteration in which one of its ranks froze (visit it in the next) */
  readonly marked: Int32Array;
  mustVisit: Int32Array; // nodes with a rank frozen into this iteration
  mustVisitNext: Int32Array; // … into the next one
  mustCount = 0;
  mustNextCount = 0;
  // What delayed whom, for attribution: `log` is scratch for the node being
  // visited (small, stays in cache), `logHead` its per-core chain heads; when
  // that node holds the latest arrival so far, its critical rank's chain is
  // copied to `criticalLog` (at each new record: O(log n) times per iteration).
  readonly log = new EventLog();
  readonly logHead: Int32Array;
  readonly criticalLog = new EventLog();
  /** per core of the node being visited: its rank's provisional finish f_r, µs */
  readonly finish: Float64Array;
  readonly candidates: Int32Array; // scratch: cores an "any" event may preempt
  /**
   * noise events applied so far on job nodes (those absorbed by idle cores included); at the end
   * of a run (settle), every event that starts before its node's last arrival, on every path
   */
  noiseEvents = 0;
  /** of those, events whose duration no one could read, so it was not drawn (visit-merged.ts) */
  unseenEvents = 0;
  /**
   * The noise table's rows are heaps (NoiseTable.heapifyRows): a visit takes a node's next event
   * from its row's start instead of scanning the row (29 entries a node on Jaguar XT5). Only for
   * runs in which no other path finds an entry by its place (BarrierRun without dense lanes).
   */
  rowHeap = false;
  /** next event start of the node just visited (µs), for the calendar */
  nextKey = 0;
  // The iteration being run (µs).
  iterT = 0;
  iterBase = 0;
  iterGEnd = 0;
  iterMax = 0;
  /** critical rank as a core id x·C + c: core-id order is rank-id order */
  critical = -1;
  measuring = false;

  constructor(scenario: Scenario, layout: Layout, noise: NoiseTable) {
    this.layout = layout;
    this.lo = 0;
    this.hi = layout.nodes;
    this.noise = noise;
    const w = scenario.workload;
    this.granularityUs = w.kind === 'barrier' ? w.granularityUs : NaN; // BarrierRun checks
    const factors = computeFactors(scenario, layout);
    this.nodeG = factors === null ? null : factors.map((f) => f * this.granularityUs);
    this.slowNodes = factors === null ? new Int32Array(0) : slowIndices(factors);
    this.block = scenario.job.waitMode === 'block';
    this.mayBeFree = this.block || layout.ranksPerNode < layout.cores;
    const n = layout.nodes;
    const C = layout.cores;
    this.stride = H_CORES + CORE_STRIDE * C;
    this.state = new Float64Array(n * this.stride);
    this.nodeKey = new Float64Array(n);
    this.marked = new Int32Array(n).fill(-1);
    this.nodeDelay = new Float64Array(n);
    this.lastMax = new Float64Array(n).fill(-Infinity);
    for (let x = 0; x < n; x++) {
      this.state[x * this.stride + H_VISITED] = -1;
      this.nodeKey[x] = noise.earliest(x);
    }
    this.logHead = new Int32Array(C);
    this.candidates = new Int32Array(C);
    this.finish = new Float64Array(C);
    this.mustVisit = new Int32Array(Math.min(n, 1024));
    this.mustVisitNext = new Int32Array(Math.min(n, 1024));
  }

  /**
   * Start an iteration released at t with ranks able to compute from `base`
   * (µs): the nodes marked during the last iteration become its must-visits.
   */
  begin(t: number, base: number, measuring: boolean): void {
    this.iterT = t;
    this.iterBase = base;
    this.iterGEnd = base + this.granularityUs;
    this.iterMax = this.iterGEnd;
    this.critical = -1;
    this.measuring = measuring;
    this.criticalLog.clear();
    const must = this.mustVisitNext;
    this.mustVisitNext = this.mustVisit;
    this.mustVisit = must;
    this.mustCount = this.mustNextCount;
    this.mustNextCount = 0;
  }

  /** Run only job nodes [lo, hi) (a part of a partitioned run), before the first iteration. */
  restrict(lo: number, hi: number): void {
    this.lo = lo;
    this.hi = hi;
    const n = this.layout.nodes;
    for (let x = 0; x < n; x++) if (x < lo || x >= hi) this.nodeKey[x] = Infinity;
    this.slowNodes = this.slowNodes.filter((x) => x >= lo && x < hi);
  }

  /** µs: when node x's ranks would arrive in this iteration without noise, base + its g. */
  nodeGEnd(x: number): number {
    return this.nodeG === null ? this.iterGEnd : this.iterBase + this.nodeG[x];
  }

  /**
   * At the end of a run: counts the events that start before each node's last arrival in its
   * last visit and that the visit left for the next one (a lane runs each core only to its own
   * rank's arrival; the dense loop keeps idle cores' events in the entries). A visit of the
   * node's events in start order meets them all in that iteration (model.md §3), so with them
   * every path ends with the same count. Only counted: nothing reads the queues after.
   */
  settle(): void {
    const noise = this.noise;
    const { rowStart } = noise;
    let events = 0;
    for (let x = this.lo; x < this.hi; x++) {
      const bound = this.lastMax[x];
      for (let e = rowStart[x]; e < rowStart[x + 1]; e++) events += noise.countBefore(e, x, bound);
    }
    this.noiseEvents += events;
  }

  /** Mark node x for a visit next iteration: one of its ranks froze and may start late. */
  mark(x: number, i: number): void {
    if (this.marked[x] === i) return;
    this.marked[x] = i;
    if (this.mustNextCount === this.mustVisitNext.length) {
      const grown = new Int32Array(Math.min(this.layout.nodes, this.mustNextCount * 2));
      grown.set(this.mustVisitNext);
      this.mustVisitNext = grown;
    }
    this.mustVisitNext[this.mustNextCount++] = x;
  }
}

/** The job nodes whose factor is above 1, in job order. */
function slowIndices(factors: Float64Array): Int32Array {
  const out: number[] = [];
  factors.forEach((f, x) => {
    if (f > 1) out.push(x);
  });
  return Int32Array.from(out);
}
