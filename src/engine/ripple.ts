// The ripple view's data: the same delay run through a halo exchange and through a barrier on a
// small 2-D grid of ranks (a few hundred, one cell each on screen), every rank's release from
// every iteration recorded. A rank's lateness is its release minus the release the same run
// without noise gives it (on a torus without wake-ups (i + 1)(g + L), L that exchange's noiseless
// cost: docs/workloads.md §7, model.md §4). The delay is one noise event on the grid's middle
// rank halfway through its CPU work of iteration 2 before it sends (or over its start, when it
// has no such work), or the scenario's own noise;
// both runs are PhaseRuns of the same machine, job shape and seed.
import { nodesLeftAfterExclusion } from '../scenario/validate-machine.ts';
import { gridSides, mostNeighbours } from '../scenario/grid.ts';
import { messageCostUs } from '../scenario/phases.ts';
import type { NoiseSource, Scenario, Workload } from '../scenario/types.ts';
import { buildLayout } from './layout.ts';
import { PhaseRun } from './phase-run.ts';

export interface RippleOptions {
  /** the delay: one event on the middle rank ('one'), or the scenario's own noise */
  noise: 'one' | 'scenario';
  /** µs: the one event's length */
  eventUs: number;
  /** iterations to run and show */
  iterations: number;
  /** about this many ranks (the grid is the squarest near it) */
  ranks: number;
}

export const RIPPLE_DEFAULTS: RippleOptions = {
  noise: 'one',
  eventUs: 1000,
  iterations: 24,
  ranks: 384,
};

/** One exchange's run: how late every rank is released from every iteration. */
export interface RippleRun {
  /** µs: lateness of rank r after iteration i at [i·ranks + r] */
  lateUs: Float64Array;
  /** µs: the noiseless iteration, g + L */
  iterationUs: number;
  /** µs: Δ_i, the iteration times as the run reports them */
  durationsUs: Float64Array;
}

export interface Ripple {
  /** the grid's sides: rows × columns (ranks are numbered row by row) */
  sides: [number, number];
  ranks: number;
  nodes: number;
  ranksPerNode: number;
  iterations: number;
  /** µs of compute per iteration */
  granularityUs: number;
  /** µs: one halo message; the barrier's noiseless latency */
  messageUs: number;
  barrierUs: number;
  /** the rank hit by the one event and the iteration it hits (null: the scenario's noise) */
  hitRank: number | null;
  hitIteration: number | null;
  halo: RippleRun;
  barrier: RippleRun;
}

/** The iteration whose compute the one event hits. */
export const HIT_ITERATION = 2;
/** µs: how long before the hit rank's start the one event begins when there is no CPU work to
 * hit (a nanosecond: the event then holds the start, not a rank already waiting) */
export const START_LEAD_US = 0.001;

/** µs of compute between exchanges the ripple uses for a workload: its own where it has one. */
export function rippleGranularityUs(w: Workload): number {
  switch (w.kind) {
    case 'barrier':
    case 'allreduce':
    case 'halo':
    case 'alltoall':
      return w.granularityUs;
    case 'wavefront':
      return w.granularityUs / (2 * w.stages); // one stage's compute: the work between messages
    case 'mpi-fwq':
      return w.workUs;
    case 'sage':
      return w.computeUsPerCycle / w.allreducesPerCycle;
    case 'pop':
      return 1000; // POP's per-rank work depends on the job size: a plain 1 ms here
  }
}

/**
 * Nodes for about `ranks` ranks of P each, whose n·P ranks make the squarest 2-D grid: among the
 * node counts within 20 % of ranks / P (and at most `most`), the one whose sides are closest
 * to equal (fewer nodes on ties).
 */
export function rippleNodes(ranks: number, P: number, most: number): number {
  const aim = Math.max(1, Math.round(ranks / P));
  let best = Math.min(aim, most);
  let bestRatio = Infinity;
  for (let n = Math.max(1, Math.floor(aim * 0.8)); n <= Math.min(most, Math.ceil(aim * 1.2)); n++) {
    const [a, b] = gridSides(n * P, 2);
    const ratio = a / b;
    if (ratio < bestRatio - 1e-12) {
      bestRatio = ratio;
      best = n;
    }
  }
  return best;
}

export function rippleOf(scenario: Scenario, options: RippleOptions): Ripple {
  const P = scenario.job.ranksPerNode;
  const usable = nodesLeftAfterExclusion(
    scenario.machine.nodes,
    scenario.machine.clusterSize,
    scenario.job.excludeOffsets,
  );
  const nodes = rippleNodes(options.ranks, P, usable);
  const R = nodes * P;
  const sides = gridSides(R, 2) as [number, number];
  const g = rippleGranularityUs(scenario.workload);
  const w = scenario.workload;
  // The scenario's own messages where it has them (halo, all-to-all, wavefront), else one tree hop.
  const message =
    w.kind === 'halo' || w.kind === 'alltoall' || w.kind === 'wavefront'
      ? {
          latencyUs: w.latencyUs,
          messageBytes: w.messageBytes,
          usPerByte: w.usPerByte,
          // a halo's CPU time per message too (docs/workloads.md §7)
          ...(w.kind === 'halo' && w.overheadUs !== undefined ? { overheadUs: w.overheadUs } : {}),
        }
      : { latencyUs: scenario.machine.tree.hopUs, messageBytes: 0, usPerByte: 0 };
  const periodic = w.kind === 'halo' ? w.periodic : true;
  const runs = { iterations: options.iterations, warmup: 0 };
  const job = { ...scenario.job, nodes };
  // The ripple is one delay spreading; slow nodes (docs/slow-nodes.md) would shift every
  // iteration of its small grid and hide it, so its machine has none.
  const machine = { ...scenario.machine };
  delete machine.slowNodes;
  const haloScenario: Scenario = {
    ...scenario,
    machine,
    job,
    workload: { kind: 'halo', granularityUs: g, dimensions: 2, periodic, ...message, ...runs },
  };
  const barrierScenario: Scenario = {
    ...scenario,
    machine,
    job,
    workload: { kind: 'barrier', granularityUs: g, ...runs },
  };
  // The middle rank of the grid, and the node and core it runs on.
  const hitRank = Math.floor(sides[0] / 2) * sides[1] + Math.floor(sides[1] / 2);
  const halo = runOf(haloScenario, options, hitRank, P);
  const barrier = runOf(barrierScenario, options, hitRank, P);
  return {
    sides,
    ranks: R,
    nodes,
    ranksPerNode: P,
    iterations: options.iterations,
    granularityUs: g,
    messageUs: messageCostUs(message),
    barrierUs: barrier.iterationUs - g,
    hitRank: options.noise === 'one' ? hitRank : null,
    hitIteration: options.noise === 'one' ? HIT_ITERATION : null,
    halo,
    barrier,
  };
}

function runOf(s: Scenario, options: RippleOptions, hitRank: number, P: number): RippleRun {
  // The same exchange without noise: its iteration (the model line) and every rank's release,
  // against which a rank is late (on an open grid whose messages cost CPU time the edge ranks,
  // with less to send, are released early, docs/workloads.md §7; a wake-up w shifts them all).
  const quietRun = new PhaseRun({ ...s, noise: [] }, { recordReleases: true });
  const iterationUs = quietRun.granularityUs + quietRun.collectiveUs;
  const quiet = quietRun.run();
  const onTime = quiet.releases!;
  let noise = s.noise;
  if (options.noise === 'one') {
    const layout = buildLayout(s);
    const node = layout.nodeIds[Math.floor(hitRank / P)];
    const core = layout.slotCore[hitRank % P];
    // halfway through the hit rank's CPU work before it sends in iteration HIT_ITERATION: its
    // compute, and in a halo whose messages cost CPU time its sends (k·o, k its neighbours, the
    // most for a rank in the grid's middle), so the event delays that iteration's messages and
    // not the copy that ends the iteration before. The rank starts that iteration where the
    // quiet run released it from the one before: at once from a halo, w later from a barrier
    // (model.md §4).
    const w = s.workload;
    const R = s.job.nodes * P;
    const sendsUs = w.kind === 'halo' ? mostNeighbours(gridSides(R, 2)) * (w.overheadUs ?? 0) : 0;
    const wakeUs = w.kind === 'barrier' && s.job.waitMode === 'block' ? s.job.wakeupUs : 0;
    const startUs = onTime[(HIT_ITERATION - 1) * R + hitRank] + wakeUs;
    const workUs = quietRun.granularityUs + sendsUs;
    // With no CPU work before the exchange (g = 0, messages free of CPU time) there is nothing to
    // hold up halfway: the event then covers the rank's start (from START_LEAD_US before it, and
    // as much longer, so that it ends eventUs after the start): by the residual rule (model.md
    // §3) the rank starts that iteration eventUs late, as a held-up compute would be. Landing on
    // the start itself would find the rank already waiting: its iteration on time, its next
    // start late, the delay shown an iteration after the hit.
    noise = [
      workUs > 0
        ? oneEvent(startUs + workUs / 2, options.eventUs, node, core)
        : oneEvent(startUs - START_LEAD_US, options.eventUs + START_LEAD_US, node, core),
    ];
  }
  const run = new PhaseRun({ ...s, noise }, { recordReleases: true }).run();
  const releases = run.releases!;
  const lateUs = new Float64Array(releases.length);
  for (let x = 0; x < releases.length; x++) lateUs[x] = Math.max(0, releases[x] - onTime[x]);
  return { lateUs, iterationUs, durationsUs: run.durations.slice() };
}

/** One event at `atUs` lasting `d` on core `core` of node `node` (a period beyond any run). */
function oneEvent(atUs: number, d: number, node: number, core: number): NoiseSource {
  return {
    id: 'ripple-event',
    label: 'one event',
    category: 'kernel',
    enabled: true,
    periodUs: 1e12,
    arrival: 'periodic',
    phase: 'aligned',
    phaseOffsetUs: atUs,
    duration: { dist: 'fixed', valueUs: d },
    placement: { kind: 'nodes', ids: [node] },
    cpu: core,
    provenance: {},
  };
}
