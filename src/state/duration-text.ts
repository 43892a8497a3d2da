// Durations as a link writes them: `1ms`, `1.5ms`, `10us`, `60s`, or a bare number of µs. Read
// and written exactly (the decimal point is shifted in the text, never by float arithmetic), so a
// value survives a link unchanged.

import { renderValue } from '../scenario/index.ts';

export const DURATION_EXPECTED =
  'a duration ≥ 0 in us, µs, ms or s (a bare number means µs), e.g. g=1ms, g=1.5ms or g=10us';

const UNITS: Record<string, number> = { '': 0, us: 0, µs: 0, μs: 0, ms: 3, s: 6 };

/** µs of `1ms`, `1.5ms`, `10us`, `10µs`, `1s`, `250` (µs); undefined when malformed. */
export function parseDurationUs(text: string): number | undefined {
  const m = /^([0-9]{1,15})(?:\.([0-9]{1,15}))?(us|µs|μs|ms|s)?$/.exec(text);
  if (!m) return undefined;
  // Shift the decimal point in the text, so 0.1ms is exactly 100 (0.1 × 1000 is not).
  const shift = UNITS[m[3] ?? ''];
  const fraction = (m[2] ?? '').padEnd(shift, '0');
  const value = Number(`${m[1]}${fraction.slice(0, shift)}.${fraction.slice(shift) || '0'}`);
  return Number.isFinite(value) ? value : undefined;
}

/** The shortest exact text parseDurationUs reads back as `us`: `0`, `1s`, `1.5ms`, `10us`. */
export function formatDurationUs(us: unknown): string {
  if (typeof us !== 'number' || !Number.isFinite(us) || us < 0) {
    throw new RangeError(`${renderValue(us)}: expected ${DURATION_EXPECTED}`);
  }
  if (us === 0) return '0';
  const plain = String(us);
  if (!/^[0-9]{1,15}(\.[0-9]{1,15})?$/.test(plain)) {
    throw new RangeError(
      `${plain} µs cannot be written in a link; use at most 15 digits each side`,
    );
  }
  for (const [unit, shift] of [
    ['s', 6],
    ['ms', 3],
  ] as const) {
    const text = shiftLeft(plain, shift);
    if (Number(text) >= 1 && (text.split('.')[1] ?? '').length <= 3) return `${text}${unit}`;
  }
  return `${plain}us`;
}

/** The decimal text `plain` divided by 10^shift, exactly (no float arithmetic). */
function shiftLeft(plain: string, shift: number): string {
  const [whole, fraction = ''] = plain.split('.');
  const padded = whole.padStart(shift + 1, '0');
  const head = padded.slice(0, padded.length - shift).replace(/^0+(?=[0-9])/, '');
  const tail = (padded.slice(padded.length - shift) + fraction).replace(/0+$/, '');
  return tail === '' ? head : `${head}.${tail}`;
}
