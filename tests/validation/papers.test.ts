// The paper-validation report (docs/validation.md, written by `npm run validate:papers` in about
// 20 minutes) against the code beside it.
//
// When the report was written from this tree (the fingerprint of the files its runs were
// computed from, src/validation/inputs.ts, is the one it records), its results are this code's
// results: the page must be, to the byte, the one the run wrote (its hash is recorded beside
// it, so a hand edit anywhere in it fails), and a few targets are rerun in full and their
// sections must come out word for word (the same simulated figures, verdicts and notes), which
// a run that is not deterministic, or a record written by hand, would not give.
//
// When the code has changed since, the report may no longer be its own: every target that CI
// runs is run in fast mode (the same claims on shorter runs of the same seeds, 1–5; a few in full
// mode, FULL_IN_CI), and each check the report passes must pass here too, so a change that breaks
// a reproduced result fails. Rerunning `npm run validate:papers` makes the report this code's
// again. The report's misses stay misses with their notes; they are not asserted here, and
// nothing is dropped from a target to keep CI green.
import { describe, expect, it } from 'vitest';
import { allTargets } from '../../src/validation/index.ts';
import {
  currentInputs,
  describeChanges,
  fingerprintOf,
  textHash,
  type ReportInputs,
} from '../../src/validation/inputs.ts';
import { renderTarget, shortFingerprint } from '../../src/validation/report.ts';
import {
  recordedInputs,
  reportSections,
  reportText,
  reportVerdicts,
} from '../helpers/report-verdicts.ts';

/** Per target, ms: a guard against a run that never ends, not a speed check. The slowest
 * targets take about 4 minutes in full mode on two loaded cores. */
const TIMEOUT_MS = 600_000;

/**
 * The targets rerun in full when the report is this tree's: cheap ones (a second to half a
 * minute each on two busy cores), one per engine: the barrier engine and its attribution on ASCI
 * Q (5), the allreduce on the phase engine (3), FWQ (12), the halo exchange (13) and the
 * workload programs with a job-wide freeze (15: EP, LU's wavefront and FT's all-to-all). SAGE
 * (4), a program of computation and allreduces on the engine 3 runs, and BG/P's barrier (11),
 * on the barrier engine 5 runs, were rerun too until the whole check had to fit in 8 minutes.
 */
const REPRODUCED = [3, 5, 12, 13, 15];

/**
 * Targets the fallback runs in full mode, the report's own runs: their checks rest on rare noise
 * (the RMS daemons spawned within a window once or twice a minute, the node-0 and node-1
 * activities a few times a minute), so a run of a few seconds meets it or not and a shorter
 * run's median over seeds is not the report's. Target 14's Lemieux noise is a node activity of
 * lognormal lengths: a CoV over a few runs is decided by the few long events they meet (LU over 5
 * runs: 1.6%, over the report's 20: 2.7%).
 */
const FULL_IN_CI = new Set([1, 6, 8, 14]);

const recorded: ReportInputs | null = recordedInputs();
const now = currentInputs();
const fresh = recorded !== null && recorded.fingerprint === now.fingerprint;

describe('docs/validation.md and the inputs it was written from', () => {
  it('lists its inputs beside it, and prints their fingerprint', () => {
    expect(recorded, 'docs/validation-inputs.json: run npm run validate:papers').not.toBeNull();
    expect(fingerprintOf(recorded!.files)).toBe(recorded!.fingerprint);
    expect(reportText()).toContain(`fingerprint \`${shortFingerprint(recorded!.fingerprint)}\``);
  });

  it('covers the engine, the scenario validator, the targets and the presets', () => {
    const files = Object.keys(now.files);
    for (const f of [
      'src/engine/barrier-run.ts',
      'src/engine/event-rule.ts',
      'src/scenario/validate.ts',
      'src/validation/targets/asci-q.ts',
      'src/validation/report.ts',
      'scenarios/asci-q-2002.json',
    ]) {
      expect(files).toContain(f);
    }
  });
});

if (fresh) {
  describe('the report is this tree’s: targets rerun in full come out word for word', () => {
    const sections = reportSections();
    const targets = allTargets();

    it('is the page its run wrote, to the byte', () => {
      expect(recorded!.report, 'docs/validation-inputs.json names no report hash').toBeDefined();
      expect(textHash(reportText()), 'docs/validation.md was edited after its run').toBe(
        recorded!.report,
      );
    });

    for (const number of REPRODUCED) {
      it(
        `target ${number}`,
        () => {
          const target = targets.find((t) => t.number === number);
          expect(target, `no target ${number}`).toBeDefined();
          const checks = target!.run({ mode: 'full' });
          const section = renderTarget({ target: target!, checks }).join('\n');
          const printed = sections.get(number)?.replace(/ Ran in \d+ s\./, '');
          expect(section).toBe(printed);
        },
        TIMEOUT_MS,
      );
    }
  });
} else {
  describe('the code changed since the report: every target, fast mode', () => {
    const targets = allTargets().filter((t) => t.fast);
    const verdicts = reportVerdicts();

    it('says what changed, and there are targets to run and a report to compare with', () => {
      console.warn(
        'docs/validation.md was written from other inputs ' +
          `(${recorded === null ? 'no inputs file' : describeChanges(recorded, now)}); ` +
          'every target runs in fast mode. `npm run validate:papers` brings it up to date.',
      );
      expect(targets.length).toBeGreaterThan(0);
      expect(verdicts.size).toBeGreaterThan(30);
      expect([...verdicts.values()].some((v) => v.startsWith('**FAIL**'))).toBe(true);
    });

    for (const target of targets) {
      it(
        `target ${target.number} (${target.title}) passes every check the report passes${FULL_IN_CI.has(target.number) ? ' (full mode)' : ''}`,
        () => {
          const checks = target.run({ mode: FULL_IN_CI.has(target.number) ? 'full' : 'fast' });
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
}
