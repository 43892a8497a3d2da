// The one engine worker the page's small view runs share: the timeline's traces and the ripple
// view's pairs of runs (trace.svelte.ts, ripple.svelte.ts). Each request is answered at once by
// one message with its run id (src/protocol.ts), so one worker serves every view in the order
// asked and the page starts one thread for them, not one per view. The page's runs
// (Sweeps, sweeps.svelte.ts) own it and end it with the page.
import type { PageMessage, WorkerMessage } from '../protocol.ts';
import { startEngineWorker } from './engine-worker.ts';

/** What a view gives with a request: what to do with its answer, or with the worker's end. */
export interface ViewRequestHandler {
  answer(message: WorkerMessage): void;
  /** the worker stopped before answering (`reason` says how); the next request starts anew */
  crashed(reason: string): void;
}

export class ViewWorker {
  #worker: Worker | null = null;
  #lastId = 0;
  /** requests sent and not yet answered, by run id */
  readonly #waiting = new Map<number, ViewRequestHandler>();
  readonly #spawn: () => Worker;
  readonly #later: (f: () => void) => void;
  /** requests asked for while held, not yet posted, oldest first */
  #unsent: (PageMessage & { runId: number })[] = [];
  #held = false;

  /** `later` runs a function in a task of its own (tests give their own) */
  constructor(
    spawn: () => Worker = startEngineWorker,
    later: (f: () => void) => void = (f) => setTimeout(f, 0),
  ) {
    this.#spawn = spawn;
    this.#later = later;
  }

  /** A run id no other request to this worker has (ids are per worker, not per view). */
  nextId(): number {
    return ++this.#lastId;
  }

  /** whether the worker is started (it starts with the first request) */
  get started(): boolean {
    return this.#worker !== null;
  }

  /** Sends `message`; its answer (the message with its run id) goes to `handler`. */
  send(message: PageMessage & { runId: number }, handler: ViewRequestHandler): void {
    this.#waiting.set(message.runId, handler);
    // behind any kept ones still to go (hold), in the order asked
    if (this.#held || this.#unsent.length > 0) this.#unsent.push(message);
    else this.#start().postMessage(message);
  }

  /** Forgets the request of `runId`: its answer, when it comes, goes nowhere; held, it is never
   * posted (a trace cannot be stopped once the worker has it). */
  drop(runId: number): void {
    this.#waiting.delete(runId);
    this.#unsent = this.#unsent.filter((m) => m.runId !== runId);
  }

  /**
   * Keeps the requests asked for from now on (`held`), or posts those kept, in order, and lets
   * the next ones go. The page's sweeps hold them while closed (Sweeps.close): until the page
   * has opened its link the views show the default scenario, and a trace of it (the better part
   * of a second on a whole machine, on a core the link's run needs) would only be thrown away.
   */
  hold(held: boolean): void {
    if (this.#held === held) return;
    this.#held = held;
    if (held) return;
    // In a task of its own: a view let go by the same change drops its old request first.
    this.#later(() => {
      if (this.#held) return;
      const unsent = this.#unsent;
      this.#unsent = [];
      for (const message of unsent) this.#start().postMessage(message);
    });
  }

  /** Ends the worker; the requests under way are forgotten (the page is going). */
  dispose(): void {
    this.#waiting.clear();
    this.#unsent = [];
    this.#worker?.terminate();
    this.#worker = null;
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = this.#spawn();
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const handler = this.#waiting.get(event.data.runId);
      if (!handler) return;
      this.#waiting.delete(event.data.runId);
      handler.answer(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.#crashed(event.message || 'it failed to load or stopped');
    };
    this.#worker = worker;
    return worker;
  }

  /** The worker died: every request under way hears it, and the next request starts a new one. */
  #crashed(reason: string): void {
    const handlers = [...this.#waiting.values()];
    this.dispose();
    for (const handler of handlers) handler.crashed(reason);
  }
}
