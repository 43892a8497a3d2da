// The differential check of the message workloads' tests: the phase engine against the naive
// reference (reference-tree.ts, which shares no code with the engine but the noise table).
import { expect } from 'vitest';
import { PhaseRun } from '../../src/engine/phase-run.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { referenceTree } from './reference-tree.ts';

/**
 * Runs `s` on the phase engine with every release recorded and expects it to agree with the
 * reference to the bit: iteration times, rank 0's collective time, every rank's releases, and a
 * halo's update times.
 * Returns the engine's run for the caller's own counts.
 */
export function expectSameAsReference(s: Scenario): PhaseRun {
  const ref = referenceTree(s);
  const run = new PhaseRun(s, { recordReleases: true }).run();
  const why = `seed ${s.seed} ${s.job.nodes}×${s.job.ranksPerNode} ${s.job.waitMode}`;
  expect(Array.from(run.durations), why).toEqual(ref.durations);
  expect(Array.from(run.rootCollectiveUs), why).toEqual(ref.rootCollective);
  expect(Array.from(run.releases!), why).toEqual(ref.releases.flat());
  // a halo's update times (§7): per measured iteration the least and most over the ranks to
  // the bit, the sum to rounding (the engine adds them in release order)
  expect(run.iterUpdateSum === null, why).toBe(ref.updates === null);
  if (ref.updates !== null) {
    const measured = ref.updates.slice(s.workload.warmup);
    expect(Array.from(run.iterUpdateMin!), why).toEqual(measured.map((u) => Math.min(...u)));
    expect(Array.from(run.iterUpdateMax!), why).toEqual(measured.map((u) => Math.max(...u)));
    measured.forEach((u, j) => {
      const sum = u.reduce((a, b) => a + b, 0);
      expect(Math.abs(run.iterUpdateSum![j] - sum), why).toBeLessThanOrEqual(1e-9 * (1 + sum));
    });
  }
  return run;
}
