import { describe, expect, it } from 'vitest';
import { BEST_KNOWN_PROCESSORS, halveSage } from '../../src/challenges/halve-sage.ts';
import { checkInNode, solution, startOf } from './run.ts';

// Each check runs SAGE on up to 8,192 PEs for 5 cycles: about 5 s in Node.
const SLOW = 60_000;

describe('halve-sage: halve SAGE’s cycle on ASCI Q at the smallest loss of processors', () => {
  it('starts on all 8,192 processors of ASCI Q 2002', () => {
    const start = startOf(halveSage);
    expect(start.job.nodes * start.job.ranksPerNode).toBe(8192);
    expect(start.workload.kind).toBe('sage');
  });

  it(
    'passes 3 processes per node (the best known), with the numbers in the verdict',
    async () => {
      const student = solution(halveSage, [{ kind: 'set', path: 'job.ranksPerNode', value: 3 }]);
      const { verdict } = await checkInNode(halveSage, student);
      expect(verdict.pass).toBe(true);
      expect(verdict.summary).toMatch(/cycle time 0\.\d\d s is [2-9]\.\d\d× faster/);
      expect(verdict.summary).toContain(`using 6,144 of 8,192 processors: passes`);
      expect(verdict.summary).toContain(
        `best known uses ${BEST_KNOWN_PROCESSORS.toLocaleString('en-US')}`,
      );
    },
    SLOW,
  );

  it(
    'fails the starting state, and says by how much it misses',
    async () => {
      const { verdict } = await checkInNode(halveSage, startOf(halveSage));
      expect(verdict.pass).toBe(false);
      expect(verdict.summary).toMatch(
        /is as fast as the start’s .* using 8,192 of 8,192 processors: not yet/,
      );
    },
    SLOW,
  );

  it(
    'fails excluding the special nodes 0, 1 and 31: fewer processors lost, not fast enough',
    async () => {
      const student = solution(halveSage, [
        { kind: 'set', path: 'job.excludeOffsets', value: [0, 1, 31] },
        { kind: 'set', path: 'job.nodes', value: 1856 },
      ]);
      const { verdict } = await checkInNode(halveSage, student);
      expect(verdict.pass).toBe(false);
      expect(verdict.summary).toContain('using 7,424 of 8,192 processors: not yet');
    },
    SLOW,
  );

  it('refuses, without running, a scenario that switches the noise off', async () => {
    const gamed = solution(halveSage, [{ kind: 'sources', enabled: false }]);
    const { verdict, runs } = await checkInNode(halveSage, gamed);
    expect(runs).toBe(0);
    expect(verdict.pass).toBe(false);
    expect(verdict.refused).toBe(true);
    expect(verdict.summary).toMatch(/^your scenario changes noise\.0\.enabled/);
  });

  it('refuses a lucky seed, fewer cycles or a faster collective', async () => {
    for (const [path, value] of [
      ['seed', 7],
      ['workload.iterations', 3],
      ['machine.tree.hopUs', 1],
      ['job.waitMode', 'block'],
    ] as const) {
      const gamed = solution(halveSage, [{ kind: 'set', path, value }]);
      const { verdict, runs } = await checkInNode(halveSage, gamed);
      expect(runs).toBe(0);
      expect(verdict.summary).toContain(`changes ${path}`);
    }
  });
});
