// How close a simulated figure must come to a published one (src/validation/tolerance.ts): one
// two-sided convention for values, orders of magnitude for "orders of magnitude", and the
// median and range over seeds a check is judged on.
import { describe, expect, it } from 'vitest';
import {
  nearOrders,
  nearOrdersText,
  nearValue,
  nearValueText,
  overSeeds,
  overSeedsText,
} from '../../src/validation/tolerance.ts';

describe('tolerances', () => {
  it('meets a value within ±20% of itself, both sides, edges included', () => {
    expect(nearValue(7 * 1.2, 7)).toBe(true);
    expect(nearValue(7 * 0.8, 7)).toBe(true);
    expect(nearValue(8.5, 7)).toBe(false);
    expect(nearValue(5.5, 7)).toBe(false);
    expect(nearValue(0, 0.04)).toBe(false); // 0% never meets 4%
    expect(nearValueText(7, (x) => `${x.toFixed(1)}×`)).toBe('±20% (5.6×–8.4×)');
  });

  it('reads "two orders of magnitude" as 10^1.5–10^2.5', () => {
    expect(nearOrders(32, 2)).toBe(true);
    expect(nearOrders(316, 2)).toBe(true);
    expect(nearOrders(31, 2)).toBe(false);
    expect(nearOrders(60, 4)).toBe(false);
    expect(nearOrdersText(2)).toBe('within half an order of magnitude (32–316×)');
  });

  it('judges a check over seeds on the median, and shows the range', () => {
    const o = overSeeds([0.3, 0.1, 0.5, 0.2, 0.4], [1, 2, 3, 4, 5]);
    expect(o).toEqual({ median: 0.3, lo: 0.1, hi: 0.5, seeds: [1, 2, 3, 4, 5] });
    expect(overSeeds([1, 2, 3, 4], [1, 2, 3, 4]).median).toBe(2.5);
    expect(overSeedsText(o, (x) => `${(x * 100).toFixed(0)}%`)).toBe(
      'median 30% (10%–50% over seeds 1–5)',
    );
  });
});
