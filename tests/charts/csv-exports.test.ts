// The views' other CSV blocks with free text in them: a pinned run's title, a
// resonance curve's name (from a source's label) and the published marks' words go through
// the one writer (src/format/csv.ts), so a formula stays text and the columns hold.
import { describe, expect, it } from 'vitest';
import { ghostCsv } from '../../src/charts/ghost.ts';
import { resonanceCsv, type ResonanceSeries } from '../../src/charts/resonance.ts';
import { publishedCsv, PUBLISHED } from '../../src/published/index.ts';
import { parseCsv } from '../helpers/csv.ts';

describe('ghostCsv', () => {
  it('quotes the pinned title as before, and writes numbers as data', () => {
    expect(ghostCsv('ASCI Q, 2002', ['x_us', 'y'], [[1.5, -2]])).toBe(
      '\nseries,x_us,y\n"pinned: ASCI Q, 2002",1.5,-2\n',
    );
    expect(ghostCsv('t', ['x'], [])).toBe('');
  });

  it('keeps a hostile title in its one cell', () => {
    const text = ghostCsv('a"b\n=1+1', ['=x'], [[NaN]]);
    expect(parseCsv(text.slice(1))).toEqual([
      ['series', "'=x"],
      ['pinned: a"b\n=1+1', ''],
    ]);
  });
});

describe('resonanceCsv', () => {
  const series = (label: string): ResonanceSeries[] => [
    {
      key: 'k',
      label,
      points: [
        {
          granularityUs: 100,
          slowdown: 1.25,
          latencyUs: 20,
          perUs: 0.01,
          coarse: false,
          spreadUs: null,
          spreadBy: 'independent',
          iterations: 50,
          precision: null,
          tentative: false,
        },
      ],
    },
  ];

  it('writes the curve name quoted, as before', () => {
    expect(resonanceCsv(series('short alone')).split('\n')[1]).toBe(
      '"short alone",100,1.25,20,50,',
    );
  });

  it("neutralises a curve named after a source labelled '=1+1'", () => {
    const text = resonanceCsv(series('=1+1 alone'));
    expect(text.split('\n')[1]).toBe(`"'=1+1 alone",100,1.25,20,50,`);
    expect(parseCsv(text)[1][0]).toBe("'=1+1 alone");
  });
});

describe('publishedCsv', () => {
  it('reads back as one record of ten fields per mark, no cell a formula', () => {
    const records = parseCsv(publishedCsv(PUBLISHED).slice(1));
    expect(records).toHaveLength(1 + PUBLISHED.length);
    for (const r of records) expect(r).toHaveLength(10);
    records.slice(1).forEach((r, k) => {
      expect(r[0]).toBe(PUBLISHED[k].id);
      expect(Number(r[2])).toBe(PUBLISHED[k].value);
    });
    for (const cell of records.flat()) expect(cell).not.toMatch(/^[=+@\t\r]|^-(?!\d)/);
  });
});
