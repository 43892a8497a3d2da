// The data of the iteration-times view (ASCI Q paper, Figure 4): the decimated series, the
// histogram, the summary and the CSV, on hand-computed cases, and the run's iterations in
// RunResult.iterationsUs.
import { describe, expect, it } from 'vitest';
import { createRun, resultOf, runScenario } from '../../src/engine/index.ts';
import {
  CSV_HEADER,
  histogram,
  iterationCsv,
  iterationCsvRows,
  iterationSummary,
  iterationTimes,
  noiselessIterationUs,
  seriesBuckets,
} from '../../src/charts/iteration-times.ts';
import { formatCount, formatTimeUs } from '../../src/format/numbers.ts';
import { eventAt, scenario } from '../helpers/scenario.ts';

/** 16 nodes, hardware barrier of 4 µs + 0.5 µs × log2(16) = 6 µs, g = 1 ms: 1,006 µs a turn. */
const quiet = scenario({
  nodes: 16,
  g: 1000,
  iterations: 10,
  warmup: 2,
  collective: { kind: 'hardware', baseUs: 4, perLevelUs: 0.5 },
});

describe('RunResult.iterationsUs', () => {
  it('holds Δ of each measured iteration, warm-up excluded: 8 × 1,006 µs on a quiet machine', () => {
    const r = runScenario(quiet);
    expect(r.iterationsUs).toBeInstanceOf(Float64Array);
    expect([...r.iterationsUs]).toEqual(new Array(8).fill(1006));
  });

  it('places a 500 µs event in the iteration it hits', () => {
    // Iteration i (warm-up included) starts at i × 1,006 µs: an event at 3,500 µs falls in the
    // compute of iteration 3 (3,018–4,018 µs), the second measured one, which takes 1,506 µs.
    const r = runScenario({ ...quiet, noise: [eventAt('e', 3_500, 500, 'any')] });
    expect([...r.iterationsUs]).toEqual([1006, 1506, 1006, 1006, 1006, 1006, 1006, 1006]);
  });

  it('a snapshot carries the iterations so far, and does not change as the run goes on', () => {
    const run = createRun(quiet);
    expect(resultOf(run).iterationsUs.length).toBe(0);
    run.step(5); // 2 warm-up + 3 measured
    const partial = resultOf(run);
    expect(partial.iterationsUs.length).toBe(3);
    run.step(5);
    expect(partial.iterationsUs.length).toBe(3);
    expect(resultOf(run).iterationsUs.length).toBe(8);
  });

  it('a tree workload reports its cycles too, one per measured iteration', () => {
    const sage = runScenario({
      ...quiet,
      workload: {
        kind: 'sage',
        cellsPerPE: 13_500,
        computeUsPerCycle: 20_000,
        allreducesPerCycle: 4,
        iterations: 6,
        warmup: 1,
        hopUs: null,
      },
    });
    expect(sage.iterationsUs.length).toBe(5);
    // Noiseless: every cycle is the model, Σ (g_k + L_k).
    for (const v of sage.iterationsUs) expect(v).toBeCloseTo(sage.tree!.modelIterationUs, 6);
    expect(noiselessIterationUs(sage)).toBe(sage.tree!.modelIterationUs);
  });
});

describe('noiselessIterationUs', () => {
  it('is g + L for the barrier (1,000 + 6 µs), null before an iteration is measured', () => {
    expect(noiselessIterationUs(runScenario(quiet))).toBe(1006);
    expect(noiselessIterationUs(resultOf(createRun(quiet)))).toBeNull();
  });
});

describe('seriesBuckets', () => {
  it('keeps min and max of each bucket of ⌊k·n/B⌋ … iterations', () => {
    // n = 7, B = 3: iterations [0, 2), [2, 4), [4, 7).
    expect(seriesBuckets([5, 1, 4, 2, 8, 3, 7], 3)).toEqual([
      { first: 0, last: 1, minUs: 1, maxUs: 5 },
      { first: 2, last: 3, minUs: 2, maxUs: 4 },
      { first: 4, last: 6, minUs: 3, maxUs: 8 },
    ]);
  });

  it('gives one bucket per iteration when there are fewer iterations than buckets', () => {
    expect(seriesBuckets([3, 9], 600)).toEqual([
      { first: 0, last: 0, minUs: 3, maxUs: 3 },
      { first: 1, last: 1, minUs: 9, maxUs: 9 },
    ]);
    expect(seriesBuckets([], 600)).toEqual([]);
  });

  it('draws 1,000,000 iterations as 600 buckets, and a lone outlier survives', () => {
    const d = new Float64Array(1_000_000).fill(1000);
    d[123_456] = 335_000;
    const b = seriesBuckets(d, 600);
    expect(b.length).toBe(600);
    expect(b.reduce((s, x) => s + x.last - x.first + 1, 0)).toBe(1_000_000);
    // Bucket 74 holds ⌊74·10⁶/600⌋ = 123,333 … ⌊75·10⁶/600⌋ − 1 = 124,999.
    expect(b[74]).toEqual({ first: 123_333, last: 124_999, minUs: 1000, maxUs: 335_000 });
    expect(b.filter((x) => x.maxUs > 1000).length).toBe(1);
  });
});

describe('histogram', () => {
  it('uses linear bins of a nice step under two decades of spread', () => {
    // 100 … 700 µs: 600 / 30 = 20 µs, already nice; bins k·20 for k = 5 … 35.
    const h = histogram([100, 150, 240, 250, 700], 100, 700);
    expect(h.scale).toBe('linear');
    expect(h.bins.length).toBe(31);
    expect(h.bins[0]).toEqual({ loUs: 100, hiUs: 120, count: 1 });
    expect(h.bins[2]).toEqual({ loUs: 140, hiUs: 160, count: 1 });
    expect(h.bins[7]).toEqual({ loUs: 240, hiUs: 260, count: 2 });
    expect(h.bins[30]).toEqual({ loUs: 700, hiUs: 720, count: 1 });
    expect(h.bins.reduce((s, b) => s + b.count, 0)).toBe(5);
  });

  it('uses 10 log-spaced bins per decade over two decades, edges 10^(j/10) µs', () => {
    // log10: 1,000 → 3 (bin 30), 1,649 → 3.217 (32), 2,000 → 3.301 (33: 10^3.3 = 1,995.3),
    // 20,000 → 4.301 (43), 335,000 → 5.525 (55): bins 30 … 55.
    const h = histogram([1000, 1649, 2000, 20_000, 335_000], 1000, 335_000);
    expect(h.scale).toBe('log');
    expect(h.bins.length).toBe(26);
    expect(h.bins.map((b) => b.count).join('')).toBe('10110000000001000000000001');
    expect(h.bins[0].loUs).toBe(1000);
    expect(h.bins[0].hiUs).toBeCloseTo(1258.925, 3);
    expect(h.bins[10].loUs).toBe(10_000);
    expect(h.bins[25].hiUs).toBeCloseTo(398_107.17, 2);
  });

  it('puts a value on a decade in the bin that starts there', () => {
    const h = histogram([10, 100, 1000, 10_000], 10, 10_000);
    expect(h.bins.filter((b) => b.count > 0).map((b) => b.loUs)).toEqual([10, 100, 1000, 10_000]);
  });

  it('gives a run of equal iterations one bin, a hundredth of the decade wide', () => {
    expect(histogram([1006, 1006, 1006], 1006, 1006)).toEqual({
      scale: 'linear',
      bins: [{ loUs: 1000, hiUs: 1010, count: 3 }],
    });
  });
});

describe('iterationTimes and its summary', () => {
  // mean = (1,009 + 1,009 + 3,000 + 1,500) / 4 = 1,629.5 µs; over 2 × 1,009 = 2,018: one.
  const d = iterationTimes([1009, 1009, 3000, 1500], 1009);

  it('counts, averages and finds the extremes and the iterations over twice the model', () => {
    expect(d.count).toBe(4);
    expect(d.meanUs).toBe(1629.5);
    expect(d.minUs).toBe(1009);
    expect(d.maxUs).toBe(3000);
    expect(d.overTwiceModel).toBe(1);
    expect(d.scale).toBe('linear');
    expect(d.bins.reduce((s, b) => s + b.count, 0)).toBe(4);
    expect(d.buckets.length).toBe(4);
  });

  it('says it in one paragraph, with the engine’s p99', () => {
    expect(iterationSummary(d, 2_850, formatTimeUs, formatCount)).toBe(
      '4 iterations: mean 1.63 ms, min 1.01 ms, p99 2.85 ms, max 3 ms. Without noise every ' +
        'iteration would take 1.01 ms (the model); the mean is 1.61× that, and 1 iteration ' +
        'took more than twice it.',
    );
  });

  it('says so when nothing is measured, and leaves the model out when it is unknown', () => {
    const empty = iterationTimes([], null);
    expect(empty.bins).toEqual([]);
    expect(iterationSummary(empty, NaN, formatTimeUs, formatCount)).toBe(
      'No iteration measured yet.',
    );
    expect(iterationSummary(iterationTimes([500], null), 500, formatTimeUs, formatCount)).toBe(
      '1 iteration: mean 500 µs, min 500 µs, p99 500 µs, max 500 µs.',
    );
  });
});

describe('iterationCsv', () => {
  it('lists every iteration, numbered from 1 after the warm-up', () => {
    expect(iterationCsv(new Float64Array([1006, 1506.25]))).toBe(
      'iteration,duration_us\n1,1006\n2,1506.25\n',
    );
  });

  it('is the header and the rows of any split of the iterations, put together', () => {
    const d = [1006, 1506.25, 2000.5, 1009];
    expect(iterationCsvRows(d, 1, 3)).toBe('2,1506.25\n3,2000.5\n');
    expect(CSV_HEADER + iterationCsvRows(d, 0, 2) + iterationCsvRows(d, 2, 4)).toBe(
      iterationCsv(d),
    );
  });
});
