// Hand-written query parameters (src/state/query-params.ts): each parameter and its units,
// every error message, the round trip with formatQuery, and applying the assignments.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateScenario, type Scenario } from '../../src/scenario/index.ts';
import {
  applyAssignments,
  formatDurationUs,
  formatQuery,
  parseDurationUs,
  parseQuery,
  scenarioPathProblem,
  type QueryKnobs,
} from '../../src/state/query-params.ts';

const PRESETS = ['asci-q-2002', 'jaguar-xt5-rn', 'bgp-intrepid'] as const;
const parse = (search: string) => parseQuery(search, PRESETS);
const jaguar = (): Scenario =>
  validateScenario(
    JSON.parse(
      readFileSync(new URL('../../scenarios/jaguar-xt5-rn.json', import.meta.url), 'utf8'),
    ),
  );

describe('parseQuery: parameters', () => {
  it('the example of the issue', () => {
    expect(parse('?preset=jaguar-xt5-rn&nodes=4096&g=1ms')).toEqual({
      preset: 'jaguar-xt5-rn',
      assignments: [
        { path: 'job.nodes', value: 4096 },
        { path: 'workload.granularityUs', value: 1000 },
      ],
      ops: [],
      errors: [],
    });
  });

  it('every parameter, in a fixed order whatever the order in the link', () => {
    const q = parse(
      'exclude=0,31&reserve=0,1&wait=block&seed=42&warmup=5&iterations=500&g=250&ppn=7&nodes=16' +
        '&scenario=scenarios/x.json',
    );
    expect(q).toEqual({
      scenarioPath: 'scenarios/x.json',
      assignments: [
        { path: 'job.nodes', value: 16 },
        { path: 'job.ranksPerNode', value: 7 },
        { path: 'workload.granularityUs', value: 250 },
        { path: 'workload.iterations', value: 500 },
        { path: 'workload.warmup', value: 5 },
        { path: 'seed', value: 42 },
        { path: 'job.waitMode', value: 'block' },
        { path: 'job.reservedCores', value: [0, 1] },
        { path: 'job.excludeOffsets', value: [0, 31] },
      ],
      ops: [],
      errors: [],
    });
  });

  it('an empty query', () => {
    expect(parse('')).toEqual({ assignments: [], ops: [], errors: [] });
    expect(parse('?')).toEqual({ assignments: [], ops: [], errors: [] });
  });

  it.each([
    ['0', 0],
    ['10', 10],
    ['10us', 10],
    ['10µs', 10],
    ['10μs', 10], // Greek mu as well as the micro sign
    ['2.5', 2.5],
    ['1ms', 1000],
    ['1.5ms', 1500],
    ['0.1ms', 100],
    ['0.0001ms', 0.1],
    ['1s', 1_000_000],
    ['0.25s', 250_000],
  ])('g=%s is %d µs', (text, us) => {
    expect(parseDurationUs(text)).toBe(us);
    expect(parse(`g=${encodeURIComponent(text)}`).assignments).toEqual([
      { path: 'workload.granularityUs', value: us },
    ]);
  });

  it.each(['', '-1', '1e3', '1 ms', '1m', '1.ms', '.5ms', 'ms', '1,5ms', 'Infinity', '1MS'])(
    'g=%j is refused',
    (text) => expect(parseDurationUs(text)).toBeUndefined(),
  );

  it.each([
    ['reserve=0', [0]],
    ['reserve=0,1', [0, 1]],
    ['reserve=', []],
    ['reserve=none', []],
    ['exclude=0%2C31', [0, 31]],
  ])('%s', (search, value) => {
    expect(parse(search).assignments[0].value).toEqual(value);
  });

  it('seed 0 and the largest seed', () => {
    expect(parse('seed=0').assignments).toEqual([{ path: 'seed', value: 0 }]);
    expect(parse('seed=4294967295').errors).toEqual([]);
  });
});

describe('parseQuery: errors', () => {
  it.each([
    [
      'preset=titan',
      'preset: "titan" is not valid; allowed: asci-q-2002, jaguar-xt5-rn, bgp-intrepid',
    ],
    ['nodes=0', 'nodes: "0" is not valid; expected an integer ≥ 1, e.g. nodes=4096'],
    ['nodes=abc', 'nodes: "abc" is not valid; expected an integer ≥ 1, e.g. nodes=4096'],
    ['nodes=1.5', 'nodes: "1.5" is not valid; expected an integer ≥ 1, e.g. nodes=4096'],
    ['nodes=', 'nodes: "" is not valid; expected an integer ≥ 1, e.g. nodes=4096'],
    ['nodes=-4', 'nodes: "-4" is not valid; expected an integer ≥ 1, e.g. nodes=4096'],
    [
      'nodes=99999999999999999',
      'nodes: "99999999999999999" is not valid; expected an integer ≥ 1, e.g. nodes=4096',
    ],
    ['ppn=x', 'ppn: "x" is not valid; expected an integer ≥ 1 (ranks per node), e.g. ppn=4'],
    [
      'g=1m',
      'g: "1m" is not valid; expected a duration ≥ 0 in us, µs, ms or s (a bare number means ' +
        'µs), e.g. g=1ms, g=1.5ms or g=10us',
    ],
    ['iterations=0', 'iterations: "0" is not valid; expected an integer ≥ 1, e.g. iterations=2000'],
    [
      'seed=4294967296',
      'seed: "4294967296" is not valid; expected an integer from 0 to 4294967295, e.g. seed=42',
    ],
    ['wait=spin', 'wait: "spin" is not valid; expected poll or block'],
    [
      'reserve=0,,1',
      'reserve: "0,,1" is not valid; expected core numbers separated by commas, e.g. reserve=0 ' +
        'or reserve=0,1 (none: reserve=none)',
    ],
    [
      'exclude=a',
      'exclude: "a" is not valid; expected cluster offsets separated by commas, e.g. ' +
        'exclude=0,31 (none: exclude=none)',
    ],
    ['nodes=1&nodes=2', 'nodes: given 2 times; allowed: once'],
    [
      'foo=1',
      'unknown parameter "foo"; allowed: preset, v, scenario, nodes, ppn, g, iterations, warmup, ' +
        'seed, wait, reserve, exclude, off, on, p, src.<id>.period, src.<id>.duration, src.<id>.cpu',
    ],
    [
      'foo=1&Nodes=2&foo=3',
      'unknown parameters "foo", "Nodes"; allowed: preset, v, scenario, nodes, ppn, g, ' +
        'iterations, warmup, seed, wait, reserve, exclude, off, on, p, src.<id>.period, ' +
        'src.<id>.duration, src.<id>.cpu',
    ],
    [
      'preset=asci-q-2002&scenario=a.json',
      'preset and scenario are both given; allowed: one of them',
    ],
    [
      'preset=asci-q-2002&v=xyz',
      `v: "xyz" is not valid; expected a preset's version: 8 hex digits, e.g. v=3f2a91c0`,
    ],
    ['v=06c351e0', "v: a version is a preset's; allowed only with preset="],
    [
      'off=Kernel',
      'off: "Kernel" is not a noise source id; expected ids separated by commas, e.g. ' +
        'off=kernel-heartbeat-125ms,rms-15ms',
    ],
    ['off=a,b&on=b', 'off and on both name the source "b"; allowed: one'],
    ['off=a,a', 'off: a source is named twice'],
    [
      'src.rms-15ms.arrival=poisson',
      'src.rms-15ms.arrival: the field "arrival" cannot be set in a link; allowed: period, ' +
        'duration, cpu (other edits go in p=)',
    ],
    [
      'src.rms-15ms.period=soon',
      'src.rms-15ms.period: "soon" is not valid; expected a duration ≥ 0 in us, µs, ms or s, e.g. 60s, 640us or 1.5ms',
    ],
    [
      'src.rms-15ms.cpu=first',
      'src.rms-15ms.cpu: "first" is not valid; expected a core number (e.g. 0, the core a job leaves to the OS) or any',
    ],
  ])('%s', (search, message) => {
    expect(parse(search).errors).toEqual([message]);
  });

  it('a value over 1000 characters is refused without being parsed', () => {
    expect(parse(`nodes=${'1'.repeat(1001)}`).errors).toEqual([
      `nodes: "${'1'.repeat(58)}… is not valid; allowed: at most 1,000 characters`,
    ]);
  });

  it('no presets at all', () => {
    expect(parseQuery('preset=x', []).errors).toEqual([
      'preset: "x" is not valid; there are no presets',
    ]);
  });

  it('reports every bad parameter and keeps the good ones', () => {
    const q = parse('nodes=x&ppn=4&g=fast&bogus=1');
    expect(q.assignments).toEqual([{ path: 'job.ranksPerNode', value: 4 }]);
    expect(q.errors.map((e) => e.split(/[:;]/)[0])).toEqual([
      'unknown parameter "bogus"',
      'nodes',
      'g',
    ]);
  });

  const ALLOWED =
    'allowed: a relative path to a .json file on this site, e.g. ' +
    'scenario=scenarios/my-run.json (letters, digits, "-", "_", ".", "~" and "/"; no scheme, ' +
    'no "//", no "..")';
  it.each([
    ['https://evil.example/x.json', 'has a scheme ("https:")'],
    ['javascript:alert(1)//.json', 'has a scheme ("javascript:")'],
    ['data:application/json,{}', 'has a scheme ("data:")'],
    ['//evil.example/x.json', 'contains "//"'],
    ['scenarios//x.json', 'contains "//"'],
    ['/scenarios/x.json', 'starts with "/"'],
    ['../secret.json', 'contains a "." or ".." segment'],
    ['scenarios/../../x.json', 'contains a "." or ".." segment'],
    ['./x.json', 'contains a "." or ".." segment'],
    ['scenarios\\x.json', 'contains "\\\\"'],
    ['x.json?y=1', 'contains "?"'],
    ['a b.json', 'contains " "'],
    ['%2e%2e/x.json', 'contains "%"'],
    ['scenarios/x.txt', 'does not end with .json'],
    ['scenarios/.json', 'does not end with .json'],
    ['', 'is empty'],
    [`${'a'.repeat(196)}.json`, 'is 201 characters long (at most 200)'],
  ])('scenario=%j: %s', (path, problem) => {
    expect(scenarioPathProblem(path)).toBe(problem);
    const errors = parse(`scenario=${encodeURIComponent(path)}`).errors;
    expect(errors).toHaveLength(1);
    expect(errors[0].startsWith(`scenario: `)).toBe(true);
    expect(errors[0].endsWith(` ${problem}; ${ALLOWED}`)).toBe(true);
  });

  it('a double-encoded ".." stays refused', () => {
    expect(parse('scenario=%252e%252e/x.json').errors[0]).toMatch(/contains "%"/);
    expect(parse('scenario=%2e%2e/x.json').errors[0]).toMatch(/"\." or "\.\." segment/);
  });

  it.each(['scenarios/x.json', 'x.json', 'a/b-c_d.e~f/G9.json'])('scenario=%s is fine', (p) => {
    expect(parse(`scenario=${p}`)).toEqual({
      scenarioPath: p,
      assignments: [],
      ops: [],
      errors: [],
    });
  });
});

describe('formatQuery', () => {
  it('writes readable links', () => {
    expect(formatQuery({ preset: 'jaguar-xt5-rn', nodes: 4096, granularityUs: 1000 })).toBe(
      '?preset=jaguar-xt5-rn&nodes=4096&g=1ms',
    );
    expect(
      formatQuery({ scenario: 'scenarios/x.json', reservedCores: [0, 1], excludeOffsets: [] }),
    ).toBe('?scenario=scenarios/x.json&reserve=0,1&exclude=none');
    expect(formatQuery({})).toBe('');
  });

  it.each([
    [0, '0'],
    [10, '10us'],
    [2.5, '2.5us'],
    [1000, '1ms'],
    [1500, '1.5ms'],
    [1234.5, '1234.5us'],
    [1_000_000, '1s'],
    [250_000, '250ms'],
    [1_250_000, '1.25s'],
    [1e12, '1000000s'],
  ])('%d µs is written %s', (us, text) => {
    expect(formatDurationUs(us)).toBe(text);
    expect(parseDurationUs(text)).toBe(us);
  });

  it('refuses what parseQuery would refuse', () => {
    expect(() => formatQuery({ nodes: 0 })).toThrow(RangeError);
    expect(() => formatQuery({ seed: 2 ** 32 })).toThrow(RangeError);
    expect(() => formatQuery({ granularityUs: -1 })).toThrow(RangeError);
    expect(() => formatQuery({ granularityUs: 1e-7 })).toThrow(RangeError);
    expect(() => formatQuery({ scenario: '../x.json' })).toThrow(RangeError);
    expect(() => formatQuery({ reservedCores: [-1] })).toThrow(RangeError);
  });

  it('round trip: parseQuery reads back what formatQuery writes', () => {
    const cases: QueryKnobs[] = [
      { preset: 'jaguar-xt5-rn', nodes: 4096, granularityUs: 1000 },
      {
        preset: 'asci-q-2002',
        nodes: 1,
        ranksPerNode: 3,
        granularityUs: 0.1,
        iterations: 10,
        seed: 0,
        waitMode: 'poll',
        reservedCores: [],
        excludeOffsets: [0, 31],
      },
      {
        scenario: 'scenarios/x.json',
        granularityUs: 123_456.789,
        waitMode: 'block',
        seed: 2 ** 32 - 1,
      },
      { reservedCores: [0, 2, 5], granularityUs: 0 },
    ];
    const fields: [keyof QueryKnobs, string][] = [
      ['nodes', 'job.nodes'],
      ['ranksPerNode', 'job.ranksPerNode'],
      ['granularityUs', 'workload.granularityUs'],
      ['iterations', 'workload.iterations'],
      ['seed', 'seed'],
      ['waitMode', 'job.waitMode'],
      ['reservedCores', 'job.reservedCores'],
      ['excludeOffsets', 'job.excludeOffsets'],
    ];
    for (const knobs of cases) {
      const q = parse(formatQuery(knobs));
      expect(q.errors).toEqual([]);
      expect(q.preset).toBe(knobs.preset);
      expect(q.scenarioPath).toBe(knobs.scenario);
      const expected = fields
        .filter(([k]) => knobs[k] !== undefined)
        .map(([k, path]) => ({ path, value: knobs[k] }));
      expect(q.assignments).toEqual(expected);
    }
  });

  it('round trip of many random durations', () => {
    let x = 12345;
    for (let i = 0; i < 2000; i++) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      const us = i % 2 === 0 ? x : x / 1000;
      expect(parseDurationUs(formatDurationUs(us))).toBe(us);
    }
  });
});

describe('applyAssignments', () => {
  it('applies the parameters and validates the result, leaving the base untouched', () => {
    const base = jaguar();
    const before = structuredClone(base);
    const q = parse('nodes=16&ppn=4&g=10us&wait=block&reserve=0,1&seed=7');
    const result = applyAssignments(base, q.assignments);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.scenario.job).toMatchObject({
      nodes: 16,
      ranksPerNode: 4,
      waitMode: 'block',
      reservedCores: [0, 1],
    });
    expect(result.scenario.workload).toMatchObject({ granularityUs: 10 });
    expect(result.scenario.seed).toBe(7);
    expect(base).toEqual(before);
  });

  it('no assignments: a fresh, validated copy', () => {
    const base = jaguar();
    const result = applyAssignments(base, []);
    expect(result).toEqual({ ok: true, scenario: base });
    expect(result.ok && result.scenario).not.toBe(base);
  });

  it("surfaces the validator's messages, one per line", () => {
    const base = jaguar();
    const q = parse('nodes=20000&ppn=8');
    const result = applyAssignments(base, q.assignments);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const lines = result.error.split('\n');
    expect(lines[0]).toBe("the link's parameters make the scenario invalid:");
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^job\.nodes: 20000 /),
      expect.stringMatching(/^job\.ranksPerNode: 8 /),
    ]);
  });

  it('iterations below the preset’s warm-up: the message says the link can set warmup, which fixes it', () => {
    const base = jaguar();
    const short = applyAssignments(base, parse('iterations=3').assignments);
    expect(short.ok).toBe(false);
    if (short.ok) return;
    const lines = short.error.split('\n');
    expect(lines).toContainEqual(expect.stringMatching(/^workload\.warmup: /));
    expect(lines.at(-1)).toBe(
      'the link can set the warm-up too: add &warmup=0 (or any count below iterations)',
    );
    const fixed = applyAssignments(base, parse('iterations=3&warmup=0').assignments);
    expect(fixed.ok && fixed.scenario.workload).toMatchObject({ iterations: 3, warmup: 0 });
    // Given warmup and still wrong: no hint, the validator's line says it all.
    const still = applyAssignments(base, parse('iterations=3&warmup=3').assignments);
    expect(!still.ok && still.error).not.toMatch(/the link can set/);
  });

  it('a parameter the workload does not have (g on mpi-fwq) is named by the validator', () => {
    const fwq = validateScenario(
      JSON.parse(
        readFileSync(
          new URL('../../scenarios/mpi-fwq-jaguar-xt5-stock.json', import.meta.url),
          'utf8',
        ),
      ),
    );
    const result = applyAssignments(fwq, parse('g=1ms').assignments);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toBe(
      "the link's parameters make the scenario invalid:\nworkload.granularityUs: unknown field " +
        'for kind "mpi-fwq"; allowed: kind, workUs, iterations, warmup, hopUs',
    );
  });

  it('a path that does not exist is reported, not thrown', () => {
    const result = applyAssignments(jaguar(), [{ path: 'noise.999.enabled', value: false }]);
    expect(result).toEqual({
      ok: false,
      error: expect.stringMatching(
        /^the link's parameters cannot be applied: noise\.999: there are only \d+ noise sources/,
      ),
    });
  });
});
