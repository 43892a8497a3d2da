// What format 2 adds to the validator (docs/scenario-format-2.md): the migration from format 1,
// machine.tree, noise provenance, the workload kinds, the limits on programs of phases and the
// work estimates of every kind; each rejection with its exact message.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  collectiveEstimateUs,
  estimateHorizonUs,
  estimateNoiseEvents,
  estimatePhaseIterations,
  estimateRankIterations,
  migrations,
  type Scenario,
  treeDepth,
  validateScenario,
  type Workload,
  WORKLOAD_KINDS,
} from '../../src/scenario/index.ts';
import { example, example2, problems, variant, without } from './files.ts';

/** The format-2 example with `path=value` edits applied. */
const variant2 = (edits: Record<string, unknown>) => variant(edits, example2());

/** The format-2 example running `workload` (and the other edits). */
const running = (workload: unknown, edits: Record<string, unknown> = {}) =>
  variant2({ workload, ...edits });

/** A complete workload of each kind: every field given, as the validator writes it. */
const complete: Record<Workload['kind'], Workload> = {
  barrier: { kind: 'barrier', granularityUs: 1000, iterations: 2000, warmup: 50 },
  allreduce: { kind: 'allreduce', granularityUs: 0, iterations: 1000, warmup: 50, hopUs: null },
  'mpi-fwq': { kind: 'mpi-fwq', workUs: 1000, iterations: 2000, warmup: 0, hopUs: 500 },
  sage: {
    kind: 'sage',
    cellsPerPE: 13500,
    computeUsPerCycle: 400000,
    allreducesPerCycle: 40,
    iterations: 100,
    warmup: 5,
    hopUs: null,
  },
  pop: {
    kind: 'pop',
    baroclinicUs: 200000000,
    barotropicIterations: 100,
    barotropicUs: 500000,
    barotropicSerialUs: 0,
    iterations: 1000,
    warmup: 0,
    hopUs: null,
  },
  halo: {
    kind: 'halo',
    granularityUs: 1000,
    dimensions: 2,
    periodic: true,
    latencyUs: 8,
    messageBytes: 8192,
    usPerByte: 0.0005,
    iterations: 1000,
    warmup: 50,
  },
  alltoall: {
    kind: 'alltoall',
    granularityUs: 20000,
    latencyUs: 30,
    messageBytes: 65536,
    usPerByte: 0.004,
    iterations: 20,
    warmup: 0,
  },
  wavefront: {
    kind: 'wavefront',
    granularityUs: 50000,
    stages: 40,
    latencyUs: 10,
    messageBytes: 4000,
    usPerByte: 0.004,
    iterations: 50,
    warmup: 0,
  },
};

/** The refusal of a rank core that enabled noise keeps busy `percent`% of the time. */
const loadMessage = (core: number, percent: number) =>
  `noise: the enabled noise would keep core ${core} busy ${percent}% of the time (Σ mean duration / period, cpu "any" sources shared by all cores), so a rank there would never finish; allowed: a load below 100%. Shorten durations, lengthen periods or disable a source`;

/** The JSON blocks of docs/scenario-format-2.md, parsed (a `"key": {…}` fragment as an object). */
function docBlocks(): unknown[] {
  const doc = readFileSync(new URL('../../docs/scenario-format-2.md', import.meta.url), 'utf8');
  return [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map(([, body]) =>
    JSON.parse(body.trimStart().startsWith('"') ? `{${body}}` : body),
  );
}

describe('the migration from format 1', () => {
  it('bumps the version and nothing else, into a new object', () => {
    const old = example();
    const migrated = migrations[1](old);
    expect(migrated).not.toBe(old);
    expect(migrated).toEqual({ ...example(), version: 2 });
    expect(old).toEqual(example());
  });

  it('loads the format-1 example as version 2 with the new fields defaulted', () => {
    const s = validateScenario(example());
    expect(s.version).toBe(2);
    expect(s.machine.tree).toEqual({ fanout: 2, hopUs: 5 });
    expect(s.noise[0].provenance).toEqual({});
    expect(s.workload).toEqual(complete.barrier);
  });

  it('gives a format-1 file exactly what the same file gets when it says version 2', () => {
    const minimal = without(['description', 'machine.clusterSize', 'workload.warmup']);
    expect(validateScenario(minimal)).toEqual(validateScenario({ ...minimal, version: 2 }));
    expect(validateScenario(example())).toEqual(validateScenario({ ...example(), version: 2 }));
  });

  it('reads the format-2 fields of a file that still says version 1, as migration runs first', () => {
    const s = validateScenario(variant({ 'machine.tree': { fanout: 4 } }));
    expect(s.machine.tree).toEqual({ fanout: 4, hopUs: 5 });
  });
});

describe('the format-2 example', () => {
  it('is complete: validation gives it back unchanged', () => {
    expect(validateScenario(example2())).toEqual(example2());
  });

  it('is the complete file of docs/scenario-format-2.md', () => {
    expect(docBlocks().at(-1)).toEqual(example2());
  });

  it('and every other JSON block of that page, placed in it, validates unchanged', () => {
    const blocks = docBlocks().slice(0, -1) as Record<string, unknown>[];
    const { provenance } = blocks[0] as { provenance: Record<string, object> };
    expect(Object.keys(provenance)).toEqual(['periodUs', 'duration']);
    const s = validateScenario(variant2({ 'noise.0.provenance': provenance }));
    expect(s.noise[0].provenance).toEqual({
      periodUs: { ...provenance.periodUs, against: '', note: '' },
      duration: provenance.duration,
    });
    const workloads = blocks.slice(1);
    expect(workloads.map((w) => w.kind)).toEqual(WORKLOAD_KINDS.filter((k) => k !== 'barrier'));
    for (const w of workloads) expect(validateScenario(running(w)).workload).toEqual(w);
  });
});

describe('every workload kind', () => {
  it('is one of eight', () => {
    expect(WORKLOAD_KINDS).toEqual([
      'barrier',
      'allreduce',
      'mpi-fwq',
      'sage',
      'pop',
      'halo',
      'alltoall',
      'wavefront',
    ]);
  });

  it.each(WORKLOAD_KINDS)('%s: a complete file round-trips through validation', (kind) => {
    const once = validateScenario(running(complete[kind]));
    expect(once.workload).toEqual(complete[kind]);
    expect(validateScenario(once)).toEqual(once);
    expect(validateScenario(JSON.parse(JSON.stringify(once)))).toEqual(once);
  });

  it.each([
    [
      { kind: 'allreduce', granularityUs: 5, iterations: 10 },
      { warmup: 0, hopUs: null },
    ],
    [
      { kind: 'mpi-fwq', workUs: 5, iterations: 10 },
      { warmup: 0, hopUs: null },
    ],
    [
      { kind: 'sage', computeUsPerCycle: 5, allreducesPerCycle: 2, iterations: 10 },
      { cellsPerPE: 13500, warmup: 0, hopUs: null },
    ],
    [
      { kind: 'pop', baroclinicUs: 0, barotropicIterations: 3, barotropicUs: 0, iterations: 10 },
      { barotropicSerialUs: 0, warmup: 0, hopUs: null },
    ],
    [
      { kind: 'halo', granularityUs: 5, latencyUs: 2, iterations: 10 },
      { dimensions: 2, periodic: true, messageBytes: 0, usPerByte: 0, warmup: 0 },
    ],
    [
      { kind: 'alltoall', granularityUs: 5, latencyUs: 2, iterations: 10 },
      { messageBytes: 0, usPerByte: 0, warmup: 0 },
    ],
    [
      { kind: 'wavefront', granularityUs: 5, stages: 3, latencyUs: 2, iterations: 10 },
      { messageBytes: 0, usPerByte: 0, warmup: 0 },
    ],
  ])('gets its defaults filled in: %j', (given, defaults) => {
    expect(validateScenario(running(given)).workload).toEqual({ ...given, ...defaults });
  });

  it('keeps a halo’s barrierBefore when given, and leaves it out when absent', () => {
    for (const barrierBefore of [true, false]) {
      const w = validateScenario(running({ ...complete.halo, barrierBefore })).workload;
      expect(w).toEqual({ ...complete.halo, barrierBefore });
    }
    expect('barrierBefore' in validateScenario(running(complete.halo)).workload).toBe(false);
  });

  it('keeps a halo’s overheadUs when given, and leaves it out when absent', () => {
    for (const overheadUs of [0, 1.5]) {
      const w = validateScenario(running({ ...complete.halo, overheadUs })).workload;
      expect(w).toEqual({ ...complete.halo, overheadUs });
    }
    expect('overheadUs' in validateScenario(running(complete.halo)).workload).toBe(false);
  });

  it('takes an explicit hopUs of null or of any time, 0 included', () => {
    const hop = (hopUs: unknown) =>
      (
        validateScenario(running({ ...complete.allreduce, hopUs }, { noise: [] })).workload as {
          hopUs: unknown;
        }
      ).hopUs;
    expect(hop(null)).toBe(null);
    expect(hop(0)).toBe(0);
    expect(hop(-0)).toBe(0);
    expect(hop(1e12)).toBe(1e12);
  });
});

describe('workloads that are refused', () => {
  it.each([
    [
      { kind: 'gamma' },
      'workload.kind: "gamma" is not a workload kind; allowed: barrier, allreduce, mpi-fwq, sage, pop, halo, alltoall, wavefront',
    ],
    [
      { granularityUs: 5, iterations: 1 },
      'workload.kind: missing; required (one of barrier, allreduce, mpi-fwq, sage, pop, halo, alltoall, wavefront)',
    ],
    [
      { ...complete.barrier, hopUs: 5 },
      'workload.hopUs: unknown field for kind "barrier"; allowed: kind, granularityUs, iterations, warmup',
    ],
    [
      { ...complete['mpi-fwq'], granularityUs: 5 },
      'workload.granularityUs: unknown field for kind "mpi-fwq"; allowed: kind, workUs, iterations, warmup, hopUs',
    ],
    [
      { ...complete.sage, granularityUs: 5 },
      'workload.granularityUs: unknown field for kind "sage"; allowed: kind, cellsPerPE, computeUsPerCycle, allreducesPerCycle, iterations, warmup, hopUs',
    ],
    [
      { ...complete.pop, cellsPerPE: 5 },
      'workload.cellsPerPE: unknown field for kind "pop"; allowed: kind, baroclinicUs, barotropicIterations, barotropicUs, barotropicSerialUs, iterations, warmup, hopUs',
    ],
    [
      { kind: 'allreduce', iterations: 10 },
      'workload.granularityUs: missing; required (a number 0..1e12)',
    ],
    [
      { ...complete.halo, hopUs: 5 },
      'workload.hopUs: unknown field for kind "halo"; allowed: kind, granularityUs, dimensions, periodic, barrierBefore, latencyUs, messageBytes, usPerByte, overheadUs, iterations, warmup',
    ],
    [{ ...complete.halo, dimensions: 4 }, 'workload.dimensions: 4 is out of range; allowed: 1..3'],
    [
      { ...complete.halo, overheadUs: -1 },
      'workload.overheadUs: -1 is out of range; allowed: 0..1e12',
    ],
    [{ ...complete.halo, overheadUs: '2' }, 'workload.overheadUs: "2" is not a number'],
    [
      { ...complete.halo, barrierBefore: 1 },
      'workload.barrierBefore: 1 is not a boolean; allowed: true, false',
    ],
    [
      { ...complete.halo, periodic: 'yes' },
      'workload.periodic: "yes" is not a boolean; allowed: true, false',
    ],
    [
      { kind: 'halo', granularityUs: 5, iterations: 10 },
      'workload.latencyUs: missing; required (a number 0..1e12)',
    ],
    [{ ...complete.halo, messageBytes: 1.5 }, 'workload.messageBytes: 1.5 is not an integer'],
    [{ ...complete.halo, usPerByte: 2 }, 'workload.usPerByte: 2 is out of range; allowed: 0..1'],
    [
      { ...complete.alltoall, dimensions: 2 },
      'workload.dimensions: unknown field for kind "alltoall"; allowed: kind, granularityUs, latencyUs, messageBytes, usPerByte, iterations, warmup',
    ],
    [{ ...complete.wavefront, stages: 0 }, 'workload.stages: 0 is out of range; allowed: 1..10000'],
    [{ ...complete.wavefront, stages: 2.5 }, 'workload.stages: 2.5 is not an integer'],
    [
      { kind: 'wavefront', granularityUs: 5, latencyUs: 2, iterations: 10 },
      'workload.stages: missing; required (an integer 1..10000)',
    ],
    [
      { kind: 'mpi-fwq', iterations: 10 },
      'workload.workUs: missing; required (a number > 0 and ≤ 1e12)',
    ],
    [
      { ...complete['mpi-fwq'], workUs: 0 },
      'workload.workUs: 0 is out of range; allowed: > 0 and ≤ 1e12',
    ],
    [
      { ...complete.sage, cellsPerPE: 0 },
      'workload.cellsPerPE: 0 is out of range; allowed: 1..1000000000',
    ],
    [{ ...complete.sage, cellsPerPE: 13500.5 }, 'workload.cellsPerPE: 13500.5 is not an integer'],
    [
      { ...complete.sage, computeUsPerCycle: 0 },
      'workload.computeUsPerCycle: 0 is out of range; allowed: > 0 and ≤ 1e12',
    ],
    [
      { ...complete.sage, allreducesPerCycle: 100_001 },
      'workload.allreducesPerCycle: 100001 is out of range; allowed: 1..100000',
    ],
    [
      { ...complete.pop, baroclinicUs: -1 },
      'workload.baroclinicUs: -1 is out of range; allowed: 0..1e12',
    ],
    [
      { ...complete.pop, barotropicIterations: 0 },
      'workload.barotropicIterations: 0 is out of range; allowed: 1..100000',
    ],
    [{ ...complete.pop, barotropicUs: '500' }, 'workload.barotropicUs: "500" is not a number'],
    [{ ...complete.allreduce, hopUs: -1 }, 'workload.hopUs: -1 is out of range; allowed: 0..1e12'],
    [
      { ...complete.sage, hopUs: '5' },
      'workload.hopUs: "5" is not a number; allowed: 0..1e12, or null to use machine.tree.hopUs',
    ],
    [
      { ...complete['mpi-fwq'], hopUs: Infinity },
      'workload.hopUs: Infinity is not a finite number',
    ],
    [
      { ...complete.sage, warmup: 100 },
      'workload.warmup: 100 is not less than iterations 100; allowed: 0..99',
    ],
    [
      { ...complete.pop, iterations: undefined },
      'workload.iterations: missing; required (an integer 1..1000000)',
    ],
  ])('with what is allowed: %j', (workload, line) => {
    expect(problems(running(workload))).toEqual([line]);
  });

  it('with every problem of a kind at once, in the order of the format', () => {
    const workload = {
      hopUs: 'x',
      iterations: 0,
      kind: 'sage',
      allreducesPerCycle: 0,
      computeUsPerCycle: -1,
      cellsPerPE: 0,
    };
    expect(problems(running(workload))).toEqual([
      'workload.cellsPerPE: 0 is out of range; allowed: 1..1000000000',
      'workload.computeUsPerCycle: -1 is out of range; allowed: > 0 and ≤ 1e12',
      'workload.allreducesPerCycle: 0 is out of range; allowed: 1..100000',
      'workload.iterations: 0 is out of range; allowed: 1..1000000',
      'workload.hopUs: "x" is not a number; allowed: 0..1e12, or null to use machine.tree.hopUs',
    ]);
  });

  it('with the required fields of pop, all three', () => {
    expect(problems(running({ kind: 'pop', iterations: 10 }))).toEqual([
      'workload.baroclinicUs: missing; required (a number 0..1e12)',
      'workload.barotropicIterations: missing; required (an integer 1..100000)',
      'workload.barotropicUs: missing; required (a number 0..1e12)',
    ]);
  });
});

describe('machine.tree', () => {
  it.each([
    [undefined, { fanout: 2, hopUs: 5 }],
    [{}, { fanout: 2, hopUs: 5 }],
    [{ fanout: 4 }, { fanout: 4, hopUs: 5 }],
    [{ hopUs: 0 }, { fanout: 2, hopUs: 0 }],
    [
      { fanout: 64, hopUs: 1e12 },
      { fanout: 64, hopUs: 1e12 },
    ],
  ])('%j gives %j', (tree, expected) => {
    // Without noise: a hop of 1e12 µs would make the run refused for its noise events.
    const input = without(['machine.tree', 'noise'], example2());
    input.noise = [];
    if (tree !== undefined) (input.machine as Record<string, unknown>).tree = tree;
    expect(validateScenario(input).machine.tree).toEqual(expected);
  });

  it('is a fresh object every time, also when defaulted', () => {
    const first = validateScenario(example());
    first.machine.tree.fanout = 9;
    expect(validateScenario(example()).machine.tree.fanout).toBe(2);
    const input = example2();
    const s = validateScenario(input);
    expect(s.machine.tree).not.toBe((input.machine as Scenario['machine']).tree);
  });

  it.each([
    ['machine.tree', 3, 'machine.tree: 3 is not an object'],
    ['machine.tree', null, 'machine.tree: null is not an object'],
    ['machine.tree.depth', 3, 'machine.tree.depth: unknown field; allowed: fanout, hopUs'],
    ['machine.tree.fanout', 1, 'machine.tree.fanout: 1 is out of range; allowed: 2..64'],
    ['machine.tree.fanout', 65, 'machine.tree.fanout: 65 is out of range; allowed: 2..64'],
    ['machine.tree.fanout', 2.5, 'machine.tree.fanout: 2.5 is not an integer'],
    ['machine.tree.hopUs', -1, 'machine.tree.hopUs: -1 is out of range; allowed: 0..1e12'],
    ['machine.tree.hopUs', Infinity, 'machine.tree.hopUs: Infinity is not a finite number'],
    ['machine.tree.hopUs', '5', 'machine.tree.hopUs: "5" is not a number'],
  ])('refuses %s = %j', (path, value, line) => {
    expect(problems(variant2({ [path]: value }))).toEqual([line]);
  });
});

describe('noise provenance', () => {
  const published = { basis: 'published', cite: '000 sec 4' };

  it('defaults to {} and fills against and note with ""', () => {
    expect(
      validateScenario(without(['noise.0.provenance'], example2())).noise[0].provenance,
    ).toEqual({});
    const s = validateScenario(variant2({ 'noise.0.provenance': { cpu: published } }));
    expect(s.noise[0].provenance).toEqual({ cpu: { ...published, against: '', note: '' } });
  });

  it('accepts an entry for every field of a source, and writes them in a fixed order', () => {
    const fields = ['cpu', 'placement', 'duration', 'phase', 'arrival', 'periodUs'];
    const provenance = Object.fromEntries(fields.map((f) => [f, published]));
    const s = validateScenario(variant2({ 'noise.0.provenance': provenance }));
    expect(Object.keys(s.noise[0].provenance)).toEqual([...fields].reverse());
  });

  it('is a fresh copy of the input', () => {
    const input = example2() as unknown as Scenario;
    const s = validateScenario(input);
    expect(s.noise[1].provenance).not.toBe(input.noise[1].provenance);
    expect(s.noise[1].provenance.periodUs).not.toBe(input.noise[1].provenance.periodUs);
  });

  it.each([
    ['noise.0.provenance', [], 'noise[0].provenance: [] is not an object'],
    ['noise.0.provenance', null, 'noise[0].provenance: null is not an object'],
    [
      'noise.0.provenance.label',
      published,
      'noise[0].provenance.label: unknown field; allowed: periodUs, arrival, phase, phaseWindowUs, eventProbability, duration, placement, cpu',
    ],
    [
      'noise.0.provenance.periodUs',
      '000 sec 4',
      'noise[0].provenance.periodUs: "000 sec 4" is not an object',
    ],
    [
      'noise.0.provenance.periodUs.source',
      'x',
      'noise[0].provenance.periodUs.source: unknown field; allowed: basis, cite, against, note',
    ],
    [
      'noise.0.provenance.periodUs.basis',
      'guessed',
      'noise[0].provenance.periodUs.basis: "guessed" is not a provenance basis; allowed: published, calibrated',
    ],
    [
      'noise.0.provenance.periodUs.cite',
      '',
      'noise[0].provenance.periodUs.cite: "" is empty; allowed: 1..2000 characters',
    ],
    ['noise.0.provenance.periodUs.cite', 4, 'noise[0].provenance.periodUs.cite: 4 is not a string'],
    [
      'noise.0.provenance.duration.note',
      null,
      'noise[0].provenance.duration.note: null is not a string',
    ],
    [
      'noise.0.provenance.periodUs.against',
      'Fig 6',
      'noise[0].provenance.periodUs.against: "Fig 6" is only for basis "calibrated"; allowed: "" or leave it out (or set basis "calibrated")',
    ],
    [
      'noise.1.provenance.periodUs.against',
      '',
      'noise[1].provenance.periodUs.against: "" is empty; required when basis is "calibrated" (the published result the value was fitted to, a non-empty string)',
    ],
    [
      'noise.1.provenance.periodUs.basis',
      'published',
      'noise[1].provenance.periodUs.against: "000_3ad34a653051bbf2.txt Table 2: 10% of 1 ms quanta delay… is only for basis "calibrated"; allowed: "" or leave it out (or set basis "calibrated")',
    ],
  ])('refuses %s = %j', (path, value, line) => {
    expect(problems(variant2({ [path]: value }))).toEqual([line]);
  });

  it.each([
    [
      'noise.0.provenance.periodUs.basis',
      'noise[0].provenance.periodUs.basis: missing; required (one of published, calibrated)',
    ],
    [
      'noise.0.provenance.periodUs.cite',
      'noise[0].provenance.periodUs.cite: missing; required (a string of 1..2000 characters)',
    ],
    [
      'noise.1.provenance.periodUs.against',
      'noise[1].provenance.periodUs.against: missing; required when basis is "calibrated" (the published result the value was fitted to, a non-empty string)',
    ],
  ])('refuses an entry without %s', (path, line) => {
    expect(problems(without([path], example2()))).toEqual([line]);
  });

  it('refuses texts over 2,000 characters', () => {
    for (const key of ['cite', 'against', 'note']) {
      const input = variant2({ [`noise.1.provenance.periodUs.${key}`]: 'c'.repeat(2001) });
      expect(problems(input)).toEqual([
        `noise[1].provenance.periodUs.${key}: "${'c'.repeat(58)}… is too long (2001 characters); allowed: at most 2000`,
      ]);
    }
    const fits = variant2({ 'noise.1.provenance.periodUs.note': 'c'.repeat(2000) });
    expect(validateScenario(fits).noise[1].provenance.periodUs?.note).toHaveLength(2000);
  });

  it('reports every problem of every entry at once', () => {
    const input = variant2({
      'noise.0.provenance.cpu': { basis: 'calibrated', cite: '' },
      'noise.0.provenance.periodUs.basis': 'quoted',
    });
    expect(problems(input)).toEqual([
      'noise[0].provenance.periodUs.basis: "quoted" is not a provenance basis; allowed: published, calibrated',
      'noise[0].provenance.cpu.cite: "" is empty; allowed: 1..2000 characters',
      'noise[0].provenance.cpu.against: missing; required when basis is "calibrated" (the published result the value was fitted to, a non-empty string)',
    ]);
  });
});

describe('programs too large to run', () => {
  const huge = { 'machine.nodes': 200_000, 'job.nodes': 200_000, noise: [] };

  it('refuse more than 1e7 phases, naming the phases per iteration', () => {
    const sage = { ...complete.sage, allreducesPerCycle: 100, iterations: 200_000, warmup: 0 };
    expect(problems(running(sage, { noise: [] }))).toEqual([
      'workload: this run would step through about 2e7 phases (iterations × allreducesPerCycle = 200,000 × 100); allowed: at most 1e7. Use fewer iterations or allreducesPerCycle',
    ]);
    const pop = { ...complete.pop, barotropicIterations: 999, iterations: 20_000 };
    expect(problems(running(pop, { noise: [] }))).toEqual([
      'workload: this run would step through about 2e7 phases (iterations × (barotropicIterations + 1) = 20,000 × 1,000); allowed: at most 1e7. Use fewer iterations or barotropicIterations',
    ]);
  });

  it('accept exactly 1e7 phases', () => {
    const sage = { ...complete.sage, allreducesPerCycle: 100, iterations: 100_000 };
    const s = validateScenario(running(sage, { noise: [] }));
    expect(estimatePhaseIterations(s)).toBe(1e7);
  });

  it('refuse more than 2e11 rank-phases, counting every phase', () => {
    // 200,000 nodes × 4 ranks × 100 phases × 10,000 iterations = 8e11.
    const sage = { ...complete.sage, allreducesPerCycle: 100, iterations: 10_000 };
    expect(problems(running(sage, huge))).toEqual([
      '(root): this run would step through about 8e11 rank-phases (job.nodes × ranksPerNode × allreducesPerCycle × iterations); allowed: at most 2e11. Use fewer iterations, allreducesPerCycle, job nodes or ranks per node',
    ]);
    const pop = { ...complete.pop, barotropicIterations: 99, iterations: 10_000 };
    expect(problems(running(pop, huge))).toEqual([
      '(root): this run would step through about 8e11 rank-phases (job.nodes × ranksPerNode × (barotropicIterations + 1) × iterations); allowed: at most 2e11. Use fewer iterations, barotropicIterations, job nodes or ranks per node',
    ]);
  });

  it('refuse a wavefront whose early messages would not fit: 2 × stages × ranks over 4e6', () => {
    // 200,000 nodes × 4 ranks × 2 × 10 stages = 1.6e7 slots.
    const wave = { ...complete.wavefront, stages: 10, iterations: 2 };
    expect(problems(running(wave, huge))).toContain(
      "workload.stages: 10 with 800000 ranks needs 1.6e7 stage slots (2 × stages × ranks: a rank may receive a whole sweep's messages early); allowed: at most 4e6. Use fewer stages or ranks",
    );
    const fits = { ...complete.wavefront, stages: 2, iterations: 2 };
    expect(validateScenario(running(fits, huge)).workload).toEqual(fits);
  });

  it('refuse a one-phase tree workload over 2e11 rank-iterations as format 1 does', () => {
    const fwq = { ...complete['mpi-fwq'], iterations: 1_000_000 };
    expect(problems(running(fwq, huge))).toEqual([
      '(root): this run would step through about 8e11 rank-iterations (job.nodes × ranksPerNode × iterations); allowed: at most 2e11. Use fewer iterations, job nodes or ranks per node',
    ]);
  });

  it('report both limits at once', () => {
    // 100 × 200,000 = 2e7 phases; × 800,000 ranks = 1.6e13 rank-phases.
    const sage = { ...complete.sage, allreducesPerCycle: 100, iterations: 200_000 };
    expect(problems(running(sage, huge))).toEqual([
      expect.stringMatching(/^workload: this run would step through about 2e7 phases /),
      expect.stringMatching(/^\(root\): this run would step through about 1\.6e13 rank-phases /),
    ]);
  });
});

describe('the noise limits, for every kind', () => {
  it.each(WORKLOAD_KINDS)('%s: a rank core kept busy 100%% of the time is refused', (kind) => {
    // Core 0: 640 / 640 = 1 pinned, plus the "any" source's 50 / 10,000 / 4 cores: 100%.
    const input = running(complete[kind], { 'noise.0.cpu': 0, 'noise.0.periodUs': 640 });
    expect(problems(input)).toEqual([loadMessage(0, 100)]);
  });

  it.each(WORKLOAD_KINDS)('%s: more than 2e9 noise events are refused', (kind) => {
    // A zero-length source every 0.01 µs on 1,024 nodes: ≥ 1e5 events per µs of run, and every
    // complete workload here runs for more than 1e5 µs.
    const source = {
      id: 'fast',
      periodUs: 0.01,
      duration: { dist: 'fixed', valueUs: 0 },
      placement: { kind: 'all' },
    };
    expect(problems(running(complete[kind], { noise: [source] }))).toEqual([
      expect.stringMatching(
        /^\(root\): this run would simulate about \S+ noise events on job nodes \(job\.nodes .*\); allowed: at most 2e9\. Use fewer iterations or job nodes, or lengthen noise\[\d+\]\.periodUs$/,
      ),
    ]);
  });
});

describe('the work estimates of the tree workloads', () => {
  // The format-2 example: 1,024 nodes × 4 ranks = 4,096 ranks; rank 4,095 = 2^12 − 1 is the
  // first of depth 12 in a binary heap, so a tree allreduce costs 2 · 12 · 5 µs = 120 µs.
  const heartbeatOnly = { noise: (example2().noise as unknown[]).slice(0, 1) };
  const rho = 640 / 125_000 / 4; // the heartbeat's load on every core

  it('price a tree phase at 2 · depth · hopUs, with the workload’s hop or the machine’s', () => {
    expect(treeDepth(4096, 2)).toBe(12);
    expect(treeDepth(4096, 4)).toBe(6); // 1 + 4 + … + 4^5 = 1,365 ≤ 4,095 < 5,461
    const collective = (edits: Record<string, unknown>) =>
      collectiveEstimateUs(validateScenario(variant2(edits)));
    expect(collective({})).toBe(120);
    expect(collective({ 'workload.hopUs': 10 })).toBe(240);
    expect(collective({ 'machine.tree.fanout': 4 })).toBe(60);
    expect(collective({ 'machine.tree.hopUs': 0 })).toBe(0);
    // A barrier phase keeps the machine's collective: 4 + 0.5 · ⌈log2 4096⌉ = 10 µs.
    expect(collectiveEstimateUs(validateScenario(example()))).toBe(10);
    // SAGE: one tree allreduce per phase, 40 phases.
    expect(collectiveEstimateUs(validateScenario(running(complete.sage)))).toBe(4800);
  });

  it('follow the formula on the allreduce example: the spills expected per iteration', () => {
    // g = 0; per iteration 120 µs of tree; a source spills the events expected on the job
    // nodes during the iteration, at most one per phase: the heartbeat 1024 · 120 / 125,000
    // = 0.98304 events of 640 µs, the 10 ms source min(1, 1024 · 120 / 10,000) = 1 of 50 µs.
    const s = validateScenario(example2());
    const iteration = 120 + 0.98304 * 640 + 50;
    expect(estimateHorizonUs(s)).toBeCloseTo(1000 * iteration, 6);
    const H = 1000 * iteration;
    expect(estimateNoiseEvents(s)).toBeCloseTo((1024 * H) / 125_000 + (1024 * H) / 10_000, 6);
  });

  it('let a source spill once per phase at most (SAGE)', () => {
    // 40 phases of 10,000 µs: Σ g = 400,000 µs stretched by 1/(1 − ρ), 40 · 120 µs of tree;
    // 1024 · 405,313 / 125,000 ≈ 3,320 heartbeats per cycle, more than 40 phases: 40 spills.
    const s = validateScenario(running(complete.sage, heartbeatOnly));
    const iteration = 400_000 / (1 - rho) + 40 * 120;
    expect(estimateHorizonUs(s)).toBeCloseTo(100 * (iteration + 40 * 640), 6);
  });

  it('count the spills a source can cause when it hits fewer phases than there are', () => {
    // On one job node: 1 · 405,313 / 125,000 ≈ 3.24 heartbeats per cycle, so 3.24 spills.
    const s = validateScenario(
      running(complete.sage, {
        ...heartbeatOnly,
        'noise.0.placement': { kind: 'nodes', ids: [0] },
      }),
    );
    // ρ is the same: the load estimate assumes every source covers the node.
    const iteration = 400_000 / (1 - rho) + 40 * 120;
    expect(estimateHorizonUs(s)).toBeCloseTo(100 * (iteration + (640 * iteration) / 125_000), 6);
  });

  it('divide POP’s work among the ranks (strong scaling)', () => {
    // Σ g = (2e8 + 100 · 5e5) / 4096 = 61,035.15625 µs; 101 tree phases of 120 µs; the
    // heartbeat hits ≈ 600 times a step, more than 101 phases: 101 spills.
    const s = validateScenario(running(complete.pop, heartbeatOnly));
    const g = (200_000_000 + 100 * 500_000) / 4096;
    expect(g).toBe(61_035.15625);
    expect(estimateHorizonUs(s)).toBeCloseTo(1000 * (g / (1 - rho) + 101 * 120 + 101 * 640), 6);
  });

  it('add the wake-up after every collective in block mode', () => {
    const horizon = (edits: Record<string, unknown>) =>
      estimateHorizonUs(validateScenario(running(complete.sage, { ...heartbeatOnly, ...edits })));
    // 100 cycles · 40 phases · 50 µs = 200,000 µs.
    expect(horizon({ 'job.waitMode': 'block', 'job.wakeupUs': 50 })).toBeCloseTo(
      horizon({}) + 200_000,
      6,
    );
  });

  it('count rank work as ranks × phases × iterations', () => {
    const work = (w: Workload) => estimateRankIterations(validateScenario(running(w)));
    expect(work(complete.allreduce)).toBe(4096 * 1000);
    expect(work(complete.sage)).toBe(4096 * 40 * 100);
    expect(work(complete.pop)).toBe(4096 * 101 * 1000);
    expect(estimatePhaseIterations(validateScenario(running(complete.pop)))).toBe(101_000);
  });
});
