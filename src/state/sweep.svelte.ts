// A sweep as the page sees it (the charts' data): its points' results as they arrive, from a
// small pool of engine workers that share the points, each given the next point when it is done
// with one. The pool has a worker for each core the page's own run leaves, and one more (at most
// four in all) while that run is over (Sweeps.width). Every point has its own child seed
// (src/engine/sweep.ts), so the numbers do not depend on the pool's size or on which worker ran a
// point. The latest sweep wins: starting one abandons the previous.
// The page's sweeps (Sweeps, sweeps.svelte.ts, which makes them) run one at a time, in the order
// they were asked for, and do not split the few cores between them.
//
// A sweep may run in passes over the same points (runPasses): a coarse one first (a few
// iterations a point, so the curve is on screen at once, with its uncertainty), then a final
// one, each point long enough to have met every noise source that matters
// (src/engine/point-length.ts). A point's child seed does not depend on the pass, so the coarse
// run is the start of the final one. A pass's point replaces the one before it at the same
// index. A point the page's sweeps have already run to the end (the same scenario, seed and run
// length: Sweeps.kept) is not run again: it is on show from the start, as final, and left out of
// every pass. While a new sweep's first pass fills in, the last sweep's points stay as `previous`,
// for the views to draw as a ghost: a curve moves instead of blanking.
import { untrack } from 'svelte';
import type { RunResult } from '../engine/result.ts';
import type { Vary } from '../engine/sweep.ts';
import type { PointLength, PointReach } from '../engine/point-length.ts';
import type { PageMessage, SweepRequest, WorkerMessage } from '../protocol.ts';
import type { Scenario } from '../scenario/types.ts';
import { remainingText } from '../format/numbers.ts';
import { startEngineWorker } from './engine-worker.ts';
import { Pace } from './pace.ts';
import { pointKeys } from './point-cache.ts';
import type { Sweeps } from './sweeps.svelte.ts';

/** `text`, cut to `most` characters with an ellipsis */
const shorten = (text: string, most: number) =>
  text.length <= most ? text : `${text.slice(0, most - 1)}…`;

/** ms between redraws of a sweep's charts while points stream in */
const FLUSH_MS = 150;

/** 'queued': waiting for another view's sweep to finish */
export type SweepStatus = 'idle' | 'queued' | 'running' | 'done' | 'error' | 'cancelled';

export interface SweepPointResult {
  index: number;
  assignments: { path: string; value: unknown }[];
  result: RunResult;
  /** the pass it comes from (0 the first); absent: a sweep of one pass */
  pass?: number;
  /** false while a later pass is to replace it (a coarse point); absent: a sweep of one pass */
  final?: boolean;
  /** with a pass's `length`: how long the point simulated against what its sources needed */
  reach?: PointReach;
}

/** One pass over a sweep's points: their base scenario (iterations, warm-up) and how long each
 * point runs (absent: all its iterations). */
export interface SweepPass {
  base: Scenario;
  length?: PointLength;
  /** the points this pass runs (a quick pass may leave the costliest to the final one); absent:
   * all of them */
  indices?: readonly number[];
}

/** Workers in the pool while the page's own run is under way: the cores left after it, at most
 * 4, at least 1. */
export function defaultPoolSize(cores = globalThis.navigator?.hardwareConcurrency ?? 2): number {
  return Math.max(1, Math.min(4, cores - 1));
}

/** Workers in the pool while the page's own run is over: every core, at most 4. On two cores
 * this halves a final pass's time once the page's run is done. */
export function idlePagePoolSize(cores = globalThis.navigator?.hardwareConcurrency ?? 2): number {
  return Math.max(1, Math.min(4, cores));
}

export class Sweep {
  /** the page's sweeps: this one's turn, and whether workers are held */
  readonly #turns: Sweeps;
  #status = $state<SweepStatus>('idle');
  #points = $state.raw<SweepPointResult[]>([]);
  /** the last sweep's points, kept while this one's first pass fills in (a ghost) */
  #previous = $state.raw<SweepPointResult[]>([]);
  #total = $state(0);
  /** the pass under way (or the last one run), and how many the sweep has */
  #pass = $state(0);
  #passes = $state(1);
  /** points of the pass under way received so far, and how many it runs */
  #passDone = $state(0);
  #passTotal = $state(0);
  #error = $state<string | null>(null);
  /** per worker: the share done of the point it runs (PointProgressMessage), 0 to 1 */
  #partial: number[] = [];
  /** the pass under way's points done, with the shares of those under way (passDone + the
   * partial shares), and its time left as text (remainingText); null: none said */
  #progress = $state(0);
  #remaining = $state<string | null>(null);
  /** when the pass under way started (ms, performance.now()), and its points kept at its start
   * (no part of the time spent) */
  #passStartedAt = 0;
  #passKept = 0;
  /** each point's expected cost, any unit (run's `weights`); null: every point alike */
  #weights: readonly number[] | null = null;
  /** per worker: the point it runs (its index), -1 when none */
  #feeding: number[] = [];
  /** the weights of the pass's points to run, and of those of them done */
  #passWeight = 0;
  #doneWeight = 0;
  /** the share of the pass's work done: by weight when weights were given, else by points */
  #share = $state(0);
  readonly #pace = new Pace();
  #workers: Worker[] = [];
  #pending = 0;
  #runId = 0;
  #active: number | null = null;
  /** points received but not yet on show: the charts redraw at most every FLUSH_MS */
  #arrived: SweepPointResult[] = [];
  #flushTimer: ReturnType<typeof setTimeout> | null = null;
  readonly #spawn: () => Worker;
  /** the pass under way: what each of its point requests carries, and the points not yet sent,
   * in the order they go */
  #request: Omit<SweepRequest, 'indices'> | null = null;
  #queue: number[] = [];
  /** per worker: whether it has a point of the pass under way */
  #working: boolean[] = [];
  /** the sweep under way: each point's key among the kept points (its final pass's), and the
   * points found kept when it started, run in no pass */
  #keys: string[] = [];
  #known: boolean[] = [];

  /** Made by Sweeps.create (the page's sweeps), which gives it its turns and its width. */
  constructor(turns: Sweeps, spawn: () => Worker = startEngineWorker) {
    this.#turns = turns;
    this.#spawn = spawn;
  }

  /** Sets whether this sweep's workers stop at their next slice (Sweeps.hold). */
  hold(held: boolean): void {
    for (let w = 0; w < this.#workers.length; w++) this.#post(w, { type: 'hold', held });
  }

  get status(): SweepStatus {
    return this.#status;
  }
  /** queued or running: more points are to come */
  get busy(): boolean {
    return this.#status === 'running' || this.#status === 'queued';
  }
  /** the points done so far, in index order: each from the latest pass that ran it */
  get points(): SweepPointResult[] {
    return this.#points;
  }
  /** the last sweep's points while this one's first pass fills in; [] once it has */
  get previous(): SweepPointResult[] {
    return this.#previous;
  }
  /** the pass under way or the last run, 0-based, and how many the sweep has */
  get pass(): number {
    return this.#pass;
  }
  get passes(): number {
    return this.#passes;
  }
  /** points of that pass received so far */
  get passDone(): number {
    return this.#passDone;
  }
  get passTotal(): number {
    return this.#passTotal;
  }
  /** points of that pass done, counting the share done of each under way (a long point moves
   * the bar before it is over) */
  get passProgress(): number {
    return this.#progress;
  }
  /** the share of the pass's points to run that is done (0 to 1), each point counted by its
   * weight when the sweep was given weights: what its time left is reckoned from */
  get passShare(): number {
    return this.#share;
  }
  /** the pass under way's time left as text ("about 3 min left"); null while too early to say
   * or when short */
  get remaining(): string | null {
    return this.#remaining;
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
   * For a view's effect: while `waiting` (its view out of sight, or a run the sweep must wait
   * for), a sweep under way stops, to be redone; after it, `start` runs unless the sweep on show
   * is already of `keys`, compared one by one by identity (every edit makes a new scenario
   * object, so a finished run does not redo a sweep).
   */
  follow(keys: readonly unknown[], waiting: boolean, start: () => void): void {
    if (waiting) {
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
   * `total` is the number of points; `weights`, one a point, their expected costs (any unit):
   * the time left is reckoned by them, not by points (a sweep whose small points come first
   * would otherwise promise its end too soon). */
  run(base: Scenario, varies: Vary[], total: number, weights?: readonly number[]): void {
    this.runPasses([{ base }], varies, total, weights);
  }

  /** Runs the sweep's points pass after pass (the class's comment); `total` points, `weights`
   * as for run. */
  runPasses(
    passes: readonly SweepPass[],
    varies: Vary[],
    total: number,
    weights?: readonly number[],
  ): void {
    this.#weights = weights && weights.length === total ? weights : null;
    // What is on show becomes the ghost, unless the last sweep never drew a point.
    const shown = this.#points.length > 0 ? this.#points : this.#previous;
    // the request under way stops; one still waiting keeps its place (ask), with this request
    if (this.#active !== null) this.cancel();
    this.#previous = shown;
    this.#passes = passes.length;
    this.#points = [];
    this.#total = total;
    this.#error = null;
    this.#status = 'queued';
    this.#turns.ask(this, () => {
      this.#takeKept(passes, varies, total);
      this.#startPass(passes, 0, varies, total);
    });
  }

  /**
   * Puts on show, as final, the points of the sweep the page's sweeps have run to the end
   * already (Sweeps.kept), which no pass then runs; and keys the others, to be kept when their
   * final pass is done.
   */
  #takeKept(passes: readonly SweepPass[], varies: Vary[], total: number): void {
    const last = passes[passes.length - 1];
    let keys: string[];
    try {
      keys = pointKeys($state.snapshot(last.base) as Scenario, varies, last.length);
    } catch {
      keys = []; // a sweep the worker will refuse: it says why
    }
    this.#keys = keys.length === total ? keys : [];
    this.#known = this.#keys.map(() => false);
    const kept: SweepPointResult[] = [];
    for (const index of last.indices ?? this.#keys.keys()) {
      const key = this.#keys[index];
      const point = key === undefined ? undefined : this.#turns.kept.get(key);
      if (!point) continue;
      this.#known[index] = true;
      kept.push({
        index,
        ...point,
        pass: passes.length - 1,
        ...(passes.length > 1 ? { final: true } : {}),
      });
    }
    kept.sort((a, b) => a.index - b.index);
    if (kept.length > 0) this.#points = kept;
  }

  /**
   * Starts pass `k`: each worker of the pool (Sweeps.width) gets a point, and the next one when
   * it is done. The last pass of several (the final one, which runs every point until precise)
   * sends its points from the last: along the views' curves a point's cost grows with its index
   * (more nodes, more ranks), so the costly ones tend to go first and no worker is left alone
   * with a long point at the end. A first pass goes in order, the curve drawn from its start.
   */
  #startPass(passes: readonly SweepPass[], k: number, varies: Vary[], total: number): void {
    const runId = ++this.#runId;
    this.#active = runId;
    this.#dropPending();
    this.#pass = k;
    const { base, length } = passes[k];
    const all = passes[k].indices ?? Array.from({ length: total }, (_, i) => i);
    const wanted = all.filter((i) => this.#known[i] !== true);
    this.#passTotal = all.length;
    this.#passDone = all.length - wanted.length;
    this.#passKept = this.#passDone;
    this.#passStartedAt = performance.now();
    this.#pace.reset(this.#passStartedAt);
    this.#partial = this.#workers.map(() => 0);
    this.#feeding = this.#workers.map(() => -1);
    this.#passWeight = wanted.reduce((sum, i) => sum + this.#weightOf(i), 0);
    this.#doneWeight = 0;
    this.#share = 0;
    this.#progress = this.#passDone;
    this.#remaining = null;
    this.#status = 'running';
    this.#request = {
      type: 'sweep',
      runId,
      base: $state.snapshot(base) as Scenario,
      varies,
      ...(length ? { length } : {}),
    };
    const final = passes.length > 1 && k === passes.length - 1;
    this.#queue = final ? [...wanted].reverse() : [...wanted];
    this.#working = this.#workers.map(() => false);
    this.#pending = 0;
    this.#nextPass =
      k + 1 < passes.length ? () => this.#startPass(passes, k + 1, varies, total) : null;
    if (this.#queue.length === 0) {
      this.#passOver(); // every point of it kept, or none asked for
      return;
    }
    this.widen();
  }

  /**
   * Gives a point to every idle worker of the pool, up to Sweeps.width (which grows when the
   * page's own run ends), while points of the pass under way are left.
   */
  widen(): void {
    if (this.#active === null || this.#request === null) return;
    this.#ensureWorkers(Math.min(this.#turns.width, this.#queue.length + this.#pending));
    for (let w = 0; w < this.#workers.length && this.#queue.length > 0; w++) {
      if (!this.#working[w] && this.#inWidth(w)) this.#feed(w);
    }
  }

  /** whether worker `w` is within the pool's width, counting the ones working beyond it */
  #inWidth(w: number): boolean {
    const working = this.#working.filter(Boolean).length;
    return working < this.#turns.width || this.#working[w];
  }

  /** Starts workers until the pool has `n`; a new one is held while the page holds the rest. */
  #ensureWorkers(n: number): void {
    while (this.#workers.length < n) {
      this.#workers.push(this.#start());
      this.#working.push(false);
      this.#partial.push(0);
      this.#feeding.push(-1);
      if (this.#turns.held) this.#post(this.#workers.length - 1, { type: 'hold', held: true });
    }
  }

  /** Sends worker `w` the next point of the pass. */
  #feed(w: number): void {
    const index = this.#queue.shift();
    if (index === undefined || this.#request === null) return;
    this.#working[w] = true;
    this.#feeding[w] = index;
    this.#pending++;
    this.#post(w, { ...this.#request, indices: [index] });
  }

  /** the next pass of the sweep under way, once this one is over; null after the last */
  #nextPass: (() => void) | null = null;

  cancel(): void {
    if (this.#active === null) {
      // Asked for and not begun (waiting its turn, or given it and starting in a task to come):
      // it must not begin.
      if (this.#status === 'queued') {
        this.#status = 'cancelled';
        this.#turns.release(this);
      }
      return;
    }
    this.#flush(); // what has arrived stays drawn
    if (this.#status === 'running') {
      for (let w = 0; w < this.#workers.length; w++) {
        this.#post(w, { type: 'cancel', runId: this.#active });
      }
    }
    this.#active = null;
    this.#nextPass = null;
    this.#request = null;
    this.#queue = [];
    this.#remaining = null;
    this.#status = 'cancelled';
    this.#turns.release(this);
  }

  dispose(): void {
    this.#dropPending();
    this.#active = null;
    this.#request = null;
    this.#queue = [];
    this.#turns.release(this);
    for (const w of this.#workers) w.terminate();
    this.#workers = [];
    this.#working = [];
    this.#partial = [];
    this.#feeding = [];
  }

  #post(w: number, message: PageMessage): void {
    this.#workers[w].postMessage(message);
  }

  #start(): Worker {
    const worker = this.#spawn();
    worker.onmessage = (event: MessageEvent<WorkerMessage>) =>
      this.#receive(event.data, this.#workers.indexOf(worker));
    worker.onerror = (event) => {
      event.preventDefault();
      this.#crashed(worker, event.message || 'it failed to load or stopped');
    };
    return worker;
  }

  #receive(message: WorkerMessage, w: number): void {
    if (message.runId !== this.#active) return;
    switch (message.type) {
      case 'point': {
        const { index, assignments, result, reach } = message;
        // A final point is kept for any sweep that asks for it again.
        const key = this.#keys[index];
        if (key !== undefined && this.#pass === this.#passes - 1) {
          this.#turns.kept.set(key, { assignments, result, ...(reach ? { reach } : {}) });
        }
        // Points of quick runs arrive in bursts: one redraw of the charts per burst.
        this.#arrived.push({
          index,
          assignments,
          result,
          pass: this.#pass,
          // of several passes, every one but the last is to be replaced (drawn as coarse)
          ...(this.#passes > 1 ? { final: this.#pass === this.#passes - 1 } : {}),
          ...(reach ? { reach } : {}),
        });
        this.#partial[w] = 0;
        this.#feeding[w] = -1;
        this.#flushTimer ??= setTimeout(() => this.#flush(), FLUSH_MS);
        break;
      }
      case 'point-progress':
        this.#partial[w] = message.done;
        this.#measure();
        break;
      case 'sweep-done':
        this.#pending--;
        this.#working[w] = false;
        if (this.#queue.length > 0 && this.#inWidth(w)) {
          this.#feed(w);
          break;
        }
        if (this.#pending === 0) this.#passOver();
        break;
      case 'error':
        this.cancel();
        this.#status = 'error';
        // A refused point names itself with its whole assignment (a noise list can run to
        // pages): the start of it says what went wrong.
        this.#error = `The sweep failed: ${shorten(message.message, 400)}`;
        break;
    }
  }

  /** The pass under way is over: the next one starts, or the sweep is done. */
  #passOver(): void {
    this.#flush();
    // The first pass is whole: the ghost of the last sweep has been replaced.
    this.#previous = [];
    const next = this.#nextPass;
    if (next) {
      next();
      return;
    }
    this.#active = null;
    this.#request = null;
    this.#remaining = null;
    this.#status = 'done';
    this.#turns.release(this);
  }

  /** Shows the points received so far (in index order), each replacing an earlier pass's. */
  #flush(): void {
    if (this.#flushTimer !== null) clearTimeout(this.#flushTimer);
    this.#flushTimer = null;
    if (this.#arrived.length === 0) return;
    // A scratch index, not state: the points are published below as a new array.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    const at = new Map(this.#points.map((p) => [p.index, p]));
    for (const p of this.#arrived) at.set(p.index, p);
    this.#points = [...at.values()].sort((a, b) => a.index - b.index);
    this.#passDone += this.#arrived.length;
    for (const p of this.#arrived) this.#doneWeight += this.#weightOf(p.index);
    this.#arrived = [];
    this.#measure();
  }

  /** Sets the pass's progress and time left from the points done and the shares under way. */
  #measure(): void {
    let under = 0;
    for (const share of this.#partial) under += share;
    this.#progress = Math.min(this.#passTotal, this.#passDone + under);
    const run = this.#passTotal - this.#passKept;
    if (run <= 0) {
      this.#remaining = null;
      return;
    }
    const now = performance.now();
    let done = (this.#progress - this.#passKept) / run;
    if (this.#weights !== null && this.#passWeight > 0) {
      let under = 0;
      for (let w = 0; w < this.#partial.length; w++) {
        const index = this.#feeding[w] ?? -1;
        if (index >= 0) under += this.#partial[w] * this.#weightOf(index);
      }
      done = Math.min(1, (this.#doneWeight + under) / this.#passWeight);
    }
    this.#share = done;
    this.#remaining = remainingText(now - this.#passStartedAt, done, this.#pace.note(now, done));
  }

  /** point `index`'s weight: 1 when the sweep has none */
  #weightOf(index: number): number {
    return this.#weights?.[index] ?? 1;
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
