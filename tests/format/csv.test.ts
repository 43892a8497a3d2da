// The one CSV writer (src/format/csv.ts) that every export goes through: RFC 4180 quoting,
// OWASP's rule against formulas in text cells, numbers as data. Each rule is checked on its
// own, then on random cells read back by a strict RFC 4180 reader.
import { describe, expect, it } from 'vitest';
import {
  csvField,
  csvLine,
  csvLines,
  csvNumber,
  csvText,
  quoted,
  toCsv,
} from '../../src/format/csv.ts';
import { parseCsv } from '../helpers/csv.ts';

describe('csvField: text cells', () => {
  it('leaves plain text as it is', () => {
    expect(csvField('poll')).toBe('poll');
    expect(csvField('ASCI Q 2003')).toBe('ASCI Q 2003');
    expect(csvField('')).toBe('');
    expect(csvField('a=b')).toBe('a=b'); // "=" inside the text starts nothing
    expect(csvField('1-2')).toBe('1-2');
  });

  it.each([
    ['=', '=1+1', "'=1+1"],
    ['=', '=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+', '+1', "'+1"],
    ['-', '-1.5', "'-1.5"],
    ['-', '-cmd|calc', "'-cmd|calc"],
    ['@', '@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['a tab', '\t=1', "'\t=1"],
    ['a carriage return', '\r=1', `"'\r=1"`],
  ])('puts a quote mark before text that starts with %s', (_, text, cell) => {
    expect(csvField(text)).toBe(cell);
  });

  it('quotes fields with commas, quotes or line breaks, doubling inner quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('"')).toBe('""""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField('crlf\r\n')).toBe('"crlf\r\n"');
  });

  it('neutralises first, then quotes what needs it', () => {
    expect(csvField('=1,2')).toBe(`"'=1,2"`);
    expect(csvField('a,"b"\n=HYPERLINK("x")')).toBe('"a,""b""\n=HYPERLINK(""x"")"');
  });

  it('quotes a quoted() cell always, and still neutralises it', () => {
    expect(csvField(quoted('000 Table 3'))).toBe('"000 Table 3"');
    expect(csvField(quoted('say "hi"'))).toBe('"say ""hi"""');
    expect(csvField(quoted('=1+1'))).toBe(`"'=1+1"`);
    expect(csvField(quoted(''))).toBe('""');
    expect(csvText('plain', true)).toBe('"plain"');
  });

  it('writes other values as their JSON text, a text cell like any other', () => {
    expect(csvField([0, 1])).toBe('"[0,1]"');
    expect(csvField({ kind: 'all' })).toBe('"{""kind"":""all""}"');
    expect(csvField(true)).toBe('true');
    expect(csvField(false)).toBe('false');
    expect(csvField(12n)).toBe('12');
  });
});

describe('csvField: number cells', () => {
  it('writes numbers as data, unquoted and unprefixed, negative ones included', () => {
    expect(csvField(64)).toBe('64');
    expect(csvField(0.1)).toBe('0.1');
    expect(csvField(-1.5)).toBe('-1.5');
    expect(csvField(-0)).toBe('0');
    expect(csvField(1e-7)).toBe('1e-7');
    expect(csvField(-2e21)).toBe('-2e+21');
    expect(csvField(Number.MAX_SAFE_INTEGER)).toBe('9007199254740991');
  });

  it('writes NaN, ±Infinity, null and undefined as an empty field (no value)', () => {
    for (const v of [NaN, Infinity, -Infinity]) {
      expect(csvField(v)).toBe('');
      expect(csvNumber(v)).toBe('');
    }
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });
});

describe('csvLine, csvLines and toCsv', () => {
  it('join cells with commas and end every line in "\\n"', () => {
    expect(csvLine(['a', 1, null, -2])).toBe('a,1,,-2');
    expect(
      csvLines([
        ['x', 'y'],
        [1, 2],
      ]),
    ).toBe('x,y\n1,2\n');
    expect(csvLines([])).toBe('');
  });

  it('writes a header and one line per row in column order, missing fields empty', () => {
    const text = toCsv(
      ['job.nodes', 'title', 'slowdown'],
      [
        { 'job.nodes': 64, title: 'x, y', slowdown: 1.5 },
        { slowdown: null, 'job.nodes': 128 },
        { 'job.nodes': 1, title: '=1+1', slowdown: -0.5 },
      ],
    );
    expect(text).toBe('job.nodes,title,slowdown\n64,"x, y",1.5\n128,,\n1,\'=1+1,-0.5\n');
  });

  it('neutralises header cells as well', () => {
    expect(toCsv(['=cmd', 'b,c'], [])).toBe(`'=cmd,"b,c"\n`);
  });
});

describe('every line reads back as the cells written', () => {
  // mulberry32: a small deterministic generator (no Math.random: a failure must replay).
  let state = 12345;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const ALPHABET = ['a', 'Z', ' ', ',', '"', '\n', '\r', '\t', '=', '+', '-', '@', "'", 'µ', '😀'];
  const randomText = () =>
    Array.from({ length: Math.floor(next() * 8) }, () => ALPHABET[Math.floor(next() * 15)]).join(
      '',
    );

  it('for 2,000 random lines of text and numbers', () => {
    for (let k = 0; k < 2000; k++) {
      const cells = Array.from({ length: 1 + Math.floor(next() * 5) }, () =>
        next() < 0.3 ? (next() - 0.5) * 10 ** Math.floor(next() * 10 - 5) : randomText(),
      );
      const records = parseCsv(csvLines([cells, cells]));
      expect(records).toHaveLength(2);
      for (const fields of records) {
        expect(fields).toHaveLength(cells.length);
        fields.forEach((field, j) => {
          const cell = cells[j];
          if (typeof cell === 'number') {
            expect(Number(field)).toBe(cell);
          } else {
            // The text itself, or it behind one quote mark when it would start a formula.
            expect(field).toBe(/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);
            expect(field).not.toMatch(/^[=+\-@\t\r]/);
          }
        });
      }
    }
  });
});
