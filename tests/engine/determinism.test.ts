// Reproducibility (model.md §7): the same scenario and seed give the same
// bits; node-visit strategies are an implementation detail that must not
// show; sweep points get child seeds that depend on nothing but themselves.
import { describe, expect, it } from 'vitest';
import { BarrierRun, type BarrierRunOptions } from '../../src/engine/barrier-run.ts';
import { resultOf } from '../../src/engine/result.ts';
import type { DenseLanes } from '../../src/engine/dense-loop.ts';
import { planSweep } from '../../src/engine/sweep.ts';
import { estimateNoiseEvents } from '../../src/scenario/cost.ts';
import { MAX_NOISE_EVENTS } from '../../src/scenario/limits.ts';
import { scenario, source } from '../helpers/scenario.ts';
import { referenceDurations } from './reference-model.ts';
import { rnShape as rn } from './rn-shape.ts';
import { randomScenario } from './random-scenario.ts';

const noisy = (seed: number) =>
  scenario({
    nodes: 300,
    cores: 4,
    clusterSize: 32,
    g: 800,
    iterations: 400,
    warmup: 20,
    seed,
    noise: [
      source({ id: 'hb', periodUs: 20_000, duration: { dist: 'fixed', valueUs: 640 } }),
      source({
        id: 'kern',
        periodUs: 3_000,
        arrival: 'poisson',
        duration: { dist: 'uniform', minUs: 0, maxUs: 300 },
      }),
      source({
        id: 'cm',
        periodUs: 50_000,
        duration: { dist: 'lognormal', medianUs: 2000, sigma: 0.5 },
        placement: { kind: 'clusterOffsets', offsets: [0] },
      }),
      source({ id: 'pin', periodUs: 7_000, cpu: 3, duration: { dist: 'exponential', meanUs: 80 } }),
    ],
  });

describe('seeded runs', () => {
  it('give bit-identical results for the same scenario and seed', () => {
    const a = new BarrierRun(noisy(7)).run();
    const b = new BarrierRun(noisy(7)).run();
    expect(Buffer.from(a.durations.buffer).equals(Buffer.from(b.durations.buffer))).toBe(true);
    expect(resultOf(a)).toEqual(resultOf(b));
  });

  it('give different results for another seed', () => {
    const a = new BarrierRun(noisy(7)).run();
    const b = new BarrierRun(noisy(8)).run();
    expect(Array.from(a.durations)).not.toEqual(Array.from(b.durations));
  });

  it('give the same bits whether nodes are swept or found through the heap, with or without per-core lanes', () => {
    const ref = new BarrierRun(noisy(3), { visit: 'every-node', lanes: false }).run();
    for (const options of [
      { visit: 'calendar' as const, lanes: false },
      { visit: 'every-node' as const, lanes: true },
      { visit: 'calendar' as const, lanes: true },
    ]) {
      const r = new BarrierRun(noisy(3), options).run();
      expect(Array.from(r.durations)).toEqual(Array.from(ref.durations));
      expect(Array.from(r.attribution.lostBySource)).toEqual(
        Array.from(ref.attribution.lostBySource),
      );
    }
  });

  it('give the same bits with pinned-only noise whether cores are merged or run as lanes', () => {
    for (const duration of [
      { dist: 'exponential' as const, meanUs: 25 },
      { dist: 'fixed' as const, valueUs: 40 },
    ]) {
      const pinned = scenario({
        nodes: 64,
        cores: 8,
        g: 1000,
        iterations: 300,
        noise: [0, 1, 2, 3, 4, 5, 6, 7].map((c) =>
          source({ id: `p${c}`, periodUs: 1000 + 37 * c, cpu: c, duration }),
        ),
      });
      // As is, every core has one periodic source (the tight dense loop);
      // then with a second source on core 7 (lanes visited one by one).
      for (const extra of [false, true]) {
        if (extra) {
          pinned.noise.push(
            source({ id: 'extra', periodUs: 3000, cpu: 7, arrival: 'poisson', duration }),
          );
        }
        const merged = new BarrierRun(pinned, { lanes: false }).run();
        const lanes = new BarrierRun(pinned, { lanes: true }).run();
        expect(lanes.noiseEvents).toBeGreaterThan(0);
        expect(Array.from(lanes.durations)).toEqual(Array.from(merged.durations));
        expect(Array.from(lanes.attribution.lostBySource)).toEqual(
          Array.from(merged.attribution.lostBySource),
        );
        expect(Array.from(lanes.attribution.lostByBin)).toEqual(
          Array.from(merged.attribution.lostByBin),
        );
        expect(Array.from(lanes.nodeDelays())).toEqual(Array.from(merged.nodeDelays()));
      }
    }
  });

  it('give the same bits when the run adapts its visit strategy as when it keeps one', () => {
    // Noise sparse enough to start with the calendar (0.03 events per node
    // per 1 ms iteration), but 20 ms events somewhere on the machine most of
    // the time stretch iterations until most nodes have work: the auto run
    // switches to the sweep (checked); the forced runs do not switch.
    const s = scenario({
      nodes: 512,
      cores: 4,
      g: 1000,
      iterations: 600,
      noise: [
        source({ id: 'hb', periodUs: 40_000, duration: { dist: 'fixed', valueUs: 640 } }),
        source({ id: 'long', periodUs: 5_000_000, duration: { dist: 'fixed', valueUs: 20_000 } }),
      ],
    });
    const auto = new BarrierRun(s).run();
    const sweep = new BarrierRun(s, { visit: 'every-node', exact: true }).run();
    const calendar = new BarrierRun(s, { visit: 'calendar' }).run();
    expect(auto.modeSwitches).toBeGreaterThan(0);
    expect(Array.from(auto.durations)).toEqual(Array.from(sweep.durations));
    expect(Array.from(auto.durations)).toEqual(Array.from(calendar.durations));
    expect(auto.noiseEvents).toBe(sweep.noiseEvents);
  });

  it('give the same bits when the dense loop and the calendar take turns', () => {
    // One periodic source pinned per core (the dense loop's case), quiet most
    // of the time, with 100 ms events that make every node busy for a while:
    // the run goes back and forth between the calendar and the dense loop,
    // handing the lanes' state over each time (checked against a run that
    // only ever merges events node by node).
    const s = scenario({
      nodes: 512,
      cores: 4,
      g: 1000,
      iterations: 3000,
      noise: [
        source({ id: 'a', periodUs: 400_000, cpu: 0, duration: { dist: 'fixed', valueUs: 640 } }),
        source({
          id: 'b',
          periodUs: 360_000,
          cpu: 1,
          duration: { dist: 'exponential', meanUs: 300 },
        }),
        source({ id: 'c', periodUs: 440_000, cpu: 2, duration: { dist: 'fixed', valueUs: 100 } }),
        source({
          id: 'long',
          periodUs: 30e6,
          cpu: 3,
          duration: { dist: 'fixed', valueUs: 100_000 },
        }),
      ],
    });
    const auto = new BarrierRun(s).run();
    const merged = new BarrierRun(s, { visit: 'calendar', lanes: false }).run();
    expect(auto.modeSwitches).toBeGreaterThan(4);
    expect(Array.from(auto.durations)).toEqual(Array.from(merged.durations));
    expect(Array.from(auto.attribution.lostBySource)).toEqual(
      Array.from(merged.attribution.lostBySource),
    );
    expect(Array.from(auto.nodeDelays())).toEqual(Array.from(merged.nodeDelays()));
  });

  it('keep one source’s events when another source is switched off', () => {
    // With 'pin' alone on core 3 of 1-rank-per-core nodes, its events are the
    // same whether or not the other sources exist: compare the FWQ-free way,
    // through the per-node delay of a pinned-only run versus a run where the
    // others are disabled (ids key the random streams, not positions).
    const only = noisy(5);
    only.noise = only.noise.map((s) => ({ ...s, enabled: s.id === 'pin' }));
    const reordered = noisy(5);
    reordered.noise = [...reordered.noise]
      .reverse()
      .map((s) => ({ ...s, enabled: s.id === 'pin' }));
    const a = new BarrierRun(only).run();
    const b = new BarrierRun(reordered).run();
    expect(Array.from(a.durations)).toEqual(Array.from(b.durations));
  });
});

describe('sweep points', () => {
  const base = noisy(11);
  base.workload.iterations = 60;
  base.workload.warmup = 0;

  it('get a child seed that does not depend on the other points or their order', () => {
    const one = planSweep(base, [{ path: 'job.nodes', values: [64, 128, 256] }]);
    const other = planSweep(base, [{ path: 'job.nodes', values: [256, 32] }]);
    const seedOf = (pts: typeof one, n: number) =>
      pts.find((p) => p.scenario.job.nodes === n)!.scenario.seed;
    expect(seedOf(one, 256)).toBe(seedOf(other, 256));
    expect(seedOf(one, 64)).not.toBe(seedOf(one, 128));
    const r1 = new BarrierRun(one.find((p) => p.scenario.job.nodes === 256)!.scenario).run();
    const r2 = new BarrierRun(other.find((p) => p.scenario.job.nodes === 256)!.scenario).run();
    expect(Array.from(r1.durations)).toEqual(Array.from(r2.durations));
  });

  it('are the cartesian product of the varied paths, the last varying fastest', () => {
    const pts = planSweep(base, [
      { path: 'job.ranksPerNode', values: [2, 4] },
      { path: 'noise.0.enabled', values: [true, false] },
    ]);
    expect(pts.map((p) => p.assignments.map((a) => a.value))).toEqual([
      [2, true],
      [2, false],
      [4, true],
      [4, false],
    ]);
    expect(pts[1].scenario.noise[0].enabled).toBe(false);
  });

  it('take a varied seed literally, for replicas', () => {
    const pts = planSweep(base, [{ path: 'seed', values: [1, 2] }]);
    expect(pts.map((p) => p.scenario.seed)).toEqual([1, 2]);
  });

  it('set a path together with another value by value (a zip, not a product)', () => {
    const pts = planSweep(base, [
      { path: 'seed', values: [5, 6, 7], together: [{ path: 'job.nodes', values: [8, 8, 16] }] },
      { path: 'noise.0.enabled', values: [true, false] },
    ]);
    expect(
      pts.map((p) => [p.scenario.seed, p.scenario.job.nodes, p.scenario.noise[0].enabled]),
    ).toEqual([
      [5, 8, true],
      [5, 8, false],
      [6, 8, true],
      [6, 8, false],
      [7, 16, true],
      [7, 16, false],
    ]);
    // without a varied seed, the together path enters the child seed like any assignment
    const child = planSweep(base, [
      {
        path: 'job.ranksPerNode',
        values: [2, 2],
        together: [{ path: 'job.nodes', values: [8, 16] }],
      },
    ]);
    expect(child[0].scenario.seed).not.toBe(child[1].scenario.seed);
    expect(() =>
      planSweep(base, [
        { path: 'seed', values: [1, 2], together: [{ path: 'job.nodes', values: [8] }] },
      ]),
    ).toThrow(/job\.nodes: 1 value\(s\) to set one each with the 2 of seed; allowed: exactly 2/);
  });

  it('that stop once precise take the most iterations the limits allow, not a refusal', () => {
    // 1,024 nodes under a 10 kHz tick: 10^6 iterations of g = 1 ms are at least 10^10 noise
    // events, five times the validator's bound
    const big = scenario({
      nodes: 1024,
      iterations: 1_000_000,
      warmup: 50,
      noise: [source({ id: 'tick', periodUs: 100, duration: { dist: 'fixed', valueUs: 2 } })],
    });
    const varies = [{ path: 'job.nodes', values: [1, 1024] }];
    expect(() => planSweep(big, varies)).toThrow(/noise events .*sweep point job\.nodes=1024/);
    const fitted = planSweep(big, varies, { fitToLimits: true });
    const [small, whole] = fitted.map((p) => p.scenario);
    // the small job fits as asked; the whole machine gets what the limits allow, warm-up kept
    expect(small.workload.iterations).toBe(1_000_000);
    expect(whole.workload.iterations).toBeLessThan(1_000_000);
    expect(whole.workload.iterations).toBeGreaterThan(10_000);
    expect(whole.workload.warmup).toBe(50);
    expect(estimateNoiseEvents(whole)).toBeLessThanOrEqual(MAX_NOISE_EVENTS);
    // the same point, the same seed: fitting changes its length only
    expect(whole.seed).toBe(
      planSweep(big, [{ path: 'job.nodes', values: [1024] }], {
        fitToLimits: true,
      })[0].scenario.seed,
    );
    // a point refused for anything else is still refused, and named
    expect(() =>
      planSweep(big, [{ path: 'workload.granularityUs', values: [1000, -1] }], {
        fitToLimits: true,
      }),
    ).toThrow(/workload\.granularityUs: -1 .*sweep point workload\.granularityUs=-1/);
    // and so is a length that is wrong in itself, not only too long for the limits: the
    // fitting never rewrites the iterations or warm-up a point asks for into valid ones
    for (const [path, value, said] of [
      ['workload.warmup', 2_000_000, /workload\.warmup: 2000000 /],
      ['workload.warmup', 1_000_000, /workload\.warmup: 1000000 /],
      ['workload.iterations', 5_000_000, /workload\.iterations: 5000000 /],
      ['workload.iterations', 999_999.5, /workload\.iterations: 999999\.5 /],
    ] as const) {
      expect(() =>
        planSweep(
          big,
          [
            { path, values: [value] },
            { path: 'job.nodes', values: [1024] },
          ],
          {
            fitToLimits: true,
          },
        ),
      ).toThrow(said);
    }
  });

  it('refuse an invalid point before anything runs, naming the point', () => {
    expect(() => planSweep(base, [{ path: 'job.ranksPerNode', values: [4, 5] }])).toThrow(
      /job\.ranksPerNode: 5 .*sweep point job\.ranksPerNode=5/,
    );
  });
});

describe('the dense loop with idle-core and cpu "any" noise (the Jaguar RN shape)', () => {
  // Core 0 reserved for the OS: a tick on every core, several sources on
  // core 0 (periodic and Poisson, long-tailed), and "any" sources that land
  // on core 0 when it is free and otherwise preempt a rank. The dense loop
  // runs the rank cores' ticks and hands a node to the general visit when an
  // "any" event falls in its visit — decided before its lanes run, or after,
  // by undoing them (both counted, and both must happen here).
  for (const waitMode of ['poll', 'block'] as const) {
    it(`gives the general path's bits, in ${waitMode} mode`, () => {
      for (const seed of [1, 2]) {
        const s = rn(waitMode, seed);
        const dense = new BarrierRun(s, { visit: 'every-node', exact: true }).run();
        const merged = new BarrierRun(s, { visit: 'every-node', lanes: false }).run();
        const calendar = new BarrierRun(s, { visit: 'calendar' }).run();
        const lanes = (dense as unknown as { dense: DenseLanes | null }).dense!;
        expect(lanes.generalVisits).toBeGreaterThan(lanes.undone);
        expect(lanes.undone).toBeGreaterThan(0);
        if (seed === 1) {
          // And a literal reading of model.md, on the first 250 iterations (it is slow).
          const short = { ...s, workload: { ...s.workload, iterations: 250 } };
          const ref = referenceDurations(short).slice(10); // after warm-up
          expect(Array.from(dense.durations.subarray(0, 240))).toEqual(ref);
        }
        for (const other of [merged, calendar]) {
          expect(Array.from(dense.durations)).toEqual(Array.from(other.durations));
          expect(Array.from(dense.attribution.lostBySource)).toEqual(
            Array.from(other.attribution.lostBySource),
          );
          expect(Array.from(dense.attribution.lostByBin)).toEqual(
            Array.from(other.attribution.lostByBin),
          );
          expect(Array.from(dense.nodeDelays())).toEqual(Array.from(other.nodeDelays()));
        }
        // The events the last iteration's visits count (those before each node's last arrival,
        // idle cores' included) are counted at the end as a visit node by node counts them.
        expect(dense.noiseEvents).toBe(merged.noiseEvents);
        expect(dense.noiseEvents).toBe(calendar.noiseEvents);
      }
    });
  }

  it('gives the general path’s bits when core 0’s ticks crowd it and queue behind each other', () => {
    // Core 0's two periodic sources long against their periods, so their ticks often queue
    // behind each other and behind core 0's other events, and "any" events often ask whether
    // core 0 is free: the ticks the dense loop counts without applying them (idle-leap.ts) must
    // leave every result as applying them does. With D = 140 + 90 µs not below the tick's
    // period (the second case), nothing is counted that way.
    for (const [tickUs, counted] of [
      [400, true],
      [200, false],
    ] as const) {
      for (const seed of [3, 4]) {
        const s = rn('poll', seed);
        s.workload.iterations = 300;
        s.noise = s.noise.map((src) =>
          src.id === 'tick0'
            ? { ...src, periodUs: tickUs, duration: { dist: 'uniform', minUs: 60, maxUs: 140 } }
            : src.id === 'tod'
              ? { ...src, periodUs: 500, duration: { dist: 'fixed', valueUs: 90 } }
              : src.id === 'tcp'
                ? { ...src, periodUs: 5000 }
                : src,
        );
        const dense = new BarrierRun(s, { visit: 'every-node', exact: true }).run();
        const merged = new BarrierRun(s, { visit: 'every-node', lanes: false }).run();
        const lanes = (dense as unknown as { dense: DenseLanes | null }).dense!;
        expect(lanes.generalVisits).toBeGreaterThan(0);
        if (counted) expect(lanes.leaptTicks).toBeGreaterThan(1000);
        else expect(lanes.leaptTicks).toBe(0);
        expect(resultOf(dense)).toEqual(resultOf(merged));
        expect(Array.from(dense.nodeDelays())).toEqual(Array.from(merged.nodeDelays()));
        expect(dense.noiseEvents).toBe(merged.noiseEvents);
      }
    }
  });

  it('gives the general path’s results when core 0’s sources start at the same instants', () => {
    // Core 0's periodic sources aligned on one phase: its tick and the time-of-day update start
    // at the same instants, so the order of the ties sets the queue's end.
    for (const waitMode of ['poll', 'block'] as const) {
      const s = rn(waitMode, 5);
      s.noise = s.noise.map((src) =>
        src.cpu === 0 && src.arrival === 'periodic'
          ? { ...src, phase: 'aligned' as const, phaseOffsetUs: 100 }
          : src,
      );
      const dense = new BarrierRun(s, { visit: 'every-node', exact: true }).run();
      const merged = new BarrierRun(s, { visit: 'every-node', lanes: false }).run();
      const lanes = (dense as unknown as { dense: DenseLanes | null }).dense!;
      expect(lanes.generalVisits).toBeGreaterThan(0);
      expect(resultOf(dense)).toEqual(resultOf(merged));
    }
  });
});

describe('the event count', () => {
  // Every path ends with the events that start before each node's last arrival in the last
  // iteration (NodeState.settle): a lane, the dense loop and a calendar leave some of them for a
  // next visit that never comes, and count them at the end as a visit node by node does.
  it('is the same whichever way nodes are visited (random scenarios, seeds 1–80)', () => {
    let barrier = 0;
    for (let seed = 1; seed <= 80; seed++) {
      const s = randomScenario(seed, 40, 60);
      if (s.workload.kind !== 'barrier') continue;
      barrier++;
      const count = (options: BarrierRunOptions) => new BarrierRun(s, options).run().noiseEvents;
      const merged = count({ visit: 'every-node', lanes: false });
      for (const options of [
        {},
        { visit: 'every-node' },
        { visit: 'calendar' },
        { visit: 'calendar', lanes: false },
      ] as BarrierRunOptions[]) {
        expect(count(options), `seed ${seed}, ${JSON.stringify(options)}`).toBe(merged);
      }
    }
    expect(barrier).toBeGreaterThan(40);
  });
});
