// Times as the CLI prints them: every field whose key ends in `Us` (and the elements of such
// arrays) rounded to 1e-6 µs, the one rule of format/round-us.ts (why: there).

import { roundUs } from '../format/round-us.ts';

/**
 * Keys that take their unit from the object they are in: the tree report's
 * `rankUpdateUs: { min, mean, max }` is three µs (its `min` printed 21.000000000000004).
 * Other keys inside a µs object keep their own names' reading (`runTimeUs.cov` is a fraction).
 */
const PARENT_UNIT = new Set(['min', 'mean', 'max']);

/** `value` with every number under a key ending in `Us` rounded to 1e-6 µs; a new value. */
export function roundTimes<T>(value: T, key = ''): T {
  const us = key.endsWith('Us');
  if (typeof value === 'number') return (us ? roundUs(value) : value) as T;
  if (Array.isArray(value)) return value.map((v) => roundTimes(v, key)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = roundTimes(v, us && PARENT_UNIT.has(k) ? `${k}Us` : k);
    }
    return out as T;
  }
  return value;
}
