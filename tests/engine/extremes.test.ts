// Extreme-value statistics: a barrier waits for the slowest of P ranks, so
// the engine's randomness is tested where it matters most, against closed
// forms for the expected maximum of P independent delays.
import { describe, expect, it } from 'vitest';
import { BarrierRun } from '../../src/engine/barrier-run.ts';
import { eventAt, scenario, source } from '../helpers/scenario.ts';

/** Mean and standard error of the first iteration's excess over `replicas` seeds. */
function firstIterationExcess(
  build: (seed: number) => ReturnType<typeof scenario>,
  replicas: number,
) {
  const xs: number[] = [];
  for (let seed = 1; seed <= replicas; seed++) {
    const s = build(seed);
    const r = new BarrierRun(s).run();
    xs.push(r.durations[0] - r.granularityUs);
  }
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  const v = xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1);
  return { mean: m, se: Math.sqrt(v / xs.length) };
}

const harmonic = (P: number) => {
  let h = 0;
  for (let k = 1; k <= P; k++) h += 1 / k;
  return h;
};

describe('the expected maximum of P independent delays', () => {
  it('is μ·H_P for exponential delays of mean μ (one event per rank at time 0)', () => {
    const P = 2048;
    const mu = 100;
    const { mean, se } = firstIterationExcess(
      (seed) =>
        scenario({
          nodes: P,
          g: 1000,
          iterations: 1,
          seed,
          noise: [eventAt('src', 0, { dist: 'exponential', meanUs: mu }, 'any')],
        }),
      300,
    );
    const expected = mu * harmonic(P); // ≈ 818 µs
    // The max of P exponentials has sd μπ/√6 ≈ 128 µs: se over 300 runs ≈ 7 µs.
    expect(Math.abs(mean - expected)).toBeLessThan(4 * se);
  });

  it('is d·(1 − (1 − q)^P) for a delay d that strikes each rank with probability q', () => {
    // A fraction-q placement: each node carries the source with probability
    // q, drawn per node from the seed; an aligned event at time 0 delays it d.
    const P = 256;
    const q = 0.004;
    const d = 500;
    const { mean, se } = firstIterationExcess(
      (seed) =>
        scenario({
          nodes: P,
          g: 1000,
          iterations: 1,
          seed,
          noise: [eventAt('src', 0, d, 'any', { placement: { kind: 'fraction', p: q } })],
        }),
      2000,
    );
    const p = 1 - (1 - q) ** P; // ≈ 0.64
    const seTheory = d * Math.sqrt((p * (1 - p)) / 2000); // binomial: ≈ 5.4 µs
    expect(se).toBeGreaterThan(0);
    expect(Math.abs(mean - d * p)).toBeLessThan(4 * seTheory);
  });

  it('follows the Bernoulli law at every node count, for the random-phase noise of a 1 ms barrier', () => {
    // A periodic source of period T with a random phase per node has an event
    // in the first window [0, g) with probability g/T, independently per
    // node: the first iteration is delayed d with probability 1 − (1 − g/T)^P.
    const g = 1000;
    const T = 100_000;
    const d = 300;
    for (const P of [16, 128, 1024]) {
      const { mean, se } = firstIterationExcess(
        (seed) =>
          scenario({
            nodes: P,
            g,
            iterations: 1,
            seed,
            noise: [source({ periodUs: T, duration: { dist: 'fixed', valueUs: d } })],
          }),
        600,
      );
      const p = 1 - (1 - g / T) ** P;
      // Each run's excess is d with probability p, else 0: the standard
      // error of the mean of 600 runs is d·√(p(1 − p)/600) by the binomial law.
      const seTheory = d * Math.sqrt((p * (1 - p)) / 600);
      expect(se).toBeGreaterThanOrEqual(0);
      expect(Math.abs(mean - d * p)).toBeLessThan(4 * seTheory);
    }
  });
});
