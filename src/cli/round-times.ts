// Times as the CLI prints them: to the picosecond. The engine computes a latency as the
// difference of two absolute times of the run, so a value that is 7 µs exactly can come out
// 6.999999999992724 (a few units in the last place of times near 10⁵ µs): below the collective's
// noiseless 7 µs, which reads as a bug to whoever checks it. Rounding every field whose key ends
// in `Us` (and the elements of such arrays) to 1e-6 µs takes that off and nothing a run can
// measure: no event, compute or message is shorter than a picosecond.

/** µs fields are rounded to this many decimals */
const DECIMALS = 6;
const SCALE = 10 ** DECIMALS;
/** beyond this, x·SCALE passes 2⁵³ and rounding would only lose digits: left as it is (µs) */
const LARGEST = 2 ** 53 / SCALE;

function roundUs(x: number): number {
  if (!Number.isFinite(x) || Math.abs(x) >= LARGEST) return x;
  const r = Math.round(x * SCALE) / SCALE;
  return Object.is(r, -0) ? 0 : r;
}

/** `value` with every number under a key ending in `Us` rounded to 1e-6 µs; a new value. */
export function roundTimes<T>(value: T, key = ''): T {
  const us = key.endsWith('Us');
  if (typeof value === 'number') return (us ? roundUs(value) : value) as T;
  if (Array.isArray(value)) return value.map((v) => roundTimes(v, key)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = roundTimes(v, k);
    return out as T;
  }
  return value;
}
