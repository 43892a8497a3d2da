// The noise sources of a run laid out per job node (model.md §2): for every
// (node, source) pair the source covers, the start time of its next event.
// Entries sit in one CSR table, node-major and in scenario order within a
// node, so a node's pending events are a short contiguous run to merge.
//
// Event k of a source on a node takes its randomness (duration, Poisson gap,
// victim core) from the counter-based hash of (source key, node id, k): the
// order in which nodes are processed cannot change a result, and a node keeps
// its noise whatever the job size or the other sources.
import { rankCores } from '../scenario/cost.ts';
import type { Placement, Scenario } from '../scenario/types.ts';
import { durationParams, sampleDuration, type DurationKind } from './durations.ts';
import type { Layout } from './layout.ts';
import { deriveSeed, hashString, uniformAt, uniformAt3 } from './random.ts';
import { presentInRun, timingKey } from './presence.ts';
import type { RunLimit } from './run-limit.ts';

/** Salts for a source's independent random streams. */
const SALT_PHASE = 1;
const SALT_MEMBER = 2;
const SALT_DURATION = 3;
const SALT_VICTIM = 4;
const SALT_GAP = 5;
const SALT_COMMON = 6; // a phase window's common instant (docs/noise-timing.md)
const SALT_OCCUR = 8; // which periods of an eventProbability source have an event (7: presence.ts)

/** Fields of a packed entry (NoiseTable.ent), and its stride. */
export const E_TIME = 0;
export const E_COUNT = 1;
export const E_PHASE = 2;
export const E_SOURCE = 3;
export const ENTRY_STRIDE = 4;

export class NoiseTable {
  /** per enabled source, in scenario order */
  readonly sources: number; // count
  readonly scenarioIndex: Int32Array;
  readonly periodic: Uint8Array;
  readonly periodUs: Float64Array;
  /** -1 for cpu "any", else the pinned core */
  readonly pinnedCore: Int32Array;
  readonly durKind: Uint8Array;
  readonly durP1: Float64Array;
  readonly durP2: Float64Array;
  /** µs: the longest an event can last (fixed, uniform), +∞ for an unbounded law */
  readonly durMax: Float64Array;
  readonly durationKey: Uint32Array;
  readonly victimKey: Uint32Array;
  readonly gapKey: Uint32Array;
  /**
   * Per source: q of a thinned periodic source (eventProbability < 1; docs/noise-timing.md), 1
   * for every other, and the key of its per-period draws. The periods with an event are the same
   * on every node.
   */
  readonly occurP: Float64Array;
  readonly occurKey: Uint32Array;
  /** whether any source is thinned: the dense paths, which step periods themselves, then stay off */
  readonly thinned: boolean;
  /** per job node x: its entries are [rowStart[x], rowStart[x + 1]) */
  readonly rowStart: Int32Array;
  /**
   * Within a row, entries are grouped in lanes, in scenario order within a
   * lane: lane c < C holds the sources pinned to core c, lane C those with
   * cpu "any". Lane c of node x is [laneStart[x·(C+1) + c], laneStart[x·(C+1) + c + 1]).
   */
  readonly laneStart: Int32Array;
  readonly lanes: number; // C + 1
  /**
   * Per lane c (a core, or C for cpu "any"): 1 when every job node, in the range or not, has
   * exactly one source on it. Decided over the whole job, so every part of a split run decides
   * alike (bulk-lanes.ts).
   */
  readonly laneEverywhere: Uint8Array;
  /** Events per µs the whole job's nodes expect of every source, and of the cpu "any" ones. */
  jobEventsPerUs = 0;
  jobAnyEventsPerUs = 0;
  /**
   * Per entry e, packed at e·ENTRY_STRIDE so that one node's entries share a
   * few cache lines: next event start (µs), k (index of that event on the
   * node), phase (µs, periodic sources) and local source index.
   */
  readonly ent: Float64Array;
  /** the job nodes [lo, hi) that have entries */
  readonly lo: number;
  readonly hi: number;
  /** machine node id per job node, for the hash keys */
  private readonly nodeIds: Int32Array;
  /** per enabled source, its label, for a stopped run's message */
  private readonly labels: string[];
  /** per enabled source: 1 if it can pause or freeze a rank (cpu "any", or a rank's core); an
   * event on a reserved or idle core delays nobody, however long */
  private readonly delaysRanks: Uint8Array;
  /**
   * The run's bound (run-limit.ts), set by the run that owns the table: a drawn event longer
   * than the whole run may last stops the run at once. Within one iteration such an event
   * would make every other event on its node's queue, or in the wait it causes, be applied one
   * by one before any check between iterations.
   */
  limit: RunLimit | null = null;

  /**
   * @param lo, hi only job nodes [lo, hi) get entries (a part of a partitioned run builds its
   * own range only); the others have none, as a node no source covers.
   */
  constructor(scenario: Scenario, layout: Layout, lo = 0, hi = layout.nodes) {
    const enabled: number[] = [];
    // A source absent from this run (runProbability, presence.ts) has no events, as if off.
    scenario.noise.forEach(
      (src, k) => src.enabled && presentInRun(src, scenario.seed) && enabled.push(k),
    );
    const S = enabled.length;
    this.sources = S;
    this.scenarioIndex = Int32Array.from(enabled);
    this.periodic = new Uint8Array(S);
    this.periodUs = new Float64Array(S);
    this.pinnedCore = new Int32Array(S);
    this.durKind = new Uint8Array(S);
    this.durP1 = new Float64Array(S);
    this.durP2 = new Float64Array(S);
    this.durMax = new Float64Array(S);
    this.durationKey = new Uint32Array(S);
    this.victimKey = new Uint32Array(S);
    this.gapKey = new Uint32Array(S);
    this.occurP = new Float64Array(S).fill(1);
    this.occurKey = new Uint32Array(S);
    this.nodeIds = layout.nodeIds;
    this.labels = enabled.map((k) => scenario.noise[k].label || scenario.noise[k].id);
    const ranked = new Set(rankCores(scenario));
    this.delaysRanks = Uint8Array.from(enabled, (k) => {
      const cpu = scenario.noise[k].cpu;
      return cpu === 'any' || ranked.has(cpu) ? 1 : 0;
    });
    this.lo = lo;
    this.hi = hi;
    const n = layout.nodes;
    const covered: Int32Array[] = [];
    const C = layout.cores;
    const W = C + 1;
    this.lanes = W;
    const laneCount = new Int32Array(n * W);
    // The same count over every job node, whatever the range (laneEverywhere).
    const everyCount = new Int32Array(n * W);
    const laneOf: number[] = [];
    const phaseKeys: number[] = [];
    /** per source: the common instant of its phase window, µs (NaN: no window) */
    const common: number[] = [];
    for (let j = 0; j < S; j++) {
      const src = scenario.noise[enabled[j]];
      // Keyed by the source's id, not its position: adding, removing or
      // toggling another source leaves this one's events as they were.
      const key = hashString(src.id);
      // A group's parts draw their phase and nodes from the group (docs/noise-timing.md).
      const timing = timingKey(src);
      const seed = scenario.seed;
      this.periodic[j] = src.arrival === 'periodic' ? 1 : 0;
      this.periodUs[j] = src.periodUs;
      this.pinnedCore[j] = src.cpu === 'any' ? -1 : src.cpu;
      const dp = durationParams(src.duration);
      this.durKind[j] = dp.kind;
      this.durP1[j] = dp.p1;
      this.durP2[j] = dp.p2;
      const d = src.duration;
      this.durMax[j] = d.dist === 'fixed' ? d.valueUs : d.dist === 'uniform' ? d.maxUs : Infinity;
      this.durationKey[j] = deriveSeed(seed, key, SALT_DURATION);
      this.victimKey[j] = deriveSeed(seed, key, SALT_VICTIM);
      this.gapKey[j] = deriveSeed(seed, key, SALT_GAP);
      if (src.eventProbability !== undefined && src.eventProbability < 1) {
        this.occurP[j] = src.eventProbability;
        this.occurKey[j] = deriveSeed(seed, timing, SALT_OCCUR);
      }
      phaseKeys.push(deriveSeed(seed, timing, SALT_PHASE));
      common.push(
        src.phaseWindowUs === undefined
          ? NaN
          : uniformAt(deriveSeed(seed, timing, SALT_COMMON), 0) * src.periodUs,
      );
      const nodes = placementNodes(src.placement, layout, deriveSeed(seed, timing, SALT_MEMBER));
      covered.push(nodes);
      const lane = src.cpu === 'any' ? C : src.cpu;
      laneOf.push(lane);
      for (const x of nodes) {
        if (x >= lo && x < hi) laneCount[x * W + lane]++;
        everyCount[x * W + lane]++;
      }
      const perUs = (nodes.length * this.occurP[j]) / src.periodUs;
      this.jobEventsPerUs += perUs;
      if (src.cpu === 'any') this.jobAnyEventsPerUs += perUs;
    }
    this.laneEverywhere = new Uint8Array(W);
    for (let c = 0; c < W; c++) {
      let every = 1;
      for (let x = 0; x < n && every === 1; x++) if (everyCount[x * W + c] !== 1) every = 0;
      this.laneEverywhere[c] = every;
    }
    this.thinned = this.occurP.some((q) => q < 1);
    this.laneStart = new Int32Array(n * W + 1);
    for (let q = 0; q < n * W; q++) this.laneStart[q + 1] = this.laneStart[q] + laneCount[q];
    this.rowStart = new Int32Array(n + 1);
    for (let x = 0; x <= n; x++) this.rowStart[x] = this.laneStart[x * W];
    const E = this.rowStart[n];
    const ent = new Float64Array(E * ENTRY_STRIDE);
    this.ent = ent;
    const fill = this.laneStart.slice(0, n * W);
    for (let j = 0; j < S; j++) {
      const src = scenario.noise[enabled[j]];
      for (const x of covered[j]) {
        if (x < lo || x >= hi) continue;
        const o = fill[x * W + laneOf[j]]++ * ENTRY_STRIDE;
        ent[o + E_SOURCE] = j;
        if (this.periodic[j]) {
          const u = uniformAt(phaseKeys[j], layout.nodeIds[x]);
          const phi =
            src.phase === 'aligned'
              ? src.phaseOffsetUs
              : partPhase(
                  src.phaseWindowUs === undefined
                    ? u * src.periodUs // model.md §2
                    : windowPhase(common[j], u, src.phaseWindowUs, src.periodUs),
                  src.phaseOffsetUs,
                  src.periodUs,
                );
          const k0 = this.occurP[j] < 1 ? this.nextPeriod(j, -1) : 0;
          ent[o + E_PHASE] = phi;
          ent[o + E_COUNT] = k0;
          ent[o + E_TIME] = phi + k0 * src.periodUs;
        } else {
          ent[o + E_TIME] = this.poissonGap(j, layout.nodeIds[x], 0);
        }
      }
    }
  }

  /** True when node x has a source with cpu "any" (its cores then interact). */
  hasAny(x: number): boolean {
    return this.laneStart[x * this.lanes + this.lanes - 1] < this.rowStart[x + 1];
  }

  /** Earliest next event start among all entries (µs), +∞ if none. */
  earliest(x: number): number {
    let best = Infinity;
    const ent = this.ent;
    for (let e = this.rowStart[x]; e < this.rowStart[x + 1]; e++) {
      const t = ent[e * ENTRY_STRIDE + E_TIME];
      if (t < best) best = t;
    }
    return best;
  }

  /** Consume entry e's event: move it to the source's next event on that node. */
  advance(e: number, x: number): void {
    const o = e * ENTRY_STRIDE;
    const ent = this.ent;
    const j = ent[o + E_SOURCE];
    // `thinned` first: a run without such a source reads no per-source array here
    if (this.thinned && this.occurP[j] < 1) {
      const k = this.nextPeriod(j, ent[o + E_COUNT]);
      ent[o + E_COUNT] = k;
      ent[o + E_TIME] = ent[o + E_PHASE] + k * this.periodUs[j];
      return;
    }
    const k = ent[o + E_COUNT] + 1;
    ent[o + E_COUNT] = k;
    if (this.periodic[j]) ent[o + E_TIME] = ent[o + E_PHASE] + k * this.periodUs[j];
    else ent[o + E_TIME] += this.poissonGap(j, this.nodeIds[x], k);
  }

  /**
   * Every row as a heap (siftRow), built bottom-up: for a run that reads a node's next event
   * at its row's start and sifts the entry it moved (visit-merged.ts with NodeState.rowHeap).
   * Not for runs that find a lane's entry by its place (dense-loop.ts, idle-leap.ts).
   */
  heapifyRows(): void {
    const C = this.lanes - 1;
    const heapEnd = new Int32Array(this.rowStart.length - 1);
    const ent = this.ent;
    const row: number[] = [];
    const ticks: number[] = [];
    for (let x = 0; x + 1 < this.rowStart.length; x++) {
      const rs = this.rowStart[x];
      const re = this.rowStart[x + 1];
      // Each core's tick (its most frequent, if it has several) goes to the row's end, out of
      // the heap; every other entry keeps its order before it.
      row.length = 0;
      ticks.length = 0;
      for (let c = 0; c <= C; c++) {
        const ls = this.laneStart[x * (C + 1) + c];
        const le = this.laneStart[x * (C + 1) + c + 1];
        let pick = -1;
        for (let e = ls; c < C && e < le; e++) {
          const j = ent[e * ENTRY_STRIDE + E_SOURCE];
          if (!this.isTick(j)) continue;
          if (pick < 0 || this.periodUs[j] < this.periodUs[ent[pick * ENTRY_STRIDE + E_SOURCE]]) {
            pick = e;
          }
        }
        for (let e = ls; e < le; e++) (e === pick ? ticks : row).push(e);
      }
      const order = row.concat(ticks);
      const copy = ent.slice(rs * ENTRY_STRIDE, re * ENTRY_STRIDE);
      order.forEach((e, q) => {
        for (let f = 0; f < ENTRY_STRIDE; f++) {
          ent[(rs + q) * ENTRY_STRIDE + f] = copy[(e - rs) * ENTRY_STRIDE + f];
        }
      });
      heapEnd[x] = rs + row.length;
      const n = row.length;
      for (let i = (n >> 1) - 1; i >= 0; i--) siftRow(ent, rs, n, i);
    }
    this.heapEnd = heapEnd;
  }

  /**
   * Set by heapifyRows: per job node x, its row's heap is [rowStart[x], heapEnd[x]); the entries
   * after it are ticks, at most one per core (`isTick`), which a visit reads apart from the heap
   * (visit-merged.ts): an arrived rank's ticks are counted in one step instead of one by one.
   */
  heapEnd: Int32Array | null = null;

  /**
   * Whether source j is a tick a visit may count apart: pinned to a core, periodic with an event
   * every period, and every event over before the next (durMax < period). One tick then never
   * queues behind its predecessor, and once the core's queue is empty when one starts, it is
   * empty when each of the following ones starts.
   */
  isTick(j: number): boolean {
    return (
      this.pinnedCore[j] >= 0 &&
      this.periodic[j] === 1 &&
      this.occurP[j] === 1 &&
      this.durMax[j] < this.periodUs[j]
    );
  }

  /**
   * The next period index after k (k = −1: the first) in which thinned source j has an event: k
   * plus a geometric gap G ≥ 1 of parameter q, G = 1 + ⌊ln(1 − U)/ln(1 − q)⌋ with U drawn from
   * (the source's key, k + 1). Each period then has an event with probability q, independently
   * (the gaps of a Bernoulli sequence), and the same periods on every node, since the draws
   * depend on k alone. q = 0: none, ever (+∞).
   */
  nextPeriod(j: number, k: number): number {
    const q = this.occurP[j];
    if (!(q > 0)) return Infinity;
    const u = uniformAt(this.occurKey[j], k + 1);
    return k + 1 + Math.floor(Math.log(1 - u) / Math.log(1 - q));
  }

  /**
   * Events of entry e (on node x) that start before `bound` (µs), its pending one included,
   * counted without moving the entry: the events a visit would still meet before the bound.
   * Periodic sources in closed form (in advance's arithmetic), Poisson ones by walking their gaps.
   */
  countBefore(e: number, x: number, bound: number): number {
    const o = e * ENTRY_STRIDE;
    const ent = this.ent;
    let t = ent[o + E_TIME];
    if (!(t < bound)) return 0;
    const j = ent[o + E_SOURCE];
    const k0 = ent[o + E_COUNT];
    if (this.thinned && this.occurP[j] < 1) {
      // Thinned: walk the periods that have an event.
      const phase = ent[o + E_PHASE];
      const T = this.periodUs[j];
      let n = 0;
      for (let k = k0; phase + k * T < bound; k = this.nextPeriod(j, k)) n++;
      return n;
    }
    if (this.periodic[j]) {
      // The first k > k0 with phase + k·T ≥ bound.
      const phase = ent[o + E_PHASE];
      const T = this.periodUs[j];
      let k = Math.max(k0 + 1, Math.ceil((bound - phase) / T));
      while (k > k0 + 1 && phase + (k - 1) * T >= bound) k--;
      while (phase + k * T < bound) k++;
      return k - k0;
    }
    let n = 0;
    for (let k = k0; t < bound; n++) t += this.poissonGap(j, this.nodeIds[x], ++k);
    return n;
  }

  /** Gap before event k of a Poisson source on a node: exponential, mean T. */
  private poissonGap(j: number, nodeId: number, k: number): number {
    return -this.periodUs[j] * Math.log(1 - uniformAt3(this.gapKey[j], nodeId, k));
  }

  /**
   * Duration (µs) of source j's event k on the machine node `nodeId`:
   * fixed, or drawn from the event's own coordinates.
   */
  durationOf(j: number, nodeId: number, k: number): number {
    const d =
      this.durKind[j] === 0
        ? this.durP1[j]
        : sampleDuration(
            this.durKind[j] as DurationKind,
            this.durP1[j],
            this.durP2[j],
            this.durationKey[j],
            nodeId,
            k,
          );
    if (this.limit !== null && d > this.limit.maxTimeUs && this.delaysRanks[j]) {
      this.limit.longEvent(this.labels[j], d);
    }
    return d;
  }

  /** Machine node id of job node x. */
  nodeId(x: number): number {
    return this.nodeIds[x];
  }
}

/** φ(x) = (φ₀ + u(x)·W) mod T, in [0, T) (docs/noise-timing.md). */
export function windowPhase(common: number, u: number, windowUs: number, periodUs: number): number {
  const phi = common + u * windowUs;
  return phi >= periodUs ? phi - periodUs : phi;
}

/**
 * A random phase delayed by a group part's offset (0 outside a group, where the validator refuses
 * any other), wrapped into [0, T): the part starts `offsetUs` after its group's instant every
 * period, the first time included even when that instant fell before time 0
 * (docs/noise-timing.md).
 */
export function partPhase(phi: number, offsetUs: number, periodUs: number): number {
  const t = phi + offsetUs;
  return t >= periodUs ? t - periodUs : t;
}

/**
 * Job node indices in a placement (a source's, or machine.slowNodes'), in job order. A
 * `fraction` placement draws membership per machine node id (counter-based), so a node keeps it
 * whatever the job size.
 */
export function placementNodes(p: Placement, layout: Layout, memberKey: number): Int32Array {
  const ids = layout.nodeIds;
  const out = new Int32Array(layout.nodes);
  let m = 0;
  switch (p.kind) {
    case 'all':
      for (let x = 0; x < layout.nodes; x++) out[m++] = x;
      break;
    case 'clusterOffsets': {
      const offs = new Set(p.offsets);
      for (let x = 0; x < layout.nodes; x++) {
        if (offs.has(ids[x] % layout.clusterSize)) out[m++] = x;
      }
      break;
    }
    case 'nodes': {
      const want = new Set(p.ids);
      for (let x = 0; x < layout.nodes; x++) if (want.has(ids[x])) out[m++] = x;
      break;
    }
    case 'fraction':
      for (let x = 0; x < layout.nodes; x++) if (uniformAt(memberKey, ids[x]) < p.p) out[m++] = x;
      break;
  }
  return out.slice(0, m);
}

/**
 * Sifts the entry at heap index i of the row of `ent` starting at rs (n entries) down to its place:
 * the earlier event first, then the source first in scenario order. A row kept as such a
 * min-heap has its node's next event at its start (model.md §3's order: start time, then
 * scenario order; a node has one entry per source, so the order is total), found without a
 * scan of the row; an entry carries its own source, count and phase, so where it sits changes
 * no draw.
 */
export function siftRow(ent: Float64Array, rs: number, n: number, i: number): void {
  const ao = (rs + i) * ENTRY_STRIDE;
  const ka = ent[ao + E_TIME];
  const ca = ent[ao + E_COUNT];
  const pa = ent[ao + E_PHASE];
  const sa = ent[ao + E_SOURCE];
  for (;;) {
    let child = 2 * i + 1;
    if (child >= n) break;
    let bo = (rs + child) * ENTRY_STRIDE;
    let kb = ent[bo + E_TIME];
    let sb = ent[bo + E_SOURCE];
    if (child + 1 < n) {
      const co = bo + ENTRY_STRIDE;
      const kc = ent[co + E_TIME];
      const sc = ent[co + E_SOURCE];
      if (kc < kb || (kc === kb && sc < sb)) {
        child++;
        bo = co;
        kb = kc;
        sb = sc;
      }
    }
    if (!(kb < ka || (kb === ka && sb < sa))) break;
    const io = (rs + i) * ENTRY_STRIDE;
    ent[io + E_TIME] = kb;
    ent[io + E_COUNT] = ent[bo + E_COUNT];
    ent[io + E_PHASE] = ent[bo + E_PHASE];
    ent[io + E_SOURCE] = sb;
    i = child;
  }
  const io = (rs + i) * ENTRY_STRIDE;
  ent[io + E_TIME] = ka;
  ent[io + E_COUNT] = ca;
  ent[io + E_PHASE] = pa;
  ent[io + E_SOURCE] = sa;
}
