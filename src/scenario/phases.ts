// A workload as a program of phases (docs/workloads.md §1): every iteration (a barrier
// iteration, a SAGE cycle, a POP step) runs the same list of phases, each a compute of g_k µs
// followed by a collective. The engine runs programs; the workload kinds are the ways to write
// one down, each with its performance model (how g_k follows the job size).
import type { Scenario, Workload } from './types.ts';

export type PhaseCollective = 'barrier' | 'tree';

export interface PhaseProgram {
  /** µs of compute before each phase's collective, per iteration */
  computeUs: Float64Array;
  /** per phase: 0 = the machine's black-box barrier (model.md §4), 1 = the software tree */
  tree: Uint8Array;
  /** µs per tree hop for this workload */
  hopUs: number;
  /** children per interior rank of the tree */
  fanout: number;
}

/** Ranks of the job: n·P. */
export function jobRanks(s: Scenario): number {
  return s.job.nodes * s.job.ranksPerNode;
}

/** The per-hop latency a tree workload uses: its own, else the machine's. */
export function workloadHopUs(s: Scenario): number {
  const w = s.workload;
  return w.kind !== 'barrier' && w.hopUs !== null ? w.hopUs : s.machine.tree.hopUs;
}

/** The phases of one iteration of the scenario's workload at its job size. */
export function phaseProgram(s: Scenario): PhaseProgram {
  const w = s.workload;
  const R = jobRanks(s);
  const hopUs = workloadHopUs(s);
  const fanout = s.machine.tree.fanout;
  const one = (g: number, tree: number): PhaseProgram => ({
    computeUs: Float64Array.of(g),
    tree: Uint8Array.of(tree),
    hopUs,
    fanout,
  });
  switch (w.kind) {
    case 'barrier':
      return one(w.granularityUs, 0);
    case 'allreduce':
      return one(w.granularityUs, 1);
    case 'mpi-fwq':
      return one(w.workUs, 1);
    case 'sage': {
      const m = w.allreducesPerCycle;
      const g = w.computeUsPerCycle / m;
      return {
        computeUs: new Float64Array(m).fill(g),
        tree: new Uint8Array(m).fill(1),
        hopUs,
        fanout,
      };
    }
    case 'pop': {
      const m = w.barotropicIterations;
      const computeUs = new Float64Array(1 + m).fill(w.barotropicUs / R + w.barotropicSerialUs);
      computeUs[0] = w.baroclinicUs / R;
      return { computeUs, tree: new Uint8Array(1 + m).fill(1), hopUs, fanout };
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
