// The paper-validation report (npm run validate:papers → docs/validation.md): every published
// result NoiseLab claims to reproduce, the simulated figure next to it, the tolerance, pass/fail.
// Targets live in targets/*.ts, one file per group; each runs in a full mode (the report) and a
// fast mode (a smaller run of the same check, for CI), and says which checks the fast mode keeps.

/** One row of the report: one published figure against one simulated figure. */
export interface Check {
  /** stable id, e.g. 'fig15-node0' */
  id: string;
  /** what the paper says, in a few words: 'removing node-0 noise alone improves g = 1 ms by 5–25%' */
  claim: string;
  /** the published figure, as printed in the paper (with unit) */
  published: string;
  /** the simulated figure (with unit) */
  simulated: string;
  /** the accepted range, in words: '5–25%', '±20%', 'crossover within 2× of 256 nodes' */
  tolerance: string;
  pass: boolean;
  /** how it was run: preset file(s), seed, iterations, nodes, ... */
  run: string;
  /** why it misses, or the trade-off chosen; '' when there is nothing to say */
  note: string;
  /**
   * What the check is worth (default "evidence": a prediction of a published result, counted).
   * "calibrated": the model was fitted to this figure (the check confirms the fit and is listed
   * apart, not counted). "illustration": the paper states no figure to meet; shown, not counted.
   */
  basis?: 'evidence' | 'calibrated' | 'illustration';
}

export interface TargetContext {
  /** 'full' for the report, 'fast' for CI (smaller runs, same claims) */
  mode: 'full' | 'fast';
}

/** One numbered target of the validation report (a published result, possibly several checks). */
export interface Target {
  /** 1..11, the numbering */
  number: number;
  title: string;
  /** where in the papers, e.g. '000 Fig 15; 000 sec 3.4' */
  cite: string;
  /** whether the CI test runs this target (in fast mode) */
  fast: boolean;
  run(ctx: TargetContext): Check[];
}
