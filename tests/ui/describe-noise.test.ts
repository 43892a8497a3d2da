import { describe, expect, it } from 'vitest';
import type { NoiseSource } from '../../src/scenario/index.ts';
import { describeSource } from '../../src/ui/describe-noise.ts';

const heartbeat: NoiseSource = {
  id: 'kernel-heartbeat-125ms',
  label: 'TruCluster kernel heartbeat',
  category: 'kernel',
  enabled: true,
  periodUs: 125_000,
  arrival: 'periodic',
  phase: 'random',
  phaseOffsetUs: 0,
  duration: { dist: 'fixed', valueUs: 640 },
  placement: { kind: 'all' },
  cpu: 'any',
  provenance: {},
};

describe('describeSource: one line on the scenario card', () => {
  it('says when, how long, where and on which core', () => {
    expect(describeSource(heartbeat)).toBe('every 125 ms, 640 µs, on every node, any core');
    expect(
      describeSource({
        ...heartbeat,
        arrival: 'poisson',
        periodUs: 2400,
        duration: { dist: 'uniform', minUs: 0, maxUs: 200 },
        placement: { kind: 'clusterOffsets', offsets: [31] },
        cpu: 0,
      }),
    ).toBe('about every 2.4 ms (Poisson), 0 µs to 200 µs, uniform, on cluster offset 31, core 0');
  });

  it('says when a source is aligned across nodes (co-scheduled), with its offset', () => {
    const aligned = { ...heartbeat, phase: 'aligned' } as const;
    expect(describeSource(aligned)).toBe(
      'every 125 ms, 640 µs, on every node, any core, aligned across nodes',
    );
    expect(describeSource({ ...aligned, phaseOffsetUs: 10_000 })).toBe(
      'every 125 ms, 640 µs, on every node, any core, aligned across nodes (offset 10 ms)',
    );
  });

  it('says a window, a group, and a part’s delay after its group’s start', () => {
    const part = { ...heartbeat, phaseWindowUs: 20e6, group: 'rms' };
    expect(describeSource(part)).toBe(
      'every 125 ms, 640 µs, on every node, any core, within 20 s of a common instant, ' +
        'together with its group "rms"',
    );
    expect(describeSource({ ...part, phaseOffsetUs: 15_000 })).toBe(
      'every 125 ms, 640 µs, on every node, any core, within 20 s of a common instant, ' +
        '15 ms after the start of its group "rms"',
    );
  });
});
