// Loading the scenario files of scenarios/ for the validation targets (Node only: it reads the
// repository). A target edits a preset into the configuration a paper measured (another node
// count, a source disabled, another workload); every edit is validated again, so a target can
// never run a scenario the app would refuse.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BarrierRun, resultOf } from '../engine/index.ts';
import { type Scenario, validateScenario } from '../scenario/index.ts';

const SCENARIOS = fileURLToPath(new URL('../../scenarios/', import.meta.url));

/** scenarios/<name>.json, validated. Throws the validator's error, naming the file. */
export function loadPreset(name: string): Scenario {
  const file = `${SCENARIOS}${name}.json`;
  const text = readFileSync(file, 'utf8');
  try {
    return validateScenario(JSON.parse(text));
  } catch (err) {
    throw new Error(`scenarios/${name}.json: ${(err as Error).message}`, { cause: err });
  }
}

/** A validated copy of `base` after `edit` changed it (base itself is untouched). */
export function variant(base: Scenario, edit: (draft: Scenario) => void): Scenario {
  const draft = structuredClone(base);
  edit(draft);
  return validateScenario(draft);
}

/**
 * A barrier run of `scenario` repeated with each of `seeds` (the scenario's own seed is
 * replaced), pooled. The validator caps a run's length by its estimated cost (about 5,000
 * iterations for the ASCI Q presets), so a target that needs longer statistics pools seeds:
 * with equal iteration counts, the mean over seeds is the mean over all iterations.
 */
export interface PooledRun {
  seeds: number[];
  /** measured iterations per seed (warm-up excluded) */
  iterations: number;
  /** mean barrier latency ℓ = Δ − g, µs */
  latencyUs: number;
  /** mean iteration time Δ, µs */
  iterationUs: number;
  /** mean Δ / (g + L); null when g + L = 0 */
  slowdown: number | null;
  /** µs of excess charged to each category / source id, summed over seeds */
  lostByCategory: Record<string, number>;
  lostBySource: Record<string, number>;
  totalLostUs: number;
  /** mean latency of each seed's run, µs (for the spread) */
  perSeedLatencyUs: number[];
  /** each seed's run on its own, in the order of `seeds` (for medians and ranges over seeds) */
  bySeed: SeedRun[];
}

/** One seed's run of a pooled run. */
export interface SeedRun {
  seed: number;
  /** mean barrier latency, µs */
  latencyUs: number;
  /** mean Δ / (g + L); null when g + L = 0 */
  slowdown: number | null;
  /** µs of excess charged to each category / source id */
  lostByCategory: Record<string, number>;
  lostBySource: Record<string, number>;
  totalLostUs: number;
  /** each measured iteration's time over the noiseless one (g + L), µs, in order: a barrier's
   * lost time as a benchmark measures it, without knowing which event caused it. In block mode
   * it includes the wake-up after each barrier (the ASCI Q targets run poll mode). */
  excessUs: Float64Array;
}

export function runPooled(scenario: Scenario, seeds: number[]): PooledRun {
  if (seeds.length === 0) throw new Error('runPooled: no seeds');
  const lostByCategory: Record<string, number> = {};
  const lostBySource: Record<string, number> = {};
  const perSeedLatencyUs: number[] = [];
  const bySeed: SeedRun[] = [];
  let iterationUs = 0;
  let totalLostUs = 0;
  let ideal = 0;
  let iterations = 0;
  // g, µs: a barrier run's compute per iteration (the noiseless iteration is g + L)
  const g = scenario.workload.kind === 'barrier' ? scenario.workload.granularityUs : 0;
  for (const seed of seeds) {
    const s = variant(scenario, (d) => {
      d.seed = seed;
    });
    const r = resultOf(new BarrierRun(s).run());
    perSeedLatencyUs.push(r.summary.meanLatencyUs);
    iterationUs += r.summary.meanIterationUs / seeds.length;
    iterations = r.summary.iterations;
    ideal = r.summary.meanIterationUs - r.summary.meanLatencyUs + r.summary.collectiveUs;
    const own: SeedRun = {
      seed,
      latencyUs: r.summary.meanLatencyUs,
      slowdown: r.summary.slowdown,
      lostByCategory: {},
      lostBySource: {},
      totalLostUs: r.attribution.totalLostUs,
      excessUs: r.iterationsUs.map((t) => t - (g + r.summary.collectiveUs)),
    };
    for (const c of r.attribution.byCategory) {
      own.lostByCategory[c.category] = (own.lostByCategory[c.category] ?? 0) + c.lostUs;
    }
    for (const c of r.attribution.bySource) {
      own.lostBySource[c.id] = (own.lostBySource[c.id] ?? 0) + c.lostUs;
    }
    bySeed.push(own);
  }
  // Pooled: each seed's charges added in seed order.
  for (const own of bySeed) {
    for (const [c, us] of Object.entries(own.lostByCategory)) {
      lostByCategory[c] = (lostByCategory[c] ?? 0) + us;
    }
    for (const [id, us] of Object.entries(own.lostBySource)) {
      lostBySource[id] = (lostBySource[id] ?? 0) + us;
    }
    totalLostUs += own.totalLostUs;
  }
  const latencyUs = perSeedLatencyUs.reduce((a, b) => a + b, 0) / seeds.length;
  return {
    seeds: [...seeds],
    iterations,
    latencyUs,
    iterationUs,
    slowdown: ideal > 0 ? iterationUs / ideal : null,
    lostByCategory,
    lostBySource,
    totalLostUs,
    perSeedLatencyUs,
    bySeed,
  };
}

/** Share of the lost time charged to a category (0 when nothing was charged). */
export function categoryShare(r: PooledRun | SeedRun, category: string): number {
  return r.totalLostUs > 0 ? (r.lostByCategory[category] ?? 0) / r.totalLostUs : 0;
}

/** Share of source `id` in the loss charged to the sources `among` (0 when they got none). */
export function sourceShare(r: PooledRun | SeedRun, id: string, among: string[]): number {
  let total = 0;
  for (const s of among) total += r.lostBySource[s] ?? 0;
  return total > 0 ? (r.lostBySource[id] ?? 0) / total : 0;
}
