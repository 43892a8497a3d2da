// The barrier loop against results that follow from model.md by hand:
// exact limits and closed forms, not the engine's own earlier output.
import { describe, expect, it } from 'vitest';
import { BarrierRun } from '../../src/engine/barrier-run.ts';
import { summarize } from '../../src/engine/summary.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { eventAt, scenario, source } from '../helpers/scenario.ts';

const run = (s: Scenario) => new BarrierRun(s).run();

describe('one rank under periodic noise of duration d every T', () => {
  // Every event pauses the only rank, which is always computing (L = 0), so
  // in the long run a fraction d/T of the time is stolen: mean Δ = g·T/(T − d).
  const g = 1000;
  const T = 10_000;
  const d = 100;
  const exact = (g * T) / (T - d);

  it('has mean iteration g·T/(T − d), to within the one partial period at the end', () => {
    const iterations = 100_000;
    const r = run(
      scenario({
        g,
        iterations,
        noise: [source({ periodUs: T, duration: { dist: 'fixed', valueUs: d } })],
      }),
    );
    // The run covers ~1e8 µs = 1e4 periods; the boundary costs at most one
    // event, d/(iterations) = 1e-3 µs on the mean.
    expect(summarize(r).meanIterationUs).toBeCloseTo(exact, 2);
  });

  it('has the same mean with Poisson arrival, within five standard errors', () => {
    const iterations = 100_000;
    const r = run(
      scenario({
        g,
        iterations,
        noise: [
          source({ periodUs: T, arrival: 'poisson', duration: { dist: 'fixed', valueUs: d } }),
        ],
      }),
    );
    // Events in the run ~ Poisson(total/T ≈ 1.01e4): the stolen time d·N has
    // sd d·√N ≈ 1e4 µs over 1e5 iterations → sd of the mean ≈ 0.1 µs.
    const se = (d * Math.sqrt((iterations * exact) / T)) / iterations;
    expect(Math.abs(summarize(r).meanIterationUs - exact)).toBeLessThan(5 * se);
  });
});

describe('the residual rule and the noise queue', () => {
  it('starts a rank frozen past the release at the end of the freeze', () => {
    // g = 100, L = 50: iteration 0 ends at 150. An event at s = 120 (the rank
    // arrived at 100 and waits) lasting 100 freezes it until 220, so
    // iteration 1 runs 220 → 320 + 50 = 370: Δ1 = 370 − 150 = 220.
    const s = scenario({
      g: 100,
      iterations: 3,
      collective: { kind: 'hardware', baseUs: 50, perLevelUs: 0 },
      noise: [
        source({
          periodUs: 1e9,
          phase: 'aligned',
          phaseOffsetUs: 120,
          duration: { dist: 'fixed', valueUs: 100 },
        }),
      ],
    });
    const r = run(s);
    expect(Array.from(r.durations)).toEqual([150, 220, 150]);
  });

  it('runs two events that start together on one core one after the other (FIFO)', () => {
    // Both start at 10 on core 0: the first runs [10, 15), the second waits
    // and runs [15, 22): the rank loses 5 + 7 µs.
    const r = run(
      scenario({ g: 100, iterations: 1, noise: [eventAt('a', 10, 5), eventAt('b', 10, 7)] }),
    );
    expect(r.durations[0]).toBe(112);
  });

  it('puts an event that finds every rank core busy on the core whose queue ends first', () => {
    // Two cores, two ranks. At 10: a (d 50) on core 0 and b (d 20) on core 1,
    // both pinned. At 12, c (cpu any) finds both running noise: it queues on
    // core 1, whose queue ends at 30, and runs [30, 60). Rank 1 loses 20 + 30 = 50,
    // rank 0 loses 50: Δ = 100 + 50.
    const r = run(
      scenario({
        cores: 2,
        g: 100,
        iterations: 1,
        noise: [eventAt('a', 10, 50, 0), eventAt('b', 10, 20, 1), eventAt('c', 12, 30, 'any')],
      }),
    );
    expect(r.durations[0]).toBe(150);
  });
});

describe('idle cores absorb noise', () => {
  const hb = source({ periodUs: 10_000, duration: { dist: 'fixed', valueUs: 500 } });

  it('absorbs a single source entirely when a core has no rank', () => {
    const r = run(
      scenario({ nodes: 64, cores: 4, ranksPerNode: 3, g: 1000, iterations: 2000, noise: [hb] }),
    );
    expect(r.noiseEvents).toBeGreaterThan(1000);
    expect(summarize(r).maxLatencyUs).toBe(0);
  });

  it('absorbs noise pinned to a reserved core entirely', () => {
    const pinned = { ...hb, cpu: 0 };
    const r = run(
      scenario({
        nodes: 64,
        cores: 4,
        ranksPerNode: 3,
        reservedCores: [0],
        g: 1000,
        iterations: 2000,
        noise: [pinned],
      }),
    );
    expect(r.noiseEvents).toBeGreaterThan(1000);
    expect(summarize(r).maxLatencyUs).toBe(0);
  });

  it('does not absorb it when every core runs a rank', () => {
    const r = run(
      scenario({ nodes: 64, cores: 4, ranksPerNode: 4, g: 1000, iterations: 2000, noise: [hb] }),
    );
    // 64 nodes each hit every 10 ms, iterations ~1 ms: most iterations see an event.
    expect(summarize(r).meanLatencyUs).toBeGreaterThan(250);
  });
});

describe('co-scheduled (aligned) noise', () => {
  it('costs the same at any node count as on one node', () => {
    const aligned = source({
      periodUs: 7_000,
      phase: 'aligned',
      phaseOffsetUs: 300,
      duration: { dist: 'fixed', valueUs: 400 },
    });
    const latency = (nodes: number) =>
      summarize(run(scenario({ nodes, cores: 2, g: 1000, iterations: 3000, noise: [aligned] })))
        .meanLatencyUs;
    const one = latency(1);
    expect(one).toBeGreaterThan(0);
    // Every node sees the same events at the same times: the slowest node is
    // any node, so the max over nodes is the one-node value, exactly.
    expect(latency(1024)).toBe(one);
    expect(latency(4096)).toBe(one);
  });
});

describe('the thought experiment of the ASCI Q paper (Section 3.3)', () => {
  it('makes the run about 100 times slower when one rank of 4,096 is delayed 100 ms every 1 ms iteration', () => {
    // Node 0 suffers a 100 ms event at the start of every iteration (period =
    // g + d), the other 4,095 none: each iteration lasts 101 ms instead of 1.
    const r = run(
      scenario({
        nodes: 4096,
        g: 1000,
        iterations: 200,
        noise: [
          source({
            periodUs: 101_000,
            phase: 'aligned',
            duration: { dist: 'fixed', valueUs: 100_000 },
            placement: { kind: 'nodes', ids: [0] },
          }),
        ],
      }),
    );
    expect(summarize(r).slowdown).toBeCloseTo(101, 9);
  });
});

describe('block waiting', () => {
  it('adds the wake-up to every iteration after the first', () => {
    const r = run(
      scenario({
        nodes: 8,
        g: 1000,
        iterations: 5,
        waitMode: 'block',
        wakeupUs: 30,
        collective: { kind: 'hardware', baseUs: 5, perLevelUs: 1 },
      }),
    );
    // L = 5 + 1·⌈log2 8⌉ = 8; iteration 0 has no wake-up.
    expect(Array.from(r.durations)).toEqual([1008, 1038, 1038, 1038, 1038]);
  });

  it('lets noise land on the core of a rank that waits instead of preempting one that computes', () => {
    // Two ranks per node. A pinned event [0, 300) on core 0 makes rank 0
    // arrive at 400; rank 1 arrives at 100 and waits. At 350 an "any" event
    // (d 10) comes. Block mode: rank 1's core is free, the event goes there
    // and rank 0 is untouched, so Δ0 = 400. Poll mode: it preempts one of the
    // two ranks at random; over 512 nodes some node picks rank 0: Δ0 = 410.
    const noise = [eventAt('pin', 0, 300, 0), eventAt('any', 350, 10, 'any')];
    const block = run(
      scenario({ nodes: 512, cores: 2, g: 100, iterations: 1, waitMode: 'block', noise }),
    );
    const poll = run(
      scenario({ nodes: 512, cores: 2, g: 100, iterations: 1, waitMode: 'poll', noise }),
    );
    expect(block.durations[0]).toBe(400);
    expect(poll.durations[0]).toBe(410);
  });
});

describe('collective latency', () => {
  it('uses ⌈log2 n⌉ levels for a hardware barrier and ⌈log2 n·P⌉ for a software one', () => {
    const hw = new BarrierRun(
      scenario({
        nodes: 1000,
        cores: 4,
        iterations: 1,
        collective: { kind: 'hardware', baseUs: 4, perLevelUs: 0.5 },
      }),
    );
    const sw = new BarrierRun(
      scenario({
        nodes: 1000,
        cores: 4,
        iterations: 1,
        collective: { kind: 'software', baseUs: 4, perLevelUs: 0.5 },
      }),
    );
    expect(hw.collectiveUs).toBe(4 + 0.5 * 10); // 2^10 = 1024 ≥ 1000
    expect(sw.collectiveUs).toBe(4 + 0.5 * 12); // 4000 → 12 levels
  });
});

describe('stepping', () => {
  it('gives the same run in batches, under a time budget, or in one go', () => {
    const s = scenario({
      nodes: 64,
      cores: 2,
      iterations: 500,
      noise: [source({ periodUs: 5000, duration: { dist: 'exponential', meanUs: 80 } })],
    });
    const whole = new BarrierRun(s).run();
    const batched = new BarrierRun(s);
    while (!batched.done) batched.step(7);
    // A fake clock that advances 1 ms per reading: each stepFor call runs
    // its first batch (one iteration) and stops, as a worker's budget would.
    let clock = 0;
    const budgeted = new BarrierRun(s);
    let calls = 0;
    while (!budgeted.done) {
      budgeted.stepFor(0.5, () => (clock += 1), 16);
      calls++;
    }
    expect(calls).toBe(500);
    // A clock that stands still: one call runs to the end in batches 1, 2, 4, 8, 16, 16, …
    const still = new BarrierRun(s);
    let readings = 0;
    expect(still.stepFor(0.5, () => (readings++, 0), 16)).toBe(500);
    expect(readings).toBe(1 + 4 + Math.ceil((500 - 15) / 16));
    expect(Array.from(batched.durations)).toEqual(Array.from(whole.durations));
    expect(Array.from(budgeted.durations)).toEqual(Array.from(whole.durations));
    expect(Array.from(still.durations)).toEqual(Array.from(whole.durations));
  });
});
