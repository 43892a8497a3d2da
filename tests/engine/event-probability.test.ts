// A periodic activity that happens only in some periods (eventProbability, docs/noise-timing.md):
// each period has its event with probability q, independently, in the same periods on every
// node; q = 1 is the source as before and q = 0 the source off, to the bit; with one common
// instant (phaseWindowUs 0) on every processor it freezes the whole job at once.
import { describe, expect, it } from 'vitest';
import { BarrierRun } from '../../src/engine/barrier-run.ts';
import { buildLayout } from '../../src/engine/layout.ts';
import {
  E_COUNT,
  E_SOURCE,
  E_TIME,
  ENTRY_STRIDE,
  NoiseTable,
} from '../../src/engine/noise-table.ts';
import { PhaseRun } from '../../src/engine/phase-run.ts';
import type { NoiseSource, Scenario } from '../../src/scenario/types.ts';
import { scenario, source } from '../helpers/scenario.ts';
import { randomScenario } from './random-scenario.ts';
import { referenceDurations } from './reference-model.ts';
import { referenceTree } from './reference-tree.ts';

const tick = source({ id: 'tick', periodUs: 1000, duration: { dist: 'fixed', valueUs: 20 } });
const scan = source({
  id: 'scan',
  periodUs: 5000,
  duration: { dist: 'uniform', minUs: 100, maxUs: 600 },
});

function run(noise: NoiseSource[], seed = 3): Float64Array {
  const s: Scenario = {
    ...scenario({ nodes: 16, cores: 2, g: 1000, iterations: 300, noise }),
    seed,
  };
  return new BarrierRun(s).run().durations;
}

/** Node x's events of the table's first source before `untilUs`: [period index, start, duration]. */
function events(s: Scenario, x: number, untilUs: number): [number, number, number][] {
  const table = new NoiseTable(s, buildLayout(s));
  const out: [number, number, number][] = [];
  const e = table.rowStart[x];
  const o = e * ENTRY_STRIDE;
  expect(table.ent[o + E_SOURCE]).toBe(0);
  while (table.ent[o + E_TIME] < untilUs) {
    const k = table.ent[o + E_COUNT];
    out.push([k, table.ent[o + E_TIME], table.durationOf(0, table.nodeId(x), k)]);
    table.advance(e, x);
  }
  return out;
}

describe('eventProbability', () => {
  it('q = 1 is the source as before, q = 0 the source off, to the bit', () => {
    const before = run([tick, scan]);
    expect(run([tick, { ...scan, eventProbability: 1 }])).toEqual(before);
    expect(run([tick, { ...scan, eventProbability: 0 }])).toEqual(
      run([tick, { ...scan, enabled: false }]),
    );
    expect(run([tick, { ...scan, eventProbability: 0.5 }])).not.toEqual(before);
  });

  it('gives each period its event with probability q, independently (binomial, 20,000 periods)', () => {
    const K = 20_000;
    for (const q of [0.05, 0.3, 0.8]) {
      const s = scenario({ nodes: 1, noise: [{ ...scan, eventProbability: q }] });
      const ks = events(s, 0, K * scan.periodUs).map(([k]) => k);
      const got = new Set(ks);
      const sd = Math.sqrt(K * q * (1 - q));
      expect(Math.abs(ks.length - K * q), `q ${q}`).toBeLessThan(4 * sd);
      // independence: a period and the next both have one in about q² of the pairs
      let pairs = 0;
      for (const k of ks) if (got.has(k + 1)) pairs++;
      const sdPairs = Math.sqrt(K * q * q * (1 - q * q));
      expect(Math.abs(pairs - K * q * q), `q ${q}, pairs`).toBeLessThan(5 * sdPairs);
    }
  });

  it('keeps the events it has as they were: a subset of the source without the field', () => {
    const s = scenario({ nodes: 3, noise: [scan] });
    const thinned = scenario({ nodes: 3, noise: [{ ...scan, eventProbability: 0.4 }] });
    for (let x = 0; x < 3; x++) {
      const all = new Map(events(s, x, 2e6).map(([k, t, d]) => [k, [t, d]]));
      const some = events(thinned, x, 2e6);
      expect(some.length).toBeGreaterThan(100);
      for (const [k, t, d] of some) expect([t, d]).toEqual(all.get(k));
    }
  });

  it('picks the same periods on every node, whatever their phases', () => {
    const s = scenario({ nodes: 40, noise: [{ ...scan, eventProbability: 0.25 }] });
    const first = events(s, 0, 1e6).map(([k]) => k);
    for (let x = 1; x < 40; x++) {
      const ks = events(s, x, 1e6 + scan.periodUs).map(([k]) => k);
      expect(ks.slice(0, first.length - 1)).toEqual(first.slice(0, first.length - 1));
    }
    // another seed, other periods
    const other = events({ ...s, seed: 2 }, 0, 1e6).map(([k]) => k);
    expect(other).not.toEqual(first);
  });

  it('freezes the whole job at once with one common instant: a run loses exactly N·d', () => {
    // 64 one-processor nodes, g = 10 T, an event of d = 5 µs every T = 1 ms on each at one
    // common instant (phaseWindowUs 0), q = 0.3. Every node is frozen in the same periods, so the
    // iteration takes g + N·d, N the periods with an event before the end: 10 of them always,
    // an 11th only when the common instant falls in the first N·d of a period. So N is
    // Binomial(10, q) up to that 11th, and its mean over seeds is 10q.
    const T = 1000;
    const d = 5;
    const q = 0.3;
    const freeze = source({
      id: 'migration',
      periodUs: T,
      phaseWindowUs: 0,
      eventProbability: q,
      cpu: 0,
      duration: { dist: 'fixed', valueUs: d },
    });
    const seeds = 300;
    let sum = 0;
    for (let seed = 1; seed <= seeds; seed++) {
      const s = scenario({ nodes: 64, g: 10 * T, iterations: 1, warmup: 0, seed, noise: [freeze] });
      const lost = new BarrierRun(s).run().durations[0] - 10 * T;
      const n = Math.round(lost / d);
      expect(Math.abs(lost - n * d), `seed ${seed}`).toBeLessThan(1e-9);
      expect(n).toBeLessThanOrEqual(11);
      sum += n;
    }
    const sd = Math.sqrt(10 * q * (1 - q));
    expect(Math.abs(sum / seeds - 10 * q)).toBeLessThan((4 * sd) / Math.sqrt(seeds) + 11 * (d / T));
  });

  it('runs the same on every engine path as the literal readings of model.md and workloads.md', () => {
    const thin = (s: Scenario, q: number): Scenario => ({
      ...s,
      noise: s.noise.map((src) =>
        src.arrival === 'periodic' && src.group === undefined
          ? { ...src, eventProbability: q }
          : src,
      ),
    });
    let thinned = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const s = thin(randomScenario(seed), [0.2, 0.5, 0.9][seed % 3]);
      thinned += s.noise.filter((src) => src.eventProbability !== undefined).length;
      const expected = referenceDurations(s);
      for (const options of [
        {},
        { visit: 'every-node' as const },
        { visit: 'calendar' as const, lanes: false },
      ]) {
        const r = new BarrierRun(s, options).run();
        expect(Array.from(r.durations), `seed ${seed} ${JSON.stringify(options)}`).toEqual(
          expected,
        );
      }
      const tree: Scenario = {
        ...s,
        workload: { kind: 'allreduce', granularityUs: 800, iterations: 40, warmup: 0, hopUs: null },
      };
      const ref = referenceTree(tree);
      expect(Array.from(new PhaseRun(tree).run().durations), `tree, seed ${seed}`).toEqual(
        ref.durations,
      );
    }
    expect(thinned).toBeGreaterThan(40);
  });
});
