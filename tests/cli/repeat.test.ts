// `noiselab repeat`: the run-to-run spread of a job's time (src/cli/commands/repeat.ts). Its
// statistics against their definitions on the rows it prints, a noiseless job's zero spread, the
// same bytes on any number of threads, and the refusals of a bad --runs.
import { describe, expect, it } from 'vitest';
import { parseArgs, type Invocation } from '../../src/cli/args.ts';
import { repeatCommand } from '../../src/cli/commands/repeat.ts';
import { histogramOf, MAX_BINS, spreadOf } from '../../src/engine/run-spread.ts';
import { refusal } from '../helpers/cli.ts';

const BASE = [
  'repeat',
  'scenarios/example-asci-q.json',
  '--set',
  'job.nodes=32',
  '--set',
  'workload.iterations=300',
];
const repeat = (...more: string[]) => repeatCommand(parseArgs([...BASE, ...more]) as Invocation);

describe('noiselab repeat', () => {
  it('summarises the rows it prints: mean, sd (n − 1), CoV, extremes, a histogram of all runs', async () => {
    const out = JSON.parse(await repeat('--runs', '12', '--threads', '1'));
    expect(out.runs).toBe(12);
    expect(out.seeds).toEqual({ first: 1, last: 12 });
    expect(out.rows.map((r: { seed: number }) => r.seed)).toEqual(
      Array.from({ length: 12 }, (_, k) => k + 1),
    );
    const t: number[] = out.rows.map((r: { runTimeUs: number }) => r.runTimeUs);
    const mean = t.reduce((a, b) => a + b, 0) / t.length;
    const sd = Math.sqrt(t.reduce((a, b) => a + (b - mean) ** 2, 0) / (t.length - 1));
    expect(out.runTimeUs.meanUs).toBeCloseTo(mean, 6);
    expect(out.runTimeUs.sdUs).toBeCloseTo(sd, 6);
    expect(out.runTimeUs.cov).toBeCloseTo(sd / mean, 12);
    expect(out.runTimeUs.minUs).toBe(Math.min(...t));
    expect(out.runTimeUs.maxUs).toBe(Math.max(...t));
    expect(out.runTimeUs.sdUs).toBeGreaterThan(0); // phases differ from seed to seed
    const counts: number[] = out.histogram.counts;
    expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
    expect(counts).toHaveLength(Math.ceil(Math.log2(12)) + 1);
    // a run's time is the sum of its measured iterations
    for (const r of out.rows) {
      expect(r.runTimeUs).toBeCloseTo(r.meanIterationUs * r.iterations, 3);
    }
  });

  it('starts at --seed, and gives the same bytes on one thread and two', async () => {
    const one = await repeat('--runs', '6', '--seed', '40', '--threads', '1', '--format', 'csv');
    const two = await repeat('--runs', '6', '--seed', '40', '--threads', '2', '--format', 'csv');
    expect(two).toBe(one);
    const lines = one.trim().split('\n');
    expect(lines[0]).toBe('seed,runTimeUs,meanIterationUs,slowdown,iterations,noiseEvents');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([
      '40',
      '41',
      '42',
      '43',
      '44',
      '45',
    ]);
  });

  it('with --vary, repeats the same seeds at every value: one summary per value, rows tagged', async () => {
    const out = JSON.parse(
      await repeat('--runs', '5', '--vary', 'job.nodes=2,8', '--threads', '2', '--seed', '3'),
    );
    expect(out.varied).toEqual(['job.nodes']);
    // each value its own runs: the last value's seeds those of repeat alone (3–7), the value
    // before it the next five
    expect(out.rows.map((r: Record<string, number>) => [r['job.nodes'], r.seed])).toEqual([
      ...[8, 9, 10, 11, 12].map((seed) => [2, seed]),
      ...[3, 4, 5, 6, 7].map((seed) => [8, seed]),
    ]);
    expect(out.points.map((p: { seeds: unknown }) => p.seeds)).toEqual([
      { first: 8, last: 12 },
      { first: 3, last: 7 },
    ]);
    expect(out.points.map((p: Record<string, number>) => [p['job.nodes'], p.processes])).toEqual([
      [2, 8],
      [8, 32],
    ]);
    for (const [c, p] of out.points.entries()) {
      const times = out.rows.slice(c * 5, c * 5 + 5).map((r: { runTimeUs: number }) => r.runTimeUs);
      expect(p.runTimeUs.minUs).toBe(Math.min(...times));
      expect(p.runTimeUs.maxUs).toBe(Math.max(...times));
      expect(p.runTimeUs.meanUs).toBeCloseTo(times.reduce((a: number, b: number) => a + b) / 5, 5);
      expect(p.histogram.counts.reduce((a: number, b: number) => a + b)).toBe(5);
    }
    // a row is the run `run --set job.nodes=<n> --seed <seed>` makes: the one-value repeat's
    const alone = JSON.parse(await repeat('--runs', '5', '--seed', '3', '--set', 'job.nodes=8'));
    expect(alone.rows.map((r: { runTimeUs: number }) => r.runTimeUs)).toEqual(
      out.rows.slice(5).map((r: { runTimeUs: number }) => r.runTimeUs),
    );
    const csv = await repeat('--runs', '2', '--vary', 'job.nodes=2,8', '--format', 'csv');
    expect(csv.split('\n')[0]).toBe(
      'job.nodes,seed,runTimeUs,meanIterationUs,slowdown,iterations,noiseEvents',
    );
  });

  it('finds no spread at any size without noise', async () => {
    const out = JSON.parse(
      await repeat('--runs', '3', '--set', 'noise=[]', '--vary', 'job.nodes=1,4,32'),
    );
    for (const p of out.points) {
      expect(p.runTimeUs.minUs).toBe(p.runTimeUs.maxUs);
      expect(p.runTimeUs.sdUs).toBe(0);
    }
  });

  it('finds no spread in a job without noise', async () => {
    const out = JSON.parse(await repeat('--runs', '5', '--set', 'noise=[]'));
    expect(out.runTimeUs.sdUs).toBe(0);
    expect(out.runTimeUs.cov).toBe(0);
    expect(out.runTimeUs.skewness).toBe(0);
    expect(out.histogram.counts).toEqual([5]);
  });

  it('refuses a missing, too small or non-integer --runs, naming the option', () => {
    expect(refusal(() => parseArgs(BASE))).toEqual([
      'repeat needs --runs N (2..10000), e.g. --runs 30',
    ]);
    expect(refusal(() => parseArgs([...BASE, '--runs', '1']))[0]).toMatch(
      /^--runs: 1 is out of range; allowed: /,
    );
    expect(refusal(() => parseArgs([...BASE, '--runs', '2.5']))[0]).toMatch(
      /^--runs: 2.5 is not an integer/,
    );
  });

  it('refuses a varied seed and a value given twice, before anything runs', async () => {
    await expect(repeat('--runs', '3', '--vary', 'seed=1,2')).rejects.toThrow(
      /--vary seed: the runs are the seeds/,
    );
    await expect(repeat('--runs', '3', '--vary', 'job.nodes=4,4')).rejects.toThrow(
      /--vary job.nodes: 4 is given twice; give each value once \(its runs are --runs\)/,
    );
    // a value the scenario refuses is named by its values, not by a seed the user did not give
    await expect(repeat('--runs', '3', '--vary', 'job.nodes=4,99999')).rejects.toThrow(
      /job.nodes: 99999 is more than .* \(at sweep point job.nodes=99999\)$/,
    );
    await expect(repeat('--runs', '3', '--vary', 'job.nodez=4')).rejects.toThrow(
      /job.nodez: unknown field/,
    );
  });
});

/** What the bins were before: Sturges' count over the whole range, the counts only. */
function histogramOfSturges(xs: number[]): number[] {
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  const bins = Math.ceil(Math.log2(xs.length)) + 1;
  const counts = new Array<number>(bins).fill(0);
  for (const x of xs) counts[Math.min(bins - 1, Math.floor(((x - lo) / (hi - lo)) * bins))]++;
  return counts;
}

describe('the spread of run times', () => {
  it('is the textbook sample statistics, skewness positive for a long right tail', () => {
    const s = spreadOf([10, 10, 10, 10, 30]);
    expect(s.meanUs).toBe(14);
    expect(s.sdUs).toBeCloseTo(Math.sqrt((4 * 16 + 256) / 4), 12);
    expect(s.p50Us).toBe(10);
    expect(s.skewness).toBeGreaterThan(1);
    expect(spreadOf([10, 30, 30, 30, 30]).skewness).toBeLessThan(-1);
  });

  it('bins every run, the longest in the last bin', () => {
    expect(histogramOf([0, 1, 2, 3, 4, 5, 6, 7, 8])).toEqual({
      edgesUs: [0, 1.6, 3.2, 4.800000000000001, 6.4, 8],
      counts: [2, 2, 1, 2, 2],
    });
  });

  it('keeps a bell under a long right tail in bins of its own (Freedman–Diaconis width)', () => {
    // 99 runs from 4.8 to 5.2 s and one of 8.4 s, as the Compaq SC's EP: Sturges' 8 bins of
    // 0.45 s put the 99 in one; the middle half's width gives the bell several
    const runs = Array.from({ length: 99 }, (_, k) => 4.8e6 + 4e3 * k).concat([8.4e6]);
    expect(Math.max(...histogramOfSturges(runs))).toBeGreaterThanOrEqual(99);
    const h = histogramOf(runs);
    expect(h.counts.reduce((a, b) => a + b, 0)).toBe(100);
    expect(h.counts.filter((c) => c > 0).length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...h.counts)).toBeLessThan(50);
    expect(h.counts.length).toBeLessThanOrEqual(MAX_BINS);
    expect(h.counts.at(-1)).toBe(1); // the tail's run, alone at the right
    // and no more bins than half the runs: 20 runs never get 60 one-run bins
    const few = histogramOf(runs.slice(80));
    expect(few.counts.length).toBeLessThanOrEqual(10);
  });
});
