// Compare runs: a pinned run and the ratio of mean iteration times the results headline shows.
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../src/engine/result.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { scenario } from '../helpers/scenario.ts';
import {
  Baseline,
  compareRuns,
  formatRatio,
  hasMean,
  type PinnedRun,
} from '../../src/state/baseline.svelte.ts';

/** A result with only what the comparison reads: the mean iteration and the count. */
function run(meanIterationUs: number, iterations = 100): RunResult {
  return {
    title: 't',
    seed: 1,
    summary: { meanIterationUs, iterations } as RunResult['summary'],
    iterationsUs: new Float64Array(iterations).fill(meanIterationUs),
    attribution: null,
    tree: null,
    engine: { noiseEvents: 0, iterationsRun: iterations, mode: 'every-node', counted: false },
  };
}
const pinned = (mean: number, complete = true): PinnedRun => ({
  result: run(mean),
  title: 'ASCI Q, 2002',
  complete,
});

describe('compareRuns', () => {
  it('says "faster" when the live run\'s mean iteration is shorter', () => {
    const c = compareRuns(run(1000), true, pinned(2100));
    expect(c.kind).toBe('ratio');
    expect(c.text).toBe('2.1× faster than the pinned run: 52% less time.');
    expect(c.liveOverPinned).toBeCloseTo(1000 / 2100, 12);
  });

  it('says "slower" when it is longer', () => {
    expect(compareRuns(run(1300), true, pinned(1000)).text).toBe(
      '1.3× slower than the pinned run: 30% more time.',
    );
  });

  it('calls runs within 0.5% of each other as fast', () => {
    expect(compareRuns(run(1002), true, pinned(1000)).text).toMatch(/^As fast as the pinned run/);
  });

  it('says when either run is partial', () => {
    expect(compareRuns(run(500), false, pinned(1000)).text).toBe(
      '2.0× faster than the pinned run: 50% less time (this run so far).',
    );
    expect(compareRuns(run(500), true, pinned(1000, false)).text).toBe(
      '2.0× faster than the pinned run: 50% less time (the pinned run was not finished).',
    );
  });

  it('says it per unit of work when two barrier loops have different numbers of ranks', () => {
    // Jaguar XT5 with core 0 reserved: 7 ranks a node against 8 (a cold user read "1.04×
    // faster" where the same work takes about 10% longer)
    const loop = (ranksPerNode: number) =>
      scenario({ nodes: 1024, cores: 8, ranksPerNode, g: 1000, iterations: 400 });
    const eight: PinnedRun = { ...pinned(8550), scenario: loop(8) };
    expect(compareRuns(run(8240), true, eight, loop(7)).text).toBe(
      '1.04× faster than the pinned run: 4% less time. Per unit of work 1.1× slower: 7,168 ranks compute g each iteration here, 8,192 in the pinned run.',
    );
    // the same ranks, another granularity, or no scenario known: the plain ratio
    expect(compareRuns(run(8240), true, eight, loop(8)).text).toBe(
      '1.04× faster than the pinned run: 4% less time.',
    );
    const coarse = { ...loop(7), workload: { ...loop(7).workload, granularityUs: 5000 } };
    expect(compareRuns(run(8240), true, eight, coarse as Scenario).text).toBe(
      '1.04× faster than the pinned run: 4% less time.',
    );
    expect(compareRuns(run(8240), true, eight).text).toBe(
      '1.04× faster than the pinned run: 4% less time.',
    );
    // another machine size: not a rate of work (1 node against 1,024 is noise amplified)
    const small = { ...loop(8), job: { ...loop(8).job, nodes: 1 } };
    expect(compareRuns(run(8240), true, { ...eight, scenario: small }, loop(7)).text).toBe(
      '1.04× faster than the pinned run: 4% less time.',
    );
    // a run still going: its result may be the last scenario's
    expect(compareRuns(run(8240), false, eight, loop(7)).text).toBe(
      '1.04× faster than the pinned run: 4% less time (this run so far).',
    );
  });

  it('waits while the live run has no measured iteration', () => {
    expect(compareRuns(null, false, pinned(1000)).kind).toBe('waiting');
    expect(compareRuns(run(NaN, 0), false, pinned(1000)).kind).toBe('waiting');
  });
});

describe('formatRatio', () => {
  it('gives two significant digits, three just above 1, none past 10', () => {
    expect(formatRatio(2.14)).toBe('2.1×');
    expect(formatRatio(1.043)).toBe('1.04×');
    expect(formatRatio(13.2)).toBe('13×');
  });
});

describe('Baseline', () => {
  it('pins a run with a mean, refuses one without, and unpins', () => {
    const b = new Baseline();
    expect(b.pinned).toBeNull();
    expect(b.pin(run(NaN, 0), 'empty', false)).toBe(false);
    expect(b.pinned).toBeNull();
    expect(hasMean(run(10))).toBe(true);
    expect(b.pin(run(10), 'ASCI Q', true)).toBe(true);
    expect(b.pinned?.title).toBe('ASCI Q');
    b.unpin();
    expect(b.pinned).toBeNull();
  });
});
