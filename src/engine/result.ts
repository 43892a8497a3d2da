// What a run reports: the data the CLI reshapes into its JSON and the worker ships.
import { PHASE_TREE } from '../scenario/phases.ts';
import type { WorkloadKind } from '../scenario/types.ts';
import type { AttributionSnapshot } from './attribution.ts';
import type { BarrierRun } from './barrier-run.ts';
import type { PartitionedRun } from './partitioned-run.ts';
import type { PhaseRun } from './phase-run.ts';
import { summarize, type Summary } from './summary.ts';

/** What a run of a tree workload adds (docs/workloads.md §4). */
export interface TreeReport {
  workload: WorkloadKind;
  /** ranks in the job (n·P) */
  ranks: number;
  /** D: hops from the deepest rank to the root; null for a halo (no tree) */
  depth: number | null;
  fanout: number | null;
  /** µs per hop; null for a halo */
  hopUs: number | null;
  /** collectives per iteration */
  phases: number;
  /** the noiseless iteration time Σ_k (g_k + L_k), µs: the performance model */
  modelIterationUs: number;
  /** rank 0's mean iteration time, release to release, µs */
  rootIterationUs: number;
  /** rank 0's mean time per iteration inside collectives, µs (the paper's view from the root) */
  rootCollectiveUs: number;
  /** rootCollectiveUs / rootIterationUs; null before an iteration is measured */
  rootCollectiveShare: number | null;
  /** SAGE: cell updates per second, ranks × cellsPerPE / mean cycle time; else null */
  cellsPerSecond: number | null;
  /**
   * The ranks' time in an iteration's collectives (release − arrival, µs; a wavefront stage:
   * its start − when the rank was ready for it): per iteration the
   * least, the mean and the most over the ranks, each averaged over the measured iterations;
   * null before an iteration is measured.
   */
  rankCollectiveUs: { min: number; mean: number; max: number } | null;
  /**
   * A halo workload's update as a rank times it (µs): from the start of its compute to its
   * release (its compute, the noise during it and its wait), per iteration the least, the mean
   * and the most over the ranks, each averaged over the measured iterations — Worley's single
   * halo update, max, avg and min over the processes (seed 004: the most grows with the process
   * count, the least does not). Null without a halo phase or before an iteration is measured.
   */
  rankUpdateUs: { min: number; mean: number; max: number } | null;
  /** a halo's or wavefront's grid: its sides, largest first, wrap-around, µs per message; else null */
  grid: { sides: number[]; periodic: boolean; messageUs: number } | null;
  /** µs of one point-to-point message (halo, all-to-all, wavefront); null for a tree's */
  messageUs: number | null;
}

export interface RunResult {
  title: string;
  seed: number;
  summary: Summary;
  /**
   * Δ of each measured iteration so far, in order, µs (warm-up excluded): a copy, so a
   * snapshot stays as it was while the run goes on. The ASCI Q paper's Figure 4 draws these.
   */
  iterationsUs: Float64Array;
  /** lost time by source, duration and node: barrier workloads; null for tree workloads */
  attribution: AttributionSnapshot | null;
  /** tree workloads (allreduce, mpi-fwq, sage, pop); null for the barrier */
  tree: TreeReport | null;
  engine: {
    /** noise events applied on job nodes */
    noiseEvents: number;
    /** iterations run so far, warm-up included */
    iterationsRun: number;
    /** how the run proceeds: node visits (every node, or those with work), or the event queue */
    mode: 'every-node' | 'calendar' | 'events';
    /**
     * true when the run counted the ranks whose only noise is their core's tick instead of
     * visiting them (bulk-lanes.ts): model.md's distributions, not the bits of `--exact`
     */
    counted: boolean;
  };
}

function meanOf(xs: Float64Array, n: number): number {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += xs[i];
  return n > 0 ? sum / n : NaN;
}

function treeReport(run: PhaseRun): TreeReport {
  const n = run.measured;
  const w = run.scenario.workload;
  const rootIterationUs = meanOf(run.rootDurations, n);
  const rootCollectiveUs = meanOf(run.rootCollectiveUs, n);
  const meanCycle = meanOf(run.durations, n);
  // Message workloads (halo, all-to-all, wavefront) have no tree: their tree fields are null,
  // the grid says what a halo or wavefront ran on.
  const halo = !run.program.collective.includes(PHASE_TREE);
  return {
    workload: w.kind,
    ranks: run.ranks,
    depth: halo ? null : run.treeDepth,
    fanout: halo ? null : run.program.fanout,
    hopUs: halo ? null : run.program.hopUs,
    phases: run.program.computeUs.length,
    modelIterationUs: run.granularityUs + run.collectiveUs,
    rootIterationUs,
    rootCollectiveUs,
    rootCollectiveShare: n > 0 ? rootCollectiveUs / rootIterationUs : null,
    cellsPerSecond:
      w.kind === 'sage' && n > 0 ? (run.ranks * w.cellsPerPE) / (meanCycle / 1e6) : null,
    rankCollectiveUs:
      n > 0
        ? {
            min: meanOf(run.iterCollectiveMin, n),
            mean: meanOf(run.iterCollectiveSum, n) / run.ranks,
            max: meanOf(run.iterCollectiveMax, n),
          }
        : null,
    rankUpdateUs:
      n > 0 && run.iterUpdateSum !== null
        ? {
            min: meanOf(run.iterUpdateMin!, n),
            mean: meanOf(run.iterUpdateSum, n) / run.ranks,
            max: meanOf(run.iterUpdateMax!, n),
          }
        : null,
    grid: run.program.grid ? { ...run.program.grid, sides: [...run.program.grid.sides] } : null,
    messageUs: halo ? run.program.messageUs : null,
  };
}

/** A barrier run's result always has its attribution. */
export type BarrierResult = RunResult & { attribution: AttributionSnapshot; tree: null };

/** A barrier run, on one thread or split by nodes over several (partitioned-run.ts). */
export type BarrierLike = BarrierRun | PartitionedRun;

/** A snapshot of a run, complete or partial (the worker streams these). */
export function resultOf(run: BarrierLike): BarrierResult;
export function resultOf(run: BarrierLike | PhaseRun): RunResult;
export function resultOf(run: BarrierLike | PhaseRun): RunResult {
  const barrier = 'attribution' in run ? run : null;
  return {
    title: run.scenario.title,
    seed: run.scenario.seed,
    summary: summarize(run),
    iterationsUs: run.durations.slice(0, run.measured),
    attribution: barrier
      ? barrier.attribution.snapshot(run.scenario, run.layout.nodeIds, barrier.nodeDelays())
      : null,
    tree: barrier ? null : treeReport(run as PhaseRun),
    engine: {
      noiseEvents: run.noiseEvents,
      iterationsRun: run.iteration,
      mode: barrier ? barrier.mode : 'events',
      counted: barrier ? barrier.counted : false,
    },
  };
}
