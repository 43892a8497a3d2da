// The ripple view's runs as the page sees them: a halo exchange and a barrier on a small grid
// (src/engine/ripple.ts), computed in the view worker the page's small runs share
// (view-worker.ts; the page's runs give it, sweeps.svelte.ts: useRipples). The latest request wins:
// answers to an older one are dropped, and the last answer stays on show until the next arrives.
import type { Ripple, RippleOptions } from '../engine/ripple.ts';
import type { WorkerMessage } from '../protocol.ts';
import type { Scenario } from '../scenario/types.ts';
import type { ViewWorker } from './view-worker.ts';

export type RippleStatus = 'idle' | 'running' | 'done' | 'error';

export class Ripples {
  #status = $state<RippleStatus>('idle');
  #ripple = $state.raw<Ripple | null>(null);
  #error = $state<string | null>(null);
  /** ms of worker time for the last answer */
  #wallMs = $state(0);
  readonly #worker: ViewWorker;
  #active: number | null = null;

  constructor(worker: ViewWorker) {
    this.#worker = worker;
  }

  get status(): RippleStatus {
    return this.#status;
  }
  /** the last pair of runs completed */
  get ripple(): Ripple | null {
    return this.#ripple;
  }
  get error(): string | null {
    return this.#error;
  }
  get wallMs(): number {
    return this.#wallMs;
  }

  run(scenario: Scenario, options: RippleOptions): void {
    this.#status = 'running';
    this.#error = null;
    if (this.#active !== null) this.#worker.drop(this.#active);
    const runId = this.#worker.nextId();
    this.#active = runId;
    this.#worker.send(
      {
        type: 'ripple',
        runId,
        scenario: $state.snapshot(scenario) as Scenario,
        options: { ...options },
      },
      {
        answer: (message) => this.#receive(message),
        crashed: (reason) => {
          this.#active = null;
          this.#status = 'error';
          this.#error = `The ripple view's worker stopped: ${reason}. Change a control to try again.`;
        },
      },
    );
  }

  /** The view is going: drops the request under way (the worker is the page's). */
  dispose(): void {
    if (this.#active !== null) this.#worker.drop(this.#active);
    this.#active = null;
  }

  #receive(message: WorkerMessage): void {
    if (message.runId !== this.#active) return;
    if (message.type === 'ripple') {
      this.#active = null;
      this.#ripple = message.ripple;
      this.#wallMs = message.wallMs;
      this.#status = 'done';
    } else if (message.type === 'error') {
      this.#active = null;
      this.#status = 'error';
      this.#error = `The ripple runs failed: ${message.message}`;
    }
  }
}
