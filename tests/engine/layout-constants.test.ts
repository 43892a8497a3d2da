// The hot loops keep module-local copies of layout constants (imported
// bindings are slow in unbundled modules); these must equal the originals.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import * as nodeState from '../../src/engine/node-state.ts';
import * as table from '../../src/engine/noise-table.ts';
import { DurationKind } from '../../src/engine/durations.ts';

const copies = (file: string) => {
  const text = readFileSync(new URL(`../../src/engine/${file}`, import.meta.url), 'utf8');
  return Object.fromEntries(
    [...text.matchAll(/^const ([A-Z][A-Z_]*) = (\d+);/gm)].map((m) => [m[1], Number(m[2])]),
  );
};

const originals: Record<string, unknown> = {
  ...(table as Record<string, unknown>),
  ...(nodeState as Record<string, unknown>),
  FIXED: DurationKind.Fixed,
  UNIFORM: DurationKind.Uniform,
};

/** The copies the loops make: each must be checked against its original, none left out. */
const COPIED = /^(H_|C_|E_|CORE_STRIDE$|ENTRY_STRIDE$|FIXED$|UNIFORM$)/;

describe('layout constants copied into hot loops', () => {
  for (const file of [
    'barrier-run.ts',
    'visit-merged.ts',
    'dense-loop.ts',
    'fwq.ts',
    'phase-run.ts',
    'bulk-lanes.ts',
    'idle-leap.ts',
  ]) {
    it(`match noise-table.ts, node-state.ts and durations.ts in ${file}`, () => {
      const c = copies(file);
      const layout = Object.keys(c).filter((name) => name in originals);
      expect(layout.length).toBeGreaterThan(2);
      // a copy whose original this test does not know would go unchecked
      expect(Object.keys(c).filter((name) => COPIED.test(name) && !(name in originals))).toEqual(
        [],
      );
      for (const name of layout) expect(c[name], `${file}: ${name}`).toBe(originals[name]);
    });
  }
});
