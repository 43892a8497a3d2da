// A challenge: a puzzle set on the live simulator, with a checker that judges the student's
// scenario by running the engine. Pure data and functions: no DOM, no Svelte.
import type { RunResult } from '../engine/result.ts';
import type { StepState } from '../edits/types.ts';
import type { ViewId } from '../state/classroom-params.ts';
import type { Scenario } from '../scenario/types.ts';

/** What a check concludes; `lines` say why, with the numbers. */
export interface Verdict {
  pass: boolean;
  /** not judged: the scenario breaks the challenge's rules (the summary says which) */
  refused?: boolean;
  /** one sentence: the measure, the goal, pass or not */
  summary: string;
  lines: readonly string[];
}

/** A run the checker needs, named for the verdict. */
export interface CheckRun {
  label: string;
  scenario: Scenario;
}

/** The runs to make, or a verdict reached without running (the scenario breaks a rule). */
export type CheckPlan = { runs: readonly CheckRun[] } | { verdict: Verdict };

export interface Challenge {
  /** URL-safe slug, unique: `?challenge=<id>` */
  id: string;
  title: string;
  /** one or two sentences, including what may and may not be changed */
  goal: string;
  /** shown one at a time, on demand */
  hints: readonly string[];
  /** the simulator's starting state: a preset and edits (src/edits/apply.ts) */
  start: StepState;
  /** the view the stage opens on: the picture of what the puzzle trades */
  view: ViewId;
  /** the check's runs and why they stay affordable in a browser */
  runNote: string;
  /** The runs that judge `student` (`start`: the starting scenario, validated). */
  plan: (student: Scenario, start: Scenario) => CheckPlan;
  /** The verdict, from the results of plan's runs, in plan's order. */
  judge: (student: Scenario, start: Scenario, results: readonly RunResult[]) => Verdict;
}
