// Validation of the run setup: machine, job and workload (scenario-format.md, model.md §1 and
// §4), including the pairs that must agree: job size vs nodes left after exclusion, ranks vs
// free cores, warm-up vs iterations.

import {
  type Checker,
  complete,
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
} from './check.ts';
import {
  MAX_CORES_PER_NODE,
  MAX_ITERATIONS,
  MAX_NAME_LENGTH,
  MAX_NODES,
  MAX_TIME_US,
  MAX_TOTAL_CORES,
} from './limits.ts';
import type { Collective, Job, Machine, Workload } from './types.ts';

const MACHINE_FIELDS = ['name', 'nodes', 'coresPerNode', 'clusterSize', 'collective'];
const COLLECTIVE_FIELDS = ['kind', 'baseUs', 'perLevelUs'];
const JOB_FIELDS = [
  'nodes',
  'ranksPerNode',
  'reservedCores',
  'excludeOffsets',
  'waitMode',
  'wakeupUs',
];
const BARRIER_FIELDS = ['kind', 'granularityUs', 'iterations', 'warmup'];
const TIME: Range = { min: 0, max: MAX_TIME_US };

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
  });
  return { machine, facts: { nodes, coresPerNode, clusterSize } };
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
  // Later formats add kinds (sage, pop) with fields of their own, hence the tag first.
  const kind = maybeTag(c, 'workload', value, 'kind', ['barrier'], 'a workload kind of format 1');
  if (kind === undefined) return undefined;
  const rec = maybeRecord(c, 'workload', value, BARRIER_FIELDS);
  if (rec === undefined) return undefined;
  const before = c.issues.length;
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
  return complete<Workload>(c, before, {
    kind,
    granularityUs: maybeNumber(c, 'workload.granularityUs', rec.granularityUs, TIME),
    iterations,
    warmup,
  });
}
