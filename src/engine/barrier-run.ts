// The bulk-synchronous barrier loop with noise (model.md §3–§4).
//
// Nodes do not interact within an iteration except through the collective
// (t_{i+1} = max f_r + L), so the engine processes an iteration node by node:
// each visited node merges its own pending events (NoiseTable) in start
// order. A rank of a node nobody visits finishes at the default base + g, so
// with sparse noise only the nodes with an event before that time, or a rank
// still frozen, are visited (found through a NodeHeap): cost follows the
// events. With dense noise every node is visited in index order, a
// sequential sweep over typed arrays. Both orders give identical results:
// every random draw is keyed by (source, node, event index).
//
// Events that start after all of a node's ranks have arrived can only freeze
// ranks (the residual rule), so they are applied at the node's next visit,
// before that iteration's start times are fixed: the same result as applying
// them in the iteration they start in.
import type { Scenario } from '../scenario/types.ts';
import { Attribution } from './attribution.ts';
import { collectiveLatency } from './collective.ts';
import { DurationKind, sampleDuration } from './durations.ts';
import { EventLog } from './event-log.ts';
import { buildLayout, type Layout } from './layout.ts';
import { NodeHeap } from './node-heap.ts';
import { NoiseTable } from './noise-table.ts';
import { uniformAt3 } from './random.ts';

/** Visit every node each iteration when this many events per node and iteration are expected. */
const SWEEP_THRESHOLD = 0.25;

/** Strategy overrides, for tests that check the strategies agree bit for bit. */
export interface BarrierRunOptions {
  /** how nodes are found: every node each iteration, or a heap of nodes with work */
  visit?: 'auto' | 'sweep' | 'heap';
  /** false: merge every node's events across cores even when all are pinned */
  lanes?: boolean;
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
  /** release time t_i of the next iteration, µs */
  timeUs = 0;
  /** noise events applied so far on job nodes (those absorbed by idle cores included) */
  noiseEvents = 0;
  /** Δ_i of each measured iteration (after warm-up), µs */
  readonly durations: Float64Array;
  readonly attribution: Attribution;
  /** 'sweep': every node every iteration; 'heap': only nodes with work */
  readonly mode: 'sweep' | 'heap';

  private readonly noise: NoiseTable;
  private readonly heap: NodeHeap | null;
  private readonly block: boolean;
  private readonly wakeupUs: number;
  // Per core id k = node·C + core (a rank is known by the core it is bound to;
  // ranks take the lowest non-reserved cores in order, so core-id order is
  // rank-id order, the tie rule of §4).
  private readonly busy: Float64Array; // µs: end of the core's FIFO noise queue
  private readonly finish: Float64Array; // µs: f_r, valid for visited nodes
  private readonly frozenUntil: Float64Array; // µs: residual-rule freeze
  private readonly freezeSource: Int32Array; // scenario index of that freeze's source
  private readonly freezeDuration: Float64Array; // µs: that event's duration
  private readonly logHead: Int32Array; // newest `log` entry of the rank, during its node's visit
  // Per node.
  private readonly visited: Int32Array; // last iteration the node was visited
  private readonly marked: Int32Array; // iteration for which it is on `mustVisit`
  private mustVisit: Int32Array; // nodes with a rank frozen into the next iteration
  private mustVisitNext: Int32Array;
  private mustCount = 0;
  private mustNextCount = 0;
  // What delayed whom, for attribution: `log` is scratch for the node being
  // visited (small, stays in cache); when that node holds the latest
  // arrival so far, its critical rank's chain is copied to `criticalLog`.
  // Copies happen at each new record, O(log n) times per iteration.
  private readonly log = new EventLog();
  private readonly criticalLog = new EventLog();
  // The iteration being run.
  private iterT = 0;
  private iterBase = 0;
  private iterGEnd = 0;
  private iterMax = 0;
  private critical = -1; // core id of the critical rank
  private measuring = false;

  private readonly useLanes: boolean;

  constructor(scenario: Scenario, options: BarrierRunOptions = {}) {
    this.scenario = scenario;
    const layout = buildLayout(scenario);
    this.layout = layout;
    const w = scenario.workload;
    this.granularityUs = w.granularityUs;
    this.totalIterations = w.iterations;
    this.warmup = w.warmup;
    this.collectiveUs = collectiveLatency(
      scenario.machine.collective,
      layout.nodes,
      layout.ranksPerNode,
    );
    this.block = scenario.job.waitMode === 'block';
    this.wakeupUs = this.block ? scenario.job.wakeupUs : 0;
    this.noise = new NoiseTable(scenario, layout);
    const n = layout.nodes;
    const K = n * layout.cores;
    this.busy = new Float64Array(K);
    this.finish = new Float64Array(K);
    this.frozenUntil = new Float64Array(K);
    this.freezeSource = new Int32Array(K);
    this.freezeDuration = new Float64Array(K);
    this.logHead = new Int32Array(K).fill(-1);
    this.visited = new Int32Array(n).fill(-1);
    this.marked = new Int32Array(n).fill(-1);
    this.mustVisit = new Int32Array(Math.min(n, 1024));
    this.mustVisitNext = new Int32Array(Math.min(n, 1024));
    this.durations = new Float64Array(w.iterations - w.warmup);
    this.attribution = new Attribution(scenario.noise.length, n);
    const visit = options.visit ?? 'auto';
    this.mode =
      visit !== 'auto' ? visit : this.expectedEventsPerNode() >= SWEEP_THRESHOLD ? 'sweep' : 'heap';
    this.useLanes = options.lanes ?? true;
    if (this.mode === 'heap') {
      const keys = new Float64Array(n);
      for (let x = 0; x < n; x++) keys[x] = this.noise.earliest(x);
      this.heap = new NodeHeap(keys);
    } else {
      this.heap = null;
    }
  }

  get done(): boolean {
    return this.iteration >= this.totalIterations;
  }

  /** Number of measured iterations completed (after warm-up). */
  get measured(): number {
    return Math.max(0, this.iteration - this.warmup);
  }

  /** Run up to `n` more iterations; returns how many ran. */
  step(n: number): number {
    const end = Math.min(this.totalIterations, this.iteration + n);
    const start = this.iteration;
    while (this.iteration < end) this.runIteration();
    return this.iteration - start;
  }

  /** Run to the end (tests and the CLI; the worker uses step() in batches). */
  run(): this {
    this.step(this.totalIterations);
    return this;
  }

  /** Noise events expected per node and iteration without noise-induced stretch. */
  private expectedEventsPerNode(): number {
    const span = this.granularityUs + this.collectiveUs + this.wakeupUs;
    const t = this.noise;
    const n = this.layout.nodes;
    let perIteration = 0;
    for (let x = 0; x < n; x++) {
      for (let e = t.rowStart[x]; e < t.rowStart[x + 1]; e++) {
        perIteration += span / t.periodUs[t.source[e]];
      }
    }
    return perIteration / n;
  }

  private runIteration(): void {
    const i = this.iteration;
    const t = this.timeUs;
    this.iterT = t;
    this.iterBase = i > 0 ? t + this.wakeupUs : t;
    this.iterGEnd = this.iterBase + this.granularityUs;
    this.iterMax = this.iterGEnd;
    this.critical = -1;
    this.measuring = i >= this.warmup;
    this.criticalLog.clear();
    // Nodes frozen into this iteration become this iteration's must-visit list.
    const must = this.mustVisitNext;
    this.mustVisitNext = this.mustVisit;
    this.mustVisit = must;
    this.mustCount = this.mustNextCount;
    this.mustNextCount = 0;

    if (this.heap === null) {
      for (let x = 0; x < this.layout.nodes; x++) this.visit(x, i);
    } else {
      const heap = this.heap;
      for (let j = 0; j < this.mustCount; j++) {
        const x = this.mustVisit[j];
        if (this.visited[x] === i) continue;
        this.visit(x, i);
        heap.update(x, this.noise.earliest(x));
      }
      while (heap.topKey() < this.iterGEnd) {
        const x = heap.top();
        this.visit(x, i);
        heap.update(x, this.noise.earliest(x));
      }
    }

    const M = this.iterMax;
    const next = M + this.collectiveUs;
    if (this.measuring) {
      this.durations[i - this.warmup] = next - t;
      this.charge(M);
    }
    this.timeUs = next;
    this.iteration = i + 1;
  }

  /** Apply node x's events for iteration i (see the file header). */
  private visit(x: number, i: number): void {
    this.visited[x] = i;
    this.log.clear();
    if (!this.useLanes || this.noise.hasAny(x)) this.visitMerged(x, i);
    else this.visitLanes(x, i);
    // The node's critical rank: latest arrival, lowest id on ties.
    const { cores: C, ranksPerNode: P, slotCore } = this.layout;
    const k0 = x * C;
    const gEnd = this.iterGEnd;
    let nodeMax = gEnd;
    let crit = -1;
    let delay = 0;
    for (let p = 0; p < P; p++) {
      const f = this.finish[k0 + slotCore[p]];
      delay += f - gEnd;
      if (f > nodeMax) {
        nodeMax = f;
        crit = k0 + slotCore[p];
      } else if (crit < 0 && f === nodeMax) {
        crit = k0 + slotCore[p];
      }
    }
    if (this.measuring && delay > 0) this.attribution.nodeDelay[x] += delay;
    if (nodeMax > this.iterMax || (nodeMax === this.iterMax && crit < this.critical)) {
      this.iterMax = nodeMax;
      this.critical = crit;
      this.log.copyChain(this.logHead[crit], this.criticalLog);
    }
  }

  /**
   * Node x when only pinned sources cover it: its cores do not interact, so
   * each core's lane of events is applied on its own, in start order, up to
   * its rank's arrival; later events wait for the next visit (they can only
   * freeze). No merge across lanes: this is the dense-noise fast path.
   */
  private visitLanes(x: number, i: number): void {
    const { cores: C, coreSlot } = this.layout;
    const noise = this.noise;
    const { time, source, count, laneStart, phase, periodic, periodUs, durKind, durP1 } = noise;
    const { busy, finish, frozenUntil, logHead, log } = this;
    const W = C + 1;
    const k0 = x * C;
    const g = this.granularityUs;
    const base = this.iterBase;
    const gEnd = this.iterGEnd;
    const t = this.iterT;
    const nodeId = noise.nodeId(x);
    for (let c = 0; c < C; c++) {
      const ls = laneStart[x * W + c];
      const le = laneStart[x * W + c + 1];
      const k = k0 + c;
      const hasRank = coreSlot[c] >= 0;
      if (ls === le) {
        // No source is pinned here, so nothing ever freezes this core's rank.
        if (hasRank) {
          finish[k] = gEnd;
          logHead[k] = -1;
        }
        continue;
      }
      // Pass 0: events left from the previous iteration (start < t_i), which
      // can only freeze; on an idle core, anything before gEnd (it is absorbed).
      // Then the rank's start time. Pass 1: events before the rank arrives.
      let bound = hasRank ? t : gEnd;
      for (let pass = 0; pass < 2; pass++) {
        if (pass === 1) {
          if (!hasRank) break;
          const until = frozenUntil[k];
          if (until > base) {
            finish[k] = until + g;
            const le2 = log.push(-1, this.freezeSource[k]);
            log.duration[le2] = this.freezeDuration[k];
            log.cost[le2] = until - base;
            logHead[k] = le2;
          } else {
            finish[k] = gEnd;
            logHead[k] = -1;
          }
          bound = finish[k];
        }
        for (;;) {
          let e = ls;
          let s = time[ls];
          for (let q = ls + 1; q < le; q++) {
            if (time[q] < s) {
              s = time[q];
              e = q;
            }
          }
          if (!(s < bound)) break;
          const j = source[e];
          const ev = count[e];
          const d =
            durKind[j] === DurationKind.Fixed
              ? durP1[j]
              : sampleDuration(
                  durKind[j] as DurationKind,
                  durP1[j],
                  noise.durP2[j],
                  noise.durationKey[j],
                  nodeId,
                  ev,
                );
          const a = busy[k] > s ? busy[k] : s;
          const b = a + d;
          busy[k] = b;
          this.noiseEvents++;
          if (periodic[j]) {
            count[e] = ev + 1;
            time[e] = phase[e] + (ev + 1) * periodUs[j];
          } else {
            noise.advance(e, x);
          }
          if (!hasRank) continue;
          const src = noise.scenarioIndex[j];
          if (pass === 1 && a < finish[k]) {
            const f = finish[k] + d;
            finish[k] = f;
            bound = f;
            const le2 = log.push(logHead[k], src);
            log.duration[le2] = d;
            log.cost[le2] = d;
            logHead[k] = le2;
          } else {
            frozenUntil[k] = b;
            this.freezeSource[k] = src;
            this.freezeDuration[k] = d;
            if (pass === 1 && this.heap !== null && this.marked[x] !== i) {
              this.marked[x] = i;
              this.markForNextIteration(x);
            }
          }
        }
      }
    }
  }

  /**
   * Node x with a cpu "any" source: its events are merged across lanes in
   * start order (ties: scenario order), since where an event lands depends on
   * the other cores' state. One function on purpose: V8 boxes a double passed
   * to or returned from a call it does not inline, and this is the hot loop.
   */
  private visitMerged(x: number, i: number): void {
    const { cores: C, ranksPerNode: P, slotCore, coreSlot } = this.layout;
    const noise = this.noise;
    const { time, source, count } = noise;
    const { busy, finish, frozenUntil, logHead, log } = this;
    const rs = noise.rowStart[x];
    const re = noise.rowStart[x + 1];
    const k0 = x * C;
    const g = this.granularityUs;
    const base = this.iterBase;
    const gEnd = this.iterGEnd;
    const nodeId = noise.nodeId(x);
    let nodeMax = gEnd;

    // Pass 0: events left from the previous iteration (start < t_i): every
    //   rank of this node had arrived, so they can only freeze.
    // Between passes: start times; a rank frozen past the release starts late.
    // Pass 1: events that start before the node's last rank arrives.
    for (let pass = 0; pass < 2; pass++) {
      const arrived = pass === 0;
      if (pass === 1) {
        for (let p = 0; p < P; p++) {
          const k = k0 + slotCore[p];
          const until = frozenUntil[k];
          if (until > base) {
            finish[k] = until + g;
            const le = log.push(-1, this.freezeSource[k]);
            log.duration[le] = this.freezeDuration[k];
            log.cost[le] = until - base;
            logHead[k] = le;
            if (until + g > nodeMax) nodeMax = until + g;
          } else {
            finish[k] = gEnd;
            logHead[k] = -1;
          }
        }
      }
      for (;;) {
        // The node's earliest pending event before the pass's bound; ties go
        // to the entry first in scenario order.
        let e = -1;
        let s = arrived ? this.iterT : nodeMax;
        for (let q = rs; q < re; q++) {
          if (time[q] < s || (time[q] === s && e >= 0 && source[q] < source[e])) {
            s = time[q];
            e = q;
          }
        }
        if (e < 0) break;
        const j = source[e];
        const ev = count[e];
        const d =
          noise.durKind[j] === DurationKind.Fixed
            ? noise.durP1[j]
            : sampleDuration(
                noise.durKind[j] as DurationKind,
                noise.durP1[j],
                noise.durP2[j],
                noise.durationKey[j],
                nodeId,
                ev,
              );
        // Which core (§3): pinned; else the lowest free core whose queue is
        // empty (idle, or in block mode a rank that has arrived); else a
        // uniformly random rank whose core runs no noise; else the rank core
        // whose queue ends first (lowest on ties).
        let core = noise.pinnedCore[j];
        if (core < 0) {
          for (let c = 0; c < C; c++) {
            if (busy[k0 + c] > s) continue;
            if (coreSlot[c] < 0 || (this.block && (arrived || finish[k0 + c] <= s))) {
              core = c;
              break;
            }
          }
        }
        if (core < 0) {
          let free = 0;
          for (let p = 0; p < P; p++) if (busy[k0 + slotCore[p]] <= s) free++;
          if (free > 0) {
            let pick = Math.floor(uniformAt3(noise.victimKey[j], nodeId, ev) * free);
            for (let p = 0; p < P; p++) {
              if (busy[k0 + slotCore[p]] <= s && pick-- === 0) {
                core = slotCore[p];
                break;
              }
            }
          } else {
            core = slotCore[0];
            for (let p = 1; p < P; p++) {
              if (busy[k0 + slotCore[p]] < busy[k0 + core]) core = slotCore[p];
            }
          }
        }
        const k = k0 + core;
        const a = busy[k] > s ? busy[k] : s;
        const b = a + d;
        busy[k] = b;
        this.noiseEvents++;
        noise.advance(e, x);
        if (coreSlot[core] < 0) continue; // an idle core absorbs it
        const src = noise.scenarioIndex[j];
        if (!arrived && a < finish[k]) {
          // Computing: the rank's compute is paused for d.
          const f = finish[k] + d;
          finish[k] = f;
          const le = log.push(logHead[k], src);
          log.duration[le] = d;
          log.cost[le] = d;
          logHead[k] = le;
          if (f > nodeMax) nodeMax = f;
        } else {
          // Waiting: frozen until b, which matters if the release comes first.
          frozenUntil[k] = b;
          this.freezeSource[k] = src;
          this.freezeDuration[k] = d;
          if (!arrived && this.heap !== null && this.marked[x] !== i) {
            this.marked[x] = i;
            this.markForNextIteration(x);
          }
        }
      }
    }
  }

  private markForNextIteration(x: number): void {
    if (this.mustNextCount === this.mustVisitNext.length) {
      const grown = new Int32Array(Math.min(this.layout.nodes, this.mustNextCount * 2));
      grown.set(this.mustVisitNext);
      this.mustVisitNext = grown;
    }
    this.mustVisitNext[this.mustNextCount++] = x;
  }

  /**
   * Attribution of a measured iteration (§4): the excess Δ − g − L beyond the
   * wake-up is charged to the events that delayed the critical rank (latest
   * f_r, lowest id on ties), each in proportion to what it cost that rank.
   */
  private charge(M: number): void {
    const attr = this.attribution;
    attr.wakeupUs += this.iterBase - this.iterT;
    const excess = M - this.iterGEnd;
    const k = this.critical;
    if (k < 0 || !(excess > 0)) return;
    const log = this.criticalLog;
    let total = 0;
    for (let e = 0; e < log.count; e++) total += log.cost[e];
    if (!(total > 0)) return;
    const scale = excess / total;
    for (let e = 0; e < log.count; e++) {
      attr.charge(log.source[e], log.duration[e], log.cost[e] * scale);
    }
    attr.addCritical((k / this.layout.cores) | 0, excess);
  }
}
