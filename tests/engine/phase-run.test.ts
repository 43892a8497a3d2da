// The phase run (docs/workloads.md). Its barrier phases must give model.md §4 exactly, so a
// barrier workload run through the event queue agrees with BarrierRun to the bit; its tree
// phases are checked against closed forms (hop latencies, detours) of their own.
import { describe, expect, it } from 'vitest';
import { BarrierRun } from '../../src/engine/barrier-run.ts';
import { buildLayout } from '../../src/engine/layout.ts';
import { NoiseTable } from '../../src/engine/noise-table.ts';
import { PhaseRun } from '../../src/engine/phase-run.ts';
import { Rng } from '../../src/engine/random.ts';
import { treeDepth } from '../../src/scenario/phases.ts';
import type { NoiseSource, Scenario } from '../../src/scenario/types.ts';
import { eventAt, scenario, source } from '../helpers/scenario.ts';
import { randomScenario } from './random-scenario.ts';
import { referenceTree } from './reference-tree.ts';
import { expectSameAsReference } from './same-as-reference.ts';

describe('a barrier workload in the phase run', () => {
  it('agrees with BarrierRun to the bit on 150 random small scenarios', () => {
    let events = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const s = randomScenario(seed);
      const expected = Array.from(new BarrierRun(s).run().durations);
      const run = new PhaseRun(s).run();
      events += run.noiseEvents;
      expect(Array.from(run.durations), `seed ${seed}`).toEqual(expected);
    }
    expect(events).toBeGreaterThan(10_000);
  });
});

/** A tree workload on the helper's machine: fanout k, hop h, compute g per iteration. */
function treeScenario(o: {
  nodes: number;
  cores?: number;
  ranksPerNode?: number;
  fanout?: number;
  hopUs?: number;
  g?: number;
  iterations?: number;
  warmup?: number;
  waitMode?: 'poll' | 'block';
  wakeupUs?: number;
  noise?: NoiseSource[];
}): Scenario {
  const base = scenario({
    nodes: o.nodes,
    cores: o.cores ?? 1,
    ranksPerNode: o.ranksPerNode ?? o.cores ?? 1,
    waitMode: o.waitMode,
    wakeupUs: o.wakeupUs,
    noise: o.noise ?? [],
  });
  return {
    ...base,
    machine: { ...base.machine, tree: { fanout: o.fanout ?? 2, hopUs: o.hopUs ?? 10 } },
    workload: {
      kind: 'allreduce',
      granularityUs: o.g ?? 1000,
      iterations: o.iterations ?? 5,
      warmup: o.warmup ?? 0,
      hopUs: null,
    },
  };
}

describe('the software tree with no noise', () => {
  it('has the depth of a k-ary heap', () => {
    expect([1, 2, 3, 4, 7, 8, 15, 16].map((R) => treeDepth(R, 2))).toEqual([
      0, 1, 1, 2, 2, 3, 3, 4,
    ]);
    expect([1, 2, 4, 5, 13, 14, 40, 41].map((R) => treeDepth(R, 3))).toEqual([
      0, 1, 1, 2, 2, 3, 3, 4,
    ]);
  });

  it('costs exactly its hop latencies: Δ = g + 2·D·h in every iteration', () => {
    for (const [nodes, P, k, h, g] of [
      [1, 1, 2, 10, 1000],
      [7, 1, 2, 10, 1000],
      [8, 1, 2, 3.5, 0],
      [13, 3, 3, 7, 250],
      [64, 4, 2, 5, 1000],
      [100, 2, 4, 12, 40],
    ]) {
      const s = treeScenario({ nodes, cores: P, fanout: k, hopUs: h, g, iterations: 6 });
      const run = new PhaseRun(s).run();
      const D = treeDepth(nodes * P, k);
      for (const d of run.durations) expect(d).toBeCloseTo(g + 2 * D * h, 9);
      expect(run.collectiveUs).toBe(2 * D * h);
      // Rank 0: D·h in the collective in iteration 0 (everyone starts together), 2·D·h after.
      expect(run.rootCollectiveUs[0]).toBeCloseTo(D * h, 9);
      for (const c of run.rootCollectiveUs.subarray(1)) expect(c).toBeCloseTo(2 * D * h, 9);
    }
  });

  it('runs a SAGE cycle of m allreduces in m·(g + 2·D·h)', () => {
    const base = treeScenario({ nodes: 16, cores: 2, hopUs: 4 });
    const s: Scenario = {
      ...base,
      workload: {
        kind: 'sage',
        cellsPerPE: 13500,
        computeUsPerCycle: 6000,
        allreducesPerCycle: 12,
        iterations: 3,
        warmup: 0,
        hopUs: null,
      },
    };
    const run = new PhaseRun(s).run();
    const D = treeDepth(32, 2);
    for (const d of run.durations) expect(d).toBeCloseTo(6000 + 12 * 2 * D * 4, 6);
  });
});

describe('noise in the software tree', () => {
  // 7 ranks, one per node, binary tree: 0 ← {1, 2}, 1 ← {3, 4}, 2 ← {5, 6}; D = 2.
  const h = 10;
  const g = 1000;
  const quiet = g + 4 * h;

  it('delays the root by the detour of a waiting interior rank (poll)', () => {
    // Rank 1 (node 1) arrives at g; its children's messages arrive at g + h. An event from
    // g + 5 to g + 5 + 300 freezes it: it forwards at g + 305 instead of g + h.
    const ev = eventAt('hit', g + 5, 300, 0, { placement: { kind: 'nodes', ids: [1] } });
    const run = new PhaseRun(treeScenario({ nodes: 7, hopUs: h, g, noise: [ev] })).run();
    const detour = g + 5 + 300 - (g + h);
    expect(run.durations[0]).toBeCloseTo(quiet + detour, 9);
    expect(run.durations[1]).toBeCloseTo(quiet, 9);
  });

  it('delays everything by d when it pauses a computing rank', () => {
    const ev = eventAt('hit', 400, 250, 0, { placement: { kind: 'nodes', ids: [5] } });
    const run = new PhaseRun(treeScenario({ nodes: 7, hopUs: h, g, noise: [ev] })).run();
    expect(run.durations[0]).toBeCloseTo(quiet + 250, 9);
  });

  it('does not delay a leaf-to-root path it misses: an event on a leaf after it sent', () => {
    // Leaf 6 sends at g; an event on it at g + 1 lasting 15 ends before the broadcast
    // reaches it (g + 4h): nothing moves.
    const ev = eventAt('hit', g + 1, 15, 0, { placement: { kind: 'nodes', ids: [6] } });
    const run = new PhaseRun(treeScenario({ nodes: 7, hopUs: h, g, noise: [ev] })).run();
    expect(run.durations[0]).toBeCloseTo(quiet, 9);
  });

  it('block mode: a woken rank takes a free core of its node, so the noise costs nothing', () => {
    // 2 nodes × 2 ranks on 3 cores (core 2 idle): ranks 0, 1 on node 0; 2, 3 on node 1;
    // binary tree 0 ← {1, 2}, 1 ← {3}. Rank 1 waits for rank 3, whose message arrives at
    // g + h; an event pinned to rank 1's core (core 1 of node 0) from g + 2 for 500 µs.
    const ev = eventAt('hit', g + 2, 500, 1, { placement: { kind: 'nodes', ids: [0] } });
    const opts = { nodes: 2, cores: 3, ranksPerNode: 2, hopUs: h, g, noise: [ev] };
    const D = 2;
    const poll = new PhaseRun(treeScenario({ ...opts, waitMode: 'poll' })).run();
    const block = new PhaseRun(treeScenario({ ...opts, waitMode: 'block' })).run();
    // Poll: rank 1 forwards at g + 502 instead of g + h.
    expect(poll.durations[0]).toBeCloseTo(g + 2 * D * h + (502 - h), 9);
    // Block: rank 1 is woken onto the idle core 2 both ways, so no release is late.
    expect(block.durations[0]).toBeCloseTo(g + 2 * D * h, 9);
    // Released while the noise still runs on core 1, rank 1 computes on the idle core 2
    // (block mode moves it, docs/workloads.md §2): iteration 1 is on time too.
    expect(block.durations[1]).toBeCloseTo(g + 2 * D * h, 9);
  });

  it('block mode: the core of a computing rank is not free', () => {
    // As above on 2 cores: the up-forward uses core 0 (rank 0 waits), but when the broadcast
    // comes back rank 0 has been released and computes, so rank 1 waits for its own core.
    const ev = eventAt('hit', g + 2, 500, 1, { placement: { kind: 'nodes', ids: [0] } });
    const opts = { nodes: 2, cores: 2, hopUs: h, g, noise: [ev], waitMode: 'block' as const };
    const run = new PhaseRun(treeScenario(opts)).run();
    // Rank 1 takes the broadcast at g + 502; its child, rank 3, at g + 502 + h.
    expect(run.durations[0]).toBeCloseTo(g + 502 + h, 9);
  });

  it('block mode pays the wake-up at every hop a blocked rank takes', () => {
    const w = 3;
    const run = new PhaseRun(
      treeScenario({ nodes: 7, hopUs: h, g, waitMode: 'block', wakeupUs: w, iterations: 3 }),
    ).run();
    // Up: leaves send at g (on CPU); ranks 1, 2 and 0 each woken: +w per level. Down: every
    // taker is woken: +w per level.
    expect(run.durations[1]).toBeCloseTo(g + 4 * h + 4 * w, 9);
  });

  it('with a spare core, poll-mode noise with cpu "any" is absorbed', () => {
    const src = source({ id: 'daemon', periodUs: 2000, duration: { dist: 'fixed', valueUs: 300 } });
    const run = new PhaseRun(
      treeScenario({ nodes: 16, cores: 2, ranksPerNode: 1, hopUs: h, g, noise: [src] }),
    ).run();
    for (const d of run.durations) expect(d).toBeCloseTo(g + 2 * treeDepth(16, 2) * h, 9);
  });
});

/** A random small scenario with a random tree workload (and a random tree). */
function randomTreeScenario(seed: number): Scenario {
  const base = randomScenario(seed, 24, 12);
  const r = new Rng(seed ^ 0x5eed);
  const pick = <T>(xs: T[]): T => xs[r.below(xs.length)];
  const g = pick([0, 100, 1000]);
  const hopUs = pick([0, 2, 15]);
  const workloads: Scenario['workload'][] = [
    { kind: 'allreduce', granularityUs: g, iterations: 12, warmup: 1, hopUs: null },
    { kind: 'mpi-fwq', workUs: 300, iterations: 12, warmup: 0, hopUs: pick([null, 40]) },
    {
      kind: 'sage',
      cellsPerPE: 13500,
      computeUsPerCycle: 3000,
      allreducesPerCycle: 4,
      iterations: 4,
      warmup: 1,
      hopUs: null,
    },
    {
      kind: 'pop',
      baroclinicUs: 20_000,
      barotropicIterations: 3,
      barotropicUs: 2000,
      barotropicSerialUs: 100,
      iterations: 4,
      warmup: 0,
      hopUs: null,
    },
  ];
  return {
    ...base,
    machine: { ...base.machine, tree: { fanout: 2 + r.below(3), hopUs } },
    workload: pick(workloads),
  };
}

describe('the phase run and a naive reading of docs/workloads.md', () => {
  it('agree to the bit on 150 random tree workloads', () => {
    let events = 0;
    let late = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const s = randomTreeScenario(seed);
      const ref = referenceTree(s);
      const run = new PhaseRun(s).run();
      events += run.noiseEvents;
      const why = `seed ${seed} ${s.workload.kind} ${s.job.waitMode}`;
      expect(Array.from(run.durations), why).toEqual(ref.durations);
      expect(Array.from(run.rootCollectiveUs), why).toEqual(ref.rootCollective);
      const model = run.granularityUs + run.collectiveUs;
      late += run.durations.filter((d) => d > model + 1e-6).length;
    }
    expect(events).toBeGreaterThan(5_000); // the cases are noisy…
    expect(late).toBeGreaterThan(300); // …and the noise shows
  });
});

describe('stepping a phase run', () => {
  it('gives the same numbers in slices of wall time as in one go', () => {
    const noise = [source({ id: 'tick', periodUs: 900, arrival: 'poisson' })];
    const s = treeScenario({ nodes: 64, cores: 2, iterations: 300, noise });
    const whole = new PhaseRun(s).run();
    const sliced = new PhaseRun(s);
    let clock = 0;
    // A fake clock that advances 1 ms per read: every slice of 3 ms stops after a few reads.
    const now = () => clock++;
    let slices = 0;
    while (!sliced.done) {
      sliced.stepFor(3, now);
      slices++;
    }
    expect(slices).toBeGreaterThan(1);
    expect(Array.from(sliced.durations)).toEqual(Array.from(whole.durations));
  });
});

/** How many of `s`'s events start before `end` (µs): a fresh noise table's, never advanced. */
function eventsBefore(s: Scenario, end: number): number {
  const table = new NoiseTable(s, buildLayout(s));
  let before = 0;
  for (let x = 0; x + 1 < table.rowStart.length; x++)
    for (let e = table.rowStart[x]; e < table.rowStart[x + 1]; e++)
      before += table.countBefore(e, x, end);
  return before;
}

describe('events on cores without a rank (poll mode)', () => {
  // MPI-FWQ's shape (-N 6 -cc 2-7 on Jaguar XT5): cores 0 and 1 hold no rank but carry their own
  // tick and a long service; cpu "any" events often find them free. The engine applies their
  // events out of its queue, just before a cpu "any" event of their node and before a step
  // returns; the iteration times must not change, nor the count of applied events.
  const ticks = [0, 1, 2, 3].map((c) =>
    source({
      id: `tick${c}`,
      periodUs: 400,
      duration: { dist: 'uniform', minUs: 2, maxUs: 40 },
      cpu: c,
    }),
  );
  const noise = [
    ...ticks,
    source({
      id: 'service0',
      periodUs: 3000,
      arrival: 'poisson',
      duration: { dist: 'lognormal', medianUs: 200, sigma: 0.8 },
      cpu: 0,
    }),
    source({ id: 'tod', periodUs: 300, duration: { dist: 'fixed', valueUs: 30 } }),
    source({
      id: 'packets',
      periodUs: 700,
      arrival: 'poisson',
      duration: { dist: 'exponential', meanUs: 60 },
    }),
  ];
  const fwq = (seed: number): Scenario =>
    scenario({
      nodes: 12,
      cores: 4,
      ranksPerNode: 2,
      reservedCores: [0, 1],
      seed,
      workload: { kind: 'mpi-fwq', workUs: 300, iterations: 60, warmup: 2, hopUs: 15 },
      noise,
    });

  it('gives the naive reading to the bit', () => {
    for (let seed = 1; seed <= 20; seed++) expectSameAsReference(fwq(seed));
  });

  // every rank's actions skip the queue here (a quiet node's), and every event is an idle one
  const wave = (seed: number): Scenario =>
    scenario({
      nodes: 9,
      cores: 2,
      ranksPerNode: 1,
      seed,
      workload: {
        kind: 'wavefront',
        granularityUs: 50,
        stages: 1,
        latencyUs: 5,
        messageBytes: 0,
        usPerByte: 0.001,
        iterations: 40,
        warmup: 1,
      },
      noise: [source({ id: 'os', periodUs: 50, arrival: 'poisson', cpu: 1 })],
    });

  // a halo exchange along a line of nodes, one rank each, a tick on each rank's core: ranks
  // released early go on into the next iteration before the step's last action
  const line = (seed: number): Scenario =>
    scenario({
      nodes: 6,
      cores: 1,
      seed,
      noise: [
        source({
          id: 'tick',
          periodUs: 300,
          duration: { dist: 'uniform', minUs: 5, maxUs: 15 },
          cpu: 0,
        }),
      ],
      workload: {
        kind: 'halo',
        granularityUs: 50,
        dimensions: 1,
        periodic: false,
        latencyUs: 20,
        messageBytes: 0,
        usPerByte: 0,
        iterations: 30,
        warmup: 0,
      },
    });

  /**
   * Every number a run exposes about the iterations it has completed after a step, as plain
   * arrays; the sums over ranks apart. A step ends with the action that completes its last
   * iteration; how far ranks have gone into the next one by then depends on the order of
   * actions, which differs between the two runs (a rank core's events no longer stop its rank's
   * actions from skipping the queue): releases of later iterations and the running collective
   * times per rank are compared at the end of the run. For the same reason ranks complete an
   * iteration in another order, and a sum over them is added in that order: equal to a few ulps.
   * The time of the queue's last action is not compared: the two queues hold different actions.
   */
  const state = (run: PhaseRun) => ({
    iteration: run.iteration,
    durations: Array.from(run.durations),
    rootCollectiveUs: Array.from(run.rootCollectiveUs),
    releases: Array.from(run.releases!.subarray(0, run.iteration * run.ranks)),
  });
  const sumsAgree = (a: Float64Array, b: Float64Array, why: string) => {
    expect(a.length, why).toBe(b.length);
    for (let k = 0; k < a.length; k++) {
      expect(Math.abs(a[k] - b[k]), `${why} sum ${k}`).toBeLessThanOrEqual(1e-12 * Math.abs(b[k]));
    }
  };

  it('gives what queueing them gives after every step: times to the bit, sums to a few ulps', () => {
    const cases = [1, 2, 3, 4, 5].flatMap((seed) => [fwq(seed), wave(seed), line(seed)]);
    for (let seed = 1; seed <= 150; seed++) cases.push(randomTreeScenario(seed));
    let events = 0;
    for (const s of cases) {
      const why = `${s.workload.kind} seed ${s.seed} ${s.job.waitMode}`;
      const lazy = new PhaseRun(s, { recordReleases: true });
      const queued = new PhaseRun(s, { recordReleases: true, queueIdle: true });
      for (let step = 1; !queued.done; step++) {
        queued.step(1);
        lazy.step(1);
        expect(state(lazy), `${why} step ${step}`).toEqual(state(queued));
        const done = queued.measured; // the measured iterations completed
        sumsAgree(
          lazy.iterCollectiveSum.subarray(0, done),
          queued.iterCollectiveSum.subarray(0, done),
          `${why} step ${step}`,
        );
      }
      expect(Array.from(lazy.collectiveByRank), why).toEqual(Array.from(queued.collectiveByRank));
      sumsAgree(lazy.iterCollectiveSum, queued.iterCollectiveSum, why);
      expect(Array.from(lazy.releases!), why).toEqual(Array.from(queued.releases!));
      // Events kept out of the queue are counted as far as the run has surely gone, queued ones
      // to the queue's last action: after a step either count may lead; at the end, no event
      // the queue applied is missing.
      expect(lazy.noiseEvents, why).toBeGreaterThanOrEqual(queued.noiseEvents);
      events += lazy.noiseEvents;
    }
    expect(events).toBeGreaterThan(20_000);
  });

  it('counts every event before the end of the run, queued or not', () => {
    // MPI-FWQ's shape: rank cores' and idle cores' events out of the queue, cpu "any" ones in
    // it; at the end of the run every event that started before the last release counts, in
    // either mode, as on a machine of one rank per node whose last actions skip the queue.
    const one = (seed: number): Scenario =>
      scenario({
        nodes: 2,
        cores: 1,
        seed,
        noise: [
          source({ id: 'tick', periodUs: 100, duration: { dist: 'fixed', valueUs: 5 }, cpu: 0 }),
          source({ id: 'any', periodUs: 100, duration: { dist: 'fixed', valueUs: 5 } }),
        ],
        workload: { kind: 'allreduce', granularityUs: 100, iterations: 2, warmup: 0, hopUs: 10 },
      });
    const cases = [1, 2, 3, 4, 5].flatMap((seed) => [fwq(seed), one(seed)]);
    for (const s of cases) {
      for (const queueIdle of [false, true]) {
        const run = new PhaseRun(s, { recordReleases: true, queueIdle }).run();
        const why = `${s.workload.kind} seed ${s.seed} queueIdle ${queueIdle}`;
        expect(run.noiseEvents, why).toBe(eventsBefore(s, Math.max(...run.releases!)));
      }
    }
  });

  it('gives way within an action when a core’s events have piled up, and ends the same', () => {
    // One 3 s event on a rank core (a Pareto tail's kind), behind which a 2 µs tick every 10 µs
    // piles up: 300,000 events the rank's next action would apply at once. Sliced by a fake
    // clock of 1 ms a read, no slice applies much more than one action's room, and the times
    // are those of the run in one go.
    const s: Scenario = scenario({
      nodes: 4,
      cores: 1,
      seed: 3,
      noise: [
        source({ id: 'tick', periodUs: 10, duration: { dist: 'fixed', valueUs: 2 }, cpu: 0 }),
        eventAt('long', 500, 3e6, 0, { placement: { kind: 'nodes', ids: [1] } }),
      ],
      workload: { kind: 'allreduce', granularityUs: 1000, iterations: 8, warmup: 0, hopUs: 10 },
    });
    const whole = new PhaseRun(s).run();
    const sliced = new PhaseRun(s);
    let clock = 0;
    let reads = 0;
    const now = () => {
      reads++;
      return clock++;
    };
    let most = 0;
    while (!sliced.done) {
      const before = sliced.noiseEvents;
      sliced.stepFor(1, now);
      most = Math.max(most, sliced.noiseEvents - before);
    }
    expect(Array.from(sliced.durations)).toEqual(Array.from(whole.durations));
    expect(whole.noiseEvents).toBeGreaterThan(4 * (1 << 16)); // a backlog of several actions' room
    // no slice between two clock reads applied more than a few actions' worth
    expect(most).toBeLessThanOrEqual(3 * (1 << 16));
    expect(reads).toBeGreaterThan(4);
  });

  it('counts every event before the end of the run, when every event is an idle one', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const s = wave(seed);
      const run = new PhaseRun(s, { recordReleases: true }).run();
      const end = Math.max(...run.releases!);
      expect(end).toBeGreaterThan(40 * 50);
      expect(run.noiseEvents).toBe(eventsBefore(s, end));
    }
  });
});
