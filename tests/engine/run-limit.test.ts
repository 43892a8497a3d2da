// Every run ends: over random valid scenarios (every distribution, arrival, placement and
// workload kind, with the edges the validator allows: loads near 100%, a clamped normal of mean
// 0, a Pareto tail just above shape 1, wide lognormals, zero-length events, g = 0), each run
// finishes within LIMIT_FACTOR / 4 of its bound (cost.ts boundHorizonUs) (the engine stops at LIMIT_FACTOR), and a
// run the validator would refuse is stopped by the engine with a message, not left running.
import { describe, expect, it } from 'vitest';
import { createRun } from '../../src/engine/run.ts';
import { LIMIT_FACTOR, RunLimit, RunLimitError } from '../../src/engine/run-limit.ts';
import { Rng } from '../../src/engine/random.ts';
import {
  boundHorizonUs,
  boundNoiseEvents,
  estimateHorizonUs,
  estimateNoiseEvents,
} from '../../src/scenario/cost.ts';
import type { Duration, NoiseSource, Scenario, Workload } from '../../src/scenario/types.ts';
import { validateScenario } from '../../src/scenario/validate.ts';
import { scenario, source } from '../helpers/scenario.ts';

/** seeds fixed before looking at any result */
const SEEDS = 300;

function durationOf(r: Rng, mean: number): Duration {
  const pick = <T>(xs: T[]): T => xs[r.below(xs.length)];
  return pick<Duration>([
    { dist: 'fixed', valueUs: mean },
    { dist: 'fixed', valueUs: 0 },
    { dist: 'uniform', minUs: 0, maxUs: 2 * mean },
    { dist: 'exponential', meanUs: mean },
    { dist: 'normal', meanUs: mean, sdUs: mean / 2 },
    // mean 0, clamped: σ/√(2π) ≈ 0.4σ
    { dist: 'normal', meanUs: 0, sdUs: 2.5 * mean },
    { dist: 'lognormal', medianUs: mean, sigma: 0.5 },
    // σ = 2: mean = median·e² ≈ 7.4·median
    { dist: 'lognormal', medianUs: mean / 7.4, sigma: 2 },
    { dist: 'pareto', scaleUs: mean / 2, shape: 2 },
    // shape 1.05: mean = 21·scale, infinite variance
    { dist: 'pareto', scaleUs: mean / 21, shape: 1.05 },
  ]);
}

function workloadOf(r: Rng, iterations: number): Workload {
  const g = [0, 100, 1000][r.below(3)];
  const message = { latencyUs: 5, messageBytes: 100, usPerByte: 0.01 };
  switch (r.below(8)) {
    case 5:
      return {
        kind: 'halo',
        granularityUs: g,
        dimensions: 2,
        periodic: true,
        ...message,
        iterations,
        warmup: 0,
      };
    case 6:
      return { kind: 'alltoall', granularityUs: g, ...message, iterations, warmup: 0 };
    case 7:
      // a pipeline passes every stage's delay on: the kind whose noise adds up the most
      return {
        kind: 'wavefront',
        granularityUs: 4 * g,
        stages: 1 + r.below(8),
        ...message,
        iterations,
        warmup: 0,
      };
    case 0:
      return { kind: 'allreduce', granularityUs: g, iterations, warmup: 0, hopUs: null };
    case 1:
      return { kind: 'mpi-fwq', workUs: g, iterations, warmup: 0, hopUs: 2 };
    case 2:
      return {
        kind: 'sage',
        cellsPerPE: 100,
        computeUsPerCycle: 4 * g,
        allreducesPerCycle: 1 + r.below(4),
        iterations,
        warmup: 0,
        hopUs: null,
      };
    case 3:
      return {
        kind: 'pop',
        baroclinicUs: 20 * g,
        barotropicIterations: 1 + r.below(4),
        barotropicUs: 2 * g,
        barotropicSerialUs: 10,
        iterations,
        warmup: 0,
        hopUs: null,
      };
    default:
      return { kind: 'barrier', granularityUs: g, iterations, warmup: r.below(3) };
  }
}

/** A random scenario, or null when the validator refuses it (too heavy a load, most often). */
function randomCase(seed: number): Scenario | null {
  const r = new Rng(seed);
  const pick = <T>(xs: T[]): T => xs[r.below(xs.length)];
  const cores = 1 + r.below(4);
  const reserved = cores > 1 && r.uniform() < 0.3 ? [0] : [];
  const nodes = 1 + r.below(32);
  const noise: NoiseSource[] = [];
  const count = r.below(5);
  for (let k = 0; k < count; k++) {
    const periodUs = pick([300, 1000, 2500, 7000, 20_000]);
    const arrival = r.uniform() < 0.3 ? 'poisson' : 'periodic';
    // up to 45% of a core: with several sources the load comes near 100%
    const mean = periodUs * pick([0.02, 0.08, 0.2, 0.45]);
    noise.push(
      source({
        id: `s${k}`,
        periodUs,
        arrival,
        phase: arrival === 'periodic' && r.uniform() < 0.3 ? 'aligned' : 'random',
        duration: durationOf(r, mean),
        placement: pick<NoiseSource['placement']>([
          { kind: 'all' },
          { kind: 'clusterOffsets', offsets: [0] },
          { kind: 'nodes', ids: [0] },
          { kind: 'fraction', p: 0.5 },
        ]),
        cpu: r.uniform() < 0.4 ? r.below(cores) : 'any',
      }),
    );
  }
  const raw = scenario({
    nodes,
    cores,
    clusterSize: 8,
    ranksPerNode: 1 + r.below(cores - reserved.length),
    reservedCores: reserved,
    waitMode: r.uniform() < 0.4 ? 'block' : 'poll',
    wakeupUs: pick([0, 20]),
    seed,
    collective: pick([
      { kind: 'hardware' as const, baseUs: 3, perLevelUs: 0.5 },
      { kind: 'software' as const, baseUs: 0, perLevelUs: 7 },
      { kind: 'hardware' as const, baseUs: 0, perLevelUs: 0 },
    ]),
    workload: workloadOf(r, 10 + r.below(40)),
    noise,
  });
  try {
    return validateScenario(raw);
  } catch {
    return null;
  }
}

describe('every run ends within its bound', () => {
  it(`over ${SEEDS} random valid scenarios of every kind, within ${LIMIT_FACTOR / 4} × its bound`, () => {
    let ran = 0;
    const kinds = new Set<string>();
    const dists = new Set<string>();
    let worst = { ratio: 0, seed: 0 };
    for (let seed = 1; seed <= SEEDS; seed++) {
      const s = randomCase(seed);
      if (s === null) continue;
      const run = createRun(s);
      run.step(s.workload.iterations);
      expect(run.done, `seed ${seed} ended`).toBe(true);
      // the bound is never below the estimate the validator and the page use
      expect(boundHorizonUs(s)).toBeGreaterThanOrEqual(estimateHorizonUs(s));
      expect(boundNoiseEvents(s)).toBeGreaterThanOrEqual(estimateNoiseEvents(s));
      const time = run.timeUs / Math.max(1, boundHorizonUs(s));
      const events = run.noiseEvents / Math.max(1, boundNoiseEvents(s));
      const ratio = Math.max(time, events);
      if (ratio > worst.ratio) worst = { ratio, seed };
      ran++;
      kinds.add(s.workload.kind);
      for (const n of s.noise) dists.add(n.duration.dist);
    }
    // the generator reaches what it claims to
    expect(ran).toBeGreaterThan(SEEDS / 2);
    expect([...kinds].sort()).toEqual([
      'allreduce',
      'alltoall',
      'barrier',
      'halo',
      'mpi-fwq',
      'pop',
      'sage',
      'wavefront',
    ]);
    expect(dists.size).toBe(6);
    expect(worst.ratio, `seed ${worst.seed}`).toBeLessThan(LIMIT_FACTOR / 4);
  });

  it('a halo whose CPU work is all sends and copies, on slow nodes under heavy noise, as if it were compute', () => {
    // g = 0 and 100 µs per message (8 messages an update on a 3 × 3 torus), every node 10×
    // slower, a 95 µs event every 100 µs on the one core: the same CPU work as g = 800 µs, and
    // the same bound (the sends and copies are stretched and slowed like a compute)
    const runs = [
      { granularityUs: 0, overheadUs: 100 },
      { granularityUs: 800, overheadUs: 0 },
    ].map((w) => {
      const s = scenario({
        nodes: 9,
        cores: 1,
        ranksPerNode: 1,
        noise: [
          source({
            id: 'heavy',
            periodUs: 100,
            phase: 'aligned',
            duration: { dist: 'fixed', valueUs: 95 },
            cpu: 0,
          }),
        ],
        workload: {
          kind: 'halo',
          granularityUs: w.granularityUs,
          dimensions: 2,
          periodic: true,
          latencyUs: 5,
          messageBytes: 0,
          usPerByte: 0,
          overheadUs: w.overheadUs,
          iterations: 400,
          warmup: 0,
        },
      });
      s.machine.slowNodes = { placement: { kind: 'all' }, computeFactor: 10 };
      const v = validateScenario(s);
      const run = createRun(v);
      run.step(v.workload.iterations);
      expect(run.done).toBe(true);
      return { bound: boundHorizonUs(v), time: run.timeUs };
    });
    expect(runs[0].bound).toBeCloseTo(runs[1].bound, 6);
    expect(runs[0].time).toBeLessThan(runs[0].bound);
  });
});

describe('a run that outgrows its estimate', () => {
  // A Pareto tail of shape 0.5 on every rank's core: the validator refuses it (no finite mean);
  // handed to the engine anyway (its 99.9th percentile, 1 ms every ms on two cores, stands in
  // for the mean, so the estimate is finite), its draws of hours would hold every node for days
  // of simulated time, and every other event in that wait would be applied one by one.
  const heavy = scenario({
    nodes: 64,
    cores: 2,
    g: 100,
    iterations: 2000,
    noise: [
      source({
        id: 'tail',
        periodUs: 1000,
        duration: { dist: 'pareto', scaleUs: 0.001, shape: 0.5 },
        cpu: 'any',
      }),
    ],
  });

  it('is refused by the validator', () => {
    expect(() => validateScenario(heavy)).toThrow(/shape: 0.5 gives events without a finite mean/);
  });

  for (const kind of ['barrier', 'sage'] as const) {
    it(`is stopped by the engine (${kind}) with a message saying why`, () => {
      const s =
        kind === 'barrier'
          ? heavy
          : {
              ...heavy,
              workload: {
                kind,
                cellsPerPE: 1,
                computeUsPerCycle: 400,
                allreducesPerCycle: 4,
                iterations: 2000,
                warmup: 0,
                hopUs: null,
              },
            };
      const run = createRun(s);
      let error: unknown = null;
      try {
        run.step(s.workload.iterations);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(RunLimitError);
      // one event longer than the run may last, or the run's time or events past their bound
      expect((error as Error).message).toMatch(
        new RegExp(
          `^The run was stopped(: one event of “tail” lasted .*, more than ${LIMIT_FACTOR} × the .* the whole run's means allow| in iteration [\\d,]+ of 2,000: it had (simulated .* of machine time|applied .* noise events), more than ${LIMIT_FACTOR} × )`,
        ),
      );
      expect(run.done).toBe(false);
    });
  }
});

describe('what the bound leaves alone', () => {
  it('a Pareto tail of shape 0.5 on a reserved core: allowed, it delays nobody, and the run ends', () => {
    const s = validateScenario(
      scenario({
        nodes: 64,
        cores: 4,
        ranksPerNode: 3,
        reservedCores: [0],
        g: 1000,
        iterations: 1000,
        noise: [
          source({
            id: 'os-tail',
            periodUs: 10_000,
            duration: { dist: 'pareto', scaleUs: 10, shape: 0.5 },
            cpu: 0,
          }),
        ],
      }),
    );
    const run = createRun(s);
    run.step(1000);
    expect(run.done).toBe(true);
    // nothing on the rank cores: every iteration is g
    expect(run.timeUs).toBeCloseTo(1000 * 1000, 6);
  });

  it('a tail without a finite variance: the estimate stands in for an infinite bound', () => {
    // lognormal σ = 27: mean median·e^{364.5} ≈ 3.4 µs, E[D²] = e^{2(ln median + 729)} = ∞
    const s = validateScenario(
      scenario({
        nodes: 8,
        g: 1000,
        iterations: 100,
        noise: [
          source({
            id: 'wide',
            periodUs: 10_000,
            duration: { dist: 'lognormal', medianUs: 1e-158, sigma: 27 },
          }),
        ],
      }),
    );
    expect(boundHorizonUs(s)).toBe(Infinity);
    const limit = new RunLimit(s);
    expect(Number.isFinite(limit.maxTimeUs)).toBe(true);
    expect(limit.maxTimeUs).toBeCloseTo(LIMIT_FACTOR * estimateHorizonUs(s) + 1e6, 0);
    expect(Number.isFinite(limit.maxEvents)).toBe(true);
  });
});
