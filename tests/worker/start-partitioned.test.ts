// startPartitioned decides on the whole job: whether to split (the visit strategy, whether the
// ranks are counted) and into which ranges. A part's own nodes may have other noise than the
// rest (a cold review found the split decided on the first part's nodes only).
import { describe, expect, it } from 'vitest';
import { BarrierRun } from '../../src/engine/barrier-run.ts';
import { PartitionedRun } from '../../src/engine/partitioned-run.ts';
import { splitNodes } from '../../src/engine/split-size.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { startPartitioned, type PartPort } from '../../workers/worker-part.ts';
import { scenario, source } from '../helpers/scenario.ts';
import { rnShape } from '../engine/rn-shape.ts';

/** Ports that take messages and answer none: enough to see how a run is split. */
function ports() {
  const log = { spawned: 0, terminated: 0, inits: [] as [number, number][] };
  const spawn = (): PartPort => {
    log.spawned++;
    return {
      postMessage: (m) => {
        if (m.type === 'part-init') log.inits.push([m.lo, m.hi]);
      },
      onmessage: null,
      onerror: null,
      terminate: () => void log.terminated++,
    };
  };
  return { log, spawn };
}

/** 2,048 nodes, a 1 kHz daemon of 20 µs on core 0 of the given nodes only. */
function someNodes(ids: number[]): Scenario {
  return scenario({
    nodes: 2048,
    cores: 8,
    ranksPerNode: 8,
    g: 1000,
    iterations: 2048,
    seed: 1,
    noise: [
      source({
        id: 'd',
        periodUs: 1000,
        cpu: 0,
        duration: { dist: 'fixed', valueUs: 20 },
        placement: { kind: 'nodes', ids },
      }),
    ],
  });
}

const range = (a: number, b: number) => Array.from({ length: b - a }, (_, k) => a + k);

describe('startPartitioned', () => {
  it('splits when the whole job visits every node, whatever the first part’s nodes hold', () => {
    for (const ids of [range(1024, 2048), range(0, 200)]) {
      const s = someNodes(ids);
      const whole = new BarrierRun(s);
      const { log, spawn } = ports();
      const run = startPartitioned(s, 3, spawn, Infinity);
      expect(run instanceof PartitionedRun, `noise on ${ids[0]}–${ids.at(-1)}`).toBe(
        whole.mode === 'every-node',
      );
      expect(run.mode).toBe(whole.mode);
      if (run instanceof PartitionedRun) run.close();
      expect(log.terminated).toBe(log.spawned);
    }
  });

  it('splits a run that does not count its ranks into near-equal ranges', () => {
    const s = rnShape('poll', 3);
    s.machine.nodes = s.job.nodes = 2400;
    s.workload.iterations = 2000;
    for (const exact of [true, false]) {
      const t = structuredClone(s);
      // An unbounded tick law cannot be counted (bulk-lanes.ts).
      if (!exact) t.noise[1].duration = { dist: 'exponential', meanUs: 3 };
      const { log, spawn } = ports();
      const run = startPartitioned(t, 7, spawn, Infinity, exact);
      expect(run).toBeInstanceOf(PartitionedRun);
      expect(log.inits).toEqual(splitNodes(2400, 7).slice(1));
      (run as PartitionedRun).close();
    }
  });

  it('keeps the run whole on this thread when a part cannot be told its range, every worker closed once', () => {
    const s = rnShape('poll', 3);
    s.noise[1].duration = { dist: 'exponential', meanUs: 3 }; // not counted: it would split
    s.machine.nodes = s.job.nodes = 600;
    const terminated: number[] = [];
    let made = 0;
    const spawn = (): PartPort => {
      const id = made++;
      terminated[id] = 0;
      return {
        postMessage: () => {
          if (id === 1) throw new Error('DataCloneError (simulated)');
        },
        onmessage: null,
        onerror: null,
        terminate: () => void terminated[id]++,
      };
    };
    const run = startPartitioned(s, 4, spawn, Infinity);
    expect(run).toBeInstanceOf(BarrierRun);
    expect(terminated).toEqual([1, 1, 1]);
    expect((run as BarrierRun).run().durations.length).toBe(
      s.workload.iterations - s.workload.warmup,
    );
  });

  it('keeps a counted run whole on too few parts, with the run it built, every worker closed', () => {
    const s = rnShape('poll', 3);
    s.machine.nodes = s.job.nodes = 2400;
    s.workload.iterations = 2000;
    const { log, spawn } = ports();
    const run = startPartitioned(s, 2, spawn, Infinity);
    expect(run).toBeInstanceOf(BarrierRun);
    expect((run as BarrierRun).counted).toBe(true);
    expect(log.spawned).toBe(1);
    expect(log.terminated).toBe(1);
    expect(log.inits).toEqual([]);
  });
});
