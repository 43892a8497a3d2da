// Event-duration distributions E of the paper's harmonics ⟨F, L, E, P⟩
// (model.md §2). Each event draws its own duration, in µs.
import type { Duration } from '../scenario/types.ts';
import { uniformAt3 } from './random.ts';

/** Numeric codes so the hot loop switches on a small integer. */
export const DurationKind = {
  Fixed: 0,
  Uniform: 1,
  Exponential: 2,
  Normal: 3,
  Lognormal: 4,
  Pareto: 5,
} as const;
export type DurationKind = (typeof DurationKind)[keyof typeof DurationKind];

/** A duration distribution flattened to a code and two parameters. */
export interface DurationParams {
  kind: DurationKind;
  p1: number;
  p2: number;
}

export function durationParams(d: Duration): DurationParams {
  switch (d.dist) {
    case 'fixed':
      return { kind: DurationKind.Fixed, p1: d.valueUs, p2: 0 };
    case 'uniform':
      return { kind: DurationKind.Uniform, p1: d.minUs, p2: d.maxUs };
    case 'exponential':
      return { kind: DurationKind.Exponential, p1: d.meanUs, p2: 0 };
    case 'normal':
      return { kind: DurationKind.Normal, p1: d.meanUs, p2: d.sdUs };
    case 'lognormal':
      return { kind: DurationKind.Lognormal, p1: d.medianUs, p2: d.sigma };
    case 'pareto':
      return { kind: DurationKind.Pareto, p1: d.scaleUs, p2: d.shape };
  }
}

/**
 * Duration (µs) of the k-th event of a source on a node, drawn from the
 * event's own coordinates (random.ts uniformAt3). Fixed durations draw nothing.
 */
export function sampleDuration(
  kind: DurationKind,
  p1: number,
  p2: number,
  key: number,
  node: number,
  k: number,
): number {
  // Literal cases (the DurationKind codes): property reads of an object in
  // a hot switch are not always folded.
  switch (kind) {
    case 0: // fixed
      return p1;
    case 1: // uniform
      return p1 + (p2 - p1) * uniformAt3(key, node, k);
    case 2: // exponential
      return -p1 * Math.log(1 - uniformAt3(key, node, k));
    case 3: {
      // normal
      const x = p1 + p2 * gaussianAt(key, node, k);
      return x > 0 ? x : 0; // clamped at 0 (model.md §2)
    }
    case 4: // lognormal
      return p1 * Math.exp(p2 * gaussianAt(key, node, k));
    case 5: // pareto
      // Type I: P[X > x] = (scale/x)^shape; 1 − U ∈ (0, 1] keeps it finite.
      return p1 * Math.pow(1 - uniformAt3(key, node, k), -1 / p2);
    default:
      return p1;
  }
}

/** Standard normal by Box–Muller from two counter-based uniforms. */
function gaussianAt(key: number, node: number, k: number): number {
  const u = 1 - uniformAt3(key, node, k); // (0, 1]: the log is finite
  const v = uniformAt3((key ^ 0x5bd1e995) >>> 0, node, k);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
