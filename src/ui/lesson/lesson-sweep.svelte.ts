// A lesson step's sweep (step.sweep: the step's own scenario at several values of a field) as the
// lesson panel runs it: in the page's sweep workers (src/state/sweep.svelte.ts), after the run on
// show and the comparison run (the cores are few), and only once per step: a step's scenario is
// its preset and edits with a fixed seed, so its sweep gives the same runs every time and is kept
// for when the student comes back to the step.
import { untrack } from 'svelte';
import type { RunResult } from '../../engine/result.ts';
import type { LessonStep } from '../../lesson/types.ts';
import type { Scenario } from '../../scenario/types.ts';
import type { Sweep } from '../../state/sweep.svelte.ts';

/** The key a step's sweep is kept under: steps with the same key make the same runs. */
const keyOf = (step: LessonStep): string => step.sweep?.key ?? step.id;

export class LessonSweep {
  readonly #sweep: Sweep;
  /**
   * sweep key (the step's id unless it shares its sweep) → its runs in point order, once complete: filled in by `results`, which the
   * panel reads in a $derived, so plain (a change of it needs no redraw: the Sweep's own state
   * that led to it has one)
   */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #kept = new Map<string, readonly RunResult[]>();
  /** the step whose sweep is wanted; null: the step on show has none */
  #step = $state.raw<LessonStep | null>(null);
  /** the sweep key the Sweep's points are of */
  #of = $state.raw<string | null>(null);

  /** `sweep`: one of the page's sweeps (useSweep), so it waits for the views' */
  constructor(sweep: Sweep) {
    this.#sweep = sweep;
  }

  /**
   * For the panel's effect: runs the sweep of `step` on `scenario` (the lesson's sweepScenario)
   * unless it is kept already, waiting while `running` (a run of the page's is under way); a step
   * without a sweep stops the one under way.
   */
  follow(step: LessonStep, scenario: Scenario | null, running: boolean): void {
    untrack(() => {
      const plan = step.sweep;
      if (!plan || scenario === null) {
        this.#step = null;
        if (this.#sweep.busy) this.#sweep.cancel();
        return;
      }
      this.#step = step;
      const key = keyOf(step);
      if (this.#kept.has(key)) return;
      this.#sweep.follow([key, scenario], running, () => {
        const { varies, total } = plan.plan(scenario);
        this.#of = key;
        this.#sweep.run(scenario, varies, total);
      });
    });
  }

  /** the step's sweep runs in point order once all are done; null until then */
  get results(): readonly RunResult[] | null {
    const step = this.#step;
    if (step === null) return null;
    const key = keyOf(step);
    const kept = this.#kept.get(key);
    if (kept) return kept;
    const s = this.#sweep;
    if (this.#of !== key || s.status !== 'done' || s.points.length !== s.total) return null;
    const runs = s.points.map((p) => p.result);
    this.#kept.set(key, runs);
    return runs;
  }

  /**
   * runs done and planned, and what the sweep is doing: 'waiting' for the page's own runs,
   * 'queued' behind the views' sweeps, 'running' or 'done'; null when the step has no sweep.
   * `remaining`: a long sweep's time left as text, once it can be said (Sweep.remaining).
   */
  get progress(): {
    done: number;
    total: number;
    state: 'waiting' | 'queued' | 'running' | 'done';
    remaining?: string | null;
  } | null {
    const step = this.#step;
    if (step === null) return null;
    const key = keyOf(step);
    const kept = this.#kept.get(key);
    if (kept) return { done: kept.length, total: kept.length, state: 'done' };
    const s = this.#sweep;
    if (this.#of !== key) return { done: 0, total: 0, state: 'waiting' };
    const state =
      s.status === 'queued' || s.status === 'running' || s.status === 'done' ? s.status : 'waiting';
    return {
      done: s.points.length,
      total: s.total,
      state,
      remaining: state === 'running' ? s.remaining : null,
    };
  }

  /** why the sweep stopped, when it failed */
  get error(): string | null {
    return this.#step === null ? null : this.#sweep.error;
  }
}
