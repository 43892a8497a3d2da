// Cancel means stop, and a silent worker is noticed: the page-side Simulation with a fake
// worker and a fake clock (no real worker, no wall-clock waits).
import { describe, expect, it } from 'vitest';
import type { PageMessage, WorkerMessage } from '../../src/protocol.ts';
import { estimateRunSeconds } from '../../src/scenario/cost.ts';
import {
  CANCEL_GRACE_MS,
  LONG_RUN_S,
  STALL_MS,
  Simulation,
  type SimulationHost,
} from '../../src/state/simulation.svelte.ts';
import { scenario, source } from '../helpers/scenario.ts';

class FakeWorker {
  sent: PageMessage[] = [];
  terminated = false;
  onmessage: ((e: { data: WorkerMessage }) => void) | null = null;
  onerror: unknown = null;
  onmessageerror: unknown = null;
  postMessage(m: PageMessage) {
    this.sent.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  reply(m: WorkerMessage) {
    this.onmessage?.({ data: m });
  }
}

function setUp() {
  const workers: FakeWorker[] = [];
  let time = 0;
  let tick: (() => void) | null = null;
  const host: SimulationHost = {
    spawn: () => {
      const w = new FakeWorker();
      workers.push(w);
      return w as unknown as Worker;
    },
    now: () => time,
    setInterval: (f) => ((tick = f), 1),
    clearInterval: () => (tick = null),
  };
  /** advance the clock by ms, the watchdog looking every 500 ms */
  const wait = (ms: number) => {
    for (let t = 0; t < ms; t += 500) {
      time += 500;
      tick?.();
    }
  };
  return { sim: new Simulation(host), workers, wait, watching: () => tick !== null };
}

const s = scenario({ iterations: 10 });

describe('Cancel', () => {
  it('keeps the worker when it acknowledges the cancel', () => {
    const { sim, workers, wait, watching } = setUp();
    sim.run(s);
    sim.cancel();
    expect(sim.status).toBe('cancelled');
    workers[0].reply({ type: 'cancelled', runId: 1 });
    wait(CANCEL_GRACE_MS * 2);
    expect(workers[0].terminated).toBe(false);
    expect(sim.error).toBeNull();
    expect(watching()).toBe(false);
  });

  it('closes a worker that does not answer the cancel, and runs the next request on a fresh one', () => {
    const { sim, workers, wait } = setUp();
    sim.run(s);
    sim.cancel();
    sim.run(s); // queued behind the stuck step
    wait(CANCEL_GRACE_MS + 500);
    expect(workers[0].terminated).toBe(true);
    expect(workers).toHaveLength(2);
    expect(workers[1].sent.map((m) => m.type)).toEqual(['run']);
    expect(sim.error).toMatch(/did not stop within 2 s of Cancel, so its worker was closed/);
    expect(sim.status).toBe('running');
    workers[1].reply({ type: 'done', runId: 2, result: null as never, wallMs: 1, threads: 1 });
    expect(sim.status).toBe('done');
  });
});

describe('a silent worker', () => {
  it('is left alone while it posts progress', () => {
    const { sim, workers, wait } = setUp();
    sim.run(s);
    for (let k = 0; k < 10; k++) {
      wait(STALL_MS / 2);
      workers[0].reply({
        type: 'progress',
        runId: 1,
        iteration: k,
        total: 10,
        partial: null as never,
      });
    }
    expect(workers[0].terminated).toBe(false);
    expect(sim.status).toBe('running');
  });

  it('is replaced once (the run sent again), then given up with a message', () => {
    const { sim, workers, wait } = setUp();
    sim.run(s);
    wait(STALL_MS + 500);
    expect(workers[0].terminated).toBe(true);
    expect(workers[1].sent.map((m) => m.type)).toEqual(['run']);
    expect(sim.status).toBe('running');
    wait(STALL_MS + 500);
    expect(workers[1].terminated).toBe(true);
    expect(sim.status).toBe('error');
    expect(sim.error).toMatch(/stopped answering \(no progress for 10 s, twice\)/);
    // every control stays usable: the next run starts a fresh worker
    sim.run(s);
    expect(workers).toHaveLength(3);
    expect(sim.status).toBe('running');
  });
});

describe('a long run', () => {
  // 1,000,000 nodes × 1 rank × 47,000 iterations: 4.7e10 rank-iterations, minutes of work
  const long = scenario({ nodes: 1_000_000, iterations: 47_000 });

  it('waits for a click on Run instead of starting from a change, a link or a restore', () => {
    const { sim, workers } = setUp();
    expect(estimateRunSeconds(long)).toBeGreaterThan(LONG_RUN_S);
    sim.run(long);
    expect(sim.status).toBe('waiting');
    expect(sim.waitingSeconds).toBeCloseTo(estimateRunSeconds(long), 6);
    expect(workers).toHaveLength(0);
    sim.run(long, true);
    expect(sim.status).toBe('running');
    expect(sim.waitingSeconds).toBeNull();
    expect(workers[0].sent.map((m) => m.type)).toEqual(['run']);
  });

  it('does not hold up a short one', () => {
    const { sim, workers } = setUp();
    expect(estimateRunSeconds(s)).toBeLessThan(LONG_RUN_S);
    sim.run(s);
    expect(sim.status).toBe('running');
    expect(workers).toHaveLength(1);
  });
});

describe('a run of long iterations', () => {
  it('is given STALL_ITERATIONS times an iteration’s estimated cost before it counts as stuck', () => {
    // 100,000 nodes, a 10 µs event every ms, g = 15 s: 1.5e9 events an iteration, minutes each
    const slow = scenario({
      nodes: 100_000,
      g: 15_000_000,
      iterations: 3,
      noise: [source({ id: 'tick', periodUs: 1000, duration: { dist: 'fixed', valueUs: 10 } })],
    });
    const perIterationMs = (1000 * estimateRunSeconds(slow)) / 3;
    expect(perIterationMs).toBeGreaterThan(STALL_MS);
    const { sim, workers, wait } = setUp();
    sim.run(slow, true);
    wait(4 * perIterationMs);
    expect(workers[0].terminated).toBe(false);
    expect(sim.status).toBe('running');
    wait(5 * perIterationMs);
    expect(workers[0].terminated).toBe(true);
  });
});
