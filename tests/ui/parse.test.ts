import { describe, expect, it } from 'vitest';
import {
  formatIndexList,
  parseCpu,
  parseIndexList,
  parseNumberText,
} from '../../src/ui/controls/parse.ts';

describe('reading what is typed into a control', () => {
  it('parseIndexList reads "0, 31", "0 31" and "" as lists of offsets', () => {
    expect(parseIndexList('0, 31')).toEqual([0, 31]);
    expect(parseIndexList(' 0 31 ')).toEqual([0, 31]);
    expect(parseIndexList('')).toEqual([]);
    expect(parseIndexList('5;6')).toEqual([5, 6]);
  });

  it('parseIndexList keeps unreadable entries as text, for the validator to name', () => {
    expect(parseIndexList('0, x')).toEqual([0, 'x']);
  });

  it('formatIndexList writes a list back as it is typed', () => {
    expect(formatIndexList([0, 31])).toBe('0, 31');
    expect(parseIndexList(formatIndexList([0, 31]))).toEqual([0, 31]);
  });

  it('parseNumberText reads grouped and exponent numbers, and keeps anything else as text', () => {
    expect(parseNumberText('1,024')).toBe(1024);
    expect(parseNumberText(' 2.5e3 ')).toBe(2500);
    expect(parseNumberText('abc')).toBe('abc');
    expect(parseNumberText('')).toBe('');
  });

  it('parseCpu reads "any" (or nothing) as any core, and digits as a core index', () => {
    expect(parseCpu('any')).toBe('any');
    expect(parseCpu(' ANY ')).toBe('any');
    expect(parseCpu('')).toBe('any');
    expect(parseCpu('0')).toBe(0);
    expect(parseCpu('core')).toBe('core');
  });
});
