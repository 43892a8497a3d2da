// A partitioned run over messages, as the engine worker runs one with part workers: the parts
// here are part handlers behind Node MessageChannels, so every report crosses a structured
// clone with its buffers transferred. The numbers must be a single run's, to the bit.
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/index.ts';
import type { PageMessage, PartReply, PartRequest, WorkerMessage } from '../../src/protocol.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { createEngineHandler } from '../../workers/engine-handler.ts';
import { createPartHandler } from '../../workers/part-handler.ts';
import type { PartPort } from '../../workers/worker-part.ts';
import { rnShape } from '../engine/rn-shape.ts';

/** A part worker behind a MessageChannel; `closed` counts terminate() calls. */
function channelPart(
  log: { closed: number; spawned: number; steps?: number },
  fail: boolean | PartReply | 'silent' = false,
): PartPort {
  log.spawned++;
  const { port1, port2 } = new MessageChannel();
  const handler = createPartHandler((reply, transfer) => port2.postMessage(reply, transfer));
  port2.on('message', (data: PartRequest) => {
    if (data.type === 'part-step' && log.steps !== undefined) log.steps++;
    if (fail === 'silent' && data.type === 'part-step') return; // a worker that died quietly
    if (fail && data.type === 'part-step') {
      port2.postMessage(
        fail === true
          ? ({ type: 'part-error', message: 'out of memory' } satisfies PartReply)
          : fail,
      );
    } else handler({ data });
  });
  const port: PartPort = {
    postMessage: (m) => port1.postMessage(m),
    onmessage: null,
    onerror: null,
    terminate: () => {
      log.closed++;
      port1.close();
    },
  };
  port1.on('message', (data: PartReply) => port.onmessage?.({ data } as MessageEvent<PartReply>));
  return port;
}

function runOver(
  message: PageMessage,
  parts: number,
  log: { closed: number; spawned: number },
  fail: boolean | PartReply | 'silent' = false,
) {
  // A silent part is given up after 60 ms; a live one gets 10 s, so a part that is merely slow
  // on a busy machine is never taken for a dead one.
  const silenceMs = fail === 'silent' ? 60 : 10_000;
  const got: WorkerMessage[] = [];
  const handler = createEngineHandler((m) => got.push(m), {
    progressMs: 0,
    heartbeatMs: 5,
    parts: {
      threads: parts,
      spawn: () => channelPart(log, fail),
      count: (_, k) => k,
      silenceMs,
    },
  });
  return { got, done: handler({ data: message }) };
}

describe('a run split over part workers', () => {
  it('streams progress and ends with a single run’s numbers, to the bit', async () => {
    // One tick of an unbounded law: its ranks cannot be counted (bulk-lanes.ts), and a run
    // that counts its ranks stays on one thread (below).
    const s = rnShape('poll', 4);
    s.noise[1].duration = { dist: 'exponential', meanUs: 3 };
    const log = { closed: 0, spawned: 0 };
    const { got, done } = runOver({ type: 'run', runId: 1, scenario: s }, 3, log);
    await done;
    expect(log.spawned).toBe(2); // this thread runs the first range
    expect(log.closed).toBe(2);
    const last = got.at(-1)!;
    expect(last.type).toBe('done');
    if (last.type === 'done') {
      expect(last.threads).toBe(3);
      expect(last.result).toEqual(runScenario(s));
    }
    const progress = got.filter((m) => m.type === 'progress');
    expect(progress.length).toBeGreaterThan(0);
    // Partial results already carry the nodes' lost time of every part.
    const mid = progress.at(-1)!;
    if (mid.type === 'progress') {
      expect(mid.partial.attribution!.nodeDelayUs.slice(100).some((v) => v > 0)).toBe(true);
    }
  });

  it('keeps a run that counts its ranks on one thread, and frees the parts it started', async () => {
    const s = rnShape('poll', 4);
    const log = { closed: 0, spawned: 0 };
    const { got, done } = runOver({ type: 'run', runId: 3, scenario: s }, 3, log);
    await done;
    expect(log.closed).toBe(log.spawned);
    const last = got.at(-1)!;
    expect(last).toMatchObject({ type: 'done', runId: 3, threads: 1 });
    if (last.type === 'done') {
      expect(last.result.engine.counted).toBe(true);
      expect(last.result).toEqual(runScenario(s));
    }
  });

  it('splits a run that counts its ranks in blocks over 3 parts, with one thread’s numbers', async () => {
    // 2,400 nodes × 7 ranks × 2,000 iterations: large enough to be drawn in 24 blocks
    // (src/engine/split-size.ts), so each part draws its own blocks as one thread does.
    const s = rnShape('poll', 6);
    s.machine.nodes = s.job.nodes = 2400;
    s.workload.iterations = 2000;
    const want = runScenario(s);
    expect(want.engine.counted).toBe(true);
    for (const [parts, threads] of [
      [3, 3],
      [2, 1], // too few parts to pay for a counted run's exchanges: one thread
    ]) {
      const log = { closed: 0, spawned: 0 };
      const { got, done } = runOver({ type: 'run', runId: 7, scenario: s }, parts, log);
      await done;
      expect(log.closed).toBe(log.spawned);
      const last = got.at(-1)!;
      expect(last).toMatchObject({ type: 'done', runId: 7, threads });
      if (last.type === 'done') {
        expect(last.result.engine.counted).toBe(true);
        expect({ ...last.result, engine: want.engine }).toEqual(want);
      }
    }
  }, 60_000);

  it('runs again on one thread when a part fails, and frees the parts', async () => {
    const log = { closed: 0, spawned: 0 };
    const s = rnShape('block', 1);
    const { got, done } = runOver({ type: 'run', runId: 2, scenario: s }, 2, log, true);
    await done;
    expect(log.spawned).toBe(1);
    expect(log.closed).toBe(1);
    const last = got.at(-1)!;
    expect(last).toMatchObject({ type: 'done', runId: 2, threads: 1 });
    if (last.type === 'done') expect(last.result).toEqual(runScenario(s));
    expect(got.some((m) => m.type === 'error')).toBe(false);
  });

  it('runs again on one thread when a part goes silent, instead of waiting for ever', async () => {
    const log = { closed: 0, spawned: 0 };
    const s = rnShape('block', 1);
    const { got, done } = runOver({ type: 'run', runId: 6, scenario: s }, 2, log, 'silent');
    await done;
    expect(log.closed).toBe(log.spawned);
    // while it waited, the page heard that this worker was alive
    expect(got.some((m) => m.type === 'alive' && m.runId === 6)).toBe(true);
    const last = got.at(-1)!;
    expect(last).toMatchObject({ type: 'done', runId: 6, threads: 1 });
    if (last.type === 'done') expect(last.result).toEqual(runScenario(s));
  });

  it('ends with the bound’s message when a part passes it, instead of running again alone', async () => {
    const log = { closed: 0, spawned: 0 };
    const s = rnShape('block', 1);
    const message = 'The run was stopped: one event of “x” lasted 2 h, more than 64 × …';
    const { got, done } = runOver({ type: 'run', runId: 5, scenario: s }, 2, log, {
      type: 'part-error',
      message,
      limit: true,
    });
    await done;
    expect(got.at(-1)).toMatchObject({ type: 'error', runId: 5, message });
    expect(got.some((m) => m.type === 'done')).toBe(false);
    expect(log.closed).toBe(log.spawned);
  });

  it('still reports an engine error that is not a part’s', async () => {
    const log = { closed: 0, spawned: 0 };
    const broken = { ...rnShape('poll', 1), job: undefined } as unknown as Scenario;
    const { got, done } = runOver({ type: 'run', runId: 3, scenario: broken }, 2, log);
    await done;
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ type: 'error', runId: 3 });
    expect(log.closed).toBe(log.spawned);
  });

  it('stops the parts when the run is cancelled mid-run', async () => {
    const log = { closed: 0, spawned: 0, steps: 0 };
    const got: WorkerMessage[] = [];
    // The cancel arrives the moment the run first reports progress, so it always lands mid-run
    // (a cancel after a wait on the clock would find the run over on a fast, idle machine).
    let cancelled: Promise<void> | null = null;
    const handler = createEngineHandler(
      (m) => {
        got.push(m);
        if (m.type === 'progress' && cancelled === null) {
          cancelled = handler({ data: { type: 'cancel', runId: 1 } });
        }
      },
      {
        progressMs: 0,
        sliceMs: 1,
        parts: { threads: 2, spawn: () => channelPart(log), count: (_, k) => k },
      },
    );
    // A run that cannot be counted (an unbounded tick law), so that it is split indeed (a
    // counted run this small stays on one thread: src/engine/split-size.ts).
    const s = rnShape('poll', 1);
    s.noise[1].duration = { dist: 'exponential', meanUs: 3 };
    await handler({ data: { type: 'run', runId: 1, scenario: s } });
    expect(cancelled, 'the run reported progress before it ended').not.toBeNull();
    await cancelled;
    expect(log.spawned).toBeGreaterThan(0);
    expect(log.steps, 'the part was stepped before the cancel').toBeGreaterThan(0);
    expect(got.filter((m) => m.type === 'progress')).toHaveLength(1);
    expect(got.some((m) => m.type === 'done')).toBe(false);
    expect(log.closed).toBe(log.spawned);
  });
});

describe('a run that cannot be split', () => {
  it('stays on this thread when no part worker can be started', async () => {
    const s = rnShape('poll', 2);
    const got: WorkerMessage[] = [];
    const handler = createEngineHandler((m) => got.push(m), {
      progressMs: 0,
      parts: {
        threads: 4,
        spawn: () => {
          throw new Error('workers are not allowed here');
        },
        count: () => 3,
      },
    });
    await handler({ data: { type: 'run', runId: 1, scenario: s } });
    expect(got.at(-1)).toMatchObject({ type: 'done', threads: 1, result: runScenario(s) });
  });
});
