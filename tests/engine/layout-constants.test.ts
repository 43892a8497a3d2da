// The hot loops keep module-local copies of layout constants (imported
// bindings are slow in unbundled modules); these must equal the originals.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import * as table from '../../src/engine/noise-table.ts';
import { DurationKind } from '../../src/engine/durations.ts';

const copies = (file: string) => {
  const text = readFileSync(new URL(`../../src/engine/${file}`, import.meta.url), 'utf8');
  return Object.fromEntries(
    [...text.matchAll(/^const (E_\w+|ENTRY_STRIDE|FIXED) = (\d+);/gm)].map((m) => [
      m[1],
      Number(m[2]),
    ]),
  );
};

describe('layout constants copied into hot loops', () => {
  for (const file of ['barrier-run.ts', 'fwq.ts']) {
    it(`match noise-table.ts and durations.ts in ${file}`, () => {
      const c = copies(file);
      expect(Object.keys(c).length).toBeGreaterThan(3);
      for (const [name, value] of Object.entries(c)) {
        const original =
          name === 'FIXED' ? DurationKind.Fixed : (table as Record<string, unknown>)[name];
        expect(value, name).toBe(original);
      }
    });
  }
});
