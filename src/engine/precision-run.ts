// A run that stops when its mean iteration time is known to a stated precision, instead of
// after a fixed count: `noiselab sweep --precision 0.5%`. Two conditions, both required:
//
// 1. the standard error of the mean, by batch means (batch-means.ts), is at most `precision`
//    of the mean — what the run has seen is pinned down;
// 2. the run has covered the measured machine time its rarest sources need to be met often
//    enough that their share of the mean is known to ± `precision` (point-length.ts
//    pointTargetUs) — what it has not seen yet cannot be ignored. Without this a run of ASCI Q at
//    g = 0 would stop after a few quiet milliseconds, precise about a machine without its
//    335 ms quorum activity or its RMS daemons.
//
// The run's own iteration count is the cap: a run that reaches it first says so (met: false)
// and what it reached. Where a run stops follows the simulation alone (checks at fixed counts),
// so a seed gives the same stop on any machine.
import { BATCHES, batchMeansRelSe } from './batch-means.ts';
import { pointTargetUs, POINT_BLOCK } from './point-length.ts';
import type { Run } from './run.ts';

/** Measured iterations before the precision is judged at all: four per batch. */
export const MIN_MEASURED = 4 * BATCHES;

/** How a run stopped by precision ended. */
export interface PrecisionReach {
  /** the precision asked for: the standard error's share of the mean */
  target: number;
  /** measured iterations run */
  measured: number;
  /** the standard error of the mean iteration time (batch means), as a share of the mean */
  relSe: number;
  /** µs of measured simulated time */
  simulatedUs: number;
  /** µs the rarest source needed to be known to ± target (0 without noise) */
  neededUs: number;
  /** both conditions met before the run's iterations ran out */
  met: boolean;
}

/** Whether a run with this reach may stop. */
function enough(
  measured: number,
  relSe: number,
  simulatedUs: number,
  neededUs: number,
  target: number,
) {
  return measured >= MIN_MEASURED && simulatedUs >= neededUs && relSe <= target;
}

/**
 * Steps `run` (fresh, or part-way) until its mean is known to `precision` (0 < precision < 1)
 * or its iterations run out. Checks come at MIN_MEASURED measured iterations and then every
 * eighth more (at least POINT_BLOCK), so the checks cost O(n) in all and a run overshoots the
 * first count that would do by at most an eighth.
 */
export function runToPrecision(run: Run, precision: number): PrecisionReach {
  if (!(precision > 0 && precision < 1)) {
    throw new RangeError(`precision ${precision}: allowed: > 0 and < 1`);
  }
  const neededUs = pointTargetUs(run.scenario, { precision, maxEvents: Infinity });
  let simulatedUs = 0;
  let counted = 0;
  let relSe = Infinity;
  for (;;) {
    const measured = run.measured;
    for (; counted < measured; counted++) simulatedUs += run.durations[counted];
    if (measured >= MIN_MEASURED) relSe = batchMeansRelSe(run.durations, 0, measured);
    if (enough(measured, relSe, simulatedUs, neededUs, precision) || run.done) break;
    // Warm-up iterations count towards reaching the first check.
    const nextCheck = Math.max(MIN_MEASURED, measured + Math.max(POINT_BLOCK, measured >> 3));
    run.step(nextCheck - measured);
  }
  return {
    target: precision,
    measured: run.measured,
    relSe,
    simulatedUs,
    neededUs,
    met: enough(run.measured, relSe, simulatedUs, neededUs, precision),
  };
}
