// The messages between the page and the engine worker: the only thing the two
// sides share besides the engine's types. Every message carries the run id the
// page chose; the latest run wins, and the page ignores messages from any other.
import type { RunResult } from './engine/result.ts';
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

export type PageMessage = RunRequest | CancelRequest;

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
}

/** Worker → page: the run failed (an engine exception); the last message for `runId`. */
export interface ErrorMessage {
  type: 'error';
  runId: number;
  message: string;
}

export type WorkerMessage = ProgressMessage | DoneMessage | ErrorMessage;
