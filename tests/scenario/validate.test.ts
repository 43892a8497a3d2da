// The strict scenario validator on format-1 files and what format 1 has: the format example,
// defaults, every class of rejection with its exact message, limits, and the independence of
// the result from its input. What format 2 adds is tested in format-2.test.ts.

import { describe, expect, it, vi } from 'vitest';
import {
  estimateHorizonUs,
  estimateNoiseEvents,
  MAX_TEXT_LENGTH,
  meanDurationUs,
  migrateToCurrent,
  migrations,
  nodesLeftAfterExclusion,
  parseScenarioText,
  renderValue,
  type Scenario,
  ScenarioError,
  validateScenario,
} from '../../src/scenario/index.ts';
import { example, exampleText, problems, variant, without as withoutIn } from './files.ts';

/** The format-1 example without the fields at the given dotted paths. */
const without = (...paths: string[]) => withoutIn(paths);

const source = (extra: Record<string, unknown> = {}) => ({
  id: 'extra',
  periodUs: 1_000_000,
  duration: { dist: 'fixed', valueUs: 10 },
  placement: { kind: 'all' },
  ...extra,
});

const fixed = (valueUs: number) => ({ dist: 'fixed', valueUs });

/** The refusal of a rank core that enabled noise keeps busy `percent`% of the time. */
const loadMessage = (core: number, percent: number) =>
  `noise: the enabled noise would keep core ${core} busy ${percent}% of the time (Σ mean duration / period, cpu "any" sources shared by all cores), so a rank there would never finish; allowed: a load below 100%. Shorten durations, lengthen periods or disable a source`;

describe('the format example', () => {
  it('passes validation unchanged apart from the version and the defaults it leaves out', () => {
    const s = validateScenario(example());
    const expected = example() as unknown as Scenario;
    expected.version = 2;
    expected.machine.tree = { fanout: 2, hopUs: 5 };
    expected.noise[0].phaseOffsetUs = 0;
    expected.noise[0].provenance = {};
    expect(s).toEqual(expected);
  });

  it('passes when read from its text, byte-order mark or not', () => {
    expect(parseScenarioText(exampleText).title).toBe(
      'ASCI Q, November 2002 (before noise removal)',
    );
    expect(parseScenarioText(`\uFEFF${exampleText}`).seed).toBe(1);
  });

  it('gets every default filled in when the optional fields are left out', () => {
    const noise0 = 'noise.0';
    const minimal = without(
      'description',
      'references',
      'machine.name',
      'machine.clusterSize',
      'job.reservedCores',
      'job.excludeOffsets',
      'job.waitMode',
      'job.wakeupUs',
      'workload.warmup',
      ...['label', 'category', 'enabled', 'arrival', 'phase', 'cpu'].map((k) => `${noise0}.${k}`),
    );
    const s = validateScenario(minimal);
    expect(s.description).toBe('');
    expect(s.references).toEqual([]);
    expect(s.machine).toMatchObject({ name: '', nodes: 2048, clusterSize: 2048 });
    expect(s.job).toEqual({
      nodes: 1024,
      ranksPerNode: 4,
      reservedCores: [],
      excludeOffsets: [],
      waitMode: 'poll',
      wakeupUs: 0,
    });
    expect(s.workload.warmup).toBe(0);
    expect(s.noise[0]).toMatchObject({
      label: 'heartbeat-125ms',
      category: 'other',
      enabled: true,
      arrival: 'periodic',
      phase: 'random',
      phaseOffsetUs: 0,
      cpu: 'any',
    });
  });

  it('comes back identical when validated a second time', () => {
    const once = validateScenario(variant({ noise: [source(), source({ id: 'b', cpu: 2 })] }));
    expect(validateScenario(JSON.parse(JSON.stringify(once)))).toEqual(once);
  });

  it('accepts an empty noise list', () => {
    expect(validateScenario(variant({ noise: [] })).noise).toEqual([]);
  });

  it('accepts every duration distribution and placement kind', () => {
    const durations = [
      { dist: 'uniform', minUs: 10, maxUs: 10 },
      { dist: 'exponential', meanUs: 0 },
      { dist: 'normal', meanUs: 50, sdUs: 0 },
      { dist: 'lognormal', medianUs: 50, sigma: 0 },
      { dist: 'pareto', scaleUs: 5, shape: 2.5 },
    ];
    const placements = [
      { kind: 'clusterOffsets', offsets: [0, 1, 31] },
      { kind: 'nodes', ids: [0, 2047] },
      { kind: 'fraction', p: 0 },
      { kind: 'fraction', p: 1 },
      { kind: 'all' },
    ];
    const noise = durations.map((duration, i) =>
      source({ id: `s${i}`, duration, placement: placements[i] }),
    );
    expect(validateScenario(variant({ noise })).noise.map((n) => n.duration)).toEqual(durations);
  });

  it('accepts a machine of 200,000 nodes', () => {
    const s = validateScenario(variant({ 'machine.nodes': 200_000, 'machine.coresPerNode': 4 }));
    expect(s.machine.nodes).toBe(200_000);
  });
});

describe('the result of validation', () => {
  it('is a fresh object that shares nothing with the input', () => {
    const input = variant({
      'job.reservedCores': [3],
      'job.ranksPerNode': 3,
      'noise.0.placement': { kind: 'nodes', ids: [1, 2] },
    }) as Record<string, unknown>;
    const s = validateScenario(input);
    const snapshot = JSON.parse(JSON.stringify(s));
    const raw = input as unknown as Scenario;
    expect(s).not.toBe(input);
    expect(s.machine).not.toBe(raw.machine);
    expect(s.machine.collective).not.toBe(raw.machine.collective);
    expect(s.references).not.toBe(raw.references);
    expect(s.job.reservedCores).not.toBe(raw.job.reservedCores);
    expect(s.noise[0].placement).not.toBe(raw.noise[0].placement);
    raw.machine.collective.baseUs = 99;
    raw.job.reservedCores.push(0);
    raw.references.push('more');
    (raw.noise[0].placement as { ids: number[] }).ids[0] = 7;
    raw.noise[0].duration = { dist: 'fixed', valueUs: 1 };
    raw.noise.pop();
    expect(s).toEqual(snapshot);
  });
});

describe('missing required fields', () => {
  it.each([
    ['title', 'title: missing; required (a string of 1..200 characters)'],
    ['seed', 'seed: missing; required (an integer 0..4294967295)'],
    ['machine', 'machine: missing; required (an object)'],
    ['noise', 'noise: missing; required (an array)'],
    ['format', 'format: missing; required (one of noiselab-scenario)'],
    ['job.nodes', 'job.nodes: missing; required (an integer 1..1048576)'],
    [
      'machine.collective.kind',
      'machine.collective.kind: missing; required (one of hardware, software)',
    ],
    ['workload.granularityUs', 'workload.granularityUs: missing; required (a number 0..1e12)'],
    ['noise.0.periodUs', 'noise[0].periodUs: missing; required (a number > 0 and ≤ 1e12)'],
    ['noise.0.duration.valueUs', 'noise[0].duration.valueUs: missing; required (a number 0..1e12)'],
    [
      'noise.0.placement.kind',
      'noise[0].placement.kind: missing; required (one of all, clusterOffsets, nodes, fraction)',
    ],
  ])('are reported with what they require: %s', (path, line) => {
    expect(problems(without(path))).toEqual([line]);
  });

  it('include a noise source id and its duration', () => {
    expect(problems(variant({ noise: [{ periodUs: 5, placement: { kind: 'all' } }] }))).toEqual([
      'noise[0].id: missing; required (a string of 1..64 characters)',
      'noise[0].duration: missing; required (an object)',
    ]);
  });
});

describe('unknown fields', () => {
  it.each([
    [
      'nodez',
      'machine.nodez',
      'machine.nodez: unknown field; allowed: name, nodes, coresPerNode, clusterSize, collective, tree, slowNodes',
    ],
    [
      'root',
      'extra',
      'extra: unknown field; allowed: $schema, format, version, title, description, references, seed, machine, job, workload, noise',
    ],
    [
      'collective',
      'machine.collective.latency',
      'machine.collective.latency: unknown field; allowed: kind, baseUs, perLevelUs',
    ],
    [
      'job',
      'job.cores',
      'job.cores: unknown field; allowed: nodes, ranksPerNode, reservedCores, excludeOffsets, waitMode, wakeupUs',
    ],
    [
      'workload',
      'workload.cycles',
      'workload.cycles: unknown field for kind "barrier"; allowed: kind, granularityUs, iterations, warmup',
    ],
    [
      'noise source',
      'noise.0.frequency',
      'noise[0].frequency: unknown field; allowed: id, label, category, enabled, periodUs, arrival, phase, phaseOffsetUs, phaseWindowUs, group, runProbability, eventProbability, duration, placement, cpu, provenance',
    ],
    [
      'duration',
      'noise.0.duration.minUs',
      'noise[0].duration.minUs: unknown field for dist "fixed"; allowed: dist, valueUs',
    ],
    [
      'placement',
      'noise.0.placement.p',
      'noise[0].placement.p: unknown field for kind "all"; allowed: kind',
    ],
  ])('are rejected in the %s object', (_, path, line) => {
    expect(problems(variant({ [path]: 1 }))).toEqual([line]);
  });

  it('are rejected as unknown for the chosen distribution', () => {
    const duration = { dist: 'uniform', minUs: 1, maxUs: 2, valueUs: 3 };
    expect(problems(variant({ 'noise.0.duration': duration }))).toEqual([
      'noise[0].duration.valueUs: unknown field for dist "uniform"; allowed: dist, minUs, maxUs',
    ]);
  });

  it('are quoted in the path when they are not plain names, and __proto__ is just a key', () => {
    const input = JSON.parse(exampleText.replace('{', '{"my field": 1, "__proto__": 2,'));
    expect(problems(input)).toEqual([
      expect.stringMatching(/^\["my field"\]: unknown field; allowed: \$schema, format, /),
      expect.stringMatching(/^__proto__: unknown field; allowed: \$schema, format, /),
    ]);
  });
});

describe('wrong types', () => {
  it.each([
    ['job.nodes', '12', 'job.nodes: "12" is not an integer'],
    ['job.nodes', 12.5, 'job.nodes: 12.5 is not an integer'],
    ['job.nodes', null, 'job.nodes: null is not an integer'],
    // a field a form left empty: said as empty, with what it takes
    ['job.nodes', '', 'job.nodes: is empty; allowed: an integer 1..1048576'],
    ['workload.granularityUs', ' ', 'workload.granularityUs: is empty; allowed: a number 0..1e12'],
    ['seed', 1.5, 'seed: 1.5 is not an integer'],
    ['workload.granularityUs', '1000', 'workload.granularityUs: "1000" is not a number'],
    ['workload.granularityUs', Infinity, 'workload.granularityUs: Infinity is not a finite number'],
    ['noise.0.periodUs', NaN, 'noise[0].periodUs: NaN is not a finite number'],
    ['title', 42, 'title: 42 is not a string'],
    ['noise.0.enabled', 'yes', 'noise[0].enabled: "yes" is not a boolean; allowed: true, false'],
    ['references', 'a paper', 'references: "a paper" is not an array'],
    ['references', ['ok', 3], 'references[1]: 3 is not a string'],
    ['machine', [1, 2], 'machine: [1,2] is not an object'],
    ['noise', {}, 'noise: {} is not an array'],
    ['noise.0', 'heartbeat', 'noise[0]: "heartbeat" is not an object'],
    ['noise.0.duration', 640, 'noise[0].duration: 640 is not an object'],
    ['job.reservedCores', [0.5], 'job.reservedCores[0]: 0.5 is not an integer'],
    [
      'noise.0.cpu',
      '0',
      'noise[0].cpu: "0" is not "any" or a core index; allowed: "any" or a core index 0..3',
    ],
    [
      'noise.0.cpu',
      1.5,
      'noise[0].cpu: 1.5 is not an integer; allowed: "any" or a core index 0..3',
    ],
  ])('are rejected: %s = %j', (path, value, line) => {
    expect(problems(variant({ [path]: value }))).toEqual([line]);
  });

  it('reject a scenario that is not an object at all', () => {
    expect(problems([])).toEqual(['(root): [] is not an object']);
    expect(problems('scenario')).toEqual(['(root): "scenario" is not an object']);
  });
});

describe('values out of range', () => {
  it.each([
    ['machine.nodes', 0, 'machine.nodes: 0 is out of range; allowed: 1..1048576'],
    ['machine.coresPerNode', 257, 'machine.coresPerNode: 257 is out of range; allowed: 1..256'],
    ['machine.clusterSize', 0, 'machine.clusterSize: 0 is out of range; allowed: 1..1048576'],
    [
      'machine.collective.baseUs',
      -1,
      'machine.collective.baseUs: -1 is out of range; allowed: 0..1e12',
    ],
    [
      'machine.collective.kind',
      'optical',
      'machine.collective.kind: "optical" is not a collective kind; allowed: hardware, software',
    ],
    ['seed', -1, 'seed: -1 is out of range; allowed: 0..4294967295'],
    ['seed', 2 ** 32, 'seed: 4294967296 is out of range; allowed: 0..4294967295'],
    ['job.waitMode', 'sleep', 'job.waitMode: "sleep" is not a wait mode; allowed: poll, block'],
    ['job.wakeupUs', -5, 'job.wakeupUs: -5 is out of range; allowed: 0..1e12'],
    [
      'workload.kind',
      'gamma',
      'workload.kind: "gamma" is not a workload kind; allowed: barrier, allreduce, mpi-fwq, sage, pop, halo, alltoall, wavefront',
    ],
    ['workload.iterations', 0, 'workload.iterations: 0 is out of range; allowed: 1..1000000'],
    [
      'workload.granularityUs',
      2e12,
      'workload.granularityUs: 2000000000000 is out of range; allowed: 0..1e12',
    ],
    ['noise.0.periodUs', 0, 'noise[0].periodUs: 0 is out of range; allowed: > 0 and ≤ 1e12'],
    [
      'noise.0.arrival',
      'bursty',
      'noise[0].arrival: "bursty" is not an arrival; allowed: periodic, poisson',
    ],
    ['noise.0.phase', 'late', 'noise[0].phase: "late" is not a phase; allowed: random, aligned'],
    [
      'noise.0.placement',
      { kind: 'fraction', p: 1.5 },
      'noise[0].placement.p: 1.5 is out of range; allowed: 0..1',
    ],
    [
      'noise.0.placement',
      { kind: 'racks' },
      'noise[0].placement.kind: "racks" is not a placement kind; allowed: all, clusterOffsets, nodes, fraction',
    ],
    [
      'noise.0.duration',
      { dist: 'gamma', k: 2 },
      'noise[0].duration.dist: "gamma" is not a duration distribution; allowed: fixed, uniform, exponential, normal, lognormal, pareto',
    ],
    [
      'noise.0.duration',
      { dist: 'fixed', valueUs: -1 },
      'noise[0].duration.valueUs: -1 is out of range; allowed: 0..1e12',
    ],
    [
      'noise.0.duration',
      { dist: 'uniform', minUs: -1, maxUs: 5 },
      'noise[0].duration.minUs: -1 is out of range; allowed: 0..1e12',
    ],
    [
      'noise.0.duration',
      { dist: 'exponential', meanUs: -1 },
      'noise[0].duration.meanUs: -1 is out of range; allowed: 0..1e12',
    ],
    [
      'noise.0.duration',
      { dist: 'normal', meanUs: 5, sdUs: -1 },
      'noise[0].duration.sdUs: -1 is out of range; allowed: 0..1e12',
    ],
    [
      'noise.0.duration',
      { dist: 'lognormal', medianUs: 5, sigma: -0.1 },
      'noise[0].duration.sigma: -0.1 is out of range; allowed: 0..1000000',
    ],
    [
      'noise.0.duration',
      { dist: 'pareto', scaleUs: 0, shape: 2 },
      'noise[0].duration.scaleUs: 0 is out of range; allowed: > 0 and ≤ 1e12',
    ],
    [
      'noise.0.duration',
      { dist: 'pareto', scaleUs: 1, shape: 0 },
      'noise[0].duration.shape: 0 is out of range; allowed: > 0 and ≤ 1000000',
    ],
    [
      'noise.0.id',
      'Heart Beat',
      'noise[0].id: "Heart Beat" does not match [a-z0-9-]+ (lowercase letters, digits and hyphens)',
    ],
    ['noise.0.id', '', 'noise[0].id: "" is empty; allowed: 1..64 characters'],
    ['title', '', 'title: "" is empty; allowed: 1..200 characters'],
    // a nameless row in the panel, a nameless group in every legend
    ['noise.0.label', '', 'noise[0].label: "" is empty; allowed: 1..200 characters'],
    ['noise.0.category', '', 'noise[0].category: "" is empty; allowed: 1..200 characters'],
  ])('are rejected with the allowed range: %s = %j', (path, value, line) => {
    expect(problems(variant({ [path]: value }))).toEqual([line]);
  });

  it('reject strings and lists over their length limits', () => {
    expect(problems(variant({ title: 'x'.repeat(201) }))).toEqual([
      `title: "${'x'.repeat(58)}… is too long (201 characters); allowed: at most 200`,
    ]);
    expect(problems(variant({ 'noise.0.id': 'a'.repeat(65) }))[0]).toMatch(
      /^noise\[0\]\.id: "a+… is too long \(65 characters\); allowed: at most 64$/,
    );
    expect(problems(variant({ description: 'd'.repeat(20_001) }))[0]).toMatch(
      /is too long \(20001 characters\); allowed: at most 20000$/,
    );
    expect(problems(variant({ references: Array(65).fill('r') }))[0]).toMatch(
      /^references: \["r","r",.*… has 65 entries; allowed: at most 64$/,
    );
    expect(problems(variant({ 'references.0': 'r'.repeat(501) }))[0]).toMatch(
      /^references\[0\]: "r+… is too long \(501 characters\); allowed: at most 500$/,
    );
    const many = Array.from({ length: 257 }, (_, i) => source({ id: `s${i}` }));
    expect(problems(variant({ noise: many }))[0]).toMatch(
      /^noise: \[\{"id":"s0",.*… has 257 entries; allowed: at most 256$/,
    );
  });

  it('reject a machine with more than 4,194,304 cores in total', () => {
    expect(problems(variant({ 'machine.nodes': 1_048_576, 'machine.coresPerNode': 8 }))).toEqual([
      'machine: 1048576 nodes × 8 cores is 8388608 cores; allowed: at most 4194304 in total',
    ]);
  });
});

describe('a machine that is one cluster', () => {
  it('says so, not "a cluster has", when an offset is out of range', () => {
    const nodes = (example().machine as { nodes: number }).nodes;
    const input = variant({ 'machine.clusterSize': nodes, 'job.excludeOffsets': [nodes] });
    expect(problems(input)).toContain(
      `job.excludeOffsets[0]: ${nodes} is out of range; allowed: 0..${nodes - 1} (the machine is one cluster of ${nodes} nodes)`,
    );
  });
});

describe('inconsistent pairs', () => {
  it('reject more job nodes than the machine has', () => {
    expect(problems(variant({ 'job.nodes': 4096 }))).toEqual([
      'job.nodes: 4096 is more than the 2048 nodes of the machine; allowed: 1..2048',
    ]);
  });

  it('name the machine’s range for job nodes below 1 or beyond the format, not the format’s largest machine', () => {
    expect(problems(variant({ 'job.nodes': -5 }))).toEqual([
      'job.nodes: -5 is out of range; allowed: 1..2048',
    ]);
    expect(problems(variant({ 'job.nodes': 1e9 }))).toEqual([
      'job.nodes: 1000000000 is more than the 2048 nodes of the machine; allowed: 1..2048',
    ]);
    // with the machine's nodes not known (its own value refused), the format's range
    expect(problems(variant({ 'machine.nodes': 0, 'job.nodes': 1e9 }))).toEqual([
      'machine.nodes: 0 is out of range; allowed: 1..1048576',
      'job.nodes: 1000000000 is out of range; allowed: 1..1048576',
    ]);
  });

  it('reject more job nodes than are left after excluding cluster offsets', () => {
    const input = variant({ 'job.nodes': 2000, 'job.excludeOffsets': [0, 31] });
    expect(problems(input)).toEqual([
      'job.nodes: 2000 is more than the 1920 nodes left after exclusion; allowed: 1..1920',
    ]);
    expect(
      validateScenario(variant({ 'job.nodes': 1920, 'job.excludeOffsets': [0, 31] })).job.nodes,
    ).toBe(1920);
  });

  it('count the nodes left after exclusion over a partial last cluster', () => {
    // 70 nodes in clusters of 32: offsets 0..5 occur three times, 6..31 twice.
    expect(nodesLeftAfterExclusion(70, 32, [0, 31])).toBe(65);
    expect(nodesLeftAfterExclusion(16, 32, [0, 31])).toBe(15);
    expect(nodesLeftAfterExclusion(2048, 2048, [])).toBe(2048);
  });

  it('reject an exclusion that leaves no node for the job', () => {
    const input = variant({
      'machine.nodes': 2,
      'machine.clusterSize': 2,
      'job.nodes': 1,
      'job.excludeOffsets': [0, 1],
    });
    expect(problems(input)).toEqual([
      'job.excludeOffsets: leaves no node of the machine for the job',
    ]);
  });

  it('reject more ranks per node than free cores', () => {
    expect(problems(variant({ 'job.reservedCores': [0] }))).toEqual([
      'job.ranksPerNode: 4 is more than the 3 free cores (coresPerNode 4 minus 1 reserved); allowed: 1..3',
    ]);
    expect(problems(variant({ 'job.ranksPerNode': 5 }))).toEqual([
      'job.ranksPerNode: 5 is more than the 4 cores per node; allowed: 1..4',
    ]);
  });

  it('name the cores left for ranks as the range, for ranks per node below 1 or beyond the format', () => {
    expect(problems(variant({ 'job.ranksPerNode': 0 }))).toEqual([
      'job.ranksPerNode: 0 is out of range; allowed: 1..4',
    ]);
    expect(problems(variant({ 'job.ranksPerNode': 0, 'job.reservedCores': [0] }))).toEqual([
      'job.ranksPerNode: 0 is out of range; allowed: 1..3',
    ]);
    expect(problems(variant({ 'job.ranksPerNode': 500 }))).toEqual([
      'job.ranksPerNode: 500 is more than the 4 cores per node; allowed: 1..4',
    ]);
    // with the machine's cores not known (its own value refused), the format's range
    expect(problems(variant({ 'machine.coresPerNode': 0, 'job.ranksPerNode': 0 }))).toEqual([
      'machine.coresPerNode: 0 is out of range; allowed: 1..256',
      'job.ranksPerNode: 0 is out of range; allowed: 1..256',
    ]);
  });

  it('reject reserving every core', () => {
    expect(problems(variant({ 'job.reservedCores': [0, 1, 2, 3], 'job.ranksPerNode': 1 }))).toEqual(
      ['job.reservedCores: leaves no core for ranks (a node has 4 cores)'],
    );
  });

  it('reject duplicate and out-of-range core indexes, offsets and node ids', () => {
    const input = variant({
      'job.ranksPerNode': 1,
      'job.reservedCores': [1, 1, 4],
      'job.excludeOffsets': [31, 32],
      noise: [source({ placement: { kind: 'nodes', ids: [2048, 5, 5] } })],
    });
    expect(problems(input)).toEqual([
      'job.reservedCores[1]: 1 is a duplicate of job.reservedCores[0]; values must be distinct',
      'job.reservedCores[2]: 4 is out of range; allowed: 0..3 (a node has 4 cores)',
      'job.excludeOffsets[1]: 32 is out of range; allowed: 0..31 (a cluster has 32 nodes)',
      'noise[0].placement.ids[0]: 2048 is out of range; allowed: 0..2047 (the machine has 2048 nodes)',
      'noise[0].placement.ids[2]: 5 is a duplicate of noise[0].placement.ids[1]; values must be distinct',
    ]);
    const offsets = variant({
      'noise.0.placement': { kind: 'clusterOffsets', offsets: [-1, 0, 0] },
    });
    expect(problems(offsets)).toEqual([
      'noise[0].placement.offsets[0]: -1 is out of range; allowed: 0..31 (a cluster has 32 nodes)',
      'noise[0].placement.offsets[2]: 0 is a duplicate of noise[0].placement.offsets[1]; values must be distinct',
    ]);
  });

  it('reject more placement ids than the machine has nodes, without listing each', () => {
    const ids = Array.from({ length: 5 }, (_, i) => i);
    const input = variant({
      'machine.nodes': 4,
      'job.nodes': 4,
      'noise.0.placement': { kind: 'nodes', ids },
    });
    expect(problems(input)).toEqual([
      'noise[0].placement.ids: [0,1,2,3,4] has 5 entries; allowed: at most 4 (the machine has 4 nodes)',
    ]);
  });

  it('report at most 20 problems of one list, then how many more', () => {
    const ids = Array.from({ length: 30 }, () => 9999);
    const lines = problems(variant({ 'noise.0.placement': { kind: 'nodes', ids } }));
    expect(lines).toHaveLength(21);
    expect(lines[20]).toBe('noise[0].placement.ids: and 10 more problems in this list');
  });

  it('reject a pinned core the machine does not have', () => {
    expect(problems(variant({ 'noise.0.cpu': 4 }))).toEqual([
      'noise[0].cpu: 4 is not a core of this machine (a node has 4 cores); allowed: "any" or a core index 0..3',
    ]);
    expect(validateScenario(variant({ 'noise.0.cpu': 3 })).noise[0].cpu).toBe(3);
  });

  it('reject a uniform duration whose minimum exceeds its maximum', () => {
    const noise = [
      source(),
      source({ id: 'b' }),
      source({ id: 'c', duration: { dist: 'uniform', minUs: 18000, maxUs: 15000 } }),
    ];
    expect(problems(variant({ noise }))).toEqual([
      'noise[2].duration.minUs: 18000 is larger than maxUs 15000',
    ]);
  });

  it('reject a warm-up as long as the run', () => {
    expect(problems(variant({ 'workload.warmup': 2000 }))).toEqual([
      'workload.warmup: 2000 is not less than iterations 2000; allowed: 0..1999',
    ]);
  });

  it('reject a phase offset of a whole period or more', () => {
    expect(
      problems(variant({ 'noise.0.phase': 'aligned', 'noise.0.phaseOffsetUs': 125000 })),
    ).toEqual([
      'noise[0].phaseOffsetUs: 125000 is not less than periodUs 125000; allowed: ≥ 0 and < 125000',
    ]);
    const ok = validateScenario(
      variant({ 'noise.0.phase': 'aligned', 'noise.0.phaseOffsetUs': 500 }),
    );
    expect(ok.noise[0].phaseOffsetUs).toBe(500);
  });

  it('reject an aligned phase with Poisson arrivals', () => {
    expect(problems(variant({ 'noise.0.phase': 'aligned', 'noise.0.arrival': 'poisson' }))).toEqual(
      ['noise[0].phase: "aligned" cannot be used with arrival "poisson"; allowed: random'],
    );
  });

  it('reject a phase offset that a random phase would ignore, but accept the default 0', () => {
    expect(problems(variant({ 'noise.0.phaseOffsetUs': 500 }))).toEqual([
      'noise[0].phaseOffsetUs: 500 would be ignored with phase "random" outside a group; remove it, set phase "aligned", or put the source in a group (where it delays this part after the group’s start)',
    ]);
    expect(validateScenario(variant({ 'noise.0.phaseOffsetUs': 0 })).noise[0].phase).toBe('random');
  });

  it('reject duplicate noise ids', () => {
    const noise = [source({ id: 'ntpd' }), source({ id: 'cron' }), source({ id: 'ntpd' })];
    expect(problems(variant({ noise }))).toEqual([
      'noise[2].id: "ntpd" is a duplicate of noise[0].id; ids must be unique',
    ]);
  });
});

describe('the format and its versions', () => {
  it('reject a file of another format', () => {
    expect(problems(variant({ format: 'noiselab-result' }))).toEqual([
      'format: "noiselab-result" is not a NoiseLab scenario format; allowed: noiselab-scenario',
    ]);
  });

  it('reject a version made by a newer NoiseLab', () => {
    expect(problems(variant({ version: 3 }))).toEqual([
      'version: 3 was made by a newer NoiseLab (this one reads up to version 2)',
    ]);
  });

  it.each([
    [0, 'version: 0 is out of range; allowed: 1..2'],
    [1.5, 'version: 1.5 is not an integer'],
    ['1', 'version: "1" is not an integer'],
    [undefined, 'version: missing; required (an integer 1..2)'],
  ])('reject the unusable version %j and stop there', (version, line) => {
    const input = { ...example(), version, machine: 'not checked' };
    expect(problems(input)).toEqual([line]);
  });

  it('report a wrong format together with an unusable version', () => {
    expect(problems({ format: 'x', version: 9 })).toEqual([
      'format: "x" is not a NoiseLab scenario format; allowed: noiselab-scenario',
      'version: 9 was made by a newer NoiseLab (this one reads up to version 2)',
    ]);
  });

  it('have one migration, 1 to 2, and pass a current object through untouched', () => {
    expect(Object.keys(migrations)).toEqual(['1']);
    const obj = { ...example(), version: 2 };
    expect(migrateToCurrent(obj)).toBe(obj);
  });

  it('chain migrations up to the current version once there is a newer one', async () => {
    vi.resetModules();
    vi.doMock('../../src/scenario/types.ts', async (importOriginal) => ({
      ...(await importOriginal<object>()),
      SCENARIO_VERSION: 3,
    }));
    const m = await import('../../src/scenario/migrate.ts');
    m.migrations[1] = (old) => ({ ...old, version: 2, renamed: old.title });
    m.migrations[2] = (old) => ({ ...old, version: 3 });
    const old = { version: 1, title: 'T' };
    expect(m.migrateToCurrent(old)).toEqual({ version: 3, title: 'T', renamed: 'T' });
    expect(old).toEqual({ version: 1, title: 'T' });
    delete m.migrations[2];
    expect(() => m.migrateToCurrent(old)).toThrow(
      'version: 1 cannot be migrated: no migration from version 2 to 3',
    );
    vi.doUnmock('../../src/scenario/types.ts');
    vi.resetModules();
  });
});

describe('several problems at once', () => {
  it('are all reported, in the order of the file', () => {
    const input = variant({
      title: 7,
      'machine.nodez': 1,
      'job.nodes': '12',
      'job.waitMode': 'spin',
      'workload.warmup': -1,
      'noise.0.duration': { dist: 'uniform', minUs: 18000, maxUs: 15000 },
      'noise.0.cpu': 9,
    });
    expect(problems(input)).toEqual([
      'title: 7 is not a string',
      'machine.nodez: unknown field; allowed: name, nodes, coresPerNode, clusterSize, collective, tree, slowNodes',
      'job.nodes: "12" is not an integer',
      'job.waitMode: "spin" is not a wait mode; allowed: poll, block',
      'workload.warmup: -1 is out of range; allowed: 0..1000000',
      'noise[0].duration.minUs: 18000 is larger than maxUs 15000',
      'noise[0].cpu: 9 is not a core of this machine (a node has 4 cores); allowed: "any" or a core index 0..3',
    ]);
  });

  it('are available as structured issues with path, value and message', () => {
    try {
      validateScenario(variant({ 'job.nodes': '12', 'machine.nodez': 1 }));
      expect.unreachable();
    } catch (e) {
      expect((e as ScenarioError).name).toBe('ScenarioError');
      expect((e as ScenarioError).issues).toEqual([
        {
          path: 'machine.nodez',
          value: undefined,
          message: expect.stringMatching(/^unknown field/),
        },
        { path: 'job.nodes', value: '12', message: 'is not an integer' },
      ]);
    }
  });
});

describe('size and cost limits', () => {
  it('refuse text over the size limit before parsing it', () => {
    const text = `{${' '.repeat(MAX_TEXT_LENGTH)}`;
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect(() => parseScenarioText(text)).toThrow(
        '(root): the text is 1,000,001 characters long; allowed: at most 1,000,000 characters',
      );
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it('report a JSON syntax error at the root with the parser message', () => {
    expect(() => parseScenarioText('{"title": }')).toThrow(/^\(root\): is not valid JSON: \S/);
  });

  it('refuse nesting deeper than 16 levels, naming where', () => {
    let deep: unknown = 0;
    for (let i = 0; i < 16; i++) deep = [deep];
    expect(problems(variant({ 'noise.0.label': deep }))).toEqual([
      'noise[0].label[0][0][0][0][0][0][0][0][0][0][0][0][0]: nests deeper than 16 levels; allowed: at most 16',
    ]);
    const text = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expect(() => parseScenarioText(text)).toThrow(/nests deeper than 16 levels/);
  });

  it('refuse a circular object as too deep', () => {
    const input = example();
    (input.machine as Record<string, unknown>).self = input.machine;
    expect(problems(input)[0]).toMatch(/^machine\.self\.self\.self.*: nests deeper than 16 levels/);
  });

  it('refuse a run of more than 2e9 estimated noise events', () => {
    // A zero-length source every 1 µs adds no load (ρ = 0), so per iteration
    // g + base + perLevel·⌈log2 4096⌉ + 0 = 1000 + 4 + 0.5·12 = 1010 µs;
    // H = 2000 · 1010 = 2.02e6 µs and events = 1024 nodes · 2.02e6 / 1 = 2.07e9.
    const input = variant({ 'noise.0.periodUs': 1, 'noise.0.duration': fixed(0) });
    expect(problems(input)).toEqual([
      '(root): this run would simulate about 2.1e9 noise events on job nodes (job.nodes 1,024, workload.iterations 2,000; 100% of them from noise[0] "TruCluster kernel heartbeat", periodUs 1); allowed: at most 2e9. Use fewer iterations or job nodes, or lengthen noise[0].periodUs',
    ]);
  });

  it('name the source that gives most of the events, not the first', () => {
    const input = example();
    const noise = input.noise as Record<string, unknown>[];
    noise.push({ ...noise[0], id: 'busy', label: 'Busy', periodUs: 0.5, duration: fixed(0) });
    const [line] = problems(input);
    expect(line).toMatch(/ from noise\[1\] "Busy", periodUs 0\.5\); /);
    expect(line).toMatch(/lengthen noise\[1\]\.periodUs$/);
  });

  it('accept an unbounded tail on a reserved core: it delays no rank, so it stretches nothing', () => {
    // Pareto shape 0.001 stands in as 10·1000^1000 = ∞ µs. On reserved core 0 it loads no rank
    // core and spills into no iteration: H = 2000 · (1000 + 4 + 0.5·⌈log2 3072⌉) = 2.02e6 µs,
    // and its events are 1024 · H / 125,000 (the engine runs such a source: core 0 stays busy).
    const s = validateScenario(
      variant({
        'job.ranksPerNode': 3,
        'job.reservedCores': [0],
        'noise.0.cpu': 0,
        'noise.0.duration': { dist: 'pareto', scaleUs: 10, shape: 0.001 },
      }),
    );
    expect(estimateHorizonUs(s)).toBeCloseTo(2_020_000, 6);
    expect(estimateNoiseEvents(s)).toBeCloseTo((1024 * 2_020_000) / 125_000, 6);
  });

  it('refuse a run of more than 2e11 rank-iterations', () => {
    const input = variant({
      'machine.nodes': 200_000,
      'job.nodes': 200_000,
      'workload.iterations': 1_000_000,
      noise: [],
    });
    expect(problems(input)).toEqual([
      '(root): this run would step through about 8e11 rank-iterations (job.nodes × ranksPerNode × iterations); allowed: at most 2e11. Use fewer iterations, job nodes or ranks per node',
    ]);
  });

  it('refuse an enabled pareto source of shape ≤ 1 that can delay a rank: no run length bounds it', () => {
    for (const shape of [0.5, 0.9, 1]) {
      const input = variant({ 'noise.0.duration': { dist: 'pareto', scaleUs: 10, shape } });
      expect(problems(input)).toEqual([
        `noise[0].duration.shape: ${shape} gives events without a finite mean duration (a Pareto tail of shape ≤ 1): one event could hold the whole job for any length of time, so the run has no bound; allowed: > 1 for a source that can delay a rank (cpu "any" or a rank's core), or pin it to a reserved core`,
      ]);
    }
  });

  it('accept a pareto source of shape ≤ 1 that is disabled, or of shape just above 1', () => {
    const heavy = { dist: 'pareto', scaleUs: 10, shape: 0.5 };
    const off = validateScenario(variant({ 'noise.0.duration': heavy, 'noise.0.enabled': false }));
    expect(off.noise[0]).toMatchObject({ enabled: false, duration: heavy });
    // shape 1.5: mean 10 · 1.5 / 0.5 = 30 µs every 125 ms
    const finite = { dist: 'pareto', scaleUs: 10, shape: 1.5 };
    expect(validateScenario(variant({ 'noise.0.duration': finite })).noise[0]).toMatchObject({
      duration: finite,
    });
  });
});

describe('the noise load on rank cores', () => {
  it('refuses a source pinned to a rank core whose mean duration equals its period', () => {
    // 640 / 640 = 1 on core 0: busy 100% of the time.
    expect(problems(variant({ 'noise.0.cpu': 0, 'noise.0.periodUs': 640 }))).toEqual([
      loadMessage(0, 100),
    ]);
  });

  it('refuses a source pinned to a rank core whose mean duration exceeds its period', () => {
    // 640 / 320 = 2 on core 2: busy 200%.
    expect(problems(variant({ 'noise.0.cpu': 2, 'noise.0.periodUs': 320 }))).toEqual([
      loadMessage(2, 200),
    ]);
  });

  it('accepts that source pinned to a reserved core, which no rank runs on', () => {
    const pinned = { 'noise.0.cpu': 0, 'noise.0.periodUs': 640, 'job.ranksPerNode': 3 };
    // Without the reservation, ranks take cores 0..2, so core 0 is still a rank core.
    expect(problems(variant(pinned))).toEqual([loadMessage(0, 100)]);
    const s = validateScenario(variant({ ...pinned, 'job.reservedCores': [0] }));
    expect(s.job.reservedCores).toEqual([0]);
    // Ranks on cores 1..3 carry no load, so ρ = 0, and a source on core 0 delays no rank, so it
    // spills nothing: with 1024·3 = 3072 ranks, H = 2000 · (1000 + 4 + 0.5·⌈log2 3072⌉) = 2.02e6 µs.
    expect(estimateHorizonUs(s)).toBeCloseTo(2_020_000, 6);
  });

  it('shares a cpu "any" load of 1.5 over the 4 cores of a node and accepts it', () => {
    // 600 / 400 = 1.5 shared by 4 cores: ρ = 0.375 each, so g stretches to
    // 1000 / (1 − 0.375) = 1600 µs; H = 2000 · (1600 + 4 + 6 + 600) = 4.42e6 µs.
    const s = validateScenario(
      variant({ 'noise.0.periodUs': 400, 'noise.0.duration': fixed(600) }),
    );
    expect(estimateHorizonUs(s)).toBeCloseTo(4_420_000, 6);
  });

  it('refuses a cpu "any" load of 4 on a 4-core node, a full core each', () => {
    // 600 / 150 = 4 shared by 4 cores: 1 each; every core is as busy, core 0 is named.
    const input = variant({ 'noise.0.periodUs': 150, 'noise.0.duration': fixed(600) });
    expect(problems(input)).toEqual([loadMessage(0, 100)]);
  });

  it('adds a core’s share of cpu "any" noise to the sources pinned to it', () => {
    // "any": 1000 / 500 = 2 over 4 cores = 0.5 each; core 2 adds 600 / 1000 = 0.6: 110%.
    const noise = [
      source({ id: 'spread', periodUs: 500, duration: fixed(1000) }),
      source({ id: 'pinned', periodUs: 1000, duration: fixed(600), cpu: 2 }),
    ];
    expect(problems(variant({ noise }))).toEqual([loadMessage(2, 110)]);
  });

  it('ignores disabled sources', () => {
    const s = validateScenario(
      variant({ 'noise.0.cpu': 0, 'noise.0.periodUs': 640, 'noise.0.enabled': false }),
    );
    expect(estimateNoiseEvents(s)).toBe(0);
  });

  it('skips the event estimate once the load is refused', () => {
    // 640 / 1 = 640 over 4 cores = 160 each = 16000%; no event-count line follows.
    expect(problems(variant({ 'noise.0.periodUs': 1 }))).toEqual([loadMessage(0, 16000)]);
  });
});

describe('the work estimate', () => {
  it('follows the stated formula on the format example', () => {
    const s = validateScenario(example());
    // ρ = 640 / 125,000 / 4 cores = 0.00128 on every rank core;
    // H = iterations · (g / (1 − ρ) + base + perLevel·⌈log2 4096⌉ + mean duration)
    //   = 2000 · (1000 / 0.99872 + 4 + 0.5·12 + 640) = 2000 · 1651.2816… ≈ 3,302,563 µs;
    // events = job nodes · H / period = 1024 · 3,302,563 / 125,000 ≈ 27,054.6.
    const horizon = 2000 * (1000 / 0.99872 + 4 + 0.5 * 12 + 640);
    expect(estimateHorizonUs(s)).toBeCloseTo(horizon, 6);
    expect(estimateHorizonUs(s)).toBeCloseTo(3_302_563.3, 1);
    expect(estimateNoiseEvents(s)).toBeCloseTo((1024 * horizon) / 125000, 6);
    expect(estimateNoiseEvents(s)).toBeCloseTo(27_054.6, 1);
  });

  it('adds the wake-up latency in block mode only', () => {
    const horizon = (edits: Record<string, unknown>) =>
      estimateHorizonUs(validateScenario(variant(edits)));
    const poll = horizon({});
    expect(horizon({ 'job.wakeupUs': 50 })).toBe(poll);
    // 2000 iterations · 50 µs = 100,000 µs more.
    expect(horizon({ 'job.waitMode': 'block', 'job.wakeupUs': 50 })).toBeCloseTo(poll + 100_000, 6);
  });

  it('counts the job nodes each placement covers', () => {
    // One source: its events are the covered job nodes times the run's horizon over its period
    // (the horizon itself depends on the coverage, through the spills).
    const covered = (placement: unknown, nodes: number) => {
      const s = validateScenario(variant({ 'noise.0.placement': placement }));
      expect(estimateNoiseEvents(s)).toBeCloseTo((nodes * estimateHorizonUs(s)) / 125_000, 6);
    };
    covered({ kind: 'all' }, 1024);
    covered({ kind: 'clusterOffsets', offsets: [0, 1] }, 64);
    covered({ kind: 'nodes', ids: [1, 2, 3] }, 3);
    covered({ kind: 'fraction', p: 0.25 }, 256);
    expect(estimateNoiseEvents(validateScenario(variant({ 'noise.0.enabled': false })))).toBe(0);
  });

  it('uses the mean of each duration distribution', () => {
    expect(meanDurationUs({ dist: 'fixed', valueUs: 3 })).toBe(3);
    expect(meanDurationUs({ dist: 'uniform', minUs: 2, maxUs: 6 })).toBe(4);
    expect(meanDurationUs({ dist: 'exponential', meanUs: 5 })).toBe(5);
    // clamped at 0: μΦ(μ/σ) + σφ(μ/σ) = 7Φ(3.5) + 2φ(3.5) = 7.0001169618 (Python math.erfc)
    expect(meanDurationUs({ dist: 'normal', meanUs: 7, sdUs: 2 })).toBeCloseTo(7.0001169618, 8);
    // median · exp(σ²/2) = 10 · e^0.5 ≈ 16.487
    expect(meanDurationUs({ dist: 'lognormal', medianUs: 10, sigma: 1 })).toBeCloseTo(16.487, 3);
    // scale · shape / (shape − 1) = 10 · 3 / 2
    expect(meanDurationUs({ dist: 'pareto', scaleUs: 10, shape: 3 })).toBe(15);
  });

  it('stands in the 99.9th percentile for the mean of a pareto tail of shape ≤ 1', () => {
    // scale · 1000^(1/shape): 10 · 1000^1 = 10,000; 10 · 1000^2 = 1e7; 10 · 10^(10/3) ≈ 21,544.3.
    expect(meanDurationUs({ dist: 'pareto', scaleUs: 10, shape: 1 })).toBeCloseTo(10_000, 6);
    expect(meanDurationUs({ dist: 'pareto', scaleUs: 10, shape: 0.5 })).toBeCloseTo(1e7, 6);
    expect(meanDurationUs({ dist: 'pareto', scaleUs: 10, shape: 0.9 })).toBeCloseTo(21_544.3, 1);
  });

  it('gives a zero-median lognormal a zero mean however large its sigma', () => {
    // exp(100²/2) overflows to ∞, but every draw is 0 · e^(σZ) = 0.
    const duration = { dist: 'lognormal', medianUs: 0, sigma: 100 } as const;
    expect(meanDurationUs(duration)).toBe(0);
    expect(meanDurationUs({ ...duration, medianUs: 1 })).toBe(Infinity);
    const s = validateScenario(variant({ 'noise.0.duration': duration }));
    // ρ = 0: H = 2000 · (1000 + 4 + 6 + 0) = 2.02e6 µs; events = 1024 · 2.02e6 / 125,000.
    expect(estimateNoiseEvents(s)).toBeCloseTo(16_547.84, 6);
  });
});

describe('values in messages', () => {
  it('are compact JSON, strings quoted, cut to about 60 characters', () => {
    expect(renderValue('abc')).toBe('"abc"');
    expect(renderValue({ kind: 'nodes', ids: [1, 2] })).toBe('{"kind":"nodes","ids":[1,2]}');
    expect(renderValue(NaN)).toBe('NaN');
    const long = renderValue(Array.from({ length: 10_000 }, (_, i) => i));
    expect(long).toHaveLength(60);
    expect(long.endsWith('…')).toBe(true);
    expect(renderValue('y'.repeat(1_000_000))).toHaveLength(60);
  });
});
