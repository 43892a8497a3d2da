// Fixed Work Quanta (model.md §6) against hand-computed samples and the
// kurtosis formula of the Jaguar paper.
import { describe, expect, it } from 'vitest';
import { fwqProblem, MAX_FWQ_QUANTA, runFwq } from '../../src/engine/fwq.ts';
import { kurtosis } from '../../src/engine/stats.ts';
import { scenario, source } from '../helpers/scenario.ts';

/** Two cores, one fixed event every 1,000 µs pinned to `cpu`, aligned at `offsetUs`. */
function twoCores(o: { offsetUs: number; cpu: number; durationUs: number }) {
  return scenario({
    cores: 2,
    noise: [
      source({
        periodUs: 1000,
        phase: 'aligned',
        phaseOffsetUs: o.offsetUs,
        cpu: o.cpu,
        duration: { dist: 'fixed', valueUs: o.durationUs },
      }),
    ],
  });
}

describe('fixed work quanta', () => {
  it('are exactly w on a quiet node, with no kurtosis to speak of', () => {
    const r = runFwq(scenario({ cores: 4 }), { workUs: 18, samples: 2000 });
    expect(r.cores).toHaveLength(4);
    for (const c of r.cores) {
      expect(c.meanUs).toBe(18);
      expect(c.kurtosis).toBeNull();
      expect(c.overheadUs).toBe(0);
    }
  });

  it('stretch exactly the quanta an event lands in', () => {
    // Pinned to core 1, aligned at 50 µs, every 1000 µs, 7 µs long; w = 18:
    // quantum 2 runs [36, 54) and is paused 7 µs, then every 1000 µs again.
    const r = runFwq(twoCores({ offsetUs: 50, cpu: 1, durationUs: 7 }), {
      workUs: 18,
      samples: 200,
    });
    const core1 = r.cores[1].samples;
    expect(core1[0]).toBe(18);
    expect(core1[2]).toBe(25);
    expect(r.cores[0].overheadUs).toBe(0);
    // Events at 50, 1050, 2050, 3050 fall in the 200 quanta (≈ 3.6 ms): 4 × 7 µs.
    expect(r.cores[1].overheadUs).toBeCloseTo(28, 9);
  });

  it('are w plus their pauses to the bit, however late in the run (never below w)', () => {
    // w = 1,950 µs and a 0.6 µs event every 1,000 µs on core 0 (BG/P's CNK, 003 Fig 2): late
    // quanta start near 3.9 s, where end − start loses the low bits (1,949.9999999999854 for an
    // untouched quantum, 1,950.6000000005588 for a paused one: times that are not whole µs).
    const r = runFwq(twoCores({ offsetUs: 300, cpu: 0, durationUs: 0.6 }), {
      workUs: 1950,
      samples: 2000,
    });
    const values = new Set([...r.cores[0].samples, ...r.cores[1].samples]);
    // Two or one events in each quantum of core 0 (1,950 µs of work against a 1,000 µs period),
    // none on core 1.
    for (const v of values) expect([1950, 1950 + 0.6, 1950 + (0.6 + 0.6)]).toContain(v);
    expect(r.cores[1].minUs).toBe(1950);
    expect(r.cores[1].maxUs).toBe(1950);
  });

  it('lose the fraction d/T of their time to noise in the long run', () => {
    const r = runFwq(
      scenario({
        cores: 1,
        noise: [source({ periodUs: 1000, duration: { dist: 'fixed', valueUs: 25 } })],
      }),
      { workUs: 100, samples: 200_000 },
    );
    // mean = w·T/(T − d) = 100·1000/975; one partial period is 1e-6 relative.
    expect(r.cores[0].meanUs).toBeCloseTo(100_000 / 975, 3);
  });

  it('show a heavy tail on the noisy core: high kurtosis there, none elsewhere (Jaguar Figure 1)', () => {
    // OS services pinned to core 0 (the reduced-noise kernel): core 0's
    // quanta are mostly w with rare long ones, a leptokurtic sample.
    const r = runFwq(
      scenario({
        cores: 8,
        noise: [
          source({ periodUs: 10_000, cpu: 0, duration: { dist: 'exponential', meanUs: 200 } }),
        ],
      }),
      { workUs: 18, samples: 20_000 },
    );
    expect(r.cores[0].kurtosis!).toBeGreaterThan(100);
    for (const c of r.cores.slice(1)) expect(c.kurtosis).toBeNull();
  });
});

describe('kurtosis', () => {
  it('follows Σ(x − x̄)⁴ / ((n − 1)·s⁴) with the sample standard deviation', () => {
    // x = 1, 2, 3, 4, 10: x̄ = 4; deviations −3, −2, −1, 0, 6;
    // Σd² = 9 + 4 + 1 + 0 + 36 = 50, s² = 50/4 = 12.5;
    // Σd⁴ = 81 + 16 + 1 + 0 + 1296 = 1394; kurtosis = 1394/(4·156.25) = 2.2304.
    expect(kurtosis([1, 2, 3, 4, 10])).toBeCloseTo(2.2304, 12);
  });

  it('is about 3 for a normal sample', () => {
    // Box–Muller from a fixed LCG: 200,000 draws; sd of the estimate ≈ √(24/n) ≈ 0.011.
    let state = 12345;
    const u = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) + 0.5) / 2 ** 32;
    const xs = Array.from(
      { length: 200_000 },
      () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u()),
    );
    expect(Math.abs(kurtosis(xs)! - 3)).toBeLessThan(0.06);
  });
});

const noisy = () =>
  scenario({
    nodes: 8,
    cores: 2,
    noise: [
      source({ id: 'tick', category: 'kernel', periodUs: 10_000 }),
      source({ id: 'daemon', category: 'daemon', periodUs: 50_000, cpu: 1 }),
    ],
  });

describe('fwqProblem', () => {
  it('accepts an ordinary measurement', () => {
    expect(fwqProblem(noisy(), { node: 0, samples: 2000, workUs: 1000 })).toBeNull();
  });

  it('refuses more samples than fit in memory on a wide node', () => {
    const wide = scenario({ cores: 256 });
    expect(fwqProblem(wide, { node: 0, samples: MAX_FWQ_QUANTA / 128, workUs: 1000 })).toMatch(
      /quanta to hold/,
    );
    expect(fwqProblem(wide, { node: 0, samples: MAX_FWQ_QUANTA / 256, workUs: 1000 })).toBeNull();
  });

  it('refuses a node whose reserved core noise keeps busy all the time, which would never finish', () => {
    const s = scenario({
      cores: 2,
      ranksPerNode: 1,
      reservedCores: [1],
      noise: [source({ periodUs: 100, cpu: 1, duration: { dist: 'fixed', valueUs: 100 } })],
    });
    expect(fwqProblem(s, { node: 0, samples: 10, workUs: 1000 })).toContain(
      'would keep core 1 busy 100% of the time',
    );
  });

  it('refuses a measurement with too many noise events to simulate', () => {
    expect(fwqProblem(noisy(), { node: 0, samples: 1_000_000, workUs: 1e9 })).toContain(
      'noise events to simulate',
    );
  });

  it('ignores sources that do not cover the measured node', () => {
    const s = scenario({
      nodes: 2,
      cores: 1,
      noise: [
        source({
          periodUs: 100,
          duration: { dist: 'fixed', valueUs: 100 },
          placement: { kind: 'nodes', ids: [1] },
        }),
      ],
    });
    expect(fwqProblem(s, { node: 0, samples: 10, workUs: 1000 })).toBeNull();
    expect(fwqProblem(s, { node: 1, samples: 10, workUs: 1000 })).toContain('busy 100%');
  });
});
