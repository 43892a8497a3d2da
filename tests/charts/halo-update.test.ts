// The data of the halo's "one update against machine size" view (004's presentation): its sweep
// (the job's own ranks per node, over node counts), its points against docs/workloads.md §7's
// closed forms, and its reading and CSV.
import { describe, expect, it } from 'vitest';
import { cyclePlan } from '../../src/charts/cycle-time.ts';
import {
  haloUpdateCsv,
  haloUpdatePlan,
  haloUpdatePoints,
  haloUpdateSummary,
  type UpdatePoint,
} from '../../src/charts/halo-update.ts';
import { maxOverMin } from '../../src/charts/process-spread.ts';
import { runScenario } from '../../src/engine/index.ts';
import { planSweep } from '../../src/engine/sweep.ts';
import { formatTimeUs } from '../../src/format/numbers.ts';
import type { HaloWorkload, Scenario } from '../../src/scenario/types.ts';
import type { SweepPointResult } from '../../src/state/sweep.svelte.ts';
import { loadPreset } from '../../src/validation/presets.ts';
import { scenario, source } from '../helpers/scenario.ts';

const G = 10;
const M = 5;
const O = 2;
const halo = (over: Partial<HaloWorkload> = {}): HaloWorkload => ({
  kind: 'halo',
  granularityUs: G,
  dimensions: 2,
  periodic: true,
  barrierBefore: true,
  latencyUs: M,
  messageBytes: 0,
  usPerByte: 0,
  overheadUs: O,
  iterations: 50,
  warmup: 0,
  ...over,
});

/** Runs every point of the view's final pass in this process, as the page's workers do. */
function runFinal(s: Scenario): SweepPointResult[] {
  const plan = haloUpdatePlan(s)!;
  const final = plan.passes.at(-1)!;
  return planSweep(final.base, plan.varies).map((p, index) => ({
    index,
    assignments: p.assignments,
    result: runScenario(p.scenario),
    final: true,
  }));
}

describe('the sweep', () => {
  it('is the cycle sweep at the job’s own ranks per node, for a halo only', () => {
    const franklin = loadPreset('halo-franklin-xt4');
    const plan = haloUpdatePlan(franklin)!;
    expect(plan.ppns).toEqual([franklin.job.ranksPerNode]);
    expect(plan.points.every((j) => j.ranksPerNode === 2)).toBe(true);
    // the same node counts as the cycle view's
    expect(plan.nodes).toEqual(cyclePlan(franklin).nodes);
    expect(haloUpdatePlan(loadPreset('asci-q-2002'))).toBeNull();
  });
});

describe('the points', () => {
  it('give every rank g + 2k·o + m with no noise (workloads.md §7), in process order', () => {
    const s = scenario({ nodes: 64, cores: 2, workload: halo() });
    const points = haloUpdatePoints(runFinal(s));
    expect(points.map((p) => p.processes)).toEqual([2, 4, 8, 16, 32, 64, 128]);
    for (const p of points) {
      expect(p.min).toBeCloseTo(p.max, 9);
      expect(p.mean).toBeCloseTo(p.max, 9);
    }
    // four neighbours once every side of the torus is longer than 2 (16 = 4 × 4 and up)
    for (const p of points.filter((q) => q.processes >= 16)) {
      expect(p.max).toBeCloseTo(G + 8 * O + M, 9);
    }
    // two ranks: one neighbour each, reached back and forward
    expect(points[0].max).toBeCloseTo(G + 2 * O + M, 9);
  });

  it('put the most above the least once noise holds a rank up', () => {
    const noise = [source({ periodUs: 400, duration: { dist: 'fixed', valueUs: 30 } })];
    const points = haloUpdatePoints(
      runFinal(scenario({ nodes: 32, cores: 2, workload: halo(), noise })),
    );
    const last = points.at(-1)!;
    expect(last.max).toBeGreaterThan(last.mean);
    expect(last.mean).toBeGreaterThan(last.min);
    // the least is never below the sends and copies plus the compute (a floor no late start removes)
    for (const p of points) expect(p.min).toBeGreaterThanOrEqual(G + 2 * O - 1e-9);
  });
});

describe('the reading', () => {
  const at = (processes: number, min: number, mean: number, max: number): UpdatePoint => ({
    nodes: processes / 2,
    processes,
    min,
    mean,
    max,
    jobUs: max,
    coarse: false,
    spreadUs: null,
    spreadBy: 'independent',
    iterations: 100,
    precision: null,
    tentative: false,
  });

  it('reads from 16 processes, and sets the gap against Worley’s 5–10× for timed updates', () => {
    // 4 processes: a grid with fewer neighbours, left out of the reading
    const text = haloUpdateSummary(
      [at(4, 9, 9, 9), at(16, 20, 21, 25), at(4096, 16, 22, 320)],
      formatTimeUs,
      true,
    );
    expect(text).toContain(
      "From 16 to 4,096 processes, one update as a rank times it, each averaged over a point's updates: " +
        'the most 25 µs → 320 µs, 13×; the mean 21 µs → 22 µs, about the same, up 5%; ' +
        'the least 20 µs → 16 µs, down 20%.',
    );
    expect(text).toContain('the most is 20.0× the least');
    expect(text).toContain(
      'a single update timed on Franklin: 5 to 10× for small halos; a wider gap here',
    );
    expect(text).toContain('Each update here starts after a barrier');
    expect(haloUpdateSummary([], formatTimeUs, true)).toBe('No data yet.');
  });

  it('sets the job’s update against jaguarcnl’s 3× when updates run back to back', () => {
    const b2b = haloUpdateSummary(
      [
        { ...at(16, 16, 21, 25), jobUs: 22 },
        { ...at(4096, 0.00001, 30, 900), jobUs: 40 },
      ],
      formatTimeUs,
      false,
    );
    // a least of about nothing has no ratio; no 5–10× (Franklin's single timed update)
    expect(b2b).toContain('the least 16 µs → about nothing.');
    expect(b2b).not.toContain('5 to 10×');
    expect(b2b).toContain(
      "The job's update, release to release (what HALO itself reports): 22 µs on 16 → 40 µs on 4,096 processes, 1.8×",
    );
    expect(b2b).toContain('about 3×');
    expect(b2b).toContain('Updates here run back to back');
  });

  it('exports one CSV row per point', () => {
    expect(maxOverMin(at(4, 0, 1, 2))).toBeNull();
    expect(haloUpdateCsv([at(16, 20, 21, 25), at(64, 0, 22, 40)])).toBe(
      'nodes,processes,update_min_us,update_mean_us,update_max_us,max_over_min,job_update_us,updates,two_se_job_us\n' +
        '8,16,20,21,25,1.25,25,100,\n' +
        '32,64,0,22,40,,40,100,\n',
    );
  });
});
