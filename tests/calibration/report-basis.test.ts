// The calibration and the paper report agree on what is a fit: a result in the calibration's
// objective is listed by docs/validation.md as a fit (not counted), and a result the calibration
// holds out is counted as evidence. So a check cannot be fitted and counted at once.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { asciQProblem } from '../../src/calibration/asci-q.ts';

const problem = asciQProblem({ iterations: 100, fwqQuanta: 1000, allreduces: 10, seeds: [11] });

function verdicts(): Map<string, string> {
  const text = readFileSync(new URL('../../docs/validation.md', import.meta.url), 'utf8');
  const out = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^\| `([^`]+)` \|/.exec(line);
    if (!m) continue;
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim());
    out.set(m[1], cells[5]);
  }
  return out;
}

describe('fits and evidence', () => {
  const report = verdicts();
  for (const t of problem.terms) {
    it(`${t.id} is ${t.heldOut ? 'counted as evidence' : 'listed as a fit'} in docs/validation.md`, () => {
      const v = report.get(t.id);
      expect(v, `${t.id} is not a check of docs/validation.md`).toBeDefined();
      expect(v!.includes('(fit, not counted)')).toBe(!t.heldOut);
    });
  }
});
