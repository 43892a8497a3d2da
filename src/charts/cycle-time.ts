// The data of the "cycle time against processors" view (ASCI Q paper, Figures 1–3 and 17;
// Jaguar paper, Table 1): an application workload swept over node counts × ranks per node, the
// simulated mean cycle of each point against its noiseless performance model
// (tree.modelIterationUs, docs/workloads.md §6). Pure: planning, shaping, summary and CSV.
//
// Which application: the scenario's own when it is one (sage, pop, and the allreduce and
// MPI-FWQ micro-benchmarks, whose iteration is their "cycle"); for a barrier scenario the
// machine's application in the papers: SAGE on ASCI Q, POP on Jaguar XT5, and SAGE with ASCI Q's
// per-PE work elsewhere (the note says so).
//
// The workloads are src/validation/workloads.ts's (sageWorkload, popWorkload): the ones the
// validation report checks against the papers.
import { SWEEP_QUICK, type PointLength } from '../engine/point-length.ts';
import { quickIndices } from './quick-pass.ts';
import type { Vary } from '../engine/sweep.ts';
import {
  estimateNoiseEvents,
  estimateRankIterations,
  iterationsWithinLimits,
} from '../scenario/cost.ts';
import type { Job, PopWorkload, SageWorkload, Scenario, Workload } from '../scenario/types.ts';
import { nodesLeftAfterExclusion } from '../scenario/index.ts';
import { csvLines } from '../format/csv.ts';
import { readableCite } from '../published/cite.ts';
import type { PublishedValue } from '../published/types.ts';
import type { SweepPointResult } from '../state/sweep.svelte.ts';
import { pointTrust, type PointTrust } from './point-trust.ts';
import { popWorkloadOnTree, sageWorkload } from '../validation/workloads.ts';
import { roundUs, usCell } from '../format/round-us.ts';
import { formatTimeUs } from '../format/numbers.ts';

/** The software tree POP's work was solved for (scenarios/jaguar-xt5-stock.json machine.tree:
 * fanout 2, 5 µs per hop; the test checks it is the preset's). */
export const XT5_TREE = { fanout: 2, hopUs: 5 } as const;

/** POP's smallest run in 003 Table 1: 384 processes, 64 nodes × 6. Strong scaling makes a step
 * on fewer nodes last minutes of simulated time for no insight, so the POP sweep starts here. */
export const POP_MIN_NODES = 64;

/**
 * Work a point may cost, in "events": estimated noise events on job nodes plus
 * RANK_PHASE_WEIGHT per rank-phase (cost.ts estimates). Measured in Node (one worker, as the
 * page's pool on two cores): SAGE on ASCI Q 2002, 2,048 × 4, one cycle: 1.9 M estimated events
 * + 0.2 M rank-phases, 1.1 s; POP on Jaguar XT5, 4,096 × 4, one step: 2.4 M events, 1.0 s;
 * POP on all 18,688 Jaguar nodes, one step: 5–7 M events, 6–13 s; SAGE on all 40,960 BG/P nodes:
 * 14 M events, 20–29 s. A point above this is left out (the note says which). Whole sweeps in
 * the built page (Chromium, one worker): ASCI Q 2002, 48 points, about 6.5 s; Jaguar XT5 stock,
 * 28 points, about 18 s; in Node: BG/P, 52 points, 8.6 s.
 */
export const MAX_POINT_WORK = 3e6;
/** µs a rank-phase costs is about 3 × a noise event's (BG/P 40,960 × 1 vs × 4, 1 cycle) */
export const RANK_PHASE_WEIGHT = 3;
/** work per point the cycle count aims at: cycles = ⌊this / work of one cycle⌋, at least 1 */
export const POINT_WORK_BUDGET = 1.5e6;
/** cycles per point at most: applications (a SAGE cycle already averages 24 allreduces) */
export const MAX_APP_CYCLES = 4;
/** iterations per point at most for the micro-benchmarks (allreduce, MPI-FWQ) */
export const MAX_MICRO_ITERATIONS = 200;
/** cycles (iterations of a micro-benchmark) a point of the final pass may run at most: each
 * stops once its sources are known (CYCLE_FINAL), or at its cap of noise events */
export const FINAL_APP_CYCLES = 20;
export const FINAL_MICRO_ITERATIONS = 2000;
/** The final pass of an application (SAGE, POP): each source's part of a point's mean cycle
 * known to ±10 %, three cycles at least, 6·10⁶ noise events or 10⁷ rank-iterations at most (a
 * few seconds for the machine's largest points). One cycle misleads: SAGE on ASCI Q at 8,192 PEs
 * read 2.38 s from one cycle, 1.58 s over twenty. */
export const CYCLE_FINAL: PointLength = {
  precision: 0.1,
  maxEvents: 6e6,
  maxRankIterations: 1e7,
  minIterations: 3,
};
/**
 * The final pass of a micro-benchmark (allreduce, MPI-FWQ, halo, …), whose iterations are short:
 * 2·10⁶ noise events or 10⁷ rank-iterations a point at most, as the page's other sweeps. With
 * CYCLE_FINAL's caps the final curve took 22–25 s for MPI-FWQ on Jaguar XT5 (its twelve points
 * of 4,096 nodes and more about 1.5–2.8 s each, at the cap of events) and 45–80 s for HALO
 * (its four whole-machine points 5–14 s each: 149,504 ranks a halo update, a thousand updates
 * to see the rarest source). Those points now stop short of ±10 %: their band and tooltip say how
 * far, and they are drawn hollow past ±25 % (point-trust.ts).
 */
export const CYCLE_FINAL_MICRO: PointLength = { ...CYCLE_FINAL, maxEvents: 2e6 };

/** Work (pointWork's units) the quick pass may cost in all: about a second and a half of one
 * worker here (SAGE on ASCI Q, 2,048 × 4, one cycle: 2.5·10⁶, 1.1 s); the costlier points are
 * left to the final pass. */
export const QUICK_SWEEP_WORK = 3e6;

export type AppKind = 'sage' | 'pop' | 'allreduce' | 'mpi-fwq' | 'halo' | 'alltoall' | 'wavefront';

/** Display names of the workloads the view sweeps. */
export const APP_NAMES: Record<AppKind, string> = {
  sage: 'SAGE',
  pop: 'POP',
  allreduce: 'the allreduce benchmark',
  'mpi-fwq': 'MPI-FWQ',
  halo: 'the halo exchange',
  alltoall: 'the all-to-all exchange',
  wavefront: 'the wavefront sweeps',
};

/** SAGE on a machine (sageWorkload): the published model cycle at 8,192 PEs on its tree. */
export function sageFor(s: Scenario, iterations: number, warmup: number): SageWorkload {
  return sageWorkload(s, iterations, warmup);
}

/**
 * POP as popWorkload solves it for Jaguar XT5's tree. On a machine whose tree differs the same
 * work is kept (solving it again for that tree would fit another machine to Jaguar's times).
 */
export function popFor(iterations: number, warmup: number): PopWorkload {
  return popWorkloadOnTree(XT5_TREE, iterations, warmup);
}

/** The machine's application in the papers: POP on Jaguar XT5, SAGE on ASCI Q, else null. */
export function machineApplication(s: Scenario): 'sage' | 'pop' | null {
  const name = s.machine.name;
  if (/jaguar|\bxt5\b/i.test(name)) return 'pop';
  if (/\basci\s*q\b/i.test(name)) return 'sage';
  return null;
}

export interface CycleJob {
  nodes: number;
  ranksPerNode: number;
}

export interface CyclePlan {
  kind: AppKind;
  /** what the iteration of this workload is called: cycle, step, iteration */
  noun: string;
  /** weak: the work per rank is fixed (a flat model); strong: the total work is */
  scaling: 'weak' | 'strong';
  /** the scenario with the swept workload (iterations = cycles per point, no warm-up) */
  base: Scenario;
  /** the quick pass (`base`, the cheapest points) and the final one, whose points run until
   * precise (CYCLE_FINAL) */
  passes: { base: Scenario; length?: PointLength; indices?: number[] }[];
  varies: Vary[];
  total: number;
  /** the points, in sweep order (node count ascending, then ranks per node) */
  points: CycleJob[];
  nodes: number[];
  ppns: number[];
  /** measured cycles per point (warm-up excluded) */
  cycles: number;
  /** points left out because one cycle would take too long (MAX_POINT_WORK) */
  skipped: CycleJob[];
  /**
   * each point's expected cost in the final pass (pointWork's units): its work per cycle times
   * the cycles it may run before a cap of its length stops it. The page reckons a pass's time
   * left from them (Sweep's weights): counted by points, the final pass's first few (its
   * costliest, sent first) read as a few per cent done, and SAGE's "about 3 min left" came
   * true in under one.
   */
  weights: number[];
  /** where the workload comes from, for the page: one or two sentences */
  note: string;
}

/** Node counts: 1, 2, 4, … below the job's, the job's, and the machine's usable nodes. */
export function cycleNodeSteps(jobNodes: number, usable: number, from = 1): number[] {
  const out = new Set<number>();
  for (let n = 1; n < jobNodes; n *= 2) if (n >= from) out.add(n);
  out.add(jobNodes);
  out.add(Math.max(jobNodes, usable));
  return [...out].sort((a, b) => a - b);
}

/**
 * Ranks per node: every count from 1 to the machine's free cores when there are at most four
 * (ASCI Q, Figure 3); else the powers of two below, the free cores and the job's own.
 */
export function ppnSteps(free: number, own: number): number[] {
  if (free <= 4) return Array.from({ length: free }, (_, i) => i + 1);
  const out = new Set<number>();
  for (let p = 1; p < free; p *= 2) out.add(p);
  out.add(free);
  if (own >= 1 && own <= free) out.add(own);
  return [...out].sort((a, b) => a - b);
}

/** Work of a point (see MAX_POINT_WORK), from the validator's estimates. */
export function pointWork(s: Scenario): number {
  return pointCost(s).work;
}

/** A point's work (pointWork) and the noise events in it, each estimated once. */
function pointCost(s: Scenario): { work: number; events: number } {
  const events = estimateNoiseEvents(s);
  return { work: events + RANK_PHASE_WEIGHT * estimateRankIterations(s), events };
}

function withJob(s: Scenario, j: CycleJob): Scenario {
  return { ...s, job: { ...s.job, nodes: j.nodes, ranksPerNode: j.ranksPerNode } };
}

/**
 * The sweep of the view for scenario `s` (plain data, not a Svelte proxy). `ownRanksPerNode`:
 * the job's ranks per node only (the halo view's sweep, halo-update.ts), not every count.
 */
export function cyclePlan(s: Scenario, ownRanksPerNode = false): CyclePlan {
  const w = s.workload;
  let kind: AppKind;
  let note: string;
  const onMachine = `the noise and tree (${s.machine.tree.hopUs} µs hops) of ${s.machine.name}`;
  if (w.kind === 'barrier') {
    const app = machineApplication(s);
    kind = app ?? 'sage';
    note =
      app === 'pop'
        ? `POP, the Jaguar paper's application (${readableCite('003 Table 1')}, strong scaling), with ${onMachine}.`
        : app === 'sage'
          ? `SAGE, the ASCI Q paper's application (${readableCite('000 Table 3')}, weak scaling), with ${onMachine}.`
          : `The papers ran no application on ${s.machine.name}: SAGE with ASCI Q's per-PE ` +
            `work (13,500 cells per PE, a 0.63 s model cycle at 8,192 PEs), with ${onMachine}.`;
  } else {
    kind = w.kind;
    note = `The scenario's own workload, ${APP_NAMES[kind]}.`;
  }
  const micro = kind !== 'sage' && kind !== 'pop';
  const scaling = kind === 'pop' ? 'strong' : 'weak';
  const noun = kind === 'sage' ? 'cycle' : kind === 'pop' ? 'step' : 'iteration';

  // One cycle of every point first, to size the cycles per point and leave out the costly ones.
  const one = (n: number): Workload => {
    if (w.kind !== 'barrier') return { ...w, iterations: n, warmup: 0 };
    return kind === 'pop' ? popFor(n, 0) : sageFor(s, n, 0);
  };
  const probe: Scenario = { ...s, workload: one(1) };
  const usable = nodesLeftAfterExclusion(
    s.machine.nodes,
    s.machine.clusterSize,
    s.job.excludeOffsets,
  );
  const nodes = cycleNodeSteps(
    s.job.nodes,
    usable,
    kind === 'pop' ? Math.min(POP_MIN_NODES, s.job.nodes) : 1,
  );
  const ppns = ownRanksPerNode
    ? [s.job.ranksPerNode]
    : ppnSteps(s.machine.coresPerNode - s.job.reservedCores.length, s.job.ranksPerNode);
  const points: CycleJob[] = [];
  const skipped: CycleJob[] = [];
  /** one cycle's work of each point kept, and its noise events and ranks */
  const works: number[] = [];
  const events: number[] = [];
  const ranks: number[] = [];
  let worst = 0;
  for (const n of nodes) {
    for (const p of ppns) {
      const j = { nodes: n, ranksPerNode: p };
      const { work, events: ev } = pointCost(withJob(probe, j));
      if (work > MAX_POINT_WORK) skipped.push(j);
      else {
        points.push(j);
        works.push(work);
        events.push(ev);
        ranks.push(n * p);
        worst = Math.max(worst, work);
      }
    }
  }
  const most = micro ? Math.min(MAX_MICRO_ITERATIONS, w.iterations) : MAX_APP_CYCLES;
  const cycles = Math.max(1, Math.min(most, Math.floor(POINT_WORK_BUDGET / Math.max(1, worst))));
  const base: Scenario = { ...s, workload: one(cycles) };
  // The final pass's points stop when precise (point-length.ts), but each must still pass the
  // validator's size limits at its nominal length (events and rank-phases grow with the
  // iterations): the largest kept point sets the most the pass may ask for.
  const fits = iterationsWithinLimits(points.map((j) => withJob(probe, j)));
  const wanted = Math.max(cycles, micro ? FINAL_MICRO_ITERATIONS : FINAL_APP_CYCLES);
  const final: Scenario = { ...s, workload: one(Math.max(cycles, Math.min(wanted, fits))) };
  const finalLength = micro ? CYCLE_FINAL_MICRO : CYCLE_FINAL;
  const weights = works.map((work, k) => {
    const byEvents = events[k] > 0 ? Math.ceil(finalLength.maxEvents / events[k]) : Infinity;
    const byRanks = Math.ceil((finalLength.maxRankIterations ?? Infinity) / ranks[k]);
    return work * Math.max(1, Math.min(final.workload.iterations, byEvents, byRanks));
  });
  const jobs: Job[] = points.map((j) => ({ ...s.job, ...j }));
  return {
    kind,
    noun,
    scaling,
    base,
    passes: [
      // the quick pass: one cycle a point (the cap of events stops it there), the cheapest
      // points that fit QUICK_SWEEP_WORK
      { base, length: SWEEP_QUICK, indices: quickIndices(works, QUICK_SWEEP_WORK) },
      { base: final, length: finalLength },
    ],
    varies: [{ path: 'job', values: jobs }],
    total: jobs.length,
    points,
    nodes,
    ppns,
    cycles,
    skipped,
    weights,
    note,
  };
}

/** The points left out, by node count: "18,688 nodes × 1, 2, 4, 8"; '' when none. */
export function skippedList(skipped: readonly CycleJob[]): string {
  const byNodes = new Map<number, number[]>();
  for (const j of skipped) byNodes.set(j.nodes, [...(byNodes.get(j.nodes) ?? []), j.ranksPerNode]);
  return [...byNodes]
    .map(([n, ps]) => `${n.toLocaleString('en-US')} nodes × ${ps.join(', ')}`)
    .join('; ');
}

export interface CyclePoint extends PointTrust {
  /** a first pass's point (the final one will replace it) */
  coarse: boolean;
  nodes: number;
  ranksPerNode: number;
  /** ranks: nodes × ranks per node */
  processors: number;
  /** simulated mean cycle, µs */
  meanUs: number;
  /** shortest simulated cycle, µs (000 Fig 17 shows it against the model) */
  minUs: number;
  /** the noiseless cycle, µs: the performance model */
  modelUs: number;
  /** measured cycles */
  cycles: number;
  /**
   * µs: a halo's update as a rank times it (its start to its release), per iteration the least,
   * mean and most over the ranks, averaged (Worley's presentation of HALO, seed 004)
   */
  exchange: { min: number; mean: number; max: number } | null;
}

export interface CycleSeries {
  ranksPerNode: number;
  /** in processor order */
  points: CyclePoint[];
}

export interface ModelPoint {
  processors: number;
  modelUs: number;
}

export interface CycleData {
  /** one per ranks per node, ascending */
  series: CycleSeries[];
  /** the model cycle at every processor count swept, ascending */
  model: ModelPoint[];
}

function jobOf(p: SweepPointResult): CycleJob | null {
  const job = p.assignments.find((a) => a.path === 'job')?.value as Partial<Job> | undefined;
  if (!job || !Number.isFinite(job.nodes) || !Number.isFinite(job.ranksPerNode)) return null;
  return { nodes: Number(job.nodes), ranksPerNode: Number(job.ranksPerNode) };
}

/** The sweep's points as curves per ranks per node and the model line. */
export function cycleSeries(points: readonly SweepPointResult[]): CycleData {
  const byP = new Map<number, CyclePoint[]>();
  const model = new Map<number, number>();
  for (const pt of points) {
    const j = jobOf(pt);
    const tree = pt.result.tree;
    if (!j || !tree || pt.result.summary.iterations === 0) continue;
    const processors = j.nodes * j.ranksPerNode;
    const s = pt.result.summary;
    const list = byP.get(j.ranksPerNode) ?? [];
    list.push({
      ...j,
      processors,
      meanUs: s.meanIterationUs,
      minUs: s.minIterationUs,
      modelUs: tree.modelIterationUs,
      cycles: s.iterations,
      // Worley's timed update is a halo's presentation: a tree's collectives have none.
      exchange: tree.rankUpdateUs ?? null,
      coarse: pt.final === false,
      ...pointTrust(pt),
    });
    byP.set(j.ranksPerNode, list);
    // The model depends on the ranks only (the tree's depth; the compute per rank), so every
    // point at the same processor count gives the same value.
    if (!model.has(processors)) model.set(processors, tree.modelIterationUs);
  }
  return {
    series: [...byP.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([ranksPerNode, pts]) => ({
        ranksPerNode,
        points: pts.sort((a, b) => a.processors - b.processors),
      })),
    model: [...model.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([processors, modelUs]) => ({ processors, modelUs })),
  };
}

/**
 * A point's mean over its model, as text ("1.23×"); "—" when the model is 0 (a one-rank halo
 * with no compute: no partner, no work), where the ratio means nothing.
 */
export const ratio = (p: Pick<CyclePoint, 'meanUs' | 'modelUs'>) =>
  p.modelUs > 0 ? `${(p.meanUs / p.modelUs).toFixed(2)}×` : '—';
const count = (n: number) => n.toLocaleString('en-US');

/**
 * One or two sentences of the current data: at the largest node count of the fullest curve
 * (most ranks per node), the simulated cycle against the model, then the other curves at the
 * same node count, fewest ranks last.
 */
export function cycleSummary(
  data: CycleData,
  noun: string,
  formatUs: (us: number) => string,
  /** a halo whose updates each start after a barrier (workload.barrierBefore) */
  timedUpdates = false,
): string {
  const series = data.series.filter((s) => s.points.length > 0);
  if (series.length === 0) return 'No data yet.';
  const full = series[series.length - 1];
  const at = full.points[full.points.length - 1];
  const head =
    `At ${count(at.processors)} processors (${count(at.nodes)} nodes × ${at.ranksPerNode}) ` +
    `the simulated ${noun} is ${ratio(at)} the model (${formatUs(at.meanUs)} against ` +
    `${formatUs(at.modelUs)})`;
  const others = series
    .slice(0, -1)
    .reverse()
    .map((s) => ({ s, p: s.points.find((p) => p.nodes === at.nodes) }))
    .filter((o): o is { s: CycleSeries; p: CyclePoint } => o.p !== undefined)
    .map(({ s, p }) => `with ${s.ranksPerNode} per node ${ratio(p)}`);
  const main =
    others.length === 0
      ? `${head}.`
      : `${head}; on the same ${count(at.nodes)} nodes ${others.join(', ')}.`;
  return main + exchangeSentence(full, formatUs, timedUpdates);
}

/** Worley's smallest process count, and the first whose 2-D grid gives every rank four
 * neighbours (4 × 4): a halo's reading starts here when the sweep has it (with 2 processes a
 * rank has one neighbour, and its update is not the one Worley timed). */
export const FIRST_FULL_GRID = 16;

/**
 * Worley's presentation (004) for a halo series: a rank's time for one update, the most and the
 * least over the ranks (per update, averaged over the updates), from FIRST_FULL_GRID processors
 * (or the fewest) to the most, and what makes the least move in the mode the sweep ran
 * (docs/workloads.md §7).
 */
function exchangeSentence(
  series: CycleSeries,
  formatUs: (us: number) => string,
  timedUpdates: boolean,
): string {
  const pts = series.points.filter((p) => p.exchange !== null && !p.coarse);
  if (pts.length < 2) return '';
  const b = pts[pts.length - 1];
  const a = pts.find((p) => p.processors >= FIRST_FULL_GRID && p !== b) ?? pts[0];
  const e = (p: CyclePoint) => p.exchange!;
  return (
    ` A rank's time for one halo update (its start to its release), from ${count(a.processors)} to ` +
    `${count(b.processors)} processors (per update over the ranks, averaged): the most ` +
    `${formatUs(e(a).max)} → ${formatUs(e(b).max)} (${readableCite('004')} saw it grow with ` +
    `the processes), the mean ${formatUs(e(a).mean)} → ${formatUs(e(b).mean)}, ` +
    `the least ${formatUs(e(a).min)} → ${formatUs(e(b).min)}.` +
    leastWhy(timedUpdates)
  );
}

/**
 * Why a halo's least time for one update moves as it does, in the mode it was timed
 * (docs/workloads.md §7): after a barrier, as Worley timed one, or back to back. One or two
 * sentences, with a leading space.
 */
export function leastWhy(timedUpdates: boolean): string {
  return timedUpdates
    ? ' Each update here starts after a barrier (our reading of how Worley timed a single ' +
        'update: the slides do not say how its processes start together): a rank that starts on ' +
        'time with its neighbours takes its compute and one message; the least falls below that ' +
        'only where, in most updates, some rank starts late (a late rank has less left to wait, ' +
        'no wait at all if it is late by a message or more), which grows likelier with the ' +
        'processes (validation target 13).'
    : ' Updates here run back to back: the least falls toward its compute alone as soon as some ' +
        'rank is late, since that rank finds its neighbours’ messages already in and taking one ' +
        'costs nothing here. Tick “Barrier before each update” to time one update as Worley’s ' +
        'modified HALO did (the barrier assumed) ' +
        '(validation target 13).';
}

/** The view's data as CSV: one row per point, the model cycle alongside. */
export function cycleCsv(data: CycleData, kind: AppKind): string {
  const rows: (string | number | null)[][] = [
    [
      'workload',
      'ranks_per_node',
      'nodes',
      'processors',
      'mean_cycle_us',
      'min_cycle_us',
      'model_cycle_us',
      'ratio',
      'cycles',
      'two_se_us',
      'update_min_us',
      'update_mean_us',
      'update_max_us',
    ],
  ];
  for (const s of data.series) {
    for (const p of s.points) {
      rows.push([
        kind,
        p.ranksPerNode,
        p.nodes,
        p.processors,
        roundUs(p.meanUs),
        roundUs(p.minUs),
        roundUs(p.modelUs),
        // from the columns as written, so that a reader's mean / model is this column
        p.modelUs > 0 ? roundUs(p.meanUs) / roundUs(p.modelUs) : null,
        p.cycles,
        usCell(p.spreadUs),
        usCell(p.exchange?.min),
        usCell(p.exchange?.mean),
        usCell(p.exchange?.max),
      ]);
    }
  }
  return csvLines(rows);
}

/**
 * The published points that lie below the model's cycle without noise at their processor count
 * (`exact` values only; a bound says nothing here): no noise can bring a simulated point down to
 * them, so the gap is the workload model's, not the noise's. Their processor counts, ascending.
 * POP on Jaguar XT5 (003 Table 1): the work is solved from the end rows (384 and 24,576
 * processes), and the middle rows' times lie below that curve.
 */
export function belowModel(data: CycleData, published: readonly PublishedValue[]): number[] {
  const model = new Map(data.model.map((m) => [m.processors, m.modelUs]));
  const out = new Set<number>();
  for (const v of published) {
    if (v.bound !== 'exact' || v.unit !== 'µs' || v.config.ranksPerNode === undefined) continue;
    const processors = v.config.nodes * v.config.ranksPerNode;
    const m = model.get(processors);
    if (m !== undefined && v.value < m) out.add(processors);
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * The marks as the chart draws them: one the paper gives as a multiple of the model (kind
 * 'model-ratio', 000 Fig 1's "twice") placed at that multiple of the model cycle at its
 * processor count, in µs, its printed words saying how it was placed; left out while that count
 * has no model point. Every other mark as it is.
 */
export function modelMarks(
  published: readonly PublishedValue[],
  data: CycleData,
): PublishedValue[] {
  const model = new Map(data.model.map((m) => [m.processors, m.modelUs]));
  return published.flatMap((v): PublishedValue[] => {
    if (v.kind !== 'model-ratio') return [v];
    const m = model.get(v.config.nodes * (v.config.ranksPerNode ?? 1));
    if (m === undefined) return [];
    return [
      {
        ...v,
        kind: 'mean-iteration',
        unit: 'µs',
        value: v.value * m,
        printed: `${v.printed} (${formatTimeUs(v.value * m)} on this model)`,
      },
    ];
  });
}
