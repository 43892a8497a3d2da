// A trace of a few iterations of a barrier workload on a handful of nodes: what every rank core
// did, when (the ASCI Q paper's Figure 14). BarrierRun records no per-node history (it would
// cost memory and time at full scale), so this module replays model.md §3 node by node.
//
// Nodes interact only through the release times t_i (src/engine/README.md, "How an iteration
// is computed"): given them, each node evolves on its own. So the trace
//   1. runs the scenario's BarrierRun on its per-rank path (exact: every rank visited, the same
//      bits on every path) for the needed iterations and reads t_0 … t_m, and for the shown
//      iterations the latest arrival and its rank (the lowest id on ties): which node was last;
//   2. replays the chosen nodes with those releases (same event streams — NoiseTable,
//      durationOf, victim hash — applied in start order as tests/engine/reference-model.ts
//      does), recording every rank core's events and states. Replaying every job node gives
//      back max f + L = t_{i+1} and the last rank to the bit (the tests check it).
// Cost: the engine's run of job ranks × iterations, then the chosen nodes' events; the limits
// below keep it to a fraction of a second in the worker. (Step 1 once replayed every job node
// to find the last ones: about 0.8 s of the whole Jaguar XT5's trace in Node.)
import type { Scenario } from '../scenario/types.ts';
import { BarrierRun } from './barrier-run.ts';
import { collectiveLatency } from './collective.ts';
import { buildLayout, type Layout } from './layout.ts';
import { NoiseTable } from './noise-table.ts';
import { anyCore, pauses, queueStart, rankStart } from './event-rule.ts';
import { computeFactors } from './slow-nodes.ts';

// Module-local copies of noise-table.ts's entry layout: imported bindings are slow in the hot
// loop of unbundled modules (see src/engine/README.md, "Data layout"). A test checks them.
export const E_TIME = 0;
export const E_COUNT = 1;
export const E_SOURCE = 3;
export const ENTRY_STRIDE = 4;

/** Size limits of a trace (the view shows a handful of nodes × a few iterations × a few cores). */
export interface TraceLimits {
  /** iterations shown */
  iterations: number;
  /** nodes traced in detail */
  nodes: number;
  /** rank cores per node traced in detail (the ones that finished latest are kept) */
  lanes: number;
  /** job ranks × iterations the engine's per-rank run goes through in step 1 (every rank, from
   * iteration 0 to the window's end) */
  work: number;
}

export const TRACE_LIMITS: TraceLimits = {
  iterations: 12,
  nodes: 16,
  lanes: 4,
  work: 40_000_000,
};

export interface TraceOptions {
  /** index of the first iteration shown (0 = the first one, warm-up included) */
  firstIteration: number;
  /** iterations shown */
  iterations: number;
  /**
   * Job node indices (0 … job nodes − 1, not machine node ids) to trace. Omitted: up to
   * `autoNodes` chosen by pickNodes (the last nodes of the window, the special cluster offsets,
   * then nodes spread over the job).
   */
  nodes?: number[];
  /** nodes to choose when `nodes` is omitted (default 8) */
  autoNodes?: number;
  /** overrides of TRACE_LIMITS (tests trace every node of small scenarios) */
  limits?: Partial<TraceLimits>;
}

/** What a rank core is doing over [startUs, endUs). */
export type SegmentKind =
  /** computing its share g */
  | 'compute'
  /** its compute is paused by a noise event (the "noise hole") */
  | 'paused'
  /** noise runs on its core while it waits at the barrier: costs nothing (yet) */
  | 'noise-waiting'
  /** released, but its core still runs noise that started while it waited (residual rule) */
  | 'frozen'
  /** waiting at the barrier for the last rank */
  | 'wait'
  /** released, waking up (block mode's wakeupUs) */
  | 'wakeup';

export interface TraceSegment {
  kind: SegmentKind;
  /** µs */
  startUs: number;
  /** µs */
  endUs: number;
  /** the noise source (index in scenario.noise) for paused, noise-waiting and frozen */
  source?: number;
}

/** One noise event that ran on a rank core: model.md §3's [a, b). */
export interface TraceEvent {
  /** index in scenario.noise */
  source: number;
  /** µs: the event's start s, when it ran (a) and ended (b = a + d) */
  startUs: number;
  runUs: number;
  endUs: number;
  /** pause: the rank was computing at a; freeze: it was waiting */
  effect: 'pause' | 'freeze';
  /** the iteration it was applied in */
  iteration: number;
}

export interface TraceLane {
  /** core index on the node */
  core: number;
  /** rank slot on the node (0 … P − 1); the rank id is node × P + slot */
  slot: number;
  /** per shown iteration: when the rank started computing and arrived (f_r), µs */
  startUs: number[];
  finishUs: number[];
  /** a partition of the window [releases[0], releases[iterations]) */
  segments: TraceSegment[];
  /** the noise events on this core that overlap the window */
  events: TraceEvent[];
}

export interface TraceNode {
  /** job node index */
  node: number;
  /** machine node id, and its cluster offset (id mod K) */
  nodeId: number;
  offset: number;
  lanes: TraceLane[];
}

export interface Trace {
  firstIteration: number;
  iterations: number;
  /** t_first … t_{first + iterations}, µs */
  releases: number[];
  /** per shown iteration: the job node index and the rank slot that arrived last (ties: lowest rank id) */
  lastNode: number[];
  /** the same nodes' machine ids */
  lastNodeId: number[];
  lastSlot: number[];
  /** per shown iteration: the latest arrival max f_r, µs (releases[i + 1] = it + L) */
  lastFinishUs: number[];
  /** µs */
  granularityUs: number;
  collectiveUs: number;
  wakeupUs: number;
  jobNodes: number;
  ranksPerNode: number;
  /** nodes traced, by job index */
  nodes: TraceNode[];
}

/** What the engine says of iterations 0 … to − 1 of a run (engineWindow). */
export interface EngineWindow {
  /** release times t_0 … t_to, µs */
  releases: number[];
  /** per iteration from `from` on: the latest arrival, µs, and its rank's job node and slot */
  lastFinishUs: number[];
  lastNode: number[];
  lastSlot: number[];
}

/**
 * The scenario's run through iteration to − 1 (≤ its iterations) on the engine's per-rank path:
 * its releases, and for iterations from `from` on which rank arrived last (the lowest rank id on
 * ties, model.md §4). The per-rank path, because the counted lanes draw the most of k durations
 * at once (bulk-lanes.ts): their releases are model.md's in distribution, not what a replay of
 * each node's events gives.
 */
export function engineWindow(scenario: Scenario, from: number, to: number): EngineWindow {
  const run = new BarrierRun(scenario, { exact: true });
  const { cores: C, coreSlot } = run.layout;
  const out: EngineWindow = {
    releases: [run.timeUs],
    lastFinishUs: [],
    lastNode: [],
    lastSlot: [],
  };
  for (let i = 0; i < to; i++) {
    run.step(1);
    out.releases.push(run.timeUs);
    if (i < from) continue;
    const k = run.lastCritical;
    out.lastFinishUs.push(run.lastMaxUs);
    // -1: nobody was late, every rank arrived at base + g, and rank 0 has the lowest id
    out.lastNode.push(k < 0 ? 0 : Math.floor(k / C));
    out.lastSlot.push(k < 0 ? 0 : coreSlot[k % C]);
  }
  return out;
}

/** Records one node's history over the window while it is replayed. */
interface Recorder {
  from: number; // first iteration of the window
  to: number; // one past the last
  start: Float64Array; // [iteration − from][core]
  finish: Float64Array;
  events: TraceEvent[][]; // per core
}

interface Replay {
  layout: Layout;
  noise: NoiseTable;
  /** the table's entries as built, to replay a node twice */
  initial: Float64Array;
  releases: number[];
  g: number;
  /** per job node, how many times longer its computes take (docs/slow-nodes.md); null: none */
  factors: Float64Array | null;
  wake: number;
  block: boolean;
}

/**
 * Replays job node x from iteration 0 through releases.length − 2 (model.md §3–§4 with the
 * given releases), recording the window's part in `rec`.
 */
function replayNode(r: Replay, x: number, rec: Recorder): void {
  const { layout, noise, releases, wake, block } = r;
  const g = r.factors === null ? r.g : r.g * r.factors[x];
  const { cores: C, ranksPerNode: P, coreSlot, slotCore } = layout;
  const mayBeFree = block || P < C;
  const cand = new Int32Array(P);
  const ent = noise.ent;
  const e0 = noise.rowStart[x];
  const e1 = noise.rowStart[x + 1];
  ent.set(r.initial.subarray(e0 * ENTRY_STRIDE, e1 * ENTRY_STRIDE), e0 * ENTRY_STRIDE);
  const nodeId = noise.nodeId(x);
  const busy = new Float64Array(C);
  const finish = new Float64Array(C);
  const frozenUntil = new Float64Array(C);
  const m = releases.length - 1;
  for (let i = 0; i < m; i++) {
    const t = releases[i];
    const next = releases[i + 1];
    const base = i > 0 ? t + wake : t;
    for (let c = 0; c < C; c++) {
      if (coreSlot[c] < 0) continue;
      finish[c] = rankStart(base, frozenUntil[c]) + g;
      if (i >= rec.from && i < rec.to) rec.start[(i - rec.from) * C + c] = finish[c] - g;
    }
    for (;;) {
      // The node's earliest pending event; ties: scenario order (one entry per source).
      let e = -1;
      for (let q = e0; q < e1; q++) {
        const o = q * ENTRY_STRIDE;
        if (
          e < 0 ||
          ent[o + E_TIME] < ent[e * ENTRY_STRIDE + E_TIME] ||
          (ent[o + E_TIME] === ent[e * ENTRY_STRIDE + E_TIME] &&
            ent[o + E_SOURCE] < ent[e * ENTRY_STRIDE + E_SOURCE])
        ) {
          e = q;
        }
      }
      if (e < 0) break;
      const s = ent[e * ENTRY_STRIDE + E_TIME];
      if (!(s < next)) break; // applied in a later iteration
      const j = ent[e * ENTRY_STRIDE + E_SOURCE];
      const k = ent[e * ENTRY_STRIDE + E_COUNT];
      const d = noise.durationOf(j, nodeId, k);
      // Which core (§3, event-rule.ts): pinned, else the choice for cpu "any".
      let core = noise.pinnedCore[j];
      if (core < 0) {
        core = anyCore(
          s,
          C,
          P,
          busy,
          0,
          1,
          coreSlot,
          0,
          slotCore,
          0,
          mayBeFree,
          block,
          false,
          finish,
          0,
          false,
          cand,
          noise.victimKey[j],
          nodeId,
          k,
        );
      }
      const a = queueStart(busy[core], s);
      const b = a + d;
      busy[core] = b;
      noise.advance(e, x);
      if (coreSlot[core] < 0) continue; // an idle core: no rank to delay
      const pause = pauses(a, finish[core]);
      if (pause) finish[core] += d;
      else frozenUntil[core] = b;
      // Keep the events that can show in the window: applied in it, or spilling into it.
      if (i < rec.to && (i >= rec.from || b > releases[rec.from])) {
        rec.events[core].push({
          source: noise.scenarioIndex[j],
          startUs: s,
          runUs: a,
          endUs: b,
          effect: pause ? 'pause' : 'freeze',
          iteration: i,
        });
      }
    }
    if (i < rec.from || i >= rec.to) continue;
    for (let c = 0; c < C; c++) {
      if (coreSlot[c] >= 0) rec.finish[(i - rec.from) * C + c] = finish[c];
    }
  }
}

/**
 * The lane's window [releases[from], releases[to]) as consecutive segments: noise where the
 * core runs an event (paused / noise-waiting / frozen by when it runs), else compute from the
 * rank's start to its arrival, wait until the release, wake-up between a release and the start.
 */
function laneSegments(
  releases: number[],
  from: number,
  to: number,
  start: number[],
  finish: number[],
  events: TraceEvent[],
): TraceSegment[] {
  const out: TraceSegment[] = [];
  const push = (kind: SegmentKind, a: number, b: number, source?: number) => {
    if (!(b > a)) return;
    const last = out.at(-1);
    if (last && last.kind === kind && last.source === source && last.endUs === a) last.endUs = b;
    else
      out.push(
        source === undefined
          ? { kind, startUs: a, endUs: b }
          : { kind, startUs: a, endUs: b, source },
      );
  };
  // Noise pieces, in time order (a core runs its events one at a time, FIFO).
  const noise: { a: number; b: number; kind: SegmentKind; source: number }[] = [];
  for (const ev of events) {
    if (ev.effect === 'pause') {
      noise.push({ a: ev.runUs, b: ev.endUs, kind: 'paused', source: ev.source });
    } else {
      // Before the release that ends its iteration the rank only waits; after it, it is held.
      const release = releases[ev.iteration + 1];
      noise.push({
        a: ev.runUs,
        b: Math.min(ev.endUs, release),
        kind: 'noise-waiting',
        source: ev.source,
      });
      noise.push({
        a: Math.max(ev.runUs, release),
        b: ev.endUs,
        kind: 'frozen',
        source: ev.source,
      });
    }
  }
  noise.sort((p, q) => p.a - q.a);
  const t0 = releases[from];
  const t1 = releases[to];
  // The base states between noise pieces.
  const base = (a: number, b: number) => {
    for (let i = from; i < to; i++) {
      const lo = Math.max(a, releases[i]);
      const hi = Math.min(b, releases[i + 1]);
      if (!(hi > lo)) continue;
      const st = start[i - from];
      const f = finish[i - from];
      push('wakeup', lo, Math.min(hi, st));
      push('compute', Math.max(lo, st), Math.min(hi, f));
      push('wait', Math.max(lo, f), hi);
    }
  };
  let at = t0;
  for (const p of noise) {
    const a = Math.max(p.a, t0);
    const b = Math.min(p.b, t1);
    if (!(b > a)) continue;
    if (a > at) base(at, a);
    push(p.kind, Math.max(a, at), b, p.source);
    at = Math.max(at, b);
  }
  if (t1 > at) base(at, t1);
  return out;
}

/** Rounds and clamps a count option. */
const clampInt = (v: number, lo: number, hi: number) =>
  Math.min(hi, Math.max(lo, Math.floor(Number.isFinite(v) ? v : lo)));

/**
 * The nodes to show when none are given, by job index, sorted: the nodes that were last in the
 * window's iterations (the ones that set the releases), the first job node at every cluster
 * offset a source is placed on (ASCI Q: 0, 1, 31: cluster manager, quorum, RMS monitor), then
 * nodes spread evenly over the job (ordinary ones, for contrast), up to `count`.
 */
export function pickNodes(
  scenario: Scenario,
  layout: Layout,
  lastNodes: number[],
  count: number,
): number[] {
  const chosen = new Set<number>();
  const add = (x: number) => {
    if (chosen.size < count && x >= 0 && x < layout.nodes) chosen.add(x);
  };
  const lastShare = Math.max(1, Math.ceil(count / 2));
  for (const x of lastNodes) if (chosen.size < lastShare) add(x);
  const offsets = new Set<number>();
  for (const src of scenario.noise) {
    if (src.enabled && src.placement.kind === 'clusterOffsets') {
      for (const o of src.placement.offsets) offsets.add(o);
    }
  }
  for (const o of [...offsets].sort((p, q) => p - q)) {
    const x = layout.nodeIds.findIndex((id) => id % layout.clusterSize === o);
    add(x);
  }
  for (const x of lastNodes) add(x);
  const n = layout.nodes;
  for (let k = 0; chosen.size < Math.min(count, n) && k < 2 * n; k++) {
    // Spread: 0, n/2, n/4, 3n/4, … (a van der Corput walk), then every node.
    let v = 0;
    for (let bit = 0.5, q = k + 1; q > 0; q >>= 1, bit /= 2) if (q & 1) v += bit;
    add(k < n ? Math.floor(v * n) : k - n);
  }
  return [...chosen].sort((p, q) => p - q);
}

/**
 * The last node of each shown iteration, the latest arrival first (its finish after the
 * iteration's release; ties: the earlier iteration): when only a few rows fit (a projector's),
 * they are the nodes that held the machine up longest, not those of the window's first
 * iterations.
 */
function byLateness(
  lastNode: number[],
  lastFinishUs: number[],
  releases: number[],
  from: number,
): number[] {
  const late = (q: number) => lastFinishUs[q] - releases[from + q];
  return lastNode
    .map((_, q) => q)
    .sort((a, b) => late(b) - late(a) || a - b)
    .map((q) => lastNode[q]);
}

/** Traces `options.iterations` iterations from `options.firstIteration` of a barrier scenario. */
export function traceIterations(scenario: Scenario, options: TraceOptions): Trace {
  const w = scenario.workload;
  if (w.kind !== 'barrier') throw new Error(`the timeline traces barrier workloads, not ${w.kind}`);
  const limits = { ...TRACE_LIMITS, ...options.limits };
  const layout = buildLayout(scenario);
  const iterations = clampInt(options.iterations, 1, Math.min(limits.iterations, w.iterations));
  const from = clampInt(options.firstIteration, 0, w.iterations - iterations);
  const to = from + iterations;
  const work = layout.ranks * to;
  if (work > limits.work) {
    throw new Error(
      `tracing iteration ${from} of ${layout.ranks} ranks means running ${work} rank-iterations first, ` +
        `over the limit of ${limits.work}: choose an earlier iteration`,
    );
  }
  const { releases, lastFinishUs, lastNode, lastSlot } = engineWindow(scenario, from, to);
  const noise = new NoiseTable(scenario, layout);
  const P = layout.ranksPerNode;
  const C = layout.cores;
  const replay: Replay = {
    layout,
    noise,
    initial: noise.ent.slice(),
    releases,
    g: w.granularityUs,
    factors: computeFactors(scenario, layout),
    wake: scenario.job.waitMode === 'block' ? scenario.job.wakeupUs : 0,
    block: scenario.job.waitMode === 'block',
  };
  const L = collectiveLatency(scenario.machine.collective, layout.nodes, P);

  // Step 2: the chosen nodes, recorded.
  const maxNodes = Math.min(limits.nodes, layout.nodes);
  const wanted =
    options.nodes !== undefined
      ? [...new Set(options.nodes.filter((x) => Number.isInteger(x) && x >= 0 && x < layout.nodes))]
          .slice(0, maxNodes)
          .sort((p, q) => p - q)
      : pickNodes(
          scenario,
          layout,
          byLateness(lastNode, lastFinishUs, releases, from),
          Math.min(maxNodes, clampInt(options.autoNodes ?? 8, 1, maxNodes)),
        );
  const nodes: TraceNode[] = wanted.map((x) => {
    const rec: Recorder = {
      from,
      to,
      start: new Float64Array(iterations * C),
      finish: new Float64Array(iterations * C),
      events: Array.from({ length: C }, () => []),
    };
    replayNode(replay, x, rec);
    let lanes: TraceLane[] = [];
    for (let c = 0; c < C; c++) {
      const slot = layout.coreSlot[c];
      if (slot < 0) continue;
      const startUs: number[] = [];
      const finishUs: number[] = [];
      for (let q = 0; q < iterations; q++) {
        startUs.push(rec.start[q * C + c]);
        finishUs.push(rec.finish[q * C + c]);
      }
      lanes.push({
        core: c,
        slot,
        startUs,
        finishUs,
        segments: laneSegments(releases, from, to, startUs, finishUs, rec.events[c]),
        events: rec.events[c].filter((ev) => ev.endUs > releases[from] && ev.runUs < releases[to]),
      });
    }
    if (lanes.length > limits.lanes) {
      // Keep the cores that arrived latest in the window (the ones that matter), in core order.
      const latest = (l: TraceLane) =>
        Math.max(...l.finishUs.map((f, q) => f - releases[from + q]));
      lanes = [...lanes]
        .sort((p, q) => latest(q) - latest(p) || p.core - q.core)
        .slice(0, limits.lanes)
        .sort((p, q) => p.core - q.core);
    }
    const nodeId = layout.nodeIds[x];
    return { node: x, nodeId, offset: nodeId % layout.clusterSize, lanes };
  });

  return {
    firstIteration: from,
    iterations,
    releases: releases.slice(from),
    lastNode,
    lastNodeId: lastNode.map((x) => layout.nodeIds[x]),
    lastSlot,
    lastFinishUs,
    granularityUs: w.granularityUs,
    collectiveUs: L,
    wakeupUs: replay.wake,
    jobNodes: layout.nodes,
    ranksPerNode: P,
    nodes,
  };
}
