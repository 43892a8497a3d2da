// Every validation target that CI runs (`fast: true`), in fast mode: each check must pass. The
// full runs behind docs/validation.md are `npm run validate:papers`; these are the same claims
// on smaller runs, with the seeds fixed, so a change that breaks a reproduced result fails here.
import { describe, expect, it } from 'vitest';
import { allTargets } from '../../src/validation/index.ts';

/** Per target, ms: the whole file must stay under about a minute on two cores. */
const TIMEOUT_MS = 45_000;

describe('the paper-validation targets, fast mode', () => {
  const targets = allTargets().filter((t) => t.fast);
  it('there are targets to run', () => {
    expect(targets.length).toBeGreaterThan(0);
  });
  for (const target of targets) {
    it(
      `target ${target.number} (${target.title}) passes every check it keeps in fast mode`,
      () => {
        const checks = target.run({ mode: 'fast' });
        expect(checks.length).toBeGreaterThan(0);
        const misses = checks
          .filter((c) => !c.pass)
          .map((c) => `${c.id}: ${c.claim}; simulated ${c.simulated}, tolerance ${c.tolerance}`);
        expect(misses, misses.join('\n')).toEqual([]);
      },
      TIMEOUT_MS,
    );
  }
});
