// Times written out (the CLI's JSON and CSV, the page's CSV downloads) are rounded to 1e-6 µs:
// a difference of two absolute times near 10⁵ µs that is 7 µs exactly is written 7.
import { describe, expect, it } from 'vitest';
import { roundUs, usCell } from '../../src/format/round-us.ts';
import { iterationCsvRows } from '../../src/charts/iteration-times.ts';
import { variabilityCsv } from '../../src/charts/variability.ts';
import { roundTimes } from '../../src/cli/round-times.ts';

/** a latency of 7 µs as a run gave it (two times near 10⁵ µs subtracted) */
const SEVEN = 6.999999999992724;

describe('roundUs', () => {
  it('takes off the last-place error of a difference of absolute times', () => {
    expect(roundUs(SEVEN)).toBe(7);
    expect(roundUs(1.2345674999)).toBe(1.234567);
    expect(roundUs(-0.0000001)).toBe(0);
    expect(Object.is(roundUs(-0.0000001), -0)).toBe(false);
  });

  it('leaves what it cannot round as it is', () => {
    expect(roundUs(Infinity)).toBe(Infinity);
    expect(roundUs(NaN)).toBeNaN();
    expect(roundUs(2 ** 60)).toBe(2 ** 60);
  });

  it('keeps a missing cell empty', () => {
    expect(usCell(null)).toBeNull();
    expect(usCell(undefined)).toBeNull();
    expect(usCell(SEVEN)).toBe(7);
  });
});

describe('the same rule for the page and the CLI', () => {
  it('writes a page CSV and a CLI field alike', () => {
    expect(iterationCsvRows([SEVEN], 0, 1)).toBe('1,7\n');
    expect(variabilityCsv([{ seed: 1, runTimeUs: SEVEN } as never])).toBe(
      'seed,run_time_us\n1,7\n',
    );
    expect(roundTimes({ latencyUs: SEVEN })).toEqual({ latencyUs: 7 });
  });
});
