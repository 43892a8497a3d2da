// The data of the latency-against-nodes view, built from sweep points as the worker sends them.
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/index.ts';
import { planSweep } from '../../src/engine/sweep.ts';
import {
  FINAL_ITERATIONS,
  latencyCsv,
  latencyPlan,
  latencySeries,
  latencySummary,
  nodeSteps,
} from '../../src/charts/latency-series.ts';
import { formatTimeUs } from '../../src/format/numbers.ts';
import { BATCH_MEANS_FROM, trustText, twoStandardErrors } from '../../src/charts/point-trust.ts';
import { scenario, source } from '../helpers/scenario.ts';
import { presetFile } from '../helpers/preset-edits.ts';
import { PRESET_TABLE } from '../../src/state/preset-list.ts';

const base = scenario({
  nodes: 64,
  cores: 2,
  iterations: 100,
  noise: [source({ id: 'hb', periodUs: 10_000, duration: { dist: 'fixed', valueUs: 300 } })],
});
const varies = [
  { path: 'job.nodes', values: [64, 1, 8] },
  { path: 'workload.granularityUs', values: [1000, 0] },
];
const points = planSweep(base, varies).map((p, index) => ({
  index,
  assignments: p.assignments,
  result: runScenario(p.scenario),
}));

describe('latencySeries', () => {
  it('makes one series per granularity, ascending, each in node order', () => {
    const series = latencySeries(points);
    expect(series.map((s) => s.granularityUs)).toEqual([0, 1000]);
    for (const s of series) expect(s.points.map((p) => p.nodes)).toEqual([1, 8, 64]);
  });

  it("takes each point's mean and p90 latency from its own run", () => {
    const series = latencySeries(points);
    const p = points.find((q) => q.assignments[0].value === 8 && q.assignments[1].value === 0)!;
    expect(series[0].points[1]).toMatchObject({
      nodes: 8,
      latencyUs: p.result.summary.meanLatencyUs,
      p90Us: p.result.summary.p90LatencyUs,
      iterations: 100,
      coarse: false,
      tentative: false,
    });
  });

  it("bands each point by two standard errors of its iterations' mean, by batch means", () => {
    const series = latencySeries(points);
    const p = points.find((q) => q.assignments[0].value === 64 && q.assignments[1].value === 0)!;
    const its = p.result.iterationsUs!;
    const n = its.length;
    expect(n).toBeGreaterThanOrEqual(BATCH_MEANS_FROM);
    // 16 batches of ⌊n/16⌋, the oldest remainder left out
    const m = Math.floor(n / 16);
    const means = Array.from({ length: 16 }, (_, b) => {
      const from = n - 16 * m + b * m;
      return its.slice(from, from + m).reduce((a, v) => a + v, 0) / m;
    });
    const grand = means.reduce((a, b) => a + b, 0) / 16;
    const se = Math.sqrt(means.reduce((a, b) => a + (b - grand) ** 2, 0) / 15 / 16);
    expect(series[0].points[2].spreadUs).toBeCloseTo(2 * se, 9);
    expect(series[0].points[2].spreadBy).toBe('batch means');
  });

  it('takes a few iterations as independent, and says so', () => {
    const xs = Float64Array.from([10, 12, 14, 16]);
    const sd = Math.sqrt((9 + 1 + 1 + 9) / 3);
    expect(twoStandardErrors(xs)).toBeCloseTo((2 * sd) / 2, 12);
    const t = {
      spreadUs: 3,
      spreadBy: 'independent' as const,
      iterations: 4,
      precision: null,
      tentative: false,
    };
    expect(trustText(t, (us) => `${us} µs`, true)).toBe(
      '±3 µs (2 standard errors over 4 iterations, taken as independent)',
    );
  });

  it("marks a first pass's point, and one short of precision, tentative", () => {
    const [first] = points;
    const coarse = latencySeries([{ ...first, pass: 0, final: false }])[0].points[0];
    expect(coarse).toMatchObject({ coarse: true, tentative: true });
    const reach = { simulatedUs: 1, neededUs: 10, precision: 0.6 };
    const short = latencySeries([{ ...first, pass: 1, final: true, reach }])[0].points[0];
    expect(short).toMatchObject({ coarse: false, tentative: true, precision: 0.6 });
    const ok = latencySeries([{ ...first, reach: { ...reach, precision: 0.1 } }])[0].points[0];
    expect(ok.tentative).toBe(false);
  });

  it("grows with the machine under noise that every node has (the paper's Figure 7)", () => {
    const g1ms = latencySeries(points)[1];
    expect(g1ms.points[2].latencyUs).toBeGreaterThan(g1ms.points[0].latencyUs);
  });

  it('is empty, and says so, before any point arrives', () => {
    expect(latencySeries([])).toEqual([]);
    expect(latencySummary([], formatTimeUs)).toBe('No data yet.');
  });
});

describe('nodeSteps', () => {
  it('doubles from 1 and ends at the machine size', () => {
    expect(nodeSteps(1)).toEqual([1]);
    expect(nodeSteps(8)).toEqual([1, 2, 4, 8]);
    expect(nodeSteps(2048)).toHaveLength(12);
    expect(nodeSteps(18_688).at(-1)).toBe(18_688);
    expect(nodeSteps(18_688).at(-2)).toBe(16_384);
  });
});

describe('latencyCsv', () => {
  it('has a header and one row per point', () => {
    const csv = latencyCsv(latencySeries(points)).trim().split('\n');
    expect(csv[0]).toBe('granularity_us,nodes,mean_latency_us,p90_latency_us,two_se_us,iterations');
    expect(csv).toHaveLength(1 + points.length);
    expect(csv[1].startsWith('0,1,')).toBe(true);
  });
});

describe('latencyPlan', () => {
  const PAPER_GRANULARITIES = [0, 1000, 5000];
  const barrierPresets = PRESET_TABLE.map((p) => presetFile(p.id)).filter(
    (s) => s.workload.kind === 'barrier',
  );

  it('plans both passes of every barrier preset so that the worker takes every point', () => {
    expect(barrierPresets.length).toBeGreaterThanOrEqual(6);
    for (const s of barrierPresets) {
      for (const granularities of [PAPER_GRANULARITIES, [0, 1e6]]) {
        const plan = latencyPlan(s, granularities)!;
        for (const pass of plan.passes) {
          // as the worker plans a pass whose points stop once precise; planSweep validates
          // every point and throws at the first it refuses
          expect(
            () => planSweep(pass.base, plan.varies, { fitToLimits: true }),
            s.title,
          ).not.toThrow();
        }
        expect(plan.total).toBe(plan.varies[0].values.length * granularities.length);
      }
    }
  });

  it('runs to the machine’s last node, from one, at the full length where it fits', () => {
    const jaguar = presetFile('jaguar-xt5-stock');
    const plan = latencyPlan(jaguar, PAPER_GRANULARITIES)!;
    expect(plan.passes[1].base.workload.iterations).toBe(FINAL_ITERATIONS);
    const nodes = plan.varies[0].values;
    expect(nodes.at(-1)).toBe(jaguar.machine.nodes);
    expect(nodes[0]).toBe(1);
    const points = planSweep(plan.passes[1].base, plan.varies, { fitToLimits: true });
    const at = (n: number, g: number) =>
      points.find(
        (p) =>
          p.scenario.job.nodes === n &&
          p.scenario.workload.kind === 'barrier' &&
          p.scenario.workload.granularityUs === g,
      )!.scenario.workload.iterations;
    // the whole machine at g = 5 ms is shortened to what the validator allows; a small job
    // keeps the full length
    expect(at(jaguar.machine.nodes, 5000)).toBeLessThan(FINAL_ITERATIONS);
    expect(at(jaguar.machine.nodes, 5000)).toBeGreaterThan(100);
    expect(at(16, 5000)).toBe(FINAL_ITERATIONS);
    // each point by its own length: at g = 0 an iteration holds fewer events
    expect(at(jaguar.machine.nodes, 0)).toBeGreaterThan(at(jaguar.machine.nodes, 5000));
  });

  it('has no plan for a workload other than the barrier loop', () => {
    expect(latencyPlan(presetFile('sage-asci-q-2002'), PAPER_GRANULARITIES)).toBeNull();
  });
});
