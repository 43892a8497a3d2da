// The page's sweeps (src/state/sweeps.svelte.ts) with fake workers: one sweep at a time in the
// order asked, the page's hold reaching every sweep's workers, and every worker ended with the
// page. The protocol's messages are the real ones; nothing waits on a clock.
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { RunResult } from '../../src/engine/result.ts';
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
  /** sweep requests answered so far */
  answered = 0;
  /** answers every sweep request it has been sent, and those that come as it answers (the page
   * sends a pass one point at a time): every point done */
  finish() {
    while (this.answered < sweepsSent(this).length) {
      const sweep = sweepsSent(this)[this.answered++];
      if (sweep.type !== 'sweep') continue;
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
}

const sweepsSent = (w: FakeWorker) => w.sent.filter((m) => m.type === 'sweep');

/** a run's result as far as the sweeps read it: told apart by `seed` */
const fakeResult = (seed: number) =>
  ({ seed, iterationsUs: new Float64Array(4), attribution: null }) as unknown as RunResult;

/** Answers worker `w`'s latest point request with its point (result: the index) and done. */
function answer(w: FakeWorker) {
  const m = sweepsSent(w).at(-1)!;
  if (m.type !== 'sweep') throw new Error('not a sweep');
  const index = m.indices![0];
  w.answered++;
  w.onmessage?.({
    data: {
      type: 'point',
      runId: m.runId,
      index,
      total: 0,
      assignments: [],
      result: fakeResult(index),
    },
  });
  w.onmessage?.({ data: { type: 'sweep-done', runId: m.runId, points: 1, wallMs: 0 } });
}

function setUp(idlePoolSize = 1) {
  const workers: FakeWorker[] = [];
  /** tasks the sweeps put off, run by `tasks()` */
  let later: (() => void)[] = [];
  const sweeps = new Sweeps({
    poolSize: 1,
    idlePoolSize,
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

  it('begin a sweep asked again before its turn began with the latest request only', () => {
    // A view's effect asks twice in one task (its scenario a step behind, then the new one):
    // the turn given to the first request must start the second, not the first.
    const { sweeps, workers, tasks } = setUp();
    const sweep = sweeps.create();
    sweep.run(base, varies, 2);
    sweep.run({ ...base, seed: 9 }, varies, 2);
    tasks();
    expect(sweep.status).toBe('running');
    workers[0].finish();
    tasks();
    // the pass's points, one request each: every one of the second request
    const sent = workers.flatMap((w) => sweepsSent(w));
    expect(sent.map((m) => m.type === 'sweep' && m.base.seed)).toEqual([9, 9]);
    expect(sweep.status).toBe('done');
  });

  it('never begin a sweep cancelled before its turn began, and let the next one go', () => {
    const { sweeps, workers, tasks } = setUp();
    const first = sweeps.create();
    const second = sweeps.create();
    first.run(base, varies, 2);
    second.run({ ...base, seed: 9 }, varies, 2);
    first.cancel();
    expect(first.status).toBe('cancelled');
    tasks();
    tasks();
    expect(first.status).toBe('cancelled');
    expect(second.status).toBe('running');
    const sent = workers.flatMap((w) => sweepsSent(w));
    expect(sent.map((m) => m.type === 'sweep' && m.base.seed)).toEqual([9]);
  });

  it('give no sweep its turn while closed, and the latest request of each once opened', () => {
    const { sweeps, workers, tasks } = setUp();
    sweeps.close(true);
    const sweep = sweeps.create();
    sweep.run(base, varies, 2);
    tasks();
    expect(sweep.status).toBe('queued');
    expect(workers).toHaveLength(0);
    // the view's scenario replaced before the page opened: only the new one is ever posted
    sweep.run({ ...base, seed: 9 }, varies, 2);
    sweeps.close(false);
    tasks();
    expect(sweep.status).toBe('running');
    workers[0].finish();
    const sent = workers.flatMap((w) => sweepsSent(w));
    expect(sent.map((m) => m.type === 'sweep' && m.base.seed)).toEqual([9, 9]);
  });

  it('keep a sweep given its turn and closed before it began waiting first in line', () => {
    const { sweeps, workers, tasks } = setUp();
    const first = sweeps.create();
    const second = sweeps.create();
    first.run(base, varies, 2);
    second.run(base, varies, 2);
    sweeps.close(true);
    tasks();
    expect([first.status, second.status]).toEqual(['queued', 'queued']);
    expect(workers).toHaveLength(0);
    sweeps.close(false);
    tasks();
    expect([first.status, second.status]).toEqual(['running', 'queued']);
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

  it('send a pass one point at a time, the next to whichever worker is done', () => {
    const { sweeps, workers, tasks } = setUp();
    const sweep = sweeps.create();
    sweep.run(base, [{ path: 'seed', values: [1, 2, 3] }], 3);
    tasks();
    expect(workers).toHaveLength(1);
    expect(sweepsSent(workers[0]).map((m) => m.type === 'sweep' && m.indices)).toEqual([[0]]);
    workers[0].finish();
    expect(sweepsSent(workers[0]).map((m) => m.type === 'sweep' && m.indices)).toEqual([
      [0],
      [1],
      [2],
    ]);
    expect(sweep.status).toBe('done');
  });

  it('move the bar by the share done of the points under way, and count a point once when it is done', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    const { sweeps, workers, tasks } = setUp();
    const sweep = sweeps.create();
    sweep.run(base, [{ path: 'seed', values: [1, 2, 3, 4] }], 4);
    tasks();
    expect(sweep.passProgress).toBe(0);
    const m = sweepsSent(workers[0]).at(-1)!;
    if (m.type !== 'sweep') throw new Error('not a sweep');
    const tell = (done: number) =>
      workers[0].onmessage?.({
        data: { type: 'point-progress', runId: m.runId, index: m.indices![0], done },
      });
    tell(0.25);
    expect(sweep.passProgress).toBe(0.25);
    tell(0.5);
    expect(sweep.passProgress).toBe(0.5);
    answer(workers[0]);
    vi.advanceTimersByTime(1000); // the redraw after a point (FLUSH_MS)
    // the point done: one whole point, its share under way gone
    expect(sweep.passProgress).toBe(1);
    expect(sweep.passDone).toBe(1);
    // a report of an older run is not this sweep's
    workers[0].onmessage?.({
      data: { type: 'point-progress', runId: m.runId - 1, index: 1, done: 0.9 },
    });
    expect(sweep.passProgress).toBe(1);
  });

  it('reckon the share done by the points’ weights when given (small points first do not promise the end too soon)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    const { sweeps, workers, tasks } = setUp();
    const sweep = sweeps.create();
    sweep.run(base, [{ path: 'seed', values: [1, 2] }], 2, [1, 9]);
    tasks();
    answer(workers[0]);
    vi.advanceTimersByTime(1000);
    // one point of two done, but a tenth of the work
    expect(sweep.passDone).toBe(1);
    expect(sweep.passShare).toBeCloseTo(0.1, 12);
    const m = sweepsSent(workers[0]).at(-1)!;
    if (m.type !== 'sweep') throw new Error('not a sweep');
    workers[0].onmessage?.({
      data: { type: 'point-progress', runId: m.runId, index: m.indices![0], done: 0.5 },
    });
    expect(sweep.passShare).toBeCloseTo(0.1 + 0.45, 12);
    // without weights, by points
    const plain = sweeps.create();
    sweep.cancel();
    plain.run(base, [{ path: 'seed', values: [3, 4] }], 2);
    tasks();
    answer(workers.at(-1)!);
    vi.advanceTimersByTime(1000);
    expect(plain.passShare).toBeCloseTo(0.5, 12);
  });

  it('send the final pass from its last point (the costliest first), a first pass in order, and mark which points are final', () => {
    const { sweeps, workers, tasks } = setUp();
    const sweep = sweeps.create();
    const quick = { precision: 0.5, maxEvents: 1e5 };
    const length = { precision: 0.1, maxEvents: 1e6 };
    sweep.runPasses(
      [
        { base, length: quick },
        { base, length },
      ],
      [{ path: 'seed', values: [1, 2, 3] }],
      3,
    );
    tasks();
    const w = workers[0];
    for (let i = 0; i < 3; i++) answer(w);
    expect(sweep.points.map((p) => [p.index, p.pass, p.final])).toEqual([
      [0, 0, false],
      [1, 0, false],
      [2, 0, false],
    ]);
    for (let i = 0; i < 3; i++) answer(w);
    expect(sweepsSent(w).map((m) => m.type === 'sweep' && m.indices)).toEqual([
      [0],
      [1],
      [2],
      [2],
      [1],
      [0],
    ]);
    expect(sweep.points.map((p) => [p.index, p.pass, p.final])).toEqual([
      [0, 1, true],
      [1, 1, true],
      [2, 1, true],
    ]);
    expect(sweep.status).toBe('done');
  });

  it("take the page's core for the points left once the page's own run is over", () => {
    const { sweeps, workers, tasks } = setUp(2);
    const sweep = sweeps.create();
    sweep.run(base, [{ path: 'seed', values: [1, 2, 3, 4, 5] }], 5);
    tasks();
    // the page's run under way: one worker
    expect(workers).toHaveLength(1);
    sweeps.pageRunning(false);
    expect(sweeps.width).toBe(2);
    expect(workers).toHaveLength(2);
    expect(sweepsSent(workers[1]).map((m) => m.type === 'sweep' && m.indices)).toEqual([[1]]);
    // the page runs again: the worker that is done first gets nothing more while the other works
    sweeps.pageRunning(true);
    workers[1].finish();
    expect(sweepsSent(workers[1])).toHaveLength(1);
    workers[0].finish();
    const sent = workers.flatMap((w) =>
      sweepsSent(w).flatMap((m) => (m.type === 'sweep' ? (m.indices ?? []) : [])),
    );
    // every point once, whichever worker ran it
    expect(sent.sort()).toEqual([0, 1, 2, 3, 4]);
    expect(sweep.status).toBe('done');
    // the next sweep, with the page idle, starts on both workers at once
    sweeps.pageRunning(false);
    sweep.run(base, [{ path: 'seed', values: [1, 2, 3] }], 3);
    tasks();
    expect(workers).toHaveLength(2);
    expect(workers.map((w) => sweepsSent(w).at(-1))).toMatchObject([
      { indices: [0] },
      { indices: [1] },
    ]);
  });
  it('run a point once: a sweep asking for points another has finished takes them, and runs the rest', () => {
    const { sweeps, workers, tasks } = setUp();
    const view = sweeps.create();
    const lesson = sweeps.create();
    // the run-to-run view: seeds 1–3 on the base (one node)
    view.run(base, [{ path: 'seed', values: [1, 2, 3] }], 3);
    tasks();
    for (let i = 0; i < 3; i++) answer(workers[0]);
    expect(view.status).toBe('done');
    // the lesson: 1 node and 2 nodes, seeds 1–3 each; its one-node points are the view's
    lesson.run(
      base,
      [
        { path: 'job.nodes', values: [1, 2] },
        { path: 'seed', values: [1, 2, 3] },
      ],
      6,
    );
    tasks();
    expect(lesson.points.map((p) => [p.index, p.result.seed])).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
    expect(lesson.passDone).toBe(3);
    expect(lesson.passTotal).toBe(6);
    // the lesson's own worker runs the rest
    expect(workers).toHaveLength(2);
    for (let i = 0; i < 3; i++) answer(workers[1]);
    expect(sweepsSent(workers[1]).map((m) => m.type === 'sweep' && m.indices)).toEqual([
      [3],
      [4],
      [5],
    ]);
    expect(lesson.status).toBe('done');
    expect(lesson.points.map((p) => p.index)).toEqual([0, 1, 2, 3, 4, 5]);
    // the view again (the student back on it): every point kept, no worker asked
    const sent = () => workers.map((w) => sweepsSent(w).length);
    const after = sent();
    view.run(base, [{ path: 'seed', values: [1, 2, 3] }], 3);
    tasks();
    expect(view.status).toBe('done');
    expect(view.points.map((p) => p.result.seed)).toEqual([0, 1, 2]);
    expect(sent()).toEqual(after);
  });

  it('keep final points only, and leave a kept point out of every pass of a later sweep', () => {
    const { sweeps, workers, tasks } = setUp();
    const first = sweeps.create();
    const quick = { precision: 0.5, maxEvents: 1e5 };
    const length = { precision: 0.1, maxEvents: 1e6 };
    const seeds = [{ path: 'seed', values: [1, 2, 3] }];
    // a coarse pass of every point, then a final pass of points 1 and 2 only: 0 is never final
    first.runPasses(
      [
        { base, length: quick },
        { base, length, indices: [1, 2] },
      ],
      seeds,
      3,
    );
    tasks();
    const w = workers[0];
    for (let i = 0; i < 5; i++) answer(w);
    expect(first.status).toBe('done');
    const second = sweeps.create();
    second.runPasses(
      [
        { base, length: quick },
        { base, length },
      ],
      seeds,
      3,
    );
    tasks();
    // 1 and 2 on show as final from the start; 0 runs in both passes
    expect(second.points.map((p) => [p.index, p.final])).toEqual([
      [1, true],
      [2, true],
    ]);
    const w2 = workers[1];
    answer(w2);
    answer(w2);
    expect(sweepsSent(w2).map((m) => m.type === 'sweep' && m.indices)).toEqual([[0], [0]]);
    expect(second.status).toBe('done');
    expect(second.points.map((p) => [p.index, p.final])).toEqual([
      [0, true],
      [1, true],
      [2, true],
    ]);
    // another run length is another point
    const third = sweeps.create();
    third.run(base, seeds, 3);
    tasks();
    expect(third.points).toEqual([]);
  });
});
