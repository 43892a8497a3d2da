// The data of the allreduce's "samples against machine size" view, Worley's allreduce "jitter"
// test on the Cray XT4 Franklin (004, "Average vs. Optimal MPI_Allreduce Perf.": "worst and
// average cases (80 samples) much worse than best observed performance"): at each process count
// the scenario's allreduce run for 80 samples, an iteration each, and its best, average and worst
// sample. A sample is the collective's latency ℓ = Δ − g (model.md §4), so a compute between
// allreduces does not count in it. Worley plotted allreduces per second; this draws their time.
// Pure.
import { csvLines } from '../format/csv.ts';
import { formatCount } from '../format/numbers.ts';
import { roundUs, usCell } from '../format/round-us.ts';
import type { Vary } from '../engine/sweep.ts';
import { readableCite } from '../published/cite.ts';
import { iterationsWithinLimits } from '../scenario/cost.ts';
import { nodesLeftAfterExclusion } from '../scenario/index.ts';
import type { Scenario } from '../scenario/types.ts';
import type { SweepPointResult } from '../state/sweep.svelte.ts';
import { cycleNodeSteps, MAX_POINT_WORK, pointWork } from './cycle-time.ts';
import { pointTrust } from './point-trust.ts';
import type { SpreadPoint, SpreadWords } from './process-spread.ts';

/** Worley's samples per process count (004: "worst and average cases (80 samples)"). */
export const SAMPLES = 80;
/** Samples a point of the quick first pass takes: the curve on screen sooner (NPB EP's
 * allreduce follows a 5 s compute: 80 samples of the whole Lemieux took 3 s here), then
 * replaced by the final pass's 80 (the same seeds: its first samples are these). */
export const QUICK_SAMPLES = 16;
/** Iterations before the samples at most (the scenario's warm-up, up to this). */
const MAX_WARMUP = 20;
/** Work (cycle-time.ts pointWork) a point of 80 samples may cost: a few seconds of a worker. */
const MAX_SAMPLES_WORK = 4 * MAX_POINT_WORK;

export interface SamplesPlan {
  /** the quick pass's scenario (QUICK_SAMPLES), then the final one's (SAMPLES) */
  passes: { base: Scenario }[];
  varies: Vary[];
  total: number;
  /** node counts swept, ascending */
  nodes: number[];
  /** node counts left out: 80 samples would take too long here */
  skipped: number[];
  warmup: number;
}

/**
 * The sweep over node counts (1, 2, 4, … up to the machine) at the job's ranks per node, each
 * point SAMPLES measured iterations after the scenario's warm-up; null for a workload other than
 * the allreduce benchmark.
 */
export function allreduceSamplesPlan(s: Scenario): SamplesPlan | null {
  const w = s.workload;
  if (w.kind !== 'allreduce') return null;
  const warmup = Math.min(w.warmup, MAX_WARMUP);
  const withSamples = (n: number): Scenario => ({
    ...s,
    workload: { ...w, iterations: n + warmup, warmup },
  });
  const base = withSamples(SAMPLES);
  const at = (n: number): Scenario => ({ ...base, job: { ...base.job, nodes: n } });
  const usable = nodesLeftAfterExclusion(
    s.machine.nodes,
    s.machine.clusterSize,
    s.job.excludeOffsets,
  );
  const all = cycleNodeSteps(s.job.nodes, usable);
  // a point the validator would refuse at its length, or too slow to wait for, is left out
  const fits = (n: number) =>
    pointWork(at(n)) <= MAX_SAMPLES_WORK && iterationsWithinLimits([at(n)]) >= SAMPLES + warmup;
  const nodes = all.filter(fits);
  return {
    passes: [{ base: withSamples(QUICK_SAMPLES) }, { base }],
    varies: [{ path: 'job.nodes', values: nodes }],
    total: nodes.length,
    nodes,
    skipped: all.filter((n) => !fits(n)),
    warmup,
  };
}

/** The chart's words for the allreduce's samples. */
export const SAMPLE_WORDS: SpreadWords = {
  title: 'One allreduce against processes',
  yTitle: 'time for one allreduce',
  names: ['worst of the samples', 'average of the samples', 'best of the samples'],
  short: ['the worst', 'the average', 'the best'],
  columns: ['Worst', 'Average', 'Best', 'Worst / best'],
  file: 'allreduce-samples-vs-processes',
  tableCaption: `One allreduce per process count: the worst, average and best of ${SAMPLES} samples`,
  counted: 'samples',
};

export interface SamplePoint extends SpreadPoint {
  nodes: number;
}

/** The sweep's points in process order: best, average and worst ℓ over their samples. */
export function allreduceSamplePoints(
  points: readonly SweepPointResult[],
  ranksPerNode: number,
): SamplePoint[] {
  const out: SamplePoint[] = [];
  for (const p of points) {
    const nodes = Number(p.assignments.find((a) => a.path === 'job.nodes')?.value);
    const s = p.result.summary;
    // the allreduce's own points only: the ghost may be another workload's sweep (a barrier's,
    // before the Exchange switch), whose points are not samples of this
    if (p.result.tree?.workload !== 'allreduce') continue;
    if (!Number.isFinite(nodes) || s.iterations === 0) continue;
    out.push({
      nodes,
      processes: nodes * ranksPerNode,
      min: s.minLatencyUs,
      mean: s.meanLatencyUs,
      max: s.maxLatencyUs,
      coarse: p.final === false,
      ...pointTrust(p),
      // a quick pass's point is tentative: fewer samples than Worley's, replaced next
      tentative: p.final === false,
    });
  }
  return out.sort((a, b) => a.processes - b.processes);
}

/**
 * The view's reading: from the fewest to the most processes, the worst, average and best
 * sample, and how far the average and the worst are above the best at the job's own processes
 * (`own`, when the sweep has it) and at the most.
 */
export function allreduceSamplesSummary(
  points: readonly SamplePoint[],
  formatUs: (us: number) => string,
  own?: number,
): string {
  if (points.length === 0) return 'No data yet.';
  const a = points[0];
  const b = points[points.length - 1];
  const ratios = (p: SamplePoint) =>
    `at ${formatCount(p.processes)} processes${p.processes === own ? " (the job's)" : ''} the average is ${(p.mean / p.min).toFixed(1)}× the best and the worst ${(p.max / p.min).toFixed(1)}×`;
  const job = points.find((p) => p.processes === own && p !== b && p.min > 0);
  const above = (p: SamplePoint) =>
    p.min > 0
      ? ` ${job ? `${capitalise(ratios(job))}; ${ratios(p)}` : capitalise(ratios(p))} (${readableCite('004')} saw on the XT4 Franklin worst and average "much worse than best"). One long event met in one sample can set the worst.`
      : '';
  const samples = points.every((p) => p.iterations === SAMPLES)
    ? `${SAMPLES} samples each`
    : `a quick pass of fewer samples, ${SAMPLES} to come`;
  if (points.length === 1)
    return `On ${formatCount(a.processes)} processes, ${samples}: the worst ${formatUs(a.max)}, the average ${formatUs(a.mean)}, the best ${formatUs(a.min)}.${above(a)}`;
  return (
    `From ${formatCount(a.processes)} to ${formatCount(b.processes)} processes, ${samples}: ` +
    `the worst ${formatUs(a.max)} → ${formatUs(b.max)}, the average ${formatUs(a.mean)} → ${formatUs(b.mean)}, ` +
    `the best ${formatUs(a.min)} → ${formatUs(b.min)}.` +
    above(b)
  );
}

/** The view's data as CSV: one row per point. */
export function allreduceSamplesCsv(points: readonly SamplePoint[]): string {
  const rows: (string | number | null)[][] = [
    ['nodes', 'processes', 'best_us', 'average_us', 'worst_us', 'samples', 'two_se_us'],
  ];
  for (const p of points) {
    rows.push([
      p.nodes,
      p.processes,
      roundUs(p.min),
      roundUs(p.mean),
      roundUs(p.max),
      p.iterations,
      usCell(p.spreadUs),
    ]);
  }
  return csvLines(rows);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
