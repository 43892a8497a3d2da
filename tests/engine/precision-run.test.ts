// Runs that stop when their mean is known well enough (src/engine/precision-run.ts): batch
// means against closed forms (independent values; an AR(1) series, whose correlation the naive
// standard error misses), and the stop rule on runs: it stops once precise, later for a finer
// precision, never before the rare sources are covered, always at the same place for a seed.
import { describe, expect, it } from 'vitest';
import { BATCHES, batchMeansRelSe } from '../../src/engine/batch-means.ts';
import { MIN_MEASURED, runToPrecision } from '../../src/engine/precision-run.ts';
import { Rng } from '../../src/engine/random.ts';
import { createRun } from '../../src/engine/run.ts';
import { validateScenario } from '../../src/scenario/index.ts';
import { scenario, source } from '../helpers/scenario.ts';

/** n standard normal draws (Box–Muller) from `seed`. */
function normals(seed: number, n: number): Float64Array {
  const r = new Rng(seed);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const u = 1 - r.uniform();
    out[i] = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r.uniform());
  }
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

describe('the standard error by batch means', () => {
  it('is σ/(μ√n) for independent values (median over seeds 1–5 within 15 %)', () => {
    const n = 64_000;
    const mu = 1000;
    const sigma = 50;
    const got = [1, 2, 3, 4, 5].map((seed) => {
      const z = normals(seed, n);
      const xs = z.map((v) => mu + sigma * v);
      return batchMeansRelSe(xs, 0, n);
    });
    const exact = sigma / (mu * Math.sqrt(n));
    // 16 batches: the estimate's own relative error is about 1/√(2·15) ≈ 18 % per seed.
    expect(Math.abs(median(got) / exact - 1)).toBeLessThan(0.15);
  });

  it('is σ/(μ√n)·√((1 + ρ)/(1 − ρ)) for an AR(1) series, which σ/√n misses', () => {
    const n = 160_000;
    const rho = 0.8;
    const mu = 1000;
    const sigma = 50; // of the stationary series
    const ratios: number[] = [];
    const naive: number[] = [];
    for (const seed of [1, 2, 3, 4, 5]) {
      const z = normals(seed, n);
      const xs = new Float64Array(n);
      let e = z[0] * sigma;
      for (let i = 0; i < n; i++) {
        if (i > 0) e = rho * e + Math.sqrt(1 - rho * rho) * sigma * z[i];
        xs[i] = mu + e;
      }
      const exact = (sigma / (mu * Math.sqrt(n))) * Math.sqrt((1 + rho) / (1 - rho));
      ratios.push(batchMeansRelSe(xs, 0, n) / exact);
      let ss = 0;
      for (const x of xs) ss += (x - mu) ** 2;
      naive.push(Math.sqrt(ss / (n - 1) / n) / mu / exact);
    }
    expect(Math.abs(median(ratios) - 1)).toBeLessThan(0.15);
    // the naive estimate is off by √((1 − ρ)/(1 + ρ)) = 1/3
    expect(Math.abs(median(naive) - 1 / 3)).toBeLessThan(0.02);
  });

  it('is 0 for constant values, and Infinity with fewer values than batches', () => {
    expect(batchMeansRelSe(new Float64Array(100).fill(7), 0, 100)).toBe(0);
    expect(batchMeansRelSe(new Float64Array(BATCHES - 1).fill(7), 0, BATCHES - 1)).toBe(Infinity);
  });

  it('reads only the values it is given, leaving out the oldest remainder', () => {
    // 17 values in 16 batches of 1: the first is left out
    const xs = Float64Array.from([1e9, ...Array.from({ length: 16 }, (_, i) => 10 + (i % 2))]);
    const got = batchMeansRelSe(xs, 0, 17);
    const sd = Math.sqrt((16 * 0.25) / 15); // values 10, 11 alternating: mean 10.5
    expect(got).toBeCloseTo(sd / Math.sqrt(16) / 10.5, 12);
  });
});

/** A barrier on `nodes` nodes with a 10 µs tick every 1 ms on every node, g = 1 ms. */
function ticking(nodes: number, iterations: number, extra: ReturnType<typeof source>[] = []) {
  return validateScenario(
    scenario({
      nodes,
      cores: 1,
      ranksPerNode: 1,
      g: 1000,
      iterations,
      seed: 3,
      noise: [
        source({
          id: 'tick',
          periodUs: 1000,
          duration: { dist: 'exponential', meanUs: 10 },
          placement: { kind: 'all' },
        }),
        ...extra,
      ],
    }),
  );
}

describe('a run stopped by precision', () => {
  it('stops once precise, after MIN_MEASURED iterations at least, and says so', () => {
    const run = createRun(ticking(8, 100_000));
    const reach = runToPrecision(run, 0.005);
    expect(reach.met).toBe(true);
    expect(reach.relSe).toBeLessThanOrEqual(0.005);
    expect(reach.measured).toBeGreaterThanOrEqual(MIN_MEASURED);
    expect(reach.measured).toBeLessThan(100_000);
    expect(run.done).toBe(false);
  });

  it('runs longer for a finer precision, about (ε₁/ε₂)² as long', () => {
    const coarse = runToPrecision(createRun(ticking(8, 200_000)), 0.004).measured;
    const fine = runToPrecision(createRun(ticking(8, 200_000)), 0.001).measured;
    // the error falls as 1/√n: 16 times the iterations, give or take the estimate's own noise
    // and the checks' eighth of overshoot
    expect(fine / coarse).toBeGreaterThan(6);
    expect(fine / coarse).toBeLessThan(40);
  });

  it('stops at the same iteration for the same seed', () => {
    const a = runToPrecision(createRun(ticking(8, 100_000)), 0.002);
    const b = runToPrecision(createRun(ticking(8, 100_000)), 0.002);
    expect(b).toEqual(a);
  });

  it('does not stop before a rare long source has had time to show, however quiet so far', () => {
    // 5 ms every 2 s on one node: impact 0.0025 of the machine's time; to know its share to
    // ±20 % of itself... the rule asks m ≥ (I/ε)² visits: T ≥ I²·P/(ε²·N)
    const rare = source({
      id: 'rare',
      periodUs: 2_000_000,
      duration: { dist: 'fixed', valueUs: 5000 },
      placement: { kind: 'nodes', ids: [0] },
    });
    const s = ticking(8, 200_000, [rare]);
    const reach = runToPrecision(createRun(s), 0.002);
    const impact = 5000 / 2_000_000;
    const needed = (impact * impact * 2_000_000) / (0.002 * 0.002 * 1);
    expect(reach.neededUs).toBeCloseTo(needed, 6);
    expect(reach.simulatedUs).toBeGreaterThanOrEqual(needed);
    // the same run without the rare source stops far sooner
    const quiet = runToPrecision(createRun(ticking(8, 200_000)), 0.002);
    expect(quiet.simulatedUs).toBeLessThan(needed / 2);
  });

  it('stops at its iteration count when that comes first, and says it fell short', () => {
    const run = createRun(ticking(8, 200));
    const reach = runToPrecision(run, 0.0001);
    expect(run.done).toBe(true);
    expect(reach.met).toBe(false);
    expect(reach.measured).toBe(200);
    expect(reach.relSe).toBeGreaterThan(0.0001);
  });

  it('refuses a precision outside (0, 1)', () => {
    expect(() => runToPrecision(createRun(ticking(2, 100)), 0)).toThrow(/allowed: > 0 and < 1/);
    expect(() => runToPrecision(createRun(ticking(2, 100)), 1)).toThrow(/allowed/);
  });
});
