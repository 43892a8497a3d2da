// The counted lanes' order (bulk-lanes.ts sortByPhase): the order a comparator sort by (phase,
// lane) gives, without calling a comparator.
import { describe, expect, it } from 'vitest';
import { sortByPhase } from '../../src/engine/bulk-lanes.ts';
import { Rng } from '../../src/engine/random.ts';

function byComparator(phase: Float64Array): { order: number[]; sorted: number[] } {
  const order = Array.from(phase, (_, l) => l).sort((a, b) => phase[a] - phase[b] || a - b);
  return { order, sorted: order.map((l) => phase[l]) };
}

describe('sortByPhase', () => {
  it('gives the comparator sort’s order and phases, ties in lane order, on 200 random arrays', () => {
    const r = new Rng(7);
    let ties = 0;
    for (let k = 0; k < 200; k++) {
      const n = r.below(300);
      // few distinct values, so that ties are common; some −0, +0 and +∞
      const values = [0, -0, Infinity, 1.5, 4000 * r.uniform(), 4000 * r.uniform(), 2.5e-7];
      const phase = Float64Array.from({ length: n }, () =>
        r.uniform() < 0.5 ? values[r.below(values.length)] : 4000 * r.uniform(),
      );
      const order = new Int32Array(n);
      const sorted = new Float64Array(n);
      sortByPhase(phase, order, sorted);
      const want = byComparator(phase);
      expect(Array.from(order)).toEqual(want.order);
      // Object.is: −0 and +0 told apart
      for (let q = 0; q < n; q++) expect(Object.is(sorted[q], want.sorted[q])).toBe(true);
      for (let q = 1; q < n; q++) if (sorted[q] === sorted[q - 1]) ties++;
    }
    expect(ties).toBeGreaterThan(1000);
  });

  it('with a NaN phase (no order of numbers), still gives every lane once', () => {
    const phase = Float64Array.from([3, NaN, 1, 3, 0]);
    const order = new Int32Array(5);
    const sorted = new Float64Array(5);
    sortByPhase(phase, order, sorted);
    expect(Array.from(order).sort()).toEqual([0, 1, 2, 3, 4]);
    for (let q = 0; q < 5; q++) expect(Object.is(sorted[q], phase[order[q]])).toBe(true);
  });
});
