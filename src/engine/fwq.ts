// Fixed Work Quanta (model.md §6; the Jaguar paper's Figure 1): on one node,
// a process on every core performs work w over and over with no
// synchronisation; sample j's time is w plus the pauses of §3 during it.
// With no waiting there are no freezes: every event pauses the quantum in
// progress on the core it lands on. Cost follows the events: the quanta
// between two events are exactly w and are recorded without simulation.
import { meanDurationUs, meanGapUs } from '../scenario/cost.ts';
import { MAX_NOISE_EVENTS } from '../scenario/limits.ts';
import type { NoiseSource, Scenario } from '../scenario/types.ts';
import type { Layout } from './layout.ts';
import { NoiseTable } from './noise-table.ts';
import { anyCore, queueStart } from './event-rule.ts';
import { computeFactors } from './slow-nodes.ts';
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
  /** µs a quantum takes on this node without noise: the work, × its compute factor on a slow
   * node (docs/slow-nodes.md) */
  workUs: number;
  cores: FwqCore[];
  noiseEvents: number;
}

/** Most quanta a run may hold over all cores (Float64, 8 bytes each: 64 MiB). */
export const MAX_FWQ_QUANTA = 8_388_608;

/** Share of machine node `node` a source covers: 1, 0, or p for a `fraction`. */
function coverage(source: NoiseSource, node: number, clusterSize: number): number {
  const p = source.placement;
  switch (p.kind) {
    case 'all':
      return 1;
    case 'clusterOffsets':
      return p.offsets.includes(node % clusterSize) ? 1 : 0;
    case 'nodes':
      return p.ids.includes(node) ? 1 : 0;
    case 'fraction':
      return p.p;
  }
}

/**
 * Why these options cannot run on this scenario, or null: a node that does
 * not exist, more quanta than fit in memory, a core that the node's noise
 * keeps busy all the time (FWQ runs on every core, reserved ones included,
 * so a quantum there would never finish), or more than MAX_NOISE_EVENTS
 * events to simulate. Callers (CLI, worker) refuse such a run up front.
 */
export function fwqProblem(scenario: Scenario, opts: FwqOptions): string | null {
  const C = scenario.machine.coresPerNode;
  const { workUs, samples } = opts;
  if (!(workUs > 0 && workUs < Infinity)) return `work per quantum ${workUs} µs: must be > 0`;
  if (!(Number.isInteger(samples) && samples >= 1))
    return `samples ${samples}: must be an integer ≥ 1`;
  if (samples * C > MAX_FWQ_QUANTA) {
    return (
      `${samples} samples on ${C} cores is ${samples * C} quanta to hold; ` +
      `allowed: at most ${Math.floor(MAX_FWQ_QUANTA / C)} per core on this machine`
    );
  }
  const node = opts.node ?? firstJobNode(scenario);
  if (!(Number.isInteger(node) && node >= 0 && node < scenario.machine.nodes)) {
    return `node ${node} is out of range; allowed: 0..${scenario.machine.nodes - 1}`;
  }
  const loads = new Array<number>(C).fill(0);
  let rate = 0; // events per µs on this node
  for (const source of scenario.noise) {
    if (!source.enabled) continue;
    const share = coverage(source, node, scenario.machine.clusterSize);
    if (share === 0) continue;
    const rho = meanDurationUs(source.duration) / meanGapUs(source);
    if (source.cpu === 'any') for (let c = 0; c < C; c++) loads[c] += rho / C;
    else loads[source.cpu] += rho;
    rate += share / meanGapUs(source);
  }
  let worst = 0;
  for (let c = 1; c < C; c++) if (loads[c] > loads[worst]) worst = c;
  if (loads[worst] >= 1) {
    return (
      `the enabled noise on node ${node} would keep core ${worst} busy ` +
      `${Math.round(loads[worst] * 100)}% of the time, so its quanta would never finish; ` +
      'disable or shorten a source pinned there'
    );
  }
  // The slowest core stretches w by 1/(1 − ρ); events arrive over that whole span.
  const events = (rate * samples * workUs) / (1 - loads[worst]);
  if (events > MAX_NOISE_EVENTS) {
    return (
      `about ${events.toExponential(1)} noise events to simulate (samples × work); ` +
      `allowed: at most ${MAX_NOISE_EVENTS.toExponential(1)}. Use fewer samples or less work per quantum`
    );
  }
  return null;
}

export function runFwq(scenario: Scenario, opts: FwqOptions): FwqResult {
  const problem = fwqProblem(scenario, opts);
  if (problem) throw new Error(`fwq: ${problem}`);
  const C = scenario.machine.coresPerNode;
  const nodeId = opts.node ?? firstJobNode(scenario);
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
  // On a slow node a quantum's work takes computeFactor times as long (docs/slow-nodes.md).
  const w = opts.workUs * (computeFactors(scenario, layout)?.[0] ?? 1);
  const samples = Array.from({ length: C }, () => new Float64Array(N));
  const done = new Int32Array(C); // quanta recorded per core
  const start = new Float64Array(C); // µs: start of the quantum in progress
  const finish = new Float64Array(C).fill(w); // µs: its provisional end
  // µs the quantum in progress was paused: its sample is w plus this (§6), not finish − start,
  // which at a large start loses the low bits (1,949.99999999999 for w = 1,950)
  const paused = new Float64Array(C);
  const busy = new Float64Array(C);
  const cand = new Int32Array(C); // scratch of anyCore
  const ent = noise.ent;
  const rs = noise.rowStart[0];
  const re = noise.rowStart[1];
  let events = 0;

  // Record core c's quanta that end by time a (all of them when a = ∞).
  const settle = (c: number, a: number) => {
    while (done[c] < N && finish[c] <= a) {
      samples[c][done[c]++] = w + paused[c];
      paused[c] = 0;
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
    const d = noise.durationOf(j, nodeId, ev);
    // Which core (§3, event-rule.ts), every core running a process that never waits: pinned,
    // else a random core whose queue is empty, else the one whose queue ends first.
    let core = noise.pinnedCore[j];
    if (core < 0) {
      core = anyCore(
        s,
        C,
        C,
        busy,
        0,
        1,
        layout.coreSlot,
        0,
        layout.slotCore,
        0,
        false,
        false,
        false,
        finish,
        0,
        false,
        cand,
        noise.victimKey[j],
        nodeId,
        ev,
      );
    }
    const a = queueStart(busy[core], s);
    busy[core] = a + d;
    events++;
    noise.advance(e, 0);
    settle(core, a);
    if (done[core] < N) {
      finish[core] += d; // the quantum in progress at a is paused
      paused[core] += d;
    }
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
