// Centrally driven and grouped noise (docs/noise-timing.md): where a windowed source's events
// start on every node, what a window of 0 and of a whole period mean, that a group's parts start
// together (or a part δ after the group), that other sources' draws do not move, a spare core
// absorbing parts that run one after another, and a barrier's closed form at W = 0.
import { describe, expect, it } from 'vitest';
import { BarrierRun } from '../../src/engine/barrier-run.ts';
import { buildLayout } from '../../src/engine/layout.ts';
import { E_PHASE, E_SOURCE, ENTRY_STRIDE, NoiseTable } from '../../src/engine/noise-table.ts';
import type { NoiseSource, Scenario } from '../../src/scenario/types.ts';
import { validateScenario } from '../../src/scenario/validate.ts';
import { scenario, source } from '../helpers/scenario.ts';

const T = 100_000; // µs
const NODES = 2000;

function machine(noise: NoiseSource[], over: Partial<Parameters<typeof scenario>[0]> = {}) {
  return validateScenario(scenario({ nodes: NODES, g: 0, iterations: 10, noise, ...over }));
}

const rms = (over: Partial<NoiseSource> = {}) =>
  source({
    id: 'rms',
    periodUs: T,
    duration: { dist: 'fixed', valueUs: 15_000 },
    placement: { kind: 'all' },
    ...over,
  });

/** Per source id, the phase of each job node (µs), from the noise table. */
function phases(s: Scenario): Map<string, Float64Array> {
  const layout = buildLayout(s);
  const table = new NoiseTable(s, layout);
  const ids = s.noise.filter((n) => n.enabled).map((n) => n.id);
  const out = new Map(ids.map((id) => [id, new Float64Array(layout.nodes).fill(NaN)]));
  for (let x = 0; x < layout.nodes; x++) {
    for (let e = table.rowStart[x]; e < table.rowStart[x + 1]; e++) {
      const j = table.ent[e * ENTRY_STRIDE + E_SOURCE];
      out.get(ids[j])![x] = table.ent[e * ENTRY_STRIDE + E_PHASE];
    }
  }
  return out;
}

/** The offsets of `p` from the start of the shortest arc of the circle [0, T) holding them all. */
function arcOffsets(p: Float64Array): { start: number; offsets: number[] } {
  const sorted = [...p].sort((a, b) => a - b);
  // the arc starts after the largest gap between neighbours on the circle
  let gap = sorted[0] + T - sorted[sorted.length - 1];
  let start = sorted[0];
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i] - sorted[i - 1] > gap) {
      gap = sorted[i] - sorted[i - 1];
      start = sorted[i];
    }
  }
  return { start, offsets: sorted.map((v) => (v - start + T) % T) };
}

describe('a phase window', () => {
  it('puts every node within W of one instant, spread evenly over the window', () => {
    const W = 2000;
    const p = phases(machine([rms({ phaseWindowUs: W })])).get('rms')!;
    const { offsets } = arcOffsets(p);
    expect(Math.max(...offsets)).toBeLessThanOrEqual(W);
    // uniform on [0, W]: mean W/2 (sd of the mean W/√(12·2000) ≈ 0.006·W)
    const mean = offsets.reduce((a, b) => a + b, 0) / offsets.length;
    expect(Math.abs(mean / W - 0.5)).toBeLessThan(0.03);
    for (const v of p) expect(v >= 0 && v < T).toBe(true);
  });

  it('of 0 puts every node on one instant, different for another seed', () => {
    const p = phases(machine([rms({ phaseWindowUs: 0 })])).get('rms')!;
    expect(new Set(p).size).toBe(1);
    const q = phases(machine([rms({ phaseWindowUs: 0 })], { seed: 2 })).get('rms')!;
    expect(q[0]).not.toBe(p[0]);
  });

  it('of a whole period spreads the nodes uniformly over it, like independent phases', () => {
    const p = phases(machine([rms({ phaseWindowUs: T })])).get('rms')!;
    const quarter = p.filter((v) => v < T / 4).length / p.length;
    // binomial: sd √(0.25·0.75/2000) ≈ 0.0097
    expect(Math.abs(quarter - 0.25)).toBeLessThan(0.04);
  });

  it('leaves a source without one as model.md §2 draws it, whatever the others do', () => {
    const other = source({
      id: 'other',
      periodUs: 30_000,
      duration: { dist: 'fixed', valueUs: 10 },
      placement: { kind: 'fraction', p: 0.5 },
    });
    const plain = phases(machine([rms(), other]));
    const withWindow = phases(machine([rms({ phaseWindowUs: 500, group: 'a' }), other]));
    expect(Array.from(withWindow.get('other')!)).toEqual(Array.from(plain.get('other')!));
  });
});

describe('a group', () => {
  it('starts its parts together on every node, on the same nodes', () => {
    const parts = [
      rms({ id: 'rms-15ms', group: 'rms', placement: { kind: 'fraction', p: 0.3 } }),
      rms({
        id: 'rms-18ms',
        group: 'rms',
        duration: { dist: 'fixed', valueUs: 18_000 },
        placement: { kind: 'fraction', p: 0.3 },
      }),
    ];
    const p = phases(machine(parts));
    const a = p.get('rms-15ms')!;
    const b = p.get('rms-18ms')!;
    let on = 0;
    for (let x = 0; x < NODES; x++) {
      expect(Number.isNaN(a[x])).toBe(Number.isNaN(b[x])); // the same nodes
      if (!Number.isNaN(a[x])) {
        expect(b[x]).toBe(a[x]);
        on++;
      }
    }
    expect(on / NODES).toBeGreaterThan(0.25);
    expect(on / NODES).toBeLessThan(0.35);
  });

  it('with a window, keeps the parts together and every node within it', () => {
    const parts = [
      rms({ id: 'rms-15ms', group: 'rms', phaseWindowUs: 1000 }),
      rms({ id: 'rms-18ms', group: 'rms', phaseWindowUs: 1000 }),
    ];
    const p = phases(machine(parts));
    expect(Array.from(p.get('rms-18ms')!)).toEqual(Array.from(p.get('rms-15ms')!));
    expect(Math.max(...arcOffsets(p.get('rms-15ms')!).offsets)).toBeLessThanOrEqual(1000);
  });
});

describe("a group part's offset", () => {
  it('starts the part δ after the group on every node, wrapped into the period', () => {
    const delta = 40_000; // µs, so that some nodes wrap (group phase ≥ T − δ)
    const parts = [
      rms({ id: 'rms-15ms', group: 'rms' }),
      rms({ id: 'rms-18ms', group: 'rms', phaseOffsetUs: delta }),
    ];
    const p = phases(machine(parts));
    const a = p.get('rms-15ms')!;
    const b = p.get('rms-18ms')!;
    let wrapped = 0;
    for (let x = 0; x < NODES; x++) {
      const expected = a[x] + delta >= T ? a[x] + delta - T : a[x] + delta;
      expect(b[x]).toBe(expected);
      if (a[x] + delta >= T) wrapped++;
    }
    // the group's phases are uniform, so about δ/T of the nodes wrap
    expect(wrapped / NODES).toBeGreaterThan(0.35);
    expect(wrapped / NODES).toBeLessThan(0.45);
  });

  it('of 0 draws what a group without offsets draws, and moves no other source', () => {
    const base = [rms({ id: 'a', group: 'g' }), rms({ id: 'b', group: 'g' }), rms({ id: 'c' })];
    const shifted = [base[0], { ...base[1], phaseOffsetUs: 5000 }, base[2]];
    const p0 = phases(machine(base));
    const p1 = phases(machine(shifted));
    const zero = phases(machine([base[0], { ...base[1], phaseOffsetUs: 0 }, base[2]]));
    for (const id of ['a', 'b', 'c'])
      expect(Array.from(zero.get(id)!)).toEqual(Array.from(p0.get(id)!));
    expect(Array.from(p1.get('a')!)).toEqual(Array.from(p0.get('a')!));
    expect(Array.from(p1.get('c')!)).toEqual(Array.from(p0.get('c')!));
  });

  // One node of 4 cores running 3 ranks (core 3 idle), g = 1 ms, L = 10 µs, and one activity of
  // two parts, 15 and 18 ms, every 100 ms: model.md §3's `any` rule puts an event on the lowest
  // free core whose queue is empty at its start.
  const spare = (delta: number) => {
    const g = 1000;
    const iterations = 2000;
    const s = validateScenario(
      scenario({
        nodes: 1,
        cores: 4,
        ranksPerNode: 3,
        g,
        iterations,
        collective: { kind: 'hardware', baseUs: 10, perLevelUs: 0 },
        noise: [
          rms({ id: 'rms-15ms', group: 'rms' }),
          rms({
            id: 'rms-18ms',
            group: 'rms',
            phaseOffsetUs: delta,
            duration: { dist: 'fixed', valueUs: 18_000 },
          }),
        ],
      }),
    );
    return { timeUs: new BarrierRun(s).run().timeUs, noiselessUs: iterations * (g + 10) };
  };

  it('of at least the first part’s duration lets a spare core absorb both parts', () => {
    // the first part ends on core 3 exactly when the second starts, so the second finds core 3
    // free again: no rank is ever touched, and the run is the noiseless one to the µs
    const { timeUs, noiselessUs } = spare(15_000);
    expect(timeUs).toBeCloseTo(noiselessUs, 6);
  });

  it('of 0 starts both parts at once: the second takes a rank, 18 ms each period', () => {
    // core 3 is busy with the first part at the instant, so the second preempts a rank: each
    // period the barrier waits for that rank's 18 ms pause (less the ≤ 10 µs it was waiting)
    const { timeUs, noiselessUs } = spare(0);
    const periods = Math.floor(noiselessUs / T);
    expect(timeUs - noiselessUs).toBeGreaterThanOrEqual(periods * (18_000 - 10));
  });
});

describe('a barrier at g = 0 under a centrally driven source', () => {
  // One rank per node, L = 10 µs, an event of d = 50 µs every T = 10 ms on every node.
  const run = (phaseWindowUs: number | undefined, nodes: number) => {
    const s = validateScenario(
      scenario({
        nodes,
        g: 0,
        iterations: 20_000,
        collective: { kind: 'hardware', baseUs: 10, perLevelUs: 0 },
        noise: [
          source({
            id: 'rms',
            periodUs: 10_000,
            duration: { dist: 'fixed', valueUs: 50 },
            placement: { kind: 'all' },
            ...(phaseWindowUs === undefined ? {} : { phaseWindowUs }),
          }),
        ],
      }),
    );
    const r = new BarrierRun(s).run();
    const slow = Array.from(r.durations).filter((d) => d > 10 + 1e-9).length;
    return { slow, periods: r.timeUs / 10_000, iterations: r.durations.length };
  };

  it('with W = 0, meets it once a period: the slow iterations are the periods elapsed', () => {
    // every node is frozen at the same instant, once per period: one slow iteration each
    const { slow, periods } = run(0, 256);
    expect(Math.abs(slow - periods)).toBeLessThanOrEqual(1);
  });

  it('with independent phases, meets it in nearly every iteration: 1 − (1 − L/T)^n of them', () => {
    // 256 nodes each start an event in an iteration of about L with chance L/T = 0.001, so
    // 1 − 0.999^256 ≈ 23 % of the iterations of length L meet one; a met iteration lasts about
    // d more, which only adds starts: at least that share is slow.
    const { slow, iterations } = run(undefined, 256);
    expect(slow / iterations).toBeGreaterThan(1 - (1 - 10 / 10_000) ** 256 - 0.02);
    expect(slow).toBeGreaterThan(20 * run(0, 256).slow);
  });
});
