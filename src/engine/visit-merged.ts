// Visiting a node (model.md §3): its events merged across its cores in start
// order (ties: scenario order), since where a cpu "any" event lands depends on
// the other cores' state; a node whose noise is all pinned is visited the same
// way (running each core apart was measured slower).
import { anyCore, pauses, queueStart, rankStart } from './event-rule.ts';
import type { NodeState } from './node-state.ts';
import { siftRow } from './noise-table.ts';

// Field offsets are module-local copies, not imports: in unbundled ES
// modules (tsx, Vite's dev server, Vitest) every read of an imported binding
// is a checked indirection, and in these loops that made runs 3–6× slower.
// tests/engine/layout-constants.test.ts keeps the copies equal to node-state.ts.
const H_VISITED = 0;
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
 * Apply node x's events for iteration i (node-state.ts's header and the engine README): its
 * events merged across its cores, then its critical rank (latest arrival, lowest id on ties),
 * its delay and, if it holds the latest arrival so far, the critical rank's log.
 */
export function visitNode(ns: NodeState, x: number, i: number): void {
  ns.state[x * ns.stride + H_VISITED] = i;
  ns.log.clear();
  // One visit for every node: merging the node's events across its cores in start order is
  // the model's own reading (§3), and measured no slower than running each core's pinned
  // events apart (BG/P Intrepid, 1,000 iterations: 2.6 s merged against 3.1 s apart).
  visitMerged(ns, x, i);
  ns.nodeKey[x] = ns.nextKey;
  const { cores: C, ranksPerNode: P, slotCore } = ns.layout;
  const gEnd = ns.nodeGEnd(x);
  let nodeMax = gEnd;
  let crit = -1;
  let delay = 0;
  for (let p = 0; p < P; p++) {
    const c = slotCore[p];
    const f = ns.finish[c];
    delay += f - gEnd;
    if (f > nodeMax || (crit < 0 && f === nodeMax)) {
      nodeMax = f;
      crit = c;
    }
  }
  if (ns.measuring && delay > 0) ns.nodeDelay[x] += delay;
  ns.lastMax[x] = nodeMax;
  const k = x * C + crit;
  if (nodeMax > ns.iterMax || (nodeMax === ns.iterMax && k < ns.critical)) {
    ns.iterMax = nodeMax;
    ns.critical = k;
    ns.log.copyChain(ns.logHead[crit], ns.criticalLog);
  }
}

/**
 * The start of the rank on core c of job node x (§3–§4): late if a freeze outlasts the release
 * (event-rule.ts rankStart), with a log entry for the freeze. Sets its provisional finish
 * `finish[c]` (base + g when it starts on time). Returns nothing: a double returned from a call
 * V8 does not inline is boxed.
 */
function startRank(ns: NodeState, x: number, c: number): void {
  const state = ns.state;
  const co = x * ns.stride + H_CORES + c * CORE_STRIDE;
  const until = state[co + C_FROZEN];
  const base = ns.iterBase;
  const start = rankStart(base, until);
  ns.finish[c] = start + (ns.nodeG === null ? ns.granularityUs : ns.nodeG[x]);
  if (start > base) {
    const e = ns.log.push(-1, state[co + C_FREEZE_SRC]);
    ns.log.duration[e] = state[co + C_FREEZE_DUR];
    ns.log.cost[e] = start - base;
    ns.logHead[c] = e;
  } else {
    ns.logHead[c] = -1;
  }
}

/**
 * Whether an event of an arrived rank's node that ends by `end` (µs) at the latest is unseen:
 * it ends before the node's next event starts (`next`) and by the release (`release`). Its rank
 * can only be frozen by it, and the freeze is over when the rank starts; every later event finds
 * its core's queue empty, whether it ended at `end` or sooner; it logs nothing. So how long it
 * lasted is never read (model.md §3's results do not depend on it), and it need not be drawn.
 */
function unseenEnd(end: number, next: number, release: number): boolean {
  return end < next && end <= release;
}

/**
 * Node x: its events merged across its cores in start order (ties: scenario
 * order). One function on purpose: V8 boxes a double passed to or returned
 * from a call it does not inline, and this is the hot loop.
 */
export function visitMerged(ns: NodeState, x: number, i: number): void {
  const { cores: C, ranksPerNode: P, slotCore, coreSlot } = ns.layout;
  const finish = ns.finish;
  const noise = ns.noise;
  const ent = noise.ent;
  const state = ns.state;
  const log = ns.log;
  const logHead = ns.logHead;
  const o = x * ns.stride;
  const oc = o + H_CORES;
  const rs = noise.rowStart[x];
  const re = noise.rowStart[x + 1];
  const heap = ns.rowHeap;
  // With heaps: [rs, he) is the heap, [he, re) the node's ticks, one per core at most
  // (NoiseTable.heapifyRows, isTick), read by a scan.
  const he = heap ? noise.heapEnd![x] : re;
  const gEnd = ns.nodeGEnd(x);
  const nodeId = noise.nodeId(x);
  const durMax = noise.durMax;
  // An event longer than this stops the run when drawn (run-limit.ts): such a one is drawn.
  const longest = noise.limit === null ? Infinity : noise.limit.maxTimeUs;
  let nodeMax = gEnd;

  // Pass 0: events left from the previous iteration (start < t_i): every
  //   rank of this node had arrived, so they can only freeze.
  // Between passes: start times; a rank frozen past the release starts late.
  // Pass 1: events that start before the node's last rank arrives.
  // The node's earliest pending event, e at time s (ties: the source first
  // in scenario order), found again only after an event moved an entry: the
  // top of the row when rows are heaps (ns.rowHeap), else a scan of the row.
  let e = -1;
  let s = Infinity;
  let stale = true;
  for (let pass = 0; pass < 2; pass++) {
    const arrived = pass === 0;
    if (pass === 1) {
      for (let p = 0; p < P; p++) {
        const c = slotCore[p];
        if (state[oc + c * CORE_STRIDE + C_FROZEN] > ns.iterBase) {
          startRank(ns, x, c); // late: frozen past the release
          if (finish[c] > nodeMax) nodeMax = finish[c];
        } else {
          finish[c] = gEnd;
          logHead[c] = -1;
        }
      }
    }
    for (;;) {
      if (stale) {
        stale = false;
        e = -1;
        s = Infinity;
        // The heap's top, or the first of the row (a scan), then the ticks (ties: the source
        // first in scenario order).
        if (heap && rs < he) {
          e = rs;
          s = ent[rs * ENTRY_STRIDE + E_TIME];
        }
        for (let q = heap ? he : rs; q < re; q++) {
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
      if (!(s < (arrived ? ns.iterT : nodeMax))) {
        if (!arrived) ns.nextKey = s;
        break;
      }
      stale = true;
      if (arrived && e >= he) {
        // A tick comes first while the node's ranks wait. Until the heap's next event, each
        // core's tick is the only event that reads or sets that core's queue, so every core's
        // ticks that end before it (and before the release) are counted at once: they start on
        // an empty queue and freeze an arrived rank until before anything looks
        // (`unseenEnd`). A tick that may still run then is applied below as any event.
        const top = rs < he ? ent[rs * ENTRY_STRIDE + E_TIME] : Infinity;
        let counted = 0;
        for (let q = he; q < re; q++) {
          const qo = q * ENTRY_STRIDE;
          const jq = ent[qo + E_SOURCE];
          const co = oc + noise.pinnedCore[jq] * CORE_STRIDE;
          let t = ent[qo + E_TIME];
          const dm = durMax[jq];
          if (state[co + C_BUSY] > t || dm > longest) continue;
          let k = ent[qo + E_COUNT];
          let last = -Infinity;
          // As NoiseTable.advance steps a periodic entry: phase + k·T, from the count.
          while (t < ns.iterT && unseenEnd(t + dm, top, ns.iterT)) {
            last = t;
            k++;
            t = ent[qo + E_PHASE] + k * noise.periodUs[jq];
          }
          if (last === -Infinity) continue;
          counted += k - ent[qo + E_COUNT];
          ent[qo + E_COUNT] = k;
          ent[qo + E_TIME] = t;
          state[co + C_BUSY] = last; // a lower bound of its end, read only by later starts
        }
        if (counted > 0) {
          ns.noiseEvents += counted;
          ns.unseenEvents += counted;
          continue;
        }
      }
      const eo = e * ENTRY_STRIDE;
      const j = ent[eo + E_SOURCE];
      const ev = ent[eo + E_COUNT];
      // Which core (§3, event-rule.ts): pinned, else the choice for cpu "any".
      let core = noise.pinnedCore[j];
      if (core < 0) {
        core = anyCore(
          s,
          C,
          P,
          state,
          oc + C_BUSY,
          CORE_STRIDE,
          coreSlot,
          0,
          slotCore,
          0,
          ns.mayBeFree,
          ns.block,
          arrived,
          finish,
          0,
          false,
          ns.candidates,
          noise.victimKey[j],
          nodeId,
          ev,
        );
      }
      const co = oc + core * CORE_STRIDE;
      const a = queueStart(state[co + C_BUSY], s);
      ns.noiseEvents++;
      noise.advance(e, x);
      if (heap) {
        if (e < he) siftRow(ent, rs, he - rs, 0); // the moved entry sinks to its place
        if (arrived && durMax[j] <= longest) {
          // An event left from the last iteration that surely ends before the node's next
          // event and the release: its duration is not drawn (`unseenEnd`; draws are
          // counter-based, so no other draw moves) and its core's queue is left to end at its
          // start, a lower bound of the true end that every later read treats alike.
          let next = rs < he ? ent[rs * ENTRY_STRIDE + E_TIME] : Infinity;
          for (let q = he; q < re; q++) {
            if (ent[q * ENTRY_STRIDE + E_TIME] < next) next = ent[q * ENTRY_STRIDE + E_TIME];
          }
          if (unseenEnd(a + durMax[j], next, ns.iterT)) {
            state[co + C_BUSY] = a;
            ns.unseenEvents++;
            continue;
          }
        }
      }
      const d = noise.durKind[j] === FIXED ? noise.durP1[j] : noise.durationOf(j, nodeId, ev);
      const b = a + d;
      state[co + C_BUSY] = b;
      if (coreSlot[core] < 0) continue; // an idle core absorbs it
      const src = noise.scenarioIndex[j];
      if (!arrived && pauses(a, finish[core])) {
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
        state[co + C_FREEZE_SRC] = src;
        state[co + C_FREEZE_DUR] = d;
        if (!arrived) ns.mark(x, i);
      }
    }
  }
}
