// Runs the points of a sweep, in this thread or on a pool of node:worker_threads Workers
// (src/cli/sweep-worker.ts). Points differ a lot in cost (a 1-node point is over in a
// millisecond, a full-machine one takes seconds), so they are handed out from a queue, one at
// a time, to whichever worker is free, the largest first (so that the sweep does not end
// waiting for one worker on the biggest point while the others idle); results come back in
// point order whatever order they finish in. The engine is deterministic and each point carries its own seed, so the results
// are the same for any number of threads; only the wall times differ.
//
// The workers run TypeScript, as this thread does. They get this process's execArgv (which
// holds tsx's --import when launched through tsx: `npm run sim`, bin/noiselab.mjs,
// `node --import tsx`) plus sweep-worker-tsx.mjs, which registers tsx's loader in the worker:
// on Node 20 tsx does not do so in worker threads, and neither does vitest's transform.
import { Worker } from 'node:worker_threads';
import {
  createRun,
  type PrecisionReach,
  resultOf,
  runToPrecision,
  type RunResult,
  type SweepPoint,
} from '../engine/index.ts';
import type { Scenario } from '../scenario/index.ts';
import { messageOf } from './errors.ts';

export interface PointResult {
  result: RunResult;
  /** ms to build and run the point and build its result (unrounded) */
  wallMs: number;
  /** with a precision: how the run stopped (precision-run.ts) */
  reach?: PrecisionReach;
}

/** What the pool posts to a worker: run this point, to a precision if one is given. */
export interface PointRequest {
  index: number;
  scenario: Scenario;
  precision?: number;
}

/** What a worker posts back: the point's result, or why it failed. */
export type PointReply = ({ index: number } & PointResult) | { index: number; error: string };

/**
 * Runs one validated scenario, timing the run and building its result: all its iterations, or
 * with a `precision` until its mean is known to it (its iterations then the cap).
 */
export function timePoint(scenario: Scenario, precision?: number): PointResult {
  const t0 = performance.now();
  const run = createRun(scenario);
  if (precision === undefined) {
    const result = resultOf(run.run());
    return { result, wallMs: performance.now() - t0 };
  }
  const reach = runToPrecision(run, precision);
  const result = resultOf(run);
  return { result, wallMs: performance.now() - t0, reach };
}

const WORKER = new URL('./sweep-worker.ts', import.meta.url);
const TSX_PRELOAD = new URL('./sweep-worker-tsx.mjs', import.meta.url).href;

/** Node options for the workers: this process's, then the preload that lets them run TS. */
function workerExecArgv(): string[] {
  return [...process.execArgv, '--import', TSX_PRELOAD];
}

/** A rough cost of a point, to hand out the largest first: rank-iterations. */
function cost(s: Scenario): number {
  return s.job.nodes * s.job.ranksPerNode * s.workload.iterations;
}

/** Point indexes, the costliest first; points of equal cost stay in order. */
export function dispatchOrder(points: SweepPoint[]): number[] {
  const costs = points.map((p) => cost(p.scenario));
  return points.map((_, i) => i).sort((a, b) => costs[b] - costs[a] || a - b);
}

/** `job.nodes=64, seed=3` for a point, to name it in a message. */
function pointName(points: SweepPoint[], index: number): string {
  const values = points[index].assignments.map((a) => `${a.path}=${JSON.stringify(a.value)}`);
  return `point ${index + 1} of ${points.length}${values.length ? ` (${values.join(', ')})` : ''}`;
}

/**
 * Runs every point and returns the results in point order. With `threads` ≤ 1 the points run
 * here, one after the other; otherwise on min(threads, points.length) workers, which are
 * terminated before the promise settles, whether it resolves or rejects.
 */
export async function runPoints(
  points: SweepPoint[],
  threads: number,
  precision?: number,
): Promise<PointResult[]> {
  if (threads <= 1 || points.length === 0) {
    return points.map((p) => timePoint(p.scenario, precision));
  }
  const count = Math.min(threads, points.length);
  const results: PointResult[] = new Array(points.length);
  const queue = dispatchOrder(points);
  const workers: Worker[] = [];
  let next = 0;
  let done = 0;
  let settled = false;

  return new Promise<PointResult[]>((resolve, reject) => {
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      // Settle only once every worker has stopped, so none outlives the sweep.
      void Promise.allSettled(workers.map((w) => w.terminate())).then(() =>
        err ? reject(err) : resolve(results),
      );
    };
    const feed = (w: Worker) => {
      if (next >= queue.length) return;
      const index = queue[next++];
      const request: PointRequest = { index, scenario: points[index].scenario, precision };
      try {
        w.postMessage(request);
      } catch (err) {
        // A scenario that cannot be copied to a worker (not plain data): never a valid one.
        finish(new Error(`sweep ${pointName(points, index)} cannot be sent: ${messageOf(err)}`));
      }
    };
    const onReply = (w: Worker, reply: PointReply) => {
      if (settled) return;
      if ('error' in reply) {
        finish(new Error(`sweep ${pointName(points, reply.index)} failed: ${reply.error}`));
        return;
      }
      const { index, ...result } = reply;
      results[index] = result;
      if (++done === points.length) finish();
      else feed(w);
    };
    try {
      const execArgv = workerExecArgv();
      // Stop starting workers once the sweep has failed: finish() stops only those started.
      for (let k = 0; k < count && !settled; k++) {
        const w = new Worker(WORKER, { execArgv });
        workers.push(w);
        w.on('message', (reply: PointReply) => onReply(w, reply));
        w.on('error', (err) =>
          finish(new Error(`a sweep worker failed: ${messageOf(err).split('\n')[0]}`)),
        );
        w.on('messageerror', (err) =>
          finish(new Error(`a sweep worker sent an unreadable message: ${messageOf(err)}`)),
        );
        w.on('exit', (code) => {
          if (!settled) finish(new Error(`a sweep worker stopped early (exit code ${code})`));
        });
        feed(w);
      }
    } catch (err) {
      finish(new Error(`cannot start the sweep workers: ${messageOf(err).split('\n')[0]}`));
    }
  });
}
