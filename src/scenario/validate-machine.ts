// Validation of the run setup: machine, job and workload (scenario-format.md, model.md §1 and
// §4; format 2 adds machine.tree and the workload kinds of docs/scenario-format-2.md), including
// the pairs that must agree: job size vs nodes left after exclusion, ranks vs free cores,
// warm-up vs iterations.

import {
  clusterWhy,
  type Checker,
  complete,
  type Draft,
  fmt,
  join,
  type MachineFacts,
  maybeBoolean,
  maybeEnum,
  maybeIndexList,
  maybeNumber,
  maybeRecord,
  maybeString,
  maybeTag,
  rangeText,
} from './check.ts';
import { MAX_TOTAL_CORES } from './limits.ts';
import {
  COLLECTIVE_SPEC,
  DEFAULT_TREE,
  type EnumSpec,
  field,
  type Fields,
  fieldsOf,
  JOB_SPEC,
  MACHINE_SPEC,
  type NumberSpec,
  SLOW_NODES_SPEC,
  TREE_SPEC,
  WORKLOAD_SPEC,
} from './spec.ts';
import type { Collective, Job, Machine, SlowNodes, Tree, Workload, WorkloadKind } from './types.ts';
import { maybePlacement } from './validate-noise.ts';

const MACHINE = MACHINE_SPEC.fields;
const JOB = JOB_SPEC.fields;
const TREE = TREE_SPEC.fields;
const COLLECTIVE = COLLECTIVE_SPEC.fields;
const WORKLOADS = WORKLOAD_SPEC.variants;
export const WORKLOAD_KINDS = Object.keys(WORKLOADS) as WorkloadKind[];
const num = (fields: Fields, key: string) => field(fields, key, 'number');
const bool = (fields: Fields, key: string) => field(fields, key, 'boolean');

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
  const rec = maybeRecord(c, 'machine', value, fieldsOf(MACHINE_SPEC));
  if (rec === undefined) return { facts: {} };
  const before = c.issues.length;
  const at = (key: string) => join('machine', key);
  const nodes = maybeNumber(c, at('nodes'), rec.nodes, num(MACHINE, 'nodes'));
  const coresPerNode = maybeNumber(
    c,
    at('coresPerNode'),
    rec.coresPerNode,
    num(MACHINE, 'coresPerNode'),
  );
  // A cluster larger than the machine is allowed: shrinking `nodes` of a real machine's
  // scenario (ASCI Q, clusterSize 32) to 16 nodes must still load.
  const clusterSize = maybeNumber(c, at('clusterSize'), rec.clusterSize, {
    ...num(MACHINE, 'clusterSize'),
    default: nodes,
  });
  if (nodes !== undefined && coresPerNode !== undefined && nodes * coresPerNode > MAX_TOTAL_CORES) {
    const total = `${nodes} nodes × ${coresPerNode} cores is ${nodes * coresPerNode} cores`;
    c.add('machine', undefined, `${total}; allowed: at most ${MAX_TOTAL_CORES} in total`);
  }
  const machine = complete<Machine>(c, before, {
    name: maybeString(c, at('name'), rec.name, field(MACHINE, 'name', 'string')),
    nodes,
    coresPerNode,
    clusterSize,
    collective: maybeCollective(c, at('collective'), rec.collective),
    tree: maybeTree(c, at('tree'), rec.tree),
    ...(rec.slowNodes === undefined
      ? {}
      : {
          slowNodes: maybeSlowNodes(c, at('slowNodes'), rec.slowNodes, {
            nodes,
            coresPerNode,
            clusterSize,
          }),
        }),
  });
  return { machine, facts: { nodes, coresPerNode, clusterSize } };
}

/** Slow nodes (format 2, docs/slow-nodes.md): a placement and a compute factor, both required. */
function maybeSlowNodes(
  c: Checker,
  path: string,
  value: unknown,
  m: MachineFacts,
): SlowNodes | undefined {
  const rec = maybeRecord(c, path, value, fieldsOf(SLOW_NODES_SPEC));
  if (rec === undefined) return undefined;
  const before = c.issues.length;
  return complete<SlowNodes>(c, before, {
    placement: maybePlacement(c, join(path, 'placement'), rec.placement, m),
    computeFactor: maybeNumber(
      c,
      join(path, 'computeFactor'),
      rec.computeFactor,
      num(SLOW_NODES_SPEC.fields, 'computeFactor'),
    ),
  });
}

/** The software tree of the tree workloads (format 2): optional, each field defaulted. */
function maybeTree(c: Checker, path: string, value: unknown): Tree | undefined {
  if (value === undefined) return { ...DEFAULT_TREE };
  const rec = maybeRecord(c, path, value, fieldsOf(TREE_SPEC));
  if (rec === undefined) return undefined;
  const before = c.issues.length;
  return complete<Tree>(c, before, {
    fanout: maybeNumber(c, join(path, 'fanout'), rec.fanout, num(TREE, 'fanout')),
    hopUs: maybeNumber(c, join(path, 'hopUs'), rec.hopUs, num(TREE, 'hopUs')),
  });
}

function maybeCollective(c: Checker, path: string, value: unknown): Collective | undefined {
  const rec = maybeRecord(c, path, value, fieldsOf(COLLECTIVE_SPEC));
  if (rec === undefined) return undefined;
  const before = c.issues.length;
  const kind = field(COLLECTIVE, 'kind', 'enum') as EnumSpec<Collective['kind']>;
  return complete<Collective>(c, before, {
    kind: maybeEnum(c, join(path, 'kind'), rec.kind, kind.values, kind.noun),
    baseUs: maybeNumber(c, join(path, 'baseUs'), rec.baseUs, num(COLLECTIVE, 'baseUs')),
    perLevelUs: maybeNumber(
      c,
      join(path, 'perLevelUs'),
      rec.perLevelUs,
      num(COLLECTIVE, 'perLevelUs'),
    ),
  });
}

export function maybeJob(c: Checker, value: unknown, m: MachineFacts): Job | undefined {
  const rec = maybeRecord(c, 'job', value, fieldsOf(JOB_SPEC));
  if (rec === undefined) return undefined;
  const before = c.issues.length;
  const at = (key: string) => join('job', key);
  // Outside the format's range, the range named is the machine's (1..its nodes), not the
  // format's largest machine: below 1 here, above it as more than the machine has
  // (checkJobNodes), so that -3 and 10⁹ on one machine name the same range.
  const format = num(JOB, 'nodes');
  const machineKnown = m.nodes !== undefined && m.clusterSize !== undefined;
  const nodesRange =
    !machineKnown || typeof rec.nodes !== 'number'
      ? format
      : rec.nodes < 1
        ? { ...format, max: m.nodes }
        : { ...format, max: Infinity };
  const nodes = maybeNumber(c, at('nodes'), rec.nodes, nodesRange);
  // The same for ranks per node: the range named is the cores left for ranks (1..4 on ASCI Q),
  // whether the value is 0 or 500, not the format's 1..256 for one and the machine's for the other.
  const ranksFormat = num(JOB, 'ranksPerNode');
  const reserved = Array.isArray(rec.reservedCores) ? new Set(rec.reservedCores).size : 0;
  const free = m.coresPerNode === undefined ? 0 : m.coresPerNode - reserved;
  const ranksRange =
    free < 1 || typeof rec.ranksPerNode !== 'number'
      ? ranksFormat
      : rec.ranksPerNode < 1
        ? { ...ranksFormat, max: free }
        : { ...ranksFormat, max: Infinity };
  const ranksPerNode = maybeNumber(c, at('ranksPerNode'), rec.ranksPerNode, ranksRange);
  const reservedCores = maybeIndexList(c, at('reservedCores'), rec.reservedCores, {
    ...field(JOB, 'reservedCores', 'indexList'),
    below: m.coresPerNode,
    why: `a node has ${m.coresPerNode} cores`,
  });
  const excludeOffsets = maybeIndexList(c, at('excludeOffsets'), rec.excludeOffsets, {
    ...field(JOB, 'excludeOffsets', 'indexList'),
    below: m.clusterSize,
    why: clusterWhy(m),
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
  const waitMode = field(JOB, 'waitMode', 'enum') as EnumSpec<Job['waitMode']>;
  return complete<Job>(c, before, {
    nodes,
    ranksPerNode,
    reservedCores,
    excludeOffsets,
    waitMode: maybeEnum(c, at('waitMode'), rec.waitMode, waitMode.values, waitMode.noun, waitMode),
    wakeupUs: maybeNumber(c, at('wakeupUs'), rec.wakeupUs, num(JOB, 'wakeupUs')),
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
    c.add('job.reservedCores', undefined, `leaves no core for ranks (a node has ${cores} cores)`);
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
  const { tag, noun } = WORKLOAD_SPEC;
  const kind = maybeTag(c, 'workload', value, tag, WORKLOAD_KINDS, noun);
  if (kind === undefined) return undefined;
  const fields = WORKLOADS[kind];
  const allowed = [tag, ...Object.keys(fields)];
  const rec = maybeRecord(c, 'workload', value, allowed, ` for kind "${kind}"`);
  if (rec === undefined) return undefined;
  const before = c.issues.length;
  const at = (key: string) => join('workload', key);
  const read = (key: string) => maybeNumber(c, at(key), rec[key], num(fields, key));
  // Fields are read in the order of the format, so the messages follow the file.
  let w: Draft<Workload>;
  switch (kind) {
    case 'barrier':
      w = { kind, granularityUs: read('granularityUs'), ...maybeRuns(c, rec, fields) };
      break;
    case 'allreduce':
      w = {
        kind,
        granularityUs: read('granularityUs'),
        ...maybeRuns(c, rec, fields),
        hopUs: maybeHopUs(c, at('hopUs'), rec.hopUs, num(fields, 'hopUs')),
      };
      break;
    case 'mpi-fwq':
      w = {
        kind,
        workUs: read('workUs'),
        ...maybeRuns(c, rec, fields),
        hopUs: maybeHopUs(c, at('hopUs'), rec.hopUs, num(fields, 'hopUs')),
      };
      break;
    case 'sage':
      w = {
        kind,
        cellsPerPE: read('cellsPerPE'),
        computeUsPerCycle: read('computeUsPerCycle'),
        allreducesPerCycle: read('allreducesPerCycle'),
        ...maybeRuns(c, rec, fields),
        hopUs: maybeHopUs(c, at('hopUs'), rec.hopUs, num(fields, 'hopUs')),
      };
      break;
    case 'pop':
      w = {
        kind,
        baroclinicUs: read('baroclinicUs'),
        barotropicIterations: read('barotropicIterations'),
        barotropicUs: read('barotropicUs'),
        barotropicSerialUs: read('barotropicSerialUs'),
        ...maybeRuns(c, rec, fields),
        hopUs: maybeHopUs(c, at('hopUs'), rec.hopUs, num(fields, 'hopUs')),
      };
      break;
    case 'halo':
      w = {
        kind,
        granularityUs: read('granularityUs'),
        dimensions: read('dimensions'),
        periodic: maybeBoolean(c, at('periodic'), rec.periodic, bool(fields, 'periodic')),
        ...(rec.barrierBefore === undefined
          ? {}
          : {
              barrierBefore: maybeBoolean(
                c,
                at('barrierBefore'),
                rec.barrierBefore,
                bool(fields, 'barrierBefore'),
              ),
            }),
        latencyUs: read('latencyUs'),
        messageBytes: read('messageBytes'),
        usPerByte: read('usPerByte'),
        ...(rec.overheadUs === undefined ? {} : { overheadUs: read('overheadUs') }),
        ...maybeRuns(c, rec, fields),
      };
      break;
    case 'alltoall':
      w = {
        kind,
        granularityUs: read('granularityUs'),
        latencyUs: read('latencyUs'),
        messageBytes: read('messageBytes'),
        usPerByte: read('usPerByte'),
        ...maybeRuns(c, rec, fields),
      };
      break;
    case 'wavefront':
      w = {
        kind,
        granularityUs: read('granularityUs'),
        stages: read('stages'),
        latencyUs: read('latencyUs'),
        messageBytes: read('messageBytes'),
        usPerByte: read('usPerByte'),
        ...maybeRuns(c, rec, fields),
      };
      break;
  }
  return complete<Workload>(c, before, w as Draft<Workload>);
}

/** `iterations` and `warmup`, common to every kind: warmup < iterations. */
function maybeRuns(c: Checker, rec: Record<string, unknown>, fields: Fields) {
  const iterations = maybeNumber(
    c,
    'workload.iterations',
    rec.iterations,
    num(fields, 'iterations'),
  );
  let warmup = maybeNumber(c, 'workload.warmup', rec.warmup, num(fields, 'warmup'));
  if (warmup !== undefined && iterations !== undefined && warmup >= iterations) {
    const allowed = `allowed: 0..${fmt(iterations - 1)}`;
    c.add('workload.warmup', warmup, `is not less than iterations ${iterations}; ${allowed}`);
    warmup = undefined;
  }
  return { iterations, warmup };
}

/** A tree workload's own µs per hop; absent or null: use machine.tree.hopUs (kept as null). */
function maybeHopUs(
  c: Checker,
  path: string,
  value: unknown,
  spec: NumberSpec,
): number | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number') {
    const allowed = `allowed: ${rangeText(spec)}, or null to ${spec.nullMeans}`;
    c.add(path, value, `is not a number; ${allowed}`);
    return undefined;
  }
  return maybeNumber(c, path, value, spec);
}
