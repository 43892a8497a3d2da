// Number formatting for the page: fixed en-US grouping (as the CLI prints),
// fewer decimals for bigger numbers, and a dash for "no value yet".
const DASH = '—';

/** One formatter per number of decimals, made once: `toLocaleString` with options builds a new
 * Intl.NumberFormat at every call (tens of µs), which made the node map's thousands of labels
 * a main-thread task of hundreds of ms. */
const formatters: Intl.NumberFormat[] = [];

function format(value: number, digits: number): string {
  formatters[digits] ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: digits });
  return formatters[digits].format(value);
}

/** A count: 1,024. */
export function formatCount(value: number): string {
  return Number.isFinite(value) ? format(Math.round(value), 0) : DASH;
}

/** Decimals of a quantity of this size: about four significant digits. */
const quantityDigits = (size: number) => (size >= 1000 ? 0 : size >= 100 ? 1 : size >= 1 ? 2 : 3);

/** A measured quantity with about four significant digits: 1,649 · 649.4 · 9.25 · 0.125. */
export function formatQuantity(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return DASH;
  return format(value, quantityDigits(Math.abs(value)));
}

/**
 * A ratio such as a slowdown, and its uncertainty (two standard errors, or null), to the same
 * decimal place: that of the spread's first significant digit (3.57 ±0.59, 1.0012 ±0.0003),
 * at least formatQuantity's and at most 5 decimals. Without a spread, a ratio within 1% of 1 but
 * not 1 keeps three decimals (1.001, not "1", which reads as "no effect").
 */
export function formatRatio(
  value: number | null,
  spread: number | null = null,
): { value: string; spread: string | null } {
  if (value === null || !Number.isFinite(value)) return { value: DASH, spread: null };
  let digits = quantityDigits(Math.abs(value));
  if (spread !== null && spread > 0 && Number.isFinite(spread)) {
    digits = Math.min(5, Math.max(digits, -Math.floor(Math.log10(spread))));
    // below the last decimal shown (5 at most), "0.00000" would say the runs do not vary at all
    const least = 10 ** -digits;
    const said = spread < least / 2 ? `<${fixed(least, digits)}` : fixed(spread, digits);
    return { value: fixed(value, digits), spread: said };
  }
  if (value !== 1 && Math.abs(value - 1) < 0.01) digits = Math.max(digits, 3);
  return { value: format(value, digits), spread: null };
}

/** Exactly `digits` decimals (value and spread line up: 1.000 ±0.002), en-US grouping. */
function fixed(value: number, digits: number): string {
  fixedFormatters[digits] ??= new Intl.NumberFormat('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return fixedFormatters[digits].format(value);
}
const fixedFormatters: Intl.NumberFormat[] = [];

/** A time in µs in its unit for reading, with `extra` more decimals than formatQuantity's. */
function timeWithDigits(us: number, extra: number): string {
  if (!Number.isFinite(us)) return DASH;
  const [value, unit] = us >= 1e6 ? [us / 1e6, 's'] : us >= 1e3 ? [us / 1e3, 'ms'] : [us, 'µs'];
  return `${format(value, quantityDigits(Math.abs(value)) + extra)} ${unit}`;
}

/** A time given in µs, as text with its unit picked for reading: 640 µs, 125 ms, 2.5 s. */
export function formatTimeUs(us: number): string {
  return timeWithDigits(us, 0);
}

/**
 * A time axis's tick format for the ticks `values` (µs): formatTimeUs, or with as many more
 * decimals as make every label differ (up to four). Over a narrow range, e.g. iterations of
 * 1.055–1.065 ms, formatTimeUs read "1.06 ms" under four ticks.
 */
export function timeTickFormat(values: readonly number[]): (us: number) => string {
  for (let extra = 0; extra <= 4; extra++) {
    const labels = values.map((v) => timeWithDigits(v, extra));
    if (new Set(labels).size === labels.length) return (us) => timeWithDigits(us, extra);
  }
  return formatTimeUs;
}

/** A fraction 0..1 as a percentage with one decimal, without the sign: 42.5. */
export function formatPercent(fraction: number): string {
  return Number.isFinite(fraction) ? (fraction * 100).toFixed(1) : DASH;
}

/**
 * The time a long run has left, from what it took so far (ms) and the fraction done: linear,
 * the iterations of a run cost about the same. With `recent` (the ms and the fraction done of
 * a recent stretch of the run, src/state/pace.ts), at that stretch's pace: a run slowed at its
 * start (a trace or a sweep sharing the cores, part workers starting) speeds up after, and the
 * pace since the start would overstate what is left. Null until there is something to say:
 * under 2 s of run, under 2 % done, or nearly over (under 5 s left).
 */
export function remainingText(
  elapsedMs: number,
  done: number,
  recent?: { ms: number; done: number },
): string | null {
  if (!(elapsedMs >= 2000 && done >= 0.02 && done < 1)) return null;
  const msPerRun =
    recent && recent.ms > 0 && recent.done > 0 ? recent.ms / recent.done : elapsedMs / done;
  const left = (msPerRun * (1 - done)) / 1000; // s
  if (left < 5) return null;
  if (left < 60) return `about ${Math.round(left / 5) * 5} s left`;
  if (left < 3600) return `about ${Math.round(left / 60)} min left`;
  return `about ${formatQuantity(left / 3600)} h left`;
}

export { aboutSeconds } from './about.ts';

/** How a value moved, from its ratio new / old: up or down by 20% or more, or about the same
 * (`pct`: the change in whole percent; `way`: its sign in words). */
function moveOf(ratio: number): { band: 'up' | 'down' | 'same'; pct: number; way: string } {
  const pct = Math.round(100 * Math.abs(ratio - 1));
  const band = ratio <= 0.8 ? 'down' : ratio >= 1.2 ? 'up' : 'same';
  return { band, pct, way: ratio < 1 ? 'down' : 'up' };
}

/** How a value moved, as a verb: "falls 43%", "grows 30%", "stays about the same (down 5%)". */
export function changeText(ratio: number): string {
  const m = moveOf(ratio);
  if (m.band === 'down') return `falls ${m.pct}%`;
  if (m.band === 'up') return `grows ${m.pct}%`;
  return `stays about the same (${m.way} ${m.pct}%)`;
}

/** How a value moved, short and without parentheses (it sits inside some): "96×", "1.8×",
 * "down 24%", "about the same, up 3%"; "from nothing" from 0. */
export function movedText(ratio: number): string {
  if (!Number.isFinite(ratio)) return 'from nothing';
  const m = moveOf(ratio);
  if (m.band === 'up') return `${ratio >= 10 ? ratio.toFixed(0) : ratio.toFixed(1)}×`;
  if (m.band === 'down') return `down ${m.pct}%`;
  return `about the same, ${m.way} ${m.pct}%`;
}
