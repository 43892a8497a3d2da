// Edited copies of a scenario, for `onedit`: never the scenario itself, which
// stays on show until the validator accepts the copy. Values typed by the
// user may be text the validator will refuse, hence `unknown`.
import {
  dropSourceTiming,
  meanDurationUs,
  nodesLeftAfterExclusion,
  setPath,
  setSourcePeriod,
  setSourcePhase,
  type Duration,
  type DurationDist,
  type HaloWorkload,
  type MessageWorkload,
  type NoiseSource,
  type Placement,
  type PlacementKind,
  type Scenario,
} from '../../scenario/index.ts';

/** A copy of `scenario` with `value` at a dotted path (`job.nodes`, `noise.2.cpu`). */
export function withValue(scenario: Scenario, path: string, value: unknown): Scenario {
  return setPath(scenario, path, value) as Scenario;
}

/** A copy of `scenario` changed by `change` (which may mutate the copy freely). */
export function withChange(scenario: Scenario, change: (copy: Scenario) => void): Scenario {
  const copy = structuredClone(scenario);
  change(copy);
  return copy;
}

/**
 * Core reservation on: core 0 is kept for the OS and the ranks fill the cores left (at most
 * coresPerNode − 1). Off: no reserved core, and on a node whose ranks filled every core but the
 * reserved ones those cores go back to ranks (Jaguar XT5's 7 + core 0 → 8, as stock), so that
 * switching it off undoes switching it on; on a node with idle cores the ranks stay as they are.
 */
export function withReservation(scenario: Scenario, reserve: boolean): Scenario {
  return withReservedCores(scenario, reserve ? [0] : []);
}

/**
 * The job with `cores` reserved for the OS (no rank on them; Jaguar XT5's `-cc 2-7` is [0, 1]):
 * a node whose ranks filled every core not reserved before fills every core not reserved after;
 * otherwise its ranks stay, cut to the cores left. A list the machine cannot take (a core it does
 * not have, every core) is passed on for the validator to name.
 */
export function withReservedCores(scenario: Scenario, cores: number[]): Scenario {
  return withChange(scenario, (s) => {
    const total = s.machine.coresPerNode;
    const wasFull = s.job.ranksPerNode + s.job.reservedCores.length >= total;
    s.job.reservedCores = cores;
    const free = total - new Set(cores).size;
    if (free < 1) return;
    s.job.ranksPerNode = wasFull ? free : Math.min(s.job.ranksPerNode, free);
  });
}

/**
 * The job without the nodes at cluster offsets `offsets` (000 sec 5's "nodes 0 and 31 configured
 * out of each 32-node cluster"): a job that had every node it could have keeps every node left
 * (the whole of ASCI Q without offsets 0, 1 and 31 is 1,856 nodes, not a refusal that 2,048 is
 * more than there are), and a smaller one is cut to the nodes left only if it must; so that
 * taking the offsets out again gives the whole machine back. A list that is not one of whole
 * offsets is passed on for the validator to name.
 */
export function withExcludedOffsets(scenario: Scenario, offsets: unknown): Scenario {
  return withChange(scenario, (s) => {
    const { nodes, clusterSize } = s.machine;
    const before = nodesLeftAfterExclusion(nodes, clusterSize, s.job.excludeOffsets);
    (s.job as { excludeOffsets: unknown }).excludeOffsets = offsets;
    if (!Array.isArray(offsets) || !offsets.every((o) => Number.isInteger(o) && o >= 0)) return;
    const after = nodesLeftAfterExclusion(nodes, clusterSize, offsets as number[]);
    if (after < 1) return;
    s.job.nodes = s.job.nodes >= before ? after : Math.min(s.job.nodes, after);
  });
}

/** Most a compute may be slowed on a slow node, in percent (computeFactor 10, spec.ts). */
export const MAX_SLOWER_PERCENT = 900;

/** How much longer a slow node's computes take, in percent: withSlowNodes' inverse (6 digits,
 * so 1.1 reads 10, not 10.000000000000009). */
export function slowerPercentOf(computeFactor: number): number {
  return Number(((computeFactor - 1) * 100).toPrecision(6));
}

/**
 * Slow nodes (docs/slow-nodes.md) at `placement`, their computes `slowerPercent` % longer
 * (computeFactor 1 + p/100); `placement` null: none.
 */
export function withSlowNodes(
  scenario: Scenario,
  placement: Placement | null,
  slowerPercent: number,
): Scenario {
  return withChange(scenario, (s) => {
    if (placement === null) delete s.machine.slowNodes;
    else s.machine.slowNodes = { placement, computeFactor: 1 + slowerPercent / 100 };
  });
}

/** The workload kinds that are one compute of g and one exchange: the page switches among them. */
export const PROGRAM_KINDS = ['barrier', 'allreduce', 'halo', 'alltoall'] as const;
export type ProgramKind = (typeof PROGRAM_KINDS)[number];

export function isProgramKind(kind: string): kind is ProgramKind {
  return (PROGRAM_KINDS as readonly string[]).includes(kind);
}

/**
 * The scenario running `kind` instead of its barrier, allreduce, halo or all-to-all workload,
 * with the same granularity, iterations and warm-up. A halo gets a 2-D torus, and a halo or an
 * all-to-all messages that take one hop of the machine's software tree (machine.tree.hopUs: the
 * cost of one small message there) and carry no bytes; an allreduce uses that tree.
 */
export function withProgram(
  scenario: Scenario,
  kind: ProgramKind,
  /** a message workload to take the grid and message fields of (the one the user last had) */
  last: MessageWorkload | null = null,
): Scenario {
  const w = scenario.workload;
  if (!isProgramKind(w.kind) || w.kind === kind) return scenario;
  const g = (w as { granularityUs: number }).granularityUs;
  const runs = { iterations: w.iterations, warmup: w.warmup };
  return withChange(scenario, (s) => {
    if (kind === 'barrier') s.workload = { kind, granularityUs: g, ...runs };
    else if (kind === 'allreduce') s.workload = { kind, granularityUs: g, ...runs, hopUs: null };
    else {
      const message = {
        latencyUs: last?.latencyUs ?? s.machine.tree.hopUs,
        messageBytes: last?.messageBytes ?? 0,
        usPerByte: last?.usPerByte ?? 0,
      };
      s.workload =
        kind === 'alltoall'
          ? { kind, granularityUs: g, ...message, ...runs }
          : {
              kind,
              granularityUs: g,
              dimensions: last?.kind === 'halo' ? last.dimensions : 2,
              periodic: last?.kind === 'halo' ? last.periodic : true,
              ...(last?.kind === 'halo' && last.barrierBefore === true
                ? { barrierBefore: true }
                : {}),
              ...message,
              ...(last?.kind === 'halo' && last.overheadUs !== undefined
                ? { overheadUs: last.overheadUs }
                : {}),
              ...runs,
            };
    }
  });
}

/**
 * A halo with a barrier before each update (on) or without (off: the field left out, as a file
 * without it). Any other workload is returned as it is.
 */
export function withBarrierBefore(scenario: Scenario, on: boolean): Scenario {
  if (scenario.workload.kind !== 'halo') return scenario;
  return withChange(scenario, (s) => {
    const w = s.workload as HaloWorkload;
    if (on) w.barrierBefore = true;
    else delete w.barrierBefore;
  });
}

/** `base`, or `base-2`, `base-3` …: the first not used by a source yet. */
export function uniqueId(noise: readonly NoiseSource[], base: string): string {
  const taken = new Set(noise.map((s) => s.id));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** A new daemon at the end: 100 µs every second on every node, any core. */
export function withNewSource(scenario: Scenario): Scenario {
  return withChange(scenario, (s) => {
    const id = uniqueId(s.noise, 'new-source');
    s.noise.push({
      id,
      label: `New source (${id})`,
      category: 'daemon',
      enabled: true,
      periodUs: 1_000_000,
      arrival: 'periodic',
      phase: 'random',
      phaseOffsetUs: 0,
      duration: { dist: 'fixed', valueUs: 100 },
      placement: { kind: 'all' },
      cpu: 'any',
      provenance: {},
    });
  });
}

/** A copy of source `index` right after it, with a new id and "(copy)" in its label. */
export function withDuplicate(scenario: Scenario, index: number): Scenario {
  return withChange(scenario, (s) => {
    const source = structuredClone(s.noise[index]);
    source.id = uniqueId(s.noise, `${source.id}-copy`);
    source.label = `${source.label} (copy)`;
    s.noise.splice(index + 1, 0, source);
  });
}

export function withoutSource(scenario: Scenario, index: number): Scenario {
  return withChange(scenario, (s) => void s.noise.splice(index, 1));
}

/**
 * Source `index` with another arrival. Only a periodic source can be aligned (model.md §2): a
 * switch to Poisson makes an aligned source random (offset 0) in the same edit, so the validator
 * does not refuse it.
 */
export function withArrival(scenario: Scenario, index: number, arrival: unknown): Scenario {
  return withChange(scenario, (s) => {
    const source = s.noise[index];
    source.arrival = arrival as NoiseSource['arrival'];
    if (arrival === 'poisson' && source.phase === 'aligned') {
      source.phase = 'random';
      source.phaseOffsetUs = 0;
    }
    // a Poisson process has no phase to window or share, and no periods to skip
    // (docs/noise-timing.md)
    if (arrival === 'poisson') {
      dropSourceTiming(source);
      delete source.eventProbability;
    }
  });
}

/** Source `index` with another period: its group's parts with it, a longer window cut to it. */
export function withPeriod(scenario: Scenario, index: number, periodUs: unknown): Scenario {
  return withChange(scenario, (s) => setSourcePeriod(s, index, periodUs));
}

/** Source `index` in group `group` (empty text: in none, which drops its delay in a group). */
export function withGroup(scenario: Scenario, index: number, group: string): Scenario {
  return withChange(scenario, (s) => {
    const source = s.noise[index];
    if (group === '') {
      delete source.group;
      if (source.phase === 'random') source.phaseOffsetUs = 0;
    } else source.group = group;
  });
}

/**
 * Source `index` with another phase: `aligned` (co-scheduled: the same moment on every node,
 * its offset kept) or `random` (each node its own), which drops the offset (0) outside a
 * group, since the validator refuses an offset it would ignore.
 */
export function withPhase(scenario: Scenario, index: number, phase: unknown): Scenario {
  return withChange(scenario, (s) => setSourcePhase(s.noise[index], phase as NoiseSource['phase']));
}

/** A duration of another distribution with about the same mean (µs), to start editing from. */
export function convertDuration(d: Duration, dist: DurationDist): Duration {
  const m = meanDurationUs(d);
  switch (dist) {
    case 'fixed':
      return { dist, valueUs: m };
    case 'uniform':
      return { dist, minUs: m / 2, maxUs: (m * 3) / 2 };
    case 'exponential':
      return { dist, meanUs: m };
    case 'normal':
      return { dist, meanUs: m, sdUs: m / 4 };
    case 'lognormal':
      return { dist, medianUs: m, sigma: 0.5 };
    case 'pareto':
      // mean = shape·scale / (shape − 1) = m for shape 2
      return { dist, scaleUs: m / 2, shape: 2 };
  }
}

/** A placement of another kind, to start editing from. */
export function defaultPlacement(kind: PlacementKind): Placement {
  switch (kind) {
    case 'all':
      return { kind };
    case 'clusterOffsets':
      return { kind, offsets: [0] };
    case 'nodes':
      return { kind, ids: [0] };
    case 'fraction':
      return { kind, p: 0.5 };
  }
}

/** The parameters of each distribution, with their labels; σ and shape have no unit. */
export const DURATION_FIELDS: Record<DurationDist, [key: string, label: string][]> = {
  fixed: [['valueUs', 'Duration (µs)']],
  uniform: [
    ['minUs', 'Min (µs)'],
    ['maxUs', 'Max (µs)'],
  ],
  exponential: [['meanUs', 'Mean (µs)']],
  normal: [
    ['meanUs', 'Mean (µs)'],
    ['sdUs', 'Std dev (µs)'],
  ],
  lognormal: [
    ['medianUs', 'Median (µs)'],
    ['sigma', 'σ (log)'],
  ],
  pareto: [
    ['scaleUs', 'Scale (µs)'],
    ['shape', 'Shape'],
  ],
};
