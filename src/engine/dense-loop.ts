// The dense loop: all nodes in index order, the rank cores'
// lanes in one loop with everything in locals and no per-event log; the
// critical lane is replayed afterwards for attribution (draws are
// counter-based, so the replay is exact).
//
// It runs when every rank core is fed by at most one pinned periodic source
// (a timer tick per core, "every rank at 1 kHz"). The node's other noise
// does not stop it:
// - an idle core's events (the OS's core 0 of the Jaguar RN kernel) touch
//   no rank: they are absorbed from the noise table's entries as the other
//   paths absorb them;
// - a cpu "any" event is where cores interact (§3: which core it lands on
//   depends on the others' queues). A node whose next "any" event starts
//   before its last rank arrives is visited the general way instead
//   (visit-merged.ts): decided before its lanes are run when the event
//   starts before base + g, and otherwise after, by undoing the lanes from
//   the state kept before the visit (laneStash) — an "any" event after the
//   node's last arrival is one the general visit would not apply either.
// Both ways give the general path's bits; tests/engine/determinism.test.ts
// and the differential test check it.
import type { Scenario } from '../scenario/types.ts';
import type { NodeState } from './node-state.ts';
import type { Layout } from './layout.ts';
import type { NoiseTable } from './noise-table.ts';
import { pauses, queueStart } from './event-rule.ts';
import { visitNode } from './visit-merged.ts';
import { countTicks, leapIdleTicks, leapLimit } from './idle-leap.ts';
import { uniformAt3 } from './random.ts';

// Field offsets are module-local copies, not imports: in unbundled ES
// modules (tsx, Vite's dev server, Vitest) every read of an imported binding
// is a checked indirection, and in these loops that made runs 3–6× slower.
// tests/engine/layout-constants.test.ts keeps the copies equal to node-state.ts.
const H_CORES = 1;
const C_BUSY = 0;
const C_FROZEN = 1;
const C_FREEZE_SRC = 2;
const C_FREEZE_DUR = 3;
const CORE_STRIDE = 4;
const E_TIME = 0;
const E_COUNT = 1;
const E_PHASE = 2;
const E_SOURCE = 3;
const ENTRY_STRIDE = 4;
const FIXED = 0;
const UNIFORM = 1;

// Per core of the node in hand, the lane's state before the visit (laneStash),
// kept when the visit first changes the lane (DenseLanes.stamp says which):
// to undo the visit, and to replay the critical lane for attribution.
export const S_COUNT = 0; // k of the lane's next event
export const S_BUSY = 1; // µs: the core's queue end
export const S_FROZEN = 2; // µs: frozen-until
export const S_SRC = 3; // source and duration of the freeze that set S_FROZEN
export const S_DUR = 4;
const STASH = 5;

/** DenseLanes.lanePhase of a core with no pinned source on the node */
const QUIET = -1;
/** … of an idle core fed by several sources, or a Poisson one: its entries are the state */
const ENTRIES = -2;

/**
 * One iteration of the dense loop (see the file header). Every rank core
 * is a lane of at most one periodic source, run in locals; a node that sets
 * a new latest arrival has its critical lane replayed from the state kept
 * in laneStash, to log what delayed it (O(log n) times per iteration).
 */
export function denseIteration(
  ns: NodeState,
  dense: DenseLanes,
  i: number,
  list: Int32Array | null = null,
  count = 0,
): void {
  const { cores: C, ranksPerNode: P, slotCore } = ns.layout;
  const { lo, hi } = ns;
  const noise = ns.noise;
  const { scenarioIndex } = noise;
  const nodeDelay = ns.nodeDelay;
  const { laneSource, lanePeriod, laneKind, laneP1, laneP2, laneKey } = dense;
  const nodeIds = ns.layout.nodeIds;
  const { laneNext, lanePhase, laneCount, laneBusy, laneFrozen } = dense;
  const { laneFreezeSrc, laneFreezeDur, nodeFrozen, anyKey, stamp, idleLanes } = dense;
  const I = idleLanes.length;
  const stash = dense.laneStash;
  const t = ns.iterT;
  const base = ns.iterBase;
  const gEnd = ns.iterGEnd;
  const g = ns.granularityUs;
  const measuring = ns.measuring;
  let events = 0;
  let serial = dense.serial;
  // Every node of [lo, hi) in index order, or the `count` nodes of `list` (bulk-lanes.ts: the
  // nodes whose lanes it cannot count).
  const end = list === null ? hi : count;
  for (let q = list === null ? lo : 0; q < end; q++) {
    const x = list === null ? q : list[q];
    // An "any" event before base + g lands in this visit for sure.
    const anyNext = anyKey[x];
    if (anyNext < gEnd) {
      dense.visitGeneral(ns, x, i);
      continue;
    }
    serial++;
    const nodeId = nodeIds[x];
    const kx0 = x * C;
    // Idle cores with one periodic source: absorb their events before gEnd.
    for (let q = 0; q < I; q++) {
      const c = idleLanes[q];
      const kc = kx0 + c;
      let s = laneNext[kc];
      if (!(s < gEnd)) continue;
      const j = laneSource[c];
      const T = lanePeriod[c];
      const phase = lanePhase[kc];
      let k = laneCount[kc];
      let busy = laneBusy[kc];
      do {
        // Fixed and uniform durations inline (a call returning a double boxes it).
        const kind = laneKind[c];
        const d =
          kind === FIXED
            ? laneP1[c]
            : kind === UNIFORM
              ? laneP1[c] + (laneP2[c] - laneP1[c]) * uniformAt3(laneKey[c], nodeId, k)
              : noise.durationOf(j, nodeId, k);
        busy = queueStart(busy, s) + d;
        events++;
        k++;
        s = phase + k * T; // as NoiseTable.advance computes it
      } while (s < gEnd);
      laneBusy[kc] = busy;
      laneCount[kc] = k;
      laneNext[kc] = s;
    }
    // The idle lanes' events stay applied on an undo (undo rolls back rank lanes only).
    const eventsBefore = events;
    // The rank cores, in rank order. No rank of the node is frozen past the
    // release unless `frozen` (a bound on their frozen-until) says so.
    let frozen = nodeFrozen[x];
    let nodeMax = gEnd;
    let crit = -1;
    let delay = 0;
    let froze = false;
    for (let p = 0; p < P; p++) {
      const c = slotCore[p];
      const kc = kx0 + c;
      let s = laneNext[kc]; // +∞ on a core with no source of its own
      let f = gEnd;
      if (s < t) {
        // Left from the previous iteration: freezes only.
        const j = laneSource[c];
        const T = lanePeriod[c];
        const phase = lanePhase[kc];
        let k = laneCount[kc];
        let busy = laneBusy[kc];
        // Keep the lane as it was before this visit (for undo and replay).
        const so = c * STASH;
        stamp[c] = serial;
        stash[so + S_COUNT] = k;
        stash[so + S_BUSY] = busy;
        stash[so + S_FROZEN] = laneFrozen[kc];
        stash[so + S_SRC] = laneFreezeSrc[kc]; // pass 0 freezes: keep the record now
        stash[so + S_DUR] = laneFreezeDur[kc];
        let d: number;
        do {
          const kind = laneKind[c];
          d =
            kind === FIXED
              ? laneP1[c]
              : kind === UNIFORM
                ? laneP1[c] + (laneP2[c] - laneP1[c]) * uniformAt3(laneKey[c], nodeId, k)
                : noise.durationOf(j, nodeId, k);
          busy = queueStart(busy, s) + d;
          events++;
          k++;
          s = phase + k * T;
        } while (s < t);
        laneFrozen[kc] = busy;
        laneFreezeSrc[kc] = scenarioIndex[j];
        laneFreezeDur[kc] = d;
        if (busy > frozen) frozen = busy;
        laneBusy[kc] = busy;
        laneCount[kc] = k;
        laneNext[kc] = s;
      }
      if (frozen > base) {
        const until = laneFrozen[kc];
        if (until > base) f = until + g;
      }
      if (s < f) {
        // Events before the rank arrives: pauses, then freezes.
        const j = laneSource[c];
        const T = lanePeriod[c];
        const phase = lanePhase[kc];
        const src = scenarioIndex[j];
        let k = laneCount[kc];
        let busy = laneBusy[kc];
        if (stamp[c] !== serial) {
          const so = c * STASH;
          stamp[c] = serial;
          stash[so + S_COUNT] = k;
          stash[so + S_BUSY] = busy;
          stash[so + S_FROZEN] = laneFrozen[kc];
          stash[so + S_SRC] = -1; // the freeze record is kept only if a freeze overwrites it
        }
        do {
          const kind = laneKind[c];
          const d =
            kind === FIXED
              ? laneP1[c]
              : kind === UNIFORM
                ? laneP1[c] + (laneP2[c] - laneP1[c]) * uniformAt3(laneKey[c], nodeId, k)
                : noise.durationOf(j, nodeId, k);
          const a = queueStart(busy, s);
          busy = a + d;
          if (pauses(a, f)) {
            f += d;
          } else {
            const so = c * STASH;
            if (stash[so + S_SRC] < 0) {
              stash[so + S_SRC] = laneFreezeSrc[kc];
              stash[so + S_DUR] = laneFreezeDur[kc];
            }
            laneFrozen[kc] = busy;
            laneFreezeSrc[kc] = src;
            laneFreezeDur[kc] = d;
            if (busy > frozen) frozen = busy;
            froze = true;
          }
          events++;
          k++;
          s = phase + k * T;
        } while (s < f);
        laneBusy[kc] = busy;
        laneCount[kc] = k;
        laneNext[kc] = s;
      }
      if (f > nodeMax) {
        // The node's critical rank: latest arrival, lowest id on ties.
        delay += f - gEnd;
        nodeMax = f;
        crit = c;
      } else if (f > gEnd) {
        delay += f - gEnd;
      }
    }
    if (crit < 0) crit = slotCore[0]; // every rank on time: the first
    nodeFrozen[x] = frozen;
    if (anyNext < nodeMax) {
      // An "any" event starts before the node's last arrival: undo the
      // lanes and visit the node the general way.
      undo(ns, dense, x, serial);
      dense.undone++;
      events = eventsBefore;
      dense.visitGeneral(ns, x, i);
      continue;
    }
    if (froze) ns.mark(x, i);
    if (measuring && delay > 0) nodeDelay[x] += delay;
    ns.lastMax[x] = nodeMax;
    const kx = kx0 + crit;
    if (nodeMax > ns.iterMax || (nodeMax === ns.iterMax && kx < ns.critical)) {
      ns.iterMax = nodeMax;
      ns.critical = kx;
      replayLane(ns, dense, x, crit, serial);
    }
  }
  dense.serial = serial;
  ns.noiseEvents += events;
}

/**
 * The dense loop's own copy of the lanes' state, one value per core id
 * x·C + c in separate arrays (structure of arrays): the loop streams 32
 * bytes per core instead of the two interleaved records (entry and node
 * block) the other paths use, which it would read and write back whole.
 * `enter` copies the state in, `leave` writes it back before any other
 * path runs (the run switches strategies at iteration boundaries); a node
 * visited the general way is written back and read in again around it.
 * An idle core fed by several sources (or a Poisson one) keeps its events
 * in the entries (lanePhase ENTRIES), merged through a compact copy of
 * their next starts (idleNext); its queue end is in laneBusy like the others'.
 */
export class DenseLanes {
  /** µs: start of the lane's next event; +∞ where the core has no lane of its own */
  readonly laneNext: Float64Array;
  /** µs, the lane's phase; QUIET where no source is pinned to the core, ENTRIES (see above) */
  readonly lanePhase: Float64Array;
  /** k of the lane's next event */
  readonly laneCount: Float64Array;
  /** µs: end of the core's noise queue */
  readonly laneBusy: Float64Array;
  /** µs: the core's rank is frozen until then */
  readonly laneFrozen: Float64Array;
  /** source (scenario index) and duration (µs) of the event that froze it */
  readonly laneFreezeSrc: Float64Array;
  readonly laneFreezeDur: Float64Array;
  /** per node: µs, at least every rank's frozen-until (so most nodes read none of them) */
  readonly nodeFrozen: Float64Array;
  /** per node: start of its next cpu "any" event (µs, +∞ none) */
  readonly anyKey: Float64Array;
  /**
   * The ENTRIES cores' entries of each node, `slots` per node: the next
   * start of each (µs, +∞ for an unused slot), a compact copy of the
   * entries' E_TIME for the merge, and the entry itself.
   */
  readonly idleNext: Float64Array;
  readonly idleEntry: Int32Array;
  /** …and its source (−1 for an unused slot) */
  readonly idleSource: Int32Array;
  readonly slots: number;
  /** per source: periodic with a bounded duration, a tick idle-leap.ts may count unseen */
  readonly leapable: Uint8Array;
  /** per core: the sum of its leapable sources' longest durations (µs), +∞ when not below
   * every one of their periods (idle-leap.ts: no leap on that core) */
  readonly leapD: Float64Array;
  /** idle-leap.ts's scratch, `slots` long */
  readonly leapSlot: Int32Array;
  /** per core of the node in hand: the visit (serial) whose pre-visit state laneStash holds */
  readonly stamp: Float64Array;
  /** node visits so far (a float: a long run on a whole machine passes 2³¹) */
  serial = 0;
  /** idle cores' ticks counted without being applied one by one (idle-leap.ts) */
  leaptTicks = 0;
  /** nodes visited the general way: decided before the lanes ran, and after (undone) */
  generalVisits = 0;
  undone = 0;
  /** the one core that keeps its state in the entries (the RN kernel's core 0); −1 when none or
   * several do (absorbIdle then takes the general way) */
  readonly entriesCore: number;
  /** some idle core keeps its state in the entries (ENTRIES) */
  readonly withIdle: boolean;
  /** the idle cores fed by one periodic source (their lanes run here too) */
  readonly idleLanes: Int32Array;
  /** per core: its lanes are kept in the entries (an idle core fed by several sources) */
  private readonly inEntries: Uint8Array;
  // Per core fed by one periodic source: its local index (−1 none), period (µs), duration kind,
  // the distribution's parameters (µs) and the key of its draws.
  readonly laneSource: Int32Array;
  readonly lanePeriod: Float64Array;
  readonly laneKind: Uint8Array;
  readonly laneP1: Float64Array;
  readonly laneP2: Float64Array;
  readonly laneKey: Uint32Array;
  /** per core of the node in hand: its lane's state before the visit (S_* above) */
  readonly laneStash: Float64Array;

  /**
   * The dense loop's lanes for a run, or null when it cannot run: some rank core is fed by more
   * than one enabled pinned source, or by a Poisson one (its events are then not one lane); or
   * some source skips periods (eventProbability), which the loop's own period arithmetic does
   * not know.
   */
  static of(scenario: Scenario, layout: Layout, noise: NoiseTable): DenseLanes | null {
    if (noise.thinned) return null;
    const C = layout.cores;
    // Per core: how many enabled sources are pinned to it, and whether one is Poisson.
    const pinned = new Int32Array(C);
    const poisson = new Uint8Array(C);
    for (const src of scenario.noise) {
      if (!src.enabled || src.cpu === 'any') continue;
      pinned[src.cpu]++;
      if (src.arrival !== 'periodic') poisson[src.cpu] = 1;
    }
    // A core is one lane of one periodic source, or its entries are its state.
    const inEntries = Uint8Array.from(pinned, (m, c) => (m > 1 || poisson[c] ? 1 : 0));
    if (!layout.slotCore.every((c) => inEntries[c] === 0)) return null;
    return new DenseLanes(noise, layout, inEntries);
  }

  private constructor(noise: NoiseTable, layout: Layout, inEntries: Uint8Array) {
    const cores = layout.cores;
    const nodes = noise.rowStart.length - 1;
    const n = nodes * cores;
    this.laneNext = new Float64Array(n).fill(Infinity);
    this.lanePhase = new Float64Array(n).fill(QUIET);
    this.laneCount = new Float64Array(n);
    this.laneBusy = new Float64Array(n);
    this.laneFrozen = new Float64Array(n);
    this.laneFreezeSrc = new Float64Array(n);
    this.laneFreezeDur = new Float64Array(n);
    this.nodeFrozen = new Float64Array(nodes);
    this.anyKey = new Float64Array(nodes).fill(Infinity);
    this.stamp = new Float64Array(cores).fill(-1);
    this.inEntries = inEntries;
    this.withIdle = inEntries.some((v) => v === 1);
    const entriesCores = [...inEntries.keys()].filter((c) => inEntries[c] === 1);
    this.entriesCore = entriesCores.length === 1 ? entriesCores[0] : -1;
    const idle: number[] = [];
    for (let c = 0; c < cores; c++) {
      if (layout.coreSlot[c] < 0 && inEntries[c] === 0 && noise.pinnedCore.includes(c))
        idle.push(c);
    }
    this.idleLanes = Int32Array.from(idle);

    let slots = 0;
    const W = cores + 1;
    for (let x = 0; x < nodes; x++) {
      let m = 0;
      for (let c = 0; c < cores; c++) {
        if (inEntries[c] === 1) m += noise.laneStart[x * W + c + 1] - noise.laneStart[x * W + c];
      }
      if (m > slots) slots = m;
    }
    this.slots = slots;
    this.idleNext = new Float64Array(nodes * slots).fill(Infinity);
    this.idleEntry = new Int32Array(nodes * slots).fill(-1);
    this.idleSource = new Int32Array(nodes * slots).fill(-1);
    this.leapSlot = new Int32Array(slots);
    this.leapable = new Uint8Array(noise.sources);
    this.leapD = new Float64Array(cores);
    const leastPeriod = new Float64Array(cores).fill(Infinity);
    for (let j = 0; j < noise.sources; j++) {
      const c = noise.pinnedCore[j];
      if (c < 0 || noise.periodic[j] !== 1 || !(noise.durMax[j] < Infinity)) continue;
      this.leapable[j] = 1;
      // Over every source pinned to c, not only a node's: a larger D is still a bound.
      this.leapD[c] += noise.durMax[j];
      leastPeriod[c] = Math.min(leastPeriod[c], noise.periodUs[j]);
    }
    for (let c = 0; c < cores; c++) {
      if (!(this.leapD[c] < leastPeriod[c]) || inEntries[c] === 0) this.leapD[c] = Infinity;
    }
    this.laneStash = new Float64Array(cores * STASH);
    this.laneSource = new Int32Array(cores).fill(-1);
    this.lanePeriod = new Float64Array(cores);
    this.laneKind = new Uint8Array(cores);
    this.laneP1 = new Float64Array(cores);
    this.laneP2 = new Float64Array(cores);
    this.laneKey = new Uint32Array(cores);
    for (let j = 0; j < noise.sources; j++) {
      const c = noise.pinnedCore[j];
      if (c < 0 || inEntries[c] === 1) continue;
      this.laneSource[c] = j;
      this.lanePeriod[c] = noise.periodUs[j];
      this.laneKind[c] = noise.durKind[j];
      this.laneP1[c] = noise.durP1[j];
      this.laneP2[c] = noise.durP2[j];
      this.laneKey[c] = noise.durationKey[j];
    }
  }

  enter(ns: NodeState): void {
    for (let x = ns.lo; x < ns.hi; x++) this.load(ns, x);
  }

  /** Hand the lanes back; the nodes' next event starts (nodeKey), which the loop leaves, too. */
  leave(ns: NodeState): void {
    for (let x = ns.lo; x < ns.hi; x++) {
      this.store(ns, x);
      ns.nodeKey[x] = ns.noise.earliest(x);
    }
  }

  /**
   * Visit node x the general way (node-state.ts visit), with its lanes
   * handed over and back. Its idle cores' waiting events are absorbed
   * first, those before the "any" event that calls for the visit: they come
   * first in the general visit's order too, and touch no rank.
   */
  visitGeneral(ns: NodeState, x: number, i: number): void {
    this.generalVisits++;
    if (this.withIdle) absorbIdle(ns, this, x, this.anyKey[x]);
    this.store(ns, x);
    visitNode(ns, x, i);
    this.load(ns, x);
  }

  /** Read node x's lanes from its block and entries; recompute its keys. */
  private load(ns: NodeState, x: number): void {
    const C = ns.layout.cores;
    const { ent, laneStart } = ns.noise;
    const { state, stride } = ns;
    const W = C + 1;
    let frozen = -Infinity;
    let q = x * this.slots;
    for (let c = 0; c < C; c++) {
      const kc = x * C + c;
      const ls = laneStart[x * W + c];
      const le = laneStart[x * W + c + 1];
      const co = x * stride + H_CORES + c * CORE_STRIDE;
      this.laneBusy[kc] = state[co + C_BUSY];
      this.laneFrozen[kc] = state[co + C_FROZEN];
      if (state[co + C_FROZEN] > frozen) frozen = state[co + C_FROZEN];
      this.laneFreezeSrc[kc] = state[co + C_FREEZE_SRC];
      this.laneFreezeDur[kc] = state[co + C_FREEZE_DUR];
      if (this.inEntries[c] === 1) {
        this.lanePhase[kc] = ENTRIES;
        this.laneNext[kc] = Infinity;
        for (let e = ls; e < le; e++, q++) {
          this.idleNext[q] = ent[e * ENTRY_STRIDE + E_TIME];
          this.idleEntry[q] = e;
          this.idleSource[q] = ent[e * ENTRY_STRIDE + E_SOURCE];
        }
      } else if (ls < le) {
        this.lanePhase[kc] = ent[ls * ENTRY_STRIDE + E_PHASE];
        this.laneCount[kc] = ent[ls * ENTRY_STRIDE + E_COUNT];
        this.laneNext[kc] = ent[ls * ENTRY_STRIDE + E_TIME];
      } else {
        this.lanePhase[kc] = QUIET;
        this.laneNext[kc] = Infinity;
      }
    }
    this.nodeFrozen[x] = frozen;
    let any = Infinity;
    for (let e = laneStart[x * W + C]; e < laneStart[x * W + W]; e++) {
      if (ent[e * ENTRY_STRIDE + E_TIME] < any) any = ent[e * ENTRY_STRIDE + E_TIME];
    }
    this.anyKey[x] = any;
  }

  /** Write node x's lanes back to its block and entries (ENTRIES cores' entries are current). */
  private store(ns: NodeState, x: number): void {
    const C = ns.layout.cores;
    const { ent, laneStart } = ns.noise;
    const { state, stride } = ns;
    for (let c = 0; c < C; c++) {
      const kc = x * C + c;
      const co = x * stride + H_CORES + c * CORE_STRIDE;
      state[co + C_BUSY] = this.laneBusy[kc];
      state[co + C_FROZEN] = this.laneFrozen[kc];
      state[co + C_FREEZE_SRC] = this.laneFreezeSrc[kc];
      state[co + C_FREEZE_DUR] = this.laneFreezeDur[kc];
      if (this.lanePhase[kc] >= 0) {
        const eo = laneStart[x * (C + 1) + c] * ENTRY_STRIDE;
        ent[eo + E_COUNT] = this.laneCount[kc];
        ent[eo + E_TIME] = this.laneNext[kc];
      }
    }
  }
}

/** Put node x's rank lanes back as they were before this visit (`serial`). */
function undo(ns: NodeState, dense: DenseLanes, x: number, serial: number): void {
  const stash = dense.laneStash;
  const C = ns.layout.cores;
  for (let c = 0; c < C; c++) {
    if (dense.stamp[c] !== serial) continue;
    const kc = x * C + c;
    const so = c * STASH;
    dense.laneCount[kc] = stash[so + S_COUNT];
    dense.laneBusy[kc] = stash[so + S_BUSY];
    dense.laneFrozen[kc] = stash[so + S_FROZEN];
    if (stash[so + S_SRC] >= 0) {
      dense.laneFreezeSrc[kc] = stash[so + S_SRC];
      dense.laneFreezeDur[kc] = stash[so + S_DUR];
    }
    dense.laneNext[kc] = dense.lanePhase[kc] + stash[so + S_COUNT] * dense.lanePeriod[c]; // as NoiseTable.advance
  }
}

/**
 * Absorb the events that start before `bound` (µs) on node x's ENTRIES
 * cores (idle cores fed by several sources), in start order (ties: scenario
 * order, the slots' order), into the cores' queue ends.
 */
export function absorbIdle(ns: NodeState, dense: DenseLanes, x: number, bound: number): void {
  if (dense.entriesCore >= 0) {
    absorbOneCore(ns, dense, x, bound, dense.entriesCore);
    return;
  }
  const C = ns.layout.cores;
  const noise = ns.noise;
  const { ent, pinnedCore } = noise;
  const { idleNext, idleEntry, laneBusy } = dense;
  const M = dense.slots;
  const o = x * M;
  for (;;) {
    let q = o;
    let s = idleNext[o];
    for (let r = o + 1; r < o + M; r++) {
      if (idleNext[r] < s) {
        s = idleNext[r];
        q = r;
      }
    }
    if (!(s < bound)) return;
    const e = idleEntry[q];
    const eo = e * ENTRY_STRIDE;
    const j = ent[eo + E_SOURCE];
    const core = pinnedCore[j];
    const kc = x * C + core;
    const busy = laneBusy[kc];
    if (busy <= s && dense.leapable[j] === 1) {
      // Ticks nothing can see, counted in one step (idle-leap.ts gives the argument).
      const n = leapIdleTicks(noise, dense, x, C, core, s, bound);
      if (n > 0) {
        ns.noiseEvents += n;
        dense.leaptTicks += n;
        continue;
      }
    }
    applyIdleEvent(ns, dense, x, q, s, bound, core);
  }
}

/**
 * Apply node x's idle event in slot q, starting at s (µs), to the queue of its core `core`: the
 * entry moves to the source's next event, and the queue end to the event's end. A bounded event
 * on an empty queue that ends before this core's next event and before `bound`: nothing reads
 * how long it lasted (its core has no rank; what comes next on it starts on an empty queue
 * either way), so its duration is not drawn and the queue end is left at its start.
 */
function applyIdleEvent(
  ns: NodeState,
  dense: DenseLanes,
  x: number,
  q: number,
  s: number,
  bound: number,
  core: number,
): void {
  const noise = ns.noise;
  const { ent, periodic, periodUs, durKind, durP1, durMax, pinnedCore } = noise;
  const { idleNext, idleEntry, idleSource, laneBusy } = dense;
  const e = idleEntry[q];
  const eo = e * ENTRY_STRIDE;
  const j = ent[eo + E_SOURCE];
  const ev = ent[eo + E_COUNT];
  const kc = x * ns.layout.cores + core;
  const busy = laneBusy[kc];
  ns.noiseEvents++;
  if (periodic[j]) {
    ent[eo + E_COUNT] = ev + 1;
    ent[eo + E_TIME] = ent[eo + E_PHASE] + (ev + 1) * periodUs[j];
  } else {
    noise.advance(e, x);
  }
  idleNext[q] = ent[eo + E_TIME];
  if (busy <= s && s + durMax[j] <= bound) {
    let next = bound;
    const o = x * dense.slots;
    for (let r = o; r < o + dense.slots; r++) {
      const t = idleNext[r];
      if (t < next && pinnedCore[idleSource[r]] === core) next = t;
    }
    if (s + durMax[j] <= next) {
      laneBusy[kc] = s;
      return;
    }
  }
  const d = durKind[j] === FIXED ? durP1[j] : noise.durationOf(j, ns.layout.nodeIds[x], ev);
  laneBusy[kc] = queueStart(busy, s) + d;
}

/**
 * absorbIdle when one core keeps its state in the entries, to the same bits: one pass over the
 * node's slots finds the earliest event and what a leap needs (the leapable slots, and lim: the
 * first of the other events), and the event after a leap is found among those without another
 * pass (the leap moved only the leapable slots). On the Jaguar XT5 RN kernel's core 0 a leap
 * comes before nearly every other event, and the loop made three passes over 12 slots for each.
 */
function absorbOneCore(
  ns: NodeState,
  dense: DenseLanes,
  x: number,
  bound: number,
  core: number,
): void {
  const C = ns.layout.cores;
  const noise = ns.noise;
  const { ent } = noise;
  const { idleNext, idleEntry, idleSource, laneBusy, leapable, leapSlot } = dense;
  const M = dense.slots;
  const o = x * M;
  const kc = x * C + core;
  const D = dense.leapD[core];
  for (;;) {
    let q = o;
    let s = Infinity;
    let lim = Infinity; // the first start of the core's other events
    let qLim = -1;
    let n = 0;
    for (let r = o; r < o + M; r++) {
      const t = idleNext[r];
      if (t < s) {
        s = t;
        q = r;
      }
      const j = idleSource[r];
      if (j < 0) continue;
      if (leapable[j] === 1) leapSlot[n++] = r;
      else if (t < lim) {
        lim = t;
        qLim = r;
      }
    }
    if (!(s < bound)) return;
    if (laneBusy[kc] <= s && leapable[ent[idleEntry[q] * ENTRY_STRIDE + E_SOURCE]] === 1) {
      // Ticks nothing can see, counted in one step (idle-leap.ts gives the argument).
      const L = D < Infinity ? leapLimit(lim < bound ? lim : bound, D) : -Infinity;
      const counted = L > s ? countTicks(noise, dense, x, C, core, L, n) : 0;
      if (counted > 0) {
        ns.noiseEvents += counted;
        dense.leaptTicks += counted;
        // The next event: the first of the other events or of the leapable slots, which alone
        // moved (ties: the lower slot, as the pass above breaks them).
        s = lim;
        q = qLim;
        for (let i = 0; i < n; i++) {
          const r = leapSlot[i];
          const t = idleNext[r];
          if (t < s || (t === s && r < q)) {
            s = t;
            q = r;
          }
        }
        if (!(s < bound)) return;
      }
    }
    applyIdleEvent(ns, dense, x, q, s, bound, core);
  }
}

/**
 * Absorb the ticks that start before `bound` (µs) on node x's idle cores fed by one periodic
 * source (DenseLanes.idleLanes) into their queue ends: what the dense loop does for them before
 * base + g, for a node the counted lanes do not visit (bulk-lanes.ts).
 */
export function absorbIdleLanes(ns: NodeState, dense: DenseLanes, x: number, bound: number): void {
  const C = ns.layout.cores;
  const noise = ns.noise;
  const nodeId = ns.layout.nodeIds[x];
  const { idleLanes, laneNext, laneSource, lanePeriod, lanePhase, laneCount, laneBusy } = dense;
  for (let q = 0; q < idleLanes.length; q++) {
    const c = idleLanes[q];
    const kc = x * C + c;
    let s = laneNext[kc];
    if (!(s < bound)) continue;
    const j = laneSource[c];
    const T = lanePeriod[c];
    const phase = lanePhase[kc];
    let k = laneCount[kc];
    let busy = laneBusy[kc];
    do {
      busy = queueStart(busy, s) + noise.durationOf(j, nodeId, k);
      ns.noiseEvents++;
      k++;
      s = phase + k * T; // as NoiseTable.advance computes it
    } while (s < bound);
    laneBusy[kc] = busy;
    laneCount[kc] = k;
    laneNext[kc] = s;
  }
}

/**
 * Rebuild criticalLog for the lane of core c on node x from its state
 * before this visit (laneStash when the visit changed the lane, else the
 * lane as it is): the freeze that set its start and each pause, as
 * a node visit (visit-merged.ts) logs them.
 */
function replayLane(ns: NodeState, dense: DenseLanes, x: number, c: number, serial: number): void {
  const log = ns.criticalLog;
  log.clear();
  const noise = ns.noise;
  const nodeId = ns.layout.nodeIds[x];
  const C = ns.layout.cores;
  const kc = x * C + c;
  const so = c * STASH;
  const stash = dense.laneStash;
  const kept = dense.stamp[c] === serial;
  let until = kept ? stash[so + S_FROZEN] : dense.laneFrozen[kc];
  const keptFreeze = kept && stash[so + S_SRC] >= 0;
  let fsrc = keptFreeze ? stash[so + S_SRC] : dense.laneFreezeSrc[kc];
  let fdur = keptFreeze ? stash[so + S_DUR] : dense.laneFreezeDur[kc];
  const base = ns.iterBase;
  const phase = dense.lanePhase[kc];
  if (phase < 0) {
    // No pinned source: the rank is late only by a freeze an "any" event left.
    if (until > base) {
      const le = log.push(-1, fsrc);
      log.duration[le] = fdur;
      log.cost[le] = until - base;
    }
    return;
  }
  const eo = noise.laneStart[x * (C + 1) + c] * ENTRY_STRIDE;
  const j = noise.ent[eo + E_SOURCE];
  const T = noise.periodUs[j];
  const src = noise.scenarioIndex[j];
  let k = kept ? stash[so + S_COUNT] : dense.laneCount[kc];
  let s = phase + k * T; // as NoiseTable.advance computes it
  let busy = kept ? stash[so + S_BUSY] : dense.laneBusy[kc];
  while (s < ns.iterT) {
    const d = noise.durationOf(j, nodeId, k);
    busy = queueStart(busy, s) + d;
    until = busy;
    fsrc = src;
    fdur = d;
    k++;
    s = phase + k * T;
  }
  let f = ns.iterGEnd;
  if (until > base) {
    f = until + ns.granularityUs;
    const le = log.push(-1, fsrc);
    log.duration[le] = fdur;
    log.cost[le] = until - base;
  }
  while (s < f) {
    const d = noise.durationOf(j, nodeId, k);
    const a = queueStart(busy, s);
    busy = a + d;
    if (pauses(a, f)) {
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
