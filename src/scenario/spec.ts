// The scenario format's fields as data: each object's fields in the order of the format, each
// with its type, range, default and a line for people. The validator reads its field lists,
// ranges, enums and defaults from here, and schema.ts writes the JSON Schema from the same
// entries, so a range changed here changes both. What relates two fields (ranks vs free cores,
// warm-up vs iterations, …) is the validator's alone: JSON Schema cannot compare two values
// (schema.ts lists those rules in the schema's description).

import type { Range } from './check.ts';
import {
  MAX_CELLS_PER_PE,
  MAX_CORES_PER_NODE,
  MAX_DESCRIPTION_LENGTH,
  MAX_ID_LENGTH,
  MAX_ITERATIONS,
  MAX_MESSAGE_BYTES,
  MAX_NAME_LENGTH,
  MAX_NODES,
  MAX_NOISE_SOURCES,
  MAX_PHASES_PER_ITERATION,
  MAX_PLACEMENT_IDS,
  MAX_PROVENANCE_TEXT_LENGTH,
  MAX_REFERENCE_LENGTH,
  MAX_REFERENCES,
  MAX_SHAPE_PARAMETER,
  MAX_TIME_US,
  MAX_TREE_FANOUT,
  MAX_WAVEFRONT_STAGES,
  MIN_TREE_FANOUT,
  SEED_LIMIT,
} from './limits.ts';
import { PROVENANCE_FIELDS, SCENARIO_FORMAT, type Tree } from './types.ts';

/** A number; `integer` for counts. Without `default` (or `defaultFrom`) it is required. */
export interface NumberSpec extends Range {
  t: 'number';
  integer?: boolean;
  /** may be left out, and is then left out of the result too (its absence has a meaning) */
  optional?: boolean;
  default?: number;
  /** the field's default is another value of the file (said in words, e.g. "machine.nodes") */
  defaultFrom?: string;
  /** null is allowed too (and is the default), meaning `nullMeans` */
  nullMeans?: string;
  about: string;
}

export interface StringSpec {
  t: 'string';
  /** may be left out, and is then left out of the result too */
  optional?: boolean;
  minLength?: number;
  maxLength: number;
  /** a regular expression the whole string must match */
  pattern?: string;
  default?: string;
  defaultFrom?: string;
  about: string;
}

export interface EnumSpec<T extends string = string> {
  t: 'enum';
  values: readonly T[];
  /** what a value is, for messages: "a wait mode" */
  noun: string;
  default?: T;
  about: string;
}

export interface BooleanSpec {
  t: 'boolean';
  /** may be left out, and is then left out of the result too (absent: the default) */
  optional?: boolean;
  default?: boolean;
  about: string;
}

/** Distinct integer indexes 0 ≤ i < (a size of the machine, ≤ `limit`). */
export interface IndexListSpec {
  t: 'indexList';
  limit: number;
  /** the size the indexes are below, in words ("machine.coresPerNode") */
  below: string;
  default?: number[];
  about: string;
}

/** `"any"` or a core index below machine.coresPerNode. */
export interface CpuSpec {
  t: 'cpu';
  default: 'any';
  about: string;
}

export interface ListSpec {
  t: 'list';
  items: Spec;
  maxLength: number;
  default?: unknown[];
  about: string;
}

export type Fields = Readonly<Record<string, Spec>>;

/** An object with exactly these fields; `optional`: may be left out (its fields defaulted). */
export interface ObjectSpec {
  t: 'object';
  fields: Fields;
  optional?: boolean;
  about: string;
}

/** An object whose field `tag` says which other fields it has. */
export interface TaggedSpec<T extends string = string> {
  t: 'tagged';
  tag: string;
  noun: string;
  variants: Readonly<Record<T, Fields>>;
  about: string;
}

/** An optional object whose fields, all optional, are some of `keys`, each a `value`. */
export interface MapSpec {
  t: 'map';
  keys: readonly string[];
  value: ObjectSpec;
  about: string;
}

export type Spec =
  | NumberSpec
  | StringSpec
  | EnumSpec
  | BooleanSpec
  | IndexListSpec
  | CpuSpec
  | ListSpec
  | ObjectSpec
  | TaggedSpec
  | MapSpec;

/** Whether a file must give the field: no default of any kind. */
export function isRequired(s: Spec): boolean {
  if (s.t === 'object') return !s.optional;
  if ((s.t === 'number' || s.t === 'string') && s.optional) return false;
  if (s.t === 'map' || s.t === 'cpu') return false;
  if (s.t === 'number' && s.nullMeans !== undefined) return false;
  return !('default' in s) && !('defaultFrom' in s && s.defaultFrom !== undefined);
}

/** A µs value: 0 ≤ t ≤ 10^12 (limits.ts MAX_TIME_US). */
const time = (about: string, extra: Partial<NumberSpec> = {}): NumberSpec => ({
  t: 'number',
  min: 0,
  max: MAX_TIME_US,
  about,
  ...extra,
});
/** A µs value that must be positive: 0 < t ≤ 10^12. */
const positiveTime = (about: string): NumberSpec => time(about, { minExclusive: true });
const text = (maxLength: number, about: string, extra: Partial<StringSpec> = {}): StringSpec => ({
  t: 'string',
  maxLength,
  about,
  ...extra,
});

export const COLLECTIVE_SPEC: ObjectSpec = {
  t: 'object',
  about: "The machine's barrier (model.md §4): baseUs + perLevelUs × levels.",
  fields: {
    kind: {
      t: 'enum',
      values: ['hardware', 'software'],
      noun: 'a collective kind',
      about: 'hardware: levels = ⌈log2 nodes⌉; software: levels = ⌈log2 ranks⌉',
    },
    baseUs: time('µs of the barrier on one node'),
    perLevelUs: time('µs added per level of the tree'),
  },
};

/** machine.tree when the file leaves it (or one of its fields) out. */
export const DEFAULT_TREE: Readonly<Tree> = { fanout: 2, hopUs: 5 };

export const TREE_SPEC: ObjectSpec = {
  t: 'object',
  optional: true,
  about: 'The software reduction tree of the tree workloads (format 2): a k-ary heap of ranks.',
  fields: {
    fanout: {
      t: 'number',
      integer: true,
      min: MIN_TREE_FANOUT,
      max: MAX_TREE_FANOUT,
      default: DEFAULT_TREE.fanout,
      about: 'children per interior rank',
    },
    hopUs: time('µs from a send to its arrival one level up or down', {
      default: DEFAULT_TREE.hopUs,
    }),
  },
};

export type PlacementName = 'all' | 'clusterOffsets' | 'nodes' | 'fraction';

export const PLACEMENT_SPEC: TaggedSpec<PlacementName> = {
  t: 'tagged',
  tag: 'kind',
  noun: 'a placement kind',
  about: 'Which nodes the source runs on.',
  variants: {
    all: {},
    clusterOffsets: {
      offsets: {
        t: 'indexList',
        limit: MAX_NODES,
        below: 'machine.clusterSize',
        about: 'the cluster offsets whose nodes run the source',
      },
    },
    nodes: {
      ids: {
        t: 'indexList',
        limit: MAX_PLACEMENT_IDS,
        below: 'machine.nodes',
        about: 'the node ids that run the source',
      },
    },
    fraction: {
      p: { t: 'number', min: 0, max: 1, about: 'the chance that a node runs the source' },
    },
  },
};

/** docs/slow-nodes.md: a compute takes at most this many times as long on a slow node. */
export const MAX_COMPUTE_FACTOR = 10;

export const SLOW_NODES_SPEC: ObjectSpec = {
  t: 'object',
  optional: true,
  about:
    'Nodes that compute slower than the others (format 2; docs/slow-nodes.md): on them a ' +
    'compute of g µs takes computeFactor × g.',
  fields: {
    placement: {
      ...PLACEMENT_SPEC,
      about:
        'Which nodes are slow, written as a noise source’s placement (`fraction`: each node ' +
        'with probability p, drawn per run).',
    },
    computeFactor: {
      t: 'number',
      min: 1,
      max: MAX_COMPUTE_FACTOR,
      about: 'how many times longer a compute takes on a slow node',
    },
  },
};

export const MACHINE_SPEC: ObjectSpec = {
  t: 'object',
  about: 'The whole machine.',
  fields: {
    name: text(MAX_NAME_LENGTH, "the machine's name", { default: '' }),
    nodes: { t: 'number', integer: true, min: 1, max: MAX_NODES, about: 'nodes of the machine' },
    coresPerNode: {
      t: 'number',
      integer: true,
      min: 1,
      max: MAX_CORES_PER_NODE,
      about: 'cores of each node',
    },
    clusterSize: {
      t: 'number',
      integer: true,
      min: 1,
      max: MAX_NODES,
      defaultFrom: 'machine.nodes',
      about: "nodes per cluster; a node's cluster offset is its id mod clusterSize",
    },
    collective: COLLECTIVE_SPEC,
    tree: TREE_SPEC,
    slowNodes: SLOW_NODES_SPEC,
  },
};

export const JOB_SPEC: ObjectSpec = {
  t: 'object',
  about: 'The job: which nodes and cores it runs on, and how its ranks wait.',
  fields: {
    nodes: {
      t: 'number',
      integer: true,
      min: 1,
      max: MAX_NODES,
      about: 'nodes of the job, at most the nodes left after excludeOffsets',
    },
    ranksPerNode: {
      t: 'number',
      integer: true,
      min: 1,
      max: MAX_CORES_PER_NODE,
      about: 'ranks on each node, at most coresPerNode minus the reserved cores',
    },
    reservedCores: {
      t: 'indexList',
      limit: MAX_CORES_PER_NODE,
      below: 'machine.coresPerNode',
      default: [],
      about: 'cores of every node left to the OS (no rank runs there)',
    },
    excludeOffsets: {
      t: 'indexList',
      limit: MAX_NODES,
      below: 'machine.clusterSize',
      default: [],
      about: 'cluster offsets whose nodes the job does not use',
    },
    waitMode: {
      t: 'enum',
      values: ['poll', 'block'],
      noun: 'a wait mode',
      default: 'poll',
      about: 'how a rank waits at a collective: spinning (poll) or asleep (block)',
    },
    wakeupUs: time('µs a blocked rank needs after release before it computes again', {
      default: 0,
    }),
  },
};

const iterations: NumberSpec = {
  t: 'number',
  integer: true,
  min: 1,
  max: MAX_ITERATIONS,
  about: 'iterations run, warm-up included',
};
const warmup: NumberSpec = {
  t: 'number',
  integer: true,
  min: 0,
  max: MAX_ITERATIONS,
  default: 0,
  about: 'the first iterations, left out of every statistic (fewer than iterations)',
};
const hopUs = time("µs per tree hop of this workload's message", {
  nullMeans: 'use machine.tree.hopUs',
});
const phases = (about: string): NumberSpec => ({
  t: 'number',
  integer: true,
  min: 1,
  max: MAX_PHASES_PER_ITERATION,
  about,
});

/** SAGE's cells per PE when the file leaves it out (ASCI Q paper, Table 3). */
export const DEFAULT_CELLS_PER_PE = 13_500;

export type WorkloadKindName =
  'barrier' | 'allreduce' | 'mpi-fwq' | 'sage' | 'pop' | 'halo' | 'alltoall' | 'wavefront';

/** A point-to-point message's cost: latency + bytes × µs per byte (halo, all-to-all, wavefront). */
function messageFields(what: string) {
  return {
    latencyUs: time('µs from the send of a message to its arrival, whatever its size'),
    messageBytes: {
      t: 'number',
      integer: true,
      min: 0,
      max: MAX_MESSAGE_BYTES,
      default: 0,
      about: `bytes per message (${what})`,
    },
    usPerByte: {
      t: 'number',
      min: 0,
      max: 1,
      default: 0,
      about: 'µs per byte of a message (the inverse of the bandwidth)',
    },
  } satisfies Fields;
}

export const WORKLOAD_SPEC: TaggedSpec<WorkloadKindName> = {
  t: 'tagged',
  tag: 'kind',
  noun: 'a workload kind',
  about: 'What every rank runs (docs/workloads.md); its kind decides its other fields.',
  variants: {
    barrier: {
      granularityUs: time('µs of compute between barriers (g)'),
      iterations,
      warmup,
    },
    allreduce: {
      granularityUs: time('µs of compute between allreduces over the software tree'),
      iterations,
      warmup,
      hopUs,
    },
    'mpi-fwq': {
      workUs: positiveTime('µs of each fixed work quantum'),
      iterations,
      warmup,
      hopUs,
    },
    sage: {
      cellsPerPE: {
        t: 'number',
        integer: true,
        min: 1,
        max: MAX_CELLS_PER_PE,
        default: DEFAULT_CELLS_PER_PE,
        about: 'cells per processing element, for the processing rate',
      },
      computeUsPerCycle: positiveTime('µs of computation per cycle and per PE'),
      allreducesPerCycle: phases('allreduces per cycle'),
      iterations,
      warmup,
      hopUs,
    },
    pop: {
      baroclinicUs: time('µs·rank of baroclinic work per step, divided among the ranks'),
      barotropicIterations: phases('solver iterations per step, each ending in an allreduce'),
      barotropicUs: time('µs·rank of work per solver iteration, divided among the ranks'),
      barotropicSerialUs: time('µs per solver iteration that every rank computes', {
        default: 0,
      }),
      iterations,
      warmup,
      hopUs,
    },
    halo: {
      granularityUs: time('µs of compute between halo exchanges (g)'),
      dimensions: {
        t: 'number',
        integer: true,
        min: 1,
        max: 3,
        default: 2,
        about: "the grid's dimensions; its sides are the balanced factorisation of the ranks",
      },
      periodic: { t: 'boolean', default: true, about: 'the grid wraps around at its edges' },
      barrierBefore: {
        t: 'boolean',
        optional: true,
        default: false,
        about:
          'each update starts with a barrier, so every rank starts it at once (a benchmark timing one update: docs/workloads.md §7)',
      },
      ...messageFields('one face of the halo'),
      overheadUs: time(
        'µs of CPU time per message sent and per message received (0: none), which noise pauses (docs/workloads.md §7)',
        { optional: true, default: 0 },
      ),
      iterations,
      warmup,
    },
    alltoall: {
      granularityUs: time('µs of compute between all-to-all exchanges (g)'),
      ...messageFields("one rank's block for one other rank"),
      iterations,
      warmup,
    },
    wavefront: {
      granularityUs: time('µs of compute per iteration and rank, shared by its 2 × stages stages'),
      stages: {
        t: 'number',
        integer: true,
        min: 1,
        max: MAX_WAVEFRONT_STAGES,
        about: 'stages per sweep: the planes each rank computes one after another',
      },
      ...messageFields("one stage's face"),
      iterations,
      warmup,
    },
  },
};

export type DistName = 'fixed' | 'uniform' | 'exponential' | 'normal' | 'lognormal' | 'pareto';

export const DURATION_SPEC: TaggedSpec<DistName> = {
  t: 'tagged',
  tag: 'dist',
  noun: 'a duration distribution',
  about: "The distribution of one event's duration (model.md §2).",
  variants: {
    fixed: { valueUs: time('µs of every event') },
    uniform: { minUs: time('µs, the shortest (at most maxUs)'), maxUs: time('µs, the longest') },
    exponential: { meanUs: time('µs, the mean') },
    normal: { meanUs: time('µs, the mean'), sdUs: time('µs, the standard deviation') },
    lognormal: {
      medianUs: time('µs, the median'),
      sigma: {
        t: 'number',
        min: 0,
        max: MAX_SHAPE_PARAMETER,
        about: 'the standard deviation of the logarithm',
      },
    },
    pareto: {
      scaleUs: positiveTime('µs, the shortest duration'),
      shape: {
        t: 'number',
        min: 0,
        minExclusive: true,
        max: MAX_SHAPE_PARAMETER,
        about: 'the tail index α',
      },
    },
  },
};

export const PROVENANCE_BASES = ['published', 'calibrated'] as const;

export const PROVENANCE_ENTRY_SPEC: ObjectSpec = {
  t: 'object',
  about: 'Where one value of the source comes from.',
  fields: {
    basis: {
      t: 'enum',
      values: PROVENANCE_BASES,
      noun: 'a provenance basis',
      about: "published: the paper's value; calibrated: chosen to reproduce `against`",
    },
    cite: text(MAX_PROVENANCE_TEXT_LENGTH, 'where in the paper', { minLength: 1 }),
    against: text(
      MAX_PROVENANCE_TEXT_LENGTH,
      'the published result a calibrated value was fitted to (required then; "" otherwise)',
      { default: '' },
    ),
    note: text(MAX_PROVENANCE_TEXT_LENGTH, 'a remark', { default: '' }),
  },
};

export const SOURCE_SPEC: ObjectSpec = {
  t: 'object',
  about: 'One noise source (model.md §2).',
  fields: {
    id: text(MAX_ID_LENGTH, 'unique among the sources; used in links and CLI flags', {
      minLength: 1,
      pattern: '^[a-z0-9-]+$',
    }),
    // Neither may be empty: an empty label is a nameless row in the panel, an empty category a
    // nameless group in every chart's legend and in the CLI's byCategory.
    label: text(MAX_NAME_LENGTH, 'the name shown in the app', {
      defaultFrom: 'the id',
      minLength: 1,
    }),
    category: text(MAX_NAME_LENGTH, 'a group for charts and legends (kernel, daemon, …)', {
      default: 'other',
      minLength: 1,
    }),
    enabled: { t: 'boolean', default: true, about: 'whether the source runs' },
    periodUs: positiveTime('µs between events (the mean, for Poisson arrivals)'),
    arrival: {
      t: 'enum',
      values: ['periodic', 'poisson'],
      noun: 'an arrival',
      default: 'periodic',
      about: 'events every periodUs, or at Poisson times of that mean interval',
    },
    phase: {
      t: 'enum',
      values: ['random', 'aligned'],
      noun: 'a phase',
      default: 'random',
      about: 'random: a phase drawn per node; aligned: phaseOffsetUs on every node (periodic only)',
    },
    phaseOffsetUs: time(
      'µs of the first event, below periodUs (with phase "aligned"); in a group, the part’s ' +
        'delay after the group’s start',
      {
        default: 0,
      },
    ),
    phaseWindowUs: time(
      'µs: every node starts within this window of one common instant drawn per run (at most ' +
        'periodUs; periodic arrival, random phase); absent: independent phases per node',
      { optional: true },
    ),
    group: text(
      MAX_ID_LENGTH,
      'sources of one group are parts of one activity: on a node they start together (same ' +
        'period, placement and window)',
      { optional: true, minLength: 1, pattern: '^[a-z0-9-]+$' },
    ),
    runProbability: {
      t: 'number',
      min: 0,
      max: 1,
      optional: true,
      about:
        'the probability that the source runs at all in a run, drawn once per run from the seed ' +
        '(parts of a group together); absent: it always runs',
    },
    eventProbability: {
      t: 'number',
      min: 0,
      max: 1,
      optional: true,
      about:
        'the probability that a period’s event happens, drawn once per period and shared by ' +
        'every node (periodic arrival, no group); absent: every period',
    },
    duration: DURATION_SPEC,
    placement: PLACEMENT_SPEC,
    cpu: {
      t: 'cpu',
      default: 'any',
      about: '"any": the event takes one core, chosen per event; or the index of a core',
    },
    provenance: {
      t: 'map',
      keys: PROVENANCE_FIELDS,
      value: PROVENANCE_ENTRY_SPEC,
      about: 'For some of the fields above, where the value comes from (format 2).',
    },
  },
};

export const SCENARIO_SPEC: ObjectSpec = {
  t: 'object',
  about: 'A NoiseLab scenario.',
  fields: {
    $schema: text(2_000, 'the JSON Schema this file follows (ignored by NoiseLab)', {
      default: '',
    }),
    format: {
      t: 'enum',
      values: [SCENARIO_FORMAT],
      noun: 'a NoiseLab scenario format',
      about: 'always "noiselab-scenario"',
    },
    version: {
      t: 'number',
      integer: true,
      min: 1,
      about: 'the format version the file was written in',
    },
    title: text(MAX_NAME_LENGTH, 'shown in the app', { minLength: 1 }),
    description: text(MAX_DESCRIPTION_LENGTH, 'free text shown in the app', { default: '' }),
    references: {
      t: 'list',
      items: text(MAX_REFERENCE_LENGTH, 'a citation'),
      maxLength: MAX_REFERENCES,
      default: [],
      about: 'where the values come from',
    },
    seed: {
      t: 'number',
      integer: true,
      min: 0,
      max: SEED_LIMIT - 1,
      about: 'the seed of every random draw',
    },
    machine: MACHINE_SPEC,
    job: JOB_SPEC,
    workload: WORKLOAD_SPEC,
    noise: {
      t: 'list',
      items: SOURCE_SPEC,
      maxLength: MAX_NOISE_SOURCES,
      about: 'the noise sources (may be empty)',
    },
  },
};

/** The fields of `spec`, in the order of the format. */
export const fieldsOf = (spec: ObjectSpec): string[] => Object.keys(spec.fields);

/** The field `key` of an object spec as the kind of spec the validator expects there. */
export function field<S extends Spec['t']>(
  fields: Fields,
  key: string,
  t: S,
): Extract<Spec, { t: S }> {
  const s = fields[key];
  if (s?.t !== t) throw new Error(`spec: ${key} is not a ${t}`);
  return s as Extract<Spec, { t: S }>;
}
