// Reading a ripple run (src/engine/ripple.ts) for what it shows: which ranks are late, and the
// first update the one delay shows in. The ripple view and the lesson's ripple step read the run
// the same way, so the lesson's "5, 13, 25 late" is what the view opens on.
import { HIT_ITERATION, type RippleRun } from '../engine/ripple.ts';

/** µs below which a rank counts as on time (rounding in the release sums) */
export const ON_TIME_US = 1e-6;

/** Ranks released late from iteration i of a ripple run of `ranks` ranks. */
export function lateRanks(run: RippleRun, ranks: number, i: number): number {
  let late = 0;
  for (let r = 0; r < ranks; r++) if (run.lateUs[i * ranks + r] > ON_TIME_US) late++;
  return late;
}

/**
 * The first iteration from the hit one with a late rank (the last one if none): the hit one
 * itself whenever the event delays someone (src/engine/ripple.ts lands it on the rank's CPU work,
 * or over its start when it has none); a later one only for an event no rank waits for.
 */
export function firstLateIteration(run: RippleRun, ranks: number, iterations: number): number {
  let first = HIT_ITERATION;
  while (first < iterations - 1 && lateRanks(run, ranks, first) === 0) first++;
  return first;
}
