// Fixed Work Quanta (model.md §6; the Jaguar paper's Figure 1): on one node,
// a process on every core performs work w over and over with no
// synchronisation; sample j's time is w plus the pauses of §3 during it.
// With no waiting there are no freezes: every event pauses the quantum in
// progress on the core it lands on. Cost follows the events: the quanta
// between two events are exactly w and are recorded without simulation.
import type { Scenario } from '../scenario/types.ts';
import { DurationKind, sampleDuration } from './durations.ts';
import type { Layout } from './layout.ts';
import { NoiseTable } from './noise-table.ts';
import { uniformAt3 } from './random.ts';
import { kurtosis, mean, sampleSd } from './stats.ts';

// Copies of noise-table.ts's entry layout: module-local constants are
// folded, imported bindings are not in unbundled modules (see barrier-run.ts).
const E_TIME = 0;
const E_COUNT = 1;
const E_SOURCE = 3;
const ENTRY_STRIDE = 4;

export interface FwqOptions {
  /** machine node id to measure (default: the job's first node) */
  node?: number;
  /** µs of work per quantum */
  workUs: number;
  /** quanta per core */
  samples: number;
}

export interface FwqCore {
  core: number;
  /** µs, one per quantum, in order */
  samples: Float64Array;
  meanUs: number;
  sdUs: number;
  minUs: number;
  maxUs: number;
  /** Σ(x − x̄)⁴ / ((n − 1) s⁴); null when every sample is equal */
  kurtosis: number | null;
  /** µs of noise absorbed: Σ samples − n·w */
  overheadUs: number;
}

export interface FwqResult {
  node: number;
  workUs: number;
  cores: FwqCore[];
  noiseEvents: number;
}

export function runFwq(scenario: Scenario, opts: FwqOptions): FwqResult {
  const C = scenario.machine.coresPerNode;
  const nodeId = opts.node ?? firstJobNode(scenario);
  const w = opts.workUs;
  const N = opts.samples;
  // One node, a process on every core.
  const layout: Layout = {
    nodes: 1,
    clusterSize: scenario.machine.clusterSize,
    cores: C,
    ranksPerNode: C,
    ranks: C,
    nodeIds: Int32Array.of(nodeId),
    coreSlot: Int32Array.from({ length: C }, (_, c) => c),
    slotCore: Int32Array.from({ length: C }, (_, c) => c),
  };
  const noise = new NoiseTable(scenario, layout);
  const samples = Array.from({ length: C }, () => new Float64Array(N));
  const done = new Int32Array(C); // quanta recorded per core
  const start = new Float64Array(C); // µs: start of the quantum in progress
  const finish = new Float64Array(C).fill(w); // µs: its provisional end
  const busy = new Float64Array(C);
  const ent = noise.ent;
  const rs = noise.rowStart[0];
  const re = noise.rowStart[1];
  let events = 0;

  // Record core c's quanta that end by time a (all of them when a = ∞).
  const settle = (c: number, a: number) => {
    while (done[c] < N && finish[c] <= a) {
      samples[c][done[c]++] = finish[c] - start[c];
      start[c] = finish[c];
      finish[c] = start[c] + w;
      if (w > 0 && a !== Infinity) {
        // Quanta no event touches are exactly w: skip them arithmetically.
        const m = Math.min(N - done[c], Math.floor((a - finish[c]) / w) + 1);
        if (m > 0) {
          samples[c].fill(w, done[c], done[c] + m);
          done[c] += m;
          start[c] += m * w;
          finish[c] = start[c] + w;
        }
      }
    }
  };

  for (;;) {
    let e = -1;
    let s = Infinity;
    // Earliest pending event; ties go to the source first in scenario order.
    for (let q = rs; q < re; q++) {
      const tq = ent[q * ENTRY_STRIDE + E_TIME];
      if (
        tq < s ||
        (tq === s && e >= 0 && ent[q * ENTRY_STRIDE + E_SOURCE] < ent[e * ENTRY_STRIDE + E_SOURCE])
      ) {
        s = tq;
        e = q;
      }
    }
    let all = true;
    for (let c = 0; c < C; c++) {
      settle(c, s);
      if (done[c] < N) all = false;
    }
    if (all || e < 0) break;
    const j = ent[e * ENTRY_STRIDE + E_SOURCE];
    const ev = ent[e * ENTRY_STRIDE + E_COUNT];
    const d =
      noise.durKind[j] === DurationKind.Fixed
        ? noise.durP1[j]
        : sampleDuration(
            noise.durKind[j] as DurationKind,
            noise.durP1[j],
            noise.durP2[j],
            noise.durationKey[j],
            nodeId,
            ev,
          );
    let core = noise.pinnedCore[j];
    if (core < 0) {
      // §3 with every core running a process that never waits: a random
      // core whose queue is empty, else the one whose queue ends first.
      let free = 0;
      for (let c = 0; c < C; c++) if (busy[c] <= s) free++;
      if (free > 0) {
        let pick = Math.floor(uniformAt3(noise.victimKey[j], nodeId, ev) * free);
        for (let c = 0; c < C && core < 0; c++) if (busy[c] <= s && pick-- === 0) core = c;
      } else {
        core = 0;
        for (let c = 1; c < C; c++) if (busy[c] < busy[core]) core = c;
      }
    }
    const a = Math.max(s, busy[core]);
    busy[core] = a + d;
    events++;
    noise.advance(e, 0);
    settle(core, a);
    if (done[core] < N) finish[core] += d; // the quantum in progress at a is paused
  }
  for (let c = 0; c < C; c++) settle(c, Infinity);

  return {
    node: nodeId,
    workUs: w,
    noiseEvents: events,
    cores: samples.map((x, c) => {
      let min = Infinity;
      let max = -Infinity;
      let sum = 0;
      for (const v of x) {
        if (v < min) min = v;
        if (v > max) max = v;
        sum += v;
      }
      return {
        core: c,
        samples: x,
        meanUs: mean(x),
        sdUs: sampleSd(x),
        minUs: min,
        maxUs: max,
        kurtosis: kurtosis(x),
        overheadUs: sum - N * w,
      };
    }),
  };
}

function firstJobNode(s: Scenario): number {
  const excluded = new Set(s.job.excludeOffsets);
  for (let id = 0; id < s.machine.nodes; id++) {
    if (!excluded.has(id % s.machine.clusterSize)) return id;
  }
  return 0;
}
