import { describe, expect, it } from 'vitest';
import { aboutSeconds } from '../../src/format/about.ts';

describe('an estimated duration in words', () => {
  it('picks s, min or h, and says at least 1 s', () => {
    expect(aboutSeconds(0.2)).toBe('about 1 s');
    expect(aboutSeconds(42.4)).toBe('about 42 s');
    expect(aboutSeconds(2040)).toBe('about 34 min');
    expect(aboutSeconds(9000)).toBe('about 2.5 h');
  });
});
