// A sweep as the page sees it (the charts' data): its points' results as they arrive, from a
// small pool of engine workers that share the points (round robin by index). Every point has
// its own child seed (src/engine/sweep.ts), so the numbers do not depend on the pool's size or
// on which worker ran a point. The latest sweep wins: starting one abandons the previous.
// The page's sweeps run one at a time, in the order they were asked for: the views higher on
// the page ask first and fill in first, and sweeps do not split the few cores between them.
import { untrack } from 'svelte';
import type { RunResult } from '../engine/result.ts';
import type { Vary } from '../engine/sweep.ts';
import type { PageMessage, WorkerMessage } from '../protocol.ts';
import type { Scenario } from '../scenario/types.ts';

/** ms between redraws of a sweep's charts while points stream in */
const FLUSH_MS = 150;

/** 'queued': waiting for another view's sweep to finish */
export type SweepStatus = 'idle' | 'queued' | 'running' | 'done' | 'error' | 'cancelled';

export interface SweepPointResult {
  index: number;
  assignments: { path: string; value: unknown }[];
  result: RunResult;
}

function startWorker(): Worker {
  return new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), {
    type: 'module',
  });
}

/** Workers in the pool: the cores left after the page's own, at most 4, at least 1. */
export function defaultPoolSize(cores = globalThis.navigator?.hardwareConcurrency ?? 2): number {
  return Math.max(1, Math.min(4, cores - 1));
}

export class Sweep {
  /** sweeps waiting for their turn, oldest first, and the one under way */
  static #queue: Sweep[] = [];
  static #current: Sweep | null = null;
  /** every sweep with workers, and whether the page holds them (hold); plain: nothing on the
   * page draws from these */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  static #all = new Set<Sweep>();
  static #held = false;

  /**
   * Holds every sweep's workers at their next slice while the page's own run is under way
   * (`held`), or lets them go on. The views cancel and redo their sweeps when they see the run,
   * a few tasks later; holding at once leaves the cores to the run's first numbers.
   */
  static hold(held: boolean): void {
    if (Sweep.#held === held) return;
    Sweep.#held = held;
    for (const sweep of Sweep.#all) {
      for (let w = 0; w < sweep.#workers.length; w++) sweep.#post(w, { type: 'hold', held });
    }
  }

  /** Starts the next queued sweep if none is under way. */
  static #next(): void {
    while (Sweep.#current === null && Sweep.#queue.length > 0) {
      const sweep = Sweep.#queue.shift()!;
      const begin = sweep.#begin;
      sweep.#begin = null;
      if (begin) {
        Sweep.#current = sweep;
        // A task of its own: the views' effects that ask for sweeps run together, and
        // copying a scenario to the workers is not free.
        setTimeout(begin, 0);
      }
    }
  }

  /** This sweep no longer needs its turn (over, cancelled or never started): the next goes. */
  #release(): void {
    Sweep.#queue = Sweep.#queue.filter((s) => s !== this);
    this.#begin = null;
    if (Sweep.#current === this) {
      Sweep.#current = null;
      Sweep.#next();
    }
  }

  /** posts the queued sweep to the workers when its turn comes */
  #begin: (() => void) | null = null;
  #status = $state<SweepStatus>('idle');
  #points = $state.raw<SweepPointResult[]>([]);
  #total = $state(0);
  #error = $state<string | null>(null);
  #workers: Worker[] = [];
  #pending = 0;
  #runId = 0;
  #active: number | null = null;
  /** points received but not yet on show: the charts redraw at most every FLUSH_MS */
  #arrived: SweepPointResult[] = [];
  #flushTimer: ReturnType<typeof setTimeout> | null = null;
  readonly #poolSize: number;

  constructor(poolSize = defaultPoolSize()) {
    this.#poolSize = poolSize;
  }

  get status(): SweepStatus {
    return this.#status;
  }
  /** queued or running: more points are to come */
  get busy(): boolean {
    return this.#status === 'running' || this.#status === 'queued';
  }
  /** the points done so far, in index order */
  get points(): SweepPointResult[] {
    return this.#points;
  }
  get total(): number {
    return this.#total;
  }
  get error(): string | null {
    return this.#error;
  }

  /** what the sweep on show was started for (follow's keys); null: nothing, or stopped */
  #followed: readonly unknown[] | null = null;

  /**
   * For a view's effect: the sweep waits for the page's own run (the cores are few and the run
   * on show comes first). While `running`, a sweep under way stops, to be redone; after it,
   * `start` runs unless the sweep on show is already of `keys`, compared one by one by identity
   * (every edit makes a new scenario object, so a finished run does not redo a sweep).
   */
  follow(keys: readonly unknown[], running: boolean, start: () => void): void {
    if (running) {
      // untracked: the sweep's status changing must not re-run the caller's effect
      if (untrack(() => this.busy)) {
        this.cancel();
        this.#followed = null;
      }
      return;
    }
    const last = this.#followed;
    if (last && last.length === keys.length && last.every((k, i) => k === keys[i])) return;
    this.#followed = keys;
    start();
  }

  /** Runs every point of planSweep(base, varies), once the sweeps asked for earlier are done;
   * `total` is the number of points. */
  run(base: Scenario, varies: Vary[], total: number): void {
    this.cancel();
    const runId = ++this.#runId;
    this.#active = runId;
    this.#status = 'queued';
    this.#dropPending();
    this.#points = [];
    this.#total = total;
    this.#error = null;
    this.#begin = () => {
      if (this.#active !== runId) return; // cancelled before its turn came
      const plain = $state.snapshot(base) as Scenario;
      this.#status = 'running';
      const n = Math.min(this.#poolSize, Math.max(1, total));
      while (this.#workers.length < n) {
        this.#workers.push(this.#start());
        if (Sweep.#held) this.#post(this.#workers.length - 1, { type: 'hold', held: true });
      }
      Sweep.#all.add(this);
      this.#pending = n;
      for (let w = 0; w < n; w++) {
        const indices: number[] = [];
        for (let i = w; i < total; i += n) indices.push(i);
        this.#post(w, { type: 'sweep', runId, base: plain, varies, indices });
      }
    };
    Sweep.#queue.push(this);
    Sweep.#next();
  }

  cancel(): void {
    if (this.#active === null) return;
    this.#flush(); // what has arrived stays drawn
    if (this.#status === 'running') {
      for (let w = 0; w < this.#workers.length; w++) {
        this.#post(w, { type: 'cancel', runId: this.#active });
      }
    }
    this.#active = null;
    this.#status = 'cancelled';
    this.#release();
  }

  dispose(): void {
    this.#dropPending();
    this.#active = null;
    this.#release();
    for (const w of this.#workers) w.terminate();
    this.#workers = [];
    Sweep.#all.delete(this);
  }

  #post(w: number, message: PageMessage): void {
    this.#workers[w].postMessage(message);
  }

  #start(): Worker {
    const worker = startWorker();
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => this.#receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.#crashed(worker, event.message || 'it failed to load or stopped');
    };
    return worker;
  }

  #receive(message: WorkerMessage): void {
    if (message.runId !== this.#active) return;
    switch (message.type) {
      case 'point': {
        const { index, assignments, result } = message;
        // Points of quick runs arrive in bursts: one redraw of the charts per burst.
        this.#arrived.push({ index, assignments, result });
        this.#flushTimer ??= setTimeout(() => this.#flush(), FLUSH_MS);
        break;
      }
      case 'sweep-done':
        if (--this.#pending === 0) {
          this.#flush();
          this.#active = null;
          this.#status = 'done';
          this.#release();
        }
        break;
      case 'error':
        this.cancel();
        this.#status = 'error';
        this.#error = `The sweep failed: ${message.message}`;
        break;
    }
  }

  /** Shows the points received so far (in index order). */
  #flush(): void {
    if (this.#flushTimer !== null) clearTimeout(this.#flushTimer);
    this.#flushTimer = null;
    if (this.#arrived.length === 0) return;
    this.#points = [...this.#points, ...this.#arrived].sort((a, b) => a.index - b.index);
    this.#arrived = [];
  }

  #dropPending(): void {
    if (this.#flushTimer !== null) clearTimeout(this.#flushTimer);
    this.#flushTimer = null;
    this.#arrived = [];
  }

  /** A worker died: drop the pool (the next sweep starts fresh ones) and say so. */
  #crashed(worker: Worker, reason: string): void {
    if (!this.#workers.includes(worker)) return;
    this.dispose();
    this.#status = 'error';
    this.#error = `A simulation worker stopped: ${reason}. Change a control to try again.`;
  }
}
