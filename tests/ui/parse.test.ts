import { describe, expect, it } from 'vitest';
import { validateScenario } from '../../src/scenario/index.ts';
import { withSlowNodes } from '../../src/ui/controls/edit.ts';
import {
  formatIndexList,
  formatSlowNodes,
  fieldNumberText,
  parseCpu,
  parseIndexList,
  parseNumberText,
  parseSlowNodes,
} from '../../src/ui/controls/parse.ts';
import { scenario } from '../helpers/scenario.ts';

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
    expect(formatIndexList([0, 1, 2, 3, 31, 32])).toBe('0–3, 31, 32');
    expect(parseIndexList(formatIndexList([0, 1, 2, 3, 31, 32]))).toEqual([0, 1, 2, 3, 31, 32]);
  });

  it('parseIndexList reads ranges "0-5" and "0–5"; a backwards or huge one stays text', () => {
    expect(parseIndexList('0-3, 7')).toEqual([0, 1, 2, 3, 7]);
    expect(parseIndexList('10–12')).toEqual([10, 11, 12]);
    expect(parseIndexList('5-5')).toEqual([5]);
    expect(parseIndexList('5-2')).toEqual(['5-2']);
    expect(parseIndexList('0-999999')).toEqual(['0-999999']);
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

describe('the slow-nodes field (docs/slow-nodes.md)', () => {
  it('reads ids, a share, "all" and nothing, and writes them back the same', () => {
    expect(parseSlowNodes('5, 17')).toEqual({ kind: 'nodes', ids: [5, 17] });
    expect(parseSlowNodes(' 2% ')).toEqual({ kind: 'fraction', p: 0.02 });
    expect(parseSlowNodes('0.5 %')).toEqual({ kind: 'fraction', p: 0.005 });
    expect(parseSlowNodes('All')).toEqual({ kind: 'all' });
    expect(parseSlowNodes('')).toBeNull();
    expect(parseSlowNodes('none')).toBeNull();
    for (const text of ['5, 17', '2%', '0.5%', 'all', '']) {
      expect(formatSlowNodes(parseSlowNodes(text) ?? undefined)).toBe(text);
    }
  });

  it('leaves what it cannot read for the validator to name', () => {
    const base = scenario({ nodes: 8 });
    const refused = (text: string) => () =>
      validateScenario(withSlowNodes(base, parseSlowNodes(text), 10));
    expect(refused('x')).toThrow('machine.slowNodes.placement.ids[0]: "x" is not');
    expect(refused('9')).toThrow('machine.slowNodes.placement.ids[0]: 9 is out of range');
    expect(refused('abc%')).toThrow('machine.slowNodes.placement.p: "abc" is not');
    expect(refused('150%')).toThrow('machine.slowNodes.placement.p: 1.5 is out of range');
  });

  it('sets the factor from the percentage, and an empty field removes them', () => {
    const base = scenario({ nodes: 8 });
    const slow = withSlowNodes(base, { kind: 'nodes', ids: [3] }, 25);
    expect(validateScenario(slow).machine.slowNodes).toEqual({
      placement: { kind: 'nodes', ids: [3] },
      computeFactor: 1.25,
    });
    expect('slowNodes' in withSlowNodes(slow, null, 25).machine).toBe(false);
    expect('slowNodes' in base.machine).toBe(false); // the copy was edited, not the scenario
  });
});

describe('fieldNumberText', () => {
  it('shows six significant digits of a fraction, never fewer than its whole part', () => {
    expect(fieldNumberText(220672975.23809)).toBe('220672975');
    expect(fieldNumberText(28346.931216931)).toBe('28346.9');
    expect(fieldNumberText(2.5)).toBe('2.5');
    expect(fieldNumberText(0.000123456789)).toBe('0.000123457');
    expect(fieldNumberText(-1.23456789)).toBe('-1.23457');
  });

  it('leaves whole numbers as they are', () => {
    expect(fieldNumberText(1024)).toBe('1024');
    expect(fieldNumberText(0)).toBe('0');
  });
});
