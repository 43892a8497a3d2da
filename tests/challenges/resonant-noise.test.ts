import { describe, expect, it } from 'vitest';
import { resonantNoise, RUNS } from '../../src/challenges/resonant-noise.ts';
import { checkInNode, solution, startOf } from './run.ts';

/** The start's heartbeat off and one other shipped source on: a student's toggles. */
const only = (id: string) =>
  solution(resonantNoise, [
    { kind: 'sources', enabled: false },
    { kind: 'sources', ids: [id], enabled: true },
  ]);

describe('resonant-noise: a noise source that hurts g = 5 ms but not g = 0', () => {
  it('starts with one source on: the 125 ms kernel heartbeat', () => {
    expect(
      startOf(resonantNoise)
        .noise.filter((s) => s.enabled)
        .map((s) => s.id),
    ).toEqual(['kernel-heartbeat-125ms']);
  });

  it('runs the source alone twice, at g = 0 and g = 5 ms, on the start’s machine and job', () => {
    const planned = resonantNoise.plan(only('cluster-manager-3'), startOf(resonantNoise));
    if (!('runs' in planned)) throw new Error('expected runs');
    expect(planned.runs.map((r) => r.label)).toEqual(['g = 0', 'g = 5.00 ms']);
    for (const [i, { scenario }] of planned.runs.entries()) {
      expect(scenario.noise.map((s) => s.id)).toEqual(['cluster-manager-3']);
      expect(scenario.workload).toMatchObject(RUNS[i]);
      expect(scenario.job).toEqual(startOf(resonantNoise).job);
    }
  });

  it('passes a long, rare source: the cluster manager’s 50 ms every minute', async () => {
    const { verdict, runs } = await checkInNode(resonantNoise, only('cluster-manager-3'));
    expect(runs).toBe(2);
    expect(verdict.pass).toBe(true);
    expect(verdict.summary).toMatch(
      /^“TruCluster cluster manager, activity 3 \(node 0\)” hurts g = 5 ms \(mean barrier latency \d+\.\d µs\) but not g = 0/,
    );
  });

  it('passes a source the student designs: 3 ms every 100 s on every node', async () => {
    const student = solution(resonantNoise, [
      { kind: 'set', path: 'noise.0.periodUs', value: 100_000_000 },
      { kind: 'set', path: 'noise.0.duration', value: { dist: 'fixed', valueUs: 3000 } },
    ]);
    const { verdict } = await checkInNode(resonantNoise, student);
    expect(verdict.pass).toBe(true);
  });

  it('fails the start: the heartbeat hurts g = 0 too, and says why', async () => {
    const { verdict } = await checkInNode(resonantNoise, startOf(resonantNoise));
    expect(verdict.pass).toBe(false);
    expect(verdict.summary).toMatch(/heartbeat \(640 µs every 125 ms\)” hurts g = 0 too\.$/);
    expect(verdict.lines[0]).toMatch(/at g = 0 the mean barrier latency is .* hurt, more than/);
  });

  it('fails a source that never touches the job (placed off its nodes)', async () => {
    const student = solution(resonantNoise, [
      { kind: 'set', path: 'noise.0.placement', value: { kind: 'nodes', ids: [2000] } },
    ]);
    const { verdict } = await checkInNode(resonantNoise, student);
    expect(verdict.pass).toBe(false);
    expect(verdict.summary).toMatch(/” does not hurt g = 5 ms enough\.$/);
  });

  it('refuses, without running, no source, two sources, or an aligned source', async () => {
    const none = solution(resonantNoise, [{ kind: 'sources', enabled: false }]);
    const two = solution(resonantNoise, [
      { kind: 'sources', ids: ['cluster-manager-3'], enabled: true },
    ]);
    const aligned = solution(resonantNoise, [
      { kind: 'sources', enabled: false },
      { kind: 'sources', ids: ['cluster-manager-3'], enabled: true, phase: 'aligned' },
    ]);
    for (const [student, reason] of [
      [none, /^no noise source is switched on/],
      [two, /2 noise sources are switched on/],
      [aligned, /aligned across nodes/],
    ] as const) {
      const { verdict, runs } = await checkInNode(resonantNoise, student);
      expect(runs).toBe(0);
      expect(verdict.pass).toBe(false);
      expect(verdict.refused).toBe(true);
      expect(verdict.summary).toMatch(reason);
      // sources are named as the panel names them, not by their ids
      expect(verdict.lines.join(' ')).not.toMatch(/cluster-manager-3/);
    }
  });
});
