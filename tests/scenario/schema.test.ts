// The published JSON Schema of scenario files (public/schema/scenario-v<version>.json): it is
// what spec.ts writes, a valid draft 2020-12 schema, and it gives the validator's verdict on
// every scenario file of the project, on every broken file of the validator's tests (through
// files.ts `problems`), and on files mutated at random from them (seeds fixed).
import { readdirSync, readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/random.ts';
import {
  SCENARIO_SCHEMA_PATH,
  SCENARIO_VERSION,
  scenarioSchema,
} from '../../src/scenario/index.ts';
import { editKinds, presetFile } from '../helpers/preset-edits.ts';
import { PRESET_TABLE } from '../../src/state/preset-list.ts';
import {
  expectSameVerdict,
  isCrossField,
  schemaErrors,
  schemaFile,
  validatorErrors,
  validatorIssues,
} from './schema-verdict.ts';

const root = new URL('../../', import.meta.url);
const read = (path: string): unknown => JSON.parse(readFileSync(new URL(path, root), 'utf8'));

/** Every scenario file of the project: the presets, their archived releases, the fixtures. */
function scenarioFiles(): string[] {
  const top = readdirSync(new URL('scenarios/', root)).filter((f) => f.endsWith('.json'));
  const archived = readdirSync(new URL('scenarios/versions/', root), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(new URL(`scenarios/versions/${d.name}/`, root)).map(
        (f) => `scenarios/versions/${d.name}/${f}`,
      ),
    );
  const fixtures = ['tests/fixtures/format-example.json', 'tests/fixtures/format-2-example.json'];
  return [...top.map((f) => `scenarios/${f}`), ...archived, ...fixtures];
}
const VERSIONS = Array.from({ length: SCENARIO_VERSION }, (_, i) => i + 1);

describe('the published schema files', () => {
  it.each(VERSIONS)('format %i: public/ holds what spec.ts writes (npm run schema)', (v) => {
    expect(schemaFile(v), `run npm run schema to rewrite ${SCENARIO_SCHEMA_PATH(v)}`).toEqual(
      scenarioSchema(v),
    );
  });

  it.each(VERSIONS)('format %i: is a valid draft 2020-12 schema, strict mode included', (v) => {
    const ajv = new Ajv2020({ strict: true });
    expect(ajv.validateSchema(schemaFile(v)), JSON.stringify(ajv.errors)).toBe(true);
    expect(() => ajv.compile(schemaFile(v))).not.toThrow();
  });

  it('names, for a researcher, every rule it cannot state', () => {
    const { description } = scenarioSchema() as { description: string };
    for (const words of ['excludeOffsets', 'reserved cores', 'warmup', 'minUs ≤ maxUs', 'unique']) {
      expect(description).toContain(words);
    }
  });
});

describe('every scenario file of the project', () => {
  const files = scenarioFiles();

  it('is more than the presets (the archive and the fixtures are included)', () => {
    expect(files.length).toBeGreaterThan(PRESET_TABLE.length + 2);
  });

  it.each(files)('%s: accepted by the schema and by NoiseLab', (path) => {
    const file = read(path);
    expect(validatorErrors(file)).toEqual([]);
    expect(schemaErrors(file)).toEqual([]);
  });

  it.each(files)('%s: also with a $schema field, by both', (path) => {
    const file = {
      $schema: `https://example.org/${SCENARIO_SCHEMA_PATH()}`,
      ...(read(path) as object),
    };
    expect(validatorErrors(file)).toEqual([]);
    expect(schemaErrors(file)).toEqual([]);
  });

  it('a $schema that is not a string is refused by both, by its path', () => {
    const file = { $schema: 2, ...(read('scenarios/asci-q-2002.json') as object) };
    expect(validatorErrors(file)).toEqual(['$schema: 2 is not a string']);
    expect(schemaErrors(file)).toEqual(['/$schema must be string']);
  });

  it('a format-1 file is judged by the format-1 schema, a format-2 file by format 2', () => {
    const one = read('tests/fixtures/format-example.json') as { version: number };
    expect(one.version).toBe(1);
    expect(schemaErrors(one)).toEqual([]);
    expect(schemaErrors({ ...one, version: SCENARIO_VERSION + 1 })).not.toEqual([]);
    expect(validatorErrors({ ...one, version: SCENARIO_VERSION + 1 })).not.toEqual([]);
  });
});

describe('edge cases both must judge alike', () => {
  const asciiQ = () => read('scenarios/asci-q-2002.json') as Record<string, unknown>;

  it('count characters as code points: 200 emoji make a title, 201 do not', () => {
    const ok = { ...asciiQ(), title: '😀'.repeat(200) };
    expect(validatorErrors(ok)).toEqual([]);
    expect(schemaErrors(ok)).toEqual([]);
    const long = { ...asciiQ(), title: '😀'.repeat(201) };
    expect(validatorErrors(long)[0]).toMatch(
      /is too long \(201 characters\); allowed: at most 200$/,
    );
    expect(schemaErrors(long)).not.toEqual([]);
  });

  it('read 1024.0 as the integer 1024', () => {
    const text = JSON.stringify(asciiQ()).replace('"nodes":1024', '"nodes":1024.0');
    expect(text).toContain('1024.0');
    expect(validatorErrors(JSON.parse(text))).toEqual([]);
    expect(schemaErrors(JSON.parse(text))).toEqual([]);
  });

  it('refuse a shape parameter that JSON reads as Infinity (1e400)', () => {
    const file = JSON.parse(
      JSON.stringify(asciiQ()).replace(
        /"dist":"fixed","valueUs":[0-9.]+/,
        '"dist":"lognormal","medianUs":5,"sigma":1e400',
      ),
    );
    expect(validatorErrors(file).join()).toMatch(/sigma: Infinity is not a finite number/);
    expect(schemaErrors(file)).not.toEqual([]);
  });

  it('never excuse a refusal because the value it quotes looks like a cross-field rule', () => {
    const file = { ...asciiQ(), title: `leaves no node ${'x'.repeat(200)}` };
    const issues = validatorIssues(file);
    expect(issues.map((i) => i.path)).toEqual(['title']);
    expect(issues.some(isCrossField)).toBe(false);
    expect(schemaErrors(file)).not.toEqual([]);
  });
});

/** A value to put where a field was: wrong types, edges of ranges, and plausible values. */
const REPLACEMENTS: readonly unknown[] = [
  -1,
  0,
  0.5,
  1,
  2,
  3,
  7,
  31,
  32,
  255,
  256,
  257,
  1e12,
  1e13,
  4294967296,
  '',
  'x',
  'any',
  'aligned',
  'poisson',
  'calibrated',
  'published',
  'uniform',
  'pop',
  null,
  true,
  [],
  [0],
  [0, 0],
  [1, 2],
  {},
  { kind: 'all' },
];

/** The dotted paths of every value inside `v` (objects and arrays included). */
function paths(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []) {
  if (at.length > 0) out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v !== null && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) paths(x, [...at, k], out);
  return out;
}

/** `file` with the value at `path` replaced (or removed, or a field added beside it). */
function mutate(file: unknown, r: Rng): unknown {
  const copy = structuredClone(file) as Record<string | number, unknown>;
  const all = paths(copy);
  const path = all[r.below(all.length)];
  const parent = path
    .slice(0, -1)
    .reduce<Record<string | number, unknown>>(
      (o, k) => o[k] as Record<string | number, unknown>,
      copy,
    );
  const key = path[path.length - 1];
  const what = r.below(10);
  if (what === 0 && !Array.isArray(parent)) delete parent[key];
  else if (what === 1 && !Array.isArray(parent)) parent[`${String(key)}X`] = 1;
  else parent[key] = REPLACEMENTS[r.below(REPLACEMENTS.length)];
  return copy;
}

describe('files mutated at random (seeds 1–800)', () => {
  const files = scenarioFiles()
    .filter((f) => !f.includes('/versions/'))
    .map(read);

  it('get the same verdict from the schema and from NoiseLab, one or two mutations each', () => {
    let refused = 0;
    let crossFieldOnly = 0;
    for (let seed = 1; seed <= 800; seed++) {
      const r = new Rng(seed);
      let file = files[r.below(files.length)];
      for (let k = 0, n = 1 + r.below(2); k < n; k++) file = mutate(file, r);
      expectSameVerdict(file);
      const errors = validatorIssues(file);
      if (errors.length > 0) refused++;
      if (errors.length > 0 && errors.every(isCrossField)) crossFieldOnly++;
    }
    // The mutations must exercise both verdicts, and the rules only NoiseLab checks.
    expect(refused).toBeGreaterThan(400);
    expect(refused).toBeLessThan(800);
    expect(crossFieldOnly).toBeGreaterThan(5);
  });

  it("a class's edits of every preset get the same verdict too (seeds 1–200)", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const r = new Rng(seed);
      const { id } = PRESET_TABLE[r.below(PRESET_TABLE.length)];
      const kinds = editKinds(r);
      let s = presetFile(id);
      for (let k = 0, n = 1 + r.below(4); k < n; k++) s = kinds[r.below(kinds.length)].apply(s);
      expectSameVerdict(s);
    }
  });
});
