// Attribution (model.md §4): each iteration's excess goes to the events that
// delayed the critical rank, in proportion to what each cost it.
import { describe, expect, it } from 'vitest';
import { BarrierRun } from '../../src/engine/barrier-run.ts';
import { resultOf } from '../../src/engine/result.ts';
import { eventAt, scenario, source } from '../helpers/scenario.ts';

const at = (id: string, t: number, d: number) => eventAt(id, t, d);

describe('attribution', () => {
  it('charges each pause of the critical rank its own duration', () => {
    const r = new BarrierRun(
      scenario({ g: 100, iterations: 1, noise: [at('a', 10, 5), at('b', 10, 7)] }),
    ).run();
    const a = resultOf(r).attribution;
    expect(a.bySource.map((s) => s.lostUs)).toEqual([5, 7]);
    expect(a.bySource.map((s) => s.share)).toEqual([5 / 12, 7 / 12]);
    expect(a.totalLostUs).toBe(12);
  });

  it('charges a late start to the event whose freeze caused it', () => {
    // The residual-rule case: iteration 1 starts 70 µs late (220 instead of 150).
    const s = scenario({
      g: 100,
      iterations: 2,
      collective: { kind: 'hardware', baseUs: 50, perLevelUs: 0 },
      noise: [at('late', 120, 100)],
    });
    const a = resultOf(new BarrierRun(s).run()).attribution;
    expect(a.bySource[0].lostUs).toBe(70);
    // The event lasted 100 µs: the charge is filed under its duration's bin.
    const bin = a.durationBinEdgesUs.findLastIndex((edge) => edge <= 100);
    expect(a.bySource[0].byDurationUs[bin]).toBe(70);
  });

  it('sums over measured iterations to the total excess Δ − g − L, warm-up excluded', () => {
    const s = scenario({
      nodes: 128,
      cores: 2,
      g: 500,
      iterations: 600,
      warmup: 100,
      collective: { kind: 'hardware', baseUs: 3, perLevelUs: 1 },
      noise: [
        source({
          id: 'k',
          periodUs: 4000,
          arrival: 'poisson',
          duration: { dist: 'exponential', meanUs: 40 },
        }),
        source({
          id: 'd',
          periodUs: 60_000,
          duration: { dist: 'uniform', minUs: 1000, maxUs: 3000 },
        }),
      ],
    });
    const r = new BarrierRun(s).run();
    const a = resultOf(r).attribution;
    let excess = 0;
    for (const d of r.durations) excess += d - 500 - r.collectiveUs;
    expect(a.totalLostUs).toBeCloseTo(excess, 6);
    expect(a.bySource[0].lostUs + a.bySource[1].lostUs).toBeCloseTo(excess, 6);
    expect(a.bySource.every((x) => x.lostUs > 0)).toBe(true);
  });

  it('records lost time per node, so noisy nodes stand out (the paper’s Figures 11 and 12)', () => {
    const s = scenario({
      nodes: 64,
      clusterSize: 32,
      g: 1000,
      iterations: 500,
      noise: [
        source({
          periodUs: 20_000,
          duration: { dist: 'fixed', valueUs: 3000 },
          placement: { kind: 'clusterOffsets', offsets: [31] },
        }),
      ],
    });
    const a = resultOf(new BarrierRun(s).run()).attribution;
    const noisy = a.nodeIds.flatMap((id, x) => (a.nodeDelayUs[x] > 0 ? [id] : []));
    expect(noisy).toEqual([31, 63]);
  });
});
