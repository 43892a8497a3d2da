// One noise event on one node (model.md §3), written once for every path that applies events:
// the node visit (visit-merged.ts), the dense loop (dense-loop.ts), the tree workloads'
// event queue (phase-run.ts), the timeline's replay (trace.ts) and Fixed Work Quanta (fwq.ts,
// every core running a process that never waits). Each path keeps its own loop
// over *which* event comes next and its own storage; what one event does is here:
//
// - where it runs: its pinned core, else (cpu "any") `anyCore`;
// - when it runs: FIFO on that core, from max(arrival, end of the core's queue) (`queueStart`)
//   for its duration d;
// - what it does to the core's rank: a rank computing at that moment is paused for d
//   (`pauses`); a rank that has arrived is frozen until the event ends, and a freeze that
//   outlasts the release makes the rank start late (`rankStart`, the residual rule).
//
// The helpers are small on purpose: V8 inlines them into each hot loop, so a double passed to
// them is not boxed (tests/engine/event-rule.test.ts checks the rule on closed cases;
// `npm run bench` that no path got slower).
import { indexAt3 } from './random.ts';

/** µs at which an event arriving at `s` starts on a core whose noise queue ends at `busy`. */
export function queueStart(busy: number, s: number): number {
  return busy > s ? busy : s;
}

/** Whether an event that starts running at `a` pauses the rank computing until `finish`
 * (else the rank has arrived, and the event freezes it until the event ends). */
export function pauses(a: number, finish: number): boolean {
  return a < finish;
}

/** µs at which a rank starts an iteration released at `base` when frozen until `frozen`. */
export function rankStart(base: number, frozen: number): number {
  return frozen > base ? frozen : base;
}

/**
 * The core a cpu "any" event arriving at `s` takes on one node (model.md §3): the lowest core
 * whose queue is empty and that runs no computing rank (an idle core; in block mode, also a
 * core whose rank has arrived); else a uniformly random rank, in rank order, whose core runs no
 * noise (random.ts indexAt3 of the source's key, the node id and the event's count); else the
 * rank core whose queue ends first (the lowest core on ties).
 *
 * The node is read through offsets so that every path's storage fits:
 * - `busy[bo + c·bs]`: µs, end of core c's noise queue;
 * - `coreRank[cro + c]`: the rank on core c (≥ 0) or −1 for an idle core;
 * - `rankCore[rco + p]`: the core of the node's p-th rank (p < P), in rank order;
 * - `finish[byRank ? coreRank[cro + c] : fo + c]`: µs, the compute end of core c's rank; read
 *   only when `mayBeFree` (an idle core exists, or ranks block) and `block`, and not when
 *   `arrived` (every rank of the node has arrived).
 * `cand` is scratch of at least P entries.
 */
export function anyCore(
  s: number,
  C: number,
  P: number,
  busy: Float64Array,
  bo: number,
  bs: number,
  coreRank: Int32Array,
  cro: number,
  rankCore: Int32Array,
  rco: number,
  mayBeFree: boolean,
  block: boolean,
  arrived: boolean,
  finish: Float64Array,
  fo: number,
  byRank: boolean,
  cand: Int32Array,
  victimKey: number,
  nodeId: number,
  count: number,
): number {
  if (mayBeFree) {
    for (let c = 0; c < C; c++) {
      if (busy[bo + c * bs] > s) continue;
      const r = coreRank[cro + c];
      if (r < 0) return c;
      if (block && (arrived || finish[byRank ? r : fo + c] <= s)) return c;
    }
  }
  let free = 0;
  for (let p = 0; p < P; p++) {
    const c = rankCore[rco + p];
    if (busy[bo + c * bs] <= s) cand[free++] = c;
  }
  if (free > 0) return cand[indexAt3(victimKey, nodeId, count, free)];
  let core = rankCore[rco];
  for (let p = 1; p < P; p++) {
    const c = rankCore[rco + p];
    const bc = busy[bo + c * bs];
    const bk = busy[bo + core * bs];
    if (bc < bk || (bc === bk && c < core)) core = c;
  }
  return core;
}
