// The page's runs for its views: every view that sweeps (latency, cycle time, resonance, run to
// run) and the lesson get their Sweep from here, and the timeline and ripple views their traces
// and ripple runs, rather than starting workers of their own. Sweeps run one at a time, in the
// order they were asked for, so they do not split the few cores between them; and the page holds
// all their workers while its own run's first numbers are due. Traces and ripple runs are small
// and answered at once: they share one view worker (view-worker.ts) and do not queue behind a
// sweep. The page controller owns one Sweeps; a component gets its part with useSweep(),
// useTraces() or useRipples(). Finished points are kept here for every sweep (point-cache.ts).
import { getContext, onDestroy, setContext } from 'svelte';
import { PointCache } from './point-cache.ts';
import { Ripples } from './ripple.svelte.ts';
import { defaultPoolSize, idlePagePoolSize, Sweep } from './sweep.svelte.ts';
import { Traces } from './trace.svelte.ts';
import { ViewWorker } from './view-worker.ts';

const KEY = Symbol('sweeps');

export class Sweeps {
  /** sweeps waiting for their turn, oldest first, each with what starts it */
  #queue: { sweep: Sweep; begin: () => void }[] = [];
  /** the sweep whose turn it is; null: none */
  #current: Sweep | null = null;
  /** the current sweep's entry while its start waits for its task (#next) */
  #starting: { sweep: Sweep; begin: () => void } | null = null;
  /** every sweep made here and not yet disposed; plain: nothing on the page draws from it */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #all = new Set<Sweep>();
  #held = false;
  /** no sweep is given its turn (close): the page has not opened its link yet */
  #closed = false;
  /** whether the page's own run is under way (pageRunning) */
  #pageRunning = true;
  /** workers a sweep may use while the page's run is under way, and while it is not */
  readonly #poolSize: number;
  readonly #idlePoolSize: number;
  /** starts an engine worker; undefined: the page's own (a test gives a fake) */
  readonly #spawn: (() => Worker) | undefined;
  /** runs `f` in a task of its own (tests give their own) */
  readonly #later: (f: () => void) => void;

  constructor(
    options: {
      poolSize?: number;
      idlePoolSize?: number;
      spawn?: () => Worker;
      later?: (f: () => void) => void;
    } = {},
  ) {
    this.#poolSize = options.poolSize ?? defaultPoolSize();
    this.#idlePoolSize = Math.max(this.#poolSize, options.idlePoolSize ?? idlePagePoolSize());
    this.#spawn = options.spawn;
    this.#later = options.later ?? ((f) => setTimeout(f, 0));
    this.views = new ViewWorker(options.spawn, this.#later);
  }

  /** the one worker of the views' small runs (traces, ripple pairs) */
  readonly views: ViewWorker;

  /** finished points of every sweep made here, by what they ran: a point asked for again (by
   * another view, the lesson, or after a change was undone) is not run again */
  readonly kept = new PointCache();

  /** Traces for a timeline, computed in the views' worker; dispose() drops its request. */
  traces(): Traces {
    return new Traces(this.views);
  }

  /** Ripple runs for a ripple view, computed in the views' worker. */
  ripples(): Ripples {
    return new Ripples(this.views);
  }

  /** A sweep with a pool of its own, taking its turns here; dispose() ends it. */
  create(): Sweep {
    const sweep = new Sweep(this, this.#spawn);
    this.#all.add(sweep);
    return sweep;
  }

  /** workers the sweep under way may use now: one more once the page's own run is over */
  get width(): number {
    return this.#pageRunning ? this.#poolSize : this.#idlePoolSize;
  }

  /**
   * Whether the page's own run is under way. When it ends, its core is free: the sweep under way
   * takes it for its remaining points (Sweep.widen).
   */
  pageRunning(running: boolean): void {
    if (this.#pageRunning === running) return;
    this.#pageRunning = running;
    if (!running) this.#current?.widen();
  }

  /** whether the page holds the sweeps' workers (hold) */
  get held(): boolean {
    return this.#held;
  }

  /**
   * Holds every sweep's workers at their next slice (`held`), or lets them go on: the page holds
   * them from a change until its own run's first numbers are out, so that those come first.
   */
  hold(held: boolean): void {
    if (this.#held === held) return;
    this.#held = held;
    for (const sweep of this.#all) sweep.hold(held);
  }

  /**
   * Gives no sweep its turn and posts nothing to the views' worker while `closed`, or lets the
   * first waiting sweep go and the views' kept requests with it. The page keeps them closed until
   * its views show the scenario its link opened: a view's sweep or trace asked for the default
   * scenario before that would start workers and work for nothing (a held sweep still ran a slice,
   * a trace cannot be stopped once posted).
   */
  close(closed: boolean): void {
    this.#closed = closed;
    this.views.hold(closed);
    if (!closed) this.#next();
  }

  /**
   * `sweep` wants its turn; `begin` starts it once the sweeps asked for earlier are done. Asked
   * again while waiting, it keeps its place and starts with the latest `begin`.
   */
  ask(sweep: Sweep, begin: () => void): void {
    // Its turn given and its start to come (#next's task): that start is the latest request's.
    const waiting =
      this.#starting?.sweep === sweep ? this.#starting : this.#queue.find((e) => e.sweep === sweep);
    if (waiting) waiting.begin = begin;
    else this.#queue.push({ sweep, begin });
    this.#next();
  }

  /** `sweep` no longer needs its turn (over, cancelled or disposed): the next one goes. */
  release(sweep: Sweep): void {
    this.#queue = this.#queue.filter((e) => e.sweep !== sweep);
    if (this.#starting?.sweep === sweep) this.#starting = null;
    if (this.#current === sweep) {
      this.#current = null;
      this.#next();
    }
  }

  /** Ends every sweep made here and the views' worker (the page is going). */
  dispose(): void {
    for (const sweep of this.#all) sweep.dispose();
    this.#all.clear();
    this.views.dispose();
  }

  /** Forgets a sweep its component ended (useSweep). */
  forget(sweep: Sweep): void {
    sweep.dispose();
    this.#all.delete(sweep);
  }

  /** Starts the next waiting sweep if none is under way. */
  #next(): void {
    if (this.#closed) return;
    const entry = this.#current === null ? this.#queue.shift() : undefined;
    if (!entry) return;
    this.#current = entry.sweep;
    this.#starting = entry;
    // A task of its own: the views' effects that ask for sweeps run together, and copying a
    // scenario to the workers is not free. Until then the sweep may ask again (its entry's
    // begin is replaced) or let its turn go (release: it does not start).
    this.#later(() => {
      if (this.#starting !== entry) return;
      this.#starting = null;
      if (this.#closed) {
        // closed since its turn was given: it waits, first in line, for the page to open
        this.#current = null;
        this.#queue.unshift(entry);
        return;
      }
      entry.begin();
    });
  }
}

/** Makes `sweeps` the one the components under the caller get their sweeps from. */
export function provideSweeps(sweeps: Sweeps): Sweeps {
  return setContext(KEY, sweeps);
}

/** the sweeps of a component tree without a provider (one of their own) */
let fallback: Sweeps | null = null;

/**
 * A sweep of the page's sweeps for the calling component, ended with it; call while the
 * component starts.
 */
export function useSweep(): Sweep {
  const sweeps = pageRuns();
  const sweep = sweeps.create();
  onDestroy(() => sweeps.forget(sweep));
  return sweep;
}

/** Traces for the calling component, from the page's views' worker; call while it starts. */
export function useTraces(): Traces {
  const traces = pageRuns().traces();
  onDestroy(() => traces.dispose());
  return traces;
}

/** Ripple runs for the calling component, from the page's views' worker; call while it starts. */
export function useRipples(): Ripples {
  const ripples = pageRuns().ripples();
  onDestroy(() => ripples.dispose());
  return ripples;
}

function pageRuns(): Sweeps {
  return getContext<Sweeps | undefined>(KEY) ?? (fallback ??= new Sweeps());
}
