// The lesson's data model: a step sets the simulator's state, asks one question, and reveals the
// simulated figure next to the published one. Pure data and functions: no DOM, no Svelte.
import type { RunResult } from '../engine/result.ts';
import type { Vary } from '../engine/sweep.ts';
import type { Scenario } from '../scenario/types.ts';
import type { ViewId } from '../state/classroom-params.ts';

import type { StepState } from '../edits/types.ts';

export type { Edit, StepState } from '../edits/types.ts';

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

/** A chart axis of a sketch or marker question. */
export interface Axis {
  /** what the axis shows, e.g. 'nodes' */
  label: string;
  /** shown after a value, e.g. '%' or ' nodes' */
  unit: string;
  min: number;
  max: number;
  /** logarithmic (base 10 ticks) rather than linear */
  log?: boolean;
  /** a log axis that also shows 0: the value 0 is drawn at `min` and labelled 0 */
  zeroAtMin?: boolean;
  /** the values labelled on the axis (default: every other x of a log axis, or D3's ticks) */
  ticks?: readonly number[];
}

/** A point of a chart, in the axes' units. */
export interface CurvePoint {
  x: number;
  y: number;
}

/**
 * The curve a sketch question reveals: y at each of the question's `xs`, computed from the
 * step's run(s), and the points simulated directly (the others come from a model fitted to them).
 */
/** A thinner curve under a sketch's simulated one, at the question's xs. */
export interface CurvePart {
  label: string;
  ys: readonly number[];
  /** a noise class's part: drawn in the class's colour, as in the timeline and Resonance view */
  category?: string;
}

export type SimulatedCurve =
  | {
      ok: true;
      ys: readonly number[];
      runs: readonly CurvePoint[];
      note: string;
      /** the legend's words for the curve when it is a model through the runs, not a run at
       * every x ("model 1 − (1 − p)ᴺ"); "simulated curve" without it */
      label?: string;
      /** further simulated curves at `xs`, drawn thinner, e.g. each noise class's part */
      parts?: readonly CurvePart[];
    }
  | { ok: false; reason: string };

/**
 * A published claim at an x of a sketch that is not a y value of its chart (step 9: which noise
 * caused most of the lost time, a share, on a chart of the slowdown): drawn as a labelled mark
 * along the top of the plot.
 */
export interface PublishedNote {
  x: number;
  /** short, e.g. 'kernel 66%' */
  text: string;
  /** its tooltip, the whole claim with its citation */
  title: string;
  /** e.g. '000 Fig 18(a)': a seed number and a place (src/published/cite.ts makes it readable) */
  cite: string;
}

export type Question =
  | {
      kind: 'choice';
      prompt: string;
      options: readonly ChoiceOption[];
      /** the option the paper supports (or, with answerFrom 'model', the model's rules give) */
      answer: string;
      /**
       * 'model' when no paper shows the answer and the simulator's rules give it (the ripple of
       * a halo exchange): the verdict then says so instead of crediting a paper. Default 'paper'.
       */
      answerFrom?: 'paper' | 'model';
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
    }
  | {
      /** "Sketch the curve you expect" (the "you draw it" pattern): y over x, point by point */
      kind: 'sketch';
      prompt: string;
      x: Axis;
      y: Axis;
      /** the x values the student sets a y for (sketch.ts stores each y as a level) */
      xs: readonly number[];
      /** the level every point starts at, before the student draws */
      initial: number;
      /**
       * the levels (sketch.ts) of the curve the paper supports, at `xs`, when it gives one (step
       * 6: the paper's own model); else the published points are the paper's whole say
       */
      answer?: readonly number[];
      /** the simulated curve at `xs`, from the step's run and comparison run */
      curve: (input: RevealInput) => SimulatedCurve;
      /** the paper's points on these axes (a bound: the value lies over or under it) */
      published: readonly (CurvePoint & { bound?: 'over' | 'under' })[];
      /** the paper's claims at some x that are not on the y axis (drawn along the top) */
      notes?: readonly PublishedNote[];
      /** what the notes are, for the chart's legend, e.g. 'the largest share of the lost time' */
      notesLabel?: string;
      /**
       * the reveal also says whether the sketch has the simulated curve's shape (falls, rises,
       * peaks or stays flat), beside how far it was from it
       */
      shape?: boolean;
    }
  | {
      /** "Drag a marker on the chart": one value on one axis */
      kind: 'marker';
      prompt: string;
      axis: Axis;
      /** a keyboard arrow moves the marker by this much (on a log axis: by this many decades) */
      step: number;
      initial: number;
      /** the published value the marker should land on */
      answer: number;
      /** 'over': the paper gives a lower bound, so anywhere from `answer` up agrees with it */
      bound?: 'over';
      /**
       * what the published value is, when it is not a figure for the step's own run (e.g. another
       * code's slowdown read as a lower bound): shown beside the published mark and in the verdict
       */
      answerIs?: string;
      /** labelled reference values drawn on the axis, e.g. one processor's loss */
      guides: readonly { value: number; label: string }[];
      /** the simulated value on the axis, from the step's run */
      simulated: (input: RevealInput) => number | null;
    };

/**
 * A student's answer: an option id, a number (numeric or marker), or a sketch's levels
 * (sketch.ts: 0 = the y axis's bottom, SKETCH_LEVELS - 1 its top).
 */
export type Answer = string | number | readonly number[];

/** The published figure of a step, copied from the paper with its place in it. */
export interface PublishedFigure {
  value: string;
  detail: string;
  /**
   * e.g. '000 Table 3': seed numbers (src/published/seeds.ts) and places, the short form the data
   * and tests key on; the page shows it readable (src/published/cite.ts)
   */
  cite: string;
}

/**
 * What the reveal reads: the run on show, the step's comparison run when it has one, and its
 * sweep's runs (in the sweep's point order) when it has one.
 */
export interface RevealInput {
  scenario: Scenario;
  run: RunResult;
  compare: RunResult | null;
  sweep?: readonly RunResult[] | null;
  /** the scenario the sweep's points were varied from (the step's own state) */
  sweepScenario?: Scenario | null;
}

/**
 * Runs of the step's own state with some fields varied (src/engine/sweep.ts: every point its
 * own child seed), run in the page's sweep workers after the run on show.
 */
export interface StepSweep {
  /** what the runs are, e.g. '7 granularities' */
  label: string;
  /** what the reveal's simulated figure is of, beside its heading; absent: 'the sweep' */
  tag?: string;
  /**
   * steps whose sweeps have the same key make the same runs (the same state and plan), so the
   * page runs them once; absent: the step's own id
   */
  key?: string;
  /** the varied fields of the step's scenario, and the number of points (their product) */
  plan: (scenario: Scenario) => { varies: Vary[]; total: number };
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
  /**
   * the view on the stage, beside the question, until the step is revealed: one that shows the
   * set-up, never the answer (predict, then reveal)
   */
  view: ViewId;
  /** the view the reveal puts on the stage, the answer's picture; absent: `view` */
  revealView?: ViewId;
  /**
   * µs, a fixed y axis for the latency view where fitting it to the data would mislead: BG/P's
   * flat 2 µs fitted to a 1–10 µs axis looks like growth (step 12)
   */
  latencyAxisUs?: readonly [number, number];
  /**
   * the run-to-run view's number of runs while the step is on show (one of its choices): the
   * same seeds as the step's sweep, so the view's histogram and the reveal's numbers agree
   */
  runs?: number;
  /** once revealed, the timeline also shows the same noise co-scheduled (step 10) */
  revealAligned?: boolean;
  /** a second run the reveal compares with (run in its own worker) */
  /**
   * `label` names the comparison run; `ownLabel` the step's own run beside it (the side-by-side
   * table's "This run"), where the scenario's title would say a size the step changed.
   */
  compare?: { label: string; ownLabel?: string; state: StepState };
  /** runs of the step's state at several values of some field (a sweep) the reveal reads */
  sweep?: StepSweep;
  /** the run's size and why it stays affordable in a browser */
  runNote: string;
  question: Question;
  published: PublishedFigure;
  simulate: (input: RevealInput) => SimulatedFigure;
  /** one paragraph, citing the paper in the short form ('(000 Fig 9)'); shown readable */
  explanation: string;
}
