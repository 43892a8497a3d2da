// The variability view's data (src/charts/variability.ts): its seeds, its summary in words, and
// its axis labels for run times that differ only in their last digits.
import { describe, expect, it } from 'vitest';
import { scaleLinear } from 'd3-scale';
import {
  countAxis,
  farTail,
  covDomain,
  formatCov,
  runTimeTickFormat,
  inSeparateGroups,
  variabilityCsv,
  variabilityOf,
  variabilityPlan,
  variabilitySummary,
  runsWait,
} from '../../src/charts/variability.ts';
import { LONG_RUN_S } from '../../src/state/simulation.svelte.ts';
import { PUBLISHED_COVS } from '../../src/published/variability.ts';
import { scenario } from '../helpers/scenario.ts';

describe('the variability view', () => {
  it('runs the scenario once per seed, from its own seed on, kept below 2³²', () => {
    const plan = variabilityPlan({ ...scenario({}), seed: 7 }, 4);
    expect(plan.seeds).toEqual([7, 8, 9, 10]);
    expect(plan.varies).toEqual([{ path: 'seed', values: [7, 8, 9, 10] }]);
    expect(variabilityPlan({ ...scenario({}), seed: 2 ** 32 - 2 }, 3).seeds).toEqual([
      2 ** 32 - 3,
      2 ** 32 - 2,
      2 ** 32 - 1,
    ]);
  });

  it('says mean, spread, CoV and the tail of the runs, and lists them as CSV', () => {
    expect(variabilityOf([{ seed: 1, runTimeUs: 5 }])).toBeNull();
    const runs = [10, 10, 10, 10, 20].map((t, k) => ({ seed: k + 1, runTimeUs: t * 1e6 }));
    const v = variabilityOf(runs)!;
    expect(v.spread.meanUs).toBe(12e6);
    expect(v.spread.sdUs).toBeCloseTo(Math.sqrt(20) * 1e6, 3);
    expect(v.histogram.counts.reduce((a, b) => a + b, 0)).toBe(5);
    expect(variabilitySummary(v)).toBe(
      // the range's top is the normal law's for 5 runs: 37.3% × √(4 / χ²₀.₀₅(4) = 0.711)
      '5 runs: mean 12 s, standard deviation 4.47 s, coefficient of variation 37.3% (from ' +
        'these runs, the CoV of many more could be 0.0–88.4%); fastest 10 s, slowest 20 s; a ' +
        'long right tail (a few runs much slower), skewness 2.24.',
    );
    expect(variabilityCsv(runs.slice(0, 2))).toBe('seed,run_time_us\n1,10000000\n2,10000000\n');
    expect(formatCov(0.0123)).toBe('1.23%');
    expect(formatCov(0.00015)).toBe('0.015%');
  });

  it('tells runs in separate groups (the T3E’s migrations) from a bell with a long right tail', () => {
    // histograms of 50 runs met here: the T3E's EP (39 runs unmoved, 11 moved once) and FT
    expect(inSeparateGroups([39, 0, 0, 0, 0, 0, 11])).toBe(true);
    expect(inSeparateGroups([23, 22, 0, 2, 0, 2, 1])).toBe(true); // 5 of 50 beyond the gap
    // the Compaq SC's EP and Alvarez's: one or two runs beyond an empty bin, a tail
    expect(inSeparateGroups([49, 0, 0, 0, 0, 0, 1])).toBe(false);
    expect(inSeparateGroups([23, 16, 6, 3, 0, 1, 1])).toBe(false);
    expect(inSeparateGroups([34, 36, 21, 4, 1, 2, 1, 1])).toBe(false); // no gap
    expect(inSeparateGroups([1, 0, 1])).toBe(false); // 2 runs: no group of 2 on each side
    // 8 runs of 10 s, 4 of 12 s: skewed right (0.81, the sample skewness), yet two groups
    const groups = [...Array(8).fill(10), ...Array(4).fill(12)].map((t, k) => ({
      seed: k + 1,
      runTimeUs: t * 1e6,
    }));
    const v = variabilityOf(groups)!;
    expect(v.spread.skewness).toBeGreaterThan(0.5);
    expect(variabilitySummary(v)).toMatch(
      /; the runs in separate groups, with gaps between them \(not one bell\), skewness 0\.81\.$/,
    );
  });

  it('draws one run far slower than the rest past a break, and leaves groups and bells whole', () => {
    const runs = (ts: number[]) => ts.map((t, k) => ({ seed: k + 1, runTimeUs: t * 1e6 }));
    // twenty runs of the Compaq SC's EP met here: 4.8–5.6 s and one of 9.5 s
    const ep = [
      4.83, 4.84, 4.85, 4.86, 4.86, 4.87, 4.88, 4.9, 4.91, 4.93, 4.95, 4.97, 4.99, 5.02, 5.06, 5.08,
      5.11, 5.45, 5.62, 9.52,
    ];
    const v = variabilityOf(runs(ep))!;
    expect(farTail(ep.map((t) => t * 1e6))).toEqual({
      cutUs: 5.62e6,
      runs: 1,
      fromUs: 9.52e6,
      toUs: 9.52e6,
    });
    // the histogram is of the rest: its bins end at 5.62 s, the bell over several of them
    expect(v.histogram.edgesUs.at(-1)).toBe(5.62e6);
    expect(v.histogram.counts.reduce((a, b) => a + b, 0)).toBe(19);
    expect(v.histogram.counts.filter((c) => c > 0).length).toBeGreaterThanOrEqual(4);
    expect(variabilitySummary(v)).toMatch(/1 run far slower than the rest \(9\.52 s, drawn past/);
    // the T3E's moved runs, a fifth of them, are a group, not a tail
    const t3e = [...Array(16).fill(34.34), ...Array(4).fill(38.29)];
    expect(farTail(t3e.map((t) => t * 1e6))).toBeNull();
    expect(variabilitySummary(variabilityOf(runs(t3e))!)).toMatch(/separate groups/);
    // an even spread has no far tail, and fewer than 10 runs never one
    expect(farTail(Array.from({ length: 50 }, (_, k) => 1e6 + 1e3 * k))).toBeNull();
    expect(farTail([1, 1, 1, 1, 1, 1, 1, 1, 9])).toBeNull();
  });

  it('labels ticks that differ in their fourth digit with the digits they need', () => {
    const f = runTimeTickFormat([2_080_500, 2_081_000, 2_081_500]);
    expect([2_080_500, 2_081_000].map(f)).toEqual(['2.0805 s', '2.0810 s']);
    expect(runTimeTickFormat([12e6, 13e6])(12.5e6)).toBe('13 s');
    expect(runTimeTickFormat([500, 1000, 1500])(1500)).toBe('1.5 ms');
  });

  it('draws its CoV among all twelve of 001 Table 2, whatever its own', () => {
    expect(PUBLISHED_COVS).toHaveLength(12);
    for (const cov of [0, 0.001, 0.5, 40]) {
      const [lo, hi] = covDomain(cov);
      for (const p of PUBLISHED_COVS) expect(p.covPercent >= lo && p.covPercent <= hi).toBe(true);
      if (cov > 0) expect(cov >= lo && cov <= hi).toBe(true);
    }
  });
});

describe('the histogram count axis', () => {
  it('has its top tick at or above the tallest bar, with at most 5 ticks asked', () => {
    for (let tallest = 1; tallest <= 60; tallest++) {
      const { domain, ticks } = countAxis([0, tallest, 1]);
      expect(domain[0]).toBe(0);
      expect(ticks).toBe(Math.min(5, tallest));
      const shown = scaleLinear().domain(domain).ticks(ticks);
      expect(shown.at(-1)).toBeGreaterThanOrEqual(tallest);
    }
    // 13 runs in a bar: a plain nice() gave [0, 13], ticks 0, 2, …, 12 and the bar above them
    expect(countAxis([]).domain).toEqual([0, 1]);
  });
});

describe('runsWait', () => {
  it('holds runs longer in all than a long run on each of two cores, not shorter ones', () => {
    // Jaguar XT5 stock at its default size: about 40 s a run on one thread
    expect(runsWait(20, 40)).toBe(true);
    expect(runsWait(10, 40)).toBe(true);
    // Jaguar XT5 RN (counted lanes): about 1.4 s a run; a hundred of them wait
    expect(runsWait(50, 1.4)).toBe(false);
    expect(runsWait(100, 1.4)).toBe(true);
    // at the bound itself they start
    expect(runsWait(10, (2 * LONG_RUN_S) / 10)).toBe(false);
  });
});
