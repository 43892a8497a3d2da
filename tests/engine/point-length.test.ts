// How long a sweep point runs (src/engine/point-length.ts), against the closed form it states:
// a source on N nodes, period P, mean event d, takes a share I = N·d/P; met T·N/P times in T,
// its part of the mean is known to ±I/√(T·N/P); a point runs until that is ε for every source.
import { describe, expect, it } from 'vitest';
import {
  capsSpent,
  iterationsUnderCap,
  nextBlock,
  POINT_BLOCK,
  pointTargetUs,
  reachedPrecision,
  SWEEP_POINT_LENGTH,
} from '../../src/engine/point-length.ts';
import { Rng } from '../../src/engine/random.ts';
import { scenario, source } from '../helpers/scenario.ts';

const length = { precision: 0.1, maxEvents: 1e6 };

describe('pointTargetUs', () => {
  it('is min(I, 1)²·P / (ε²·N) of the source that needs the longest', () => {
    // 64 nodes, 15 ms every 30 s: I = 64·15e3/30e6 = 0.032; T = 0.032²·30e6/(0.01·64).
    const s = scenario({
      nodes: 64,
      noise: [
        source({ id: 'rms', periodUs: 30e6, duration: { dist: 'fixed', valueUs: 15_000 } }),
        source({ id: 'tick', periodUs: 1_000, duration: { dist: 'fixed', valueUs: 10 } }),
      ],
    });
    const rms = (0.032 ** 2 * 30e6) / (0.01 * 64);
    const tick = (Math.min(1, (64 * 10) / 1000) ** 2 * 1000) / (0.01 * 64);
    expect(pointTargetUs(s, length)).toBeCloseTo(Math.max(rms, tick), 6);
  });

  it('takes the parts of a group as one activity: I is their sum, met once a period', () => {
    // 960 nodes, a spawn every 60 s of 15 ms then 18 ms (ASCI Q 2003's RMS daemons):
    // I = 960·33e3/60e6 = 0.528, T = I²·60e6/(0.01·960); apart, the 18 ms part alone set
    // (960·18e3/60e6)²·60e6/(0.01·960), 0.30 of it.
    const part = (id: string, d: number, offset: number) =>
      source({
        id,
        periodUs: 60e6,
        group: 'rms',
        phaseOffsetUs: offset,
        duration: { dist: 'fixed', valueUs: d },
      });
    const grouped = scenario({
      nodes: 960,
      noise: [part('a', 15_000, 0), part('b', 18_000, 15_000)],
    });
    const whole = (0.528 ** 2 * 60e6) / (0.01 * 960);
    expect(pointTargetUs(grouped, length)).toBeCloseTo(whole, 3);
    // reached: I/√m with m = T·N/P activities met
    const t = 2e6;
    expect(reachedPrecision(grouped, t)).toBeCloseTo(0.528 / Math.sqrt((t * 960) / 60e6), 9);
    // the same two sources without the group: each its own activity
    const apart = scenario({
      nodes: 960,
      noise: [
        source({ id: 'a', periodUs: 60e6, duration: { dist: 'fixed', valueUs: 15_000 } }),
        source({ id: 'b', periodUs: 60e6, duration: { dist: 'fixed', valueUs: 18_000 } }),
      ],
    });
    expect(pointTargetUs(apart, length)).toBeCloseTo((0.288 ** 2 * 60e6) / (0.01 * 960), 3);
  });

  it('caps the share at 1: a source that stalls every iteration needs no more', () => {
    // 1,024 nodes, 18 ms every 30 s: I = 0.61; 4,096 nodes: I = 2.5 → 1.
    const on = (nodes: number) =>
      scenario({
        nodes,
        noise: [source({ periodUs: 30e6, duration: { dist: 'fixed', valueUs: 18_000 } })],
      });
    expect(pointTargetUs(on(1024), length)).toBeCloseTo((0.6144 ** 2 * 30e6) / (0.01 * 1024), 3);
    expect(pointTargetUs(on(4096), length)).toBeCloseTo((1 * 30e6) / (0.01 * 4096), 3);
  });

  it('counts only enabled sources on the job’s nodes, and is 0 with no noise', () => {
    expect(pointTargetUs(scenario({ nodes: 8 }), length)).toBe(0);
    const off = scenario({
      nodes: 8,
      noise: [source({ enabled: false, periodUs: 1e6, duration: { dist: 'fixed', valueUs: 1e5 } })],
    });
    expect(pointTargetUs(off, length)).toBe(0);
  });

  it('halving ε quadruples the time', () => {
    const s = scenario({
      nodes: 16,
      noise: [source({ periodUs: 1e6, duration: { dist: 'fixed', valueUs: 1000 } })],
    });
    const t = pointTargetUs(s, length);
    expect(pointTargetUs(s, { ...length, precision: 0.05 })).toBeCloseTo(4 * t, 6);
  });
});

describe('reachedPrecision', () => {
  const s = scenario({
    nodes: 100,
    noise: [source({ periodUs: 1e6, duration: { dist: 'fixed', valueUs: 1000 } })],
  });
  it('is min(I, 1)/√(T·N/P), the inverse of pointTargetUs', () => {
    // I = 0.1; met 100·T/1e6 times
    expect(reachedPrecision(s, 4e6)).toBeCloseTo(0.1 / Math.sqrt(400), 9);
    const t = pointTargetUs(s, length);
    expect(reachedPrecision(s, t)).toBeCloseTo(length.precision, 9);
  });

  it('is unbounded before any time is simulated, 0 with no noise', () => {
    expect(reachedPrecision(s, 0)).toBe(Infinity);
    expect(reachedPrecision(scenario({ nodes: 4 }), 1e6)).toBe(0);
  });
});

describe('nextBlock', () => {
  it('steps in blocks, one at a time once an iteration costs a good part of the cap', () => {
    expect(nextBlock(0, 0, 1e6)).toBe(1);
    expect(nextBlock(1000, 100, 1e6)).toBe(POINT_BLOCK);
    expect(nextBlock(100_000, 10, 1e6)).toBe(1);
  });

  it('goes one at a time when a block of rank-iterations is a good part of their cap', () => {
    // 10,000 ranks: a block is 160,000 rank-iterations, over an eighth of 10⁶
    expect(nextBlock(1000, 100, 1e6, 10_000, 1e6)).toBe(1);
    expect(nextBlock(1000, 100, 1e6, 100, 1e6)).toBe(POINT_BLOCK);
    expect(nextBlock(1000, 100, 1e6, 10_000)).toBe(POINT_BLOCK);
  });
});

describe('capsSpent', () => {
  const length = { precision: 0.1, maxEvents: 100, maxRankIterations: 1000 };
  it('is spent at either cap, and a length without a rank cap has none', () => {
    expect(capsSpent(length, 99, 10, 99)).toBe(false);
    expect(capsSpent(length, 100, 10, 1)).toBe(true);
    expect(capsSpent(length, 0, 10, 100)).toBe(true);
    expect(capsSpent({ precision: 0.1, maxEvents: 100 }, 0, 1e6, 1e6)).toBe(false);
  });
});

describe('iterationsUnderCap', () => {
  it('is where the rank-iteration cap stops a point checked one iteration at a time', () => {
    // a whole Jaguar XT5 × 8 under the page's 10⁷: 149,504 × 67 passes it, × 66 does not
    expect(iterationsUnderCap({ ...length, maxRankIterations: 1e7 }, 149_504, 0)).toBe(67);
    // never before one measured iteration
    expect(iterationsUnderCap({ ...length, maxRankIterations: 1e7 }, 149_504, 80)).toBe(81);
    // blocks of 16: the check after the cap is crossed may come up to 15 iterations later
    expect(iterationsUnderCap({ ...length, maxRankIterations: 1e7 }, 8192, 0)).toBe(1221 + 15);
    expect(iterationsUnderCap(length, 8192, 0)).toBe(Infinity);
  });

  it('is never short of where the sweep’s checks stop a point, whatever its events', () => {
    // The worker's loop (stepPoint): blocks of nextBlock, stop once a measured iteration is in
    // and a cap is spent. Events per iteration drawn at random, some iterations costly enough
    // to switch to one at a time and back.
    const r = new Rng(17);
    for (let k = 0; k < 2000; k++) {
      const ranks = 1 + r.below(r.below(2) === 0 ? 200 : 200_000);
      const cap = {
        precision: 0.1,
        maxEvents: 1 + r.below(1e6),
        maxRankIterations: 1 + r.below(2e7),
      };
      const warmup = r.below(30);
      const limit = iterationsUnderCap(cap, ranks, warmup);
      let iterations = 0;
      let events = 0;
      for (;;) {
        const block = nextBlock(events, iterations, cap.maxEvents, ranks, cap.maxRankIterations);
        for (let b = 0; b < block; b++) {
          iterations++;
          events += r.below(4) === 0 ? r.below(cap.maxEvents / 4 + 1) : r.below(50);
        }
        if (iterations > warmup && capsSpent(cap, events, ranks, iterations)) break;
      }
      expect(iterations, `${ranks} ranks, cap ${cap.maxRankIterations}`).toBeLessThanOrEqual(limit);
      // the rank cap alone, one iteration at a time: exactly there
      if (ranks * POINT_BLOCK > cap.maxRankIterations / 8 && events < cap.maxEvents) {
        expect(iterations).toBe(limit);
      }
    }
  });
});

describe('SWEEP_POINT_LENGTH', () => {
  it('asks ±10 % of the page’s sweeps, within 2·10⁶ events and 100 iterations at least', () => {
    expect(SWEEP_POINT_LENGTH).toEqual({ precision: 0.1, maxEvents: 2e6, minIterations: 100 });
  });
});
