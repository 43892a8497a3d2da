// The data of the latency-against-nodes view, built from sweep points as the worker sends them.
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/index.ts';
import { planSweep } from '../../src/engine/sweep.ts';
import {
  latencyCsv,
  latencySeries,
  latencySummary,
  nodeSteps,
} from '../../src/charts/latency-series.ts';
import { formatTimeUs } from '../../src/ui/format.ts';
import { scenario, source } from '../helpers/scenario.ts';

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
    expect(series[0].points[1]).toEqual({
      nodes: 8,
      latencyUs: p.result.summary.meanLatencyUs,
      p90Us: p.result.summary.p90LatencyUs,
    });
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
    expect(csv[0]).toBe('granularity_us,nodes,mean_latency_us,p90_latency_us');
    expect(csv).toHaveLength(1 + points.length);
    expect(csv[1].startsWith('0,1,')).toBe(true);
  });
});
