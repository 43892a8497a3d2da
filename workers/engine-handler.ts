// The engine worker's message handler, apart from the worker global so tests
// can drive it directly or over a MessageChannel. The engine only advances
// when told (BarrierRun.step); this owns the loop: batches of iterations for
// a slice of time, a progress snapshot now and then, then a yield to the
// event loop so a newer request can be seen. The latest request wins: a run
// that is no longer the latest stops at its next batch boundary, silently.
import { PartitionedRun, partsForSize } from '../src/engine/partitioned-run.ts';
import { createRun, type Run } from '../src/engine/run.ts';
import { resultOf } from '../src/engine/result.ts';
import { planSweep } from '../src/engine/sweep.ts';
import {
  capsSpent,
  iterationsUnderCap,
  nextBlock,
  pointTargetUs,
  reachedPrecision,
  type PointLength,
  type PointReach,
} from '../src/engine/point-length.ts';
import {
  HEARTBEAT_MS,
  POINT_PROGRESS_MS,
  type PageMessage,
  type RunRequest,
  type SweepRequest,
  type WorkerMessage,
} from '../src/protocol.ts';
import { jobRanks } from '../src/scenario/phases.ts';
import type { Scenario } from '../src/scenario/types.ts';
import { PartFailure, startPartitioned, type PartPort } from './worker-part.ts';

export interface LoopOptions {
  /** iterations per step() call */
  batch?: number;
  /** ms of engine work between yields to the event loop */
  sliceMs?: number;
  /** ms at least between progress messages (more if snapshots get costly, see below): each
   * one redraws the page's run views, so a few per second */
  progressMs?: number;
  /** ms, monotonic */
  now?: () => number;
  /** ms between AliveMessages while a run waits on its parts (default HEARTBEAT_MS) */
  heartbeatMs?: number;
  /** lets queued messages run; resolves when the loop may go on */
  pause?: () => Promise<void>;
  /**
   * Threads a large run may be split over (partitioned-run.ts), and how to start a part
   * worker; without it every run stays on this thread.
   */
  parts?: {
    threads: number;
    spawn: () => PartPort;
    /** parts for a run (default partsForSize: only whole machines); tests split small runs */
    count?: (scenario: Scenario, threads: number) => number;
    /** ms a part's step may go unanswered (default partSilenceMs) */
    silenceMs?: number;
  };
}

/** ms of the first slice of a run: its first numbers reach the page this soon */
const FIRST_SLICE_MS = 8;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Returns the worker's `onmessage`; every reply goes through `post`. The
 * promise it returns settles when the run a 'run' message started is over
 * (finished, failed or abandoned), for tests; the worker ignores it.
 */
export function createEngineHandler(
  post: (message: WorkerMessage) => void,
  options: LoopOptions = {},
): (event: { data: PageMessage }) => Promise<void> {
  const batch = options.batch ?? 16;
  const sliceMs = options.sliceMs ?? 30;
  const progressMs = options.progressMs ?? 250;
  const now = options.now ?? (() => performance.now());
  const pause = options.pause ?? nextTask;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  /** the run allowed to go on; null once it is cancelled or over */
  let latest: number | null = null;
  /** sweeps wait between slices while the page holds them ('hold'); their wake-ups */
  let held = false;
  let waiting: (() => void)[] = [];
  const whileHeld = async () => {
    while (held) await new Promise<void>((resolve) => waiting.push(resolve));
  };

  /** The run of a scenario; a whole machine's goes over several threads when `parts` allows. */
  function startRun(scenario: Scenario): Run | PartitionedRun {
    const parts = options.parts;
    const k = parts ? (parts.count ?? partsForSize)(scenario, parts.threads) : 1;
    if (!parts || k < 2) return createRun(scenario);
    return startPartitioned(scenario, k, parts.spawn, parts.silenceMs);
  }

  /**
   * Steps `run` in slices to its end, posting progress and then 'done'. Returns false if a newer
   * request took over meanwhile (nothing more is posted for this one).
   */
  async function advance(run: Run | PartitionedRun, runId: number, start: number) {
    let progressDue = start; // the first slice reports at once
    // The first slice is short: the page waits for its numbers after every change.
    let slice = Math.min(sliceMs, FIRST_SLICE_MS);
    while (!run.done) {
      await run.stepFor(slice, now, batch);
      slice = sliceMs;
      if (run.done) break;
      const before = now();
      if (before >= progressDue) {
        const partial = resultOf(run);
        post({
          type: 'progress',
          runId,
          iteration: run.iteration,
          total: run.totalIterations,
          partial,
        });
        // A snapshot sorts every measured duration (O(n log n)): keep it
        // under a fifth of the time however long the run grows.
        const after = now();
        progressDue = after + Math.max(progressMs, 4 * (after - before));
      }
      await pause();
      if (latest !== runId) return false;
    }
    const threads = run instanceof PartitionedRun ? run.parts.length : 1;
    post({ type: 'done', runId, result: resultOf(run), wallMs: now() - start, threads });
    return true;
  }

  async function drive({ runId, scenario }: RunRequest): Promise<void> {
    const start = now();
    let run: Run | PartitionedRun | null = null;
    // This thread's event loop is free while it awaits its parts: a timer says it is alive. A
    // run on this thread alone posts progress between slices instead.
    const heartbeat = setInterval(() => {
      if (latest === runId && run instanceof PartitionedRun) post({ type: 'alive', runId });
    }, heartbeatMs);
    try {
      run = startRun(scenario);
      try {
        if (!(await advance(run, runId, start))) return;
      } catch (error) {
        if (!(run instanceof PartitionedRun && error instanceof PartFailure)) throw error;
        // A part worker could not load, died or went silent: the run starts again on this thread alone
        // (the same numbers; only slower), rather than fail.
        run.close();
        run = null; // closed once: the finally below closes only a run still open
        if (latest !== runId) return;
        run = createRun(scenario);
        if (!(await advance(run, runId, start))) return;
      }
    } catch (error) {
      if (latest !== runId) return;
      post({
        type: 'error',
        runId,
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      clearInterval(heartbeat);
      if (run instanceof PartitionedRun) run.close();
    }
    if (latest === runId) latest = null;
  }

  /**
   * Steps a sweep point until it is done or, with a `length`, has simulated what its sources need
   * (and its minimum of iterations): blocks of POINT_BLOCK, checked between blocks, so where it
   * stops follows the simulation alone; the wall clock only says when to yield. Returns the
   * point's reach, or null if a newer request took over.
   */
  async function stepPoint(
    run: Run,
    runId: number,
    index: number,
    length: PointLength | undefined,
  ): Promise<PointReach | undefined | null> {
    // A long point says how far it has got, every POINT_PROGRESS_MS (a short one never does).
    let progressDue = now() + POINT_PROGRESS_MS;
    const report = (done: number) => {
      const t = now();
      if (t < progressDue) return;
      progressDue = t + POINT_PROGRESS_MS;
      post({ type: 'point-progress', runId, index, done: Math.min(1, Math.max(0, done)) });
    };
    if (!length) {
      while (!run.done) {
        run.stepFor(sliceMs, now, batch);
        report(run.iteration / run.totalIterations);
        await pause();
        await whileHeld();
        if (latest !== runId) return null;
      }
      return undefined;
    }
    const needed = pointTargetUs(run.scenario, length);
    const least = length.minIterations ?? 0;
    const ranks = jobRanks(run.scenario);
    let simulated = 0;
    let counted = 0;
    // Never before one measured iteration: a point must have a mean.
    const enough = () =>
      counted >= 1 &&
      ((counted >= least && simulated >= needed) ||
        capsSpent(length, run.noiseEvents, ranks, run.iteration));
    while (!run.done && !enough()) {
      const until = now() + sliceMs;
      do {
        run.step(
          nextBlock(
            run.noiseEvents,
            run.iteration,
            length.maxEvents,
            ranks,
            length.maxRankIterations,
          ),
        );
        for (; counted < run.measured; counted++) simulated += run.durations[counted];
      } while (!run.done && !enough() && now() < until);
      report(Math.max(run.iteration / run.totalIterations, needed > 0 ? simulated / needed : 0));
      await pause();
      await whileHeld();
      if (latest !== runId) return null;
    }
    return {
      simulatedUs: simulated,
      neededUs: needed,
      precision: reachedPrecision(run.scenario, simulated),
    };
  }

  /** A point's scenario run no further than its caps let the point go (iterationsUnderCap). */
  function capped(s: Scenario, length: PointLength): Scenario {
    const most = iterationsUnderCap(length, jobRanks(s), s.workload.warmup);
    if (!(most < s.workload.iterations)) return s;
    return { ...s, workload: { ...s.workload, iterations: most } };
  }

  /** the points of the pass last asked for, by its runId */
  let planned: { runId: number; points: ReturnType<typeof planSweep> } | null = null;

  /** Runs the sweep's points one after the other, each in slices, yielding between slices. */
  async function driveSweep({ runId, base, varies, indices, length }: SweepRequest): Promise<void> {
    const start = now();
    try {
      // A pass whose points stop once precise plans each at most as long as the validator
      // allows it (sweep.ts fitToLimits): its nominal length is a cap, not its meaning.
      // The page sends a pass one point at a time (src/state/sweep.svelte.ts): the plan of its
      // points is made once per pass.
      if (planned?.runId !== runId) {
        planned = { runId, points: planSweep(base, varies, { fitToLimits: length !== undefined }) };
      }
      const points = planned.points;
      const wanted = indices ?? points.map((_, i) => i);
      for (const index of wanted) {
        const point = points[index];
        if (point === undefined) {
          throw new Error(`sweep point ${index} does not exist (the sweep has ${points.length})`);
        }
        const run = createRun(length ? capped(point.scenario, length) : point.scenario);
        const reach = await stepPoint(run, runId, index, length);
        if (reach === null) return;
        post({
          type: 'point',
          runId,
          index,
          total: points.length,
          assignments: point.assignments,
          result: resultOf(run),
          ...(reach ? { reach } : {}),
        });
      }
      post({ type: 'sweep-done', runId, points: wanted.length, wallMs: now() - start });
    } catch (error) {
      if (latest !== runId) return;
      post({
        type: 'error',
        runId,
        message: error instanceof Error ? error.message : String(error),
      });
    }
    if (latest === runId) latest = null;
  }

  return ({ data }) => {
    if (data.type === 'run') {
      latest = data.runId;
      return drive(data);
    }
    if (data.type === 'sweep') {
      latest = data.runId;
      return driveSweep(data);
    }
    if (data.type === 'trace') {
      // The timeline's trace: answered in one go, leaves `latest` alone (trace-handler.ts).
      // Loaded on first use, so the run loop's module does not grow for pages that never ask.
      return import('./trace-handler.ts').then(({ handleTrace }) => handleTrace(data, post, now));
    }
    if (data.type === 'ripple') {
      // The ripple view's pair of small runs: answered in one go, like a trace.
      return import('./ripple-handler.ts').then(({ handleRipple }) =>
        handleRipple(data, post, now),
      );
    }
    if (data.type === 'hold') {
      held = data.held;
      if (!held) {
        const wake = waiting;
        waiting = [];
        for (const resolve of wake) resolve();
      }
      return Promise.resolve();
    }
    if (data.type === 'cancel') {
      if (data.runId === latest) latest = null;
      // Acknowledged even for a run already over: the page waits for it to know we answer.
      post({ type: 'cancelled', runId: data.runId });
    }
    return Promise.resolve();
  };
}
