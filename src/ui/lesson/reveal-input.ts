// What the lesson panel reads from the runs of the step on show, as plain functions: the reveal's
// input (the run on show, the comparison run, the sweep, once each one the step needs is done,
// or why it cannot be had), what the live region announces, and the notes on the step's runs.
import type { RunResult } from '../../engine/result.ts';
import { ready } from '../../lesson/lesson.svelte.ts';
import type { LessonStep, RevealInput, SimulatedFigure } from '../../lesson/types.ts';
import { readableCite } from '../../published/cite.ts';
import type { Scenario } from '../../scenario/types.ts';
import type { RunStatus } from '../../state/simulation.svelte.ts';
import type { LessonSweep } from './lesson-sweep.svelte.ts';

/** A run of the page's: its status and its result. */
export interface RunState {
  status: RunStatus;
  result: RunResult | null;
}

/** A step's sweep as the reveal needs it (LessonSweep). */
export type SweepState = Pick<LessonSweep, 'results' | 'error' | 'progress'>;

/**
 * What the reveal reads: null while a run the step needs is still going (the run on show, its
 * comparison run, its sweep), or why it cannot be had.
 */
export function revealInput(
  step: LessonStep,
  scenario: Scenario,
  main: RunState,
  other: RunState,
  sweeps: SweepState,
  /** the scenario the step's sweep runs on (the lesson's sweepScenario) */
  sweepScenario: Scenario | null = null,
): RevealInput | string | null {
  if (!ready(main.status, main.result)) {
    return main.status === 'running' || main.status === 'idle'
      ? null
      : 'the simulation did not finish; press Run';
  }
  let compare: RunResult | null = null;
  if (step.compare) {
    if (!ready(other.status, other.result)) {
      return other.status === 'running' || other.status === 'idle'
        ? null
        : 'the comparison run did not finish';
    }
    compare = other.result;
  }
  let sweep: readonly RunResult[] | null = null;
  if (step.sweep) {
    if (sweeps.error) return sweeps.error;
    sweep = sweeps.results;
    if (sweep === null) return null;
  }
  return {
    scenario,
    run: main.result,
    compare,
    sweep,
    ...(step.sweep ? { sweepScenario } : {}),
  };
}

/** The live region's words: the step, and once revealed both figures. */
export function announcement(
  step: LessonStep,
  total: number,
  revealed: boolean,
  simulated: SimulatedFigure | null,
): string {
  const head = `Step ${step.number} of ${total}: ${step.title}.`;
  if (!revealed) return head;
  const sim =
    simulated === null
      ? 'Simulated: still running.'
      : simulated.ok
        ? `Simulated: ${simulated.value}.`
        : 'Simulated: not available.';
  return `Revealed. ${sim} Published: ${step.published.value}, ${readableCite(step.published.cite)}.`;
}

/** The note on the step's comparison run and its sweep, after its run note ('' when none). */
export function runsNote(step: LessonStep, compare: RunStatus, sweeps: SweepState): string {
  const notes: string[] = [];
  if (step.compare)
    notes.push(
      `Comparison run: ${step.compare.label}${compare === 'running' ? ' (running…)' : ''}.`,
    );
  const p = sweeps.progress;
  if (step.sweep && p !== null) {
    const head = `Sweep of ${step.sweep.label}`;
    notes.push(
      p.state === 'done'
        ? `${head}: done.`
        : p.state === 'waiting'
          ? `${head}: waiting for the run on show…`
          : p.state === 'queued'
            ? `${head}: waiting for the views’ sweeps…`
            : `${head}: ${p.done} of ${p.total} runs done${p.remaining ? `, ${p.remaining}` : ''}…`,
    );
  }
  return notes.join(' ');
}
