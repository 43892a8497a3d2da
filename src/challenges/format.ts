// Numbers as the verdicts print them.

/** 1,234 */
export const count = (n: number) => n.toLocaleString('en-US');

/** µs as "9.0 µs", "1.25 ms" or, from 0.1 s, "0.74 s" */
export function duration(us: number): string {
  if (us >= 1e5) return `${(us / 1e6).toFixed(2)} s`;
  if (us >= 1e3) return `${(us / 1e3).toFixed(2)} ms`;
  return `${us.toFixed(1)} µs`;
}

/** "2.35×" */
export const ratio = (x: number) => `${x.toFixed(2)}×`;

/** A time against the start's: "2.35× faster than", "1.20× slower than", or "as fast as" within
 * half a percent (a check of the unchanged start said "1.00× faster"). */
export function compared(speedup: number): string {
  if (speedup >= 1.005) return `${ratio(speedup)} faster than`;
  if (speedup <= 1 / 1.005) return `${ratio(1 / speedup)} slower than`;
  return 'as fast as';
}

/** How to get the start back. The scenario bar's Reset loads the preset's own defaults, which
 * are not a challenge's start (its node count, its iterations): it is not offered. */
export const RESTART_LINE = '“Restart this challenge” (above) restores the starting state.';
