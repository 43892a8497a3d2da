// Logarithmic sliders as a list of stops: the slider moves an index, so every
// stop is one step and stops spaced by factors (×2, or 1-2-5) look evenly
// spaced, which is what a log scale is. 0 can be a stop, unlike on a log axis.

/** Granularity stops, µs: 0, then 10 µs … 100 s in a 1-2-5 sequence (NPB's computes between
 * messages reach seconds: FT's 1.5 s, EP's 5 s, the T3E's EP 34 s). */
export const GRANULARITY_STOPS_US: readonly number[] = [
  0, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 2e6, 5e6, 1e7,
  2e7, 5e7, 1e8,
];

/** `stops` sorted, without duplicates, with `value` added if it is not one of them. */
export function stopsWith(stops: readonly number[], value: number): number[] {
  return [...new Set([...stops, value])].sort((a, b) => a - b);
}

/** Node counts for a log slider: the powers of two up to `max`, the `marks`, and `max`. */
export function nodeStops(max: number, marks: readonly number[] = []): number[] {
  const stops: number[] = [];
  for (let n = 1; n <= max; n *= 2) stops.push(n);
  return stopsWith([...stops, ...marks.filter((m) => m >= 1 && m <= max)], max);
}

/** The index of the stop nearest to `value` (ties go to the lower stop). */
export function nearestStop(stops: readonly number[], value: number): number {
  let best = 0;
  stops.forEach((s, i) => {
    if (Math.abs(s - value) < Math.abs(stops[best] - value)) best = i;
  });
  return best;
}
