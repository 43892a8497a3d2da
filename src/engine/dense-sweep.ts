// The dense sweep's tight loop, when every source is periodic and pinned,
// at most one per core: all nodes' lanes in one loop with everything in
// locals and no per-event log; the critical lane is replayed afterwards for
// attribution (draws are counter-based, so the replay is exact).
import type { NodeState } from './node-state.ts';

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

// Per core of the node in hand, the lane's state before the visit (laneStash).
export const S_COUNT = 0; // k of the lane's next event
export const S_BUSY = 1; // µs: the core's queue end
export const S_FROZEN = 2; // µs: frozen-until
export const S_SRC = 3; // source and duration of the freeze that set S_FROZEN
export const S_DUR = 4;
export const STASH = 5;

/**
 * One iteration of the dense sweep when every source is periodic and
 * pinned, one per core (simpleLanes): each node's cores are independent
 * lanes of one source each, run here in one loop with everything in
 * locals — no per-event log. The same steps as visitLanes; a node that
 * sets a new latest arrival has its critical lane replayed from the state
 * kept in laneStash, to log what delayed it (O(log n) times per iteration).
 */
export function sweepPeriodicLanes(ns: NodeState, i: number): void {
  const { nodes: n, cores: C, coreSlot } = ns.layout;
  const noise = ns.noise;
  const { scenarioIndex } = noise;
  const { nodeKey, nodeDelay } = ns;
  const { laneSource, lanePeriod, laneFixed, laneDuration } = ns;
  const { lanePhase, laneCount, laneBusy, laneFrozen, laneFreezeSrc, laneFreezeDur } = ns.dense!;
  const stash = ns.laneStash;
  const t = ns.iterT;
  const base = ns.iterBase;
  const gEnd = ns.iterGEnd;
  const g = ns.granularityUs;
  const measuring = ns.measuring;
  let events = 0;
  for (let x = 0; x < n; x++) {
    let nodeMax = gEnd;
    let crit = -1;
    let delay = 0;
    let next = Infinity;
    for (let c = 0; c < C; c++) {
      const kc = x * C + c;
      const phase = lanePhase[kc];
      const hasRank = coreSlot[c] >= 0;
      let f = gEnd;
      if (phase >= 0) {
        // One source per core (simpleLanes): its constants by core index.
        const j = laneSource[c];
        const T = lanePeriod[c];
        const fixed = laneFixed[c] === 1;
        let k = laneCount[kc];
        let s = phase + k * T; // as NoiseTable.advance computes it
        let busy = laneBusy[kc];
        const so = c * STASH;
        stash[so + S_COUNT] = k;
        stash[so + S_BUSY] = busy;
        stash[so + S_FROZEN] = laneFrozen[kc];
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
            laneFrozen[kc] = busy;
            stashFreeze(ns, so, kc);
            laneFreezeSrc[kc] = src;
            laneFreezeDur[kc] = d;
            events++;
            k++;
            s = phase + k * T;
          }
          const until = laneFrozen[kc];
          f = until > base ? until + g : gEnd;
          // Pass 1: events before the rank arrives.
          while (s < f) {
            const d = fixed ? laneDuration[c] : noise.durationOf(j, noise.nodeId(x), k);
            const a = busy > s ? busy : s;
            busy = a + d;
            if (a < f) {
              f += d;
            } else {
              laneFrozen[kc] = busy;
              stashFreeze(ns, so, kc);
              laneFreezeSrc[kc] = src;
              laneFreezeDur[kc] = d;
              ns.mark(x, i);
            }
            events++;
            k++;
            s = phase + k * T;
          }
        }
        laneBusy[kc] = busy;
        laneCount[kc] = k;
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
    if (measuring && delay > 0) nodeDelay[x] += delay;
    const kx = x * C + crit;
    if (nodeMax > ns.iterMax || (nodeMax === ns.iterMax && kx < ns.critical)) {
      ns.iterMax = nodeMax;
      ns.critical = kx;
      replayLane(ns, x, crit);
    }
  }
  ns.noiseEvents += events;
}

/**
 * The dense loop's own copy of the lanes' state, one value per core id
 * x·C + c in separate arrays (structure of arrays): the loop streams 32
 * bytes per core instead of the two interleaved records (entry and node
 * block) the other paths use, which it would read and write back whole.
 * `enter` copies the state in, `leave` writes it back before any other
 * path runs (the run switches strategies at iteration boundaries).
 */
export class DenseLanes {
  /** µs, the lane's phase; -1 where no source is pinned to the core */
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

  constructor(cores: number) {
    this.lanePhase = new Float64Array(cores).fill(-1);
    this.laneCount = new Float64Array(cores);
    this.laneBusy = new Float64Array(cores);
    this.laneFrozen = new Float64Array(cores);
    this.laneFreezeSrc = new Float64Array(cores);
    this.laneFreezeDur = new Float64Array(cores);
  }

  enter(ns: NodeState): void {
    const { nodes: n, cores: C } = ns.layout;
    const { ent, laneStart } = ns.noise;
    const { state, stride } = ns;
    for (let x = 0; x < n; x++) {
      for (let c = 0; c < C; c++) {
        const kc = x * C + c;
        const co = x * stride + H_CORES + c * CORE_STRIDE;
        this.laneBusy[kc] = state[co + C_BUSY];
        this.laneFrozen[kc] = state[co + C_FROZEN];
        this.laneFreezeSrc[kc] = state[co + C_FREEZE_SRC];
        this.laneFreezeDur[kc] = state[co + C_FREEZE_DUR];
        const e = laneStart[x * (C + 1) + c];
        if (e < laneStart[x * (C + 1) + c + 1]) {
          this.lanePhase[kc] = ent[e * ENTRY_STRIDE + E_PHASE];
          this.laneCount[kc] = ent[e * ENTRY_STRIDE + E_COUNT];
        }
      }
    }
  }

  leave(ns: NodeState): void {
    const { nodes: n, cores: C } = ns.layout;
    const { ent, laneStart, periodUs } = ns.noise;
    const { state, stride } = ns;
    for (let x = 0; x < n; x++) {
      for (let c = 0; c < C; c++) {
        const kc = x * C + c;
        const co = x * stride + H_CORES + c * CORE_STRIDE;
        state[co + C_BUSY] = this.laneBusy[kc];
        state[co + C_FROZEN] = this.laneFrozen[kc];
        state[co + C_FREEZE_SRC] = this.laneFreezeSrc[kc];
        state[co + C_FREEZE_DUR] = this.laneFreezeDur[kc];
        const e = laneStart[x * (C + 1) + c];
        if (e < laneStart[x * (C + 1) + c + 1]) {
          const eo = e * ENTRY_STRIDE;
          const k = this.laneCount[kc];
          ent[eo + E_COUNT] = k;
          ent[eo + E_TIME] = ent[eo + E_PHASE] + k * periodUs[ent[eo + E_SOURCE]];
        }
      }
    }
  }
}

/** Keep the lane's pre-visit freeze record before a freeze overwrites it (once). */
function stashFreeze(ns: NodeState, so: number, kc: number): void {
  const stash = ns.laneStash;
  if (stash[so + S_SRC] >= 0) return;
  stash[so + S_SRC] = ns.dense!.laneFreezeSrc[kc];
  stash[so + S_DUR] = ns.dense!.laneFreezeDur[kc];
}

/**
 * Rebuild criticalLog for the lane of core c on node x from its state
 * before this iteration's visit (laneStash): the freeze that set its start
 * and each pause, as visitLanes would have logged them.
 */
function replayLane(ns: NodeState, x: number, c: number): void {
  const log = ns.criticalLog;
  log.clear();
  const noise = ns.noise;
  const nodeId = noise.nodeId(x);
  const e = noise.laneStart[x * (ns.layout.cores + 1) + c];
  const so = c * STASH;
  const stash = ns.laneStash;
  let until = stash[so + S_FROZEN];
  const kc = x * ns.layout.cores + c;
  let fsrc = stash[so + S_SRC] >= 0 ? stash[so + S_SRC] : ns.dense!.laneFreezeSrc[kc];
  let fdur = stash[so + S_SRC] >= 0 ? stash[so + S_DUR] : ns.dense!.laneFreezeDur[kc];
  if (e === noise.laneStart[x * (ns.layout.cores + 1) + c + 1]) {
    // A quiet core: its rank starts and ends on time (nothing to log).
    return;
  }
  const eo = e * ENTRY_STRIDE;
  const j = noise.ent[eo + E_SOURCE];
  const T = noise.periodUs[j];
  const phase = noise.ent[eo + E_PHASE];
  const src = noise.scenarioIndex[j];
  let k = stash[so + S_COUNT];
  let s = phase + k * T; // as NoiseTable.advance computes it
  let busy = stash[so + S_BUSY];
  while (s < ns.iterT) {
    const d = noise.durationOf(j, nodeId, k);
    busy = (busy > s ? busy : s) + d;
    until = busy;
    fsrc = src;
    fdur = d;
    k++;
    s = phase + k * T;
  }
  const base = ns.iterBase;
  let f = ns.iterGEnd;
  if (until > base) {
    f = until + ns.granularityUs;
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
