// A long run's CSV in pieces (downloadCsv encodes one slice per task): the pieces must make the
// very file one string made, byte for byte.
import { describe, expect, it } from 'vitest';
import { csvSlices } from '../../src/charts/csv-chunks.ts';
import { iterationCsv, iterationCsvChunks } from '../../src/charts/iteration-times.ts';

/** The UTF-8 bytes of the slices, each encoded alone as a Blob part is. */
const bytesOf = (parts: readonly string[]) =>
  Buffer.concat(parts.map((p) => Buffer.from(new TextEncoder().encode(p))));

describe('iterationCsvChunks(durations, rows)', () => {
  it('joins to the text iterationCsv made, for 1,000,000 iterations in slices of 20,000', () => {
    const its = Float64Array.from({ length: 1_000_000 }, (_, i) => 1000 + ((i * 7919) % 4093) / 8);
    const chunks = iterationCsvChunks(its, 20_000);
    expect(chunks.length).toBe(1 + 50);
    expect(chunks.join('')).toBe(iterationCsv(its));
  });

  it('gives just the header for a run with no measured iteration', () => {
    expect(iterationCsvChunks(new Float64Array(0), 10)).toEqual([iterationCsv([])]);
  });

  it('holds at most the rows asked for in each piece, the last one the rest', () => {
    const chunks = iterationCsvChunks([5, 6, 7, 8, 9], 2);
    expect(chunks.slice(1)).toEqual(['1,5\n2,6\n', '3,7\n4,8\n', '5,9\n']);
  });
});

describe('csvSlices(text, max)', () => {
  it('cuts a string and an array of pieces into slices of at most max characters', () => {
    const text = 'a,b\n'.repeat(1000);
    const slices = csvSlices(text, 300);
    expect(slices.every((s) => s.length <= 300)).toBe(true);
    expect(slices.join('')).toBe(text);
    expect(csvSlices(['x'.repeat(5), '', 'y'.repeat(3)], 2)).toEqual(['xx', 'xx', 'x', 'yy', 'y']);
  });

  it('never splits a surrogate pair, so the slices encode to the same bytes as the whole', () => {
    const text = 'µs,😀\n'.repeat(100); // 😀: two UTF-16 code units
    for (const max of [2, 3, 4, 5, 7]) {
      const slices = csvSlices(text, max);
      expect(slices.join('')).toBe(text);
      expect(bytesOf(slices).equals(Buffer.from(text, 'utf8'))).toBe(true);
    }
  });
});
