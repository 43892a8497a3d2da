// The calibration objective's residuals: ±1 at the edge of the report's tolerance.
import { describe, expect, it } from 'vitest';
import {
  aboveResidual,
  belowResidual,
  pooledLengthShare,
  pooledSourceShare,
  valueResidual,
} from '../../src/calibration/objective.ts';
import type { SeedMeasure } from '../../src/calibration/types.ts';
import { nearValue } from '../../src/validation/tolerance.ts';

describe('residuals', () => {
  it('a published value: 0 on it, ±1 at ±20%, and within 1 exactly when the report passes it', () => {
    expect(valueResidual(0.15, 0.15)).toBe(0);
    expect(valueResidual(0.18, 0.15)).toBeCloseTo(1, 12);
    expect(valueResidual(10.4, 13)).toBeCloseTo(-1, 12);
    for (const sim of [0.1, 0.119, 0.121, 0.15, 0.179, 0.181, 0.3]) {
      expect(Math.abs(valueResidual(sim, 0.15)) <= 1 + 1e-9).toBe(nearValue(sim, 0.15));
    }
  });

  it('a bound: 0 when met, the shortfall in units of 20% of the bound otherwise', () => {
    expect(aboveResidual(3.1, 2)).toBe(0);
    expect(aboveResidual(1.6, 2)).toBeCloseTo(1, 12);
    expect(belowResidual(250, 300)).toBe(0);
    expect(belowResidual(420, 300)).toBeCloseTo(2, 12);
  });

  it('pooled shares sum the seeds’ charges before dividing', () => {
    const runs: SeedMeasure[] = [
      {
        seed: 1,
        latencyUs: 1,
        iterationUs: 1,
        rootCollectiveUs: NaN,
        lostByCategory: { kernel: 10, rms: 30 },
        lostBySource: { a: 10, b: 30 },
        totalLostUs: 40,
        // 5 µs of lost time between Table 2's classes (3–5 ms long): in the total only
        lostByLength: { kernel: 10, rms: 30 },
        lengthTotalUs: 45,
      },
      {
        seed: 2,
        latencyUs: 1,
        iterationUs: 1,
        rootCollectiveUs: NaN,
        lostByCategory: { kernel: 50 },
        lostBySource: { a: 50 },
        totalLostUs: 60,
        lostByLength: { kernel: 50 },
        lengthTotalUs: 55,
      },
    ];
    expect(pooledLengthShare(runs, 'kernel')).toBeCloseTo(0.6, 12);
    expect(pooledLengthShare(runs, 'rms')).toBeCloseTo(0.3, 12);
    expect(pooledLengthShare(runs, 'trucluster')).toBe(0);
    expect(pooledSourceShare(runs, 'b', ['a', 'b'])).toBeCloseTo(30 / 90, 12);
  });
});
