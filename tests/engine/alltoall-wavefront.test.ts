// The all-to-all exchange (docs/workloads.md §8) and the wavefront (§9): their closed forms, and
// the phase run against the naive second implementation (reference-tree.ts) on random cases.
import { describe, expect, it } from 'vitest';
import { PhaseRun } from '../../src/engine/phase-run.ts';
import { Rng } from '../../src/engine/random.ts';
import { gridSides } from '../../src/scenario/grid.ts';
import type {
  AlltoallWorkload,
  NoiseSource,
  Scenario,
  WavefrontWorkload,
} from '../../src/scenario/types.ts';
import { eventAt, scenario } from '../helpers/scenario.ts';
import { messageNoise, randomSlowNodes } from './random-scenario.ts';
import { expectSameAsReference } from './same-as-reference.ts';

function alltoall(over: Partial<AlltoallWorkload> = {}): AlltoallWorkload {
  return {
    kind: 'alltoall',
    granularityUs: 1000,
    latencyUs: 5,
    messageBytes: 0,
    usPerByte: 0,
    iterations: 8,
    warmup: 0,
    ...over,
  };
}

function wavefront(over: Partial<WavefrontWorkload> = {}): WavefrontWorkload {
  return {
    kind: 'wavefront',
    granularityUs: 2000,
    stages: 5,
    latencyUs: 5,
    messageBytes: 0,
    usPerByte: 0,
    iterations: 6,
    warmup: 0,
    ...over,
  };
}

function on(
  workload: AlltoallWorkload | WavefrontWorkload,
  o: {
    nodes: number;
    cores?: number;
    ranksPerNode?: number;
    waitMode?: 'poll' | 'block';
    wakeupUs?: number;
    noise?: NoiseSource[];
  },
): Scenario {
  return {
    ...scenario({
      nodes: o.nodes,
      cores: o.cores ?? 1,
      ranksPerNode: o.ranksPerNode ?? o.cores ?? 1,
      waitMode: o.waitMode,
      wakeupUs: o.wakeupUs,
      noise: o.noise ?? [],
    }),
    workload,
  };
}

/** One event of d µs at `at` on the only core of node (= rank) p. */
const hit = (p: number, at: number, d: number) =>
  eventAt('one', at, d, 0, { placement: { kind: 'nodes', ids: [p] } });

describe('the all-to-all exchange', () => {
  it.each([
    [16, 1],
    [5, 3],
    [2, 1],
  ])('%i nodes × %i ranks without noise: every iteration takes g + m', (n, P) => {
    const s = on(alltoall({ messageBytes: 1000, usPerByte: 0.002 }), { nodes: n, cores: P });
    const run = new PhaseRun(s, { recordReleases: true }).run();
    const m = 5 + 1000 * 0.002;
    expect(run.collectiveUs).toBeCloseTo(m, 12);
    const R = n * P;
    for (let i = 0; i < 8; i++) {
      expect(run.durations[i]).toBeCloseTo(1000 + m, 9);
      for (let r = 0; r < R; r++) {
        expect(run.releases![i * R + r]).toBeCloseTo((i + 1) * (1000 + m), 9);
      }
    }
    for (const c of run.rootCollectiveUs) expect(c).toBeCloseTo(m, 9);
  });

  it('a job of one rank sends nothing: Δ = g', () => {
    const run = new PhaseRun(on(alltoall(), { nodes: 1 })).run();
    expect(run.collectiveUs).toBe(0);
    for (const x of run.durations) expect(x).toBe(1000);
  });

  it('in block mode every rank wakes w after its last message: Δ = g + m + w', () => {
    const run = new PhaseRun(on(alltoall(), { nodes: 6, waitMode: 'block', wakeupUs: 7 })).run();
    for (const x of run.durations) expect(x).toBeCloseTo(1000 + 5 + 7, 9);
  });

  it.each([
    [200, 'longer than a message'],
    [3, 'shorter than a message'],
  ])('one event of %i µs (%s) delays every rank by it, in one iteration', (d) => {
    const g = 1000;
    const m = 5;
    const n = 12;
    const p = 7;
    const i = 3;
    const s = on(alltoall(), { nodes: n, noise: [hit(p, i * (g + m) + 100, d)] });
    const run = new PhaseRun(s, { recordReleases: true }).run();
    for (let it = 0; it < 8; it++) {
      expect(run.durations[it]).toBeCloseTo(g + m + (it === i ? d : 0), 9);
      for (let r = 0; r < n; r++) {
        // In iteration i every rank but p waits for p's message (m after its late finish); p
        // itself has the others' messages m after their finish, or goes on at its own.
        const late = it < i ? 0 : it > i || r !== p ? d : Math.max(d, m) - m;
        expect(run.releases![it * n + r], `iteration ${it} rank ${r}`).toBeCloseTo(
          (it + 1) * (g + m) + late,
          9,
        );
      }
    }
  });
});

describe('the wavefront', () => {
  /** Noiseless: the iteration is G plus the fill of two sweeps, 2·D·(G/2B + m). */
  it.each([
    [12, 1, 4],
    [8, 2, 1],
    [7, 1, 3], // a prime: a chain of 7
    [1, 1, 5],
    [6, 3, 10],
  ])('%i nodes × %i ranks, %i stages, no noise: Δ = G + 2D(G/2B + m)', (n, P, B) => {
    const G = 2000;
    const m = 4 + 500 * 0.002;
    const s = on(wavefront({ stages: B, latencyUs: 4, messageBytes: 500, usPerByte: 0.002 }), {
      nodes: n,
      cores: P,
    });
    const run = new PhaseRun(s, { recordReleases: true }).run();
    const R = n * P;
    const [rows, cols] = gridSides(R, 2);
    const D = rows - 1 + cols - 1;
    const g = G / (2 * B);
    const iterationUs = G + 2 * D * (g + m);
    expect(run.granularityUs + run.collectiveUs).toBeCloseTo(iterationUs, 9);
    for (const x of run.durations) expect(x).toBeCloseTo(iterationUs, 9);
    // The sweep back ends at a rank d' steps from the last corner (D − i − j) at
    // T + (d' + B)·g + d'·m, T = (D + B)·g + D·m the end of the sweep down at that corner.
    const T = (D + B) * g + D * m;
    for (let it = 0; it < 6; it++) {
      for (let r = 0; r < R; r++) {
        const back = D - (Math.floor(r / cols) + (r % cols));
        const expected = it * iterationUs + T + (back + B) * g + back * m;
        expect(run.releases![it * R + r], `iteration ${it} rank ${r}`).toBeCloseTo(expected, 9);
      }
    }
  });

  it('one event on any rank in any stage delays the iteration by exactly its length', () => {
    // Without noise every (rank, stage) is on a longest path (each waits exactly as long as its
    // upstream takes), so one event of d during a compute makes that iteration d longer, and
    // the next ones start d later but take as long as before.
    const n = 12; // 4 × 3
    const B = 4;
    const G = 2000;
    const m = 5;
    const g = G / (2 * B);
    const [rows, cols] = gridSides(n, 2);
    const D = rows - 1 + cols - 1;
    const iterationUs = G + 2 * D * (g + m);
    const T = (D + B) * g + D * m;
    const r = new Rng(4);
    for (let trial = 0; trial < 30; trial++) {
      const p = r.below(n);
      const i = 1 + r.below(3);
      const b = r.below(2 * B);
      const d = 1 + r.below(300);
      // When rank p computes stage b of iteration i (noiseless schedule): down, b < B, from
      // (i_p + j_p + b)·g + (i_p + j_p)·m; back, from T + (d'_p + b − B)·g + d'_p·m.
      const k = Math.floor(p / cols) + (p % cols);
      const start = b < B ? (k + b) * g + k * m : T + (D - k + b - B) * g + (D - k) * m;
      const s = on(wavefront({ stages: B }), {
        nodes: n,
        noise: [hit(p, i * iterationUs + start + g / 2, d)],
      });
      const run = new PhaseRun(s).run();
      const why = `rank ${p}, iteration ${i}, stage ${b}, d = ${d}`;
      for (let it = 0; it < 6; it++) {
        expect(run.durations[it], why).toBeCloseTo(iterationUs + (it === i ? d : 0), 9);
      }
    }
  });
});

/** A random small all-to-all or wavefront scenario: P, wait mode and noise drawn from `seed`. */
function randomScenario(seed: number, kind: 'alltoall' | 'wavefront'): Scenario {
  const r = new Rng(seed);
  const cores = 1 + r.below(4);
  const P = 1 + r.below(cores);
  const nodes = 1 + r.below(kind === 'alltoall' ? 10 : 20);
  const block = r.below(3) === 0;
  const g = r.below(4) === 0 ? 0 : 50 + r.below(3000);
  const noise = messageNoise(r, cores);
  const message = {
    latencyUs: r.below(30),
    messageBytes: r.below(2) === 0 ? 0 : r.below(10_000),
    usPerByte: 0.001,
    iterations: 4 + r.below(8),
    warmup: r.below(3),
  };
  const workload =
    kind === 'alltoall'
      ? alltoall({ granularityUs: g, ...message })
      : wavefront({ granularityUs: g, stages: 1 + r.below(6), ...message });
  const s: Scenario = {
    ...on(workload, {
      nodes,
      cores,
      ranksPerNode: P,
      waitMode: block ? 'block' : 'poll',
      wakeupUs: block ? r.below(20) : 0,
      noise,
    }),
    seed,
  };
  const slow = randomSlowNodes(seed, nodes);
  if (slow) s.machine = { ...s.machine, slowNodes: slow };
  return s;
}

describe('the phase run and a naive reading of §8 and §9', () => {
  it.each(['alltoall', 'wavefront'] as const)(
    'agree to the bit on 150 random %s workloads',
    (kind) => {
      let events = 0;
      let late = 0;
      let waited = 0;
      for (let seed = 1; seed <= 150; seed++) {
        const s = randomScenario(seed, kind);
        const run = expectSameAsReference(s);
        events += run.noiseEvents;
        const model = run.granularityUs + run.collectiveUs;
        late += run.durations.filter((d) => d > model + 1e-6).length;
        waited += run.rootCollectiveUs.filter((c) => c > 0).length;
      }
      expect(events).toBeGreaterThan(3_000); // the cases are noisy…
      expect(late).toBeGreaterThan(200); // …the noise shows…
      expect(waited).toBeGreaterThan(100); // …and rank 0 waits in its exchanges
    },
  );
});
