// Traces for the timeline view as the page sees them: a few iterations of a barrier scenario on
// a handful of nodes (src/engine/trace.ts), computed in one engine worker of its own. A request
// is a list of scenarios traced one after the other with the same options; the later ones show
// the nodes the first one chose, so two timelines (random and aligned noise) have the same rows.
// The traces of a request are published together when the last one arrives (the view switches
// from one window to the next at once, without a half-drawn state); until then the previous
// request's stay on show. The latest request wins: answers to an older one are dropped.
import type { Trace, TraceOptions } from '../engine/trace.ts';
import type { PageMessage, WorkerMessage } from '../protocol.ts';
import type { Scenario } from '../scenario/types.ts';

export type TraceStatus = 'idle' | 'running' | 'done' | 'error';

export class Traces {
  #status = $state<TraceStatus>('idle');
  #traces = $state.raw<Trace[]>([]);
  /** the scenarios of the request on show, as traced (a trace's source indices refer to them) */
  #scenarios = $state.raw<Scenario[]>([]);
  #error = $state<string | null>(null);
  /** ms of worker time for the whole request */
  #wallMs = $state(0);
  #elapsed = 0;
  #worker: Worker | null = null;
  #runId = 0;
  #active: number | null = null;
  #queue: Scenario[] = [];
  /** the request under way: its scenarios and the traces received so far */
  #requested: Scenario[] = [];
  #received: Trace[] = [];
  #options: TraceOptions = { firstIteration: 0, iterations: 1 };

  get status(): TraceStatus {
    return this.#status;
  }
  /** the traces of the last request completed, in the order of its scenarios */
  get traces(): Trace[] {
    return this.#traces;
  }
  /** the scenarios of those traces (plain snapshots), in order */
  get scenarios(): Scenario[] {
    return this.#scenarios;
  }
  get error(): string | null {
    return this.#error;
  }
  get wallMs(): number {
    return this.#wallMs;
  }

  /** Traces every scenario with `options`; the later ones on the first one's nodes. */
  run(scenarios: Scenario[], options: TraceOptions): void {
    this.#status = 'running';
    this.#error = null;
    this.#requested = scenarios.map((s) => $state.snapshot(s) as Scenario);
    this.#received = [];
    this.#queue = [...this.#requested];
    this.#elapsed = 0;
    this.#options = { ...options };
    this.#next();
  }

  /** Drops the request under way (its answers will be ignored). */
  cancel(): void {
    this.#active = null;
    this.#queue = [];
    if (this.#status === 'running') this.#status = 'idle';
  }

  dispose(): void {
    this.cancel();
    this.#worker?.terminate();
    this.#worker = null;
  }

  #next(): void {
    const scenario = this.#queue.shift();
    if (!scenario) {
      this.#active = null;
      this.#traces = this.#received;
      this.#scenarios = this.#requested;
      this.#wallMs = this.#elapsed;
      this.#status = 'done';
      return;
    }
    const runId = ++this.#runId;
    this.#active = runId;
    const first = this.#received[0];
    const options: TraceOptions =
      first && this.#options.nodes === undefined
        ? { ...this.#options, nodes: first.nodes.map((n) => n.node) }
        : this.#options;
    this.#post({ type: 'trace', runId, scenario, options });
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
        this.#crashed(event.message || 'it failed to load or stopped');
      };
      this.#worker = worker;
    }
    this.#worker.postMessage(message);
  }

  #receive(message: WorkerMessage): void {
    if (message.runId !== this.#active) return;
    if (message.type === 'trace') {
      this.#received.push(message.trace);
      this.#elapsed += message.wallMs;
      this.#next();
    } else if (message.type === 'error') {
      this.cancel();
      this.#status = 'error';
      this.#error = `The trace failed: ${message.message}`;
    }
  }

  /** The worker died: drop it (the next request starts a fresh one) and say so. */
  #crashed(reason: string): void {
    this.dispose();
    this.#status = 'error';
    this.#error = `The timeline's worker stopped: ${reason}. Change a control to try again.`;
  }
}
