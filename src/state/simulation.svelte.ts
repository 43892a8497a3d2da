// A simulation run as the page sees it: owns the engine worker, sends it runs
// and cancels (src/protocol.ts), and keeps the status, progress and the latest
// result. Messages for any run but the current one are ignored. The worker is
// started at the first run; if it dies, the page says so and the next run
// starts a fresh one (not at once: a worker that cannot load would loop).
import type { RunResult } from '../engine/result.ts';
import type { PageMessage, WorkerMessage } from '../protocol.ts';
import type { Scenario } from '../scenario/types.ts';
import { remainingText } from '../ui/format.ts';

export type RunStatus = 'idle' | 'running' | 'done' | 'error' | 'cancelled';

function startWorker(): Worker {
  // Inline `new URL(...)` inside `new Worker(...)`: the form Vite bundles.
  return new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), {
    type: 'module',
  });
}

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
  /** performance.now() when the current run was asked for */
  #startedAt = 0;
  #worker: Worker | null = null;
  #runId = 0;
  /** the run whose messages count; null when none is under way */
  #active: number | null = null;

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

  /** threads the last completed run was split over (1: one engine worker) */
  get threads(): number {
    return this.#threads;
  }

  get wallMs(): number | null {
    return this.#wallMs;
  }

  /** Starts a run of a validated scenario; a run under way is abandoned. */
  run(scenario: Scenario): void {
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
    // $state.snapshot: a plain copy the structured clone accepts.
    this.#send({ type: 'run', runId, scenario: $state.snapshot(scenario) });
  }

  /** Stops the run under way; its partial result stays on show. */
  cancel(): void {
    if (this.#active === null) return;
    this.#send({ type: 'cancel', runId: this.#active });
    this.#active = null;
    this.#status = 'cancelled';
    this.#remaining = null;
  }

  /** Forgets the last run (the scenario changed): back to idle. */
  reset(): void {
    this.cancel();
    this.#status = 'idle';
    this.#remaining = null;
    this.#progress = 0;
    this.#iteration = 0;
    this.#result = null;
    this.#error = null;
    this.#wallMs = null;
  }

  dispose(): void {
    this.#active = null;
    this.#worker?.terminate();
    this.#worker = null;
  }

  #send(message: PageMessage): void {
    this.#worker ??= this.#start();
    this.#worker.postMessage(message);
  }

  #start(): Worker {
    const worker = startWorker();
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
    if (message.runId !== this.#active) return;
    switch (message.type) {
      case 'progress':
        this.#iteration = message.iteration;
        this.#progress = message.iteration / message.total;
        this.#result = message.partial;
        this.#remaining = remainingText(performance.now() - this.#startedAt, this.#progress);
        break;
      case 'done':
        this.#active = null;
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
    this.#status = 'error';
    this.#remaining = null;
    this.#error = `The simulation worker stopped: ${reason}. Press Run to start a fresh one.`;
  }
}
