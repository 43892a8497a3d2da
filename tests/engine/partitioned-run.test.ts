// A barrier run split by nodes over parts (partitioned-run.ts) must give a single run's
// numbers to the bit: iteration times, attribution by source, duration and node, lost time
// per node, noise events. The parts here run in this thread (LocalPart); the page's parts
// are workers running the same class behind messages (tests/workers/part-handler.test.ts).
import { describe, expect, it } from 'vitest';
import { BarrierRun } from '../../src/engine/barrier-run.ts';
import { partsFor, splitNodes } from '../../src/engine/partitioned-run.ts';
import { packReport, unpackReport, type PartReport } from '../../src/engine/part-report.ts';
import { resultOf } from '../../src/engine/result.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { loadPreset } from '../../src/validation/presets.ts';
import { randomScenario } from './random-scenario.ts';
import { partitioned, runToEnd } from './local-parts.ts';
import { rnShape } from './rn-shape.ts';

describe('splitNodes', () => {
  it('covers every node once, in order, in ranges that differ by at most one', () => {
    for (const [n, k] of [
      [1, 1],
      [1, 4],
      [10, 3],
      [18_688, 6],
      [7, 7],
    ]) {
      const ranges = splitNodes(n, k);
      expect(ranges.length).toBe(Math.min(n, k));
      expect(ranges[0][0]).toBe(0);
      expect(ranges.at(-1)![1]).toBe(n);
      for (let p = 1; p < ranges.length; p++) expect(ranges[p][0]).toBe(ranges[p - 1][1]);
      const sizes = ranges.map(([lo, hi]) => hi - lo);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
  });
});

describe('a packed part report', () => {
  it('holds the report whole, with or without the nodes’ lost time and the log', () => {
    const full: PartReport = {
      max: 1234.5,
      critical: 77,
      noiseEvents: 2 ** 40 + 3,
      source: Int32Array.from([4, 0, 11]),
      duration: Float64Array.from([2.5, 335_000, 1e-9]),
      cost: Float64Array.from([2.5, 1.25, 0]),
      nodeDelay: Float64Array.from([0, 3.5, 7e6]),
    };
    const empty: PartReport = {
      ...full,
      critical: -1,
      source: new Int32Array(0),
      duration: new Float64Array(0),
      cost: new Float64Array(0),
      nodeDelay: null,
    };
    for (const r of [full, empty]) expect(unpackReport(packReport(r))).toEqual(r);
  });
});

describe('a partitioned run', () => {
  it('gives a single run’s bits on the Jaguar RN shape, poll and block, 2 to 5 parts', async () => {
    for (const waitMode of ['poll', 'block'] as const) {
      const s = rnShape(waitMode, 3);
      const single = resultOf(new BarrierRun(s, { exact: true }).run());
      for (const k of [2, 3, 5]) {
        const run = await runToEnd(partitioned(s, splitNodes(s.job.nodes!, k)), 37);
        expect(run.iteration).toBe(s.workload.iterations);
        expect(resultOf(run)).toEqual(single);
      }
    }
  });

  it('gives a single run’s bits with nodes left out by cluster offset (parts split the job’s nodes)', async () => {
    const base = rnShape('poll', 6);
    const s: Scenario = {
      ...base,
      machine: { ...base.machine, nodes: 192, clusterSize: 32 },
      job: { ...base.job, nodes: 170, excludeOffsets: [0, 31] },
    };
    const single = new BarrierRun(s, { exact: true }).run();
    // 6 clusters of 32 less two offsets each: 180 machine nodes to place 170 job nodes on.
    expect(single.layout.nodes).toBe(170);
    expect(single.layout.nodeIds.at(-1)).toBeGreaterThan(170);
    const run = await runToEnd(partitioned(s, splitNodes(single.layout.nodes, 4)), 50);
    expect(resultOf(run)).toEqual(resultOf(single));
  });

  it('gives a single run’s bits on random scenarios, in every visit strategy, with uneven parts', async () => {
    let tried = 0;
    for (let seed = 1; tried < 24 && seed < 200; seed++) {
      const s = randomScenario(seed, 40, 60);
      if (s.workload.kind !== 'barrier') continue;
      const n = s.job.nodes!;
      if (n < 3) continue;
      tried++;
      const single = resultOf(new BarrierRun(s, { exact: true }).run());
      // Uneven: one node, then the rest split in two.
      const ranges: [number, number][] = [
        [0, 1],
        [1, 1 + ((n - 1) >> 1)],
        [1 + ((n - 1) >> 1), n],
      ];
      for (const visit of ['auto', 'every-node', 'calendar'] as const) {
        const run = await runToEnd(partitioned(s, ranges, { visit }), 1 + (seed % 7));
        const got = resultOf(run);
        got.engine.mode = single.engine.mode; // the strategy is the test's choice here
        expect(got, `seed ${seed}, ${visit}`).toEqual(single);
      }
    }
    expect(tried).toBe(24);
  });

  it('refuses parts that do not cover the job’s nodes in order', () => {
    const s = rnShape('poll', 1);
    const n = s.job.nodes!;
    const make = (ranges: [number, number][]) => () => partitioned(s, ranges);
    expect(
      make([
        [0, 50],
        [60, n],
      ]),
    ).toThrow(/cover/);
    expect(make([[0, n - 1]])).toThrow(/cover/);
    expect(() => new BarrierRun(s).restrict(5, n + 1)).toThrow(/not inside/);
    const started = new BarrierRun(s);
    started.step(1);
    expect(() => started.restrict(0, 10)).toThrow(/before its first iteration/);
  });
});

describe('partsFor', () => {
  const whole = (id: string, iterations?: number) => {
    const s = loadPreset(id);
    s.job.nodes = s.machine.nodes;
    if (iterations !== undefined) s.workload.iterations = iterations;
    return new BarrierRun(s);
  };

  it('splits a whole machine swept every iteration, leaving a thread to the page from 4 on', () => {
    const jaguar = whole('jaguar-xt5-rn');
    expect(jaguar.mode).toBe('every-node');
    expect(partsFor(jaguar, 1)).toBe(1);
    expect(partsFor(jaguar, 2)).toBe(2);
    expect(partsFor(jaguar, 4)).toBe(3);
    expect(partsFor(jaguar, 8)).toBe(7);
    expect(partsFor(jaguar, 64)).toBe(8);
  });

  it('keeps small, short and sparse runs on one thread', () => {
    const short = whole('jaguar-xt5-rn', 100);
    expect(partsFor(short, 8)).toBe(1);
    const s = loadPreset('jaguar-xt5-rn');
    s.job.nodes = 1024;
    expect(partsFor(new BarrierRun(s), 8)).toBe(1);
    // Only the rare daemons: the calendar's cost follows the events, one thread is fast.
    const sparse = loadPreset('jaguar-xt5-rn');
    sparse.job.nodes = sparse.machine.nodes;
    for (const src of sparse.noise) src.enabled = src.periodUs >= 1e6;
    const run = new BarrierRun(sparse);
    expect(run.mode).toBe('calendar');
    expect(partsFor(run, 8)).toBe(1);
  });
});
