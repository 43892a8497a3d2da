// The worker's message handler, driven as the page drives it: a run streams
// progress and ends with the engine's own result; the latest request wins.
// The clock and the yield are injected, so no test waits on a timer.
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { planSweep, runScenario } from '../../src/engine/index.ts';
import type { PageMessage, WorkerMessage } from '../../src/protocol.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { POINT_BLOCK, pointTargetUs, reachedPrecision } from '../../src/engine/point-length.ts';
import { createEngineHandler, type LoopOptions } from '../../workers/engine-handler.ts';
import { scenario, source } from '../helpers/scenario.ts';

const noisy: Scenario = scenario({
  nodes: 64,
  cores: 2,
  g: 500,
  iterations: 200,
  warmup: 10,
  seed: 7,
  noise: [source({ id: 'hb', periodUs: 5_000, duration: { dist: 'fixed', valueUs: 200 } })],
});

/** A clock that moves 10 ms each time it is read: a 30 ms slice is a few batches. */
function steppingClock(): () => number {
  let t = 0;
  return () => (t += 10);
}

/** The loop's options in these tests: small batches and slices, on a clock that steps. */
const testLoop = () => ({ batch: 10, sliceMs: 30, progressMs: 0, now: steppingClock() });

/**
 * Sends `requests` to a handler, and `onPause` may send more at each yield (as
 * messages queued meanwhile would arrive); returns every message posted once
 * all the runs started are over.
 */
async function drive(
  requests: PageMessage[],
  options: LoopOptions & { onPause?: (send: (m: PageMessage) => void) => void } = {},
): Promise<WorkerMessage[]> {
  const got: WorkerMessage[] = [];
  const runs: Promise<void>[] = [];
  const send = (data: PageMessage) => runs.push(handler({ data }));
  const handler = createEngineHandler((m) => got.push(m), {
    ...testLoop(),
    ...options,
    pause: async () => options.onPause?.(send),
  });
  for (const data of requests) send(data);
  // Runs started while awaiting are awaited in the next round.
  for (let settled = 0; settled < runs.length;) {
    const upTo = runs.length;
    await Promise.all(runs.slice(settled, upTo));
    settled = upTo;
  }
  return got;
}

describe('engine handler', () => {
  it('streams progress for a run, then a result equal to running it to the end', async () => {
    const got = await drive([{ type: 'run', runId: 1, scenario: noisy }]);
    const last = got.at(-1);
    expect(last?.type).toBe('done');
    if (last?.type !== 'done') return;
    expect(last.runId).toBe(1);
    expect(last.result).toEqual(runScenario(noisy));
    expect(last.wallMs).toBeGreaterThan(0);
    const progress = got.slice(0, -1);
    expect(progress.length).toBeGreaterThan(1);
    let previous = 0;
    for (const m of progress) {
      expect(m.type).toBe('progress');
      if (m.type !== 'progress') continue;
      expect(m.total).toBe(200);
      expect(m.iteration).toBeGreaterThan(previous);
      expect(m.partial.engine.iterationsRun).toBe(m.iteration);
      previous = m.iteration;
    }
  });

  it('runs a tree workload too, in slices, with the same result as running it to the end', async () => {
    const sage: Scenario = {
      ...noisy,
      workload: {
        kind: 'sage',
        cellsPerPE: 13_500,
        computeUsPerCycle: 20_000,
        allreducesPerCycle: 40,
        iterations: 30,
        warmup: 2,
        hopUs: null,
      },
    };
    const got = await drive([{ type: 'run', runId: 3, scenario: sage }]);
    const last = got.at(-1);
    expect(last?.type).toBe('done');
    if (last?.type !== 'done') return;
    expect(last.result).toEqual(runScenario(sage));
    expect(last.result.tree?.workload).toBe('sage');
    expect(got.filter((m) => m.type === 'progress').length).toBeGreaterThan(1);
  });

  it('reports progress no more often than progressMs', async () => {
    const often = await drive([{ type: 'run', runId: 1, scenario: noisy }], { progressMs: 0 });
    const rarely = await drive([{ type: 'run', runId: 1, scenario: noisy }], { progressMs: 100 });
    expect(rarely.length).toBeGreaterThan(1);
    expect(rarely.length).toBeLessThan(often.length);
  });

  it('a cancel stops the run at the next batch boundary and only its acknowledgement follows', async () => {
    const got = await drive([{ type: 'run', runId: 1, scenario: noisy }], {
      onPause: (send) => send({ type: 'cancel', runId: 1 }),
    });
    expect(got.map((m) => m.type)).toEqual(['progress', 'cancelled']);
  });

  it('a cancel for an older run id leaves the current run alone', async () => {
    const got = await drive([
      { type: 'run', runId: 2, scenario: noisy },
      { type: 'cancel', runId: 1 },
    ]);
    expect(got.at(-1)?.type).toBe('done');
  });

  it('a newer run wins: the older one posts nothing once the newer arrives', async () => {
    const short = scenario({ nodes: 4, iterations: 30 });
    let sent = false;
    const got = await drive([{ type: 'run', runId: 1, scenario: noisy }], {
      onPause: (send) => {
        if (sent) return;
        sent = true;
        send({ type: 'run', runId: 2, scenario: short });
      },
    });
    const firstOfTwo = got.findIndex((m) => m.runId === 2);
    expect(firstOfTwo).toBeGreaterThan(0);
    expect(got.slice(firstOfTwo).every((m) => m.runId === 2)).toBe(true);
    expect(got.at(-1)).toMatchObject({ type: 'done', runId: 2, result: runScenario(short) });
  });

  it('an engine exception becomes an error message for that run', async () => {
    const broken = { ...noisy, job: undefined } as unknown as Scenario;
    const got = await drive([{ type: 'run', runId: 3, scenario: broken }]);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ type: 'error', runId: 3 });
    if (got[0].type === 'error') expect(got[0].message).not.toBe('');
  });

  it('works over a MessageChannel with the default clock and yield', async () => {
    const { port1, port2 } = new MessageChannel();
    const worker: MessagePort = port1;
    const handler = createEngineHandler((m) => worker.postMessage(m));
    worker.on('message', (data: PageMessage) => handler({ data }));
    const done = new Promise<WorkerMessage>((resolve) => {
      port2.on('message', (m: WorkerMessage) => {
        if (m.type !== 'progress') resolve(m);
      });
    });
    port2.postMessage({ type: 'run', runId: 5, scenario: noisy } satisfies PageMessage);
    const last = await done;
    port1.close();
    expect(last).toMatchObject({ type: 'done', runId: 5 });
    if (last.type === 'done') expect(last.result).toEqual(runScenario(noisy));
  });
});

describe('engine handler, sweeps', () => {
  const varies = [
    { path: 'job.nodes', values: [4, 16, 64] },
    { path: 'workload.granularityUs', values: [0, 1000] },
  ];

  it('streams one point per sweep point, in order, each equal to running that point alone', async () => {
    const got = await drive([{ type: 'sweep', runId: 5, base: noisy, varies }]);
    const points = planSweep(noisy, varies);
    const messages = got.filter((m) => m.type === 'point');
    expect(messages.map((m) => m.index)).toEqual([0, 1, 2, 3, 4, 5]);
    for (const m of messages) {
      expect(m.total).toBe(6);
      expect(m.assignments).toEqual(points[m.index].assignments);
      expect(m.result).toEqual(runScenario(points[m.index].scenario));
    }
    expect(got.at(-1)).toMatchObject({ type: 'sweep-done', runId: 5, points: 6 });
  });

  it('says how far a long point has got, now and then, before the point itself', async () => {
    // a clock that moves 400 ms a read: a report is due every few slices
    let t = 0;
    const got = await drive([{ type: 'sweep', runId: 3, base: noisy, varies, indices: [5] }], {
      now: () => (t += 400),
    });
    const progress = got.filter((m) => m.type === 'point-progress');
    expect(progress.length).toBeGreaterThan(2);
    expect(new Set(progress.map((m) => m.index))).toEqual(new Set([5]));
    const shares = progress.map((m) => m.done);
    // the share of its iterations done: growing, within (0, 1]
    expect(shares.every((d, i) => d > 0 && d <= 1 && (i === 0 || d >= shares[i - 1]))).toBe(true);
    const at = got.findIndex((m) => m.type === 'point');
    expect(got.findLastIndex((m) => m.type === 'point-progress')).toBeLessThan(at);
    // the point's numbers are the same as without reports
    const quiet = await drive([{ type: 'sweep', runId: 3, base: noisy, varies, indices: [5] }]);
    const result = (ms: WorkerMessage[]) => ms.find((m) => m.type === 'point');
    expect(result(got)).toEqual(result(quiet));
  });

  it('gives the same numbers split over two workers (indices) as on one', async () => {
    const one = await drive([{ type: 'sweep', runId: 1, base: noisy, varies }]);
    const a = await drive([{ type: 'sweep', runId: 1, base: noisy, varies, indices: [5, 0, 2] }]);
    const b = await drive([{ type: 'sweep', runId: 1, base: noisy, varies, indices: [1, 3, 4] }]);
    const byIndex = (ms: WorkerMessage[]) =>
      Object.fromEntries(ms.filter((m) => m.type === 'point').map((m) => [m.index, m.result]));
    expect({ ...byIndex(a), ...byIndex(b) }).toEqual(byIndex(one));
  });

  it('runs a pass sent one point at a time as the page sends it: the same numbers, and a new pass plans its own points', async () => {
    const got: WorkerMessage[] = [];
    const handler = createEngineHandler((m) => got.push(m), testLoop());
    const one = await drive([{ type: 'sweep', runId: 1, base: noisy, varies }]);
    for (const index of [5, 2, 0, 4, 1, 3]) {
      await handler({ data: { type: 'sweep', runId: 7, base: noisy, varies, indices: [index] } });
    }
    const byIndex = (ms: WorkerMessage[]) =>
      Object.fromEntries(ms.filter((m) => m.type === 'point').map((m) => [m.index, m.result]));
    expect(byIndex(got)).toEqual(byIndex(one));
    expect(got.filter((m) => m.type === 'sweep-done')).toHaveLength(6);
    // the next pass (another runId) on another base: its own plan, not the last pass's
    const other = { ...noisy, seed: noisy.seed + 1 };
    got.length = 0;
    await handler({ data: { type: 'sweep', runId: 8, base: other, varies, indices: [3] } });
    const point = got.find((m) => m.type === 'point');
    expect(point?.type === 'point' && point.result).toEqual(
      runScenario(planSweep(other, varies)[3].scenario),
    );
  });

  it('refuses a sweep with an invalid point before running anything', async () => {
    const bad = [{ path: 'job.nodes', values: [4, 0] }];
    const got = await drive([{ type: 'sweep', runId: 2, base: noisy, varies: bad }]);
    expect(got).toHaveLength(1);
    expect(got[0].type).toBe('error');
    if (got[0].type === 'error') expect(got[0].message).toContain('job.nodes');
  });

  it('holds a sweep between slices while held, then finishes it with the same numbers', async () => {
    const got: WorkerMessage[] = [];
    let pauses = 0;
    const handler = createEngineHandler((m) => got.push(m), {
      ...testLoop(),
      pause: async () => void pauses++,
    });
    await handler({ data: { type: 'hold', held: true } });
    const sweep = handler({ data: { type: 'sweep', runId: 3, base: noisy, varies } });
    // One slice runs, then the sweep waits: no point, however long we wait for it.
    for (let k = 0; k < 20; k++) await new Promise((r) => setTimeout(r, 0));
    expect(pauses).toBe(1);
    expect(got).toEqual([]);
    await handler({ data: { type: 'hold', held: false } });
    await sweep;
    const alone = await drive([{ type: 'sweep', runId: 3, base: noisy, varies }]);
    const points = (ms: WorkerMessage[]) => ms.filter((m) => m.type === 'point');
    expect(points(got)).toHaveLength(6);
    expect(points(got)).toEqual(points(alone));
    expect(got.at(-1)).toMatchObject({ type: 'sweep-done', runId: 3, points: 6 });
  });

  it('a sweep cancelled while held posts only the acknowledgement once released', async () => {
    const got: WorkerMessage[] = [];
    const handler = createEngineHandler((m) => got.push(m), {
      ...testLoop(),
      pause: async () => undefined,
    });
    await handler({ data: { type: 'hold', held: true } });
    const sweep = handler({ data: { type: 'sweep', runId: 4, base: noisy, varies } });
    await new Promise((r) => setTimeout(r, 0));
    await handler({ data: { type: 'cancel', runId: 4 } });
    await handler({ data: { type: 'hold', held: false } });
    await sweep;
    expect(got).toEqual([{ type: 'cancelled', runId: 4 }]);
  });

  it('stops a sweep when a newer request arrives, and runs the newer one', async () => {
    let sent = false;
    const got = await drive([{ type: 'sweep', runId: 1, base: noisy, varies }], {
      onPause: (send) => {
        if (sent) return;
        sent = true;
        send({ type: 'run', runId: 2, scenario: noisy });
      },
    });
    expect(got.filter((m) => m.runId === 1)).toEqual([]);
    expect(got.at(-1)).toMatchObject({ type: 'done', runId: 2 });
  });
});

describe('engine handler, sweep points of a given length', () => {
  // A source of 2 ms every 50 ms on each of 8 nodes: I = 0.32, so ±10 % needs
  // 0.32²·50e3/(0.01·8) = 64 ms of measured simulated time, about 60 iterations at g = 1 ms.
  const rare: Scenario = scenario({
    nodes: 8,
    g: 1000,
    iterations: 5000,
    warmup: 5,
    seed: 3,
    noise: [source({ id: 'rare', periodUs: 50_000, duration: { dist: 'fixed', valueUs: 2000 } })],
  });
  const varies = [{ path: 'job.nodes', values: [2, 8] }];
  const length = { precision: 0.1, maxEvents: 1e6, minIterations: 20 };

  const points = (got: WorkerMessage[]) =>
    got.filter((m): m is Extract<WorkerMessage, { type: 'point' }> => m.type === 'point');

  it('stops each point once its sources are known, where the simulation says, not the clock', async () => {
    const fast = await drive([{ type: 'sweep', runId: 1, base: rare, varies, length }]);
    let t = 0;
    const slow = await drive([{ type: 'sweep', runId: 1, base: rare, varies, length }], {
      now: () => (t += 0.01), // a clock that hardly moves: one slice runs the whole point
    });
    expect(points(fast).map((p) => p.result.iterationsUs)).toEqual(
      points(slow).map((p) => p.result.iterationsUs),
    );
    for (const p of points(fast)) {
      const point = planSweep(rare, varies)[p.index].scenario;
      const its = p.result.iterationsUs;
      const sum = its.reduce((a, b) => a + b, 0);
      // It stopped in the block where the measured time passed the target, well before 5,000.
      const needed = pointTargetUs(point, length);
      expect(sum).toBeGreaterThanOrEqual(needed);
      expect(its.length).toBeGreaterThanOrEqual(20);
      expect(its.length).toBeLessThan(1000);
      expect(p.reach).toEqual({
        simulatedUs: sum,
        neededUs: needed,
        precision: reachedPrecision(point, sum),
      });
      expect(p.reach!.precision).toBeLessThanOrEqual(length.precision);
      // The same seed: its iterations are the first of the full run of that point.
      const full = runScenario(point).iterationsUs;
      expect([...its]).toEqual([...full.subarray(0, its.length)]);
    }
  });

  it('stops at the cap of rank-iterations, warm-up included, short of precision', async () => {
    // 8 nodes × 1 rank: a cap of 8 × 12 rank-iterations stops after 12 iterations, 5 of them
    // warm-up, far short of ±10 %. 2 nodes (I = 0.08) are known to ±10 % after 16 ms, within
    // their cap of 48 iterations: precision stops them first (checked after every iteration
    // here, as a block of 16 is over an eighth of the cap).
    const capped = { ...length, maxRankIterations: 96, minIterations: 1 };
    const got = await drive([{ type: 'sweep', runId: 5, base: rare, varies, length: capped }]);
    expect(rare.job.ranksPerNode).toBe(1);
    const [two, eight] = points(got);
    expect(eight.result.iterationsUs.length).toBe(12 - 5);
    expect(eight.reach!.precision).toBeGreaterThan(length.precision);
    expect(two.reach!.precision).toBeLessThanOrEqual(length.precision);
    expect(two.result.iterationsUs.length).toBeLessThan(48 - 5);
  });

  it('runs a halo point at its rank cap no further, with the iterations of the full run', async () => {
    // A halo on 64 ranks with an event now and then: a rank far from it runs updates ahead of
    // the last. The point is planned to end at its cap (iterationsUnderCap), so those ranks stop
    // there; its iterations are still the first of the full run's, to the bit.
    const halo: Scenario = {
      ...scenario({
        nodes: 64,
        seed: 9,
        noise: [
          source({
            id: 'rare',
            periodUs: 400,
            arrival: 'poisson',
            duration: { dist: 'fixed', valueUs: 40 },
          }),
        ],
      }),
      workload: {
        kind: 'halo',
        granularityUs: 0,
        dimensions: 2,
        periodic: true,
        latencyUs: 5,
        messageBytes: 0,
        usPerByte: 0,
        iterations: 2000,
        warmup: 3,
      },
    };
    const sizes = [{ path: 'job.nodes', values: [64] }];
    const capped = { precision: 0.001, maxEvents: 1e6, maxRankIterations: 64 * 50 };
    const got = await drive([
      { type: 'sweep', runId: 6, base: halo, varies: sizes, length: capped },
    ]);
    const [p] = points(got);
    expect(p.result.iterationsUs.length).toBe(50 - 3);
    const full = runScenario(planSweep(halo, sizes)[0].scenario).iterationsUs;
    expect([...p.result.iterationsUs]).toEqual([...full.subarray(0, 50 - 3)]);
    expect(p.result.iterationsUs.some((d) => d > 5 + 1e-9)).toBe(true); // the noise shows
  });

  it('stops at the cap of noise events, short of precision, but never before one iteration', async () => {
    // A cap of one event: each point stops in the iteration of its first noise event.
    const capped = { ...length, maxEvents: 1, minIterations: 1 };
    const got = await drive([{ type: 'sweep', runId: 2, base: rare, varies, length: capped }]);
    const full = await drive([{ type: 'sweep', runId: 3, base: rare, varies, length }]);
    for (const [k, p] of points(got).entries()) {
      expect(p.result.iterationsUs.length).toBeGreaterThanOrEqual(1);
      expect(p.result.engine.noiseEvents).toBeGreaterThanOrEqual(1);
      expect(p.result.iterationsUs.length).toBeLessThanOrEqual(
        points(full)[k].result.iterationsUs.length,
      );
    }
    // On 8 nodes the first event comes within a few iterations, far short of ±10 %.
    const eight = points(got)[1];
    expect(eight.result.iterationsUs.length).toBeLessThan(
      points(full)[1].result.iterationsUs.length,
    );
    expect(eight.reach!.precision).toBeGreaterThan(length.precision);
    // With no noise at all nothing is needed: the point stops in the first block that holds a
    // measured iteration (it has a mean), far short of its 5,000.
    const quiet = { ...rare, noise: [] };
    const one = await drive([{ type: 'sweep', runId: 4, base: quiet, varies, length: capped }]);
    for (const p of points(one)) {
      expect(p.result.iterationsUs.length).toBeGreaterThanOrEqual(1);
      expect(p.result.iterationsUs.length).toBeLessThanOrEqual(POINT_BLOCK);
    }
  });
});
