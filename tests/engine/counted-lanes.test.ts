// Counted lanes (src/engine/bulk-lanes.ts) against the run that visits every rank (exact), in
// distribution (src/engine/sameness.ts): over 20 seeds each, the mean iteration time within 2
// standard errors, a two-sample Kolmogorov–Smirnov test on iteration times not rejecting at
// 1 %, and each source's share of the lost time within 2 standard errors (as a family, see
// bonferroniZ: on seeds 1–20 one of four equal tick shares sat at 2.2 standard errors by
// chance; over 200 seeds both paths give every tick 0.249–0.252 ± 0.001). Seeds 1–20, and the
// scenarios, fixed before looking.
import { describe, expect, it } from 'vitest';
import { BarrierRun } from '../../src/engine/barrier-run.ts';
import { bonferroniZ, compareRuns, ksStatistic } from '../../src/engine/sameness.ts';
import { loadPreset } from '../../src/validation/presets.ts';
import type { NoiseSource, Scenario } from '../../src/scenario/types.ts';
import { scenario, source } from '../helpers/scenario.ts';
import { rnShape } from './rn-shape.ts';

const SEEDS = Array.from({ length: 20 }, (_, k) => k + 1);

function expectSame(make: (seed: number) => Scenario): void {
  const r = compareRuns(make, SEEDS);
  expect(r.paths, 'the counted side counted, the exact side did not').toBe(true);
  expect(r.meanDiff, 'mean iteration time').toBeLessThanOrEqual(r.meanBound);
  expect(r.ks, 'KS statistic of the iteration times').toBeLessThanOrEqual(r.ksCritical);
  expect(r.delayDiff, 'total node delay').toBeLessThanOrEqual(r.delayBound);
  for (const share of r.shares) {
    expect(share.diff, `share of ${share.id}`).toBeLessThanOrEqual(share.bound);
  }
}

/** A tick of period T and duration law `duration` on each of the node's rank cores. */
function ticks(cores: number[], periodUs: number, duration: NoiseSource['duration']) {
  return cores.map((c) => source({ id: `tick${c}`, periodUs, cpu: c, duration }));
}

describe('counted lanes agree with visiting every rank, in distribution (20 seeds each)', () => {
  it('the Jaguar XT5 RN preset, 96 nodes × 7', () => {
    expectSame((seed) => {
      const s = loadPreset('jaguar-xt5-rn');
      s.seed = seed;
      s.job.nodes = 96;
      s.workload.iterations = 600;
      s.workload.warmup = 10;
      return s;
    });
  });

  it('the RN shape with frequent cpu "any" events and long core-0 noise (poll)', () => {
    expectSame((seed) => rnShape('poll', seed));
  });

  it('every rank hit by a fixed 25 µs tick at 1 kHz, g = 1 ms (several pauses per iteration)', () => {
    expectSame((seed) =>
      scenario({
        nodes: 48,
        cores: 8,
        g: 1000,
        iterations: 400,
        seed,
        collective: { kind: 'software', baseUs: 1, perLevelUs: 4 },
        noise: ticks([0, 1, 2, 3, 4, 5, 6, 7], 1000, { dist: 'fixed', valueUs: 25 }),
      }),
    );
  });

  it('a tick shorter than the collective, g well under T, a hardware barrier', () => {
    expectSame((seed) =>
      scenario({
        nodes: 64,
        cores: 4,
        g: 300,
        iterations: 800,
        seed,
        collective: { kind: 'hardware', baseUs: 2, perLevelUs: 0.5 },
        noise: ticks([0, 1, 2, 3], 2000, { dist: 'uniform', minUs: 5, maxUs: 40 }),
      }),
    );
  });

  it('g several times T with a fixed duration (up to four pauses), idle cores with their own noise', () => {
    expectSame((seed) =>
      scenario({
        nodes: 40,
        cores: 6,
        ranksPerNode: 4,
        reservedCores: [0, 5],
        g: 2500,
        iterations: 300,
        seed,
        collective: { kind: 'software', baseUs: 2, perLevelUs: 3 },
        noise: [
          ...ticks([0, 1, 2, 3, 4, 5], 800, { dist: 'fixed', valueUs: 12 }),
          source({ id: 'svc', periodUs: 5000, cpu: 0, duration: { dist: 'fixed', valueUs: 300 } }),
          source({
            id: 'any',
            periodUs: 60_000,
            arrival: 'poisson',
            duration: { dist: 'exponential', meanUs: 80 },
          }),
        ],
      }),
    );
  });
});

/**
 * A random scenario in the class counted lanes take (bulk-lanes.ts): one tick law on every core,
 * idle cores with noise of their own, rare cpu "any" events, either collective; from `k`.
 */
function randomCounted(k: number): (seed: number) => Scenario {
  let state = (k * 2654435761) >>> 0 || 1;
  const rand = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const cores = 2 + Math.floor(rand() * 7);
  const reserved = rand() < 0.5 ? [] : [0];
  const ranksPerNode = cores - reserved.length - (rand() < 0.3 && cores > 2 ? 1 : 0);
  const T = 300 + rand() * 4700;
  const fixed = rand() < 0.5;
  const d2 = 0.5 + rand() * (T / 5);
  const duration: NoiseSource['duration'] = fixed
    ? { dist: 'fixed', valueUs: d2 }
    : { dist: 'uniform', minUs: rand() * d2, maxUs: d2 };
  const g = fixed ? rand() * 3 * T : rand() * (T - d2);
  const collective = pick<Scenario['machine']['collective']>([
    { kind: 'hardware', baseUs: 1 + rand() * 5, perLevelUs: rand() },
    { kind: 'software', baseUs: rand() * 3, perLevelUs: 1 + rand() * 5 },
  ]);
  const noise = ticks(
    Array.from({ length: cores }, (_, c) => c),
    T,
    duration,
  );
  // A core no rank uses: the reserved core 0, else the top one when ranks leave it free.
  const idle = reserved.length > 0 ? 0 : ranksPerNode < cores ? cores - 1 : -1;
  if (idle >= 0 && rand() < 0.7) {
    noise.push(
      source({
        id: 'idle-svc',
        periodUs: T * (2 + rand() * 10),
        cpu: idle,
        arrival: pick(['periodic', 'poisson'] as const),
        duration: { dist: 'exponential', meanUs: 5 + rand() * 200 },
      }),
    );
  }
  if (rand() < 0.7) {
    noise.push(
      source({
        id: 'any',
        periodUs: (g + T) * (30 + rand() * 100),
        arrival: 'poisson',
        duration: { dist: 'lognormal', medianUs: 10 + rand() * 100, sigma: 1 },
      }),
    );
  }
  const nodes = 16 + Math.floor(rand() * 48);
  const iterations = 250;
  return (seed) =>
    scenario({
      nodes,
      cores,
      ranksPerNode,
      reservedCores: reserved,
      g,
      iterations,
      warmup: 5,
      seed,
      collective,
      noise,
    });
}

describe('counted lanes on random scenarios of their class (20 seeds each)', () => {
  for (const k of [1, 2, 3, 4, 5, 6]) {
    it(`random scenario ${k}`, () => expectSame(randomCounted(k)));
  }
});

describe('counted lanes where a cold review found them wrong', () => {
  it('g > T: a class arc clipped to one period (node delays were counted twice)', () => {
    expectSame((seed) =>
      scenario({
        nodes: 16,
        cores: 4,
        g: 2500,
        iterations: 200,
        seed,
        collective: { kind: 'software', baseUs: 2, perLevelUs: 3 },
        noise: ticks([0, 1, 2, 3], 800, { dist: 'fixed', valueUs: 12 }),
      }),
    );
  });

  it('a uniform law of one value: ranks tie and the lowest id is critical', () => {
    expectSame((seed) =>
      scenario({
        nodes: 16,
        cores: 4,
        g: 300,
        iterations: 300,
        seed,
        collective: { kind: 'hardware', baseUs: 1, perLevelUs: 0 },
        noise: ticks([0, 1, 2, 3], 1000, { dist: 'uniform', minUs: 50, maxUs: 50 }),
      }),
    );
  });

  it('a fixed tie between a counted rank and a visited one goes to the lowest id', () => {
    expectSame((seed) =>
      scenario({
        nodes: 16,
        cores: 4,
        g: 350,
        iterations: 300,
        seed,
        collective: { kind: 'hardware', baseUs: 1, perLevelUs: 0 },
        noise: [
          ...ticks([0, 1, 2, 3], 100, { dist: 'fixed', valueUs: 7.3 }),
          source({
            id: 'any',
            periodUs: 9000,
            arrival: 'poisson',
            duration: { dist: 'exponential', meanUs: 0.5 },
          }),
        ],
      }),
    );
  });

  it('a tick that starts exactly at the release pauses the next iteration (fixed: same times)', () => {
    const make = (seed: number) =>
      scenario({
        nodes: 16,
        cores: 4,
        g: 150,
        iterations: 300,
        seed,
        collective: { kind: 'software', baseUs: 5, perLevelUs: 20 },
        noise: ticks([0, 1, 2, 3], 1000, { dist: 'fixed', valueUs: 900 }),
      });
    for (const seed of [1, 2, 3, 4, 5]) {
      const exact = new BarrierRun(make(seed), { exact: true }).run();
      const counted = new BarrierRun(make(seed)).run();
      expect(counted.counted).toBe(true);
      let worst = 0;
      for (let k = 0; k < exact.durations.length; k++) {
        worst = Math.max(worst, Math.abs(exact.durations[k] - counted.durations[k]));
      }
      expect(worst, `seed ${seed}`).toBeLessThan(1e-6);
    }
  });

  it('node delays read during a run never go down', () => {
    const s = scenario({
      nodes: 16,
      cores: 4,
      g: 400,
      iterations: 300,
      seed: 3,
      noise: ticks([0, 1, 2, 3], 1000, { dist: 'uniform', minUs: 20, maxUs: 300 }),
    });
    const run = new BarrierRun(s);
    let last = run.nodeDelays();
    while (!run.done) {
      run.step(1);
      const now = run.nodeDelays();
      for (let x = 0; x < now.length; x++) expect(now[x]).toBeGreaterThanOrEqual(last[x]);
      last = now;
    }
  });
});

describe('counted lanes', () => {
  it('give the same bits for the same seed, and count every event by the end', () => {
    const s = rnShape('poll', 4);
    const a = new BarrierRun(s).run();
    const b = new BarrierRun(s).run();
    expect(a.counted).toBe(true);
    expect([...a.durations]).toEqual([...b.durations]);
    expect([...a.nodeDelays()]).toEqual([...b.nodeDelays()]);
    // The exact run meets the same events up to its own last arrivals: within a tick per lane.
    const exact = new BarrierRun(s, { exact: true }).run();
    expect(Math.abs(a.noiseEvents - exact.noiseEvents)).toBeLessThan(s.job.nodes * 8);
    // Steps of any size give the run's bits (the worker steps in slices), and node delays read
    // at every step (the page's snapshots; each node's first draws are summed once and kept)
    // end as those read once at the end.
    const stepped = new BarrierRun(s);
    while (!stepped.done) {
      stepped.step(7);
      stepped.nodeDelays();
    }
    expect([...stepped.durations]).toEqual([...a.durations]);
    expect([...stepped.nodeDelays()]).toEqual([...a.nodeDelays()]);
  });

  it('are not used where they do not apply: block mode, two sources on a rank core, --exact', () => {
    expect(new BarrierRun(rnShape('block', 1)).counted).toBe(false);
    const two = rnShape('poll', 1);
    two.noise.push(source({ id: 'extra', periodUs: 9000, cpu: 3 }));
    expect(new BarrierRun(two).counted).toBe(false);
    expect(new BarrierRun(rnShape('poll', 1), { exact: true }).counted).toBe(false);
  });

  it('the KS statistic is 0 for one sample and 1 for disjoint ones; z is 1.96 for one check', () => {
    expect(ksStatistic([1, 2, 3], [1, 2, 3])).toBe(0);
    expect(ksStatistic([1, 2], [3, 4])).toBe(1);
    expect(bonferroniZ(1)).toBeCloseTo(1.96, 2);
    expect(bonferroniZ(4)).toBeCloseTo(2.498, 2);
  });
});
