// The normative specifications are kept in docs/spec/ so that a clone holds them; they must stay
// word for word the project's shared originals, where those are beside the checkout (they are
// not in a fresh clone of this repository alone, e.g. CI's).
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const here = (path: string) => new URL(`../../${path}`, import.meta.url);
const shared = (name: string) => new URL(`../../../shared/docs/${name}`, import.meta.url);

describe('docs/spec: copies of the normative specifications', () => {
  for (const name of ['model.md', 'scenario-format.md']) {
    it(`${name} is in the repository`, () => {
      expect(readFileSync(here(`docs/spec/${name}`), 'utf8').length).toBeGreaterThan(1000);
    });
    it.skipIf(!existsSync(shared(name)))(`${name} is the shared original, word for word`, () => {
      expect(readFileSync(here(`docs/spec/${name}`), 'utf8')).toBe(
        readFileSync(shared(name), 'utf8'),
      );
    });
  }
});
