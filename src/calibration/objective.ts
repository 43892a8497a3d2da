// The calibration's objective: J = Σ r², one residual r per published result (types.ts Term),
// each scaled so that r = ±1 at the edge of the report's tolerance (src/validation/tolerance.ts:
// ±20% of a published value; a published bound as printed, with the same 20% as its scale).
// A result met within tolerance costs at most 1; the search minimises the sum.
import { VALUE_TOLERANCE } from '../validation/tolerance.ts';
import type { Measures, Problem, SeedMeasure } from './types.ts';

/** r for a published value: (sim − pub) / (20% of pub). */
export function valueResidual(simulated: number, published: number): number {
  return (simulated - published) / (VALUE_TOLERANCE * Math.abs(published));
}

/** r for a published lower bound ("more than b"): 0 above it, then in units of 20% of b. */
export function aboveResidual(simulated: number, bound: number): number {
  return Math.max(0, bound - simulated) / (VALUE_TOLERANCE * Math.abs(bound));
}

/** r for a published upper bound ("under b"). */
export function belowResidual(simulated: number, bound: number): number {
  return Math.max(0, simulated - bound) / (VALUE_TOLERANCE * Math.abs(bound));
}

/** Pooled over seeds: Σ µs of lost time in Table 2's class `cat` / Σ µs lost, each iteration's
 * lost time classed by its length (SeedMeasure.lostByLength). */
export function pooledLengthShare(runs: SeedMeasure[], cat: string): number {
  let part = 0;
  let all = 0;
  for (const r of runs) {
    part += r.lostByLength[cat] ?? 0;
    all += r.lengthTotalUs;
  }
  return all > 0 ? part / all : 0;
}

/** Pooled over seeds: source `id`'s share of the loss charged to the sources `among`. */
export function pooledSourceShare(runs: SeedMeasure[], id: string, among: string[]): number {
  let part = 0;
  let all = 0;
  for (const r of runs) {
    for (const s of among) all += r.lostBySource[s] ?? 0;
    part += r.lostBySource[id] ?? 0;
  }
  return all > 0 ? part / all : 0;
}

/** Pooled mean latency over seeds (equal iteration counts: the mean of the seeds' means). */
export function pooledLatency(runs: SeedMeasure[]): number {
  return runs.reduce((a, r) => a + r.latencyUs, 0) / runs.length;
}

export interface TermValue {
  id: string;
  simulated: number;
  text: string;
  residual: number;
}

export interface Evaluation {
  objective: number;
  terms: TermValue[];
}

/** The objective and every term's value for one evaluation's measures. */
export function evaluate(problem: Problem, m: Measures): Evaluation {
  const terms = problem.terms.map((t) => ({ id: t.id, ...t.evaluate(m) }));
  // A term that cannot be measured (NaN) counts as far off, never as met; held-out terms are
  // shown, not summed.
  const objective = terms.reduce(
    (a, t, k) =>
      problem.terms[k].heldOut ? a : a + (Number.isFinite(t.residual) ? t.residual ** 2 : 100),
    0,
  );
  return { objective, terms };
}
