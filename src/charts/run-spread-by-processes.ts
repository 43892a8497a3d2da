// Run to run against process count: the variability view's second picture. The scenario's job
// on 1, 2, 4, … nodes up to its own size (its own ranks per node and work per process), each
// size run `runs` times with seeds of its own (the job's own size those of the histogram, each
// smaller size the next block: no seed shared between sizes, as separate runs for each process
// count are, as in Worley's allreduce test, 004), and per size the fastest, mean and slowest
// run time: the spread over runs on 001's question (how different is each run?) against the
// process count. As `noiselab repeat --vary job.nodes=…` prints it. Pure.
import { runTimeUs, seedBlocks, spreadOf, type Spread } from '../engine/run-spread.ts';
import type { Vary } from '../engine/sweep.ts';
import { formatCount, formatTimeUs } from '../format/numbers.ts';
import { roundUs } from '../format/round-us.ts';
import { estimateRunSeconds } from '../scenario/cost.ts';
import type { Scenario } from '../scenario/types.ts';
import type { SweepPointResult } from '../state/sweep.svelte.ts';
import { ratioText, type SpreadPoint, type SpreadWords } from './process-spread.ts';
import { formatCov } from './variability.ts';

export interface ProcessRunsPlan {
  base: Scenario;
  varies: Vary[];
  /** job nodes of each size, ascending: the powers of two below the job's, then the job's */
  nodes: number[];
  /** runs a size */
  runs: number;
  /** each size's seeds, in the order of `nodes` */
  seeds: number[][];
  /** each point's expected cost (its size's estimated run, s): the sweep's time left is
   * reckoned by them, the small sizes coming first */
  weights: number[];
}

/** The job's node counts the picture runs: 1, 2, 4, … below the job's own, and the job's. */
export function processNodeSteps(jobNodes: number): number[] {
  const out: number[] = [];
  for (let n = 1; n < jobNodes; n *= 2) out.push(n);
  out.push(jobNodes);
  return out;
}

/** The sweep: each size with its own seeds, set together point by point (sweep.ts `together`),
 * a size's runs consecutive and the small, quick sizes first. */
export function processRunsPlan(s: Scenario, runs: number): ProcessRunsPlan {
  const nodes = processNodeSteps(s.job.nodes);
  const seeds = seedBlocks(s.seed, runs, nodes.length);
  return {
    base: s,
    varies: [
      {
        path: 'seed',
        values: seeds.flat(),
        together: [{ path: 'job.nodes', values: nodes.flatMap((n) => seeds[0].map(() => n)) }],
      },
    ],
    nodes,
    runs,
    seeds,
    weights: sizeEstimates(s).flatMap((each) => seeds[0].map(() => each)),
  };
}

/** s: one run of each size on one thread, as estimated (cost.ts: an order of magnitude), in the
 * order of processNodeSteps: the sweep's weights and the view's cost of a batch. */
export function sizeEstimates(s: Scenario): number[] {
  return processNodeSteps(s.job.nodes).map((n) => estimateRunSeconds(atNodes(s, n)));
}

/** The scenario at one size of the plan (for its cost estimate). */
function atNodes(s: Scenario, nodes: number): Scenario {
  return { ...s, job: { ...s.job, nodes } };
}

/** One size: the spread of its runs' times, the seeds of its slowest and fastest runs, and its
 * run without noise. */
export interface ProcessRuns extends SpreadPoint {
  nodes: number;
  spread: Spread;
  seeds: number[];
  slowestSeed: number;
  fastestSeed: number;
  /** µs: a run without noise at this size, the same work per process (its run time over its
   * slowdown); null when not known */
  noiselessUs: number | null;
}

/**
 * The sizes whose runs are all in, in size order: a size is drawn once complete, so that its
 * slowest and fastest are those of all its runs (the progress line tells how far the rest is).
 */
export function processRuns(
  points: readonly SweepPointResult[],
  plan: ProcessRunsPlan | null,
): ProcessRuns[] {
  if (!plan) return [];
  const runs = plan.runs;
  const bySize = plan.nodes.map((): SweepPointResult[] => []);
  for (const p of points) {
    const size = Math.floor(p.index / runs);
    if (size < bySize.length) bySize[size].push(p);
  }
  const out: ProcessRuns[] = [];
  for (const [k, done] of bySize.entries()) {
    if (done.length < runs || runs < 2) continue;
    const times = done.map((p) => runTimeUs(p.result));
    const spread = spreadOf(times);
    const seedOf = (t: number) => plan.seeds[k][done[times.indexOf(t)].index - k * runs];
    const first = done[0].result;
    const slowdown = first.summary.slowdown;
    out.push({
      nodes: plan.nodes[k],
      processes: plan.nodes[k] * plan.base.job.ranksPerNode,
      min: spread.minUs,
      mean: spread.meanUs,
      max: spread.maxUs,
      spread,
      seeds: plan.seeds[k],
      slowestSeed: seedOf(spread.maxUs),
      fastestSeed: seedOf(spread.minUs),
      noiselessUs: slowdown !== null && slowdown > 0 ? runTimeUs(first) / slowdown : null,
      coarse: false,
      iterations: runs,
      spreadUs: null,
      spreadBy: 'independent',
      precision: null,
      tentative: false,
    });
  }
  return out;
}

export const PROCESS_RUNS_WORDS: SpreadWords = {
  title: 'Run time against processes, each size run again and again',
  yTitle: 'run time',
  names: ['the slowest run', 'the mean run', 'the fastest run'],
  short: ['the slowest run', 'the mean run', 'the fastest run'],
  columns: ['Slowest run', 'Mean run', 'Fastest run', 'Slowest ÷ fastest'],
  file: 'run-times-by-processes',
  tableCaption: 'Run times at each process count, each size with runs of its own',
  counted: 'runs',
};

/** What the picture says in words: how the mean run and the spread move from the fewest
 * processes to the most. */
export function processRunsSummary(sizes: readonly ProcessRuns[]): string {
  if (sizes.length === 0) return '';
  const a = sizes[0];
  const b = sizes.at(-1)!;
  const ratio = (p: ProcessRuns) => ratioText(p.max / p.min);
  const at = (p: ProcessRuns) =>
    `${formatCount(p.processes)} process${p.processes === 1 ? '' : 'es'}`;
  if (sizes.length === 1) {
    return (
      `${at(a)}, ${a.spread.runs} runs: mean ${formatTimeUs(a.mean)}, the slowest ` +
      `${ratio(a)} the fastest, CoV ${formatCov(a.spread.cov)}.`
    );
  }
  const model =
    a.noiselessUs !== null && b.noiselessUs !== null
      ? ` Without noise a run takes ${formatTimeUs(a.noiselessUs)} → ` +
        `${formatTimeUs(b.noiselessUs)} (the same work per process: ` +
        `${Math.abs(b.noiselessUs / a.noiselessUs - 1) < 0.005 ? 'the same at every size' : 'the rest of the rise is the noise'}).`
      : '';
  return (
    `From ${at(a)} to ${at(b)}: the mean run ${formatTimeUs(a.mean)} → ` +
    `${formatTimeUs(b.mean)}; the slowest run ${ratio(a)} the fastest at ${formatCount(a.processes)}, ` +
    `${ratio(b)} at ${formatCount(b.processes)}; CoV ${formatCov(a.spread.cov)} → ` +
    `${formatCov(b.spread.cov)}.${model}`
  );
}

/** The sizes as data: each size's spread of run times (µs) and its CoV. */
export function processRunsCsv(sizes: readonly ProcessRuns[]): string {
  const rows = [
    'nodes,processes,runs,first_seed,last_seed,fastest_us,mean_us,slowest_us,sd_us,cov,noiseless_us',
    ...sizes.map((p) =>
      [
        p.nodes,
        p.processes,
        p.spread.runs,
        p.seeds[0],
        p.seeds.at(-1),
        roundUs(p.min),
        roundUs(p.mean),
        roundUs(p.max),
        roundUs(p.spread.sdUs),
        Number(p.spread.cov.toPrecision(6)),
        p.noiselessUs === null ? '' : roundUs(p.noiselessUs),
      ].join(','),
    ),
  ];
  return rows.join('\n') + '\n';
}
