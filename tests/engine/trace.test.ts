// The timeline trace (src/engine/trace.ts) against the engine and against hand-computed cases:
// replaying every job node with the engine's release times must give back those releases to
// the bit (max f_r + L = t_{i+1}), and small cases have closed forms.
import { describe, expect, it } from 'vitest';
import { BarrierRun } from '../../src/engine/barrier-run.ts';
import { buildLayout } from '../../src/engine/layout.ts';
import * as table from '../../src/engine/noise-table.ts';
import { computeFactors } from '../../src/engine/slow-nodes.ts';
import * as trace from '../../src/engine/trace.ts';
import { engineWindow, traceIterations, type Trace } from '../../src/engine/trace.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { eventAt, scenario, source } from '../helpers/scenario.ts';
import { randomScenario } from './random-scenario.ts';
import { referenceDurations } from './reference-model.ts';

const everything = { nodes: 1000, lanes: 100, iterations: 1000 };

/** Σ of a lane's segments of one kind, µs. */
function total(trace: Trace, node: number, core: number, kind: string): number {
  const lane = trace.nodes.find((n) => n.node === node)!.lanes.find((l) => l.core === core)!;
  return lane.segments.filter((s) => s.kind === kind).reduce((a, s) => a + s.endUs - s.startUs, 0);
}

describe('traceIterations on random small scenarios', () => {
  it('gives back the engine releases to the bit when every job node is traced', () => {
    let checked = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const s = randomScenario(seed, 24, 16);
      const w = s.workload;
      if (w.kind !== 'barrier') continue;
      const n = s.job.nodes;
      const factors = computeFactors(s, buildLayout(s));
      const trace = traceIterations(s, {
        firstIteration: 0,
        iterations: w.iterations,
        nodes: Array.from({ length: n }, (_, x) => x),
        limits: everything,
      });
      // The releases are the engine's (and the reference model's) to the bit.
      const durations = trace.releases.slice(1).map((t, i) => t - trace.releases[i]);
      expect(durations, `seed ${seed}`).toEqual(referenceDurations(s));
      expect(
        trace.releases.slice(w.warmup + 1).map((t, i) => t - trace.releases[w.warmup + i]),
      ).toEqual(Array.from(new BarrierRun(s).run().durations));
      // Max over the traced ranks of f_r, plus L, is the next release, to the bit; and the
      // last rank the engine names is the lowest rank id whose replay arrived then.
      for (let i = 0; i < trace.iterations; i++) {
        let max = -Infinity;
        let lowest = Infinity;
        for (const node of trace.nodes) {
          for (const l of node.lanes) {
            const rank = node.node * trace.ranksPerNode + l.slot;
            if (l.finishUs[i] > max) lowest = rank;
            else if (l.finishUs[i] === max) lowest = Math.min(lowest, rank);
            max = Math.max(max, l.finishUs[i]);
          }
        }
        expect(max + trace.collectiveUs, `seed ${seed} iteration ${i}`).toBe(trace.releases[i + 1]);
        expect(trace.lastFinishUs[i]).toBe(max);
        expect(trace.lastNode[i] * trace.ranksPerNode + trace.lastSlot[i]).toBe(lowest);
        checked++;
      }
      // Every lane's segments tile the window, and each compute + pause ends at f_r.
      for (const node of trace.nodes) {
        for (const l of node.lanes) {
          let at = trace.releases[0];
          for (const seg of l.segments) {
            expect(seg.startUs).toBe(at);
            expect(seg.endUs).toBeGreaterThan(seg.startUs);
            at = seg.endUs;
          }
          expect(at).toBe(trace.releases[trace.iterations]);
          // Poll mode: a rank starts at its release or after a freeze, and noise pauses it
          // only while it computes, so its compute segments add up to its node's g per
          // iteration (f·g on a slow node, docs/slow-nodes.md).
          if (s.job.waitMode === 'poll') {
            const compute = l.segments
              .filter((seg) => seg.kind === 'compute')
              .reduce((a, seg) => a + seg.endUs - seg.startUs, 0);
            const f = factors === null ? 1 : factors[node.node];
            expect(compute).toBeCloseTo(f * w.granularityUs * trace.iterations, 6);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('gives the same releases and per-rank arrivals for a window as for the whole run', () => {
    for (let seed = 100; seed <= 110; seed++) {
      const s = randomScenario(seed, 24, 16);
      const whole = traceIterations(s, {
        firstIteration: 0,
        iterations: 16,
        nodes: [0, 1, 2],
        limits: everything,
      });
      const part = traceIterations(s, { firstIteration: 9, iterations: 5, nodes: [0, 1, 2] });
      expect(part.releases).toEqual(whole.releases.slice(9, 15));
      expect(part.lastNode).toEqual(whole.lastNode.slice(9, 14));
      for (let k = 0; k < part.nodes.length; k++) {
        for (let c = 0; c < part.nodes[k].lanes.length; c++) {
          expect(part.nodes[k].lanes[c].finishUs).toEqual(
            whole.nodes[k].lanes[c].finishUs.slice(9, 14),
          );
        }
      }
    }
  });
});

describe('traceIterations, closed forms', () => {
  const L = { kind: 'hardware' as const, baseUs: 50, perLevelUs: 0 };

  it('without noise: every rank computes g, then waits L, in every iteration', () => {
    const s = scenario({ nodes: 4, cores: 2, g: 1000, iterations: 10, collective: L });
    const t = traceIterations(s, { firstIteration: 3, iterations: 4 });
    expect(t.releases).toEqual([3150, 4200, 5250, 6300, 7350]);
    expect(t.nodes.map((n) => n.node)).toEqual([0, 1, 2, 3]);
    for (const node of t.nodes) {
      for (const lane of node.lanes) {
        expect(lane.segments).toEqual(
          [0, 1, 2, 3].flatMap((i) => [
            { kind: 'compute', startUs: 3150 + 1050 * i, endUs: 4150 + 1050 * i },
            { kind: 'wait', startUs: 4150 + 1050 * i, endUs: 4200 + 1050 * i },
          ]),
        );
      }
    }
  });

  it('with room for few rows, shows the nodes that held the machine up longest first', () => {
    // 16 nodes, g = 1 ms (iteration i runs from 1,050·i when nothing delays it): node 3 is 100 µs
    // late in iteration 1, node 5 200 µs in iteration 2, node 9 900 µs in iteration 4 and node 12
    // 600 µs in iteration 3. With two rows (half for the last nodes: one), the row is node 9's,
    // not node 3's (the window's first late node); with three, the three latest, in node order.
    const late = (id: string, node: number, atUs: number, d: number) =>
      eventAt(id, atUs, d, 0, { placement: { kind: 'nodes', ids: [node] } });
    const s = scenario({
      nodes: 16,
      g: 1000,
      iterations: 8,
      collective: L,
      noise: [
        late('a', 3, 1100, 100),
        late('b', 5, 2300, 200),
        late('c', 12, 3700, 600),
        late('d', 9, 5400, 900),
      ],
    });
    const two = traceIterations(s, { firstIteration: 1, iterations: 4, autoNodes: 2 });
    expect(two.nodes.map((n) => n.node)).toContain(9);
    expect(two.nodes.map((n) => n.node)).not.toContain(3);
    const three = traceIterations(s, { firstIteration: 1, iterations: 4, autoNodes: 3 });
    expect(three.nodes.map((n) => n.node)).toEqual([5, 9, 12]);
  });

  it('one event of d on one node pauses exactly that rank by d, and it is last', () => {
    // Node 2, core 1, at 2200 µs (iteration 2 runs 2100 → 3100 + 50) for 300 µs.
    const s = scenario({
      nodes: 4,
      cores: 2,
      g: 1000,
      iterations: 6,
      collective: L,
      noise: [eventAt('one', 2200, 300, 1, { placement: { kind: 'nodes', ids: [2] } })],
    });
    const t = traceIterations(s, { firstIteration: 1, iterations: 3 });
    expect(t.releases).toEqual([1050, 2100, 3450, 4500]);
    expect(t.lastNode).toEqual([0, 2, 0]);
    expect(t.lastSlot).toEqual([0, 1, 0]);
    const lane = t.nodes.find((n) => n.node === 2)!.lanes[1];
    expect(lane.finishUs).toEqual([2050, 3400, 4450]);
    expect(lane.segments.slice(2, 6)).toEqual([
      { kind: 'compute', startUs: 2100, endUs: 2200 },
      { kind: 'paused', startUs: 2200, endUs: 2500, source: 0 },
      { kind: 'compute', startUs: 2500, endUs: 3400 },
      { kind: 'wait', startUs: 3400, endUs: 3450 },
    ]);
    expect(lane.events).toEqual([
      { source: 0, startUs: 2200, runUs: 2200, endUs: 2500, effect: 'pause', iteration: 2 },
    ]);
    // Every other rank computes g and waits L + d.
    expect(total(t, 2, 0, 'compute')).toBe(3000);
    expect(total(t, 2, 0, 'wait')).toBe(3 * 50 + 300);
    expect(total(t, 0, 1, 'paused')).toBe(0);
  });

  it('a freeze past the release shows as frozen, and the rank starts at its end', () => {
    // g = 100, L = 50: the rank arrives at 100, an event at 120 of 100 freezes it to 220;
    // iteration 1 runs 220 → 320, released at 370 (tests/engine/barrier-analytic.test.ts).
    const s = scenario({ g: 100, iterations: 3, collective: L, noise: [eventAt('f', 120, 100)] });
    const t = traceIterations(s, { firstIteration: 0, iterations: 2 });
    expect(t.releases).toEqual([0, 150, 370]);
    expect(t.nodes[0].lanes[0].segments).toEqual([
      { kind: 'compute', startUs: 0, endUs: 100 },
      { kind: 'wait', startUs: 100, endUs: 120 },
      { kind: 'noise-waiting', startUs: 120, endUs: 150, source: 0 },
      { kind: 'frozen', startUs: 150, endUs: 220, source: 0 },
      { kind: 'compute', startUs: 220, endUs: 320 },
      { kind: 'wait', startUs: 320, endUs: 370 },
    ]);
  });

  it('block mode: a wake-up after each release', () => {
    const s = scenario({ g: 100, iterations: 4, collective: L, waitMode: 'block', wakeupUs: 20 });
    const t = traceIterations(s, { firstIteration: 1, iterations: 2 });
    expect(t.releases).toEqual([150, 320, 490]);
    expect(t.nodes[0].lanes[0].segments.slice(0, 3)).toEqual([
      { kind: 'wakeup', startUs: 150, endUs: 170 },
      { kind: 'compute', startUs: 170, endUs: 270 },
      { kind: 'wait', startUs: 270, endUs: 320 },
    ]);
  });

  it('aligned periodic noise hits every node in the same iteration; random phases spread it', () => {
    const noisy = (phase: 'aligned' | 'random'): Scenario =>
      scenario({
        nodes: 64,
        g: 1000,
        iterations: 60,
        collective: L,
        noise: [
          source({ id: 'hb', periodUs: 10_500, phase, duration: { dist: 'fixed', valueUs: 200 } }),
        ],
      });
    const all = Array.from({ length: 16 }, (_, x) => x * 4);
    const hit = (t: Trace) =>
      t.nodes.map((n) =>
        n.lanes[0].events.filter((e) => e.effect === 'pause').map((e) => e.iteration),
      );
    const aligned = traceIterations(noisy('aligned'), {
      firstIteration: 0,
      iterations: 12,
      nodes: all,
    });
    // Phase 0, T = 10.5 ms: every node is hit at 0 and at 10,500 µs (iteration 9: releases
    // 1250, 2300, … the 1,050 µs iterations after the first of 1,250).
    const first = hit(aligned);
    for (const h of first) expect(h).toEqual(first[0]);
    expect(first[0].length).toBeGreaterThan(0);
    // Aligned, a hit costs d once per hit iteration; every other iteration is g + L.
    const d = aligned.releases.slice(1).map((t, i) => t - aligned.releases[i]);
    expect(d.filter((x) => x === 1050).length).toBe(12 - first[0].length);
    const random = traceIterations(noisy('random'), {
      firstIteration: 0,
      iterations: 12,
      nodes: all,
    });
    const iterationsHit = new Set(hit(random).flat());
    expect(iterationsHit.size).toBeGreaterThan(first[0].length);
  });

  it('refuses tree workloads and keeps within its limits', () => {
    const s = scenario({ nodes: 40, cores: 8, g: 10, iterations: 100 });
    const t = traceIterations(s, { firstIteration: 95, iterations: 50 });
    expect(t.iterations).toBe(12);
    expect(t.firstIteration).toBe(88);
    expect(t.nodes.length).toBe(8);
    expect(t.nodes[0].lanes.length).toBe(4);
    expect(() =>
      traceIterations(s, { firstIteration: 10, iterations: 5, limits: { work: 100 } }),
    ).toThrow(/earlier iteration/);
    const tree = scenario({
      workload: { kind: 'allreduce', granularityUs: 0, iterations: 10, warmup: 0 } as never,
    });
    expect(() => traceIterations(tree, { firstIteration: 0, iterations: 2 })).toThrow(/barrier/);
  });

  it('keeps its copies of the noise table entry layout equal to the originals', () => {
    expect([trace.E_TIME, trace.E_COUNT, trace.E_SOURCE, trace.ENTRY_STRIDE]).toEqual([
      table.E_TIME,
      table.E_COUNT,
      table.E_SOURCE,
      table.ENTRY_STRIDE,
    ]);
  });

  it('reads release times from the engine, and rank 0 as the last when nobody is late', () => {
    const s = scenario({ g: 100, iterations: 3, collective: L });
    expect(engineWindow(s, 1, 3)).toEqual({
      releases: [0, 150, 300, 450],
      lastFinishUs: [250, 400],
      lastNode: [0, 0],
      lastSlot: [0, 0],
    });
  });
});
