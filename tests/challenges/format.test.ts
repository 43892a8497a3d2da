import { describe, expect, it } from 'vitest';
import { compared } from '../../src/challenges/format.ts';

describe('compared: a time against the start’s, in the words a verdict prints', () => {
  it('says faster, slower, or as fast within half a percent', () => {
    expect(compared(2.345)).toBe('2.35× faster than');
    expect(compared(1 / 1.2)).toBe('1.20× slower than');
    // the unchanged start checked against itself: not "1.00× faster"
    expect(compared(1)).toBe('as fast as');
    expect(compared(1.004)).toBe('as fast as');
    expect(compared(0.996)).toBe('as fast as');
    expect(compared(1.005)).toBe('1.00× faster than');
  });
});
