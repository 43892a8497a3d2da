// The page's sweeps (src/state/sweeps.svelte.ts) with fake workers: one sweep at a time in the
// order asked, the page's hold reaching every sweep's workers, and every worker ended with the
// page. The protocol's messages are the real ones; nothing waits on a clock.
import { describe, expect, it } from 'vitest';
import type { PageMessage, WorkerMessage } from '../../src/protocol.ts';
import { Sweeps } from '../../src/state/sweeps.svelte.ts';
import { scenario } from '../helpers/scenario.ts';

class FakeWorker {
  sent: PageMessage[] = [];
  terminated = false;
  onmessage: ((e: { data: WorkerMessage }) => void) | null = null;
  onerror: unknown = null;
  postMessage(m: PageMessage) {
    this.sent.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  /** answers the sweep it was last sent: every point done */
  finish() {
    const sweep = this.sent.findLast((m) => m.type === 'sweep');
    if (sweep?.type === 'sweep')
      this.onmessage?.({
        data: {
          type: 'sweep-done',
          runId: sweep.runId,
          points: sweep.indices?.length ?? 0,
          wallMs: 0,
        },
      });
  }
}

function setUp() {
  const workers: FakeWorker[] = [];
  /** tasks the sweeps put off, run by `tasks()` */
  let later: (() => void)[] = [];
  const sweeps = new Sweeps({
    poolSize: 1,
    spawn: () => {
      const w = new FakeWorker();
      workers.push(w);
      return w as unknown as Worker;
    },
    later: (f) => void later.push(f),
  });
  const tasks = () => {
    const now = later;
    later = [];
    for (const f of now) f();
  };
  return { sweeps, workers, tasks };
}

const base = scenario({ iterations: 4 });
const varies = [{ path: 'seed', values: [1, 2] }];
const sweepsSent = (w: FakeWorker) => w.sent.filter((m) => m.type === 'sweep');

describe('the page’s sweeps', () => {
  it('run one at a time, in the order they were asked for', () => {
    const { sweeps, workers, tasks } = setUp();
    const first = sweeps.create();
    const second = sweeps.create();
    first.run(base, varies, 2);
    second.run(base, varies, 2);
    tasks();
    expect(first.status).toBe('running');
    expect(second.status).toBe('queued');
    expect(workers).toHaveLength(1);
    workers[0].finish();
    expect(first.status).toBe('done');
    tasks();
    expect(second.status).toBe('running');
    expect(workers).toHaveLength(2);
    expect(sweepsSent(workers[1])).toHaveLength(1);
  });

  it('start a waiting sweep asked again in its place, with the latest request only', () => {
    const { sweeps, workers, tasks } = setUp();
    const first = sweeps.create();
    const second = sweeps.create();
    const third = sweeps.create();
    first.run(base, varies, 2);
    second.run(base, varies, 2);
    third.run(base, varies, 2);
    second.run({ ...base, seed: 9 }, varies, 2);
    tasks();
    workers[0].finish();
    tasks();
    expect(second.status).toBe('running');
    expect(third.status).toBe('queued');
    const sent = sweepsSent(workers[1]);
    expect(sent).toHaveLength(1);
    expect(sent[0].type === 'sweep' && sent[0].base.seed).toBe(9);
  });

  it('let the next sweep go when the one under way is cancelled', () => {
    const { sweeps, tasks } = setUp();
    const first = sweeps.create();
    const second = sweeps.create();
    first.run(base, varies, 2);
    second.run(base, varies, 2);
    tasks();
    first.cancel();
    tasks();
    expect(second.status).toBe('running');
  });

  it("hold every sweep's workers while the page asks, a pool started during it included", () => {
    const { sweeps, workers, tasks } = setUp();
    const first = sweeps.create();
    first.run(base, varies, 2);
    tasks();
    sweeps.hold(true);
    expect(workers[0].sent.at(-1)).toEqual({ type: 'hold', held: true });
    workers[0].finish();
    const second = sweeps.create();
    second.run(base, varies, 2);
    tasks();
    expect(workers[1].sent.filter((m) => m.type === 'hold')).toEqual([
      { type: 'hold', held: true },
    ]);
    sweeps.hold(false);
    expect(workers.map((w) => w.sent.at(-1))).toEqual([
      { type: 'hold', held: false },
      { type: 'hold', held: false },
    ]);
  });

  it("end every sweep's workers with the page", () => {
    const { sweeps, workers, tasks } = setUp();
    const first = sweeps.create();
    first.run(base, varies, 2);
    tasks();
    sweeps.dispose();
    expect(workers.every((w) => w.terminated)).toBe(true);
  });
});
