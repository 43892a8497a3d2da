// Visiting a node whose noise is all pinned (model.md §3): its cores do not
// interact, so each core's lane of events is applied on its own, in start
// order, up to its rank's arrival; later events wait for the next visit
// (they can only freeze). No merge across lanes.
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
const FIXED = 0;

/**
 * Node x when only pinned sources cover it: its cores do not interact, so
 * each core's lane of events is applied on its own, in start order, up to
 * its rank's arrival; later events wait for the next visit (they can only
 * freeze). No merge across lanes: the dense-noise fast path.
 */
export function visitLanes(ns: NodeState, x: number, i: number): void {
  const { cores: C, coreSlot } = ns.layout;
  const finish = ns.finish;
  const noise = ns.noise;
  const { ent, laneStart, periodic, periodUs, durKind, durP1 } = noise;
  const state = ns.state;
  const log = ns.log;
  const logHead = ns.logHead;
  const o = x * ns.stride;
  const W = C + 1;
  const gEnd = ns.iterGEnd;
  const t = ns.iterT;
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
      periodicLane(ns, ls, co, c, x, i);
      if (ns.laneNext < next) next = ns.laneNext;
      continue;
    }
    // Pass 0: events left from the previous iteration (start < t_i), which
    // can only freeze; on an idle core, anything before gEnd (absorbed).
    // Then the rank's start. Pass 1: events before the rank arrives.
    let bound = hasRank ? t : gEnd;
    for (let pass = 0; pass < 2; pass++) {
      if (pass === 1) {
        if (!hasRank) break;
        ns.startRank(x, c);
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
        ns.noiseEvents++;
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
          state[co + C_FREEZE_SRC] = src;
          state[co + C_FREEZE_DUR] = d;
          if (pass === 1) ns.mark(x, i);
        }
      }
    }
  }
  ns.nextKey = next;
}

/**
 * The lane of a rank core that one periodic source feeds (the dense case:
 * "every rank at 1 kHz"): the same steps as the general lane loop, with the
 * entry's fields in locals. Leaves the entry's next start in `laneNext`
 * (a returned double would be boxed).
 */
function periodicLane(ns: NodeState, e: number, co: number, c: number, x: number, i: number): void {
  const noise = ns.noise;
  const nodeId = noise.nodeId(x);
  const ent = noise.ent;
  const state = ns.state;
  const eo = e * ENTRY_STRIDE;
  const j = ent[eo + E_SOURCE];
  const T = noise.periodUs[j];
  const phase = ent[eo + E_PHASE];
  const fixed = noise.durKind[j] === FIXED;
  const src = noise.scenarioIndex[j];
  let k = ent[eo + E_COUNT];
  let s = ent[eo + E_TIME];
  let busy = state[co + C_BUSY];
  let events = 0;
  const t = ns.iterT;
  // Pass 0: left from the previous iteration: freezes only.
  while (s < t) {
    const d = fixed ? noise.durP1[j] : noise.durationOf(j, nodeId, k);
    const a = busy > s ? busy : s;
    busy = a + d;
    state[co + C_FROZEN] = busy;
    state[co + C_FREEZE_SRC] = src;
    state[co + C_FREEZE_DUR] = d;
    events++;
    k++;
    s = phase + k * T;
  }
  state[co + C_BUSY] = busy;
  ns.startRank(x, c);
  let f = ns.finish[c];
  // Pass 1: events before the rank arrives.
  while (s < f) {
    const d = fixed ? noise.durP1[j] : noise.durationOf(j, nodeId, k);
    const a = busy > s ? busy : s;
    busy = a + d;
    if (a < f) {
      f += d;
      const le = ns.log.push(ns.logHead[c], src);
      ns.log.duration[le] = d;
      ns.log.cost[le] = d;
      ns.logHead[c] = le;
    } else {
      state[co + C_FROZEN] = busy;
      state[co + C_FREEZE_SRC] = src;
      state[co + C_FREEZE_DUR] = d;
      ns.mark(x, i);
    }
    events++;
    k++;
    s = phase + k * T;
  }
  state[co + C_BUSY] = busy;
  ns.finish[c] = f;
  ent[eo + E_COUNT] = k;
  ent[eo + E_TIME] = s;
  ns.noiseEvents += events;
  ns.laneNext = s;
}
