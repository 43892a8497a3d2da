// The clamped normal's mean E[max(0, X)], X ~ N(μ, σ²), against the closed form's limits and
// against a numerical integral of x·φ((x − μ)/σ)/σ over x > 0 (Simpson's rule, independent of
// the Φ the estimate uses).
import { describe, expect, it } from 'vitest';
import { clampedNormalMeanUs, normalCdf, secondMomentUs2 } from '../../src/scenario/cost.ts';

/** ∫_0^∞ x·density(x) dx by composite Simpson over [0, μ + 12σ], 20,000 intervals */
function integral(mu: number, sd: number): number {
  const hi = Math.max(0, mu) + 12 * sd;
  const n = 20_000;
  const h = hi / n;
  const f = (x: number) =>
    (x * Math.exp(-0.5 * ((x - mu) / sd) ** 2)) / (sd * Math.sqrt(2 * Math.PI));
  let sum = f(0) + f(hi);
  for (let i = 1; i < n; i++) sum += (i % 2 ? 4 : 2) * f(i * h);
  return (sum * h) / 3;
}

describe('the clamped normal mean', () => {
  it('is σ/√(2π) at μ = 0: half the draws are clamped to 0', () => {
    expect(clampedNormalMeanUs(0, 2_000_000)).toBeCloseTo(2_000_000 / Math.sqrt(2 * Math.PI), 0);
  });

  it('is μ when σ = 0, and 0 for a negative μ with σ = 0', () => {
    expect(clampedNormalMeanUs(640, 0)).toBe(640);
    expect(clampedNormalMeanUs(-5, 0)).toBe(0);
  });

  it('tends to μ far above 0 and to 0 far below', () => {
    expect(clampedNormalMeanUs(1000, 10)).toBeCloseTo(1000, 9);
    expect(clampedNormalMeanUs(-1000, 10)).toBeLessThan(1e-12);
    expect(clampedNormalMeanUs(-1000, 10)).toBeGreaterThanOrEqual(0);
  });

  it('agrees with a numerical integral to 1e-6 relative', () => {
    for (const [mu, sd] of [
      [0, 1],
      [1, 1e6],
      [640, 160],
      [-300, 200],
      [5, 2],
      [-2, 1],
    ]) {
      const exact = integral(mu, sd);
      expect(Math.abs(clampedNormalMeanUs(mu, sd) - exact) / exact).toBeLessThan(1e-6);
    }
  });

  it('uses a Φ accurate to 1.2e-7 (Numerical Recipes erfcc) at known points', () => {
    // Φ(0) = 1/2; Φ(1.959964) = 0.975; Φ(−3) = 0.0013498980316301
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 7);
    expect(Math.abs(normalCdf(-3) - 0.0013498980316301) / 0.0013498980316301).toBeLessThan(1.2e-7);
  });
});

describe('the second moments of the bound’s backlog term', () => {
  it('match E[max(0, X)²] by numerical integration for the clamped normal', () => {
    for (const [mu, sd] of [
      [0, 1],
      [640, 160],
      [-300, 200],
    ]) {
      const hi = Math.max(0, mu) + 12 * sd;
      const n = 20_000;
      const h = hi / n;
      const f = (x: number) =>
        (x * x * Math.exp(-0.5 * ((x - mu) / sd) ** 2)) / (sd * Math.sqrt(2 * Math.PI));
      let sum = f(0) + f(hi);
      for (let i = 1; i < n; i++) sum += (i % 2 ? 4 : 2) * f(i * h);
      const exact = (sum * h) / 3;
      const got = secondMomentUs2({ dist: 'normal', meanUs: mu, sdUs: sd });
      expect(Math.abs(got - exact) / exact).toBeLessThan(1e-6);
    }
  });

  it('give the closed forms of the other distributions', () => {
    expect(secondMomentUs2({ dist: 'fixed', valueUs: 3 })).toBe(9);
    // (a² + ab + b²)/3 = (4 + 12 + 36)/3
    expect(secondMomentUs2({ dist: 'uniform', minUs: 2, maxUs: 6 })).toBeCloseTo(52 / 3, 12);
    expect(secondMomentUs2({ dist: 'exponential', meanUs: 5 })).toBe(50);
    // median² e^{2σ²}
    expect(secondMomentUs2({ dist: 'lognormal', medianUs: 10, sigma: 1 })).toBeCloseTo(
      100 * Math.exp(2),
      9,
    );
    // scale² α/(α − 2) = 100 · 3
    expect(secondMomentUs2({ dist: 'pareto', scaleUs: 10, shape: 3 })).toBeCloseTo(300, 9);
  });
});
