// Validation of the run setup: machine, job and workload (scenario-format.md, model.md §1 and
// §4; format 2 adds machine.tree and the workload kinds of docs/scenario-format-2.md), including
// the pairs that must agree: job size vs nodes left after exclusion, ranks vs free cores,
// warm-up vs iterations.

import {
  type Checker,
  complete,
  type Draft,
  fmt,
  join,
  type MachineFacts,
  maybeEnum,
  maybeIndexList,
  maybeInteger,
  maybeNumber,
  maybeRecord,
  maybeString,
  maybeTag,
  type Range,
  rangeText,
} from './check.ts';
import {
  MAX_CELLS_PER_PE,
  MAX_CORES_PER_NODE,
  MAX_ITERATIONS,
  MAX_NAME_LENGTH,
  MAX_NODES,
  MAX_PHASES_PER_ITERATION,
  MAX_TIME_US,
  MAX_TOTAL_CORES,
  MAX_TREE_FANOUT,
  MIN_TREE_FANOUT,
} from './limits.ts';
import type { Collective, Job, Machine, Tree, Workload, WorkloadKind } from './types.ts';

const MACHINE_FIELDS = ['name', 'nodes', 'coresPerNode', 'clusterSize', 'collective', 'tree'];
const COLLECTIVE_FIELDS = ['kind', 'baseUs', 'perLevelUs'];
const TREE_FIELDS = ['fanout', 'hopUs'];
/** machine.tree when the file leaves it (or one of its fields) out. */
export const DEFAULT_TREE: Readonly<Tree> = { fanout: 2, hopUs: 5 };
const JOB_FIELDS = [
  'nodes',
  'ranksPerNode',
  'reservedCores',
  'excludeOffsets',
  'waitMode',
  'wakeupUs',
];
/** The fields of each workload kind besides `kind`, in the order of the format. */
const WORKLOAD_FIELDS: Record<WorkloadKind, readonly string[]> = {
  barrier: ['granularityUs', 'iterations', 'warmup'],
  allreduce: ['granularityUs', 'iterations', 'warmup', 'hopUs'],
  'mpi-fwq': ['workUs', 'iterations', 'warmup', 'hopUs'],
  sage: ['cellsPerPE', 'computeUsPerCycle', 'allreducesPerCycle', 'iterations', 'warmup', 'hopUs'],
  pop: [
    'baroclinicUs',
    'barotropicIterations',
    'barotropicUs',
    'barotropicSerialUs',
    'iterations',
    'warmup',
    'hopUs',
  ],
};
export const WORKLOAD_KINDS = Object.keys(WORKLOAD_FIELDS) as WorkloadKind[];
/** SAGE's cells per PE when the file leaves it out (ASCI Q paper, Table 3). */
export const DEFAULT_CELLS_PER_PE = 13_500;
const TIME: Range = { min: 0, max: MAX_TIME_US };
const POSITIVE_TIME: Range = { min: 0, minExclusive: true, max: MAX_TIME_US };
const PHASES: Range = { min: 1, max: MAX_PHASES_PER_ITERATION };

/** Nodes of the machine whose cluster offset (id mod clusterSize) is not excluded. */
export function nodesLeftAfterExclusion(
  nodes: number,
  clusterSize: number,
  excludeOffsets: readonly number[],
): number {
  const fullClusters = Math.floor(nodes / clusterSize);
  const rest = nodes % clusterSize; // the partial last cluster holds offsets 0..rest-1
  let excluded = 0;
  for (const offset of new Set(excludeOffsets)) {
    if (offset < clusterSize) excluded += fullClusters + (offset < rest ? 1 : 0);
  }
  return nodes - excluded;
}

/** The machine, and its sizes one by one so later checks can use whichever are valid. */
export function maybeMachine(
  c: Checker,
  value: unknown,
): { machine?: Machine; facts: MachineFacts } {
  const rec = maybeRecord(c, 'machine', value, MACHINE_FIELDS);
  if (rec === undefined) return { facts: {} };
  const before = c.issues.length;
  const at = (key: string) => join('machine', key);
  const nodes = maybeInteger(c, at('nodes'), rec.nodes, { min: 1, max: MAX_NODES });
  const coresPerNode = maybeInteger(c, at('coresPerNode'), rec.coresPerNode, {
    min: 1,
    max: MAX_CORES_PER_NODE,
  });
  // A cluster larger than the machine is allowed: shrinking `nodes` of a real machine's
  // scenario (ASCI Q, clusterSize 32) to 16 nodes must still load.
  const clusterSize = maybeInteger(c, at('clusterSize'), rec.clusterSize, {
    min: 1,
    max: MAX_NODES,
    default: nodes,
  });
  if (nodes !== undefined && coresPerNode !== undefined && nodes * coresPerNode > MAX_TOTAL_CORES) {
    const total = `${nodes} nodes × ${coresPerNode} cores is ${nodes * coresPerNode} cores`;
    c.add('machine', undefined, `${total}; allowed: at most ${MAX_TOTAL_CORES} in total`);
  }
  const machine = complete<Machine>(c, before, {
    name: maybeString(c, at('name'), rec.name, { maxLength: MAX_NAME_LENGTH, default: '' }),
    nodes,
    coresPerNode,
    clusterSize,
    collective: maybeCollective(c, at('collective'), rec.collective),
    tree: maybeTree(c, at('tree'), rec.tree),
  });
  return { machine, facts: { nodes, coresPerNode, clusterSize } };
}

/** The software tree of the tree workloads (format 2): optional, each field defaulted. */
function maybeTree(c: Checker, path: string, value: unknown): Tree | undefined {
  if (value === undefined) return { ...DEFAULT_TREE };
  const rec = maybeRecord(c, path, value, TREE_FIELDS);
  if (rec === undefined) return undefined;
  const before = c.issues.length;
  return complete<Tree>(c, before, {
    fanout: maybeInteger(c, join(path, 'fanout'), rec.fanout, {
      min: MIN_TREE_FANOUT,
      max: MAX_TREE_FANOUT,
      default: DEFAULT_TREE.fanout,
    }),
    hopUs: maybeNumber(c, join(path, 'hopUs'), rec.hopUs, { ...TIME, default: DEFAULT_TREE.hopUs }),
  });
}

function maybeCollective(c: Checker, path: string, value: unknown): Collective | undefined {
  const rec = maybeRecord(c, path, value, COLLECTIVE_FIELDS);
  if (rec === undefined) return undefined;
  const before = c.issues.length;
  return complete<Collective>(c, before, {
    kind: maybeEnum(c, join(path, 'kind'), rec.kind, ['hardware', 'software'], 'a collective kind'),
    baseUs: maybeNumber(c, join(path, 'baseUs'), rec.baseUs, TIME),
    perLevelUs: maybeNumber(c, join(path, 'perLevelUs'), rec.perLevelUs, TIME),
  });
}

export function maybeJob(c: Checker, value: unknown, m: MachineFacts): Job | undefined {
  const rec = maybeRecord(c, 'job', value, JOB_FIELDS);
  if (rec === undefined) return undefined;
  const before = c.issues.length;
  const at = (key: string) => join('job', key);
  const nodes = maybeInteger(c, at('nodes'), rec.nodes, { min: 1, max: MAX_NODES });
  const ranksPerNode = maybeInteger(c, at('ranksPerNode'), rec.ranksPerNode, {
    min: 1,
    max: MAX_CORES_PER_NODE,
  });
  const reservedCores = maybeIndexList(c, at('reservedCores'), rec.reservedCores, {
    below: m.coresPerNode,
    limit: MAX_CORES_PER_NODE,
    why: `coresPerNode is ${m.coresPerNode}`,
    default: [],
  });
  const excludeOffsets = maybeIndexList(c, at('excludeOffsets'), rec.excludeOffsets, {
    below: m.clusterSize,
    limit: MAX_NODES,
    why: `clusterSize is ${m.clusterSize}`,
    default: [],
  });
  if (nodes !== undefined && m.nodes !== undefined && m.clusterSize !== undefined) {
    if (excludeOffsets) {
      const left = nodesLeftAfterExclusion(m.nodes, m.clusterSize, excludeOffsets);
      checkJobNodes(c, nodes, m.nodes, left);
    }
  }
  if (ranksPerNode !== undefined && m.coresPerNode !== undefined && reservedCores) {
    checkRanks(c, ranksPerNode, m.coresPerNode, reservedCores.length);
  }
  return complete<Job>(c, before, {
    nodes,
    ranksPerNode,
    reservedCores,
    excludeOffsets,
    waitMode: maybeEnum(c, at('waitMode'), rec.waitMode, ['poll', 'block'], 'a wait mode', {
      default: 'poll',
    }),
    wakeupUs: maybeNumber(c, at('wakeupUs'), rec.wakeupUs, { ...TIME, default: 0 }),
  });
}

function checkJobNodes(c: Checker, nodes: number, machineNodes: number, left: number) {
  if (left === 0) {
    c.add('job.excludeOffsets', undefined, 'leaves no node of the machine for the job');
  } else if (nodes > left && left === machineNodes) {
    c.add('job.nodes', nodes, `is more than the ${left} nodes of the machine; allowed: 1..${left}`);
  } else if (nodes > left) {
    const why = `is more than the ${left} nodes left after exclusion`;
    c.add('job.nodes', nodes, `${why}; allowed: 1..${left}`);
  }
}

function checkRanks(c: Checker, ranks: number, cores: number, reserved: number) {
  const free = cores - reserved;
  if (free === 0) {
    c.add('job.reservedCores', undefined, `leaves no core for ranks (coresPerNode is ${cores})`);
  } else if (ranks > free && reserved === 0) {
    c.add(
      'job.ranksPerNode',
      ranks,
      `is more than the ${cores} cores per node; allowed: 1..${free}`,
    );
  } else if (ranks > free) {
    const why = `is more than the ${free} free cores (coresPerNode ${cores} minus ${reserved} reserved)`;
    c.add('job.ranksPerNode', ranks, `${why}; allowed: 1..${free}`);
  }
}

export function maybeWorkload(c: Checker, value: unknown): Workload | undefined {
  // The kind decides which other fields are allowed, hence the tag first.
  const kind = maybeTag(c, 'workload', value, 'kind', WORKLOAD_KINDS, 'a workload kind');
  if (kind === undefined) return undefined;
  const allowed = ['kind', ...WORKLOAD_FIELDS[kind]];
  const rec = maybeRecord(c, 'workload', value, allowed, ` for kind "${kind}"`);
  if (rec === undefined) return undefined;
  const before = c.issues.length;
  const at = (key: string) => join('workload', key);
  const num = (key: string, range: Range & { default?: number }) =>
    maybeNumber(c, at(key), rec[key], range);
  const int = (key: string, range: Range & { default?: number }) =>
    maybeInteger(c, at(key), rec[key], range);
  // Fields are read in the order of the format, so the messages follow the file.
  let w: Draft<Workload>;
  switch (kind) {
    case 'barrier':
      w = { kind, granularityUs: num('granularityUs', TIME), ...maybeRuns(c, rec) };
      break;
    case 'allreduce':
      w = {
        kind,
        granularityUs: num('granularityUs', TIME),
        ...maybeRuns(c, rec),
        hopUs: maybeHopUs(c, at('hopUs'), rec.hopUs),
      };
      break;
    case 'mpi-fwq':
      w = {
        kind,
        workUs: num('workUs', POSITIVE_TIME),
        ...maybeRuns(c, rec),
        hopUs: maybeHopUs(c, at('hopUs'), rec.hopUs),
      };
      break;
    case 'sage':
      w = {
        kind,
        cellsPerPE: int('cellsPerPE', {
          min: 1,
          max: MAX_CELLS_PER_PE,
          default: DEFAULT_CELLS_PER_PE,
        }),
        computeUsPerCycle: num('computeUsPerCycle', POSITIVE_TIME),
        allreducesPerCycle: int('allreducesPerCycle', PHASES),
        ...maybeRuns(c, rec),
        hopUs: maybeHopUs(c, at('hopUs'), rec.hopUs),
      };
      break;
    case 'pop':
      w = {
        kind,
        baroclinicUs: num('baroclinicUs', TIME),
        barotropicIterations: int('barotropicIterations', PHASES),
        barotropicUs: num('barotropicUs', TIME),
        barotropicSerialUs: num('barotropicSerialUs', { ...TIME, default: 0 }),
        ...maybeRuns(c, rec),
        hopUs: maybeHopUs(c, at('hopUs'), rec.hopUs),
      };
      break;
  }
  return complete<Workload>(c, before, w as Draft<Workload>);
}

/** `iterations` and `warmup`, common to every kind: warmup < iterations. */
function maybeRuns(c: Checker, rec: Record<string, unknown>) {
  const iterations = maybeInteger(c, 'workload.iterations', rec.iterations, {
    min: 1,
    max: MAX_ITERATIONS,
  });
  let warmup = maybeInteger(c, 'workload.warmup', rec.warmup, {
    min: 0,
    max: MAX_ITERATIONS,
    default: 0,
  });
  if (warmup !== undefined && iterations !== undefined && warmup >= iterations) {
    const allowed = `allowed: 0..${fmt(iterations - 1)}`;
    c.add('workload.warmup', warmup, `is not less than iterations ${iterations}; ${allowed}`);
    warmup = undefined;
  }
  return { iterations, warmup };
}

/** A tree workload's own µs per hop; absent or null: use machine.tree.hopUs (kept as null). */
function maybeHopUs(c: Checker, path: string, value: unknown): number | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number') {
    const allowed = `allowed: ${rangeText(TIME)}, or null to use machine.tree.hopUs`;
    c.add(path, value, `is not a number; ${allowed}`);
    return undefined;
  }
  return maybeNumber(c, path, value, TIME);
}
