// The published JSON Schema's verdict on a scenario file, next to the validator's: the schema
// must refuse every file NoiseLab refuses, except where the only faults are rules that relate
// two values (or a run's size), which JSON Schema cannot state (src/scenario/schema.ts,
// CROSS_FIELD_RULES); and it must accept every file NoiseLab accepts.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import {
  formatIssue,
  SCENARIO_SCHEMA_PATH,
  SCENARIO_VERSION,
  ScenarioError,
  type ScenarioIssue,
  validateScenario,
} from '../../src/scenario/index.ts';

const ajv = new Ajv2020({ strict: true, allErrors: true });

/** The committed schema files of public/, compiled once, by format version. */
const compiled = new Map<number, ValidateFunction>();
export function schemaFile(version: number): Record<string, unknown> {
  const url = new URL(`../../public/${SCENARIO_SCHEMA_PATH(version)}`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
}
function validatorFor(version: number): ValidateFunction {
  let v = compiled.get(version);
  if (!v) compiled.set(version, (v = ajv.compile(schemaFile(version))));
  return v;
}

/** The schema's errors for a parsed file, checked against the schema of the file's version. */
export function schemaErrors(file: unknown): string[] {
  const version = (file as { version?: unknown } | null)?.version;
  const known = Number.isInteger(version) && (version as number) >= 1;
  const use =
    known && (version as number) <= SCENARIO_VERSION ? (version as number) : SCENARIO_VERSION;
  const validate = validatorFor(use);
  if (validate(file)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}

/** The validator's issues for a parsed file, or [] when it accepts it. */
export function validatorIssues(file: unknown): ScenarioIssue[] {
  try {
    validateScenario(file);
    return [];
  } catch (e) {
    if (e instanceof ScenarioError) return e.issues;
    throw e;
  }
}

/** The validator's messages for a parsed file, as it prints them, or [] when it accepts it. */
export const validatorErrors = (file: unknown): string[] => validatorIssues(file).map(formatIssue);

/**
 * The validator's messages for rules a schema cannot state, each with why. A message not
 * listed here is one the schema must also catch.
 */
const CROSS_FIELD: readonly (readonly [RegExp, string])[] = [
  [/is more than the \d+ (nodes|cores|free cores)/, 'job size against the machine'],
  [/leaves no (node|core)/, 'exclusion or reservation against the machine'],
  [
    /\((a node has \d+ cores|a cluster has \d+ nodes|the machine has \d+ nodes|the machine is one cluster of \d+ nodes)\)/,
    'an index against a size',
  ],
  [/is not less than (iterations|periodUs)/, 'two fields compared'],
  [/is larger than (maxUs|periodUs)/, 'two fields compared'],
  [/joins noise\[\d+\] in group/, 'sources compared with each other'],
  [/is a duplicate of noise\[\d+\]\.id/, 'ids unique across sources'],
  [/cores; allowed: at most \d+ in total/, 'a product of two fields'],
  [
    /would step through|would simulate about|would keep core|without a finite mean|stage slots/,
    'run size',
  ],
  [/and \d+ more problems in this list/, 'a summary line of the list above'],
];

/** Whether an issue is one of those rules: its message is read, never the value it quotes. */
export const isCrossField = (issue: ScenarioIssue) =>
  CROSS_FIELD.some(([re]) => re.test(issue.message));

/**
 * Expects the schema and the validator to agree on `input` written as a JSON file (values JSON
 * cannot hold, such as NaN or undefined, become what JSON.stringify makes of them). Inputs that
 * are not JSON at all (a cycle) are skipped.
 */
export function expectSameVerdict(input: unknown): void {
  let text: string | undefined;
  try {
    text = JSON.stringify(input);
  } catch {
    return;
  }
  if (text === undefined) return;
  const file: unknown = JSON.parse(text);
  const what = text.length > 300 ? `${text.slice(0, 300)}…` : text;
  const noiselab = validatorIssues(file);
  const schema = schemaErrors(file);
  if (noiselab.length === 0) {
    expect(schema, `the schema refuses ${what}, which NoiseLab accepts`).toEqual([]);
  } else if (schema.length === 0) {
    const unexplained = noiselab.filter((issue) => !isCrossField(issue)).map(formatIssue);
    expect(unexplained, `the schema accepts ${what}, which NoiseLab refuses`).toEqual([]);
  }
}
