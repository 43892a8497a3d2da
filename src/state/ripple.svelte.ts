// The ripple view's runs as the page sees them: a halo exchange and a barrier on a small grid
// (src/engine/ripple.ts), computed in an engine worker of its own. The latest request wins:
// answers to an older one are dropped, and the last answer stays on show until the next arrives.
import type { Ripple, RippleOptions } from '../engine/ripple.ts';
import type { PageMessage, WorkerMessage } from '../protocol.ts';
import type { Scenario } from '../scenario/types.ts';

export type RippleStatus = 'idle' | 'running' | 'done' | 'error';

export class Ripples {
  #status = $state<RippleStatus>('idle');
  #ripple = $state.raw<Ripple | null>(null);
  #error = $state<string | null>(null);
  /** ms of worker time for the last answer */
  #wallMs = $state(0);
  #worker: Worker | null = null;
  #runId = 0;
  #active: number | null = null;

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
    const runId = ++this.#runId;
    this.#active = runId;
    this.#post({
      type: 'ripple',
      runId,
      scenario: $state.snapshot(scenario) as Scenario,
      options: { ...options },
    });
  }

  dispose(): void {
    this.#active = null;
    this.#worker?.terminate();
    this.#worker = null;
  }

  #post(message: PageMessage): void {
    if (!this.#worker) {
      // A module URL for the bundler, not reactive state.
      // eslint-disable-next-line svelte/prefer-svelte-reactivity
      const worker = new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), {
        type: 'module',
      });
      worker.onmessage = (event: MessageEvent<WorkerMessage>) => this.#receive(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        this.dispose();
        this.#status = 'error';
        this.#error = `The ripple view's worker stopped: ${event.message || 'it failed to load'}. Change a control to try again.`;
      };
      this.#worker = worker;
    }
    this.#worker.postMessage(message);
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
