// The CoV's bootstrap interval (run-spread.ts covInterval), which the run-to-run view prints
// beside a CoV: where the CoV of many more runs of the same kind may lie.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/random.ts';
import { covInterval, spreadOf } from '../../src/engine/run-spread.ts';
import { chiSquareQuantile } from '../../src/engine/stats.ts';

/** n draws of mean 10 s and sd 0.1 s (CoV 1%), from a normal law (Box–Muller). */
function normalRuns(n: number, seed: number): number[] {
  const r = new Rng(seed);
  return Array.from({ length: n }, () => {
    const u = 1 - r.uniform();
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r.uniform());
    return 10e6 + 0.1e6 * z;
  });
}

describe('the CoV interval', () => {
  it('is none for fewer than three runs, and [0, 0] when every run took the same time', () => {
    expect(covInterval([1, 2])).toBeNull();
    expect(covInterval([5e6, 5e6, 5e6, 5e6])).toEqual([0, 0]);
  });

  it('holds the true CoV in about 90% of samples of a normal law, and narrows with n', () => {
    let covered = 0;
    const widths: number[] = [];
    for (let seed = 1; seed <= 200; seed++) {
      const [lo, hi] = covInterval(normalRuns(50, seed))!;
      if (lo <= 0.01 && 0.01 <= hi) covered++;
      widths.push(hi - lo);
    }
    // a percentile bootstrap of 50 runs covers a little under its level: 80–97% of 200
    expect(covered).toBeGreaterThanOrEqual(160);
    expect(covered).toBeLessThanOrEqual(194);
    const [lo, hi] = covInterval(normalRuns(2000, 7))!;
    expect(hi - lo).toBeLessThan(Math.min(...widths));
    expect(lo).toBeLessThan(0.01);
    expect(hi).toBeGreaterThan(0.01);
  });

  it('with a few runs is at least as wide as the normal law allows (a bootstrap alone was not)', () => {
    // 3 runs of the T3E's LU showed "1.28% (likely 0.0–1.48%)": the bootstrap sees only them.
    const runs = [176.0e6, 178.3e6, 173.9e6];
    const cov = spreadOf(runs).cov;
    const [lo, hi] = covInterval(runs)!;
    expect(hi).toBeGreaterThanOrEqual(cov * Math.sqrt(2 / 0.1026) * 0.999); // χ²₀.₀₅(2) = 0.1026
    expect(lo).toBeLessThanOrEqual(cov * Math.sqrt(2 / 5.991) * 1.001); // χ²₀.₉₅(2) = 5.991
    // and covers a normal law's CoV at about its level from 5 runs on
    for (const n of [5, 20]) {
      let covered = 0;
      for (let seed = 1; seed <= 300; seed++) {
        const [a, b] = covInterval(normalRuns(n, 500 + seed))!;
        if (a <= 0.01 && 0.01 <= b) covered++;
      }
      expect(covered / 300, `${n} runs`).toBeGreaterThanOrEqual(0.88);
      expect(covered / 300, `${n} runs`).toBeLessThanOrEqual(0.995);
    }
  });

  it('takes the χ² law’s points from a table’s values', () => {
    // 5% and 95% points at 1, 2, 19 and 999 degrees of freedom (any χ² table)
    expect(chiSquareQuantile(0.95, 1)).toBeCloseTo(3.8415, 3);
    expect(chiSquareQuantile(0.05, 2)).toBeCloseTo(0.10259, 4);
    expect(chiSquareQuantile(0.95, 2)).toBeCloseTo(5.9915, 3);
    expect(chiSquareQuantile(0.05, 19)).toBeCloseTo(10.117, 2);
    expect(chiSquareQuantile(0.95, 19)).toBeCloseTo(30.144, 2);
    expect(chiSquareQuantile(0.05, 999)).toBeCloseTo(926.63, 1);
  });

  it('is wide when one run of twenty met a rare long event, and includes the CoV without it', () => {
    const runs = [...Array.from({ length: 19 }, (_, k) => 5e6 + 1e3 * k), 8.4e6];
    const [lo, hi] = covInterval(runs)!;
    const without = spreadOf(runs.slice(0, 19)).cov;
    const withIt = spreadOf(runs).cov;
    expect(lo).toBeLessThanOrEqual(without * 1.01);
    expect(hi).toBeGreaterThanOrEqual(withIt);
    // the same runs give the same interval
    expect(covInterval(runs)).toEqual([lo, hi]);
  });
});
