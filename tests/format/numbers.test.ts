// The page's number and time formats that carry a rule of their own.
import { describe, expect, it } from 'vitest';
import {
  formatRatio,
  formatTimeUs,
  remainingText,
  timeTickFormat,
} from '../../src/format/numbers.ts';

describe('remainingText', () => {
  it('says nothing early in a run, for short runs, or when it is nearly over', () => {
    expect(remainingText(1500, 0.5)).toBeNull(); // under 2 s of run
    expect(remainingText(5000, 0.01)).toBeNull(); // under 2 % done: too soon to tell
    expect(remainingText(9000, 0.8)).toBeNull(); // 2.25 s left
    expect(remainingText(9000, 1)).toBeNull();
    expect(remainingText(NaN, 0.5)).toBeNull();
  });

  it('extrapolates the time so far, in seconds by fives, then minutes, then hours', () => {
    expect(remainingText(2000, 0.1)).toBe('about 20 s left'); // 18 s → 20
    expect(remainingText(10_000, 0.25)).toBe('about 30 s left');
    expect(remainingText(6000, 0.05)).toBe('about 2 min left'); // 114 s
    expect(remainingText(60_000, 0.02)).toBe('about 49 min left');
    expect(remainingText(600_000, 0.05)).toBe('about 3.17 h left');
  });
});

describe('timeTickFormat', () => {
  it('is formatTimeUs when its labels differ', () => {
    const f = timeTickFormat([1000, 2000, 5000]);
    expect([1000, 2000, 5000].map(f)).toEqual(['1 ms', '2 ms', '5 ms']);
  });

  it('adds decimals until every tick reads differently', () => {
    // iterations of 1.055–1.065 ms: formatTimeUs says "1.06 ms" four times
    const ticks = [1056, 1058, 1060, 1062];
    expect(new Set(ticks.map(formatTimeUs)).size).toBe(1);
    expect(ticks.map(timeTickFormat(ticks))).toEqual([
      '1.056 ms',
      '1.058 ms',
      '1.06 ms',
      '1.062 ms',
    ]);
  });

  it('keeps formatTimeUs for ticks that cannot be told apart', () => {
    expect(timeTickFormat([1, 1])).toBe(formatTimeUs);
  });
});

describe('formatRatio', () => {
  it('gives a value and its spread to the spread’s first significant digit', () => {
    expect(formatRatio(3.5712, 0.594)).toEqual({ value: '3.57', spread: '0.59' });
    expect(formatRatio(3.5712, 0.0594)).toEqual({ value: '3.57', spread: '0.06' });
    // BG/P: a slowdown barely over 1 is not "1× ±0"
    expect(formatRatio(1.00123, 0.00031)).toEqual({ value: '1.0012', spread: '0.0003' });
    // a spread below the fifth decimal is said to be below it, not zero (Jaguar XT5 RN prototype)
    expect(formatRatio(1.0000001, 1e-9)).toEqual({ value: '1.00000', spread: '<0.00001' });
    expect(formatRatio(1.0033, 0.000004)).toEqual({ value: '1.00330', spread: '<0.00001' });
    expect(formatRatio(1.0033, 0.000006)).toEqual({ value: '1.00330', spread: '0.00001' });
  });

  it('keeps at least a quantity’s decimals, and three near 1 without a spread', () => {
    expect(formatRatio(7.4475, 2)).toEqual({ value: '7.45', spread: '2.00' });
    expect(formatRatio(1.0012, null)).toEqual({ value: '1.001', spread: null });
    expect(formatRatio(1, null)).toEqual({ value: '1', spread: null });
    expect(formatRatio(2.5, null)).toEqual({ value: '2.5', spread: null });
    expect(formatRatio(null)).toEqual({ value: '—', spread: null });
  });
});
