// Fig 18's classes (000 sec 6, after Table 2): a barrier's lost time is put in the class of its
// length, up to 3 ms kernel, 5–18 ms RMS, over 18 ms TruCluster; 3–5 ms is in no class but in
// the total, and an iteration that lost nothing counts for nothing.
import { describe, expect, it } from 'vitest';
import { lostBySize, TABLE2_CLASSES } from '../../src/validation/table2-classes.ts';

describe("Fig 18's classes of lost time by length", () => {
  it('are the paper’s: up to 3 ms kernel, 5 to 18 ms RMS, over 18 ms TruCluster', () => {
    expect(TABLE2_CLASSES.map((c) => [c.cat, c.aboveUs, c.atMostUs])).toEqual([
      ['kernel', 0, 3000],
      ['rms', 5000, 18000],
      ['trucluster', 18000, Infinity],
    ]);
  });

  it('put each lost time in its class, edges included, and 3–5 ms in none', () => {
    const lost = Float64Array.from([
      0, -2, 1, 3000, 3000.5, 4000, 5000, 5000.5, 18000, 18000.5, 335000,
    ]);
    const { byClass, total } = lostBySize(lost);
    expect(byClass).toEqual({
      kernel: 1 + 3000,
      rms: 5000.5 + 18000,
      trucluster: 18000.5 + 335000,
    });
    // 3000.5, 4000 and 5000 µs are in no class, but lost all the same
    expect(total).toBe(1 + 3000 + 3000.5 + 4000 + 5000 + 5000.5 + 18000 + 18000.5 + 335000);
  });
});
