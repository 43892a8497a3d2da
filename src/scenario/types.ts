// The scenario file, format 2: format 1 (normative: shared/docs/scenario-format.md) plus the
// additions of docs/scenario-format-2.md (noise provenance, the software tree, and the workload
// kinds allreduce, mpi-fwq, sage and pop). Format-1 files migrate unchanged (migrate.ts).
// These are the types of a scenario *after* validation: every optional field
// the format defaults (clusterSize, enabled, wakeupUs, ...) is filled in, so
// the engine never has to guess. All times are microseconds (µs).

export const SCENARIO_FORMAT = 'noiselab-scenario';
export const SCENARIO_VERSION = 2;

export type CollectiveKind = 'hardware' | 'software';

export interface Collective {
  kind: CollectiveKind;
  /** µs: latency of the collective on one node / one level */
  baseUs: number;
  /** µs added per level of the tree: ⌈log2 n⌉ (hardware) or ⌈log2 n·P⌉ (software) */
  perLevelUs: number;
}

/**
 * The software reduction tree of the tree workloads (docs/workloads.md): a k-ary heap over the
 * job's ranks, rank 0 at the root, parent(r) = ⌊(r − 1)/fanout⌋.
 */
export interface Tree {
  /** children per interior rank, ≥ 2 */
  fanout: number;
  /** µs from a rank's send to the message's arrival at its parent or child (one hop) */
  hopUs: number;
}

export interface Machine {
  name: string;
  nodes: number;
  coresPerNode: number;
  /** nodes per cluster; a node's cluster offset is id mod clusterSize */
  clusterSize: number;
  collective: Collective;
  /** the software tree (format 2; default { fanout: 2, hopUs: 5 }) */
  tree: Tree;
  /** nodes that compute slower than the others (format 2, optional; docs/slow-nodes.md) */
  slowNodes?: SlowNodes;
}

/** docs/slow-nodes.md: the placement's nodes take computeFactor × g for a compute of g. */
export interface SlowNodes {
  placement: Placement;
  /** how many times longer a compute takes on a slow node, 1 … 10 */
  computeFactor: number;
}

export type WaitMode = 'poll' | 'block';

export interface Job {
  nodes: number;
  ranksPerNode: number;
  reservedCores: number[];
  excludeOffsets: number[];
  waitMode: WaitMode;
  /** µs a blocked rank needs after release before it computes again */
  wakeupUs: number;
}

export interface BarrierWorkload {
  kind: 'barrier';
  /** µs of CPU work between collectives (g) */
  granularityUs: number;
  /** iterations run, warm-up included */
  iterations: number;
  /** the first `warmup` iterations are discarded from every statistic */
  warmup: number;
}

/**
 * The allreduce micro-benchmark (ASCI Q paper, Figures 6 and 7): compute g, then an allreduce
 * over the software tree; repeated.
 */
export interface AllreduceWorkload {
  kind: 'allreduce';
  granularityUs: number;
  iterations: number;
  warmup: number;
  /** µs per hop for this benchmark's message; null: machine.tree.hopUs */
  hopUs: number | null;
}

/**
 * MPI-FWQ (Jaguar paper, Figure 3): every rank performs a fixed work quantum, then an allreduce
 * rooted at rank 0; what is reported is the allreduce's completion time at the root.
 */
export interface MpiFwqWorkload {
  kind: 'mpi-fwq';
  /** µs of work per quantum */
  workUs: number;
  iterations: number;
  warmup: number;
  /** µs per hop for the benchmark's message (1 MB in the paper); null: machine.tree.hopUs */
  hopUs: number | null;
}

/**
 * SAGE (ASCI Q paper, weak scaling): a cycle is `allreducesPerCycle` phases, each a compute of
 * computeUsPerCycle / allreducesPerCycle followed by an allreduce. The compute per PE is the
 * same at every size (13,500 cells per PE), so the noiseless cycle grows only with the tree.
 */
export interface SageWorkload {
  kind: 'sage';
  /** cells per PE, for the processing rate (cell updates per second); 13,500 in Table 3 */
  cellsPerPE: number;
  /** µs of computation per cycle and per PE (boundary exchanges included) */
  computeUsPerCycle: number;
  /** allreduces per cycle (integer ≥ 1) */
  allreducesPerCycle: number;
  /** cycles, warm-up included */
  iterations: number;
  warmup: number;
  hopUs: number | null;
}

/**
 * POP (Jaguar paper, Table 1, strong scaling): a step is the baroclinic computation, divided
 * among the ranks, then `barotropicIterations` solver iterations, each a compute also divided
 * among the ranks followed by an allreduce.
 */
export interface PopWorkload {
  kind: 'pop';
  /** µs·rank of baroclinic work per step: each of R ranks computes baroclinicUs / R */
  baroclinicUs: number;
  /** solver iterations per step, each ending in an allreduce (integer ≥ 1) */
  barotropicIterations: number;
  /** µs·rank of work per solver iteration: each rank computes barotropicUs / R */
  barotropicUs: number;
  /**
   * µs per solver iteration that do not shrink with the ranks (latency-bound work: halo
   * exchanges of the 2-D solver); every rank computes it (default 0)
   */
  barotropicSerialUs: number;
  /** steps, warm-up included */
  iterations: number;
  warmup: number;
  hopUs: number | null;
}

/**
 * Halo exchange (docs/workloads.md §7; Worley's HALO benchmark, seed 004): the ranks form a
 * grid of `dimensions` dimensions; every iteration each computes g, sends one message to each
 * grid neighbour and goes on when its neighbours' messages have arrived. No global
 * synchronisation: a delay spreads one neighbour per iteration.
 */
export interface HaloWorkload {
  kind: 'halo';
  /** µs of compute between exchanges (g) */
  granularityUs: number;
  /** 1, 2 or 3: the grid's dimensions, sized by the balanced factorisation of the ranks */
  dimensions: number;
  /** whether the grid wraps around at its edges (a torus) */
  periodic: boolean;
  /**
   * Each iteration starts with the machine's barrier (no compute before it), then the compute g
   * and the exchange: every rank starts its update at the barrier's release, as a benchmark that
   * times one update does (Worley, seed 004). Absent: false, no barrier (left out of the value).
   */
  barrierBefore?: boolean;
  /** µs from a message's send to its arrival, whatever its size */
  latencyUs: number;
  /** bytes per message (one face of the halo) */
  messageBytes: number;
  /** µs per byte: a message costs latencyUs + messageBytes × usPerByte */
  usPerByte: number;
  /**
   * µs of CPU time per message sent and per message received (LogP's o): a rank's sends are CPU
   * work after its compute, before its messages leave, and copying in its neighbours' messages
   * is CPU work after the last is in; noise pauses both (docs/workloads.md §7). Absent: 0, a
   * message costs no CPU time (left out of the value).
   */
  overheadUs?: number;
  iterations: number;
  warmup: number;
}

/**
 * All-to-all exchange (docs/workloads.md §8; the transpose of NPB FT, seed 001): every
 * iteration each rank computes g, sends one message to every other rank and goes on when every
 * other rank's message has arrived. The network is contention-free: a message costs the same
 * whatever else is in flight.
 */
export interface AlltoallWorkload {
  kind: 'alltoall';
  /** µs of compute between exchanges (g) */
  granularityUs: number;
  /** µs from a message's send to its arrival, whatever its size */
  latencyUs: number;
  /** bytes per message (one rank's block for one other rank) */
  messageBytes: number;
  /** µs per byte: a message costs latencyUs + messageBytes × usPerByte */
  usPerByte: number;
  iterations: number;
  warmup: number;
}

/**
 * Pipelined wavefront (docs/workloads.md §9; the SSOR sweeps of NPB LU, seed 001): the ranks
 * form a 2-D grid; every iteration is a sweep from the first corner to the last and one back,
 * each of `stages` stages. In a stage a rank waits for its upstream neighbours' messages,
 * computes, and sends to its downstream neighbours.
 */
export interface WavefrontWorkload {
  kind: 'wavefront';
  /** µs of compute per iteration and rank, divided equally among the 2 × stages stages */
  granularityUs: number;
  /** stages per sweep (the planes a rank's block is cut into, integer ≥ 1) */
  stages: number;
  /** µs from a message's send to its arrival, whatever its size */
  latencyUs: number;
  /** bytes per message (one stage's face) */
  messageBytes: number;
  /** µs per byte: a message costs latencyUs + messageBytes × usPerByte */
  usPerByte: number;
  iterations: number;
  warmup: number;
}

export type Workload =
  | BarrierWorkload
  | AllreduceWorkload
  | MpiFwqWorkload
  | SageWorkload
  | PopWorkload
  | HaloWorkload
  | AlltoallWorkload
  | WavefrontWorkload;

export type WorkloadKind = Workload['kind'];

/** The workloads whose collective is the software tree (docs/workloads.md). */
export type TreeWorkload = Exclude<
  Workload,
  BarrierWorkload | HaloWorkload | AlltoallWorkload | WavefrontWorkload
>;

/** The workloads that trade point-to-point messages (latency + bytes × µs per byte). */
export type MessageWorkload = HaloWorkload | AlltoallWorkload | WavefrontWorkload;

export type Duration =
  | { dist: 'fixed'; valueUs: number }
  | { dist: 'uniform'; minUs: number; maxUs: number }
  | { dist: 'exponential'; meanUs: number }
  | { dist: 'normal'; meanUs: number; sdUs: number }
  | { dist: 'lognormal'; medianUs: number; sigma: number }
  | { dist: 'pareto'; scaleUs: number; shape: number };

export type DurationDist = Duration['dist'];

export type Placement =
  | { kind: 'all' }
  | { kind: 'clusterOffsets'; offsets: number[] }
  | { kind: 'nodes'; ids: number[] }
  | { kind: 'fraction'; p: number };

export type PlacementKind = Placement['kind'];

/** The fields of a noise source a provenance entry can speak for. */
export const PROVENANCE_FIELDS = [
  'periodUs',
  'arrival',
  'phase',
  'phaseWindowUs',
  'eventProbability',
  'duration',
  'placement',
  'cpu',
] as const;
export type ProvenanceField = (typeof PROVENANCE_FIELDS)[number];

/**
 * Where a value comes from. `published`: the value is the paper's (cite says where).
 * `calibrated`: the paper gives no value; this one was chosen so that the simulation reproduces
 * the published result `against` (cite says where that result is).
 */
export interface ProvenanceEntry {
  basis: 'published' | 'calibrated';
  cite: string;
  /** the published result a calibrated value was fitted to ('' for published values) */
  against: string;
  note: string;
}

export type Provenance = Partial<Record<ProvenanceField, ProvenanceEntry>>;

export interface NoiseSource {
  id: string;
  label: string;
  category: string;
  enabled: boolean;
  periodUs: number;
  arrival: 'periodic' | 'poisson';
  phase: 'random' | 'aligned';
  /** µs; only meaningful with phase 'aligned' (default 0) */
  phaseOffsetUs: number;
  /**
   * µs, 0 ≤ W ≤ periodUs: every node's phase falls within W of one common instant drawn per run
   * (docs/noise-timing.md); absent: model.md §2's independent phases. Periodic, random only.
   */
  phaseWindowUs?: number;
  /**
   * Sources of one group are parts of one activity: they draw their phase and their nodes from
   * the group, so on a node they start together (docs/noise-timing.md); absent: no group.
   */
  group?: string;
  /**
   * 0 ≤ p ≤ 1: the source runs in a run with probability p, drawn once per run from the seed (a
   * group's parts together), else not at all (docs/noise-timing.md); absent: always (p = 1).
   */
  runProbability?: number;
  /**
   * 0 ≤ q ≤ 1, periodic sources outside a group: each period's event happens with probability q,
   * drawn once per period index and shared by every node (a central scan that finds work or not:
   * the T3E's job migration, 001 sec 11; docs/noise-timing.md); absent: every period (q = 1).
   */
  eventProbability?: number;
  duration: Duration;
  placement: Placement;
  /** 'any': the OS picks a core (model.md §3); a number: pinned to that core */
  cpu: 'any' | number;
  /** per field, where its value comes from (format 2; default {}) */
  provenance: Provenance;
}

export interface Scenario {
  format: typeof SCENARIO_FORMAT;
  version: typeof SCENARIO_VERSION;
  title: string;
  description: string;
  references: string[];
  /** integer, 0 ≤ seed < 2^32 */
  seed: number;
  machine: Machine;
  job: Job;
  workload: Workload;
  noise: NoiseSource[];
}
