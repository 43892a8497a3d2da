// A workload as a program of phases (docs/workloads.md §1): every iteration (a barrier
// iteration, a SAGE cycle, a POP step) runs the same list of phases, each a compute of g_k µs
// followed by a collective. The engine runs programs; the workload kinds are the ways to write
// one down, each with its performance model (how g_k follows the job size).
import { gridSides, haloExchangeUs, mostNeighbours } from './grid.ts';
import type { Scenario, Workload } from './types.ts';

/** A phase's collective: the machine's black-box barrier (model.md §4) … */
export const PHASE_BARRIER = 0;
/** … an allreduce over the software tree (docs/workloads.md §2) … */
export const PHASE_TREE = 1;
/** … a halo exchange with the grid neighbours (docs/workloads.md §7) … */
export const PHASE_HALO = 2;
/** … an all-to-all exchange (§8) … */
export const PHASE_ALLTOALL = 3;
/** … or a stage of a wavefront sweep from the grid's first corner to its last (§9), whose wait
 * for the upstream messages comes before its compute … */
export const PHASE_WAVE_DOWN = 4;
/** … or one of the sweep back, from the last corner to the first. */
export const PHASE_WAVE_UP = 5;

export interface PhaseProgram {
  /** µs of compute before each phase's collective, per iteration */
  computeUs: Float64Array;
  /** per phase: its collective, one of the PHASE_ kinds above */
  collective: Uint8Array;
  /** µs per tree hop for this workload */
  hopUs: number;
  /** children per interior rank of the tree */
  fanout: number;
  /** the grid of a halo or wavefront (null for a workload without one) */
  grid: HaloGrid | null;
  /** µs of one point-to-point message (halo, all-to-all, wavefront; else 0) */
  messageUs: number;
  /** µs of CPU time per halo message sent or received (docs/workloads.md §7; else 0) */
  overheadUs: number;
}

export interface HaloGrid {
  /** the grid's sides (their product is the job's ranks), largest first */
  sides: number[];
  periodic: boolean;
  /** µs from a message's send to its arrival: latencyUs + messageBytes × usPerByte */
  messageUs: number;
  /** µs of CPU time per message sent or received (overheadUs; 0 when absent) */
  overheadUs: number;
}

/**
 * Whether the workload is a halo whose every update starts after a barrier (barrierBefore,
 * docs/workloads.md §7): the program below, the views and the lesson ask it the same way.
 */
export function timedAfterBarrier(w: Workload): boolean {
  return w.kind === 'halo' && w.barrierBefore === true;
}

/** Ranks of the job: n·P. */
export function jobRanks(s: Scenario): number {
  return s.job.nodes * s.job.ranksPerNode;
}

/** The per-hop latency a tree workload uses: its own, else the machine's. */
export function workloadHopUs(s: Scenario): number {
  const w = s.workload;
  return 'hopUs' in w && w.hopUs !== null ? w.hopUs : s.machine.tree.hopUs;
}

/** µs a point-to-point message takes from its send to its arrival (docs/workloads.md §7). */
export function messageCostUs(w: { latencyUs: number; messageBytes: number; usPerByte: number }) {
  return w.latencyUs + w.messageBytes * w.usPerByte;
}

/** The hops of a wavefront's longest path from one corner of its grid to the other, Σ (s_j − 1). */
export function gridDiameter(sides: readonly number[]): number {
  let d = 0;
  for (const side of sides) d += side - 1;
  return d;
}

/** The phases of one iteration of the scenario's workload at its job size. */
export function phaseProgram(s: Scenario): PhaseProgram {
  const w = s.workload;
  const R = jobRanks(s);
  const hopUs = workloadHopUs(s);
  const fanout = s.machine.tree.fanout;
  const one = (g: number, collective: number): PhaseProgram => ({
    computeUs: Float64Array.of(g),
    collective: Uint8Array.of(collective),
    hopUs,
    fanout,
    grid: null,
    messageUs: 0,
    overheadUs: 0,
  });
  switch (w.kind) {
    case 'barrier':
      return one(w.granularityUs, PHASE_BARRIER);
    case 'allreduce':
      return one(w.granularityUs, PHASE_TREE);
    case 'mpi-fwq':
      return one(w.workUs, PHASE_TREE);
    case 'halo':
      return {
        ...one(w.granularityUs, PHASE_HALO),
        // A barrier first (no compute before it): every rank starts the update at its release.
        ...(timedAfterBarrier(w)
          ? {
              computeUs: Float64Array.of(0, w.granularityUs),
              collective: Uint8Array.of(PHASE_BARRIER, PHASE_HALO),
            }
          : {}),
        grid: {
          sides: gridSides(R, w.dimensions),
          periodic: w.periodic,
          messageUs: messageCostUs(w),
          overheadUs: w.overheadUs ?? 0,
        },
        messageUs: messageCostUs(w),
        overheadUs: w.overheadUs ?? 0,
      };
    case 'alltoall':
      return { ...one(w.granularityUs, PHASE_ALLTOALL), messageUs: messageCostUs(w) };
    case 'wavefront': {
      const B = w.stages;
      const collective = new Uint8Array(2 * B).fill(PHASE_WAVE_DOWN);
      collective.fill(PHASE_WAVE_UP, B);
      return {
        computeUs: new Float64Array(2 * B).fill(w.granularityUs / (2 * B)),
        collective,
        hopUs,
        fanout,
        grid: {
          sides: gridSides(R, 2),
          periodic: false,
          messageUs: messageCostUs(w),
          overheadUs: 0,
        },
        messageUs: messageCostUs(w),
        overheadUs: 0,
      };
    }
    case 'sage': {
      const m = w.allreducesPerCycle;
      const g = w.computeUsPerCycle / m;
      return {
        computeUs: new Float64Array(m).fill(g),
        collective: new Uint8Array(m).fill(PHASE_TREE),
        hopUs,
        fanout,
        grid: null,
        messageUs: 0,
        overheadUs: 0,
      };
    }
    case 'pop': {
      const m = w.barotropicIterations;
      const computeUs = new Float64Array(1 + m).fill(w.barotropicUs / R + w.barotropicSerialUs);
      computeUs[0] = w.baroclinicUs / R;
      return {
        computeUs,
        collective: new Uint8Array(1 + m).fill(PHASE_TREE),
        hopUs,
        fanout,
        grid: null,
        messageUs: 0,
        overheadUs: 0,
      };
    }
  }
}

/**
 * Depth of the k-ary heap over R ranks: the number of hops from the deepest rank up to rank 0.
 * Rank r is at depth d when (k^d − 1)/(k − 1) ≤ r < (k^{d+1} − 1)/(k − 1).
 */
export function treeDepth(ranks: number, fanout: number): number {
  let depth = 0;
  let first = 1; // index of the first rank at depth + 1
  let width = 1;
  while (first < ranks) {
    width *= fanout;
    first += width;
    depth++;
  }
  return depth;
}

/**
 * CPU µs per iteration a rank with the most neighbours spends sending and copying halo messages
 * (2·k_max·o per halo phase, docs/workloads.md §7): CPU work like a compute, which noise
 * stretches and a slow node multiplies. Part of phaseCollectivesUs's exchange.
 */
export function haloCpuUs(program: PhaseProgram): number {
  if (program.overheadUs === 0 || program.grid === null) return 0;
  let n = 0;
  for (const kind of program.collective) if (kind === PHASE_HALO) n++;
  return n * 2 * mostNeighbours(program.grid.sides) * program.overheadUs;
}

/**
 * Noiseless µs of one iteration beyond its compute Σ g_k: a barrier phase costs `barrierUs`
 * (model.md §4), a tree phase `treeUs` (2·D·h, docs/workloads.md §2), an all-to-all phase
 * one message (every rank's partners finish with it; none when the job is one rank, §8), a halo
 * phase one message and the CPU time of sending and copying the messages (grid.ts
 * haloExchangeUs, §7; one message when that costs nothing). A wavefront sweep (a run of stages in one direction) costs the pipeline's fill, D·(g + m)
 * with D the grid's diameter and g its first stage's compute: the last corner starts D stages
 * after the first, each a compute and a message behind (§9).
 */
export function phaseCollectivesUs(
  program: PhaseProgram,
  barrierUs: number,
  treeUs: number,
  ranks: number,
): number {
  let sum = 0;
  const kinds = program.collective;
  for (let k = 0; k < kinds.length; k++) {
    const kind = kinds[k];
    if (kind === PHASE_BARRIER) sum += barrierUs;
    else if (kind === PHASE_TREE) sum += treeUs;
    else if (kind === PHASE_HALO) {
      const grid = program.grid!;
      sum += haloExchangeUs(grid.sides, grid.periodic, program.messageUs, program.overheadUs);
    } else if (kind === PHASE_ALLTOALL) {
      sum += ranks > 1 ? program.messageUs : 0;
    } else if (k === 0 || kinds[k - 1] !== kind) {
      sum += gridDiameter(program.grid!.sides) * (program.computeUs[k] + program.messageUs);
    }
  }
  return sum;
}

/** µs of CPU work per iteration per rank: Σ g_k. */
export function computePerIterationUs(s: Scenario): number {
  let sum = 0;
  for (const g of phaseProgram(s).computeUs) sum += g;
  return sum;
}

/** The iteration's compute kinds, for messages: what one iteration of this workload is. */
export function iterationNoun(w: Workload): string {
  switch (w.kind) {
    case 'sage':
      return 'cycle';
    case 'pop':
      return 'step';
    default:
      return 'iteration';
  }
}
