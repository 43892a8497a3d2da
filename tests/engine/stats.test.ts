import { describe, expect, it } from 'vitest';
import { describe as describeSample, percentileSorted } from '../../src/engine/stats.ts';
import {
  durationBin,
  durationBinEdges,
  DURATION_BIN_COUNT,
} from '../../src/engine/duration-bins.ts';

describe('percentiles', () => {
  it('interpolate linearly between order statistics, as numpy does by default', () => {
    // numpy.percentile([1, 2, 3, 4], [50, 90, 99]) = [2.5, 3.7, 3.97]
    const x = [1, 2, 3, 4];
    expect(percentileSorted(x, 50)).toBeCloseTo(2.5, 12);
    expect(percentileSorted(x, 90)).toBeCloseTo(3.7, 12);
    expect(percentileSorted(x, 99)).toBeCloseTo(3.97, 12);
    expect(percentileSorted([5], 99)).toBe(5);
  });

  it('are taken on a sorted copy, leaving the sample as it was', () => {
    const x = Float64Array.of(3, 1, 2);
    const d = describeSample(x);
    expect([d.min, d.p50, d.max, d.mean]).toEqual([1, 2, 3, 2]);
    expect(Array.from(x)).toEqual([3, 1, 2]);
  });
});

describe('event-duration bins', () => {
  it('put a duration on an edge into the bin that starts there', () => {
    const edges = durationBinEdges();
    expect(edges).toHaveLength(DURATION_BIN_COUNT);
    for (let k = 1; k < edges.length; k++) expect(durationBin(edges[k])).toBe(k);
    expect(durationBin(0)).toBe(0);
    expect(durationBin(640)).toBe(durationBin(999)); // both in [631, 1000) µs
    expect(durationBin(1e12)).toBe(DURATION_BIN_COUNT - 1);
  });
});
