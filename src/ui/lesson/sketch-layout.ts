// The layout of a sketch's published notes (SketchNotes): their labels sit in rows above the
// plot, a label that would overlap the one before it a row higher. And the types the sketch's
// components share.
import type { CurvePoint, PublishedNote, Question } from '../../lesson/types.ts';

/** viewBox units per character of a note's label (12px bold), for placing the labels */
export const NOTE_CHAR = 7.2;
/** the labels' row height, viewBox units */
export const NOTE_ROW = 15;
/** room for the diamond before a label, viewBox units */
export const NOTE_DIAMOND = 12;
/** least room between two labels on a row */
const GAP = 6;

/** Each note's row (0: just above the plot), in order, for labels centred on `x(note.x)`. */
export function noteRows(notes: readonly PublishedNote[], x: (value: number) => number): number[] {
  const rows: number[] = [];
  let end = -Infinity;
  let row = 0;
  for (const n of notes) {
    const half = (n.text.length * NOTE_CHAR) / 2;
    row = x(n.x) - half - NOTE_DIAMOND < end + GAP ? row + 1 : 0;
    end = x(n.x) + half;
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
  runs: readonly CurvePoint[];
  parts?: readonly { label: string; ys: readonly number[] }[];
}

/** A part of the simulated curve as drawn: its points and its colour and dash. */
export interface Part {
  label: string;
  points: CurvePoint[];
  cue: { colour: string; dash: string };
}
