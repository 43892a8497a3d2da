// The calibration of the presets (`npm run calibrate`, scripts/calibrate.ts → docs/calibration.md):
// a problem names the preset values the papers do not give (provenance "calibrated"), the range
// each may take, the published results they are fitted against, and the runs that measure them.
// The fit is a deterministic search over seeds fixed in the problem; its objective is stated in
// objective.ts. Nothing here reads the clock or draws unseeded numbers: the same inputs give the
// same presets.
import type { Scenario } from '../scenario/index.ts';

/** The presets a problem edits, by file name (scenarios/<name>.json), as validated scenarios. */
export type Presets = Record<string, Scenario>;

/** One fitted value (it may set several fields of several presets, always to the same number). */
export interface Parameter {
  /** stable id, e.g. 'kernel-activity-period' */
  id: string;
  /** what it is, in a few words, with its unit */
  label: string;
  unit: 'µs' | 's' | '×';
  /** where the search starts, in µs (or ×): the value set by hand before any fit, fixed here so
   * that the command gives the same values however often it is run */
  start: number;
  /** the range searched, in `unit`, and why: the papers' statement it stays within */
  lo: number;
  hi: number;
  bounds: string;
  /** searched on a log scale (a rate or a duration spanning decades) or a linear one */
  scale: 'log' | 'linear';
  /** the fields it sets, in words: 'periodUs of kernel-activity (Poisson), all three presets' */
  fields: string;
  /** its value in the presets as they are */
  read(p: Presets): number;
  /** sets it in the drafts (and nothing else) */
  write(p: Presets, value: number): void;
  /** the value as written to a file (whole µs, a few significant digits) */
  round(value: number): number;
  /** provenance written with it: where the paper discusses it and what it is fitted against,
   * on field `key` of the sources `sources` */
  cite: string;
  against: string;
  provenance: { sources: string[]; key: 'periodUs' | 'duration' | 'phase' };
  /** what the note of source `id` in preset `preset` adds, where the field there is not the
   * value itself (written as a share of it, say): '; here 1/8 of it, …' */
  hereNote?(preset: string, id: string, value: number): string;
}

/** One barrier run of a problem: a scenario, run on each of the problem's seeds. */
export interface RunSpec {
  key: string;
  scenario: Scenario;
}

/** What the objective reads of one seed's barrier run. */
export interface SeedMeasure {
  seed: number;
  /** mean barrier latency ℓ = Δ − g, µs */
  latencyUs: number;
  /** mean iteration (cycle, step) Δ, µs */
  iterationUs: number;
  /** tree workloads: rank 0's mean time per iteration in collectives, µs; else NaN */
  rootCollectiveUs: number;
  lostByCategory: Record<string, number>;
  lostBySource: Record<string, number>;
  totalLostUs: number;
  /** µs of lost time in each of Table 2's classes, each iteration's time over g + L classed by
   * its length as 000 sec 6 measured it (src/validation/table2-classes.ts) */
  lostByLength: Record<string, number>;
  /** µs of lost time by that measure in all (the classes, and what falls between them) */
  lengthTotalUs: number;
}

/** Every run of one evaluation: run key → one measure per seed, in seed order; plus the
 * in-process measures (FWQ and the like) by name. */
export interface Measures {
  runs: Record<string, SeedMeasure[]>;
  extra: Record<string, number>;
}

/** One published result in the objective. */
export interface Term {
  /** the id of the same check in docs/validation.md */
  id: string;
  /** shown beside the fit but left out of the objective: kept as evidence the fit did not see */
  heldOut?: boolean;
  /** what the paper says, e.g. 'at g = 1 ms the RMS daemons cause 40% of the lost time' */
  claim: string;
  /** where: '000 Fig 18(b)' */
  cite: string;
  /** the published figure, as printed */
  published: string;
  /** the simulated figure (pooled over seeds) and its residual: 0 on target, ±1 at the edge of
   * the tolerance of src/validation/tolerance.ts, squared into the objective */
  evaluate(m: Measures): { simulated: number; text: string; residual: number };
}

export interface Problem {
  id: string;
  title: string;
  /** the preset files it edits (scenarios/<name>.json) */
  presets: string[];
  parameters: Parameter[];
  terms: Term[];
  /** seeds every run of an evaluation uses (fixed here, apart from the report's 1–5) */
  seeds: number[];
  /** the barrier runs of one evaluation of `p` */
  runs(p: Presets): RunSpec[];
  /** measures computed in this thread (cheap ones: FWQ) */
  extra(p: Presets): Record<string, number>;
  /** what the runs are, in words, for the report */
  describeRuns: string;
  /** what is fixed rather than fitted, in words, for the report */
  structure: string;
  /** how some results are measured, in words, where the objective's general rule does not say */
  measuresNote?: string;
}
