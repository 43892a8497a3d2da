// A large counted run is drawn in fixed blocks of nodes (src/engine/split-size.ts), so that it
// gives the same bits on one thread and split over any number of them: a student's laptop and
// the teacher's desktop show the same numbers for the same link. Small runs here are drawn in
// blocks by the run option countedBlocks, as whole machines are by default.
import { describe, expect, it } from 'vitest';
import { BarrierRun } from '../../src/engine/barrier-run.ts';
import { resultOf } from '../../src/engine/result.ts';
import { compareRuns } from '../../src/engine/sameness.ts';
import {
  COUNTED_BLOCKS,
  countedBlocks,
  partRanges,
  splitNodes,
} from '../../src/engine/split-size.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { loadPreset } from '../../src/validation/presets.ts';
import { partitioned, runToEnd } from './local-parts.ts';
import { rnShape } from './rn-shape.ts';

/** rnShape's ticks made fixed: nothing is drawn per block then. */
function fixedTicks(seed: number): Scenario {
  const s = rnShape('poll', seed);
  for (const src of s.noise) {
    if (src.id.startsWith('tick')) src.duration = { dist: 'fixed', valueUs: 3 };
  }
  return s;
}

describe('the blocks of a counted run', () => {
  it('are one below the size a run is split at, and 24 for a whole machine', () => {
    expect(countedBlocks(160, 7, 700)).toBe(1);
    const rn = loadPreset('jaguar-xt5-rn');
    expect(countedBlocks(rn.machine.nodes, 7, rn.workload.iterations)).toBe(COUNTED_BLOCKS);
    expect(countedBlocks(20, 1000, 10_000)).toBe(20); // at most one per node
  });

  it('are held whole by every part, for 1 to 8 parts', () => {
    for (const n of [18_688, 4096, 100, 24, 30]) {
      const blocks = Math.min(COUNTED_BLOCKS, n);
      const edges = splitNodes(n, blocks).flat();
      for (let k = 1; k <= 8; k++) {
        const ranges = partRanges(n, k, blocks);
        expect(ranges.length).toBe(Math.min(k, blocks));
        expect(ranges[0][0]).toBe(0);
        expect(ranges.at(-1)![1]).toBe(n);
        for (let p = 1; p < ranges.length; p++) expect(ranges[p][0]).toBe(ranges[p - 1][1]);
        for (const [lo, hi] of ranges) {
          expect(edges).toContain(lo);
          expect(edges).toContain(hi);
        }
      }
    }
  });
});

describe('a counted run drawn in blocks', () => {
  it('gives the same bits on one thread and split over 2, 3, 4 and 6 parts (RN shape, uniform ticks)', async () => {
    for (const seed of [1, 2]) {
      const s = rnShape('poll', seed);
      const options = { countedBlocks: 6 };
      const single = new BarrierRun(s, options).run();
      expect(single.counted).toBe(true);
      const want = resultOf(single);
      for (const k of [2, 3, 4, 6]) {
        const run = await runToEnd(partitioned(s, partRanges(160, k, 6), options), 1 + k * 13);
        expect(run.counted, `${k} parts count their ranks`).toBe(true);
        expect(resultOf(run), `seed ${seed}, ${k} parts`).toEqual(want);
      }
    }
  });

  it('gives the same bits split, on the Jaguar XT5 RN prototype cut down (core 0 busy, "any" events)', async () => {
    const s = loadPreset('jaguar-xt5-rn-prototype');
    s.job.nodes = 120;
    s.workload.iterations = 300;
    const options = { countedBlocks: 8 };
    const single = new BarrierRun(s, options).run();
    expect(single.counted).toBe(true);
    const run = await runToEnd(partitioned(s, partRanges(120, 3, 8), options), 17);
    expect(resultOf(run)).toEqual(resultOf(single));
  });

  it('changes no bit when the ticks have a fixed duration (nothing is drawn per block)', () => {
    for (const seed of [3, 4]) {
      const s = fixedTicks(seed);
      const one = new BarrierRun(s, { countedBlocks: 1 }).run();
      const five = new BarrierRun(s, { countedBlocks: 5 }).run();
      expect(five.counted).toBe(true);
      expect(resultOf(five)).toEqual(resultOf(one));
    }
  });

  it('reads the same node delays mid-run, split or not', async () => {
    const s = rnShape('poll', 7);
    const options = { countedBlocks: 4 };
    const single = new BarrierRun(s, options);
    const run = partitioned(s, partRanges(160, 2, 4), options);
    for (let step = 0; step < 5; step++) {
      single.step(60);
      await run.step(60);
      expect(run.nodeDelays()).toEqual(single.nodeDelays());
    }
  });

  it('visits every rank in a part that holds part of a block, as a part did before', async () => {
    const s = rnShape('poll', 2);
    const options = { countedBlocks: 2 };
    const exact = resultOf(new BarrierRun(s, { exact: true }).run());
    const run = await runToEnd(partitioned(s, splitNodes(160, 3), options), 50);
    expect(run.counted).toBe(false);
    expect(resultOf(run)).toEqual(exact);
  });

  it('agrees with visiting every rank in distribution (20 seeds, 6 blocks)', () => {
    const seeds = Array.from({ length: 20 }, (_, k) => k + 1);
    const r = compareRuns((seed) => rnShape('poll', seed), seeds, { countedBlocks: 6 });
    expect(r.paths).toBe(true);
    expect(r.meanDiff).toBeLessThanOrEqual(r.meanBound);
    expect(r.ks).toBeLessThanOrEqual(r.ksCritical);
    expect(r.delayDiff).toBeLessThanOrEqual(r.delayBound);
    for (const share of r.shares) expect(share.diff, share.id).toBeLessThanOrEqual(share.bound);
  });
});
