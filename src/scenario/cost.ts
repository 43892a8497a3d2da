// Work-size estimates of a validated scenario, so the validator can refuse a run that would take
// hours (or never end) before the engine starts it. These are rough upper-ish estimates from
// means, not predictions: they only need the right order of magnitude.

import {
  haloCpuUs,
  jobRanks,
  type PhaseProgram,
  phaseCollectivesUs,
  phaseProgram,
  treeDepth,
} from './phases.ts';
import type { Duration, NoiseSource, Placement, Scenario } from './types.ts';
import { MAX_NOISE_EVENTS, MAX_PHASE_ITERATIONS, MAX_RANK_ITERATIONS } from './limits.ts';

/**
 * µs between a source's events on a node, on average: its period, over its eventProbability
 * when only some periods have an event (docs/noise-timing.md); +∞ when none has.
 */
export function meanGapUs(source: NoiseSource): number {
  const q = source.eventProbability ?? 1;
  return q > 0 ? source.periodUs / q : Infinity;
}

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
 * E[D²] of a duration distribution in µs², for the queueing term of boundHorizonUs. A tail
 * without a finite variance (Pareto shape ≤ 2) stands in its 99.9th percentile squared, as
 * meanDurationUs does for shape ≤ 1.
 */
export function secondMomentUs2(d: Duration): number {
  switch (d.dist) {
    case 'fixed':
      return d.valueUs * d.valueUs;
    case 'uniform':
      return (d.minUs * d.minUs + d.minUs * d.maxUs + d.maxUs * d.maxUs) / 3;
    case 'exponential':
      return 2 * d.meanUs * d.meanUs;
    case 'normal': {
      // E[max(0, X)²] = (μ² + σ²)Φ(μ/σ) + μσφ(μ/σ)
      const { meanUs: mu, sdUs: sd } = d;
      if (!(sd > 0)) return Math.max(0, mu) ** 2;
      const z = mu / sd;
      const density = Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
      return Math.max(0, (mu * mu + sd * sd) * normalCdf(z) + mu * sd * density);
    }
    case 'lognormal':
      // in logs: median² underflows to 0 (median 1e-170) where exp(2σ²) overflows, 0 × ∞ = NaN
      return d.medianUs === 0 ? 0 : Math.exp(2 * (Math.log(d.medianUs) + d.sigma * d.sigma));
    case 'pareto':
      return d.shape > 2
        ? (d.scaleUs * d.scaleUs * d.shape) / (d.shape - 2)
        : (d.scaleUs * Math.pow(1000, 1 / d.shape)) ** 2;
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
  return phaseCollectivesUs(
    program,
    barrierEstimateUs(s),
    treeCollectiveUs(s, program),
    jobRanks(s),
  );
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
    const rho = meanDurationUs(source.duration) / meanGapUs(source);
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
  const { base, spill } = iterationModel(s);
  return s.workload.iterations * spill(base);
}

/**
 * An upper bound on the run's length in µs, for the engine's guard (engine/run-limit.ts): the
 * iteration's length L as its own fixed point. A late iteration is longer, so more events land
 * in it: L = base + Σ mean·min(phases, rate·L). The estimate above counts the events of the
 * noiseless iteration only, and so a 3 ms event every 7 ms on 24 nodes cost a loop of g = 0
 * next to nothing, against 100 ms an iteration measured. The map is monotone and bounded (each
 * term is capped), so iterating it from L = base climbs to its least fixed point. It is 1–17×
 * the estimate on the presets (ASCI Q's rare long events count in full), so it bounds rather
 * than predicts.
 */
export function boundHorizonUs(s: Scenario): number {
  const { base, spill } = iterationModel(s);
  // every phase's compute may start behind a backlog
  const backlog = phaseProgram(s).computeUs.length * backlogUs(s);
  let L = base + backlog;
  for (let round = 0; round < 200 && Number.isFinite(L); round++) {
    const next = spill(L) + backlog;
    if (!(next > L * (1 + 1e-9))) break;
    L = next;
  }
  return s.workload.iterations * (spill(L) + backlog);
}

/**
 * µs of noise a rank finds queued on its core when it starts computing, at most over the rank
 * cores: the Pollaczek–Khinchine mean backlog of a queue fed at rate λ_s with durations D_s,
 * Σ λ_s E[D_s²] / (2(1 − ρ)). It grows with the tail, not the mean: a lognormal of σ = 2 and mean
 * 9 ms every 20 ms (ρ = 0.45) leaves 0.2 s queued on average, and 100 µs iterations measured
 * 620 ms each. Exact for Poisson arrivals, an upper bound for periodic ones.
 */
function backlogUs(s: Scenario): number {
  const C = s.machine.coresPerNode;
  const loads = coreLoads(s);
  let worst = 0;
  for (const core of rankCores(s)) {
    if (!(loads[core] < 1)) return Infinity;
    let work = 0;
    for (const source of s.noise) {
      if (!source.enabled) continue;
      if (source.cpu !== 'any' && source.cpu !== core) continue;
      const rate = source.cpu === 'any' ? 1 / (meanGapUs(source) * C) : 1 / meanGapUs(source);
      work += rate * secondMomentUs2(source.duration);
    }
    worst = Math.max(worst, work / (2 * (1 - loads[core])));
  }
  return worst;
}

/**
 * The iteration of the estimates: its noiseless length stretched by the load (`base`, µs), and
 * `spill(L)`, base plus the mean noise that spills over the releases of an iteration that lasts
 * L µs.
 */
function iterationModel(s: Scenario): { base: number; spill: (L: number) => number } {
  const program = phaseProgram(s);
  const phases = program.computeUs.length;
  let g = 0;
  for (const gk of program.computeUs) g += gk;
  // A halo's sends and copies are CPU work too (docs/workloads.md §7): stretched and slowed like
  // the compute, and taken out of the exchange below.
  const cpu = haloCpuUs(program);
  g += cpu;
  // A slow node's computes take computeFactor × as long (docs/slow-nodes.md), and the job
  // waits for the slowest: count it whenever a job node may be slow.
  const slow = s.machine.slowNodes;
  if (slow !== undefined && coveredJobNodes(slow.placement, s) > 0) g *= slow.computeFactor;
  const wakeup = s.job.waitMode === 'block' ? s.job.wakeupUs : 0;
  const loads = coreLoads(s);
  const rho = Math.max(0, ...rankCores(s).map((c) => loads[c]));
  const stretched = rho < 1 ? g / (1 - rho) : Infinity;
  const base = stretched + collectiveEstimateUs(s, program) - cpu + phases * wakeup;
  const ranked = new Set(rankCores(s));
  /** per source that can delay a rank: its mean event (µs), its events per µs on job nodes */
  const means: number[] = [];
  const rates: number[] = [];
  for (const source of s.noise) {
    if (!source.enabled) continue;
    // A source pinned to a core no rank runs on (reserved for the OS, or idle) pauses and
    // freezes no rank: it spills nothing (counting it made the Jaguar RN kernel's 4 ms work
    // queues on core 0 stretch every iteration of the estimate to 5.5 ms, 6× the engine's).
    if (source.cpu !== 'any' && !ranked.has(source.cpu)) continue;
    const nodes = coveredJobNodes(source.placement, s);
    // 0 × Infinity would be NaN: a source on no job node spills nothing.
    if (!(nodes > 0)) continue;
    means.push(meanDurationUs(source.duration));
    rates.push(nodes / meanGapUs(source));
  }
  const spill = (L: number) => {
    let sum = base;
    for (let k = 0; k < means.length; k++) sum += means[k] * Math.min(phases, rates[k] * L);
    return sum;
  };
  return { base, spill };
}

/** How many of the job's nodes a placement covers (expected count for `fraction`). */
export function coveredJobNodes(p: Placement, s: Scenario): number {
  const n = s.job.nodes;
  if (p.kind === 'all') return n;
  if (p.kind === 'fraction') return n * p.p;
  const K = s.machine.clusterSize;
  // The job's nodes are the machine's first n whose cluster offset it does not exclude (the
  // engine's layout.ts). A kept offset o is the rank(o)-th kept offset of its cluster. In the
  // offsets and ids named, never in K (a whole machine may be one cluster of 149,504 nodes):
  // the sweeps' cost estimates call this in loops.
  const excluded = [...new Set(s.job.excludeOffsets)].filter((o) => o < K);
  const kept = K - excluded.length;
  if (kept <= 0) return 0;
  const rank = (o: number) => o - excluded.filter((e) => e < o).length;
  const isKept = (o: number) => o < K && !excluded.includes(o);
  switch (p.kind) {
    case 'clusterOffsets': {
      const on = [...new Set(p.offsets)].filter(isKept);
      const full = Math.floor(n / kept);
      const rest = n - full * kept;
      return full * on.length + on.filter((o) => rank(o) < rest).length;
    }
    case 'nodes': {
      // an id is a job node when its offset is kept and fewer than n kept ids come before it
      let count = 0;
      for (const id of new Set(p.ids)) {
        const o = id % K;
        if (isKept(o) && Math.floor(id / K) * kept + rank(o) < n) count++;
      }
      return count;
    }
  }
}

/** Estimated number of noise events on job nodes over the run (Infinity if unbounded). */
export function estimateNoiseEvents(s: Scenario): number {
  return eventsOver(s, estimateHorizonUs(s));
}

/** Noise events on job nodes over boundHorizonUs: the engine guard's bound. */
export function boundNoiseEvents(s: Scenario): number {
  return eventsOver(s, boundHorizonUs(s));
}

/** Noise events expected on job nodes over `horizon` µs. */
function eventsOver(s: Scenario, horizon: number): number {
  return eventsBySource(s, horizon).reduce((sum, n) => sum + n, 0);
}

/** Per source, in scenario order, the noise events estimateNoiseEvents counts (0 when off). */
export function estimateEventsBySource(s: Scenario): number[] {
  return eventsBySource(s, estimateHorizonUs(s));
}

/** Per source, noise events expected on job nodes over `horizon` µs. */
function eventsBySource(s: Scenario, horizon: number): number[] {
  return s.noise.map((source) => {
    if (!source.enabled) return 0;
    const nodes = coveredJobNodes(source.placement, s);
    // 0 × Infinity would be NaN: a source that covers no job node adds no events.
    return nodes > 0 ? (nodes * horizon) / meanGapUs(source) : 0;
  });
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

/** ns of engine time per noise event on the node-visiting barrier engine, and on the phase run
 * (tree workloads), and per rank-phase stepped: measured in Node on the 2-core development
 * machine (docs/limits.md): Jaguar XT5 stock 95 ns and ASCI Q 170 ns an event, SAGE and POP
 * 300–320 ns, BG/P's dense 163,840 ranks about 5 ns a rank-iteration */
const NS_PER_EVENT = 150;
const NS_PER_PHASE_EVENT = 400;
const NS_PER_RANK_PHASE = 10;

/**
 * About how many seconds a run takes on one thread of a laptop-class machine: from the estimated
 * noise events and rank-phases. An order of magnitude, for asking before a long run (the page)
 * and saying it first (the CLI); not a promise.
 */
export function estimateRunSeconds(s: Scenario): number {
  const perEvent = s.workload.kind === 'barrier' ? NS_PER_EVENT : NS_PER_PHASE_EVENT;
  return (estimateNoiseEvents(s) * perEvent + estimateRankIterations(s) * NS_PER_RANK_PHASE) / 1e9;
}

/** ms of work one iteration is estimated to take on one thread (estimateRunSeconds' share) */
export function estimateIterationMs(s: Scenario): number {
  return (1000 * estimateRunSeconds(s)) / Math.max(1, s.workload.iterations);
}

/** The share of the validator's run limits a sweep point may be planned to use: the estimates
 * are linear in the iterations; the rest is room for rounding. */
const LIMIT_MARGIN = 0.9;

/**
 * The most iterations (warm-up included) each of `probes`, a scenario run for one iteration,
 * may be given and still pass the validator's run limits (noise events, rank-phases, phases) within
 * LIMIT_MARGIN of them; +∞ when none uses any. The estimates grow in proportion to the iterations,
 * so one iteration's share sets it. A view's sweep whose points stop once precise
 * (point-length.ts) still plans each point at its nominal length, which the validator checks:
 * a whole Jaguar XT5 at g = 5 ms for 20,000 iterations would be refused.
 */
export function iterationsWithinLimits(probes: readonly Scenario[]): number {
  let fits = Infinity;
  for (const p of probes) {
    const share = Math.max(
      estimateNoiseEvents(p) / MAX_NOISE_EVENTS,
      estimateRankIterations(p) / MAX_RANK_ITERATIONS,
      estimatePhaseIterations(p) / MAX_PHASE_ITERATIONS,
    );
    if (share > 0) fits = Math.min(fits, Math.floor(LIMIT_MARGIN / share));
  }
  return fits;
}
