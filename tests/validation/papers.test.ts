// Every validation target that CI runs (`fast: true`), in fast mode (the same claims on shorter
// runs of the same seeds, 1–5): each check that the full report (docs/validation.md, written by
// `npm run validate:papers`) passes must pass here too, so a change that breaks a reproduced
// result fails CI. The report's misses stay misses with their notes; they are not asserted here,
// and nothing is dropped from a target to keep CI green.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allTargets } from '../../src/validation/index.ts';

/** Per target, ms: the whole file must stay under about a minute on two cores. */
const TIMEOUT_MS = 60_000;

/** The verdict cell of every check row of the committed report, by check id. */
function reportVerdicts(): Map<string, string> {
  const text = readFileSync(new URL('../../docs/validation.md', import.meta.url), 'utf8');
  const out = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^\| `([^`]+)` \|/.exec(line);
    if (!m) continue;
    // cells split at pipes not escaped by the renderer (\|)
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim());
    out.set(m[1], cells[5]);
  }
  return out;
}

describe('the paper-validation targets, fast mode', () => {
  const targets = allTargets().filter((t) => t.fast);
  const verdicts = reportVerdicts();

  it('there are targets to run, and a report to compare with', () => {
    expect(targets.length).toBeGreaterThan(0);
    expect(verdicts.size).toBeGreaterThan(30);
    expect([...verdicts.values()].some((v) => v.startsWith('**FAIL**'))).toBe(true);
  });

  for (const target of targets) {
    it(
      `target ${target.number} (${target.title}) passes every check the report passes`,
      () => {
        const checks = target.run({ mode: 'fast' });
        expect(checks.length).toBeGreaterThan(0);
        const missing = checks.filter((c) => !verdicts.has(c.id)).map((c) => c.id);
        expect(missing, 'checks not in docs/validation.md: run npm run validate:papers').toEqual(
          [],
        );
        const broken = checks
          .filter((c) => verdicts.get(c.id)!.startsWith('pass') && !c.pass)
          .map((c) => `${c.id}: ${c.claim}; simulated ${c.simulated}, tolerance ${c.tolerance}`);
        expect(broken, broken.join('\n')).toEqual([]);
      },
      TIMEOUT_MS,
    );
  }
});
