import { describe, expect, it } from 'vitest';
import { BEST_KNOWN_OFF, fewestSources } from '../../src/challenges/fewest-sources.ts';
import { checkInNode, solution, startOf } from './run.ts';

// Each check runs the barrier loop on 4,096 ranks for 1,000 iterations: about 1 s in Node.
const SLOW = 60_000;
const offEdit = (ids: string[]) => [{ kind: 'sources' as const, ids, enabled: false }];

describe('fewest-sources: halve the barrier loop by switching off the fewest sources', () => {
  it('starts with all eighteen sources of ASCI Q 2002 on', () => {
    expect(startOf(fewestSources).noise.every((s) => s.enabled)).toBe(true);
    expect(startOf(fewestSources).noise).toHaveLength(18);
  });

  it(
    'passes the two RMS daemon runs off (the best known), naming them',
    async () => {
      const student = solution(fewestSources, offEdit(['rms-15ms', 'rms-18ms']));
      const { verdict } = await checkInNode(fewestSources, student);
      expect(verdict.pass).toBe(true);
      expect(verdict.summary).toMatch(
        /is [2-9]\.\d\d× faster .* with 2 sources switched off: passes/,
      );
      expect(verdict.summary).toContain(`best known switches off ${BEST_KNOWN_OFF}`);
      expect(verdict.lines[0]).toMatch(/^Off: RMS/);
    },
    SLOW,
  );

  it(
    'fails the start and the best single source: no one source halves it',
    async () => {
      for (const student of [
        startOf(fewestSources),
        solution(fewestSources, offEdit(['rms-18ms'])),
      ]) {
        const { verdict } = await checkInNode(fewestSources, student);
        expect(verdict.pass).toBe(false);
        expect(verdict.summary).toMatch(/: not yet, the goal is 2×\.$/);
      }
    },
    SLOW,
  );

  it('refuses, without running, an edited source or a deleted one', async () => {
    const start = startOf(fewestSources);
    const shorter = solution(fewestSources, [
      { kind: 'set', path: 'noise.5.duration', value: { dist: 'fixed', valueUs: 1 } },
    ]);
    const deleted = { ...start, noise: start.noise.slice(1) };
    for (const gamed of [shorter, deleted]) {
      const { verdict, runs } = await checkInNode(fewestSources, gamed);
      expect(runs).toBe(0);
      expect(verdict.refused).toBe(true);
      expect(verdict.summary).toMatch(/^your scenario changes noise/);
      expect(verdict.lines.at(-1)).toMatch(/^“Restart this challenge”/);
    }
  });
});
