// Where a sketch's published notes go above its plot (src/ui/lesson/sketch-layout.ts): each
// label, with the diamond before it, clear of the one before, and inside the chart.
import { describe, expect, it } from 'vitest';
import { NOTE_CHAR, NOTE_DIAMOND, noteBox, noteRows } from '../../src/ui/lesson/sketch-layout.ts';

const WIDTH = 480;
const note = (x: number, text: string) => ({ x, text, title: text, cite: '000' });
const at = (v: number) => v; // x in viewBox units already

describe('the notes above a sketch', () => {
  it('centre a label on its x, its diamond just before it', () => {
    const b = noteBox(240, 'max grows', WIDTH);
    expect(b.anchor).toBe('middle');
    expect(b.textStart).toBeCloseTo(240 - (9 * NOTE_CHAR) / 2);
    expect(b.start).toBeCloseTo(b.textStart - NOTE_DIAMOND);
    expect(b.end).toBeCloseTo(240 + (9 * NOTE_CHAR) / 2);
  });

  it('keep a label and its diamond inside the chart at either edge', () => {
    const left = noteBox(10, 'kernel largest', WIDTH);
    expect(left.anchor).toBe('start');
    expect(left.start).toBeGreaterThanOrEqual(4);
    const right = noteBox(WIDTH - 5, 'max grows, min flat', WIDTH);
    expect(right.anchor).toBe('end');
    expect(right.end).toBeLessThanOrEqual(WIDTH - 4);
  });

  it('put a label that would run into the one before a row higher, diamond included', () => {
    // 50 units apart: two 6-character labels (43 units) clear each other, but not with the
    // second's diamond
    const rows = noteRows([note(100, 'kernel'), note(150, 'daemon'), note(400, 'far')], at, WIDTH);
    expect(rows).toEqual([0, 1, 0]);
    expect(noteRows([note(100, 'kernel'), note(170, 'daemon')], at, WIDTH)).toEqual([0, 0]);
  });
});
