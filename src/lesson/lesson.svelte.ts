// The lesson as the page runs it: which lesson (lessons.ts) and which of its steps is on show,
// the student's answers and reveals (kept per lesson, so choosing the other lesson loses none),
// Back / Next, and applying a step's state to the simulator (through the callbacks the page
// gives, so this class never touches the scenario's own state). A step with a comparison run
// simulates it in a Simulation of its own (its own worker), beside the run on show; a step with a
// sweep names the scenario it sweeps (`sweepScenario`), which the panel runs in the sweep workers.
import { SvelteMap, SvelteSet } from 'svelte/reactivity';
import type { RunResult } from '../engine/result.ts';
import type { Scenario } from '../scenario/types.ts';
import type { RunStatus } from '../state/simulation.svelte.ts';
import { decodeWithPending, encodeAnswers, fitsQuestion } from './answers.ts';
import { applyEdits } from '../edits/apply.ts';
import { formatLessonParams, type LessonParams } from '../state/lesson-params.ts';
import {
  doneKey,
  FIRST_LESSON,
  findLesson,
  findLessonStep,
  LESSONS,
  type LessonInfo,
} from './lessons.ts';
import type { Answer, LessonStep, StepState } from './types.ts';

/** What the lesson needs from the page. */
export interface LessonDeps {
  /** the preset as shipped (validated) */
  loadPreset: (id: string) => Promise<Scenario>;
  /** shows `scenario` (the preset `presetId` edited) in the simulator and runs it */
  show: (scenario: Scenario, presetId: string, base: Scenario) => void;
  /** runs the comparison scenario, or forgets the last one (null) */
  compare: (scenario: Scenario | null) => void;
  /** a step's state could not be applied (a preset failed to load or validate) */
  fail: (message: string) => void;
}

/** The scenario a step state describes: its preset with the edits applied, validated. */
export async function scenarioOf(
  state: StepState,
  loadPreset: LessonDeps['loadPreset'],
): Promise<{ scenario: Scenario; base: Scenario }> {
  const base = await loadPreset(state.preset);
  return { scenario: applyEdits(base, state.edits), base };
}

export class Lesson {
  #active = $state(false);
  #lesson = $state.raw<LessonInfo>(FIRST_LESSON);
  #index = $state(0);
  /** the lesson's closing page is on show (Finish on its last step); any move leaves it */
  #finished = $state(false);
  /** lesson id → step number → answer */
  readonly #answers: Readonly<Record<string, SvelteMap<number, Answer>>> = Object.fromEntries(
    LESSONS.map((l) => [l.id, new SvelteMap<number, Answer>()]),
  );
  /** lesson id → the index of the step it was on when another lesson was chosen */
  readonly #left: Record<string, number> = {};
  /** lesson id → the numbers of the steps revealed (kept in the page only) */
  readonly #revealed: Readonly<Record<string, SvelteSet<number>>> = Object.fromEntries(
    LESSONS.map((l) => [l.id, new SvelteSet<number>()]),
  );
  #deps: LessonDeps;
  /** the latest step application: an older one that loads later is dropped */
  #request = 0;
  /** what openLink started (#apply); settled when nothing is under way */
  #opened: Promise<void> = Promise.resolve();
  /** the scenario the step on show sweeps (its own state); null when it has no sweep */
  #sweepScenario = $state.raw<Scenario | null>(null);

  constructor(deps: LessonDeps) {
    this.#deps = deps;
  }

  get active(): boolean {
    return this.#active;
  }
  /** the closing page is on show instead of the last step (kept while the panel shows the
   * controls, so switching back returns to it) */
  get finished(): boolean {
    return this.#finished;
  }

  /** Finish on the last step: shows the closing page. Only from the last step. */
  finish(): void {
    if (!this.canNext) this.#finished = true;
  }

  /** Back from the closing page to the last step (its state stays as it is). */
  unfinish(): void {
    this.#finished = false;
  }
  /** the lesson on show (the first until another is chosen) */
  get lesson(): LessonInfo {
    return this.#lesson;
  }
  get steps(): readonly LessonStep[] {
    return this.#lesson.steps;
  }
  /** 0-based index of the step on show */
  get index(): number {
    return this.#index;
  }
  get step(): LessonStep {
    return this.#lesson.steps[this.#index];
  }
  get total(): number {
    return this.#lesson.steps.length;
  }
  get answers(): ReadonlyMap<number, Answer> {
    return this.#answers[this.#lesson.id];
  }
  /** the scenario the step on show sweeps (step.sweep), once its preset has loaded */
  get sweepScenario(): Scenario | null {
    return this.#sweepScenario;
  }
  get canBack(): boolean {
    return this.#index > 0;
  }
  get canNext(): boolean {
    return this.#index < this.#lesson.steps.length - 1;
  }

  answerOf(step: LessonStep): Answer | undefined {
    return this.#answers[this.#lesson.id].get(step.number);
  }

  isRevealed(step: LessonStep): boolean {
    return this.#revealed[this.#lesson.id].has(step.number);
  }

  /** `lesson=<id>&answers=…` while the lesson is on; '' when it is off. */
  get urlParams(): string {
    if (!this.#active) return '';
    const key = this.#finished ? doneKey(this.#lesson.id) : this.step.id;
    // answered and not revealed: marked, so that the link (a reload too) opens them unrevealed
    const revealed = this.#revealed[this.#lesson.id];
    return formatLessonParams(
      key,
      encodeAnswers(this.answers, (n) => !revealed.has(n)),
    );
  }

  /**
   * Starts the lesson `id` (by default the one on show) at the step it was last on (step 1 the
   * first time) and applies that step's state. An unknown id is refused (false).
   */
  start(id: string = this.#lesson.id): boolean {
    const lesson = findLesson(id);
    if (!lesson) return false;
    if (lesson !== this.#lesson) {
      this.#left[this.#lesson.id] = this.#index;
      this.#lesson = lesson;
      this.#index = this.#left[lesson.id] ?? 0;
    }
    this.#active = true;
    this.#finished = false;
    void this.#apply(true);
    return true;
  }

  /**
   * Leaves the lesson; the answers stay in the page. The page brings back the set-up it had
   * when the lesson was chosen (PageController.restoreSetup).
   */
  stop(): void {
    this.#active = false;
    this.#finished = false;
    this.#request++;
    this.#sweepScenario = null;
    this.#deps.compare(null);
  }

  /**
   * Opens the lesson a link names. `scenarioInLink`: the link also holds a scenario (the student's
   * own state at that step), which is then kept rather than replaced by the step's. A link's
   * answers open revealed (and so locked): they are predictions already made, by whoever shared
   * the link, usually after Reveal, and the link names the view the reveal shows (show=); those
   * marked pending (answered, not revealed: answers.ts) open answered and unrevealed. Returns
   * whether the link named a step.
   */
  openLink(params: LessonParams, scenarioInLink: boolean): boolean {
    if (params.step === null) return false;
    const found = findLessonStep(params.step);
    if (!found.ok) return false;
    const { lesson, step } = found;
    this.#lesson = lesson;
    this.#index = step.number - 1;
    const answers = this.#answers[lesson.id];
    answers.clear();
    const revealed = this.#revealed[lesson.id];
    revealed.clear();
    const read = decodeWithPending(params.answers, lesson.steps);
    for (const [n, answer] of read.answers) {
      answers.set(n, answer);
      if (!read.pending.has(n)) revealed.add(n);
    }
    this.#active = true;
    this.#finished = found.done === true;
    this.#opened = this.#apply(!scenarioInLink);
    return true;
  }

  /** Settles once the step a link opened (openLink) is on show, or could not be set up. */
  get opened(): Promise<void> {
    return this.#opened;
  }

  /**
   * The browser's Back or Forward to another step of the lesson on show (each step is an entry of
   * the tab's history): goes there as the pager would, the answers kept as they are now (the
   * entry's address holds them as they were when it was left), and to the other lesson when the
   * entry is one of its steps. False when the lesson is off or the address names no step: the
   * page then reopens the address as a link.
   */
  followHistory(params: LessonParams): boolean {
    if (!this.#active || params.step === null) return false;
    const found = findLessonStep(params.step);
    if (!found.ok) return false;
    // the other lesson, left for this one: back to it, its answers as they are
    if (found.lesson !== this.#lesson) this.start(found.lesson.id);
    // the step on show (a navigation to the page's own address): its state stays as it is
    else if (found.done !== true && !this.#finished && found.step === this.step) return true;
    if (found.done === true) {
      this.#index = this.#lesson.steps.length - 1;
      this.#finished = true;
      return true;
    }
    this.goTo(found.step.number);
    return true;
  }

  /** Goes to the step numbered `n` (1-based) and applies its state. */
  goTo(n: number): void {
    if (!Number.isInteger(n) || n < 1 || n > this.#lesson.steps.length) return;
    this.#index = n - 1;
    this.#finished = false;
    void this.#apply(true);
  }

  next(): void {
    if (this.canNext) this.goTo(this.#index + 2);
  }

  back(): void {
    if (this.canBack) this.goTo(this.#index);
  }

  /** Records the student's answer to a step; refused once that step is revealed. */
  answer(step: LessonStep, answer: Answer): void {
    if (this.isRevealed(step) || !fitsQuestion(step, answer)) return;
    if (!this.#lesson.steps.includes(step)) return; // a step of a lesson not on show
    this.#answers[this.#lesson.id].set(step.number, answer);
  }

  /** Shows the step's reveal; only after an answer (predict, then reveal). */
  reveal(step: LessonStep): boolean {
    if (!this.answers.has(step.number)) return false;
    this.#revealed[this.#lesson.id].add(step.number);
    return true;
  }

  /** Back to step 1 of the lesson on show with no answers. */
  restart(): void {
    this.#answers[this.#lesson.id].clear();
    this.#revealed[this.#lesson.id].clear();
    this.goTo(1);
  }

  /**
   * Shows the step's state (unless `main` is false), starts its comparison run and names the
   * scenario its sweep runs.
   */
  async #apply(main: boolean): Promise<void> {
    const request = ++this.#request;
    const step = this.step;
    this.#sweepScenario = null;
    try {
      const shown = main ? await scenarioOf(step.state, this.#deps.loadPreset) : null;
      const compare = step.compare
        ? (await scenarioOf(step.compare.state, this.#deps.loadPreset)).scenario
        : null;
      const sweep = step.sweep
        ? (shown ?? (await scenarioOf(step.state, this.#deps.loadPreset))).scenario
        : null;
      if (request !== this.#request) return;
      if (shown) this.#deps.show(shown.scenario, step.state.preset, shown.base);
      this.#deps.compare(compare);
      this.#sweepScenario = sweep;
    } catch (e) {
      if (request !== this.#request) return;
      this.#deps.fail(`Step ${step.number} could not be set up: ${(e as Error).message}`);
    }
  }
}

/** Whether a run is complete enough for a reveal: done, with at least one measured iteration. */
export function ready(status: RunStatus, result: RunResult | null): result is RunResult {
  return status === 'done' && result !== null && result.summary.iterations > 0;
}
