// The messages between the page and the engine worker: the only thing the two
// sides share besides the engine's types. Every message carries the run id the
// page chose; the latest run wins, and the page ignores messages from any other.
import type { PackedReport } from './engine/part-report.ts';
import type { RunResult } from './engine/result.ts';
import type { Vary } from './engine/sweep.ts';
import type { PointLength, PointReach } from './engine/point-length.ts';
import type { Ripple, RippleOptions } from './engine/ripple.ts';
import type { Trace, TraceOptions } from './engine/trace.ts';
import type { Scenario } from './scenario/types.ts';

/** Page → worker: start a run. Abandons any older run at its next batch boundary. */
export interface RunRequest {
  type: 'run';
  runId: number;
  /** already validated on the page (validateScenario / parseScenarioText): the worker trusts it */
  scenario: Scenario;
}

/** Page → worker: stop run `runId` at its next batch boundary; nothing more is posted for it. */
export interface CancelRequest {
  type: 'cancel';
  runId: number;
}

/**
 * Page → worker: run a sweep, the points of planSweep(base, varies) (each with its child seed,
 * so a point's numbers do not depend on the others), streaming one 'point' message each. The
 * base need not be validated: every point is, and an invalid one fails the whole sweep before
 * anything runs. `indices`, if given, runs only those points (a pool of workers shares a sweep
 * this way and gets the same numbers as one worker). Latest request wins, as for runs.
 */
export interface SweepRequest {
  type: 'sweep';
  runId: number;
  base: Scenario;
  varies: Vary[];
  indices?: number[];
  /**
   * Run each point only until it has simulated long enough to have met every source that matters
   * (src/engine/point-length.ts), in blocks of POINT_BLOCK iterations; absent, each point runs
   * all its iterations. Its 'point' message then says how far it got (`reach`).
   */
  length?: PointLength;
}

/**
 * Page → worker: trace a few iterations of a barrier scenario on a handful of nodes (the
 * timeline view; src/engine/trace.ts). Answered at once by one 'trace' or 'error' message; it
 * does not touch a run or sweep under way in the same worker.
 */
export interface TraceRequest {
  type: 'trace';
  runId: number;
  /** already validated on the page: the worker trusts it */
  scenario: Scenario;
  options: TraceOptions;
}

/**
 * Page → worker: the ripple view's pair of runs, a halo exchange and a barrier on a small grid
 * (src/engine/ripple.ts). Answered at once by one 'ripple' or 'error' message, like a trace.
 */
export interface RippleRequest {
  type: 'ripple';
  runId: number;
  /** already validated on the page: the worker trusts it */
  scenario: Scenario;
  options: RippleOptions;
}

/**
 * Page → sweep worker: hold the sweep under way at its next slice (`held`), or let it go on. The
 * page holds its sweeps while its own run is under way: on a laptop of two cores a sweep slowed
 * the first numbers after a change from about 100 ms to 170 (docs/benchmarks.md). A sweep
 * cancelled while held ends when released, posting nothing.
 */
export interface HoldRequest {
  type: 'hold';
  held: boolean;
}

export type PageMessage =
  RunRequest | CancelRequest | SweepRequest | TraceRequest | RippleRequest | HoldRequest;

/** Worker → page: a run is under way; `partial` summarises the iterations done so far. */
export interface ProgressMessage {
  type: 'progress';
  runId: number;
  /** iterations completed, warm-up included */
  iteration: number;
  /** iterations the run will do in all, warm-up included */
  total: number;
  partial: RunResult;
}

/** Worker → page: the run finished; the last message for `runId`. */
export interface DoneMessage {
  type: 'done';
  runId: number;
  result: RunResult;
  /** ms of wall-clock time in the worker, from the request to the result */
  wallMs: number;
  /** threads the run was split over (src/engine/partitioned-run.ts); 1: not split */
  threads: number;
}

/** Worker → page: the run failed (an engine exception); the last message for `runId`. */
export interface ErrorMessage {
  type: 'error';
  runId: number;
  message: string;
}

/** Worker → page: one point of a sweep is done. */
export interface PointMessage {
  type: 'point';
  runId: number;
  /** the point's index in planSweep's order */
  index: number;
  /** points in the whole sweep */
  total: number;
  assignments: { path: string; value: unknown }[];
  result: RunResult;
  /** with a `length`: the simulated time the point ran against what its sources needed */
  reach?: PointReach;
}

/**
 * Worker → page: how far a sweep's point under way has got, now and then (at most every
 * POINT_PROGRESS_MS) while a point runs long, so that the page can show a long sweep moving and
 * say how long it has left before its first point is done.
 */
export interface PointProgressMessage {
  type: 'point-progress';
  runId: number;
  index: number;
  /** the share of the point's run done, 0 to 1: its iterations done of all (a point that stops
   * once precise: the larger of that and its simulated time against what it needs) */
  done: number;
}

/** ms at least between a point's PointProgressMessages */
export const POINT_PROGRESS_MS = 1000;

/** Worker → page: every requested point of the sweep is done; the last message for `runId`. */
export interface SweepDoneMessage {
  type: 'sweep-done';
  runId: number;
  /** points this worker ran */
  points: number;
  wallMs: number;
}

/** Worker → page: the trace a TraceRequest asked for. */
export interface TraceMessage {
  type: 'trace';
  runId: number;
  trace: Trace;
  /** ms of wall-clock time in the worker */
  wallMs: number;
}

/** Worker → page: the runs a RippleRequest asked for. */
export interface RippleMessage {
  type: 'ripple';
  runId: number;
  ripple: Ripple;
  /** ms of wall-clock time in the worker */
  wallMs: number;
}

/**
 * Worker → page: the cancel of `runId` was read and the run dropped. It proves the worker
 * answers: a page that does not get it soon closes the worker (simulation.svelte.ts).
 */
export interface CancelledMessage {
  type: 'cancelled';
  runId: number;
}

/**
 * Worker → page: run `runId` is alive, sent every HEARTBEAT_MS while it waits on its part workers
 * (whose steps can outlast the page's patience: a part's first step loads it and builds its
 * nodes). A worker stuck in its own loop sends none, and the page notices (simulation.svelte.ts).
 */
export interface AliveMessage {
  type: 'alive';
  runId: number;
}

/** ms between a waiting run's AliveMessages */
export const HEARTBEAT_MS = 1000;

export type WorkerMessage =
  | AliveMessage
  | ProgressMessage
  | DoneMessage
  | ErrorMessage
  | CancelledMessage
  | PointMessage
  | PointProgressMessage
  | SweepDoneMessage
  | TraceMessage
  | RippleMessage;

// A partitioned run (src/engine/partitioned-run.ts): the engine worker running a whole machine
// splits the nodes over part workers of its own and exchanges one message each way per iteration.

/** Engine worker → part worker: build the run of job nodes [lo, hi). Sent once, first. */
export interface PartInit {
  type: 'part-init';
  /** validated already (the page did): the part trusts it */
  scenario: Scenario;
  lo: number;
  hi: number;
  /** every rank visited (BarrierRun exact): the part must draw as the whole run does */
  exact: boolean;
}

/** Engine worker → part worker: run the next iteration, released at t (µs). */
export interface PartStep {
  type: 'part-step';
  t: number;
  /** include the range's lost time per node in the report */
  delays: boolean;
}

export type PartRequest = PartInit | PartStep;

/** Part worker → engine worker: one reply per PartStep, in order. */
export type PartReply =
  | { type: 'part-report'; packed: PackedReport }
  /** `limit`: the run passed its bound (engine/run-limit.ts), not a broken part */
  | { type: 'part-error'; message: string; limit?: boolean };
