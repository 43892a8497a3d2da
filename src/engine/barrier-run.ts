// The bulk-synchronous barrier loop with noise (model.md §3–§4).
//
// Nodes do not interact within an iteration except through the collective
// (t_{i+1} = max f_r + L), so the engine processes an iteration node by node:
// each visited node merges its own pending events (NoiseTable) in start
// order. A rank of a node nobody visits finishes at the default base + g, so
// with sparse noise only the nodes with an event before that time, or a rank
// still frozen, are visited (found through a NodeCalendar): cost follows the
// events. With dense noise every node is visited in index order, a
// sequential pass. The two strategies give identical results (every random
// draw is keyed by source, node and event index, and visit order does not
// matter), so the run switches between them as the load changes.
//
// Events that start after all of a node's ranks have arrived can only freeze
// ranks (the residual rule), so they are applied at the node's next visit,
// before that iteration's start times are fixed: the same result as applying
// them in the iteration they start in.
import type { Scenario } from '../scenario/types.ts';
import { Attribution } from './attribution.ts';
import { collectiveLatency } from './collective.ts';
import type { EventLog } from './event-log.ts';
import { BulkLanes } from './bulk-lanes.ts';
import { countedBlocks, splitNodes } from './split-size.ts';
import { DenseLanes, denseIteration } from './dense-loop.ts';
import { visitNode } from './visit-merged.ts';
import { buildLayout, type Layout } from './layout.ts';
import { NodeCalendar } from './node-calendar.ts';
import { NodeState } from './node-state.ts';
import { NoiseTable } from './noise-table.ts';
import { RunLimit } from './run-limit.ts';

// Module-local copies (imported bindings are slow in unbundled modules, see
// node-state.ts); tests/engine/layout-constants.test.ts checks them.
const H_VISITED = 0;
const E_SOURCE = 3;
const ENTRY_STRIDE = 4;

/** Start by visiting every node when this many events per node and iteration are expected. */
const EVERY_NODE_THRESHOLD = 0.25;
/** Switch calendar → every node when more than this fraction of nodes needed a visit… */
const TO_EVERY_NODE = 1 / 3;
/** …and every node → calendar when fewer events than this fraction of nodes were applied. */
const TO_CALENDAR = 1 / 10;
/**
 * The dense loop visits a node the general way when a cpu "any" event lands
 * in its visit (dense-loop.ts); above this many such events per node and
 * iteration, the general visit of every node is faster.
 */
const DENSE_ANY_LIMIT = 0.05;
/** Iterations in a row a switch condition must hold (a calendar costs O(n) to build). */
const SWITCH_AFTER = 4;

/** Strategy overrides, for tests that check the strategies agree bit for bit. */
export interface BarrierRunOptions {
  /** how nodes are found: every node each iteration, or a calendar of nodes with work */
  visit?: 'auto' | 'every-node' | 'calendar';
  /** false: never the dense loop (dense-loop.ts); every node visited the general way */
  lanes?: boolean;
  /**
   * Build and run only job nodes [lo, hi): a part of a partitioned run
   * (partitioned-run.ts) in a worker of its own, which advances by stepPart.
   */
  range?: [number, number];
  /**
   * true: every rank visited every iteration, the same bits on every path. Otherwise ranks whose
   * noise can be counted are (bulk-lanes.ts): model.md's distributions, other bits.
   */
  exact?: boolean;
  /**
   * Blocks a counted run draws in (split-size.ts countedBlocks by default, from the scenario):
   * tests set it to split small runs the way whole machines are.
   */
  countedBlocks?: number;
}

export class BarrierRun {
  readonly scenario: Scenario;
  readonly layout: Layout;
  /** L: noiseless collective latency, µs */
  readonly collectiveUs: number;
  /** g, µs */
  readonly granularityUs: number;
  readonly totalIterations: number;
  readonly warmup: number;
  /** iterations completed so far, warm-up included */
  iteration = 0;
  /** iterations the run surely reaches before it stops (step's `reach`): surelyBefore reads it */
  private reach = 0;
  /** release time t_i of the next iteration, µs */
  timeUs = 0;
  /** Δ_i of each measured iteration (after warm-up), µs */
  readonly durations: Float64Array;
  readonly attribution: Attribution;
  /** how nodes are visited now: all of them, or those the calendar says have work */
  mode: 'every-node' | 'calendar';
  /** times the visit strategy switched during the run */
  modeSwitches = 0;
  /** sink for the early reads of the calendar loop (kept so they are not optimized away) */
  touched = 0;

  private readonly noise: NoiseTable;
  /** the nodes' state and the visits (node-state.ts) */
  private readonly ns: NodeState;
  private calendar: NodeCalendar | null;
  private readonly due: Int32Array; // nodes the calendar returned
  private adaptive: boolean;
  /** the work this run may take: LIMIT_FACTOR × its estimate (run-limit.ts) */
  private readonly limit: RunLimit;
  private streak = 0;
  private readonly wakeupUs: number;
  /** the dense loop's lanes (dense-loop.ts), when every rank core is one periodic lane */
  private readonly dense: DenseLanes | null;
  /** visiting every node runs the dense loop */
  private denseLoop: boolean;
  /** whether `dense` holds the lanes' current state (else the node blocks and entries do) */
  private denseActive = false;
  /** one part of a partitioned run (restrict): visits, the coordinator keeps the rest */
  private part = false;
  /**
   * Counted lanes (bulk-lanes.ts), one per block of the run's nodes, while the run uses them;
   * null when it does not
   */
  private bulk: BulkLanes[] | null = null;
  /** the counted lanes this run used (their hits are part of the node delays) */
  private bulkUsed: BulkLanes[] | null = null;
  /**
   * Whether the run's noise can be counted (bulk-lanes.ts), decided on the whole job: true also
   * for a part that visits every rank because it holds part of a block.
   */
  countable = false;
  /** how many blocks a counted run draws in, over the whole job (split-size.ts) */
  readonly blocks: number;
  /** the options the run was built with (restrict builds the counted lanes of its range) */
  private readonly exactOption: boolean;
  private readonly visitOption: 'auto' | 'every-node' | 'calendar';

  constructor(scenario: Scenario, options: BarrierRunOptions = {}) {
    this.scenario = scenario;
    const layout = buildLayout(scenario);
    this.layout = layout;
    const w = scenario.workload;
    // Tree workloads run in PhaseRun (run.ts picks); this loop is model.md §4's barrier alone.
    if (w.kind !== 'barrier') throw new Error(`BarrierRun runs barrier workloads, not ${w.kind}`);
    this.granularityUs = w.granularityUs;
    this.totalIterations = w.iterations;
    this.warmup = w.warmup;
    this.collectiveUs = collectiveLatency(
      scenario.machine.collective,
      layout.nodes,
      layout.ranksPerNode,
    );
    this.wakeupUs = scenario.job.waitMode === 'block' ? scenario.job.wakeupUs : 0;
    const [lo, hi] = options.range ?? [0, layout.nodes];
    checkRange(lo, hi, layout.nodes);
    this.limit = new RunLimit(scenario);
    this.noise = new NoiseTable(scenario, layout, lo, hi);
    this.noise.limit = this.limit;
    this.ns = new NodeState(scenario, layout, this.noise);
    // The dense loop and the counted lanes give every rank one g: a job with a slow node
    // (docs/slow-nodes.md) runs on the general visit.
    this.dense =
      (options.lanes ?? true) && this.ns.nodeG === null
        ? DenseLanes.of(scenario, layout, this.noise)
        : null;
    if (this.dense === null) {
      // No path of this run finds a lane's entry by its place (those are the dense loop's and
      // the counted lanes'): visits take each node's next event from its row kept as a heap.
      this.noise.heapifyRows();
      this.ns.rowHeap = true;
    }
    if (options.range) {
      this.part = true;
      this.ns.restrict(lo, hi);
    }
    this.durations = new Float64Array(w.iterations - w.warmup);
    this.attribution = new Attribution(scenario.noise.length, layout.nodes);
    this.due = new Int32Array(layout.nodes);
    const visit = options.visit ?? 'auto';
    this.adaptive = visit === 'auto';
    this.mode =
      visit !== 'auto'
        ? visit
        : this.expectedEventsPerNode() >= EVERY_NODE_THRESHOLD
          ? 'every-node'
          : 'calendar';
    this.calendar = this.mode === 'calendar' ? this.buildCalendar() : null;
    this.denseLoop = this.dense !== null && this.expectedEventsPerNode(true) <= DENSE_ANY_LIMIT;
    this.exactOption = options.exact === true;
    this.visitOption = visit;
    this.blocks =
      options.countedBlocks ?? countedBlocks(layout.nodes, layout.ranksPerNode, w.iterations);
    this.countBlocks(lo, hi);
  }

  /**
   * Counted lanes for the blocks of [lo, hi), when the run's noise can be counted. Whether it
   * can is decided on the whole job (the noise table's job-wide figures), so that every part
   * of a split run decides alike; a part holds whole blocks (split-size.ts partRanges), and one
   * that does not visits every rank.
   */
  private countBlocks(lo: number, hi: number): void {
    this.bulk = null;
    if (this.exactOption || this.dense === null || this.visitOption === 'calendar') return;
    if (this.expectedEventsPerNode(true, true) > DENSE_ANY_LIMIT) return;
    if (
      this.visitOption === 'auto' &&
      this.expectedEventsPerNode(false, true) < EVERY_NODE_THRESHOLD
    )
      return;
    const t = this.noise;
    const n = this.layout.nodes;
    const edges = splitNodes(n, this.blocks);
    const mine: number[] = [];
    for (let b = 0; b < edges.length; b++) if (edges[b][1] > lo && edges[b][0] < hi) mine.push(b);
    const block = (b: number) =>
      BulkLanes.of(
        this.layout,
        t,
        this.dense!,
        this.granularityUs,
        this.scenario.job.waitMode === 'block',
        this.scenario.seed,
        edges[b],
        b,
      );
    // Whether the noise can be counted does not depend on the block (bulk-lanes.ts of).
    const head = block(mine[0]);
    if (head === null) return;
    this.countable = true;
    // A part that would hold part of a block cannot draw for it: it visits every rank
    // (startPartitioned splits a counted run at its blocks' edges, or not at all).
    if (mine.some((b) => edges[b][0] < lo || edges[b][1] > hi)) return;
    const blocks = [head];
    for (const b of mine.slice(1)) blocks.push(block(b)!);
    this.bulk = blocks;
    // Counting needs the dense loop over every node; its cost follows the per-rank work left,
    // not the nodes: it stays, whatever the load.
    this.mode = 'every-node';
    this.calendar = null;
    this.denseLoop = true;
    this.adaptive = false;
  }

  /** Whether the run counts the ranks whose noise it can count (bulk-lanes.ts) instead of
   * visiting them: its numbers are then model.md's in distribution, not every path's bits. */
  get counted(): boolean {
    return this.bulk !== null || this.bulkUsed !== null;
  }

  /** node visits the counted run still made the per-rank way (bulk-lanes.ts), summed */
  get perRankVisits(): number {
    let sum = 0;
    for (const b of this.bulkUsed ?? []) sum += b.perRankVisits;
    return sum;
  }

  /** noise events applied so far on job nodes (those absorbed by idle cores included) */
  get noiseEvents(): number {
    return this.ns.noiseEvents;
  }

  /** Of noiseEvents, those a visit did not draw: no result reads their durations (visit-merged.ts). */
  get unseenEvents(): number {
    return this.ns.unseenEvents;
  }

  get done(): boolean {
    return this.iteration >= this.totalIterations;
  }

  /** Number of measured iterations completed (after warm-up). */
  get measured(): number {
    return Math.max(0, this.iteration - this.warmup);
  }

  /**
   * Run up to `n` more iterations; returns how many ran. `reach`: the iterations the run will
   * surely have run when it stops (by default this call's end: a precision run stops at a check);
   * a run that goes on to its end (stepFor, run) says so, and its counted lanes may settle an
   * idle core's events further ahead (surelyBefore).
   */
  step(n: number, reach = this.iteration + n): number {
    if (this.part) throw new Error('a part of a partitioned run advances by stepPart');
    const end = Math.min(this.totalIterations, this.iteration + n);
    this.reach = Math.max(end, Math.min(this.totalIterations, reach));
    const start = this.iteration;
    while (this.iteration < end) this.runIteration();
    this.settleAtEnd();
    return this.iteration - start;
  }

  /**
   * Make this run one part of a partitioned run (partitioned-run.ts): it
   * visits only job nodes [lo, hi), and advances by stepPart. Before the
   * first iteration only.
   */
  restrict(lo: number, hi: number): void {
    if (this.part && this.ns.lo === lo && this.ns.hi === hi) return; // built for this range
    if (this.iteration > 0) throw new Error('a run is restricted before its first iteration');
    checkRange(lo, hi, this.layout.nodes);
    this.part = true;
    this.ns.restrict(lo, hi);
    if (this.calendar !== null) this.calendar = this.buildCalendar();
    // A counted run counts the blocks of its range (their draws are the whole run's).
    if (this.bulk !== null) this.countBlocks(lo, hi);
  }

  /**
   * A part's iteration: released at t (µs, the coordinator's max + L), on
   * this part's nodes only. The coordinator reads the part's latest arrival,
   * critical rank and its log (lastMaxUs, lastCritical, criticalLog) and keeps
   * the iteration times and the attribution itself.
   */
  stepPart(t: number): void {
    if (!this.part) throw new Error('stepPart runs a part of a partitioned run (restrict first)');
    if (this.done) throw new Error('the run is over');
    this.timeUs = t;
    // a part runs to the end with the rest of the run (the coordinator's cancel drops them all)
    this.reach = this.totalIterations;
    this.visitNodes();
    this.iteration++;
    this.settleAtEnd();
  }

  /** the latest arrival of the last iteration stepped (of this part's nodes, in a part), µs
   * (base + g when nobody was late) */
  get lastMaxUs(): number {
    return this.ns.iterMax;
  }

  /** its rank (the lowest id on ties, model.md §4) as a core id x·C + c; -1: nobody was late,
   * every rank arrived at base + g */
  get lastCritical(): number {
    return this.ns.critical;
  }

  /** what delayed the critical rank (newest first; charge() reads it in this order) */
  get criticalLog(): EventLog {
    return this.ns.criticalLog;
  }

  /** The dense loop's lanes written back to the node blocks and entries, if it holds them. */
  private handBack(): void {
    if (this.denseActive) this.dense!.leave(this.ns);
    this.denseActive = false;
  }

  /** At the end: the dense loop's lanes handed back, and the events left counted (settle). */
  private settleAtEnd(): void {
    if (!this.done) return;
    this.handBack();
    this.ns.settle();
  }

  /**
   * Run iterations until `budgetMs` has passed on the given clock (the engine
   * has none of its own) or the run is done; returns how many ran. A worker
   * calls this, posts progress, yields, and drops a stale run between calls.
   * Batches start at one iteration and double, up to `batch`, while a batch
   * takes under a quarter of the budget: a long iteration (g = 1 s, a whole
   * machine) must not run 8 at a time past the budget, and a short one must
   * not read the clock every iteration.
   */
  stepFor(budgetMs: number, now: () => number, batch = 8): number {
    const start = now();
    let ran = 0;
    let size = 1;
    let t0 = start;
    do {
      ran += this.step(size, this.totalIterations);
      const t1 = now();
      size = nextBatch(size, t1 - t0, budgetMs, batch);
      t0 = t1;
    } while (!this.done && t0 - start < budgetMs);
    return ran;
  }

  /** Run to the end (tests and the CLI; the worker uses step() in batches). */
  run(): this {
    this.step(this.totalIterations);
    return this;
  }

  /** Per job node of [lo, hi), µs its ranks lost over the measured iterations (Σ of f_r − (base + g)). */
  nodeDelays(lo = 0, hi = this.layout.nodes): Float64Array<ArrayBuffer> {
    const out = this.ns.nodeDelay.slice(lo, hi);
    // A block's nodes outside [lo, hi) fall outside `out`, and a typed array drops those writes.
    for (const block of this.bulkUsed ?? []) {
      if (block.lo < hi && block.hi > lo) block.addNodeDelays(out, lo);
    }
    return out;
  }

  /**
   * Noise events expected per node and iteration without noise-induced
   * stretch: of every source, or of the cpu "any" ones only; per node of this run's range, or
   * of the whole job.
   */
  private expectedEventsPerNode(anyOnly = false, job = false): number {
    const span = this.granularityUs + this.collectiveUs + this.wakeupUs;
    const t = this.noise;
    // Over the whole job, whatever the range (the counted decision: every part decides alike).
    if (job) return (span * (anyOnly ? t.jobAnyEventsPerUs : t.jobEventsPerUs)) / this.layout.nodes;
    let perIteration = 0;
    for (let e = 0; e < t.rowStart[this.layout.nodes]; e++) {
      const j = t.ent[e * ENTRY_STRIDE + E_SOURCE];
      if (anyOnly && t.pinnedCore[j] >= 0) continue;
      perIteration += (span * t.occurP[j]) / t.periodUs[j];
    }
    // Per node of the table's range (a part's table holds its own nodes only).
    return perIteration / (this.noise.hi - this.noise.lo);
  }

  private buildCalendar(): NodeCalendar {
    // Buckets about one noiseless iteration wide (≥ 10 µs, so a g = 0 run
    // does not scan thousands of empty buckets per iteration). A ring of
    // 4,096 (16 KB of heads, cache-resident) covers 4 s at g = 1 ms; a node
    // whose next event is further away is passed over once per lap.
    return new NodeCalendar(this.ns.nodeKey, this.bucketWidth(), 1 << 12);
  }

  /** A calendar's bucket width (µs): about one noiseless iteration, at least 10 µs. */
  private bucketWidth(): number {
    return Math.max(10, this.granularityUs + this.collectiveUs + this.wakeupUs);
  }

  /** Adapt the visit strategy to the work the last iteration had (see `mode`). */
  private adapt(visits: number, events: number): void {
    const n = this.ns.hi - this.ns.lo;
    const other = this.mode === 'calendar' ? visits > TO_EVERY_NODE * n : events < TO_CALENDAR * n;
    this.streak = other ? this.streak + 1 : 0;
    if (this.streak < SWITCH_AFTER) return;
    this.streak = 0;
    this.modeSwitches++;
    if (this.mode === 'calendar') {
      this.mode = 'every-node';
      this.calendar = null;
    } else {
      this.mode = 'calendar';
      // The calendar reads the nodes' next event starts: the dense loop hands them over.
      this.handBack();
      this.calendar = this.buildCalendar();
    }
  }

  private runIteration(): void {
    const i = this.iteration;
    const t = this.timeUs;
    const ns = this.ns;
    this.visitNodes();
    const M = ns.iterMax;
    const next = M + this.collectiveUs;
    // Before the next visits pay for the wait up to this release (run-limit.ts).
    this.limit.check(i, this.totalIterations, next, ns.noiseEvents);
    if (ns.measuring) {
      this.durations[i - this.warmup] = next - t;
      this.charge(M);
    }
    this.timeUs = next;
    this.iteration = i + 1;
  }

  /**
   * µs before which iteration `reach` − 1, the last this run surely runs, begins, seen from
   * iteration i released at t: every iteration lasts at least g + L (each rank computes g, then
   * the collective), less a microsecond for the rounding of the sums. The counted lanes settle
   * an idle core's events and the "any" events that land on it up to there ahead of time
   * (bulk-lanes.ts landOnIdle): the run would have settled them by then all the same, so the
   * results and the count of events are those of settling each in its own iteration.
   */
  private surelyBefore(i: number, t: number): number {
    return t + (this.reach - 1 - i) * (this.granularityUs + this.collectiveUs) - 1;
  }

  /** Visit the nodes of iteration `this.iteration`, released at `this.timeUs`. */
  private visitNodes(): void {
    const i = this.iteration;
    const t = this.timeUs;
    const ns = this.ns;
    // The counted lanes settle the last iteration's release first (bulk-lanes.ts finish).
    if (this.bulkUsed !== null && this.denseActive) {
      const ahead = this.surelyBefore(i, t);
      for (const block of this.bulkUsed) block.finish(ns, this.dense!, t, ahead);
    }
    ns.begin(t, i > 0 ? t + this.wakeupUs : t, i >= this.warmup);
    const eventsBefore = ns.noiseEvents;
    let visits = 0;
    const calendar = this.calendar;
    const dense = calendar === null && this.denseLoop ? this.dense : null;
    if (!dense) this.handBack();
    if (dense) {
      // The dense loop keeps the lanes in its own arrays: hand them over.
      if (!this.denseActive) dense.enter(ns);
      this.denseActive = true;
      const bulk = this.bulk;
      if (bulk !== null && i < this.totalIterations - 1) {
        if (this.bulkUsed === null) this.bulkUsed = bulk.map((block) => block.start(dense));
        const ahead = this.surelyBefore(i, t);
        for (const block of bulk) block.iteration(ns, dense, i, ahead);
        return;
      }
      if (bulk !== null) {
        // The last iteration visits every rank, so the run ends with every node's own state
        // (its last arrival, the events it met) as the other paths end.
        if (this.bulkUsed !== null) for (const block of bulk) block.materializeAll(ns, dense);
        this.bulk = null;
      }
      denseIteration(ns, dense, i);
      visits = ns.hi - ns.lo;
    } else if (calendar === null) {
      // A node with no event before base + g and no rank frozen into this
      // iteration would only confirm f_r = base + g: skip it (a sequential
      // scan of two fields per node).
      const { nodeKey, marked } = ns;
      const gEnd = ns.iterGEnd;
      for (let x = ns.lo; x < ns.hi; x++) {
        if (nodeKey[x] < gEnd || marked[x] === i - 1) {
          visitNode(ns, x, i);
          visits++;
        }
      }
    } else {
      const state = ns.state;
      const stride = ns.stride;
      for (let j = 0; j < ns.mustCount; j++) {
        const x = ns.mustVisit[j];
        if (state[x * stride + H_VISITED] === i) continue;
        visitNode(ns, x, i);
        visits++;
        calendar.update(x, ns.nextKey);
      }
      const due = calendar.collectDue(ns.iterGEnd, this.due);
      const ent = this.noise.ent;
      const rowStart = this.noise.rowStart;
      let touch = 0;
      for (let j = 0; j < due; j++) {
        const x = this.due[j];
        // Read the next due node's first words now, so that its cache misses
        // overlap this visit instead of following it.
        if (j + 1 < due) {
          const y = this.due[j + 1];
          touch += state[y * stride + H_VISITED] + ent[rowStart[y] * ENTRY_STRIDE];
        }
        if (state[x * stride + H_VISITED] === i) continue;
        visitNode(ns, x, i);
        visits++;
        calendar.insert(x, ns.nextKey);
      }
      this.touched = touch;
    }
    // A slow node's ranks arrive after base + g even with no noise: visit every one that the
    // pass above skipped (visit order does not matter, model.md §3).
    const slow = ns.slowNodes;
    for (let j = 0; j < slow.length; j++) {
      const x = slow[j];
      if (ns.state[x * ns.stride + H_VISITED] === i) continue;
      visitNode(ns, x, i);
      visits++;
      // Its next event is after its last arrival, so never due again in this iteration.
      if (calendar !== null) calendar.update(x, ns.nextKey);
    }
    if (this.adaptive) this.adapt(visits, ns.noiseEvents - eventsBefore);
  }

  /**
   * Attribution of a measured iteration (§4): the excess Δ − g − L beyond the
   * wake-up is charged to the events that delayed the critical rank (latest
   * f_r, lowest id on ties), each in proportion to what it cost that rank.
   */
  private charge(M: number): void {
    const ns = this.ns;
    const attr = this.attribution;
    attr.wakeupUs += ns.iterBase - ns.iterT;
    const excess = M - ns.iterGEnd;
    const k = ns.critical;
    if (k < 0 || !(excess > 0)) return;
    const log = ns.criticalLog;
    const node = (k / this.layout.cores) | 0;
    // A slow critical rank's own longer compute is the slow nodes' part (docs/slow-nodes.md).
    const slow = ns.nodeG === null ? 0 : Math.min(excess, ns.nodeG[node] - this.granularityUs);
    if (slow > 0) attr.chargeSlow(node, slow);
    attr.chargeChain(log.source, log.duration, log.cost, log.count, excess - slow, node);
  }
}

/** stepFor's next batch: twice the last while one takes under a quarter of the budget, ≤ batch. */
export function nextBatch(size: number, tookMs: number, budgetMs: number, batch: number): number {
  return tookMs * 4 < budgetMs ? Math.min(size * 2, Math.max(1, batch)) : size;
}

function checkRange(lo: number, hi: number, n: number): void {
  if (!(Number.isInteger(lo) && Number.isInteger(hi) && lo >= 0 && lo < hi && hi <= n)) {
    throw new Error(`node range [${lo}, ${hi}) is not inside the job's ${n} nodes`);
  }
}
