// The bulk-synchronous barrier loop with noise (model.md §3–§4).
//
// Nodes do not interact within an iteration except through the collective
// (t_{i+1} = max f_r + L), so the engine processes an iteration node by node:
// each visited node merges its own pending events (NoiseTable) in start
// order. A rank of a node nobody visits finishes at the default base + g, so
// with sparse noise only the nodes with an event before that time, or a rank
// still frozen, are visited (found through a NodeCalendar): cost follows the
// events. With dense noise every node is visited in index order, a
// sequential sweep. The two strategies give identical results (every random
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
import { EventLog } from './event-log.ts';
import { buildLayout, type Layout } from './layout.ts';
import { NodeCalendar } from './node-calendar.ts';
import { NoiseTable } from './noise-table.ts';
import { bitsAt3 } from './random.ts';

// Field offsets are module-local constants, not imports: in unbundled ES
// modules (tsx, Vite's dev server, Vitest) every read of an imported binding
// is a checked indirection, and in this loop that made runs 3–6× slower.
// tests/engine/layout-constants.test.ts keeps the copies equal to the originals.

/**
 * Node state (one block per job node, see `state`): everything a visit reads
 * and writes is contiguous, because with sparse noise a visit lands on a
 * random node and each separate array would be a cache miss at full scale.
 * Block of job node x at x·stride, stride = H_CORES + CORE_STRIDE·C:
 */
export const H_VISITED = 0; // last iteration the node was visited (-1 never)
export const H_DELAY = 1; // µs: Σ over measured iterations and its ranks of f_r − (base + g)
export const H_CORES = 2; // then per core c, at H_CORES + c·CORE_STRIDE:
export const C_BUSY = 0; // µs: end of the core's FIFO noise queue
export const C_FROZEN = 1; // µs: the core's rank is frozen until then (residual rule)
export const CORE_STRIDE = 2;
// Colder per-core data lives apart (`freezeSource`, `freezeDuration`, read
// only when a freeze delays a start), and f_r is per visit (`finish`):
// a dense sweep streams every block, so every byte in it costs.

// Copies of noise-table.ts's entry layout and of FIXED (see above).
const E_TIME = 0;
const E_COUNT = 1;
const E_PHASE = 2;
const E_SOURCE = 3;
const ENTRY_STRIDE = 4;
const FIXED = 0;

// sweepPeriodicLanes keeps, per core of the node in hand, the lane's state
// before the visit, to replay the critical rank's lane for attribution.
const S_COUNT = 0; // k of the lane's next event
const S_TIME = 1; // µs: its start
const S_BUSY = 2; // µs: the core's queue end
const S_FROZEN = 3; // µs: frozen-until
const S_SRC = 4; // source and duration of the freeze that set S_FROZEN
const S_DUR = 5;
const STASH = 6;

/** Start by visiting every node when this many events per node and iteration are expected. */
const SWEEP_THRESHOLD = 0.25;
/** Switch calendar → sweep when more than this fraction of nodes needed a visit… */
const TO_SWEEP = 1 / 3;
/** …and sweep → calendar when fewer events than this fraction of nodes were applied. */
const TO_CALENDAR = 1 / 10;
/** Iterations in a row a switch condition must hold (a calendar costs O(n) to build). */
const SWITCH_AFTER = 4;

/** Strategy overrides, for tests that check the strategies agree bit for bit. */
export interface BarrierRunOptions {
  /** how nodes are found: every node each iteration, or a calendar of nodes with work */
  visit?: 'auto' | 'sweep' | 'calendar';
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
  /** how nodes are visited now: all of them, or those the calendar says have work */
  mode: 'sweep' | 'calendar';
  /** times the visit strategy switched during the run */
  modeSwitches = 0;

  private readonly noise: NoiseTable;
  private calendar: NodeCalendar | null;
  private readonly due: Int32Array; // nodes the calendar returned
  private readonly adaptive: boolean;
  private readonly useLanes: boolean;
  /**
   * Every enabled source is periodic and pinned, at most one per core: the
   * dense sweep can run all lanes in one tight loop (sweepPeriodicLanes).
   */
  private readonly simpleLanes: boolean;
  private streak = 0;
  private readonly block: boolean;
  private readonly wakeupUs: number;
  /** a core can be free for "any" noise: an idle core exists, or ranks block */
  private readonly mayBeFree: boolean;
  /** sink for the early reads of the calendar loop (kept so they are not optimized away) */
  touched = 0;
  /** next event start of the node just visited (µs), for the calendar */
  private nextKey = 0;
  /** next event start of the lane periodicLane just ran (µs) */
  private laneNext = 0;
  /** every node's mutable state, one block per node (H_* and C_* above) */
  private readonly state: Float64Array;
  private readonly stride: number;
  /** per node: start of its next pending event, µs (+∞ none) */
  private readonly nodeKey: Float64Array;
  /** per node: the iteration in which one of its ranks froze (visit it in the next) */
  private readonly marked: Int32Array;
  private mustVisit: Int32Array; // nodes with a rank frozen into this iteration
  private mustVisitNext: Int32Array; // … into the next one
  private mustCount = 0;
  private mustNextCount = 0;
  // What delayed whom, for attribution: `log` is scratch for the node being
  // visited (small, stays in cache), `logHead` its per-core chain heads; when
  // that node holds the latest arrival so far, its critical rank's chain is
  // copied to `criticalLog` (at each new record: O(log n) times per iteration).
  private readonly log = new EventLog();
  private readonly logHead: Int32Array;
  /** per core of the node being visited: its rank's provisional finish f_r, µs */
  private readonly finish: Float64Array;
  /** per core id x·C + c: source (scenario index) and duration (µs) of the event that froze its rank */
  private readonly freezeSource: Int32Array;
  private readonly freezeDuration: Float64Array;
  private readonly candidates: Int32Array; // scratch: cores an "any" event may preempt
  private readonly laneStash: Float64Array; // scratch, see S_* above
  // simpleLanes: per core, its one source's local index, period (µs), whether
  // its duration is fixed, and that duration (µs).
  private readonly laneSource: Int32Array;
  private readonly lanePeriod: Float64Array;
  private readonly laneFixed: Uint8Array;
  private readonly laneDuration: Float64Array;
  private readonly criticalLog = new EventLog();
  // The iteration being run (µs).
  private iterT = 0;
  private iterBase = 0;
  private iterGEnd = 0;
  private iterMax = 0;
  /** critical rank as a core id x·C + c: core-id order is rank-id order */
  private critical = -1;
  private measuring = false;

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
    this.mayBeFree = this.block || layout.ranksPerNode < layout.cores;
    this.noise = new NoiseTable(scenario, layout);
    const n = layout.nodes;
    this.stride = H_CORES + CORE_STRIDE * layout.cores;
    this.state = new Float64Array(n * this.stride);
    // Two fields a sweep reads for every node live apart from the blocks, so
    // deciding to skip a quiet node reads 12 bytes, not a cache line.
    this.nodeKey = new Float64Array(n);
    this.marked = new Int32Array(n).fill(-1);
    for (let x = 0; x < n; x++) {
      this.state[x * this.stride + H_VISITED] = -1;
      this.nodeKey[x] = this.noise.earliest(x);
    }
    this.logHead = new Int32Array(layout.cores);
    this.candidates = new Int32Array(layout.cores);
    this.finish = new Float64Array(layout.cores);
    this.freezeSource = new Int32Array(n * layout.cores);
    this.freezeDuration = new Float64Array(n * layout.cores);
    this.mustVisit = new Int32Array(Math.min(n, 1024));
    this.mustVisitNext = new Int32Array(Math.min(n, 1024));
    this.durations = new Float64Array(w.iterations - w.warmup);
    this.attribution = new Attribution(scenario.noise.length, n);
    this.due = new Int32Array(n);
    const visit = options.visit ?? 'auto';
    this.adaptive = visit === 'auto';
    this.useLanes = options.lanes ?? true;
    const pinnedCores = new Set<number>();
    this.simpleLanes =
      this.useLanes &&
      scenario.noise.every((src) => {
        if (!src.enabled) return true;
        if (src.cpu === 'any' || src.arrival !== 'periodic' || pinnedCores.has(src.cpu)) {
          return false;
        }
        pinnedCores.add(src.cpu);
        return true;
      });
    this.laneStash = new Float64Array(layout.cores * STASH);
    this.laneSource = new Int32Array(layout.cores).fill(-1);
    this.lanePeriod = new Float64Array(layout.cores);
    this.laneFixed = new Uint8Array(layout.cores);
    this.laneDuration = new Float64Array(layout.cores);
    for (let j = 0; j < this.noise.sources; j++) {
      const c = this.noise.pinnedCore[j];
      if (c < 0) continue;
      this.laneSource[c] = j;
      this.lanePeriod[c] = this.noise.periodUs[j];
      this.laneFixed[c] = this.noise.durKind[j] === FIXED ? 1 : 0;
      this.laneDuration[c] = this.noise.durP1[j];
    }
    this.mode =
      visit !== 'auto'
        ? visit
        : this.expectedEventsPerNode() >= SWEEP_THRESHOLD
          ? 'sweep'
          : 'calendar';
    this.calendar = this.mode === 'calendar' ? this.buildCalendar() : null;
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

  /**
   * Run batches of `batch` iterations until `budgetMs` has passed on the
   * given clock (the engine has none of its own) or the run is done; returns
   * how many iterations ran. A worker calls this, posts progress, yields, and
   * drops a stale run between calls.
   */
  stepFor(budgetMs: number, now: () => number, batch = 8): number {
    const start = now();
    let ran = 0;
    do {
      ran += this.step(batch);
    } while (!this.done && now() - start < budgetMs);
    return ran;
  }

  /** Run to the end (tests and the CLI; the worker uses step() in batches). */
  run(): this {
    this.step(this.totalIterations);
    return this;
  }

  /** Per job node, µs its ranks lost over the measured iterations (Σ of f_r − (base + g)). */
  nodeDelays(): Float64Array {
    const out = new Float64Array(this.layout.nodes);
    for (let x = 0; x < out.length; x++) out[x] = this.state[x * this.stride + H_DELAY];
    return out;
  }

  /** Noise events expected per node and iteration without noise-induced stretch. */
  private expectedEventsPerNode(): number {
    const span = this.granularityUs + this.collectiveUs + this.wakeupUs;
    const t = this.noise;
    let perIteration = 0;
    for (let e = 0; e < t.rowStart[this.layout.nodes]; e++) {
      perIteration += span / t.periodUs[t.ent[e * ENTRY_STRIDE + E_SOURCE]];
    }
    return perIteration / this.layout.nodes;
  }

  private buildCalendar(): NodeCalendar {
    const keys = this.nodeKey;
    // Buckets about one noiseless iteration wide (≥ 10 µs, so a g = 0 run
    // does not scan thousands of empty buckets per iteration); 65,536 of
    // them cover 0.65 s even at the minimum width.
    const width = Math.max(10, this.granularityUs + this.collectiveUs + this.wakeupUs);
    return new NodeCalendar(keys, width, 1 << 16);
  }

  /** Adapt the visit strategy to the work the last iteration had (see `mode`). */
  private adapt(visits: number, events: number): void {
    const n = this.layout.nodes;
    const other = this.mode === 'calendar' ? visits > TO_SWEEP * n : events < TO_CALENDAR * n;
    this.streak = other ? this.streak + 1 : 0;
    if (this.streak < SWITCH_AFTER) return;
    this.streak = 0;
    this.modeSwitches++;
    if (this.mode === 'calendar') {
      this.mode = 'sweep';
      this.calendar = null;
    } else {
      this.mode = 'calendar';
      this.calendar = this.buildCalendar();
    }
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
    // Nodes marked during the last iteration are this iteration's must-visits.
    const must = this.mustVisitNext;
    this.mustVisitNext = this.mustVisit;
    this.mustVisit = must;
    this.mustCount = this.mustNextCount;
    this.mustNextCount = 0;

    const eventsBefore = this.noiseEvents;
    let visits = 0;
    const calendar = this.calendar;
    if (calendar === null && this.simpleLanes) {
      this.sweepPeriodicLanes(i);
      visits = this.layout.nodes;
    } else if (calendar === null) {
      // A node with no event before base + g and no rank frozen into this
      // iteration would only confirm f_r = base + g: skip it (a sequential
      // scan of two fields per node).
      const { nodeKey, marked } = this;
      const gEnd = this.iterGEnd;
      for (let x = 0; x < this.layout.nodes; x++) {
        if (nodeKey[x] < gEnd || marked[x] === i - 1) {
          this.visit(x, i);
          visits++;
        }
      }
    } else {
      const state = this.state;
      for (let j = 0; j < this.mustCount; j++) {
        const x = this.mustVisit[j];
        if (state[x * this.stride + H_VISITED] === i) continue;
        this.visit(x, i);
        visits++;
        calendar.update(x, this.nextKey);
      }
      const due = calendar.collectDue(this.iterGEnd, this.due);
      // Visit in node order: neighbouring blocks share pages and lines.
      sortPrefix(this.due, due);
      const ent = this.noise.ent;
      const rowStart = this.noise.rowStart;
      let touch = 0;
      for (let j = 0; j < due; j++) {
        const x = this.due[j];
        // Read the next due node's first words now, so that its cache misses
        // overlap this visit instead of following it.
        if (j + 1 < due) {
          const y = this.due[j + 1];
          touch += state[y * this.stride + H_VISITED] + ent[rowStart[y] * ENTRY_STRIDE];
        }
        if (state[x * this.stride + H_VISITED] === i) continue;
        this.visit(x, i);
        visits++;
        calendar.insert(x, this.nextKey);
      }
      this.touched = touch;
    }
    if (this.adaptive) this.adapt(visits, this.noiseEvents - eventsBefore);

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
    const state = this.state;
    const o = x * this.stride;
    state[o + H_VISITED] = i;
    this.log.clear();
    if (!this.useLanes || this.noise.hasAny(x)) this.visitMerged(x, i);
    else this.visitLanes(x, i);
    this.nodeKey[x] = this.nextKey;
    // The node's critical rank: latest arrival, lowest id on ties.
    const { cores: C, ranksPerNode: P, slotCore } = this.layout;
    const gEnd = this.iterGEnd;
    let nodeMax = gEnd;
    let crit = -1;
    let delay = 0;
    for (let p = 0; p < P; p++) {
      const c = slotCore[p];
      const f = this.finish[c];
      delay += f - gEnd;
      if (f > nodeMax || (crit < 0 && f === nodeMax)) {
        nodeMax = f;
        crit = c;
      }
    }
    if (this.measuring && delay > 0) state[o + H_DELAY] += delay;
    const k = x * C + crit;
    if (nodeMax > this.iterMax || (nodeMax === this.iterMax && k < this.critical)) {
      this.iterMax = nodeMax;
      this.critical = k;
      this.log.copyChain(this.logHead[crit], this.criticalLog);
    }
  }

  /** Mark node x for a visit next iteration: one of its ranks froze and may start late. */
  private mark(x: number, i: number): void {
    if (this.marked[x] === i) return;
    this.marked[x] = i;
    if (this.mustNextCount === this.mustVisitNext.length) {
      const grown = new Int32Array(Math.min(this.layout.nodes, this.mustNextCount * 2));
      grown.set(this.mustVisitNext);
      this.mustVisitNext = grown;
    }
    this.mustVisitNext[this.mustNextCount++] = x;
  }

  /**
   * The start of the rank on core c of job node x (§3–§4): late if a freeze
   * outlasts the release, with a log entry for the freeze. Sets its
   * provisional finish `finish[c]` (base + g when it starts on time).
   * Returns nothing: a double returned from a call V8 does not inline is boxed.
   */
  private startRank(x: number, c: number): void {
    const state = this.state;
    const co = x * this.stride + H_CORES + c * CORE_STRIDE;
    const until = state[co + C_FROZEN];
    const base = this.iterBase;
    if (until > base) {
      const f = until + this.granularityUs;
      this.finish[c] = f;
      const k = x * this.layout.cores + c;
      const e = this.log.push(-1, this.freezeSource[k]);
      this.log.duration[e] = this.freezeDuration[k];
      this.log.cost[e] = until - base;
      this.logHead[c] = e;
    } else {
      this.finish[c] = this.iterGEnd;
      this.logHead[c] = -1;
    }
  }

  /**
   * Node x when only pinned sources cover it: its cores do not interact, so
   * each core's lane of events is applied on its own, in start order, up to
   * its rank's arrival; later events wait for the next visit (they can only
   * freeze). No merge across lanes: the dense-noise fast path.
   */
  private visitLanes(x: number, i: number): void {
    const { cores: C, coreSlot } = this.layout;
    const finish = this.finish;
    const noise = this.noise;
    const { ent, laneStart, periodic, periodUs, durKind, durP1 } = noise;
    const state = this.state;
    const log = this.log;
    const logHead = this.logHead;
    const o = x * this.stride;
    const W = C + 1;
    const gEnd = this.iterGEnd;
    const t = this.iterT;
    const nodeId = noise.nodeId(x);
    let next = Infinity; // earliest pending event over the lanes after the visit
    for (let c = 0; c < C; c++) {
      const ls = laneStart[x * W + c];
      const le = laneStart[x * W + c + 1];
      const co = o + H_CORES + c * CORE_STRIDE;
      const hasRank = coreSlot[c] >= 0;
      if (ls === le) {
        // No source is pinned here, so nothing ever freezes this core's rank.
        if (hasRank) {
          finish[c] = gEnd;
          logHead[c] = -1;
        }
        continue;
      }
      if (hasRank && le - ls === 1 && periodic[ent[ls * ENTRY_STRIDE + E_SOURCE]] === 1) {
        this.periodicLane(ls, co, c, x, i);
        if (this.laneNext < next) next = this.laneNext;
        continue;
      }
      // Pass 0: events left from the previous iteration (start < t_i), which
      // can only freeze; on an idle core, anything before gEnd (absorbed).
      // Then the rank's start. Pass 1: events before the rank arrives.
      let bound = hasRank ? t : gEnd;
      for (let pass = 0; pass < 2; pass++) {
        if (pass === 1) {
          if (!hasRank) break;
          this.startRank(x, c);
          bound = finish[c];
        }
        for (;;) {
          let e = ls;
          let s = ent[ls * ENTRY_STRIDE + E_TIME];
          for (let q = ls + 1; q < le; q++) {
            if (ent[q * ENTRY_STRIDE + E_TIME] < s) {
              s = ent[q * ENTRY_STRIDE + E_TIME];
              e = q;
            }
          }
          if (!(s < bound)) {
            if ((pass === 1 || !hasRank) && s < next) next = s;
            break;
          }
          const eo = e * ENTRY_STRIDE;
          const j = ent[eo + E_SOURCE];
          const ev = ent[eo + E_COUNT];
          // Fixed durations inline: a call returning a double would box it.
          const d = durKind[j] === FIXED ? durP1[j] : noise.durationOf(j, nodeId, ev);
          const busy = state[co + C_BUSY];
          const a = busy > s ? busy : s;
          const b = a + d;
          state[co + C_BUSY] = b;
          this.noiseEvents++;
          if (periodic[j]) {
            ent[eo + E_COUNT] = ev + 1;
            ent[eo + E_TIME] = ent[eo + E_PHASE] + (ev + 1) * periodUs[j];
          } else {
            noise.advance(e, x);
          }
          if (!hasRank) continue;
          const src = noise.scenarioIndex[j];
          if (pass === 1 && a < finish[c]) {
            // Computing: paused for d.
            const f = finish[c] + d;
            finish[c] = f;
            bound = f;
            const le2 = log.push(logHead[c], src);
            log.duration[le2] = d;
            log.cost[le2] = d;
            logHead[c] = le2;
          } else {
            // Waiting: frozen until b, which matters if the release comes first.
            state[co + C_FROZEN] = b;
            this.freezeSource[x * C + c] = src;
            this.freezeDuration[x * C + c] = d;
            if (pass === 1) this.mark(x, i);
          }
        }
      }
    }
    this.nextKey = next;
  }

  /**
   * The lane of a rank core that one periodic source feeds (the dense case:
   * "every rank at 1 kHz"): the same steps as the general lane loop, with the
   * entry's fields in locals. Leaves the entry's next start in `laneNext`
   * (a returned double would be boxed).
   */
  private periodicLane(e: number, co: number, c: number, x: number, i: number): void {
    const noise = this.noise;
    const nodeId = noise.nodeId(x);
    const ent = noise.ent;
    const state = this.state;
    const eo = e * ENTRY_STRIDE;
    const j = ent[eo + E_SOURCE];
    const T = noise.periodUs[j];
    const phase = ent[eo + E_PHASE];
    const fixed = noise.durKind[j] === FIXED;
    const src = noise.scenarioIndex[j];
    const kc = x * this.layout.cores + c; // core id, for the cold freeze fields
    let k = ent[eo + E_COUNT];
    let s = ent[eo + E_TIME];
    let busy = state[co + C_BUSY];
    let events = 0;
    const t = this.iterT;
    // Pass 0: left from the previous iteration: freezes only.
    while (s < t) {
      const d = fixed ? noise.durP1[j] : noise.durationOf(j, nodeId, k);
      const a = busy > s ? busy : s;
      busy = a + d;
      state[co + C_FROZEN] = busy;
      this.freezeSource[kc] = src;
      this.freezeDuration[kc] = d;
      events++;
      k++;
      s = phase + k * T;
    }
    state[co + C_BUSY] = busy;
    this.startRank(x, c);
    let f = this.finish[c];
    // Pass 1: events before the rank arrives.
    while (s < f) {
      const d = fixed ? noise.durP1[j] : noise.durationOf(j, nodeId, k);
      const a = busy > s ? busy : s;
      busy = a + d;
      if (a < f) {
        f += d;
        const le = this.log.push(this.logHead[c], src);
        this.log.duration[le] = d;
        this.log.cost[le] = d;
        this.logHead[c] = le;
      } else {
        state[co + C_FROZEN] = busy;
        this.freezeSource[kc] = src;
        this.freezeDuration[kc] = d;
        this.mark(x, i);
      }
      events++;
      k++;
      s = phase + k * T;
    }
    state[co + C_BUSY] = busy;
    this.finish[c] = f;
    ent[eo + E_COUNT] = k;
    ent[eo + E_TIME] = s;
    this.noiseEvents += events;
    this.laneNext = s;
  }

  /**
   * One iteration of the dense sweep when every source is periodic and
   * pinned, one per core (simpleLanes): each node's cores are independent
   * lanes of one source each, run here in one loop with everything in
   * locals — no per-event log. The same steps as visitLanes; a node that
   * sets a new latest arrival has its critical lane replayed from the state
   * kept in laneStash, to log what delayed it (O(log n) times per iteration).
   */
  private sweepPeriodicLanes(i: number): void {
    const { nodes: n, cores: C, coreSlot } = this.layout;
    const noise = this.noise;
    const { ent, laneStart, scenarioIndex } = noise;
    const { state, stride, nodeKey, freezeSource, freezeDuration } = this;
    const { laneSource, lanePeriod, laneFixed, laneDuration } = this;
    const stash = this.laneStash;
    const W = C + 1;
    const t = this.iterT;
    const base = this.iterBase;
    const gEnd = this.iterGEnd;
    const g = this.granularityUs;
    const measuring = this.measuring;
    let events = 0;
    for (let x = 0; x < n; x++) {
      const o = x * stride;
      let nodeMax = gEnd;
      let crit = -1;
      let delay = 0;
      let next = Infinity;
      for (let c = 0; c < C; c++) {
        const ls = laneStart[x * W + c];
        const hasRank = coreSlot[c] >= 0;
        let f = gEnd;
        if (ls < laneStart[x * W + c + 1]) {
          const co = o + H_CORES + c * CORE_STRIDE;
          const kc = x * C + c;
          const eo = ls * ENTRY_STRIDE;
          // One source per core (simpleLanes): its constants by core index.
          const j = laneSource[c];
          const T = lanePeriod[c];
          const phase = ent[eo + E_PHASE];
          const fixed = laneFixed[c] === 1;
          let k = ent[eo + E_COUNT];
          let s = ent[eo + E_TIME];
          let busy = state[co + C_BUSY];
          const so = c * STASH;
          stash[so + S_COUNT] = k;
          stash[so + S_TIME] = s;
          stash[so + S_BUSY] = busy;
          stash[so + S_FROZEN] = state[co + C_FROZEN];
          stash[so + S_SRC] = -1; // cold fields: read only if a freeze overwrites them
          if (!hasRank) {
            // An idle core absorbs its events; consume those before gEnd.
            while (s < gEnd) {
              const d = fixed ? laneDuration[c] : noise.durationOf(j, noise.nodeId(x), k);
              busy = (busy > s ? busy : s) + d;
              events++;
              k++;
              s = phase + k * T;
            }
          } else {
            const src = scenarioIndex[j];
            // Pass 0: left from the previous iteration: freezes only.
            while (s < t) {
              const d = fixed ? laneDuration[c] : noise.durationOf(j, noise.nodeId(x), k);
              busy = (busy > s ? busy : s) + d;
              state[co + C_FROZEN] = busy;
              this.stashFreeze(so, kc);
              freezeSource[kc] = src;
              freezeDuration[kc] = d;
              events++;
              k++;
              s = phase + k * T;
            }
            const until = state[co + C_FROZEN];
            f = until > base ? until + g : gEnd;
            // Pass 1: events before the rank arrives.
            while (s < f) {
              const d = fixed ? laneDuration[c] : noise.durationOf(j, noise.nodeId(x), k);
              const a = busy > s ? busy : s;
              busy = a + d;
              if (a < f) {
                f += d;
              } else {
                state[co + C_FROZEN] = busy;
                this.stashFreeze(so, kc);
                freezeSource[kc] = src;
                freezeDuration[kc] = d;
                this.mark(x, i);
              }
              events++;
              k++;
              s = phase + k * T;
            }
          }
          state[co + C_BUSY] = busy;
          ent[eo + E_COUNT] = k;
          ent[eo + E_TIME] = s;
          if (s < next) next = s;
        }
        if (!hasRank) continue;
        delay += f - gEnd;
        if (f > nodeMax || (crit < 0 && f === nodeMax)) {
          nodeMax = f;
          crit = c;
        }
      }
      nodeKey[x] = next;
      if (measuring && delay > 0) state[o + H_DELAY] += delay;
      const kx = x * C + crit;
      if (nodeMax > this.iterMax || (nodeMax === this.iterMax && kx < this.critical)) {
        this.iterMax = nodeMax;
        this.critical = kx;
        this.replayLane(x, crit);
      }
    }
    this.noiseEvents += events;
  }

  /** Keep the lane's pre-visit freeze record before a freeze overwrites it (once). */
  private stashFreeze(so: number, kc: number): void {
    const stash = this.laneStash;
    if (stash[so + S_SRC] >= 0) return;
    stash[so + S_SRC] = this.freezeSource[kc];
    stash[so + S_DUR] = this.freezeDuration[kc];
  }

  /**
   * Rebuild criticalLog for the lane of core c on node x from its state
   * before this iteration's visit (laneStash): the freeze that set its start
   * and each pause, as visitLanes would have logged them.
   */
  private replayLane(x: number, c: number): void {
    const log = this.criticalLog;
    log.clear();
    const noise = this.noise;
    const nodeId = noise.nodeId(x);
    const e = noise.laneStart[x * (this.layout.cores + 1) + c];
    const so = c * STASH;
    const stash = this.laneStash;
    let until = stash[so + S_FROZEN];
    const kc = x * this.layout.cores + c;
    let fsrc = stash[so + S_SRC] >= 0 ? stash[so + S_SRC] : this.freezeSource[kc];
    let fdur = stash[so + S_SRC] >= 0 ? stash[so + S_DUR] : this.freezeDuration[kc];
    if (e === noise.laneStart[x * (this.layout.cores + 1) + c + 1]) {
      // A quiet core: its rank starts and ends on time (nothing to log).
      return;
    }
    const eo = e * ENTRY_STRIDE;
    const j = noise.ent[eo + E_SOURCE];
    const T = noise.periodUs[j];
    const phase = noise.ent[eo + E_PHASE];
    const src = noise.scenarioIndex[j];
    let k = stash[so + S_COUNT];
    let s = stash[so + S_TIME];
    let busy = stash[so + S_BUSY];
    while (s < this.iterT) {
      const d = noise.durationOf(j, nodeId, k);
      busy = (busy > s ? busy : s) + d;
      until = busy;
      fsrc = src;
      fdur = d;
      k++;
      s = phase + k * T;
    }
    const base = this.iterBase;
    let f = this.iterGEnd;
    if (until > base) {
      f = until + this.granularityUs;
      const le = log.push(-1, fsrc);
      log.duration[le] = fdur;
      log.cost[le] = until - base;
    }
    while (s < f) {
      const d = noise.durationOf(j, nodeId, k);
      const a = busy > s ? busy : s;
      busy = a + d;
      if (a < f) {
        f += d;
        const le = log.push(-1, src);
        log.duration[le] = d;
        log.cost[le] = d;
      }
      k++;
      s = phase + k * T;
    }
    // Newest first, as EventLog.copyChain leaves a chain: charges are then
    // summed in the same order as on the general path, to the same bits.
    log.reverse();
  }

  /**
   * Node x with a cpu "any" source: its events are merged across lanes in
   * start order (ties: scenario order), since where an event lands depends on
   * the other cores' state. One function on purpose: V8 boxes a double passed
   * to or returned from a call it does not inline, and this is the hot loop.
   */
  private visitMerged(x: number, i: number): void {
    const { cores: C, ranksPerNode: P, slotCore, coreSlot } = this.layout;
    const finish = this.finish;
    const noise = this.noise;
    const ent = noise.ent;
    const state = this.state;
    const log = this.log;
    const logHead = this.logHead;
    const o = x * this.stride;
    const oc = o + H_CORES;
    const rs = noise.rowStart[x];
    const re = noise.rowStart[x + 1];
    const gEnd = this.iterGEnd;
    const nodeId = noise.nodeId(x);
    let nodeMax = gEnd;

    // Pass 0: events left from the previous iteration (start < t_i): every
    //   rank of this node had arrived, so they can only freeze.
    // Between passes: start times; a rank frozen past the release starts late.
    // Pass 1: events that start before the node's last rank arrives.
    // The node's earliest pending event, e at time s (ties: the source first
    // in scenario order), rescanned only after an event moved an entry.
    let e = -1;
    let s = Infinity;
    let stale = true;
    for (let pass = 0; pass < 2; pass++) {
      const arrived = pass === 0;
      if (pass === 1) {
        for (let p = 0; p < P; p++) {
          const c = slotCore[p];
          this.startRank(x, c);
          const f = finish[c];
          if (f > nodeMax) nodeMax = f;
        }
      }
      for (;;) {
        if (stale) {
          stale = false;
          e = -1;
          s = Infinity;
          for (let q = rs; q < re; q++) {
            const tq = ent[q * ENTRY_STRIDE + E_TIME];
            if (
              tq < s ||
              (tq === s && ent[q * ENTRY_STRIDE + E_SOURCE] < ent[e * ENTRY_STRIDE + E_SOURCE])
            ) {
              s = tq;
              e = q;
            }
          }
        }
        // Stop at the pass's bound; after pass 1, s is the node's next key.
        if (!(s < (arrived ? this.iterT : nodeMax))) {
          if (!arrived) this.nextKey = s;
          break;
        }
        stale = true;
        const eo = e * ENTRY_STRIDE;
        const j = ent[eo + E_SOURCE];
        const ev = ent[eo + E_COUNT];
        const d = noise.durKind[j] === FIXED ? noise.durP1[j] : noise.durationOf(j, nodeId, ev);
        // Which core (§3): pinned; else the lowest free core whose queue is
        // empty (idle, or in block mode a rank that has arrived); else a
        // uniformly random rank whose core runs no noise; else the rank core
        // whose queue ends first (lowest on ties).
        let core = noise.pinnedCore[j];
        if (core < 0 && this.mayBeFree) {
          for (let c = 0; c < C; c++) {
            const co = oc + c * CORE_STRIDE;
            if (state[co + C_BUSY] > s) continue;
            if (coreSlot[c] < 0 || (this.block && (arrived || finish[c] <= s))) {
              core = c;
              break;
            }
          }
        }
        if (core < 0) {
          // Rank cores running no noise, in core order.
          const cand = this.candidates;
          let free = 0;
          for (let p = 0; p < P; p++) {
            const c = slotCore[p];
            if (state[oc + c * CORE_STRIDE + C_BUSY] <= s) cand[free++] = c;
          }
          if (free > 0) {
            // A uniform pick among them from 32 random bits.
            core = cand[Math.floor((bitsAt3(noise.victimKey[j], nodeId, ev) * free) / 4294967296)];
          } else {
            core = slotCore[0];
            for (let p = 1; p < P; p++) {
              const c = slotCore[p];
              if (state[oc + c * CORE_STRIDE + C_BUSY] < state[oc + core * CORE_STRIDE + C_BUSY]) {
                core = c;
              }
            }
          }
        }
        const co = oc + core * CORE_STRIDE;
        const busy = state[co + C_BUSY];
        const a = busy > s ? busy : s;
        const b = a + d;
        state[co + C_BUSY] = b;
        this.noiseEvents++;
        noise.advance(e, x);
        if (coreSlot[core] < 0) continue; // an idle core absorbs it
        const src = noise.scenarioIndex[j];
        if (!arrived && a < finish[core]) {
          // Computing: the rank's compute is paused for d.
          const f = finish[core] + d;
          finish[core] = f;
          const le = log.push(logHead[core], src);
          log.duration[le] = d;
          log.cost[le] = d;
          logHead[core] = le;
          if (f > nodeMax) nodeMax = f;
        } else {
          // Waiting: frozen until b, which matters if the release comes first.
          state[co + C_FROZEN] = b;
          this.freezeSource[x * C + core] = src;
          this.freezeDuration[x * C + core] = d;
          if (!arrived) this.mark(x, i);
        }
      }
    }
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

/**
 * Sort a[0..n) ascending in place: insertion sort for the few nodes of a
 * typical sparse iteration (no subarray view allocated every iteration),
 * the built-in sort beyond that.
 */
function sortPrefix(a: Int32Array, n: number): void {
  if (n > 32) {
    a.subarray(0, n).sort();
    return;
  }
  for (let i = 1; i < n; i++) {
    const v = a[i];
    let j = i - 1;
    while (j >= 0 && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}
