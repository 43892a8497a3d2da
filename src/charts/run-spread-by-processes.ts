// Run to run against process count: the variability view's second picture. The scenario's job
// on 1, 2, 4, … nodes up to its own size (its own ranks per node), each size run once per seed
// on the same seeds as the histogram's runs (common random numbers: a size's seed-s run meets
// the noise of the smaller sizes' seed-s runs on the nodes they share), and per size the
// fastest, mean and slowest run time: 004's presentation (max / average / min against
// processes) applied to 001's question (how different is each run?). As `noiselab repeat
// --vary job.nodes=…` prints it. Pure.
import { runTimeUs, spreadOf, type Spread } from '../engine/run-spread.ts';
import type { Vary } from '../engine/sweep.ts';
import { formatCount, formatTimeUs } from '../format/numbers.ts';
import { roundUs } from '../format/round-us.ts';
import type { Scenario } from '../scenario/types.ts';
import type { SweepPointResult } from '../state/sweep.svelte.ts';
import type { SpreadPoint, SpreadWords } from './process-spread.ts';
import { formatCov, variabilityPlan } from './variability.ts';

export interface ProcessRunsPlan {
  base: Scenario;
  varies: Vary[];
  /** job nodes of each size, ascending: the powers of two below the job's, then the job's */
  nodes: number[];
  seeds: number[];
}

/** The job's node counts the picture runs: 1, 2, 4, … below the job's own, and the job's. */
export function processNodeSteps(jobNodes: number): number[] {
  const out: number[] = [];
  for (let n = 1; n < jobNodes; n *= 2) out.push(n);
  out.push(jobNodes);
  return out;
}

/** The sweep: every size × the histogram's seeds (the seed changing fastest, so that a size's
 * runs are consecutive and the small, quick sizes come first). */
export function processRunsPlan(s: Scenario, runs: number): ProcessRunsPlan {
  const { seeds } = variabilityPlan(s, runs);
  const nodes = processNodeSteps(s.job.nodes);
  return {
    base: s,
    varies: [
      { path: 'job.nodes', values: nodes },
      { path: 'seed', values: seeds },
    ],
    nodes,
    seeds,
  };
}

/** The scenario at one size of the plan (for its cost estimate). */
export function atNodes(s: Scenario, nodes: number): Scenario {
  return { ...s, job: { ...s.job, nodes } };
}

/** One size: the spread of its runs' times, and how many of the plan's runs it holds. */
export interface ProcessRuns extends SpreadPoint {
  nodes: number;
  spread: Spread;
}

/**
 * The sizes with two runs or more so far (a spread needs two), in size order; a size short of
 * the plan's runs is tentative (drawn hollow) until its last run is in.
 */
export function processRuns(
  points: readonly SweepPointResult[],
  plan: ProcessRunsPlan | null,
): ProcessRuns[] {
  if (!plan) return [];
  const runs = plan.seeds.length;
  const times = plan.nodes.map((): number[] => []);
  for (const p of points) {
    const size = Math.floor(p.index / runs);
    if (size < times.length) times[size].push(runTimeUs(p.result));
  }
  const out: ProcessRuns[] = [];
  for (const [k, ts] of times.entries()) {
    if (ts.length < 2) continue;
    const spread = spreadOf(ts);
    out.push({
      nodes: plan.nodes[k],
      processes: plan.nodes[k] * plan.base.job.ranksPerNode,
      min: spread.minUs,
      mean: spread.meanUs,
      max: spread.maxUs,
      spread,
      coarse: false,
      iterations: ts.length,
      spreadUs: null,
      spreadBy: 'independent',
      precision: null,
      tentative: ts.length < runs,
    });
  }
  return out;
}

export const PROCESS_RUNS_WORDS: SpreadWords = {
  title: 'Run time against processes, over the same seeds',
  yTitle: 'run time',
  names: ['the slowest run', 'the mean run', 'the fastest run'],
  short: ['the slowest run', 'the mean run', 'the fastest run'],
  columns: ['Slowest run', 'Mean run', 'Fastest run', 'Slowest ÷ fastest'],
  file: 'run-times-by-processes',
  tableCaption: 'Run times at each process count, over the same seeds',
  counted: 'runs',
};

/** What the picture says in words: how the mean run and the spread move from the fewest
 * processes to the most. */
export function processRunsSummary(sizes: readonly ProcessRuns[]): string {
  if (sizes.length === 0) return '';
  const a = sizes[0];
  const b = sizes.at(-1)!;
  const ratio = (p: ProcessRuns) => `${(p.max / p.min).toFixed(p.max / p.min < 1.1 ? 3 : 2)}×`;
  const at = (p: ProcessRuns) =>
    `${formatCount(p.processes)} process${p.processes === 1 ? '' : 'es'}`;
  if (sizes.length === 1) {
    return (
      `${at(a)}, ${a.spread.runs} runs: mean ${formatTimeUs(a.mean)}, the slowest ` +
      `${ratio(a)} the fastest, CoV ${formatCov(a.spread.cov)}.`
    );
  }
  return (
    `From ${at(a)} to ${at(b)}: the mean run ${formatTimeUs(a.mean)} → ` +
    `${formatTimeUs(b.mean)}; the slowest run ${ratio(a)} the fastest at ${formatCount(a.processes)}, ` +
    `${ratio(b)} at ${formatCount(b.processes)}; CoV ${formatCov(a.spread.cov)} → ` +
    `${formatCov(b.spread.cov)}.`
  );
}

/** The sizes as data: each size's spread of run times (µs) and its CoV. */
export function processRunsCsv(sizes: readonly ProcessRuns[]): string {
  const rows = [
    'nodes,processes,runs,fastest_us,mean_us,slowest_us,sd_us,cov',
    ...sizes.map((p) =>
      [
        p.nodes,
        p.processes,
        p.spread.runs,
        roundUs(p.min),
        roundUs(p.mean),
        roundUs(p.max),
        roundUs(p.spread.sdUs),
        Number(p.spread.cov.toPrecision(6)),
      ].join(','),
    ),
  ];
  return rows.join('\n') + '\n';
}
