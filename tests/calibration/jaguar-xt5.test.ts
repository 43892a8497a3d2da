// The Jaguar XT5 calibration problem against the presets it writes: the work queues' rate and
// length come out of `npm run calibrate` (their provenance says so, and docs/calibration.md has
// the numbers the presets hold), inside their bounds; the RN kernels carry the stock kernel's
// eight queues as one source on core 0, eight times as frequent, of the same lengths.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { presetsWith } from '../../src/calibration/evaluate-point.ts';
import { jaguarXt5Problem } from '../../src/calibration/jaguar-xt5.ts';
import { sectionOf } from '../../src/calibration/report.ts';
import type { Presets } from '../../src/calibration/types.ts';
import { loadPreset } from '../../src/validation/presets.ts';

const problem = jaguarXt5Problem([11]);
const presets: Presets = Object.fromEntries(problem.presets.map((n) => [n, loadPreset(n)]));
const queue = (p: Presets, preset: string, id: string) => p[preset].noise.find((n) => n.id === id)!;

describe('the Jaguar XT5 calibration', () => {
  it('says in the provenance of every value it sets that the fit wrote it', () => {
    for (const p of problem.parameters) {
      for (const name of problem.presets) {
        for (const n of presets[name].noise) {
          if (!p.provenance.sources.includes(n.id)) continue;
          const entry = n.provenance?.[p.provenance.key];
          expect(entry?.basis, `${name}: ${n.id}.${p.provenance.key}`).toBe('calibrated');
          expect(entry?.note, `${name}: ${n.id}.${p.provenance.key}`).toMatch(
            /^fitted by npm run calibrate/,
          );
        }
      }
    }
  });

  it('reads each value inside its bounds, as docs/calibration.md says the fit wrote it', () => {
    const page = readFileSync(new URL('../../docs/calibration.md', import.meta.url), 'utf8');
    const section = sectionOf(page, problem.id);
    expect(
      section,
      'docs/calibration.md has no Jaguar XT5 section: run npm run calibrate',
    ).not.toBeNull();
    for (const p of problem.parameters) {
      const x = p.read(presets);
      expect(x, p.id).toBeGreaterThanOrEqual(p.lo);
      expect(x, p.id).toBeLessThanOrEqual(p.hi);
      const row = section!.split('\n').find((l) => l.includes(`(\`${p.id}\`)`));
      const written = /\|\s*`([0-9.e+]+)`\s*\|\s*$/.exec(row ?? '');
      expect(Number(written?.[1]), p.id).toBe(x);
      expect(p.start, p.id).toBeGreaterThanOrEqual(p.lo);
      expect(p.start, p.id).toBeLessThanOrEqual(p.hi);
    }
  });

  it('writes the stock queues on each core and the RN kernels’ one on core 0 at eight times the rate', () => {
    const [period, median] = [40_000_000, 2500];
    const out = presetsWith(presets, problem.parameters, [period, median]);
    problem.parameters.forEach((p, k) => expect(p.read(out), p.id).toBe([period, median][k]));
    for (let c = 0; c < 8; c++) {
      const q = queue(out, 'jaguar-xt5-stock', `work-queue-core${c}`);
      expect([q.periodUs, q.cpu]).toEqual([period, c]);
      expect(q.duration).toEqual({ dist: 'lognormal', medianUs: median, sigma: 0.5 });
    }
    for (const rn of ['jaguar-xt5-rn', 'jaguar-xt5-rn-prototype']) {
      const q = queue(out, rn, 'work-queues');
      expect([q.periodUs, q.cpu]).toEqual([period / 8, 0]);
      expect(q.duration).toEqual({ dist: 'lognormal', medianUs: median, sigma: 0.5 });
    }
    // the inputs are left as they were
    expect(problem.parameters.map((p) => p.read(presets))).not.toEqual([period, median]);
  });

  it('has one term per published result, with unique ids, POP but at 24,576 and Shark held out', () => {
    const ids = problem.terms.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(problem.terms.filter((t) => t.heldOut).map((t) => t.id)).toEqual([
      'pop-384',
      'pop-1536',
      'pop-6144',
      'shark',
    ]);
  });
});
