// A Svelte action for every chart's axes: draws a d3-axis generator into its <g> and again
// whenever the generator (its scale, its ticks) changes. Usage: use:axis={axisBottom(x)}.
import { axisLeft } from 'd3-axis';
import type { ScaleLogarithmic } from 'd3-scale';
import type { Selection } from 'd3-selection';
import { select } from 'd3-selection';
import { formatTimeUs } from '../format/numbers.ts';

/** What the action draws: a d3-axis generator (axisBottom(x), axisLeft(y), …). */
export type AxisGenerator = (g: Selection<SVGGElement, unknown, null, undefined>) => void;

export function axis(node: SVGGElement, generator: AxisGenerator) {
  const draw = (a: AxisGenerator) => void select(node).call(a);
  draw(generator);
  return { update: draw };
}

/**
 * The ticks of an axis of counts (nodes, processors): the scale's own, whole numbers only. A log
 * scale over less than a few units (one or two points swept, or none yet: 1 to 2) falls back on
 * linear ticks 1, 1.1, 1.2, …, which a count's format prints as "1 1 1 … 2 2".
 */
export function wholeTicks(scale: { ticks(count: number): number[] }, count: number): number[] {
  return scale.ticks(count).filter(Number.isInteger);
}

/**
 * How many ticks an axis `lengthPx` long can label in text of `textPx` without the labels
 * running into each other (a label of about four characters and a gap), between 2 and `most`.
 */
export function tickCount(lengthPx: number, textPx: number, most: number): number {
  return Math.max(2, Math.min(most, Math.floor(lengthPx / (textPx * 4.5))));
}

/**
 * How many ticks a vertical axis `lengthPx` tall can label in text of `textPx`, a line of text and
 * most of another between labels, between 2 and `most`: projector type on a short plot stacked
 * ten time labels into each other.
 */
export function verticalTickCount(lengthPx: number, textPx: number, most: number): number {
  return Math.max(2, Math.min(most, Math.floor(lengthPx / (textPx * 1.8))));
}

/**
 * The first of `labels` (longest first) that fits in `roomPx` at `textPx`, by an average glyph
 * of 0.6 em (DejaVu Sans, the charts' fallback, is about that); the last if none does. A panel's
 * title in projector mode's large type would otherwise run out of its panel.
 */
export function fittingLabel(labels: readonly string[], roomPx: number, textPx: number): string {
  return labels.find((l) => l.length * 0.6 * textPx <= roomPx) ?? labels[labels.length - 1];
}

/**
 * Every k-th of `values` (a tick list spread over `lengthPx`), k the least that leaves each label
 * of about `chars` characters of text `textPx` its own room: decades of a log axis in projector
 * mode would otherwise run into each other ("10 ms100 ms").
 */
export function thinTicks(
  values: readonly number[],
  lengthPx: number,
  textPx: number,
  chars = 5,
): number[] {
  if (values.length < 2) return [...values];
  const need = textPx * 0.6 * chars + textPx;
  const k = Math.max(1, Math.ceil((need * (values.length - 1)) / Math.max(1, lengthPx)));
  return values.filter((_, i) => i % k === 0);
}

/** The powers of two in a log scale's domain [lo, hi]: a machine's sizes (1,024, 4,096, 8,192
 * processors), where decades would leave the largest unlabelled. */
export function powersOfTwo([lo, hi]: number[]): number[] {
  const out: number[] = [];
  for (let e = Math.max(0, Math.ceil(Math.log2(lo) - 1e-9)); 2 ** e <= hi * (1 + 1e-9); e++) {
    out.push(2 ** e);
  }
  return out;
}

/** The whole decades of a log scale's domain [lo, hi]: its ticks (a log axis spans two decades
 * or more). */
export function decades([lo, hi]: number[]): number[] {
  const out: number[] = [];
  for (let e = Math.ceil(Math.log10(lo) - 1e-9); 10 ** e <= hi * (1 + 1e-9); e++) out.push(10 ** e);
  return out;
}

/**
 * The left axis of a log time scale (µs): about six ticks, whole decades labelled ("10 µs",
 * "1 ms"), the marks between them bare; no ticks while `empty` (an empty chart's scale is a
 * placeholder).
 */
export function logTimeAxisLeft(y: ScaleLogarithmic<number, number>, empty: boolean) {
  return axisLeft(y)
    .ticks(6, (d: number) => (Number.isInteger(Math.log10(d)) ? formatTimeUs(d) : ''))
    .tickValues(empty ? [] : y.ticks(6));
}

/**
 * Tick labels for run times that may differ only in their fourth digit (2.0805 s, 2.0810 s): the
 * unit of the largest tick, and as many decimals as the step between ticks needs.
 */
export function runTimeTickFormat(ticks: readonly number[]): (us: number) => string {
  const top = Math.max(...ticks.map(Math.abs), 0);
  const [unit, scale] = top >= 1e6 ? ['s', 1e6] : top >= 1e3 ? ['ms', 1e3] : ['µs', 1];
  const step = ticks.length > 1 ? Math.abs(ticks[1] - ticks[0]) / scale : 1;
  const decimals = Math.min(6, Math.max(0, -Math.floor(Math.log10(step) + 1e-9)));
  return (us) => `${(us / scale).toFixed(decimals)} ${unit}`;
}
