// Slow nodes (docs/slow-nodes.md): a compute of g takes f·g on them. Closed forms of the barrier,
// the all-to-all and FWQ, the attribution's split, the per-run draw of a `fraction`, and that
// the noise's own draws do not move. The engine against the naive references on random cases
// with slow nodes is in differential.test.ts, halo.test.ts, alltoall-wavefront.test.ts and
// phase-run.test.ts (random-scenario.ts gives a third of their cases slow nodes).
import { describe, expect, it } from 'vitest';
import { BarrierRun } from '../../src/engine/barrier-run.ts';
import { collectiveLatency } from '../../src/engine/collective.ts';
import { runFwq } from '../../src/engine/fwq.ts';
import { buildLayout } from '../../src/engine/layout.ts';
import { PhaseRun } from '../../src/engine/phase-run.ts';
import { resultOf } from '../../src/engine/result.ts';
import { computeFactors } from '../../src/engine/slow-nodes.ts';
import { traceIterations } from '../../src/engine/trace.ts';
import type { Scenario, SlowNodes } from '../../src/scenario/types.ts';
import { validateScenario } from '../../src/scenario/validate.ts';
import { eventAt, scenario, source } from '../helpers/scenario.ts';

const G = 1000;
const F = 1.25;

function withSlow(s: Scenario, slow: SlowNodes): Scenario {
  return { ...s, machine: { ...s.machine, slowNodes: slow } };
}

const node = (id: number, f = F): SlowNodes => ({
  placement: { kind: 'nodes', ids: [id] },
  computeFactor: f,
});

describe('the barrier with a slow node', () => {
  const base = scenario({
    nodes: 8,
    cores: 2,
    g: G,
    iterations: 20,
    warmup: 2,
    collective: { kind: 'hardware', baseUs: 3, perLevelUs: 0.5 },
  });
  const L = collectiveLatency(base.machine.collective, 8, 2);

  it('no noise: every Δ is f·g + L, all of the excess charged to slow nodes', () => {
    const run = new BarrierRun(withSlow(base, node(5))).run();
    for (const d of run.durations) expect(d).toBeCloseTo(F * G + L, 9);
    const a = resultOf(run).attribution;
    expect(a.slowNodesUs).toBeCloseTo(18 * (F - 1) * G, 6);
    expect(a.totalLostUs).toBe(0);
    expect(a.nodeCriticalUs[5]).toBeCloseTo(18 * (F - 1) * G, 6);
    // the node's delay counts noise only: none here
    expect(a.nodeDelayUs[5]).toBe(0);
  });

  it('a slow node outside the job changes nothing: Δ = g + L', () => {
    const s = withSlow({ ...base, machine: { ...base.machine, nodes: 16 } }, node(12));
    const run = new BarrierRun(s).run();
    for (const d of run.durations) expect(d).toBeCloseTo(G + L, 9);
    expect(resultOf(run).attribution.slowNodesUs).toBe(0);
  });

  it('one event of d on a normal rank: Δ = max(f·g, g + d) + L, charged to whichever is critical', () => {
    for (const d of [100, 400]) {
      // node 0's core 0 is hit at 10 µs in iteration 0 (warm-up 0 here, so it is measured)
      const s = withSlow(
        { ...base, workload: { kind: 'barrier', granularityUs: G, iterations: 3, warmup: 0 } },
        node(5),
      );
      s.noise = [eventAt('hit', 10, d, 0, { placement: { kind: 'nodes', ids: [0] } })];
      const run = new BarrierRun(s).run();
      expect(run.durations[0]).toBeCloseTo(Math.max(F * G, G + d) + L, 9);
      expect(run.durations[1]).toBeCloseTo(F * G + L, 9);
      const a = resultOf(run).attribution;
      const hit = a.bySource.find((x) => x.id === 'hit')!;
      if (G + d > F * G) {
        expect(hit.lostUs).toBeCloseTo(d, 9);
        expect(a.slowNodesUs).toBeCloseTo(2 * (F - 1) * G, 9);
      } else {
        expect(hit.lostUs).toBe(0);
        expect(a.slowNodesUs).toBeCloseTo(3 * (F - 1) * G, 9);
      }
    }
  });

  it("a slow node's rank paused by d: Δ = f·g + d + L, d charged to the event", () => {
    const s = withSlow(
      { ...base, workload: { kind: 'barrier', granularityUs: G, iterations: 2, warmup: 0 } },
      node(5),
    );
    s.noise = [eventAt('hit', 10, 70, 1, { placement: { kind: 'nodes', ids: [5] } })];
    const run = new BarrierRun(s).run();
    expect(run.durations[0]).toBeCloseTo(F * G + 70 + L, 9);
    const a = resultOf(run).attribution;
    expect(a.bySource[0].lostUs).toBeCloseTo(70, 9);
    expect(a.slowNodesUs).toBeCloseTo(2 * (F - 1) * G, 9);
    expect(a.nodeDelayUs[5]).toBeCloseTo(70, 9);
  });

  it('every visit strategy gives the same bits, with noise everywhere', () => {
    const s = withSlow(
      {
        ...base,
        noise: [
          source({ id: 'tick', periodUs: 700, duration: { dist: 'exponential', meanUs: 40 } }),
        ],
      },
      { placement: { kind: 'fraction', p: 0.3 }, computeFactor: 1.1 },
    );
    const ref = Array.from(new BarrierRun(s, { visit: 'every-node' }).run().durations);
    for (const options of [{}, { visit: 'calendar' as const, lanes: false }]) {
      expect(Array.from(new BarrierRun(s, options).run().durations)).toEqual(ref);
    }
  });

  it("the timeline's replay gives back the run's releases", () => {
    const s = withSlow(
      {
        ...base,
        noise: [source({ id: 'tick', periodUs: 900, duration: { dist: 'fixed', valueUs: 60 } })],
      },
      node(3, 1.5),
    );
    const trace = traceIterations(s, { firstIteration: 2, iterations: 3, nodes: [0, 3] });
    for (let i = 0; i < 3; i++) {
      expect(trace.lastFinishUs[i] + L).toBe(trace.releases[i + 1]);
    }
    const lanes = (x: number) => trace.nodes.find((n) => n.node === x)!.lanes;
    for (const lane of lanes(3)) {
      for (let i = 0; i < 3; i++) {
        expect(lane.finishUs[i] - lane.startUs[i]).toBeGreaterThanOrEqual(1.5 * G);
      }
    }
    for (const lane of lanes(0)) expect(lane.finishUs[0] - lane.startUs[0]).toBeLessThan(1.5 * G);
  });
});

describe('message workloads and FWQ on a slow node', () => {
  it('all-to-all, no noise, (f − 1)·g ≥ 2m: Δ₀ = f·g + m, then every Δ = f·g', () => {
    const s = withSlow(
      scenario({
        nodes: 6,
        cores: 1,
        workload: {
          kind: 'alltoall',
          granularityUs: G,
          latencyUs: 7,
          messageBytes: 0,
          usPerByte: 0,
          iterations: 5,
          warmup: 0,
        },
      }),
      node(2),
    );
    // The slow rank never waits (the others' messages are in by its finish); the others go on
    // m after it finishes, so the first iteration ends f·g + m in and each later one f·g after.
    const durations = new PhaseRun(s).run().durations;
    expect(durations[0]).toBeCloseTo(F * G + 7, 9);
    for (const d of durations.subarray(1)) expect(d).toBeCloseTo(F * G, 9);
  });

  it('FWQ, no noise: a quantum takes f·w on a slow node and w on another', () => {
    const s = withSlow(scenario({ nodes: 4, cores: 2 }), node(1));
    const slow = runFwq(s, { node: 1, workUs: 500, samples: 10 });
    const normal = runFwq(s, { node: 0, workUs: 500, samples: 10 });
    expect(slow.workUs).toBeCloseTo(F * 500, 9);
    for (const c of slow.cores) for (const x of c.samples) expect(x).toBeCloseTo(F * 500, 9);
    for (const c of normal.cores) for (const x of c.samples) expect(x).toBe(500);
    expect(slow.cores[0].overheadUs).toBeCloseTo(0, 6);
  });
});

describe('which nodes are slow', () => {
  it('a fraction p is drawn per run: over 400 seeds the count has mean n·p (binomial bounds)', () => {
    const n = 50;
    const p = 0.1;
    let sum = 0;
    const sets = new Set<string>();
    for (let seed = 1; seed <= 400; seed++) {
      const s = withSlow(scenario({ nodes: n, seed }), {
        placement: { kind: 'fraction', p },
        computeFactor: 2,
      });
      const f = computeFactors(s, buildLayout(s));
      const slow = f === null ? [] : [...f.keys()].filter((x) => f[x] > 1);
      sum += slow.length;
      sets.add(slow.join(','));
      // the same seed, the same set
      const again = computeFactors(s, buildLayout(s));
      expect(again === null ? [] : [...again.keys()].filter((x) => again[x] > 1)).toEqual(slow);
    }
    const mean = sum / 400;
    const se = Math.sqrt((n * p * (1 - p)) / 400);
    expect(Math.abs(mean - n * p)).toBeLessThan(4 * se);
    expect(sets.size).toBeGreaterThan(300); // it changes from run to run
  });

  it("slow nodes do not move the noise's draws: with g = 0 nothing changes", () => {
    const s = scenario({
      nodes: 10,
      cores: 2,
      g: 0,
      iterations: 200,
      noise: [
        source({ id: 'a', periodUs: 300, duration: { dist: 'exponential', meanUs: 20 } }),
        source({ id: 'b', periodUs: 1100, arrival: 'poisson', cpu: 1 }),
      ],
    });
    const plain = new BarrierRun(s).run();
    const slow = new BarrierRun(
      withSlow(s, { placement: { kind: 'fraction', p: 0.5 }, computeFactor: 3 }),
    ).run();
    expect(Array.from(slow.durations)).toEqual(Array.from(plain.durations));
    expect(slow.noiseEvents).toBe(plain.noiseEvents);
  });

  it('a file says what is wrong with its slow nodes, by path', () => {
    const ok = scenario({ nodes: 8 });
    const bad = (slowNodes: unknown) => () =>
      validateScenario({ ...ok, machine: { ...ok.machine, slowNodes } });
    expect(bad({ placement: { kind: 'nodes', ids: [9] }, computeFactor: 2 })).toThrow(
      'machine.slowNodes.placement.ids[0]: 9 is out of range; allowed: 0..7 (the machine has 8 nodes)',
    );
    expect(bad({ placement: { kind: 'all' }, computeFactor: 0.5 })).toThrow(
      'machine.slowNodes.computeFactor: 0.5 is out of range; allowed: 1..10',
    );
    expect(bad({ placement: { kind: 'all' } })).toThrow('machine.slowNodes.computeFactor: missing');
    const good = validateScenario({
      ...ok,
      machine: { ...ok.machine, slowNodes: node(3) },
    });
    expect(good.machine.slowNodes).toEqual(node(3));
    expect('slowNodes' in validateScenario(ok).machine).toBe(false);
  });
});
