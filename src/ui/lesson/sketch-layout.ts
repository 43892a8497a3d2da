// The layout of a sketch's published notes (SketchNotes): their labels sit in rows above the
// plot, a label that would overlap the one before it a row higher. And the types the sketch's
// components share.
import type { CurvePart, CurvePoint, PublishedNote, Question } from '../../lesson/types.ts';

/** viewBox units per character of a note's label (12px bold), for placing the labels */
export const NOTE_CHAR = 7.2;
/** the labels' row height, viewBox units */
export const NOTE_ROW = 15;
/** room for the diamond before a label, viewBox units: the diamond (about 12 wide) and a gap */
export const NOTE_DIAMOND = 16;
/** least room between two labels on a row */
const GAP = 6;

/** Where a note's label goes at `nx` in a chart `width` wide (viewBox units): centred on its x,
 * or starting (ending) there near the chart's left (right) edge; the text's left edge, and the
 * left edge of the diamond before it. */
export function noteBox(
  nx: number,
  text: string,
  width: number,
): { anchor: 'start' | 'middle' | 'end'; textStart: number; start: number; end: number } {
  const half = (text.length * NOTE_CHAR) / 2;
  const anchor = nx - half - NOTE_DIAMOND < 4 ? 'start' : nx + half > width - 4 ? 'end' : 'middle';
  const textStart =
    anchor === 'start' ? nx + NOTE_DIAMOND : anchor === 'end' ? nx - 2 * half : nx - half;
  return { anchor, textStart, start: textStart - NOTE_DIAMOND, end: textStart + 2 * half };
}

/** Each note's row (0: just above the plot), in order: a label (with its diamond) that would
 * run into the one before goes a row higher. */
export function noteRows(
  notes: readonly PublishedNote[],
  x: (value: number) => number,
  width: number,
): number[] {
  const rows: number[] = [];
  let end = -Infinity;
  let row = 0;
  for (const n of notes) {
    const box = noteBox(x(n.x), n.text, width);
    row = box.start < end + GAP ? row + 1 : 0;
    end = box.end;
    rows.push(row);
  }
  return rows;
}

/** The top margin a chart needs for its notes' labels: none without notes. */
export function notesMargin(rows: readonly number[], plain: number): number {
  return rows.length === 0 ? plain : 30 + NOTE_ROW * Math.max(...rows);
}

/** A sketch question. */
export type Sketch = Extract<Question, { kind: 'sketch' }>;

/** What Reveal draws over a sketch: the simulated curve at the question's xs, its runs, parts. */
export interface Overlay {
  ys: readonly number[];
  /** the legend's words for the curve when it is not simulated point by point (a model through
   * the runs); "simulated curve" without it */
  label?: string;
  runs: readonly CurvePoint[];
  parts?: readonly CurvePart[];
}

/** A part of the simulated curve as drawn: its points and its colour and dash. */
export interface Part {
  label: string;
  points: CurvePoint[];
  cue: { colour: string; dash: string };
}
