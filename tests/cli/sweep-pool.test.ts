// The sweep's worker pool: the same results, in point order, on one thread (in-process) and
// on worker threads, and a clear rejection when a point fails in a worker.
import { describe, expect, it } from 'vitest';
import { defaultThreads } from '../../src/cli/commands/sweep.ts';
import { dispatchOrder, runPoints } from '../../src/cli/sweep-pool.ts';
import { planSweep, type SweepPoint } from '../../src/engine/index.ts';
import type { Scenario } from '../../src/scenario/index.ts';
import { scenario, source } from '../helpers/scenario.ts';

// 6 points of a 64-node scenario with two noise sources, differing in cost (16 … 64 nodes).
const points = planSweep(
  scenario({
    nodes: 64,
    cores: 2,
    clusterSize: 16,
    iterations: 300,
    warmup: 20,
    collective: { kind: 'hardware', baseUs: 4, perLevelUs: 0.5 },
    noise: [
      source({ id: 'tick', category: 'kernel', periodUs: 10_000 }),
      source({ id: 'daemon', category: 'daemon', periodUs: 50_000, cpu: 1 }),
    ],
  }),
  [
    { path: 'job.nodes', values: [16, 32, 64] },
    { path: 'job.waitMode', values: ['poll', 'block'] },
  ],
);

/** Message ports open in this process: each worker holds one while it runs. */
const openPorts = () => process.getActiveResourcesInfo().filter((r) => r === 'MessagePort').length;

describe('runPoints', () => {
  it('gives identical results in point order on 1 thread and on 2 worker threads', async () => {
    expect(points).toHaveLength(6);
    const ports = openPorts();
    const one = await runPoints(points, 1);
    const two = await runPoints(points, 2);
    expect(openPorts()).toBe(ports); // the workers are gone
    expect(two).toHaveLength(6);
    for (let i = 0; i < points.length; i++) {
      expect(two[i].result.seed).toBe(points[i].scenario.seed);
      expect(two[i].result.summary).toStrictEqual(one[i].result.summary);
      expect(two[i].result.attribution).toStrictEqual(one[i].result.attribution);
      expect(two[i].result).toStrictEqual(one[i].result);
      expect(two[i].wallMs).toBeGreaterThan(0);
    }
    // The points differ, so a mix-up of their order would show.
    expect(new Set(two.map((r) => r.result.engine.noiseEvents)).size).toBeGreaterThan(1);
  });

  it('uses no more workers than points, and returns nothing for no points', async () => {
    const [only] = await runPoints(points.slice(0, 1), 4);
    expect(only.result).toStrictEqual((await runPoints(points.slice(0, 1), 1))[0].result);
    expect(await runPoints([], 2)).toEqual([]);
  });

  it('rejects with the failing point named when a point throws in a worker, and stops the workers', async () => {
    const ports = openPorts();
    const bad: SweepPoint = {
      assignments: [{ path: 'job.nodes', value: 'many' }],
      scenario: { ...points[0].scenario, machine: undefined } as unknown as Scenario,
    };
    await expect(runPoints([points[0], bad], 2)).rejects.toThrow(
      /^sweep point 2 of 2 \(job\.nodes="many"\) failed: /,
    );
    expect(openPorts()).toBe(ports);
  });
});

describe('dispatchOrder', () => {
  it('hands out the costliest points first, keeping the order of equal ones', () => {
    // job.nodes 16, 16, 32, 32, 64, 64 (poll, block at each)
    expect(dispatchOrder(points)).toEqual([4, 5, 2, 3, 0, 1]);
  });
});

describe('defaultThreads', () => {
  it('is 2 at most, and never more than the points', () => {
    expect(defaultThreads(1)).toBe(1);
    expect(defaultThreads(36)).toBeLessThanOrEqual(2);
    expect(defaultThreads(36)).toBeGreaterThanOrEqual(1);
  });
});
