// What a validation report records it was computed from (src/validation/inputs.ts), on a made-up
// tree in a temporary folder.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  currentInputs,
  describeChanges,
  fingerprintOf,
  importSpecifiers,
  sourceClosure,
} from '../../src/validation/inputs.ts';

let root = '';
function tree(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'noiselab-inputs-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
afterEach(() => {
  if (root !== '') rmSync(root, { recursive: true, force: true });
  root = '';
});

describe('importSpecifiers', () => {
  it('finds static, multi-line, type-only, re-exported, bare and dynamic imports', () => {
    const source = [
      "import { a } from './a.ts';",
      'import {',
      '  b,',
      '  c,',
      "} from '../b.ts';",
      "import type { T } from './types.ts';",
      "export { d } from './d.ts';",
      "import './side-effect.ts';",
      "const m = await import('./lazy.ts');",
      "import { createHash } from 'node:crypto';",
    ].join('\n');
    expect(importSpecifiers(source).sort()).toEqual(
      [
        './a.ts',
        '../b.ts',
        './types.ts',
        './d.ts',
        './side-effect.ts',
        './lazy.ts',
        'node:crypto',
      ].sort(),
    );
  });

  it('does not take an import written in a comment or a string for one', () => {
    const source = [
      "// the targets read scenarios from '../x.ts' at run time",
      "/* import { y } from './y.ts'; */",
      'const s = "from \'./z.ts\'";',
      "import { a } from './a.ts';",
    ].join('\n');
    expect(importSpecifiers(source)).toEqual(['./a.ts']);
  });
});

describe('sourceClosure', () => {
  it('follows relative imports to the end, once each, and names a package by its package.json', () => {
    const dir = tree({
      'src/entry.ts': "import { a } from './a.ts';\nimport { b } from './lib/b.ts';",
      'src/a.ts': "import { b } from './lib/b.ts';\nimport { x } from 'some-pkg/sub';",
      'src/lib/b.ts': "import { a } from '../a.ts';\nimport { c } from 'node:fs';",
      'src/unused.ts': 'export const u = 1;',
    });
    expect(sourceClosure('src/entry.ts', dir).sort()).toEqual([
      'node_modules/some-pkg/package.json',
      'src/a.ts',
      'src/entry.ts',
      'src/lib/b.ts',
    ]);
  });

  it('refuses a relative import that names no file, naming the importer', () => {
    const dir = tree({ 'src/entry.ts': "import { a } from './gone.ts';" });
    expect(() => sourceClosure('src/entry.ts', dir)).toThrow('src/entry.ts imports ./gone.ts');
  });

  it('refuses a folder or a file named without its extension instead of guessing', () => {
    const dir = tree({
      'src/entry.ts': "import { a } from './lib';",
      'src/lib/index.ts': 'export const a = 1;',
      'src/other.ts': "import { b } from './b.js';",
      'src/b.ts': 'export const b = 1;',
    });
    expect(() => sourceClosure('src/entry.ts', dir)).toThrow('src/entry.ts imports ./lib');
    expect(() => sourceClosure('src/other.ts', dir)).toThrow('src/other.ts imports ./b.js');
  });

  it('leaves out the package that computes the fingerprint (typescript)', () => {
    const dir = tree({ 'src/entry.ts': "import ts from 'typescript';\nimport d from 'd3-array';" });
    expect(sourceClosure('src/entry.ts', dir).sort()).toEqual([
      'node_modules/d3-array/package.json',
      'src/entry.ts',
    ]);
  });
});

describe('currentInputs and the fingerprint', () => {
  const files = {
    'src/validation/index.ts': "import { t } from './t.ts';\nexport const u = t;\n",
    'src/validation/t.ts': 'export const t = 1;',
    'scripts/validate-papers.ts': "import { t } from '../src/validation/index.ts';",
    'scenarios/a.json': '{"a":1}',
    'scenarios/versions/a/1.json': '{"a":0}',
    'scenarios/.a.json.swp': 'an editor’s swap file',
    'scenarios/README.md': '# not read by a target',
    'src/ui/not-an-input.ts': 'export const x = 1;',
  };

  it('hashes the source the report runs and every JSON file under scenarios/, nothing else', () => {
    const inputs = currentInputs(tree(files));
    expect(Object.keys(inputs.files)).toEqual([
      'scenarios/a.json',
      'scenarios/versions/a/1.json',
      'scripts/validate-papers.ts',
      'src/validation/index.ts',
      'src/validation/t.ts',
    ]);
    // SHA-256 of the bytes 'export const t = 1;' (sha256sum)
    expect(inputs.files['src/validation/t.ts']).toBe(
      '286d4d5a23c2bf660894dcd464b0b3542216bcfe7e40c41e7c58279791a0258d',
    );
    expect(inputs.fingerprint).toBe(fingerprintOf(inputs.files));
  });

  it('changes with one byte of one input, and says which', () => {
    const before = currentInputs(tree(files));
    rmSync(root, { recursive: true, force: true });
    const after = currentInputs(
      tree({ ...files, 'src/validation/t.ts': 'export const t = 2;', 'scenarios/b.json': '{}' }),
    );
    expect(after.fingerprint).not.toBe(before.fingerprint);
    expect(describeChanges(before, after)).toBe(
      'changed src/validation/t.ts; added scenarios/b.json',
    );
    expect(describeChanges(after, before)).toBe(
      'changed src/validation/t.ts; removed scenarios/b.json',
    );
    expect(describeChanges(before, before)).toBe('no file differs');
  });

  it('hashes a checkout with CRLF line ends as one with LF', () => {
    const lf = currentInputs(tree(files));
    rmSync(root, { recursive: true, force: true });
    const crlf = currentInputs(
      tree(
        Object.fromEntries(Object.entries(files).map(([p, t]) => [p, t.replace(/\n/g, '\r\n')])),
      ),
    );
    expect(crlf.files['src/validation/index.ts']).toBe(lf.files['src/validation/index.ts']);
    expect(crlf.fingerprint).toBe(lf.fingerprint);
  });

  it('does not change with a file outside the inputs', () => {
    const before = currentInputs(tree(files));
    rmSync(root, { recursive: true, force: true });
    const after = currentInputs(
      tree({ ...files, 'src/ui/not-an-input.ts': 'export const x = 2;' }),
    );
    expect(after.fingerprint).toBe(before.fingerprint);
  });
});
