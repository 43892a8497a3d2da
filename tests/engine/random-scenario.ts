// Random small scenarios for the differential tests: every feature of model.md (arrivals,
// phases, the six distributions, the four placements, pinned and free cores, reserved cores,
// poll and block, the three collective shapes) drawn from a seeded generator.
import { Rng } from '../../src/engine/random.ts';
import type { NoiseSource, SlowNodes } from '../../src/scenario/types.ts';
import { validateScenario } from '../../src/scenario/validate.ts';
import { scenario, source } from '../helpers/scenario.ts';

export function randomScenario(seed: number, maxNodes = 40, iterations = 80) {
  const r = new Rng(seed);
  const pick = <T>(xs: T[]): T => xs[r.below(xs.length)];
  const cores = 1 + r.below(4);
  const reserved = cores > 1 && r.uniform() < 0.3 ? [0] : [];
  const ranksPerNode = 1 + r.below(cores - reserved.length);
  const nodes = 1 + r.below(maxNodes);
  const g = pick([0, 100, 1000]);
  const sources: NoiseSource[] = [];
  const count = 1 + r.below(4);
  for (let k = 0; k < count; k++) {
    const periodUs = pick([300, 1000, 2500, 7000, 20_000]);
    const arrival = r.uniform() < 0.3 ? 'poisson' : 'periodic';
    const mean = periodUs * pick([0.02, 0.08, 0.2]);
    sources.push(
      source({
        id: `s${k}`,
        periodUs,
        arrival,
        phase: arrival === 'periodic' && r.uniform() < 0.3 ? 'aligned' : 'random',
        phaseOffsetUs: 0,
        duration: pick<NoiseSource['duration']>([
          { dist: 'fixed', valueUs: mean },
          { dist: 'uniform', minUs: 0, maxUs: 2 * mean },
          { dist: 'exponential', meanUs: mean },
          { dist: 'normal', meanUs: mean, sdUs: mean / 2 },
          { dist: 'lognormal', medianUs: mean, sigma: 0.5 },
          { dist: 'pareto', scaleUs: mean / 2, shape: 2.5 },
        ]),
        placement: pick<NoiseSource['placement']>([
          { kind: 'all' },
          { kind: 'clusterOffsets', offsets: [0] },
          {
            kind: 'nodes',
            ids: [0, Math.min(nodes - 1, 3)].filter((v, i, a) => a.indexOf(v) === i),
          },
          { kind: 'fraction', p: 0.5 },
        ]),
        cpu: r.uniform() < 0.4 ? r.below(cores) : 'any',
      }),
    );
  }
  const s = scenario({
    nodes,
    cores,
    clusterSize: 8,
    ranksPerNode,
    reservedCores: reserved,
    waitMode: r.uniform() < 0.4 ? 'block' : 'poll',
    wakeupUs: pick([0, 20]),
    g,
    iterations,
    seed,
    collective: pick([
      { kind: 'hardware' as const, baseUs: 3, perLevelUs: 0.5 },
      { kind: 'software' as const, baseUs: 0, perLevelUs: 7 },
      { kind: 'hardware' as const, baseUs: 0, perLevelUs: 0 },
    ]),
    noise: sources,
  });
  const slow = randomSlowNodes(seed, nodes);
  if (slow) s.machine.slowNodes = slow;
  return validateScenario(s); // fills nothing new, but proves the case is a legal scenario
}

/**
 * Slow nodes (docs/slow-nodes.md) for about a third of the random cases: one node by id, a
 * cluster offset or a fraction, 1.05 to 3 times slower. Drawn from a stream of its own, so the
 * rest of a case is what it was without them.
 */
export function randomSlowNodes(seed: number, nodes: number): SlowNodes | undefined {
  const r = new Rng(seed ^ 0x5105_0de5);
  if (r.uniform() >= 0.35) return undefined;
  const placements: SlowNodes['placement'][] = [
    { kind: 'nodes', ids: [r.below(nodes)] },
    { kind: 'clusterOffsets', offsets: [1] },
    { kind: 'fraction', p: 0.2 },
  ];
  return {
    placement: placements[r.below(placements.length)],
    computeFactor: [1.05, 1.5, 3][r.below(3)],
  };
}

/**
 * One to three sources for the message workloads' differential tests (halo, all-to-all,
 * wavefront): periodic or Poisson, fixed or exponential lengths of up to 150 µs every 0.2–3.2 ms,
 * pinned or "any", on every node or half of them. Draws from `r` in a fixed order.
 */
export function messageNoise(r: Rng, cores: number): NoiseSource[] {
  const noise: NoiseSource[] = [];
  const sources = 1 + r.below(3);
  for (let k = 0; k < sources; k++) {
    noise.push(
      source({
        id: `s${k}`,
        periodUs: 200 + r.below(3000),
        arrival: r.below(2) === 0 ? 'periodic' : 'poisson',
        duration:
          r.below(2) === 0
            ? { dist: 'fixed', valueUs: 1 + r.below(150) }
            : { dist: 'exponential', meanUs: 1 + r.below(100) },
        cpu: r.below(2) === 0 ? 'any' : r.below(cores),
        placement: r.below(3) === 0 ? { kind: 'fraction', p: 0.5 } : { kind: 'all' },
      }),
    );
  }
  return noise;
}
