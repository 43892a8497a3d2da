// The dense sweep's tight loop, when every source is periodic and pinned,
// at most one per core: all nodes' lanes in one loop with everything in
// locals and no per-event log; the critical lane is replayed afterwards for
// attribution (draws are counter-based, so the replay is exact).
import type { NodeState } from './node-state.ts';

// Field offsets are module-local copies, not imports: in unbundled ES
// modules (tsx, Vite's dev server, Vitest) every read of an imported binding
// is a checked indirection, and in these loops that made runs 3–6× slower.
// tests/engine/layout-constants.test.ts keeps the copies equal to node-state.ts.
const H_DELAY = 1;
const H_CORES = 2;
const C_BUSY = 0;
const C_FROZEN = 1;
const CORE_STRIDE = 2;
const E_TIME = 0;
const E_COUNT = 1;
const E_PHASE = 2;
const E_SOURCE = 3;
const ENTRY_STRIDE = 4;

// Per core of the node in hand, the lane's state before the visit (laneStash).
export const S_COUNT = 0; // k of the lane's next event
export const S_TIME = 1; // µs: its start
export const S_BUSY = 2; // µs: the core's queue end
export const S_FROZEN = 3; // µs: frozen-until
export const S_SRC = 4; // source and duration of the freeze that set S_FROZEN
export const S_DUR = 5;
export const STASH = 6;

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
  const { ent, laneStart, scenarioIndex } = noise;
  const { state, stride, nodeKey, freezeSource, freezeDuration } = ns;
  const { laneSource, lanePeriod, laneFixed, laneDuration } = ns;
  const stash = ns.laneStash;
  const W = C + 1;
  const t = ns.iterT;
  const base = ns.iterBase;
  const gEnd = ns.iterGEnd;
  const g = ns.granularityUs;
  const measuring = ns.measuring;
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
            stashFreeze(ns, so, kc);
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
              stashFreeze(ns, so, kc);
              freezeSource[kc] = src;
              freezeDuration[kc] = d;
              ns.mark(x, i);
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
    if (nodeMax > ns.iterMax || (nodeMax === ns.iterMax && kx < ns.critical)) {
      ns.iterMax = nodeMax;
      ns.critical = kx;
      replayLane(ns, x, crit);
    }
  }
  ns.noiseEvents += events;
}

/** Keep the lane's pre-visit freeze record before a freeze overwrites it (once). */
function stashFreeze(ns: NodeState, so: number, kc: number): void {
  const stash = ns.laneStash;
  if (stash[so + S_SRC] >= 0) return;
  stash[so + S_SRC] = ns.freezeSource[kc];
  stash[so + S_DUR] = ns.freezeDuration[kc];
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
  let fsrc = stash[so + S_SRC] >= 0 ? stash[so + S_SRC] : ns.freezeSource[kc];
  let fdur = stash[so + S_SRC] >= 0 ? stash[so + S_DUR] : ns.freezeDuration[kc];
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
  let s = stash[so + S_TIME];
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
