// The calibration's search against functions whose minimum is known in closed form.
import { describe, expect, it } from 'vitest';
import { compassSearch, fromUnit, toUnit } from '../../src/calibration/search.ts';

const bowl =
  (centre: number[]) =>
  async (u: number[]): Promise<number> =>
    u.reduce((a, x, k) => a + (x - centre[k]) ** 2, 0);

describe('compass search', () => {
  it('finds the minimum of a bowl to within its smallest step', async () => {
    const centre = [0.3, 0.7, 0.55];
    const r = await compassSearch([0.5, 0.5, 0.5], bowl(centre), { budget: 500 });
    expect(r.stop).toBe('converged');
    r.best.forEach((x, k) => expect(Math.abs(x - centre[k])).toBeLessThanOrEqual(1 / 64 + 1e-12));
    expect(r.bestObjective).toBeLessThan(r.startObjective);
  });

  it('stays in the unit box when the minimum lies outside it', async () => {
    const r = await compassSearch([0.5, 0.5], bowl([1.4, -0.2]), { budget: 500 });
    expect(r.best).toEqual([1, 0]);
  });

  it('evaluates the start point first, as given, and never more points than its budget', async () => {
    const seen: number[][] = [];
    const f = async (u: number[]) => {
      seen.push(u);
      return (u[0] - 0.9) ** 2;
    };
    const r = await compassSearch([0.123], f, { budget: 4 });
    expect(seen[0]).toEqual([0.123]);
    expect(seen.length).toBe(4);
    expect(r.stop).toBe('budget');
    expect(r.history.length).toBe(4);
    expect(r.history[0].accepted).toBe(true);
  });

  it('does not run a point twice, and gives the same path for the same function', async () => {
    const calls = new Map<string, number>();
    const f = async (u: number[]) => {
      const k = u.join(',');
      calls.set(k, (calls.get(k) ?? 0) + 1);
      return Math.abs(u[0] - 0.25) + Math.abs(u[1] - 0.6);
    };
    const a = await compassSearch([0.5, 0.5], f, { budget: 200 });
    expect([...calls.values()].every((n) => n === 1)).toBe(true);
    const b = await compassSearch([0.5, 0.5], f, { budget: 200 });
    expect(b.history.map((h) => h.u)).toEqual(a.history.map((h) => h.u));
    expect(a.best).toEqual([0.25, 0.59375]);
  });

  it('keeps the start when nothing beats it', async () => {
    const r = await compassSearch([0.5], async () => 1, { budget: 100 });
    expect(r.best).toEqual([0.5]);
    expect(r.stop).toBe('converged');
  });
});

describe('unit coordinates', () => {
  it('map a range linearly or on a log scale and back', () => {
    expect(fromUnit(0.5, 0, 30, 'linear')).toBe(15);
    expect(fromUnit(0.5, 100, 10_000, 'log')).toBeCloseTo(1000, 9);
    expect(toUnit(1000, 100, 10_000, 'log')).toBeCloseTo(0.5, 12);
    expect(toUnit(-5, 0, 30, 'linear')).toBe(0);
    expect(toUnit(1e9, 100, 10_000, 'log')).toBe(1);
    for (const u of [0, 0.2, 0.77, 1])
      expect(toUnit(fromUnit(u, 2, 50, 'log'), 2, 50, 'log')).toBeCloseTo(u, 12);
  });
});
