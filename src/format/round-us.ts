// Times as NoiseLab writes them out (the CLI's JSON and CSV, the page's CSV downloads): to the
// picosecond. The engine computes a latency as the difference of two absolute times of the run,
// so a value that is 7 µs exactly can come out 6.999999999992724 (a few units in the last place
// of times near 10⁵ µs): below the collective's noiseless 7 µs, which reads as a bug to whoever
// checks it. Rounding to 1e-6 µs takes that off and nothing a run can measure: no event,
// compute or message is shorter than a picosecond.

/** µs values are rounded to this many decimals */
const DECIMALS = 6;
const SCALE = 10 ** DECIMALS;
/** beyond this, x·SCALE passes 2⁵³ and rounding would only lose digits: left as it is (µs) */
const LARGEST = 2 ** 53 / SCALE;

/** A time in µs rounded to 1e-6 µs; NaN, ±Infinity and times past 2⁵³ ps as they are. */
export function roundUs(x: number): number {
  if (!Number.isFinite(x) || Math.abs(x) >= LARGEST) return x;
  const r = Math.round(x * SCALE) / SCALE;
  return Object.is(r, -0) ? 0 : r;
}

/** A µs cell of a CSV: rounded as above; null (an empty field) stays null. */
export function usCell(x: number | null | undefined): number | null {
  return x === null || x === undefined ? null : roundUs(x);
}
