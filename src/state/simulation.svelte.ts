// A simulation run as the page sees it: owns the engine worker, sends it runs
// and cancels (src/protocol.ts), and keeps the status, progress and the latest
// result. Messages for any run but the current one are ignored. The worker is
// started at the first run; if it dies, the page says so and the next run
// starts a fresh one (not at once: a worker that cannot load would loop).
//
// Cancel means stop: a worker that does not acknowledge a cancel within
// CANCEL_GRACE_MS is closed (terminate), and the next run starts a fresh one. A
// run under way posts progress every quarter second or so; a worker silent for
// STALL_MS while a run is active is closed too, and the run is sent once more to a
// fresh worker (a run that was queued behind a stuck one), then given up.
import type { RunResult } from '../engine/result.ts';
import type { PageMessage, WorkerMessage } from '../protocol.ts';
import { estimateIterationMs, estimateRunSeconds } from '../scenario/cost.ts';
import type { Scenario } from '../scenario/types.ts';
import { remainingText } from '../format/numbers.ts';
import { Pace } from './pace.ts';
import { startEngineWorker } from './engine-worker.ts';
import { CANCEL_GRACE_MS, STALL_ITERATIONS, STALL_MS, WATCH_MS } from './watchdog-times.ts';

/** `waiting`: a long run that starts only when asked (run(…, true): the Run button) */
export type RunStatus = 'idle' | 'running' | 'done' | 'error' | 'cancelled' | 'waiting';

/** s: a run estimated longer than this (estimateRunSeconds) waits for a click on Run */
export const LONG_RUN_S = 60;

export { CANCEL_GRACE_MS, STALL_MS } from './watchdog-times.ts';

/** The clock and timers the watchdog uses (tests give their own). */
export interface SimulationHost {
  spawn: () => Worker;
  now: () => number;
  setInterval: (f: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

const browserHost: SimulationHost = {
  spawn: startEngineWorker,
  now: () => performance.now(),
  setInterval: (f, ms) => setInterval(f, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

export class Simulation {
  #status = $state<RunStatus>('idle');
  /** fraction of the iterations done, 0..1 */
  #progress = $state(0);
  #iteration = $state(0);
  #total = $state(0);
  /** partial while running or after a cancel, complete when done */
  #result = $state.raw<RunResult | null>(null);
  #error = $state<string | null>(null);
  /** ms the worker took for the last completed run */
  #wallMs = $state<number | null>(null);
  #threads = $state(1);
  /** a long run's time left, as text (remainingText); null when none is said */
  #remaining = $state<string | null>(null);
  /** s a waiting run is estimated to take; null unless the status is 'waiting' */
  #waitingS = $state<number | null>(null);
  /** performance.now() when the current run was asked for */
  #startedAt = 0;
  /** the current run's recent pace, for its time left */
  readonly #pace = new Pace();
  #worker: Worker | null = null;
  #runId = 0;
  /** the run whose messages count; null when none is under way */
  #active: number | null = null;
  readonly #host: SimulationHost;
  /** host time of the worker's last message (or of the request it has to answer) */
  #heard = 0;
  /** a cancel not yet acknowledged: its run and when it was sent */
  #cancelSent: { runId: number; at: number } | null = null;
  /** the active run's request, to send again to a fresh worker once */
  #request: PageMessage | null = null;
  #resent = false;
  #watch: unknown = null;
  /** ms of silence after which the active run's worker is deemed stuck */
  #stallMs = STALL_MS;

  constructor(host: SimulationHost = browserHost) {
    this.#host = host;
  }

  get status(): RunStatus {
    return this.#status;
  }
  get progress(): number {
    return this.#progress;
  }
  get iteration(): number {
    return this.#iteration;
  }
  get total(): number {
    return this.#total;
  }
  get result(): RunResult | null {
    return this.#result;
  }
  get error(): string | null {
    return this.#error;
  }
  /** while a long run goes: about how long it has left ("about 40 s left"); else null */
  get remaining(): string | null {
    return this.#remaining;
  }

  /** s a run waiting for a click is estimated to take (status 'waiting'); else null */
  get waitingSeconds(): number | null {
    return this.#waitingS;
  }

  /** threads the last completed run was split over (1: one engine worker) */
  get threads(): number {
    return this.#threads;
  }

  get wallMs(): number | null {
    return this.#wallMs;
  }

  /**
   * Starts a run of a validated scenario; a run under way is abandoned. One estimated over
   * LONG_RUN_S only when `asked` (the user pressed Run): otherwise it waits, and says so. A
   * change, a link or a restored autosave never starts an hour of work by itself.
   */
  run(scenario: Scenario, asked = false): void {
    const seconds = estimateRunSeconds(scenario);
    this.#stallMs = Math.max(STALL_MS, STALL_ITERATIONS * estimateIterationMs(scenario));
    if (!asked && seconds > LONG_RUN_S) {
      this.cancel();
      this.#status = 'waiting';
      // The last run's numbers are another scenario's: not on show as if they were this one's.
      this.#result = null;
      this.#wallMs = null;
      this.#waitingS = seconds;
      this.#total = scenario.workload.iterations;
      this.#progress = 0;
      this.#iteration = 0;
      this.#error = null;
      return;
    }
    this.#waitingS = null;
    // For the browser bench: long tasks from here on happen "while simulating".
    performance.mark('noiselab:run');
    const runId = ++this.#runId;
    this.#active = runId;
    this.#status = 'running';
    this.#progress = 0;
    this.#iteration = 0;
    this.#total = scenario.workload.iterations;
    // The last result stays until the new run's first numbers replace it (a tenth of a second):
    // the page's numbers and charts move instead of blanking at every change.
    this.#error = null;
    this.#wallMs = null;
    this.#remaining = null;
    this.#startedAt = performance.now();
    this.#pace.reset(this.#startedAt);
    // $state.snapshot: a plain copy the structured clone accepts.
    const request: PageMessage = { type: 'run', runId, scenario: $state.snapshot(scenario) };
    this.#request = request;
    this.#resent = false;
    this.#heard = this.#host.now();
    this.#send(request);
    this.#watchdog();
  }

  /** Stops the run under way; its partial result stays on show. */
  cancel(): void {
    if (this.#active === null) return;
    const runId = this.#active;
    this.#send({ type: 'cancel', runId });
    this.#cancelSent = { runId, at: this.#host.now() };
    this.#active = null;
    this.#request = null;
    this.#status = 'cancelled';
    this.#remaining = null;
    this.#watchdog();
  }

  /** Forgets the last run (the scenario changed): back to idle. */
  reset(): void {
    this.cancel();
    this.#status = 'idle';
    this.#waitingS = null;
    this.#remaining = null;
    this.#progress = 0;
    this.#iteration = 0;
    this.#result = null;
    this.#error = null;
    this.#wallMs = null;
  }

  dispose(): void {
    this.#active = null;
    this.#cancelSent = null;
    this.#worker?.terminate();
    this.#worker = null;
    this.#unwatch();
  }

  /** Looks at the worker every WATCH_MS while a run or a cancel waits on it. */
  #watchdog(): void {
    if (this.#watch === null) this.#watch = this.#host.setInterval(() => this.#look(), WATCH_MS);
  }

  #unwatch(): void {
    if (this.#watch !== null) this.#host.clearInterval(this.#watch);
    this.#watch = null;
  }

  #look(): void {
    const now = this.#host.now();
    if (this.#cancelSent !== null && now - this.#cancelSent.at > CANCEL_GRACE_MS) {
      // It did not read the cancel: it is inside a step that does not end. Close it; a run
      // asked for since then goes to a fresh worker.
      this.#cancelSent = null;
      this.#replaceWorker();
      this.#error =
        `The run did not stop within ${CANCEL_GRACE_MS / 1000} s of Cancel, so its worker ` +
        'was closed; the next run starts a fresh one.';
      if (this.#active !== null && this.#request !== null) this.#send(this.#request);
      this.#heard = now;
    } else if (this.#active !== null && now - this.#heard > this.#stallMs) {
      if (this.#resent || this.#request === null) {
        this.#crashed(
          `it stopped answering (no progress for ${Math.round(this.#stallMs / 1000)} s, twice); ` +
            'the scenario may need more than this page can give it',
        );
      } else {
        this.#resent = true;
        this.#replaceWorker();
        this.#send(this.#request);
        this.#heard = now;
      }
    }
    if (this.#active === null && this.#cancelSent === null) this.#unwatch();
  }

  /** Closes the worker; the next message starts a fresh one. */
  #replaceWorker(): void {
    this.#worker?.terminate();
    this.#worker = null;
  }

  #send(message: PageMessage): void {
    this.#worker ??= this.#start();
    this.#worker.postMessage(message);
  }

  #start(): Worker {
    const worker = this.#host.spawn();
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => this.#receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker === this.#worker) this.#crashed(event.message || 'it failed to load or stopped');
    };
    worker.onmessageerror = () => {
      if (worker === this.#worker) this.#crashed('a message from it could not be read');
    };
    return worker;
  }

  #receive(message: WorkerMessage): void {
    this.#heard = this.#host.now();
    if (message.type === 'cancelled' && message.runId === this.#cancelSent?.runId) {
      this.#cancelSent = null;
    }
    if (message.runId !== this.#active) return;
    switch (message.type) {
      case 'progress': {
        this.#iteration = message.iteration;
        this.#progress = message.iteration / message.total;
        this.#result = message.partial;
        const now = performance.now();
        this.#remaining = remainingText(
          now - this.#startedAt,
          this.#progress,
          this.#pace.note(now, this.#progress),
        );
        break;
      }
      case 'done':
        this.#active = null;
        this.#request = null;
        this.#error = null; // a note about an earlier worker closed on Cancel is now history
        this.#status = 'done';
        this.#iteration = this.#total;
        this.#progress = 1;
        this.#result = message.result;
        this.#wallMs = message.wallMs;
        this.#threads = message.threads;
        this.#remaining = null;
        break;
      case 'error':
        this.#active = null;
        this.#request = null;
        this.#status = 'error';
        this.#remaining = null;
        this.#error = `The simulation failed: ${message.message}`;
        break;
    }
  }

  /** The worker died: say so; the next run starts a fresh one. */
  #crashed(reason: string): void {
    this.#worker?.terminate();
    this.#worker = null;
    this.#active = null;
    this.#request = null;
    this.#cancelSent = null;
    this.#status = 'error';
    this.#remaining = null;
    this.#error = `The simulation worker stopped: ${reason}. Press Run to start a fresh one.`;
  }
}
