// Traces for the timeline view as the page sees them: a few iterations of a barrier scenario on
// a handful of nodes (src/engine/trace.ts), computed in the view worker the page's small runs
// share (view-worker.ts; the page's runs give it, sweeps.svelte.ts: useTraces). A request
// is a list of scenarios traced one after the other with the same options; the later ones show
// the nodes the first one chose, so two timelines (random and aligned noise) have the same rows.
// The traces of a request are published together when the last one arrives (the view switches
// from one window to the next at once, without a half-drawn state); until then the previous
// request's stay on show. The latest request wins: answers to an older one are dropped.
import type { Trace, TraceOptions } from '../engine/trace.ts';
import type { WorkerMessage } from '../protocol.ts';
import type { Scenario } from '../scenario/types.ts';
import type { ViewWorker } from './view-worker.ts';

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
  readonly #worker: ViewWorker;
  #active: number | null = null;
  #queue: Scenario[] = [];
  /** the request under way: its scenarios and the traces received so far */
  #requested: Scenario[] = [];
  #received: Trace[] = [];
  #options: TraceOptions = { firstIteration: 0, iterations: 1 };

  constructor(worker: ViewWorker) {
    this.#worker = worker;
  }

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
    // the request it replaces: its answer is not wanted, and not even asked for if still kept
    if (this.#active !== null) this.#worker.drop(this.#active);
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
    if (this.#active !== null) this.#worker.drop(this.#active);
    this.#active = null;
    this.#queue = [];
    if (this.#status === 'running') this.#status = 'idle';
  }

  /** The view is going: drops the request under way (the worker is the page's). */
  dispose(): void {
    this.cancel();
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
    const runId = this.#worker.nextId();
    this.#active = runId;
    const first = this.#received[0];
    const options: TraceOptions =
      first && this.#options.nodes === undefined
        ? { ...this.#options, nodes: first.nodes.map((n) => n.node) }
        : this.#options;
    this.#worker.send(
      { type: 'trace', runId, scenario, options },
      {
        answer: (message) => this.#receive(message),
        crashed: (reason) => this.#crashed(reason),
      },
    );
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

  /** The worker died (the next request starts a fresh one): say so. */
  #crashed(reason: string): void {
    this.cancel();
    this.#status = 'error';
    this.#error = `The timeline's worker stopped: ${reason}. Change a control to try again.`;
  }
}
