// The ASCI Q calibration problem against the presets it writes: every calibrated number of the
// three ASCI Q presets is one of its parameters (so it comes out of `npm run calibrate`), inside
// its bounds, and writing a parameter's value and reading it back gives the value.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { asciQProblem } from '../../src/calibration/asci-q.ts';
import { presetsWith } from '../../src/calibration/evaluate-point.ts';
import type { Presets } from '../../src/calibration/types.ts';
import { loadPreset } from '../../src/validation/presets.ts';

const problem = asciQProblem({ iterations: 100, fwqQuanta: 1000, allreduces: 10, seeds: [11] });
const presets: Presets = Object.fromEntries(problem.presets.map((n) => [n, loadPreset(n)]));

describe('the ASCI Q calibration', () => {
  it('covers every calibrated number of the ASCI Q presets', () => {
    const covered = new Set(
      problem.parameters.flatMap((p) =>
        p.provenance.sources.map((id) => `${id}:${p.provenance.key}`),
      ),
    );
    const missing: string[] = [];
    for (const name of problem.presets) {
      for (const n of presets[name].noise) {
        for (const [key, entry] of Object.entries(n.provenance ?? {})) {
          // `arrival` is a law (Poisson), chosen, not a number a fit could move; the long kernel
          // activity's durations (2–3 ms, the top of Table 2's 0–3 ms) are set by hand, as the
          // calibration's fixed structure says (docs/calibration.md), not yet fitted.
          if (entry?.basis !== 'calibrated' || key === 'arrival') continue;
          if (n.id === 'kernel-activity-long' && key === 'duration') continue;
          if (!covered.has(`${n.id}:${key}`)) missing.push(`${name}: ${n.id}.${key}`);
          else
            expect(entry.note, `${name}: ${n.id}.${key}`).toMatch(/^fitted by npm run calibrate/);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('reads each value inside its bounds, the same in every preset it sets', () => {
    for (const p of problem.parameters) {
      const x = p.read(presets);
      expect(x, p.id).toBeGreaterThanOrEqual(p.lo);
      expect(x, p.id).toBeLessThanOrEqual(p.hi);
      expect(p.round(x), p.id).toBe(x);
    }
  });

  it('holds the values docs/calibration.md says the fit wrote', () => {
    const page = readFileSync(new URL('../../docs/calibration.md', import.meta.url), 'utf8');
    for (const p of problem.parameters) {
      const row = page.split('\n').find((l) => l.includes(`(\`${p.id}\`)`));
      expect(
        row,
        `docs/calibration.md has no row for ${p.id}: run npm run calibrate`,
      ).toBeDefined();
      const written = /\|\s*`([0-9.e+]+)`\s*\|\s*$/.exec(row!);
      expect(Number(written?.[1]), p.id).toBe(p.read(presets));
    }
  });

  it('starts the search inside the bounds', () => {
    for (const p of problem.parameters) {
      expect(p.start, p.id).toBeGreaterThanOrEqual(p.lo);
      expect(p.start, p.id).toBeLessThanOrEqual(p.hi);
    }
  });

  it('writes a value that reads back, into presets the validator accepts', () => {
    const values = problem.parameters.map((p) => p.round((p.lo + p.hi) / 2));
    const out = presetsWith(presets, problem.parameters, values);
    problem.parameters.forEach((p, k) => expect(p.read(out), p.id).toBe(values[k]));
    // The RMS events are one daemon in every preset, the 18 ms part 15 ms after the 15 ms one
    // (docs/noise-timing.md), at independent phases across nodes: the fit leaves them so.
    for (const name of problem.presets) {
      const [a, b] = ['rms-15ms', 'rms-18ms'].map((id) =>
        out[name].noise.find((x) => x.id === id)!,
      );
      expect([a.group, b.group]).toEqual(['rms', 'rms']);
      expect([a.phaseOffsetUs, b.phaseOffsetUs]).toEqual([0, 15_000]);
      expect(a.duration).toEqual({ dist: 'fixed', valueUs: 15_000 });
      expect([a.phaseWindowUs, b.phaseWindowUs]).toEqual([undefined, undefined]);
    }
    // The inputs are left as they were.
    expect(problem.parameters.map((p) => p.read(presets))).not.toEqual(values);
  });

  it('has one term per published result, with unique ids', () => {
    const ids = problem.terms.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
