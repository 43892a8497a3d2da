// The challenge as the page runs it: which one is open, the hints shown, and the check: its runs
// go through the page (`run`, workers of their own), never through the scenario on show.
import type { RunResult } from '../engine/result.ts';
import { applyEdits } from '../edits/apply.ts';
import type { StepState } from '../edits/types.ts';
import type { Scenario } from '../scenario/types.ts';
import type { ViewId } from '../state/classroom-params.ts';
import { formatChallengeParams } from '../state/challenge-params.ts';
import { CHALLENGES, check, findChallenge } from './index.ts';
import type { Challenge, CheckRun, Verdict } from './types.ts';

/** What a challenge needs from the page. */
export interface ChallengeDeps {
  /** the preset as shipped (validated) */
  loadPreset: (id: string) => Promise<Scenario>;
  /** shows `scenario` (the preset `presetId` edited) in the simulator and runs it */
  show: (scenario: Scenario, presetId: string, base: Scenario) => void;
  /** makes a check's runs; rejects when one fails or is superseded */
  run: (runs: readonly CheckRun[]) => Promise<readonly RunResult[]>;
  /** a starting state could not be applied */
  fail: (message: string) => void;
  /** puts `view` on the stage (the challenge's own, as it opens) */
  view: (view: ViewId) => void;
}

/** The scenario a starting state describes, validated. */
async function startOf(state: StepState, loadPreset: ChallengeDeps['loadPreset']) {
  const base = await loadPreset(state.preset);
  return { scenario: applyEdits(base, state.edits), base };
}

export class ActiveChallenge {
  #active = $state(false);
  #challenge = $state.raw<Challenge>(CHALLENGES[0]);
  #hints = $state(0);
  #checking = $state(false);
  #verdict = $state.raw<Verdict | null>(null);
  /** the scenario the verdict judged */
  #checked = $state.raw<Scenario | null>(null);
  #deps: ChallengeDeps;
  /** the latest start or check: an older one finishing later is dropped */
  #request = 0;
  /** what openLink started (#start); settled when nothing is under way */
  #opened: Promise<void> = Promise.resolve();

  readonly all = CHALLENGES;

  constructor(deps: ChallengeDeps) {
    this.#deps = deps;
  }

  get active(): boolean {
    return this.#active;
  }
  get challenge(): Challenge {
    return this.#challenge;
  }
  /** how many hints are on show */
  get hintsShown(): number {
    return this.#hints;
  }
  get checking(): boolean {
    return this.#checking;
  }
  get verdict(): Verdict | null {
    return this.#verdict;
  }
  get checked(): Scenario | null {
    return this.#checked;
  }

  /** `challenge=<id>` while a challenge is open; '' otherwise. */
  get urlParams(): string {
    return this.#active ? formatChallengeParams(this.#challenge.id) : '';
  }

  /** Opens the challenge `id` (default: the current one) at its starting state. */
  open(id = this.#challenge.id): void {
    const next = findChallenge(id);
    if (!next) return;
    this.#select(next);
    this.#active = true;
    this.#deps.view(next.view);
    void this.#start();
  }

  /** Back to the starting state of the open challenge; the hints stay. */
  restart(): void {
    this.#forget();
    void this.#start();
  }

  /**
   * Opens the challenge a link names. `scenarioInLink`: the link also holds a scenario (the
   * student's solution), which is then kept; `viewInLink`: the link names the view on the stage,
   * which is then kept too. Returns whether the link named a challenge.
   */
  openLink(id: string | null, scenarioInLink: boolean, viewInLink = false): boolean {
    const named = id === null ? undefined : findChallenge(id);
    if (!named) return false;
    this.#select(named);
    this.#active = true;
    if (!viewInLink) this.#deps.view(named.view);
    this.#opened = scenarioInLink ? Promise.resolve() : this.#start();
    return true;
  }

  /** Settles once the challenge a link opened (openLink) shows its start, or could not. */
  get opened(): Promise<void> {
    return this.#opened;
  }

  /** Leaves the challenge; the simulator keeps the state on show. */
  stop(): void {
    this.#active = false;
    this.#forget();
  }

  showHint(): void {
    this.#hints = Math.min(this.#hints + 1, this.#challenge.hints.length);
  }

  /** Checks `student` (the scenario on show) and sets the verdict. */
  async check(student: Scenario): Promise<void> {
    const request = ++this.#request;
    const challenge = this.#challenge;
    this.#checking = true;
    this.#verdict = null;
    let verdict: Verdict;
    try {
      const { scenario: start } = await startOf(challenge.start, this.#deps.loadPreset);
      verdict = await check(challenge, student, start, this.#deps.run);
    } catch (e) {
      verdict = {
        pass: false,
        summary: 'The check could not finish.',
        lines: [(e as Error).message],
      };
    }
    if (request !== this.#request) return;
    this.#checking = false;
    this.#verdict = verdict;
    this.#checked = student;
  }

  #select(challenge: Challenge): void {
    if (challenge !== this.#challenge) this.#hints = 0;
    this.#challenge = challenge;
    this.#forget();
  }

  #forget(): void {
    this.#request++;
    this.#checking = false;
    this.#verdict = null;
    this.#checked = null;
  }

  async #start(): Promise<void> {
    const request = ++this.#request;
    const challenge = this.#challenge;
    try {
      const { scenario, base } = await startOf(challenge.start, this.#deps.loadPreset);
      if (request !== this.#request) return;
      this.#deps.show(scenario, challenge.start.preset, base);
    } catch (e) {
      if (request !== this.#request) return;
      this.#deps.fail(`The challenge could not be set up: ${(e as Error).message}`);
    }
  }
}
