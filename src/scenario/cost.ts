// Work-size estimates of a validated scenario, so the validator can refuse a run that would take
// hours (or never end) before the engine starts it. These are rough upper-ish estimates from
// means, not predictions: they only need the right order of magnitude.

import { jobRanks, type PhaseProgram, phaseProgram, treeDepth } from './phases.ts';
import type { Duration, Placement, Scenario } from './types.ts';

/**
 * Mean of a duration distribution in µs, as the estimates use it: exact for every distribution
 * with a finite mean. A Pareto tail with shape ≤ 1 has none, yet every draw is finite; its
 * 99.9th percentile, scale·1000^(1/shape), stands in, so that such a source still counts as
 * heavy. The validator refuses it where it could delay a rank (a wait could then grow without
 * bound, and no run length can be promised); on a reserved or idle core it delays nobody.
 */
export function meanDurationUs(d: Duration): number {
  switch (d.dist) {
    case 'fixed':
      return d.valueUs;
    case 'uniform':
      return (d.minUs + d.maxUs) / 2;
    case 'exponential':
      return d.meanUs;
    case 'normal':
      return clampedNormalMeanUs(d.meanUs, d.sdUs);
    case 'lognormal':
      // exp(σ²/2) overflows to Infinity once σ > 37.6; a zero median still means zero-length
      // events, not 0·∞ = NaN (which no limit check would catch).
      return d.medianUs === 0 ? 0 : d.medianUs * Math.exp((d.sigma * d.sigma) / 2);
    case 'pareto':
      return d.shape > 1
        ? (d.scaleUs * d.shape) / (d.shape - 1)
        : d.scaleUs * Math.pow(1000, 1 / d.shape);
  }
}

/**
 * Mean of max(0, X) for X ~ N(μ, σ²), the engine's clamped normal (model.md §2): μΦ(μ/σ) +
 * σφ(μ/σ). Ignoring the clamp made N(0, 2 s) an event of mean 0 that really lasts 0.8 s on
 * average, and a scenario that validated never ended.
 */
export function clampedNormalMeanUs(mu: number, sd: number): number {
  if (!(sd > 0)) return Math.max(0, mu);
  const z = mu / sd;
  const density = Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
  return Math.max(0, mu * normalCdf(z) + sd * density);
}

/** Φ(z), the standard normal distribution function, from erfc below. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

/**
 * erfc(x) by the Chebyshev fit of Press et al., Numerical Recipes (2nd ed., sec. 6.2, erfcc):
 * relative error below 1.2e-7 everywhere, plenty for a work estimate.
 */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t *
                              (-1.13520398 +
                                t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/**
 * Noiseless latency of the machine's black-box barrier (a barrier phase, model.md §4), taking
 * the larger (software) tree: base + perLevel·⌈log2 nP⌉.
 */
export function barrierEstimateUs(s: Scenario): number {
  const { baseUs, perLevelUs } = s.machine.collective;
  const ranks = Math.max(2, jobRanks(s));
  return baseUs + perLevelUs * Math.ceil(Math.log2(ranks));
}

/**
 * Noiseless latency of an allreduce over the software tree (a tree phase, docs/workloads.md):
 * up the tree and back down, 2·depth·hopUs.
 */
export function treeCollectiveUs(s: Scenario, program: PhaseProgram = phaseProgram(s)): number {
  return 2 * treeDepth(jobRanks(s), program.fanout) * program.hopUs;
}

/** Noiseless collective time of one iteration: the sum over its phases' collectives. */
export function collectiveEstimateUs(s: Scenario, program: PhaseProgram = phaseProgram(s)): number {
  let trees = 0;
  for (const t of program.tree) trees += t;
  const barriers = program.tree.length - trees;
  return barriers * barrierEstimateUs(s) + trees * treeCollectiveUs(s, program);
}

/**
 * CPU load ρ (busy fraction) that enabled noise puts on each core of a node
 * covered by every source: pinned sources on their core, cpu "any" sources
 * spread over the node's cores. Index C is unused.
 */
export function coreLoads(s: Scenario): number[] {
  const C = s.machine.coresPerNode;
  const loads = new Array<number>(C).fill(0);
  let anyLoad = 0;
  for (const source of s.noise) {
    if (!source.enabled) continue;
    const rho = meanDurationUs(source.duration) / source.periodUs;
    if (source.cpu === 'any') anyLoad += rho;
    else if (source.cpu < C) loads[source.cpu] += rho;
  }
  return loads.map((l) => l + anyLoad / C);
}

/** The cores ranks are bound to: the lowest ranksPerNode non-reserved ones (model.md §1). */
export function rankCores(s: Scenario): number[] {
  const reserved = new Set(s.job.reservedCores);
  const cores: number[] = [];
  for (let c = 0; c < s.machine.coresPerNode && cores.length < s.job.ranksPerNode; c++) {
    if (!reserved.has(c)) cores.push(c);
  }
  return cores;
}

/**
 * Estimated length of the run in µs. Every iteration costs its compute Σ g_k stretched by the
 * noise load, Σ g_k/(1 − ρ) (a compute of g under a busy fraction ρ), plus its collectives
 * (collectiveEstimateUs), the wake-up after each of them (block mode) and, per source that can
 * delay a rank (cpu "any", or pinned to a rank's core), its mean event times the events that may
 * spill over a release: the events expected on the job nodes it covers during the iteration, one
 * per phase at most. (Counting at least one per iteration
 * made a rare 335 ms event cost every 1 ms iteration 335 ms, and refused ordinary ASCI Q runs.)
 */
export function estimateHorizonUs(s: Scenario): number {
  const program = phaseProgram(s);
  const phases = program.computeUs.length;
  let g = 0;
  for (const gk of program.computeUs) g += gk;
  const wakeup = s.job.waitMode === 'block' ? s.job.wakeupUs : 0;
  const loads = coreLoads(s);
  const rho = Math.max(0, ...rankCores(s).map((c) => loads[c]));
  const stretched = rho < 1 ? g / (1 - rho) : Infinity;
  const iteration = stretched + collectiveEstimateUs(s, program) + phases * wakeup;
  let spill = 0;
  const ranked = new Set(rankCores(s));
  for (const source of s.noise) {
    if (!source.enabled) continue;
    // A source pinned to a core no rank runs on (reserved for the OS, or idle) pauses and
    // freezes no rank: it spills nothing (counting it made the Jaguar RN kernel's 4 ms work
    // queues on core 0 stretch every iteration of the estimate to 5.5 ms, 6× the engine's).
    if (source.cpu !== 'any' && !ranked.has(source.cpu)) continue;
    const nodes = coveredJobNodes(source.placement, s);
    // 0 × Infinity would be NaN: a source on no job node spills nothing.
    const expected = nodes > 0 ? (nodes * iteration) / source.periodUs : 0;
    spill += meanDurationUs(source.duration) * Math.min(phases, expected);
  }
  return s.workload.iterations * (iteration + spill);
}

/** How many of the job's nodes a placement covers (expected count for `fraction`). */
export function coveredJobNodes(p: Placement, s: Scenario): number {
  const n = s.job.nodes;
  switch (p.kind) {
    case 'all':
      return n;
    case 'clusterOffsets':
      return (n * p.offsets.length) / s.machine.clusterSize;
    case 'nodes':
      return Math.min(p.ids.length, n);
    case 'fraction':
      return n * p.p;
  }
}

/** Estimated number of noise events on job nodes over the run (Infinity if unbounded). */
export function estimateNoiseEvents(s: Scenario): number {
  const horizon = estimateHorizonUs(s);
  let events = 0;
  for (const source of s.noise) {
    if (!source.enabled) continue;
    const nodes = coveredJobNodes(source.placement, s);
    // 0 × Infinity would be NaN: a source that covers no job node adds no events.
    if (nodes > 0) events += (nodes * horizon) / source.periodUs;
  }
  return events;
}

/** Phases of the whole run: phases per iteration × iterations. */
export function estimatePhaseIterations(s: Scenario): number {
  return phaseProgram(s).computeUs.length * s.workload.iterations;
}

/**
 * Rank-phases the engine steps through: job.nodes × ranksPerNode × phases per iteration ×
 * iterations (rank-iterations for the one-phase workloads).
 */
export function estimateRankIterations(s: Scenario): number {
  return jobRanks(s) * estimatePhaseIterations(s);
}
