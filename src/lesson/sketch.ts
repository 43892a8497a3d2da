// A sketch's numbers: each point's y is kept as a level, 0 (the y axis's bottom) to
// SKETCH_LEVELS - 1 (its top), so an answer is a short list of small integers that travels in a
// URL as one base-36 character per point and comes back exactly. The verdict says, in words,
// how far a sketch was from the simulated curve, measured in shares of the y axis's height.
import type { Axis } from './types.ts';

/** Levels per axis: one base-36 character; 1/35 of the axis is finer than a finger draws. */
export const SKETCH_LEVELS = 36;

/** Where `value` sits on `axis`: 0 at min, 1 at max (in log space for a log axis), clamped. */
export function toFraction(axis: Axis, value: number): number {
  const f = axis.log
    ? (Math.log(value) - Math.log(axis.min)) / (Math.log(axis.max) - Math.log(axis.min))
    : (value - axis.min) / (axis.max - axis.min);
  return Number.isFinite(f) ? Math.min(1, Math.max(0, f)) : 0;
}

/** The value at fraction `f` (0–1) of `axis`. */
export function fromFraction(axis: Axis, f: number): number {
  return axis.log
    ? Math.exp(Math.log(axis.min) + f * (Math.log(axis.max) - Math.log(axis.min)))
    : axis.min + f * (axis.max - axis.min);
}

export function levelOf(axis: Axis, value: number): number {
  return Math.round(toFraction(axis, value) * (SKETCH_LEVELS - 1));
}

export function valueOf(axis: Axis, level: number): number {
  return fromFraction(axis, level / (SKETCH_LEVELS - 1));
}

/** A number with at most two decimals, thousands separated: `1,024`, `2.5`. */
function plain(value: number, digits: number): string {
  return Number(value.toFixed(digits)).toLocaleString('en-US');
}

/**
 * A value with its unit, rounded for reading aloud: `57%`, `1.35×`, `128 nodes`: whole numbers
 * from 10 up and on a linear axis spanning 20 units or more, else two decimals at most. An axis
 * in µs reads in the unit that suits the value: `300 µs`, `3 ms`, `1 s`.
 */
export function formatValue(axis: Axis, value: number): string {
  if (value === 0 && axis.zeroAtMin) return '0';
  if (axis.unit === ' µs') {
    if (value >= 1e6) return `${plain(value / 1e6, 2)} s`;
    if (value >= 1e3) return `${plain(value / 1e3, 2)} ms`;
    return `${plain(value, 2)} µs`;
  }
  // '1 node', not '1 nodes'
  if (value === 1 && axis.unit.endsWith('s')) return `1${axis.unit.slice(0, -1)}`;
  const coarse = Math.abs(value) >= 10 || (!axis.log && axis.max - axis.min >= 20);
  const digits = coarse ? 0 : 2;
  const text = Number(value.toFixed(digits)).toLocaleString('en-US');
  return `${text}${axis.unit}`;
}

/** `05az`: one base-36 character per level. */
export function encodeLevels(levels: readonly number[]): string {
  return levels.map((l) => l.toString(36)).join('');
}

export function decodeLevels(text: string): number[] {
  return [...text].map((c) => parseInt(c, 36));
}

export interface SketchVerdict {
  /** mean distance from the simulated curve, as a share of the y axis's height (0–1) */
  meanGap: number;
  /** the x where the sketch was furthest off, with both values there */
  worst: { x: number; sketched: number; simulated: number };
  /** one line, in words */
  text: string;
}

/** A sketch within this mean share of the axis's height is close, within ROUGH roughly right
 * (and its worst point within twice, one and a half times those). */
const CLOSE = 0.08;
const ROUGH = 0.2;

/**
 * On a log axis a share of the height is a factor, and on a tall one a large factor: 16% of six
 * decades is a factor of 9. There the worst point must also be within these factors of the
 * simulated value, so that "close" always means within a factor of 2 and "roughly right" within
 * 4 (what the shares give on a log axis of two decades).
 */
const CLOSE_FACTOR = 2;
const ROUGH_FACTOR = 4;

/** What a sketch is measured against, as the verdict names it. */
export interface SketchReference {
  /** "the simulated curve" */
  curve: string;
  /** "the simulation gives" */
  gives: string;
}

/** The simulated curve, the reference of every sketch's verdict. */
export const SIMULATED: SketchReference = {
  curve: 'the simulated curve',
  gives: 'the simulation gives',
};

/** How far `levels` (a sketch at `xs`) are from the simulated `ys` (or another reference's), in
 * words. */
export function sketchVerdict(
  x: Axis,
  y: Axis,
  xs: readonly number[],
  levels: readonly number[],
  ys: readonly number[],
  against: SketchReference = SIMULATED,
): SketchVerdict {
  let sum = 0;
  let worst = 0;
  const gapAt = (i: number) => Math.abs(levels[i] / (SKETCH_LEVELS - 1) - toFraction(y, ys[i]));
  xs.forEach((_, i) => {
    const gap = gapAt(i);
    sum += gap;
    if (gap > gapAt(worst)) worst = i;
  });
  const meanGap = sum / xs.length;
  const at = { x: xs[worst], sketched: valueOf(y, levels[worst]), simulated: ys[worst] };
  // The worst point counts too: a sketch close everywhere but one point a third of the chart
  // off (on a log axis, a factor of tens) is not "roughly right" there.
  const worstGap = gapAt(worst);
  // On a log axis a gap in height is a factor: the axis's span raised to the gap (both are
  // distances in log space, and the values are clamped to the axis as the chart shows them), so
  // the point furthest in height is the furthest in factor, and the mean gap is a mean factor.
  const span = y.log ? y.max / y.min : 1;
  const factor = span ** worstGap;
  const grade =
    meanGap <= CLOSE && worstGap <= 2 * CLOSE && factor <= CLOSE_FACTOR
      ? 0
      : meanGap <= ROUGH && worstGap <= 1.5 * ROUGH && factor <= ROUGH_FACTOR
        ? 1
        : 2;
  const size = ['close', 'roughly right', 'far off'][grade];
  const mark = ['✓', '≈', '✗'][grade];
  const off = y.log ? ` (a factor of ${plain(factor, 1)})` : '';
  // Said as a factor on a log axis: a share of a tall axis reads as small however far off.
  const average = y.log
    ? `a factor of ${plain(span ** meanGap, 1)}`
    : `${Math.round(meanGap * 100)}% of the chart’s height`;
  const where = `furthest at ${formatValue(x, at.x)}: you drew ${formatValue(y, at.sketched)}, ${against.gives} ${formatValue(y, at.simulated)}${off}`;
  return {
    meanGap,
    worst: at,
    text: `${mark} Your sketch was ${size}: on average ${average} from ${against.curve}, ${where}.`,
  };
}

/**
 * A sketch's verdict as the reveal says it: against the simulated curve; and first, when the
 * question gives the paper's own curve (`answer`: its premise worked out, step 6's 1 − 0.9ᴺ for
 * 10 % per node), against that, since a sketch of the question's premise is right even where the
 * simulated machine differs from it (step 6's one node is delayed more than 10 % of the time).
 */
export function sketchVerdicts(
  q: { x: Axis; y: Axis; xs: readonly number[]; answer?: readonly number[] },
  levels: readonly number[],
  simulatedYs: readonly number[],
): string[] {
  const simulated = sketchVerdict(q.x, q.y, q.xs, levels, simulatedYs).text;
  if (!q.answer) return [simulated];
  const paperYs = q.answer.map((l) => valueOf(q.y, l));
  const paper = sketchVerdict(q.x, q.y, q.xs, levels, paperYs, {
    curve: 'the paper’s model of the question',
    gives: 'the model gives',
  }).text;
  return [paper, `Against the simulated machine: ${simulated}`];
}

/** How a curve goes, from its points' heights (0–1): the words of shapeVerdict. */
export type Shape = 'rises' | 'falls' | 'peaks' | 'stays flat';

/** A change of less than this share of the axis's height reads as flat. */
const FLAT = 0.1;

/** Whether heights `f` (0–1, in x order) rise, fall, peak inside the range or stay flat. */
export function shapeOf(f: readonly number[]): Shape {
  const top = Math.max(...f);
  if (top - Math.min(...f) < FLAT) return 'stays flat';
  const peak = f.indexOf(top);
  const ends = Math.max(f[0], f[f.length - 1]);
  if (peak > 0 && peak < f.length - 1 && top - ends >= FLAT) return 'peaks';
  const change = f[f.length - 1] - f[0];
  return change <= -FLAT ? 'falls' : change >= FLAT ? 'rises' : 'stays flat';
}

/**
 * Whether a sketch has the simulated curve's shape (rises, falls, peaks inside the range or stays
 * flat), in words, with where the simulated curve starts and ends (or peaks).
 */
export function shapeVerdict(
  x: Axis,
  y: Axis,
  xs: readonly number[],
  levels: readonly number[],
  ys: readonly number[],
): string {
  const drawn = shapeOf(levels.map((l) => l / (SKETCH_LEVELS - 1)));
  const simulated = shapeOf(ys.map((v) => toFraction(y, v)));
  const at = (i: number) => `${formatValue(y, ys[i])} at ${formatValue(x, xs[i])}`;
  const top = ys.indexOf(Math.max(...ys));
  const how =
    simulated === 'peaks'
      ? `peaks, ${at(top)}`
      : `${simulated}, from ${at(0)} to ${at(xs.length - 1)}`;
  return drawn === simulated
    ? `✓ The shape is right: your curve ${drawn}, and the simulated one ${how}.`
    : `✗ The shape differs: your curve ${drawn}, but the simulated one ${how}.`;
}

/**
 * The marker's verdict: how far from the published value (or, for a lower bound, whether on its
 * side), in shares of the axis, in words; then the simulated value, and how far the marker is from
 * it when that is more than a fifth of the axis. `answerIs` says what the published value is when
 * it is not a figure for the run itself.
 */
export function markerVerdict(
  axis: Axis,
  placed: number,
  published: number,
  simulated: number | null,
  bound?: 'over',
  answerIs?: string,
): string {
  const gap = Math.abs(toFraction(axis, placed) - toFraction(axis, published));
  const what = answerIs === undefined ? '' : ` (${answerIs})`;
  const you = `you placed ${formatValue(axis, placed)}`;
  const sim = simulatedClause(axis, placed, simulated);
  if (bound === 'over') {
    // a bound the lesson reads off another figure (answerIs) is the lesson's, not the paper's
    const own = answerIs !== undefined;
    const side = own ? 'Above the published mark' : 'On the paper’s side';
    const paper = `${own ? 'the mark is' : 'the paper gives'} at least ${formatValue(axis, published)}${what}${sim}.`;
    if (placed < published) return `✗ Too low: ${you}; ${paper}`;
    // a bound says little of how far above it: a marker far below the simulation is only half right
    return farFrom(axis, placed, simulated)
      ? `≈ ${side}, far below the simulation: ${you}; ${paper}`
      : `✓ ${side}: ${you}; ${paper}`;
  }
  const mark = gap <= 0.08 ? '✓ Close' : gap <= 0.2 ? '≈ Roughly right' : '✗ Far off';
  const side = placed > published ? 'above' : 'below';
  return `${mark}: ${you}${gap > 0.08 ? `, ${side} the paper’s` : ''}; the paper gives ${formatValue(axis, published)}${what}${sim}.`;
}

/** The simulated value lies above the marker by more than a fifth of the axis. */
function farFrom(axis: Axis, placed: number, simulated: number | null): boolean {
  return simulated !== null && toFraction(axis, simulated) - toFraction(axis, placed) > 0.2;
}

/** ", the simulation 7.3×" and, past a fifth of the axis from the marker, which side it fell. */
function simulatedClause(axis: Axis, placed: number, simulated: number | null): string {
  if (simulated === null) return '';
  const far = Math.abs(toFraction(axis, placed) - toFraction(axis, simulated)) > 0.2;
  const side = simulated > placed ? 'far above' : 'far below';
  return `, the simulation ${formatValue(axis, simulated)}${far ? `, ${side} your marker` : ''}`;
}
