// How long to simulate one point of a sweep so that its mean does not mislead. A barrier loop
// pays for a noise event on any node, so a source on N of the job's nodes, period P, mean event
// d, shows up on the machine every P/N on average and could take a share I = N·d/P of the time
// (at most all of it). Over a simulated time T it is met m = T·N/P times, a Poisson count known
// to ±1/√m, so its part of the mean is known to about ±I/√m. A point runs until that is within
// `precision` of the mean for every source (the parts of a group together, as one activity whose
// d is their sum): m ≥ (I/ε)², T ≥ min(I, 1)²·P/(ε²·N). ASCI Q 2003's RMS daemons (a spawn of
// 15 ms then 18 ms every 60 s on each of 960 nodes, I ≈ 0.53) need about 1.7 s at ε = 0.1; a
// 200-iteration point at g = 0 simulates about 2 ms, meets them most likely never and reads ×1.
// A cap on the point's noise events (the engine's cost follows them) keeps the page's sweeps
// affordable; a point the cap cut short says what precision it reached. Pure: the worker and the
// tests share it.
import { coveredJobNodes, meanDurationUs, meanGapUs } from '../scenario/cost.ts';
import type { Scenario } from '../scenario/types.ts';

export interface PointLength {
  /** ε: each source's part of the mean known to ± this share of the mean */
  precision: number;
  /** noise events a point may cost at most (the engine's time follows them) */
  maxEvents: number;
  /**
   * rank-iterations (ranks × iterations, warm-up included) a point may cost at most; absent: no
   * such cap. An event-queue workload's time follows its ranks' actions as much as its noise
   * events: a halo exchange on all 149,504 ranks of Jaguar XT5 costs about 17 ms an iteration
   * here with a few thousand noise events.
   */
  maxRankIterations?: number;
  /** measured iterations a point runs at least, however soon its sources are known */
  minIterations?: number;
}

/** The quick first pass of the page's sweeps: a curve on screen within a second or so, each
 * point's sources to ±50 %, 10⁵ noise events at most (a whole Jaguar XT5 at g = 5 ms: one
 * measured iteration). */
export const SWEEP_QUICK: PointLength = { precision: 0.5, maxEvents: 1e5, minIterations: 4 };

/** The page's sweeps: every source's part of a point's mean known to ±10 %. */
export const SWEEP_POINT_LENGTH: PointLength = {
  precision: 0.1,
  maxEvents: 2e6,
  minIterations: 100,
};

/**
 * The activities of `s` that a point must meet: every enabled source on some job node with
 * events, the parts of a group (docs/noise-timing.md: one activity, equal period and nodes)
 * taken together. A group's parts are met together, so counting them as independent sources
 * overstated how often the activity is met: ASCI Q 2003's RMS spawn (15 ms, then 18 ms, every 60 s
 * on each node) is 8 activities in half a second of 960 nodes, not 17 events, and a Resonance
 * point that stopped there read the RMS share of the loss at 34% where longer runs give 60%.
 */
function activities(s: Scenario): { nodes: number; gap: number; impact: number }[] {
  const out = new Map<string, { nodes: number; gap: number; load: number }>();
  s.noise.forEach((source, k) => {
    if (!source.enabled) return;
    const nodes = coveredJobNodes(source.placement, s);
    const gap = meanGapUs(source);
    if (!(nodes > 0) || !(gap > 0 && gap < Infinity)) return;
    const key = source.group === undefined ? `#${k}` : `group:${source.group}`;
    const a = out.get(key);
    const load = meanDurationUs(source.duration);
    if (a) a.load += load;
    else out.set(key, { nodes, gap, load });
  });
  return [...out.values()].map(({ nodes, gap, load }) => ({
    nodes,
    gap,
    impact: Math.min(1, (nodes * load) / gap),
  }));
}

/** µs of measured simulated time a point of `s` should cover (model.md §2's sources on the
 * job's nodes); 0 when it has no noise (its iterations decide). */
export function pointTargetUs(s: Scenario, length: PointLength): number {
  const eps2 = length.precision * length.precision;
  let needed = 0;
  for (const { nodes, gap, impact } of activities(s)) {
    needed = Math.max(needed, (impact * impact * gap) / (eps2 * nodes));
  }
  return needed;
}

/**
 * Iterations to run before the next check of a point: POINT_BLOCK, or one at a time once an
 * iteration costs so many events (or, with `ranks` and `maxRankIterations`, so many
 * rank-iterations) that a block could pass the cap by far. From the simulation's own counts,
 * never the clock, so where a point stops is reproducible.
 */
export function nextBlock(
  eventsSoFar: number,
  iterationsSoFar: number,
  maxEvents: number,
  ranks = 0,
  maxRankIterations = Infinity,
): number {
  // The first iterations one at a time: a warm-up iteration at g = 0 says little of the cost of
  // the next ones (the noise has not yet stretched them).
  if (iterationsSoFar < POINT_BLOCK / 4) return 1;
  const perIteration = eventsSoFar / iterationsSoFar;
  if (ranks * POINT_BLOCK > maxRankIterations / 8) return 1;
  return perIteration * POINT_BLOCK > maxEvents / 8 ? 1 : POINT_BLOCK;
}

/** Whether a point's run has spent its caps (PointLength's maxEvents and maxRankIterations). */
export function capsSpent(
  length: PointLength,
  noiseEvents: number,
  ranks: number,
  iterations: number,
): boolean {
  return (
    noiseEvents >= length.maxEvents || ranks * iterations >= (length.maxRankIterations ?? Infinity)
  );
}

/**
 * The most iterations (warm-up included) a point of `ranks` ranks can run before its
 * rank-iteration cap stops it, as the sweep checks it: after blocks of nextBlock's size, and
 * never before one measured iteration after `warmup`. Infinity without the cap. A run planned
 * this long ends where the point would stop at the latest, so its last ranks are not run on: a
 * halo rank far from the noise can be hundreds of updates ahead of the last when an iteration
 * completes (nothing synchronises the job), and on a whole Jaguar XT5 the updates past the
 * point's 67 cost more than its 67 did. A point stopped sooner (its precision, its events) stops
 * where it did.
 */
export function iterationsUnderCap(length: PointLength, ranks: number, warmup: number): number {
  const most = length.maxRankIterations;
  if (most === undefined || !(most < Infinity) || ranks < 1) return Infinity;
  const first = Math.max(Math.ceil(most / ranks), warmup + 1);
  // one iteration at a time when a block of POINT_BLOCK could pass the cap by far (nextBlock),
  // else the check after the cap is crossed comes at most a block minus one later
  return ranks * POINT_BLOCK > most / 8 ? first : first + POINT_BLOCK - 1;
}

/** How a point's run ended: how long it simulated, against what its sources needed. */
export interface PointReach {
  /** µs of measured simulated time the point ran */
  simulatedUs: number;
  /** µs its sources needed (pointTargetUs); 0 when there is no noise */
  neededUs: number;
  /** ε reached: the worst source's part of the mean is known to ± this share of it */
  precision: number;
}

/** The precision a point of `s` reached in `simulatedUs` of measured time: the largest
 * min(I, 1)/√m over its activities (m the times one was met on average). */
export function reachedPrecision(s: Scenario, simulatedUs: number): number {
  let worst = 0;
  for (const { nodes, gap, impact } of activities(s)) {
    if (impact === 0) continue;
    const met = (simulatedUs * nodes) / gap;
    worst = Math.max(worst, met > 0 ? impact / Math.sqrt(met) : Infinity);
  }
  return worst;
}

/** Iterations a point runs between checks of its length: fixed, so where a point stops does not
 * depend on the wall clock (the same seed gives the same point). */
export const POINT_BLOCK = 16;
