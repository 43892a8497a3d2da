// Counted lanes: an iteration of the barrier loop that does not touch every rank when the
// noise does not call for it (src/engine/README.md, "Counted lanes", gives the argument).
//
// It runs when every rank core carries one periodic source covering every job node (a timer
// tick per core), all of one period T and one duration law, fixed or uniform, with d < T, and
// ranks poll. A rank whose node has nothing else going on (a *plain* lane: no freeze carried
// into the iteration, no cpu "any" event that can reach it) starts at t_i, and what happens to
// it follows from one number, u = (φ − t_i) mod T, the offset of its first tick in the
// iteration:
// - its compute is paused m(u) times, m(u) = ⌈(g − u)/(T − d)⌉ for u < g (fixed d), 0 else
//   (uniform d: at most once, the scenario guarantees T ≥ g + d_max), so it arrives at
//   t_i + g + Σ of those events' durations;
// - its later ticks in the iteration find it waiting: a freeze that matters only when it
//   outlasts the release, i.e. for ticks that start in (t_{i+1} − d_max, t_{i+1}).
// With the lanes sorted by phase once, the ranks of each class are an arc of that order: two
// binary searches. The iteration's finish is the latest arrival, so only the highest class
// matters: with a fixed d every rank of it ties and the lowest rank id is critical (model.md
// §4); with a uniform d, the most of k independent durations is drawn directly,
// a + (b − a)·U^{1/k}, and the critical rank is uniform among the k (ties have probability 0).
// Ranks of the release's arc are enumerated and drawn one by one, as events of their own; one
// that outlasts the release makes a *late lane*, counted the same way from its freeze's end.
// A cpu "any" event that finds one of its node's idle cores free lands there (model.md §3)
// and touches no rank: the node stays plain, only its idle cores' queues are brought up to it.
//
// Everything else runs the per-rank way: a node with a cpu "any" event that finds no idle
// core free (it would preempt a rank), or state left from such a visit, is *materialized*
// (its lanes written out from their phases) and run by the dense loop's own code
// (dense-loop.ts denseIteration over a list), until it is plain again. The result is
// model.md's in distribution, not to the bit: `exact: true` on the run (`--exact` in the CLI)
// visits every rank instead. The lost time per node of plain lanes is kept as counts of hits
// and turned into time when read (addNodeDelays). A large run is drawn in fixed blocks of
// nodes, one BulkLanes each (split-size.ts), so that a run split over threads draws alike.
import type { NodeState } from './node-state.ts';
import type { Layout } from './layout.ts';
import type { NoiseTable } from './noise-table.ts';
import { AgentHeap } from './agent-heap.ts';
import { DenseLanes, absorbIdle, absorbIdleLanes, denseIteration } from './dense-loop.ts';
import { queueStart } from './event-rule.ts';
import { deriveSeed, uniformAt3 } from './random.ts';

// Module-local copies (see dense-loop.ts); tests/engine/layout-constants.test.ts checks them.
const E_TIME = 0;
const E_COUNT = 1;
const E_SOURCE = 3;
const ENTRY_STRIDE = 4;
const FIXED = 0;
const UNIFORM = 1;
/** Salts of the counted lanes' own draws (most of k durations, the critical rank, node delays). */
const SALT_MAX = 0x6275_6c6b;
const SALT_PICK = 0x7069_636b;
const SALT_DELAY = 0x6465_6c79;
/** More pause classes than this (g many times T) and the arcs cost more than the ranks. */
const MAX_CLASSES = 64;
/** Enumerate an arc to find its lowest rank id when it holds fewer lanes than this. */
const ENUMERATE_BELOW = 512;
/** Node delays of a lane with more hits than this are drawn as the normal sum of them. */
const EXACT_SUM_HITS = 32;

export class BulkLanes {
  /** T (µs), and the durations: fixed d = d1 = d2, or uniform on [d1, d2] */
  readonly period: number;
  readonly kind: number;
  readonly d1: number;
  readonly d2: number;
  readonly granularityUs: number;
  /** the most pauses a plain rank can have in one iteration */
  readonly classes: number;
  /**
   * The job nodes this block counts, [lo, hi) (split-size.ts: a large run is drawn in fixed
   * blocks). Lane ℓ = x·P + p is rank ℓ; per-lane arrays are indexed by ℓ − laneBase and
   * per-node ones by x − lo.
   */
  readonly lo: number;
  readonly hi: number;
  readonly laneBase: number;
  readonly laneEnd: number;
  /** lanes (ranks) of the block */
  readonly lanes: number;
  /** phases (µs) in ascending order, and the lane (rank id) at each position */
  readonly sortedPhase: Float64Array;
  readonly sortedLane: Int32Array;
  /** hits of plain lanes in measured iterations: a difference array over sorted positions… */
  private readonly hitDiff: Float64Array;
  /** …and per lane the hits it had while materialized, to take back (negative) */
  private readonly hitCorr: Float64Array;
  /** per node (x − lo): 1 when its lanes are materialized (DenseLanes holds their state) */
  private readonly materialized: Uint8Array;
  /** the materialized nodes, and the list being built for the next iteration */
  private list: Int32Array;
  private listCount = 0;
  private nextList: Int32Array;
  private nextCount = 0;
  /** per node: the iteration in which it is run the per-rank way (−1 never) */
  private readonly special: Int32Array;
  /** per node: the iteration after whose plain ranks' arrival a cpu "any" event starts on it */
  private readonly awaiting: Int32Array;
  /**
   * Late lanes: a rank of an otherwise plain node frozen past the release (the residual rule).
   * It starts at the freeze's end b instead of t_i, and its pauses follow from (φ − b) mod T as
   * a plain lane's do from t_i: still one number. lateUntil[ℓ] > 0: b of the iteration to come,
   * with the freeze's source and duration; lateStamp[ℓ]: the iteration in which ℓ ran late, and
   * lateArrive[ℓ] its arrival then (µs).
   */
  private readonly lateUntil: Float64Array;
  private readonly lateSrc: Float64Array;
  private readonly lateDur: Float64Array;
  private readonly lateArrive: Float64Array;
  private readonly lateStamp: Int32Array;
  private late: Int32Array;
  private lateCount = 0;
  private nextLate: Int32Array;
  private nextLateCount = 0;
  /** nodes (x − lo) by the start of their next cpu "any" event */
  private readonly anyHeap: AgentHeap;
  private readonly layout: Layout;
  /** per class m ≥ 1: lanes of nodes run the per-rank way in this iteration that fell in it */
  private readonly specialInClass: Int32Array;
  private readonly maxKey: number;
  private readonly pickKey: number;
  private readonly delayKey: number;
  /** addNodeDelays' cache, per node: how many of its first draws are summed, their sum, its z */
  private sumCount: Int32Array | null = null;
  private sumExact: Float64Array | null = null;
  private sumZ: Float64Array | null = null;
  /** nodes run the per-rank way so far, summed over iterations (for the benchmark's notes) */
  perRankVisits = 0;
  /** the iteration being run, its release t_i (µs) and t_i mod T */
  private stamp = -1;
  /** the iteration's release is still to be settled (finish, once t_{i+1} is known) */
  private pending = false;
  private iterT = 0;
  private t0 = 0;

  /**
   * Counted lanes for a run, or null when its noise is not of that kind (the file header):
   * then the run visits every rank.
   */
  static of(
    layout: Layout,
    noise: NoiseTable,
    dense: DenseLanes,
    granularityUs: number,
    block: boolean,
    seed: number,
    range: readonly [number, number] = [0, layout.nodes],
    index = 0,
  ): BulkLanes | null {
    if (block) return null;
    const P = layout.ranksPerNode;
    let T = NaN;
    let kind = -1;
    let d1 = NaN;
    let d2 = NaN;
    for (let p = 0; p < P; p++) {
      const c = layout.slotCore[p];
      const j = dense.laneSource[c];
      if (j < 0) return null;
      const k = dense.laneKind[c];
      if (k !== FIXED && k !== UNIFORM) return null;
      const lo = dense.laneP1[c];
      const hi = k === FIXED ? lo : dense.laneP2[c];
      if (p === 0) {
        T = dense.lanePeriod[c];
        kind = k;
        d1 = lo;
        d2 = hi;
      } else if (dense.lanePeriod[c] !== T || k !== kind || lo !== d1 || hi !== d2) {
        return null;
      }
      // One entry of that lane on every job node: the source covers them all (decided over the
      // whole job, so that every part of a split run decides alike).
      if (noise.laneEverywhere[c] !== 1) return null;
    }
    if (!(d2 < T) || !(d1 >= 0)) return null;
    // A uniform law of one value is that value: its ranks tie, and the lowest id is critical.
    if (d1 === d2) kind = FIXED;
    // A uniform duration: at most one pause per iteration (the draw of the most of k needs it).
    if (kind === UNIFORM && T < granularityUs + d2) return null;
    const classes = granularityUs > 0 ? Math.ceil(granularityUs / (T - d2)) : 0;
    if (classes > MAX_CLASSES) return null;
    return new BulkLanes(layout, T, kind, d1, d2, granularityUs, classes, seed, range, index);
  }

  private constructor(
    layout: Layout,
    T: number,
    kind: number,
    d1: number,
    d2: number,
    g: number,
    classes: number,
    seed: number,
    [lo, hi]: readonly [number, number],
    index: number,
  ) {
    this.period = T;
    this.kind = kind;
    this.d1 = d1;
    this.d2 = d2;
    this.granularityUs = g;
    this.classes = classes;
    const n = hi - lo;
    this.layout = layout;
    this.lo = lo;
    this.hi = hi;
    this.laneBase = lo * layout.ranksPerNode;
    this.laneEnd = hi * layout.ranksPerNode;
    this.lanes = n * layout.ranksPerNode;
    this.sortedLane = new Int32Array(this.lanes);
    this.sortedPhase = new Float64Array(this.lanes);
    this.hitDiff = new Float64Array(this.lanes + 1);
    this.hitCorr = new Float64Array(this.lanes);
    this.materialized = new Uint8Array(n);
    this.list = new Int32Array(Math.min(n, 1024));
    this.nextList = new Int32Array(Math.min(n, 1024));
    this.special = new Int32Array(n).fill(-1);
    this.awaiting = new Int32Array(n).fill(-1);
    this.anyHeap = new AgentHeap(n);
    this.lateUntil = new Float64Array(this.lanes);
    this.lateSrc = new Float64Array(this.lanes);
    this.lateDur = new Float64Array(this.lanes);
    this.lateArrive = new Float64Array(this.lanes);
    this.lateStamp = new Int32Array(this.lanes).fill(-1);
    this.late = new Int32Array(Math.min(this.lanes, 1024));
    this.nextLate = new Int32Array(Math.min(this.lanes, 1024));
    this.specialInClass = new Int32Array(classes + 1);
    // Block 0 keeps the keys of a run drawn in one block (split-size.ts).
    this.maxKey = index === 0 ? deriveSeed(seed, SALT_MAX) : deriveSeed(seed, SALT_MAX, index);
    this.pickKey = index === 0 ? deriveSeed(seed, SALT_PICK) : deriveSeed(seed, SALT_PICK, index);
    this.delayKey = deriveSeed(seed, SALT_DELAY);
  }

  /**
   * Sort the lanes by phase and queue the nodes by their next "any" event, from the dense
   * loop's lanes as they are when the run first counts (DenseLanes.enter has loaded them).
   */
  start(dense: DenseLanes): this {
    const { ranksPerNode: P, cores: C, slotCore } = this.layout;
    const { lo, hi, laneBase } = this;
    const phase = new Float64Array(this.lanes);
    for (let x = lo; x < hi; x++) {
      for (let p = 0; p < P; p++) phase[(x - lo) * P + p] = dense.lanePhase[x * C + slotCore[p]];
    }
    sortByPhase(phase, this.sortedLane, this.sortedPhase);
    const order = this.sortedLane;
    for (let q = 0; q < this.lanes; q++) order[q] += laneBase;
    for (let x = lo; x < hi; x++) {
      if (dense.anyKey[x] < Infinity) this.anyHeap.set(x - lo, dense.anyKey[x]);
    }
    return this;
  }

  /** µs a plain rank can be late by at most (every pause of the highest class at d_max). */
  private get lateness(): number {
    return this.classes * this.d2;
  }

  /** Pauses of a plain rank whose first tick is u µs into the iteration (0 ≤ u < T). */
  private classOf(u: number): number {
    const g = this.granularityUs;
    if (!(u < g)) return 0;
    return this.kind === FIXED ? Math.ceil((g - u) / (this.period - this.d1)) : 1;
  }

  /** u-range [lo, hi) of class m ≥ 1 (µs into the iteration). */
  private classLo(m: number): number {
    const g = this.granularityUs;
    return this.kind === FIXED ? Math.max(0, g - m * (this.period - this.d1)) : 0;
  }

  /** (A u-range lies in [0, T): a class whose lo is T or more holds no lane.) */
  private classHi(m: number): number {
    const g = this.granularityUs;
    const hi = this.kind === FIXED ? g - (m - 1) * (this.period - this.d1) : g;
    return Math.min(hi, this.period);
  }

  /**
   * One iteration (BarrierRun calls it after ns.begin): the nodes that need it run the per-rank
   * way, the plain lanes are counted. What depends on the release t_{i+1} is left to `finish`,
   * which the run calls with it before the next iteration begins: a part of a split run learns
   * the release only from the coordinator, with the next iteration's message. `ahead` (µs): how
   * far an idle core may be settled ahead of time (BarrierRun.surelyBefore; −∞: not at all).
   */
  iteration(ns: NodeState, dense: DenseLanes, i: number, ahead = -Infinity): void {
    const t = ns.iterT;
    const gEnd = ns.iterGEnd;
    const T = this.period;
    const C = ns.layout.cores;
    const P = ns.layout.ranksPerNode;
    const slotCore = ns.layout.slotCore;
    const lo = this.lo;
    this.stamp = i;
    this.iterT = t;
    this.t0 = t - Math.floor(t / T) * T;

    // 1. Last iteration's per-rank nodes stay so until their lanes are plain again.
    const bound = gEnd + this.lateness; // an "any" event before it may reach a plain rank
    const heap = this.anyHeap;
    let m = 0;
    for (let q = 0; q < this.listCount; q++) {
      const x = this.list[q];
      if (dense.anyKey[x] >= bound && this.plain(dense, x, t, C, slotCore, P)) {
        this.materialized[x - lo] = 0;
      } else {
        this.list[m++] = x;
      }
    }
    this.listCount = m;
    // 2. Nodes whose next "any" event may land before their ranks arrive.
    // One that lands on a free idle core touches no rank: the node stays plain. Its idle core
    // is settled as far ahead as the run surely goes (`ahead`, BarrierRun.surelyBefore; the
    // README's "An idle core settled ahead"); only an event this iteration that finds no
    // idle core free makes the node run per rank now, a later one waits in the queue.
    while (heap.size > 0 && heap.key[heap.peek()] < bound) {
      const h = heap.peek();
      const x = h + lo;
      heap.remove(h);
      if (this.materialized[h] === 1) continue;
      if (this.landOnIdle(ns, dense, x, Math.max(bound, ahead)) || !(dense.anyKey[x] < bound)) {
        if (dense.anyKey[x] < Infinity) heap.set(h, dense.anyKey[x]);
        continue;
      }
      this.materialize(ns, dense, x, t, false);
      this.push(x);
    }
    // 3. Those nodes, the per-rank way (they update ns.iterMax, critical, log, delays).
    const list = this.list;
    const count = this.listCount;
    const measuring = ns.measuring;
    const cls = this.specialInClass;
    cls.fill(0);
    for (let q = 0; q < count; q++) {
      const x = list[q];
      this.special[x - lo] = i;
      // Their lanes are not plain: take them out of the classes (and of the hit counts).
      for (let p = 0; p < P; p++) {
        const l = x * P + p;
        const c = this.classOf(this.fromStart(this.phaseOf(dense, x, C, slotCore[p])));
        if (c > 0) {
          cls[c]++;
          if (measuring) this.hitCorr[l - this.laneBase] -= c;
        }
      }
    }
    if (count > 0) denseIteration(ns, dense, i, list, count);
    this.perRankVisits += count;
    this.runLate(ns, dense, i);

    // 4. The plain lanes, class by class: the highest class with a plain lane sets their latest
    // arrival; every class counts its hits for the node delays (measured iterations).
    let decided = false;
    for (let c = this.classes; c >= 1; c--) {
      const lo = this.classLo(c);
      const hi = this.classHi(c);
      if (!(hi > lo)) continue;
      const arc = this.classArc(lo, hi);
      if (measuring) this.addHits(arc, c);
      if (decided) continue;
      const plain = arc[1] - arc[0] + (arc[3] - arc[2]) - cls[c];
      if (plain <= 0) continue;
      decided = this.critical(ns, dense, i, c, arc, plain);
      if (decided && !measuring) break;
    }
    this.pending = true;
  }

  /**
   * The rest of the last iteration, released at `release` (µs, t_{i+1}): called before the next
   * iteration begins (ns still holds the last one's). "any" events that start after the plain
   * ranks arrived and before the release, ticks that may freeze a rank past it, and the nodes
   * that must run the per-rank way next time. `ahead`: as for `iteration`.
   */
  finish(ns: NodeState, dense: DenseLanes, release: number, ahead = -Infinity): void {
    if (!this.pending) return;
    this.pending = false;
    const i = this.stamp;
    const t = this.iterT;
    const C = ns.layout.cores;
    const P = ns.layout.ranksPerNode;
    const slotCore = ns.layout.slotCore;
    const lo = this.lo;
    const heap = this.anyHeap;
    const list = this.list;
    const count = this.listCount;
    // 5. The release, and the nodes that must run the per-rank way next time.
    this.nextCount = 0;
    // "any" events after the plain ranks arrived, before the release: applied at the next visit
    // (those landing on a free idle core settled ahead, as in `iteration`).
    while (heap.size > 0 && heap.key[heap.peek()] < release) {
      const h = heap.peek();
      const x = h + lo;
      heap.remove(h);
      if (this.special[h] === i) continue; // re-queued below with its new key
      if (this.landOnIdle(ns, dense, x, Math.max(release, ahead)) || !(dense.anyKey[x] < release)) {
        if (dense.anyKey[x] < Infinity) heap.set(h, dense.anyKey[x]);
        continue;
      }
      this.materialize(ns, dense, x, t, true);
      this.awaiting[h] = i;
      this.pushNext(x);
    }
    // Ticks that start in (release − d_max, release) after their rank arrived: a freeze that may
    // outlast the release (the residual rule), drawn one by one.
    this.carry(ns, dense, i, release, C, P, slotCore);
    // 6. Back on the heap with their next "any" event; the materialized list for next time.
    for (let q = 0; q < count; q++) {
      const x = list[q];
      if (dense.anyKey[x] < Infinity) heap.set(x - lo, dense.anyKey[x]);
      else heap.remove(x - lo);
    }
    for (let q = 0; q < this.nextCount; q++) {
      const x = this.nextList[q];
      if (dense.anyKey[x] < Infinity) heap.set(x - lo, dense.anyKey[x]);
      this.push(x);
    }
    const late = this.late;
    this.late = this.nextLate;
    this.lateCount = this.nextLateCount;
    this.nextLate = late;
    this.nextLateCount = 0;
  }

  /**
   * The late lanes of iteration i (their nodes otherwise plain): each starts at its freeze's
   * end b and is paused by the ticks in [b, f), as a plain lane is from t_i; it leaves its
   * class, and its lost time goes to the node directly.
   */
  private runLate(ns: NodeState, dense: DenseLanes, i: number): void {
    const { cores: C, ranksPerNode: P, slotCore } = ns.layout;
    const noise = ns.noise;
    const g = this.granularityUs;
    const gEnd = ns.iterGEnd;
    const T = this.period;
    const measuring = ns.measuring;
    const cls = this.specialInClass;
    const L0 = this.laneBase;
    for (let q = 0; q < this.lateCount; q++) {
      const l = this.late[q];
      const x = (l / P) | 0;
      const b = this.lateUntil[l - L0];
      if (this.special[x - this.lo] === i || !(b > 0)) continue; // its node runs per rank
      this.lateUntil[l - L0] = 0;
      const core = slotCore[l - x * P];
      const kc = x * C + core;
      const phi = dense.lanePhase[kc];
      const c0 = this.classOf(this.fromStart(phi));
      if (c0 > 0) {
        cls[c0]++;
        if (measuring) this.hitCorr[l - L0] -= c0;
      }
      // Its first tick at or after b, u_b after it, decides its pauses as u does a plain lane's.
      const kb = this.firstTick(phi, b);
      const m = this.classOf(phi + kb * T - b);
      const j = dense.laneSource[core];
      let d = this.d1;
      // A uniform law: its one pause is a draw of its own, the tick kb's.
      if (m > 0 && this.kind !== FIXED) d = noise.durationOf(j, noise.nodeId(x), kb);
      let f = b + g;
      for (let r = 0; r < m; r++) f += d; // as the per-rank paths add pauses
      this.lateStamp[l - L0] = i;
      this.lateArrive[l - L0] = f;
      if (measuring) ns.nodeDelay[x] += f - gEnd;
      const k = x * C + core;
      if (f > ns.iterMax || (f === ns.iterMax && k < ns.critical)) {
        ns.iterMax = f;
        ns.critical = k;
        const log = ns.criticalLog;
        log.clear();
        let e = log.push(-1, this.lateSrc[l - L0]);
        log.duration[e] = this.lateDur[l - L0];
        log.cost[e] = b - ns.iterBase;
        const src = noise.scenarioIndex[j];
        for (let r = 0; r < m; r++) {
          e = log.push(-1, src);
          log.duration[e] = d;
          log.cost[e] = d;
        }
        log.reverse(); // newest first, as replayLane leaves it
      }
    }
  }

  /** µs at which lane ℓ's rank arrives in iteration i (it has not run per rank). */
  private arrival(ns: NodeState, l: number, phi: number, i: number): number {
    if (this.lateStamp[l - this.laneBase] === i) return this.lateArrive[l - this.laneBase];
    const c = this.classOf(this.fromStart(phi));
    return ns.iterGEnd + (this.kind === FIXED ? c * this.d1 : 0);
  }

  /**
   * Set the latest arrival of the plain lanes of class c (arc [a, b) in phase space, `plain`
   * lanes of nodes not run per rank) against what the per-rank nodes set; true when it did.
   */
  private critical(
    ns: NodeState,
    dense: DenseLanes,
    i: number,
    c: number,
    arc: Arc,
    plain: number,
  ): boolean {
    const P = ns.layout.ranksPerNode;
    const C = ns.layout.cores;
    let each = this.d1;
    if (this.kind !== FIXED) {
      const u = 1 - uniformAt3(this.maxKey, i, 0); // (0, 1]
      each = this.d1 + (this.d2 - this.d1) * Math.pow(u, 1 / plain);
    }
    // c pauses added one by one, as the per-rank paths add them (the same bits on a tie).
    let f = ns.iterGEnd;
    for (let q = 0; q < c; q++) f += each;
    // Short of the latest arrival so far (another block's, a visited node's): no lane of this
    // class or a lower one can be critical, and none is looked for (the pick's draws are keyed
    // by iteration: skipping them changes no other draw).
    if (f < ns.iterMax) return true;
    const lane =
      this.kind === FIXED ? this.lowestPlain(ns, dense, i, c, arc) : this.pickPlain(i, arc, P);
    if (lane < 0) return false; // none after all (lanes on the arc's very edge)
    const x = (lane / P) | 0;
    const core = ns.layout.slotCore[lane - x * P];
    const k = x * C + core;
    if (!(f > ns.iterMax || (f === ns.iterMax && k < ns.critical))) return true;
    ns.iterMax = f;
    ns.critical = k;
    // What delayed it: c pauses of its own tick, as replayLane logs them (newest first).
    const log = ns.criticalLog;
    log.clear();
    const src = ns.noise.scenarioIndex[dense.laneSource[core]];
    for (let q = 0; q < c; q++) {
      const e = log.push(-1, src);
      log.duration[e] = each;
      log.cost[e] = each;
    }
    return true;
  }

  /** The lowest lane id of class c among plain lanes (fixed durations: they all tie); -1 none. */
  private lowestPlain(ns: NodeState, dense: DenseLanes, i: number, c: number, arc: Arc): number {
    const P = ns.layout.ranksPerNode;
    const C = ns.layout.cores;
    const slotCore = ns.layout.slotCore;
    const [s1, e1, s2, e2] = arc;
    if (e1 - s1 + (e2 - s2) < ENUMERATE_BELOW) {
      let best = this.laneEnd;
      for (let pos = s1; pos < e1; pos++) best = this.lowerPlain(pos, best, i, P);
      for (let pos = s2; pos < e2; pos++) best = this.lowerPlain(pos, best, i, P);
      return best < this.laneEnd ? best : -1;
    }
    // A large class: its lowest plain lane is near the start of the rank order.
    for (let x = this.lo; x < this.hi; x++) {
      if (this.special[x - this.lo] === i) continue;
      for (let p = 0; p < P; p++) {
        if (this.lateStamp[x * P + p - this.laneBase] === i) continue;
        if (this.classOf(this.fromStart(this.phaseOf(dense, x, C, slotCore[p]))) === c) {
          return x * P + p;
        }
      }
    }
    return -1;
  }

  private lowerPlain(pos: number, best: number, i: number, P: number): number {
    const l = this.sortedLane[pos];
    if (l < best && this.isPlain(l, i, P)) return l;
    return best;
  }

  /** Lane ℓ is counted in iteration i: its node is not run per rank, and it does not run late. */
  private isPlain(l: number, i: number, P: number): boolean {
    return this.special[((l / P) | 0) - this.lo] !== i && this.lateStamp[l - this.laneBase] !== i;
  }

  /** A lane drawn uniformly among the plain lanes of the arc; -1 when it holds none. */
  private pickPlain(i: number, arc: Arc, P: number): number {
    const [s1, e1, s2, e2] = arc;
    const n1 = e1 - s1;
    const n = n1 + (e2 - s2);
    // Rejection: uniform over the arc's plain lanes. The arc's lanes are mostly plain; after
    // many draws, whether any is (a count that took out lanes on its very edge) is checked.
    for (let attempt = 0; attempt < 64; attempt++) {
      const r = Math.floor(uniformAt3(this.pickKey, i, attempt) * n);
      const l = this.sortedLane[r < n1 ? s1 + r : s2 + (r - n1)];
      if (this.isPlain(l, i, P)) return l;
    }
    let plain = 0;
    for (let r = 0; r < n; r++)
      if (this.isPlain(this.sortedLane[r < n1 ? s1 + r : s2 + (r - n1)], i, P)) plain++;
    if (plain === 0) return -1;
    let pick = Math.floor(uniformAt3(this.pickKey, i, 64) * plain);
    for (let r = 0; r < n; r++) {
      const l = this.sortedLane[r < n1 ? s1 + r : s2 + (r - n1)];
      if (this.isPlain(l, i, P) && pick-- === 0) return l;
    }
    return -1;
  }

  /**
   * The lanes with a tick in (release − d_max, release) that found their rank waiting: drawn
   * one by one; one that outlasts the release freezes its rank into the next iteration, whose
   * node is then run the per-rank way.
   */
  private carry(
    ns: NodeState,
    dense: DenseLanes,
    i: number,
    release: number,
    C: number,
    P: number,
    slotCore: Int32Array,
  ): void {
    const T = this.period;
    const lo = release - this.d2;
    const l0 = lo - Math.floor(lo / T) * T;
    // A hair wider than the window: which tick is in it is decided exactly below.
    const hair = 1e-9 * T;
    const [s1, e1, s2, e2] = this.arc(
      Math.max(0, l0 - hair),
      Math.min(l0 + T, l0 + this.d2 + hair),
    );
    const noise = ns.noise;
    for (let pass = 0; pass < 2; pass++) {
      const from = pass === 0 ? s1 : s2;
      const to = pass === 0 ? e1 : e2;
      for (let pos = from; pos < to; pos++) {
        const l = this.sortedLane[pos];
        const x = (l / P) | 0;
        if (this.special[x - this.lo] === i || this.awaiting[x - this.lo] === i) continue;
        const core = slotCore[l - x * P];
        const phi = this.sortedPhase[pos];
        // The tick in (lo, release): k with φ + k·T in that window.
        let k = Math.max(0, Math.ceil((lo - phi) / T));
        while (phi + k * T <= lo) k++;
        while (k > 0 && phi + (k - 1) * T > lo) k--;
        const s = phi + k * T;
        if (!(s < release)) continue;
        // After its rank arrived (else it is one of the pauses)?
        if (s < this.arrival(ns, l, phi, i)) continue;
        const j = dense.laneSource[core];
        const d = noise.durationOf(j, noise.nodeId(x), k);
        if (!(s + d > release)) continue;
        // Frozen past the release by this tick: it runs late next time (its queue is empty
        // by then, no other tick of its lane can start before it ends).
        const ll = l - this.laneBase;
        this.lateUntil[ll] = s + d;
        this.lateSrc[ll] = noise.scenarioIndex[j];
        this.lateDur[ll] = d;
        if (this.nextLateCount === this.nextLate.length) {
          this.nextLate = grow(this.nextLate, this.lanes);
        }
        this.nextLate[this.nextLateCount++] = l;
      }
    }
  }

  /**
   * Write node x's tick lanes out from their phases (DenseLanes holds them from here on): every
   * tick before `tau` (µs) is applied — for rank lanes, with `afterArrival`, the ticks before
   * each rank's arrival in this iteration instead (pauses; later ones stay pending) — and
   * counted as applied events. Idle cores' lanes are brought to the iteration's start; cores
   * whose events stay in the noise table's entries are left as they are.
   */
  private materialize(
    ns: NodeState,
    dense: DenseLanes,
    x: number,
    tau: number,
    afterArrival: boolean,
  ): void {
    const C = ns.layout.cores;
    const coreSlot = ns.layout.coreSlot;
    const noise = ns.noise;
    const nodeId = noise.nodeId(x);
    const t = ns.iterT;
    let frozen = -Infinity;
    for (let c = 0; c < C; c++) {
      const kc = x * C + c;
      const phi = dense.lanePhase[kc];
      if (phi < 0) {
        // No lane of its own, or its events are in the entries.
        if (dense.laneFrozen[kc] > frozen) frozen = dense.laneFrozen[kc];
        continue;
      }
      const slot = coreSlot[c];
      // An idle core's one source may queue (any duration law): tick by tick, below.
      if (slot < 0) continue;
      const l = x * ns.layout.ranksPerNode + slot;
      const until = afterArrival ? this.arrival(ns, l, phi, this.stamp) : tau;
      const T = dense.lanePeriod[c];
      const k0 = dense.laneCount[kc];
      let k = Math.max(k0, Math.ceil((until - phi) / T));
      while (k > k0 && phi + (k - 1) * T >= until) k--;
      while (phi + k * T < until) k++;
      if (k > k0) {
        const j = dense.laneSource[c];
        const s = phi + (k - 1) * T;
        dense.laneBusy[kc] = queueStart(dense.laneBusy[kc], s) + noise.durationOf(j, nodeId, k - 1);
        ns.noiseEvents += k - k0;
        dense.laneCount[kc] = k;
        dense.laneNext[kc] = phi + k * T;
      }
      const ll = l - this.laneBase;
      if (this.lateUntil[ll] > 0) {
        // Frozen into this iteration by a tick of the last (a late lane): its state is the
        // freeze, and the dense loop's code starts it late from here.
        const b = this.lateUntil[ll];
        this.lateUntil[ll] = 0;
        dense.laneFrozen[kc] = b;
        dense.laneBusy[kc] = b;
        dense.laneFreezeSrc[kc] = this.lateSrc[ll];
        dense.laneFreezeDur[kc] = this.lateDur[ll];
      }
      if (dense.laneFrozen[kc] > frozen) frozen = dense.laneFrozen[kc];
    }
    absorbIdleLanes(ns, dense, x, t);
    dense.nodeFrozen[x] = frozen;
    this.materialized[x - this.lo] = 1;
  }

  /**
   * Land plain node x's cpu "any" events that start before `limit` (µs) on its lowest free idle
   * core, as model.md §3 places them (event-rule.ts anyCore: an idle core whose queue is empty
   * comes before any rank), its idle cores' own events first. False at the first event that
   * finds none free (dense.anyKey[x] is its start): it would preempt a rank, and the node must
   * run per rank from there. `limit` may lie iterations ahead: the idle cores' state does not
   * depend on the ranks.
   */
  private landOnIdle(ns: NodeState, dense: DenseLanes, x: number, limit: number): boolean {
    const C = ns.layout.cores;
    const coreSlot = ns.layout.coreSlot;
    const noise = ns.noise;
    const { ent, laneStart } = noise;
    const W = C + 1;
    const first = laneStart[x * W + C];
    const last = laneStart[x * W + W];
    for (;;) {
      const s = dense.anyKey[x];
      if (!(s < limit)) return true;
      if (dense.withIdle) absorbIdle(ns, dense, x, s);
      absorbIdleLanes(ns, dense, x, s);
      let core = -1;
      for (let c = 0; c < C; c++) {
        if (coreSlot[c] < 0 && dense.laneBusy[x * C + c] <= s) {
          core = c;
          break;
        }
      }
      if (core < 0) return false;
      // The entry due at s (the first in scenario order on a tie).
      let e = first;
      while (ent[e * ENTRY_STRIDE + E_TIME] !== s) e++;
      const j = ent[e * ENTRY_STRIDE + E_SOURCE];
      const kc = x * C + core;
      const d = noise.durationOf(j, noise.nodeId(x), ent[e * ENTRY_STRIDE + E_COUNT]);
      dense.laneBusy[kc] = queueStart(dense.laneBusy[kc], s) + d;
      ns.noiseEvents++;
      noise.advance(e, x);
      let next = Infinity;
      for (let q = first; q < last; q++) {
        if (ent[q * ENTRY_STRIDE + E_TIME] < next) next = ent[q * ENTRY_STRIDE + E_TIME];
      }
      dense.anyKey[x] = next;
    }
  }

  /** Whether node x's lanes hold nothing the phases do not say at release t (µs). */
  private plain(
    dense: DenseLanes,
    x: number,
    t: number,
    C: number,
    slotCore: Int32Array,
    P: number,
  ): boolean {
    for (let p = 0; p < P; p++) {
      const kc = x * C + slotCore[p];
      if (dense.laneNext[kc] < t || dense.laneFrozen[kc] > t || dense.laneBusy[kc] > t) {
        return false;
      }
    }
    return true;
  }

  /** Every node of the block materialized at the iteration's start (the run leaves counted lanes). */
  materializeAll(ns: NodeState, dense: DenseLanes): void {
    for (let x = this.lo; x < this.hi; x++) {
      if (this.materialized[x - this.lo] === 0) this.materialize(ns, dense, x, ns.iterT, false);
    }
  }

  /**
   * Per node, µs its plain lanes lost over the measured iterations (added to what the
   * per-rank visits put in ns.nodeDelay): hits times d for a fixed duration; for a uniform one
   * the sum of that many draws, exact for the first EXACT_SUM_HITS and the rest as the normal
   * law of their sum (mean and variance exact; close to the Irwin–Hall law from a few dozen).
   * Added to out[x − from] for each node x of the block.
   */
  addNodeDelays(out: Float64Array, from: number): void {
    const P = this.layout.ranksPerNode;
    const nodes = this.hi - this.lo;
    const hits = new Float64Array(nodes);
    let run = 0;
    for (let pos = 0; pos < this.lanes; pos++) {
      run += this.hitDiff[pos];
      const l = this.sortedLane[pos] - this.laneBase;
      hits[(l / P) | 0] += run;
    }
    for (let l = 0; l < this.lanes; l++) hits[(l / P) | 0] += this.hitCorr[l];
    const a = this.d1;
    const w = this.d2 - this.d1;
    // The page reads these every quarter second while the run goes on: each node's sum of its
    // first draws is kept and extended (the same additions in the same order, so the same bits
    // as summing them anew), and its z drawn once.
    if (this.sumCount === null || this.sumCount.length !== nodes) {
      this.sumCount = new Int32Array(nodes);
      this.sumExact = new Float64Array(nodes);
      this.sumZ = new Float64Array(nodes).fill(NaN);
    }
    const count = this.sumCount;
    const exactSum = this.sumExact!;
    const zOf = this.sumZ!;
    for (let v = 0; v < nodes; v++) {
      const h = Math.round(hits[v]);
      if (h <= 0) continue;
      const x = v + this.lo; // the job node: its draws are keyed by it
      if (this.kind === FIXED || w === 0) {
        out[x - from] += h * a;
        continue;
      }
      // A node's draws are one sequence, so its total only grows as its hits do (the page reads
      // it while the run goes on): the first EXACT_SUM_HITS draws themselves, then the rest as
      // the normal law of their sum with one z per node (|z| ≤ 3.4 keeps each added hit ≥ 0).
      const exact = Math.min(h, EXACT_SUM_HITS);
      let q = count[v];
      let sum = exactSum[v];
      if (q > exact) {
        q = 0;
        sum = 0;
      }
      for (; q < exact; q++) sum += a + w * uniformAt3(this.delayKey, x, q);
      count[v] = q;
      exactSum[v] = sum;
      const rest = h - exact;
      if (rest > 0) {
        let zc = zOf[v];
        if (Number.isNaN(zc)) {
          const u1 = 1 - uniformAt3(this.delayKey, x, EXACT_SUM_HITS);
          const u2 = uniformAt3(this.delayKey, x, EXACT_SUM_HITS + 1);
          const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
          zc = Math.max(-3.4, Math.min(3.4, z));
          zOf[v] = zc;
        }
        sum += Math.min(
          rest * this.d2,
          Math.max(rest * a, rest * (a + w / 2) + w * Math.sqrt(rest / 12) * zc),
        );
      }
      out[x - from] += sum;
    }
  }

  /**
   * u for the iteration being run: its first tick at or after t_i, minus t_i (µs), in the
   * entries' arithmetic (φ + k·T), so that a tick that starts exactly at t_i is at u = 0.
   */
  private fromStart(phi: number): number {
    return phi + this.firstTick(phi, this.iterT) * this.period - this.iterT;
  }

  /** k of a lane's first tick at or after t (µs): φ + k·T ≥ t, in the entries' arithmetic. */
  private firstTick(phi: number, t: number): number {
    const T = this.period;
    let k = Math.max(0, Math.ceil((t - phi) / T));
    while (k > 0 && phi + (k - 1) * T >= t) k--;
    while (phi + k * T < t) k++;
    return k;
  }

  /**
   * Sorted positions of the lanes of u-range [lo, hi) (0 ≤ lo < hi ≤ T) in this iteration:
   * found by phase, then its two edges settled lane by lane with fromStart, so that a lane
   * whose tick falls on an edge is where its tick says.
   */
  private classArc(lo: number, hi: number): Arc {
    const T = this.period;
    const n = this.lanes;
    let a = this.t0 + lo;
    let b = this.t0 + hi;
    if (a >= T) {
      a -= T;
      b -= T;
    }
    let vs = this.lowerBound(a);
    let ve = b <= T ? this.lowerBound(b) : n + this.lowerBound(b - T);
    const inside = (v: number) => {
      const u = this.fromStart(this.sortedPhase[((v % n) + n) % n]);
      return u >= lo && u < hi;
    };
    while (vs < ve && !inside(vs)) vs++;
    while (ve - vs < n && inside(vs - 1)) vs--;
    while (ve > vs && !inside(ve - 1)) ve--;
    while (ve - vs < n && inside(ve)) ve++;
    if (vs < 0) {
      vs += n;
      ve += n;
    }
    if (vs >= n) {
      vs -= n;
      ve -= n;
    }
    return ve <= n ? [vs, ve, 0, 0] : [vs, n, 0, ve - n];
  }

  private phaseOf(dense: DenseLanes, x: number, C: number, core: number): number {
    return dense.lanePhase[x * C + core];
  }

  /** Sorted positions of phases in [a, b) mod T (a in [0, T), b − a ≤ T): two ranges. */
  private arc(a: number, b: number): Arc {
    const T = this.period;
    let s = a;
    let e = b;
    if (s >= T) {
      s -= T;
      e -= T;
    }
    const n = this.lanes;
    if (e <= T) return [this.lowerBound(s), this.lowerBound(e), 0, 0];
    return [this.lowerBound(s), n, 0, this.lowerBound(e - T)];
  }

  /** +w hits for every lane of the arc (measured iterations). */
  private addHits(arc: Arc, w: number): void {
    const [s1, e1, s2, e2] = arc;
    this.hitDiff[s1] += w;
    this.hitDiff[e1] -= w;
    if (e2 > s2) {
      this.hitDiff[s2] += w;
      this.hitDiff[e2] -= w;
    }
  }

  /** First sorted position whose phase is ≥ v. */
  private lowerBound(v: number): number {
    const a = this.sortedPhase;
    let lo = 0;
    let hi = a.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (a[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private push(x: number): void {
    if (this.listCount === this.list.length) this.list = grow(this.list, this.materialized.length);
    this.list[this.listCount++] = x;
  }

  private pushNext(x: number): void {
    if (this.nextCount === this.nextList.length) {
      this.nextList = grow(this.nextList, this.materialized.length);
    }
    this.nextList[this.nextCount++] = x;
  }
}

/** Sorted positions [s1, e1) and [s2, e2) (an arc of phases may wrap past T). */
type Arc = [number, number, number, number];

function grow(a: Int32Array, max: number): Int32Array {
  const b = new Int32Array(Math.min(max, Math.max(16, a.length * 2)));
  b.set(a);
  return b;
}

/**
 * The lanes in order of phase, the lower lane first on equal phases: `order` gets the lanes,
 * `sorted` their phases. The phases are sorted as numbers (the typed array's own sort, with no
 * comparator to call: a whole Jaguar XT5's 130,816 lanes took tens of ms with one, the first
 * run of a page's worker most), and each lane then finds its place by binary search, lanes of
 * equal phase taking their places in lane order.
 */
export function sortByPhase(phase: Float64Array, order: Int32Array, sorted: Float64Array): void {
  const n = phase.length;
  sorted.set(phase);
  sorted.sort();
  if (n > 0 && Number.isNaN(sorted[n - 1])) {
    // no order of numbers to search (a NaN sorts last): the comparator's way
    for (let l = 0; l < n; l++) order[l] = l;
    order.sort((a, b) => phase[a] - phase[b] || a - b);
    for (let q = 0; q < n; q++) sorted[q] = phase[order[q]];
    return;
  }
  const taken = new Int32Array(n);
  for (let l = 0; l < n; l++) {
    const v = phase[l];
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    order[lo + taken[lo]++] = l;
  }
  // each place's own lane's phase (a −0 and a +0 tie, and keep their own signs)
  for (let q = 0; q < n; q++) sorted[q] = phase[order[q]];
}
