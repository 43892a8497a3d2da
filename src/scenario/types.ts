// The scenario file, format 1 (normative: shared/docs/scenario-format.md).
// These are the types of a scenario *after* validation: every optional field
// the format defaults (clusterSize, enabled, wakeupUs, ...) is filled in, so
// the engine never has to guess. All times are microseconds (µs).

export const SCENARIO_FORMAT = 'noiselab-scenario';
export const SCENARIO_VERSION = 1;

export type CollectiveKind = 'hardware' | 'software';

export interface Collective {
  kind: CollectiveKind;
  /** µs: latency of the collective on one node / one level */
  baseUs: number;
  /** µs added per level of the tree: ⌈log2 n⌉ (hardware) or ⌈log2 n·P⌉ (software) */
  perLevelUs: number;
}

export interface Machine {
  name: string;
  nodes: number;
  coresPerNode: number;
  /** nodes per cluster; a node's cluster offset is id mod clusterSize */
  clusterSize: number;
  collective: Collective;
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

export type Workload = BarrierWorkload;

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
  duration: Duration;
  placement: Placement;
  /** 'any': the OS picks a core (model.md §3); a number: pinned to that core */
  cpu: 'any' | number;
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
