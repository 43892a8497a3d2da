// What the ripple view says about one iteration of its two runs (src/engine/ripple.ts): how many
// ranks are late, by how much, and how far from the hit rank the delay has got; and its data as
// CSV. Kept out of the component so it can be checked without a browser.
import type { Ripple, RippleRun } from '../engine/ripple.ts';
import { formatCount, formatTimeUs } from '../format/numbers.ts';
import { gridCoords } from '../scenario/grid.ts';
import { ON_TIME_US } from '../state/ripple-late.ts';
import { roundUs } from '../format/round-us.ts';

export interface RippleFrame {
  /** ranks released later than a noiseless run releases them */
  late: number;
  /** µs: the most and the mean lateness over all ranks */
  maxUs: number;
  meanUs: number;
  /** steps along the grid from the hit rank to the farthest late rank (null: no hit rank) */
  reach: number | null;
}

/** Steps between ranks a and b on the ripple's 2-D grid (wrapping around when `periodic`). */
export function gridDistance(a: number, b: number, sides: readonly number[], periodic: boolean) {
  const ca = gridCoords(a, sides);
  const cb = gridCoords(b, sides);
  let sum = 0;
  for (let j = 0; j < sides.length; j++) {
    const d = Math.abs(ca[j] - cb[j]);
    sum += periodic ? Math.min(d, sides[j] - d) : d;
  }
  return sum;
}

export function rippleFrame(
  ripple: Ripple,
  run: RippleRun,
  iteration: number,
  periodic: boolean,
): RippleFrame {
  const R = ripple.ranks;
  let late = 0;
  let maxUs = 0;
  let sum = 0;
  let reach: number | null = ripple.hitRank === null ? null : 0;
  for (let r = 0; r < R; r++) {
    const x = run.lateUs[iteration * R + r];
    sum += x;
    if (x > maxUs) maxUs = x;
    if (x <= ON_TIME_US) continue;
    late++;
    if (ripple.hitRank !== null) {
      const k = gridDistance(ripple.hitRank, r, ripple.sides, periodic);
      if (k > reach!) reach = k;
    }
  }
  return { late, maxUs, meanUs: sum / R, reach };
}

/** The most lateness anywhere in either run: the colour scale's top, µs. */
export function rippleMaxUs(ripple: Ripple): number {
  let max = 0;
  for (const run of [ripple.halo, ripple.barrier]) for (const x of run.lateUs) if (x > max) max = x;
  return max;
}

/** One sentence per run for iteration i: what the picture shows, for screen readers too. */
export function rippleSummary(ripple: Ripple, iteration: number, periodic: boolean): string {
  const R = ripple.ranks;
  const halo = rippleFrame(ripple, ripple.halo, iteration, periodic);
  const barrier = rippleFrame(ripple, ripple.barrier, iteration, periodic);
  const of = (f: RippleFrame) =>
    f.late === 0
      ? 'every rank on time'
      : f.late === R
        ? `all ${formatCount(R)} ranks late, up to ${formatTimeUs(f.maxUs)}`
        : `${formatCount(f.late)} of ${formatCount(R)} ranks late, up to ${formatTimeUs(f.maxUs)}`;
  const reach =
    halo.reach !== null && halo.late > 0 && halo.late < R
      ? ` (the delay is ${halo.reach} neighbour${halo.reach === 1 ? '' : 's'} from the hit rank)`
      : '';
  return (
    `Iteration ${iteration}: halo exchange, ${of(halo)}${reach}; ` + `barrier, ${of(barrier)}.`
  );
}

/** The data on show as CSV: one row per iteration and rank, lateness of both runs in µs. */
export function rippleCsv(ripple: Ripple): string {
  const R = ripple.ranks;
  const cols = ripple.sides[1];
  const rows = ['iteration,rank,row,column,halo_late_us,barrier_late_us'];
  for (let i = 0; i < ripple.iterations; i++) {
    for (let r = 0; r < R; r++) {
      const k = i * R + r;
      rows.push(
        `${i},${r},${Math.floor(r / cols)},${r % cols},${roundUs(ripple.halo.lateUs[k])},${roundUs(ripple.barrier.lateUs[k])}`,
      );
    }
  }
  return rows.join('\n') + '\n';
}
