// Every scenario file shipped in scenarios/ loads, and every noise source of a preset says where
// its period, duration and placement come from ("No silent guesses"). The one
// exception is example-asci-q.json, the format-1 example of shared/docs/scenario-format.md,
// kept as that page has it.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateScenario } from '../../src/scenario/index.ts';

const dir = new URL('../../scenarios/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('the scenario files of scenarios/', () => {
  it('are there, with the presets the issue names', () => {
    for (const name of [
      'asci-q-2002',
      'asci-q-2003',
      'asci-q-2003-without-0-31',
      'jaguar-xt5-stock',
      'jaguar-xt5-rn',
      'jaguar-xt5-rn-prototype',
      'bgp-intrepid',
    ]) {
      expect(files).toContain(`${name}.json`);
    }
  });

  for (const file of files) {
    it(`${file} validates, and its sources carry their provenance`, () => {
      const s = validateScenario(JSON.parse(readFileSync(new URL(file, dir), 'utf8')));
      expect(s.title.length).toBeGreaterThan(0);
      if (file === 'example-asci-q.json') return;
      expect(s.references.length).toBeGreaterThan(0);
      for (const source of s.noise) {
        for (const field of ['periodUs', 'duration', 'placement'] as const) {
          const p = source.provenance[field];
          expect(p, `${source.id}.${field}`).toBeDefined();
          expect(p!.cite.length, `${source.id}.${field}.cite`).toBeGreaterThan(0);
          if (p!.basis === 'calibrated') {
            expect(p!.against.length, `${source.id}.${field}.against`).toBeGreaterThan(0);
          }
        }
      }
    });
  }
});
