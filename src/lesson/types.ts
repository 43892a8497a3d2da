// The lesson's data model: a step sets the simulator's state, asks one question, and reveals the
// simulated figure next to the published one. Pure data and functions: no DOM, no Svelte.
import type { RunResult } from '../engine/result.ts';
import type { Scenario } from '../scenario/types.ts';

/** One change to a preset, applied in order (edits.ts). */
export type Edit =
  /** a dotted path of the scenario (src/scenario/paths.ts), e.g. `job.nodes` */
  | { kind: 'set'; path: string; value: unknown }
  /**
   * Noise sources picked by id or category (and, if given, by arrival): enable, disable or
   * align them (phase 'aligned' is allowed only for periodic sources).
   */
  | {
      kind: 'sources';
      ids?: readonly string[];
      categories?: readonly string[];
      arrival?: 'periodic' | 'poisson';
      enabled?: boolean;
      phase?: 'aligned' | 'random';
    };

/** A simulator state: a preset of src/state/presets.ts and the edits on it. */
export interface StepState {
  preset: string;
  edits: readonly Edit[];
}

export interface ChoiceOption {
  /** a single lower-case letter, the answer's code in a URL */
  id: string;
  /** says everything the option means; a curve only illustrates it */
  label: string;
  /**
   * "Choose the curve you expect": the option's curve, drawn as a small chart beside the label,
   * as y values (0 = bottom, 1 = top) at evenly spaced x from left to right.
   */
  curve?: readonly number[];
  /** what the curve's axes are, e.g. 'barrier latency against nodes (log scale)' */
  axes?: string;
}

export type Question =
  | {
      kind: 'choice';
      prompt: string;
      options: readonly ChoiceOption[];
      /** the option the paper supports */
      answer: string;
    }
  | {
      kind: 'numeric';
      prompt: string;
      /** shown after the number, e.g. '%' or '×' */
      unit: string;
      min: number;
      max: number;
      step: number;
      /** where the slider starts */
      initial: number;
      /** the published value the question asks for */
      answer: number;
    };

/** A student's answer: an option id or a number. */
export type Answer = string | number;

/** The published figure of a step, copied from the paper with its place in it. */
export interface PublishedFigure {
  value: string;
  detail: string;
  /** e.g. '000 Table 3' (000 = ASCI Q paper, 002 = its tutorial slides, 003 = Jaguar XT5) */
  cite: string;
}

/** What the reveal reads: the run on show, and the step's comparison run when it has one. */
export interface RevealInput {
  scenario: Scenario;
  run: RunResult;
  compare: RunResult | null;
}

export type SimulatedFigure =
  { ok: true; value: string; detail: string } | { ok: false; reason: string };

export interface LessonStep {
  /** URL-safe slug, unique */
  id: string;
  /** 1-based position */
  number: number;
  title: string;
  /** one or two sentences setting the scene before the question */
  intro: string;
  state: StepState;
  /** a second run the reveal compares with (run in its own worker) */
  compare?: { label: string; state: StepState };
  /** the run's size and why it stays affordable in a browser */
  runNote: string;
  question: Question;
  published: PublishedFigure;
  simulate: (input: RevealInput) => SimulatedFigure;
  /** one paragraph, citing the paper */
  explanation: string;
}
