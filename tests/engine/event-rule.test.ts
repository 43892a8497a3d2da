// The rule of one noise event (model.md §3, src/engine/event-rule.ts) on cases small enough to
// work out by hand: where a cpu "any" event lands, when it runs, and what it does to a rank.
import { describe, expect, it } from 'vitest';
import { anyCore, pauses, queueStart, rankStart } from '../../src/engine/event-rule.ts';
import { indexAt3 } from '../../src/engine/random.ts';

/** A node of C cores whose rank cores are `rankCores` (in rank order); -1: idle. */
function node(C: number, rankCores: number[]) {
  const coreRank = new Int32Array(C).fill(-1);
  rankCores.forEach((c, p) => (coreRank[c] = p));
  return { C, P: rankCores.length, coreRank, rankCore: Int32Array.from(rankCores) };
}

interface Case {
  s: number;
  busy: number[];
  finish?: number[];
  block?: boolean;
  arrived?: boolean;
  count?: number;
}

/** anyCore on a node laid out as `n`, finish indexed by core. */
function pick(n: ReturnType<typeof node>, c: Case): number {
  const { C, P, coreRank, rankCore } = n;
  const block = c.block ?? false;
  return anyCore(
    c.s,
    C,
    P,
    Float64Array.from(c.busy),
    0,
    1,
    coreRank,
    0,
    rankCore,
    0,
    block || P < C,
    block,
    c.arrived ?? false,
    Float64Array.from(c.finish ?? c.busy.map(() => Infinity)),
    0,
    false,
    new Int32Array(P),
    12345,
    7,
    c.count ?? 0,
  );
}

describe('the core of a cpu "any" event', () => {
  it('is the lowest idle core whose queue is empty', () => {
    const n = node(4, [1, 3]); // cores 0 and 2 idle
    expect(pick(n, { s: 10, busy: [0, 0, 0, 0] })).toBe(0);
    expect(pick(n, { s: 10, busy: [11, 0, 0, 0] })).toBe(2); // core 0's queue runs past s
    expect(pick(n, { s: 10, busy: [10, 0, 0, 0] })).toBe(0); // a queue ending at s is empty
  });

  it('in block mode, may be a rank core whose rank has arrived, never a computing one', () => {
    const n = node(2, [0, 1]);
    const busy = [0, 0];
    expect(pick(n, { s: 10, busy, finish: [20, 5], block: true })).toBe(1);
    expect(pick(n, { s: 10, busy, finish: [10, 20], block: true })).toBe(0); // arrived at s
    expect(pick(n, { s: 10, busy, finish: [20, 20], block: true, arrived: true })).toBe(0);
    // polling ranks keep their cores: the pick is then among the ranks (below)
    expect([0, 1]).toContain(pick(n, { s: 10, busy, finish: [20, 5] }));
  });

  it('else is a uniformly random rank whose core runs no noise, drawn in rank order', () => {
    const n = node(4, [3, 0, 2, 1]); // ranks moved between cores (block mode, phase-run)
    const busy = [0, 50, 0, 0]; // core 1 runs noise
    const counts = new Map<number, number>();
    for (let count = 0; count < 30_000; count++) {
      const core = pick(n, { s: 10, busy, count });
      // the draw indexes the free ranks' cores in rank order: 3, 0, 2
      expect(core).toBe([3, 0, 2][indexAt3(12345, 7, count, 3)]);
      counts.set(core, (counts.get(core) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([0, 2, 3]);
    for (const k of counts.values()) expect(Math.abs(k - 10_000)).toBeLessThan(4 * 82); // 4 sd
  });

  it('else is the rank core whose queue ends first, the lowest core on ties', () => {
    const n = node(3, [2, 1, 0]);
    expect(pick(n, { s: 10, busy: [30, 20, 40] })).toBe(1);
    expect(pick(n, { s: 10, busy: [20, 20, 20] })).toBe(0);
  });

  it('reads a strided node block and finish times indexed by rank', () => {
    // busy at bo + c·bs; the rank on core c is coreRank[cro + c]; finish by that rank id
    const busy = Float64Array.from([9, 0, 9, 0, 9, 0, 9, 0]); // bo 1, bs 2: cores' busy = 0
    const coreRank = Int32Array.from([-9, -9, 4, 5]); // node at cro 2: core 0 → rank 4, 1 → 5
    const rankCore = Int32Array.from([7, 7, 0, 1]); // node at rco 2
    const finish = Float64Array.from([0, 0, 0, 0, 30, 5]); // rank 5 has arrived
    const core = anyCore(
      ...([10, 2, 2, busy, 1, 2, coreRank, 2, rankCore, 2, true, true, false] as const),
      finish,
      0,
      true,
      new Int32Array(2),
      1,
      1,
      1,
    );
    expect(core).toBe(1);
  });
});

describe('when the event runs and what it does to the rank', () => {
  it('runs FIFO: from its arrival, or when the core’s queue ends', () => {
    expect(queueStart(5, 10)).toBe(10);
    expect(queueStart(15, 10)).toBe(15);
  });

  it('pauses a rank computing when it starts, and freezes one that has arrived', () => {
    expect(pauses(10, 11)).toBe(true);
    expect(pauses(11, 11)).toBe(false); // the rank arrived at 11: frozen, not paused
  });

  it('makes a rank frozen past the release start late (the residual rule)', () => {
    expect(rankStart(100, 130)).toBe(130);
    expect(rankStart(100, 90)).toBe(100);
  });
});
