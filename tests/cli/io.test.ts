// Reading scenario files and applying --set/--seed, in process: the size limit is checked
// before reading, failures name the file in one line, and overrides act before validation.
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseArgs, type Invocation } from '../../src/cli/args.ts';
import { applyOverrides, loadScenario, readScenarioJson } from '../../src/cli/io.ts';
import { MAX_TEXT_LENGTH, ScenarioError } from '../../src/scenario/index.ts';
import { refusal } from '../helpers/cli.ts';

const exampleText = readFileSync(
  new URL('../../scenarios/example-asci-q.json', import.meta.url),
  'utf8',
);
const dir = mkdtempSync(join(tmpdir(), 'noiselab-cli-io-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The --set/--seed of a command line, as the commands receive them. */
const overrides = (...args: string[]) => parseArgs(['run', 'x.json', ...args]) as Invocation;

describe('readScenarioJson', () => {
  it('parses the example, and a file saved with a byte-order mark', () => {
    expect(readScenarioJson(file('ex.json', exampleText))).toEqual(JSON.parse(exampleText));
    expect(readScenarioJson(file('bom.json', `\uFEFF${exampleText}`))).toEqual(
      JSON.parse(exampleText),
    );
  });

  it('names the path of a missing file and of a directory', () => {
    const missing = join(dir, 'nope.json');
    expect(refusal(() => readScenarioJson(missing))).toEqual([
      `cannot read ${missing}: no such file`,
    ]);
    expect(refusal(() => readScenarioJson(dir))).toEqual([
      `${dir}: is a directory, not a scenario file`,
    ]);
  });

  it('refuses a file above the text limit by its size, before reading it', () => {
    // A sparse file: huge by stat, yet reading it would only cost time and memory.
    const path = file('huge.json', '');
    truncateSync(path, 50 * MAX_TEXT_LENGTH);
    const lines = refusal(() => readScenarioJson(path));
    expect(lines).toEqual([
      `${path}: the file is 50,000,000 bytes; allowed: at most 1,000,000 bytes`,
    ]);
  });

  it('reports invalid JSON in one line naming the file', () => {
    const path = file('bad.json', '{"format": ');
    const lines = refusal(() => readScenarioJson(path));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${path.replace(/[.\\]/g, '\\$&')}: is not valid JSON: `));
  });

  it('says on which line and column the JSON goes wrong, as an editor counts them', () => {
    const path = file('comma.json', '{\n  "format": "noiselab-scenario",\n  "version": 2,,\n}\n');
    const [line] = refusal(() => readScenarioJson(path));
    // the second comma of line 3 (Node's message gives only the offset, 50)
    expect(line).toMatch(/at position 50 \(line 3 column 16\)$/);
  });
});

describe('applyOverrides', () => {
  const raw = () => JSON.parse(exampleText) as Record<string, unknown>;

  it('applies --set in order, so a later one sees an earlier one, without touching the input', () => {
    const input = raw();
    const inv = overrides('--set', 'noise.0={"id":"x"}', '--set', 'noise.0.periodUs=5');
    const out = applyOverrides(input, inv.sets) as { noise: unknown[] };
    expect(out.noise[0]).toEqual({ id: 'x', periodUs: 5 });
    expect(input).toEqual(raw());
  });

  it('lets --seed win over a --set of the seed', () => {
    const inv = overrides('--set', 'seed=5', '--seed', '9');
    expect((applyOverrides(raw(), inv.sets, inv.seed) as { seed: number }).seed).toBe(9);
  });

  it('reports a path that does not exist with what exists there', () => {
    expect(refusal(() => applyOverrides(raw(), overrides('--set', 'jobs.nodes=3').sets))).toEqual([
      '--set: jobs: not found; (root) has: format, version, title, description, references, ' +
        'seed, machine, job, workload, noise. A field left out is set whole: jobs={…}',
    ]);
  });

  it('leaves a file that is not an object to the validator', () => {
    expect(applyOverrides([1], overrides('--set', 'a=1').sets, 3)).toEqual([1]);
  });
});

describe('loadScenario', () => {
  it('validates after the overrides, so --set can change what the validator sees', () => {
    const path = file('ex2.json', exampleText);
    const s = loadScenario(path, overrides('--set', 'noise.0.cpu=any', '--set', 'job.nodes=16'));
    expect(s.job.nodes).toBe(16);
    expect(() => loadScenario(path, overrides('--set', 'job.nodes=0'))).toThrow(ScenarioError);
    expect(() => loadScenario(path, overrides('--seed', '4294967296'))).toThrow(
      'seed: 4294967296 is out of range',
    );
  });
});
