// The scenario files the validator tests start from, and how they edit and judge them: the
// format-1 example of shared/docs/scenario-format.md and the format-2 example of
// docs/scenario-format-2.md, each read fresh for every use so a test can change its copy.

import { readFileSync } from 'node:fs';
import { ScenarioError, setPath, validateScenario } from '../../src/scenario/index.ts';
import { expectSameVerdict } from './schema-verdict.ts';

export const exampleText = readFileSync(
  new URL('../fixtures/format-example.json', import.meta.url),
  'utf8',
);
const example2Text = readFileSync(
  new URL('../fixtures/format-2-example.json', import.meta.url),
  'utf8',
);

/** The format-1 example (tests/fixtures/format-example.json). */
export const example = (): Record<string, unknown> => JSON.parse(exampleText);

/** The format-2 example (tests/fixtures/format-2-example.json): complete, defaults filled. */
export const example2 = (): Record<string, unknown> => JSON.parse(example2Text);

/** `base` (default: the format-1 example) with `path=value` edits applied (dotted paths). */
export function variant(edits: Record<string, unknown>, base: unknown = example()): unknown {
  return Object.entries(edits).reduce((obj, [path, value]) => setPath(obj, path, value), base);
}

/** `base` (default: the format-1 example) without the fields at the given dotted paths. */
export function without(paths: string[], base: Record<string, unknown> = example()) {
  for (const path of paths) {
    const keys = path.split('.');
    const last = keys.pop()!;
    const parent = keys.reduce<Record<string, unknown>>(
      (o, k) => o[k] as Record<string, unknown>,
      base,
    );
    delete parent[last];
  }
  return base;
}

/**
 * The lines of the ScenarioError thrown for `input`; and, since every broken file of these tests
 * passes here, the check that the published JSON Schema refuses it too (schema-verdict.ts).
 */
export function problems(input: unknown): string[] {
  expectSameVerdict(input);
  try {
    validateScenario(input);
  } catch (e) {
    if (e instanceof ScenarioError) return e.message.split('\n');
    throw e;
  }
  throw new Error('the scenario was accepted');
}
