import { describe, expect, it } from 'vitest';
import { sweepLineProblems } from '../../src/cli/commands/sweep.ts';

describe('sweepLineProblems: a sweep that would not do what its command line says', () => {
  it('refuses a value given twice in one --vary (the same seed, the same run)', () => {
    const lines = sweepLineProblems({
      varies: [{ path: 'job.nodes', values: [64, 128, 64] }],
    });
    expect(lines).toEqual([
      "--vary job.nodes: 64 is given twice; each point's seed comes from its values, so both would be the same run (for replicates over seeds: noiselab repeat)",
    ]);
    // 1 and "1" are different values
    expect(sweepLineProblems({ varies: [{ path: 'x', values: [1, '1'] }] })).toEqual([]);
  });
});
