// Builders for test scenarios: a small, noiseless machine that each test
// modifies, so every test states only what it is about.
import type { NoiseSource, Scenario, Tree, Workload } from '../../src/scenario/types.ts';

export function scenario(over: {
  nodes?: number;
  cores?: number;
  clusterSize?: number;
  jobNodes?: number;
  ranksPerNode?: number;
  reservedCores?: number[];
  excludeOffsets?: number[];
  waitMode?: 'poll' | 'block';
  wakeupUs?: number;
  g?: number;
  iterations?: number;
  warmup?: number;
  seed?: number;
  collective?: Scenario['machine']['collective'];
  /** the software tree (default: the format's { fanout: 2, hopUs: 5 }) */
  tree?: Tree;
  /** a whole workload of any kind; replaces the barrier built from g, iterations and warmup */
  workload?: Workload;
  noise?: NoiseSource[];
}): Scenario {
  const nodes = over.nodes ?? over.jobNodes ?? 1;
  return {
    format: 'noiselab-scenario',
    version: 2,
    title: 'test',
    description: '',
    references: [],
    seed: over.seed ?? 1,
    machine: {
      name: 'test',
      nodes,
      coresPerNode: over.cores ?? 1,
      clusterSize: over.clusterSize ?? nodes,
      collective: over.collective ?? { kind: 'hardware', baseUs: 0, perLevelUs: 0 },
      tree: over.tree ?? { fanout: 2, hopUs: 5 },
    },
    job: {
      nodes: over.jobNodes ?? nodes,
      ranksPerNode: over.ranksPerNode ?? over.cores ?? 1,
      reservedCores: over.reservedCores ?? [],
      excludeOffsets: over.excludeOffsets ?? [],
      waitMode: over.waitMode ?? 'poll',
      wakeupUs: over.wakeupUs ?? 0,
    },
    workload: over.workload ?? {
      kind: 'barrier',
      granularityUs: over.g ?? 1000,
      iterations: over.iterations ?? 1000,
      warmup: over.warmup ?? 0,
    },
    noise: over.noise ?? [],
  };
}

export function source(over: Partial<NoiseSource> & { periodUs: number }): NoiseSource {
  return {
    id: over.id ?? 'src',
    label: over.label ?? over.id ?? 'src',
    category: over.category ?? 'kernel',
    enabled: over.enabled ?? true,
    periodUs: over.periodUs,
    arrival: over.arrival ?? 'periodic',
    phase: over.phase ?? 'random',
    phaseOffsetUs: over.phaseOffsetUs ?? 0,
    ...(over.phaseWindowUs === undefined ? {} : { phaseWindowUs: over.phaseWindowUs }),
    ...(over.group === undefined ? {} : { group: over.group }),
    ...(over.runProbability === undefined ? {} : { runProbability: over.runProbability }),
    ...(over.eventProbability === undefined ? {} : { eventProbability: over.eventProbability }),
    duration: over.duration ?? { dist: 'fixed', valueUs: 10 },
    placement: over.placement ?? { kind: 'all' },
    cpu: over.cpu ?? 'any',
    provenance: over.provenance ?? {},
  };
}

/**
 * A source with one event per node at `atUs` (aligned phase, a period far
 * beyond any test run) lasting `d` µs, pinned to `cpu`: the hand-computed
 * cases of the tests are built from these.
 */
export function eventAt(
  id: string,
  atUs: number,
  d: number | NoiseSource['duration'],
  cpu: number | 'any' = 0,
  over: Partial<NoiseSource> = {},
): NoiseSource {
  return source({
    id,
    periodUs: 1e9,
    phase: 'aligned',
    phaseOffsetUs: atUs,
    cpu,
    duration: typeof d === 'number' ? { dist: 'fixed', valueUs: d } : d,
    ...over,
  });
}
