// Noise that comes and goes between runs (runProbability, docs/noise-timing.md): a source runs
// in a run with probability p, drawn once per run; without the field, or with p = 1, the run is
// the same to the bit, and with p = 0 it is the run with the source off.
import { describe, expect, it } from 'vitest';
import { BarrierRun } from '../../src/engine/barrier-run.ts';
import { PhaseRun } from '../../src/engine/phase-run.ts';
import { presentInRun } from '../../src/engine/presence.ts';
import type { NoiseSource, Scenario } from '../../src/scenario/types.ts';
import { scenario, source } from '../helpers/scenario.ts';

const tick = source({ id: 'tick', periodUs: 1000, duration: { dist: 'fixed', valueUs: 20 } });
const daemon = source({ id: 'daemon', periodUs: 5000, duration: { dist: 'fixed', valueUs: 400 } });

function run(noise: NoiseSource[], seed = 3): Float64Array {
  const s: Scenario = {
    ...scenario({ nodes: 16, cores: 2, g: 1000, iterations: 200, noise }),
    seed,
  };
  return new BarrierRun(s).run().durations;
}

describe('runProbability', () => {
  it('p = 1 is the source as before, p = 0 the source off, to the bit', () => {
    const before = run([tick, daemon]);
    expect(run([tick, { ...daemon, runProbability: 1 }])).toEqual(before);
    expect(run([tick, { ...daemon, runProbability: 0 }])).toEqual(
      run([tick, { ...daemon, enabled: false }]),
    );
    expect(run([tick, { ...daemon, runProbability: 0 }])).not.toEqual(before);
  });

  it('puts the source in about p of the runs (binomial, 400 seeds)', () => {
    for (const p of [0.1, 0.5, 0.9]) {
      let present = 0;
      for (let seed = 1; seed <= 400; seed++) {
        if (presentInRun({ ...daemon, runProbability: p }, seed)) present++;
      }
      const sd = Math.sqrt(400 * p * (1 - p));
      expect(Math.abs(present - 400 * p)).toBeLessThan(4 * sd);
    }
  });

  it('decides a run once, for every part of a group together, whatever the other sources', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const a = presentInRun({ ...daemon, group: 'rms', runProbability: 0.5 }, seed);
      const b = presentInRun({ ...tick, group: 'rms', runProbability: 0.5 }, seed);
      expect(b).toBe(a);
    }
    // a run with the daemon present equals the run with it always on; absent, it equals off
    for (let seed = 1; seed <= 12; seed++) {
      const maybe = { ...daemon, runProbability: 0.5 };
      const got = run([tick, maybe], seed);
      const expected = presentInRun(maybe, seed)
        ? run([tick, daemon], seed)
        : run([tick, { ...daemon, enabled: false }], seed);
      expect(got, `seed ${seed}`).toEqual(expected);
    }
  });

  it('gives a tree workload two kinds of runs: with the source and without', () => {
    const base = scenario({ nodes: 8, cores: 1, noise: [{ ...daemon, runProbability: 0.5 }] });
    const times: number[] = [];
    let present = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const s: Scenario = {
        ...base,
        seed,
        workload: {
          kind: 'allreduce',
          granularityUs: 1000,
          iterations: 50,
          warmup: 0,
          hopUs: null,
        },
      };
      const r = new PhaseRun(s).run();
      times.push(r.durations.reduce((a, b) => a + b, 0));
      if (presentInRun(s.noise[0], seed)) present++;
    }
    const quiet = Math.min(...times);
    // without the daemon every run takes the noiseless time; with it, every run is slower
    expect(times.filter((t) => t === quiet)).toHaveLength(40 - present);
    expect(present).toBeGreaterThan(5);
    expect(present).toBeLessThan(35);
  });
});
