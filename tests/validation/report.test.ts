// The validation report renderer (src/validation/report.ts) on a made-up list of results.
import { describe, expect, it } from 'vitest';
import {
  countResults,
  fmtMs,
  fmtPct,
  fmtTimes,
  renderReport,
} from '../../src/validation/report.ts';
import type { TargetResult } from '../../src/validation/report.ts';
import type { Check } from '../../src/validation/types.ts';

function chk(id: string, pass: boolean, note = ''): Check {
  return {
    id,
    claim: `claim of ${id}`,
    published: '15%',
    simulated: pass ? '14%' : '40%',
    tolerance: '5–25%',
    pass,
    run: 'preset x, seed 1',
    note,
  };
}

const results: TargetResult[] = [
  {
    target: { number: 7, title: 'Second target', cite: '000 Fig 16' },
    checks: [chk('b-ok', true), chk('b-miss', false, 'misses because the model lacks X')],
    seconds: 3,
  },
  {
    target: { number: 2, title: 'First target', cite: '000 Fig 2' },
    checks: [chk('a-ok', true), { ...chk('a-pipe', true), claim: 'a | b' }],
  },
  {
    target: { number: 9, title: 'Unexplained', cite: '000 sec 4' },
    checks: [chk('c-miss', false)],
  },
  { target: { number: 11, title: 'Broken', cite: '003 Fig 1' }, checks: [], error: 'boom' },
];

describe('renderReport', () => {
  const page = renderReport(results, { date: '2025-01-31', mode: 'full' });

  it('counts checks and targets', () => {
    expect(countResults(results)).toEqual({
      targets: 4,
      targetsPassed: 1,
      checks: 5,
      checksPassed: 3,
      notCounted: 0,
      fitsMissed: 0,
      illustrationsMissed: 0,
    });
    expect(page).toContain(
      '**3 of 5 checks passed, 2 failed; 1 of 4 targets passed every check.**',
    );
  });

  it('shows checks of a fit and illustrations apart, without counting them', () => {
    const more: TargetResult[] = [
      {
        target: { number: 3, title: 'Fits', cite: '000 Fig 6' },
        checks: [
          chk('evidence-ok', true),
          { ...chk('fit-miss', false), basis: 'calibrated' },
          { ...chk('shown', true), basis: 'illustration' },
        ],
      },
    ];
    expect(countResults(more)).toEqual({
      targets: 1,
      targetsPassed: 1,
      checks: 1,
      checksPassed: 1,
      notCounted: 2,
      fitsMissed: 1,
      illustrationsMissed: 0,
    });
    const text = renderReport(more, { date: '2025-01-31', mode: 'full' });
    expect(text).toContain(
      '**1 of 1 checks passed, 0 failed; 1 of 1 targets passed every check.** 2 more checks of fits and illustrations, not counted (targets of fits and illustrations only are not counted either); of them, 1 fit misses the figure it was fitted to.',
    );
    expect(text).toMatch(/\| `fit-miss` \|.*\| \*\*FAIL\*\* \(fit, not counted\) \|/);
    expect(text).toMatch(/\| `shown` \|.*\| pass \(illustration, not counted\) \|/);
    expect(text).toMatch(/\| 3 \| .* \| 1 \/ 1 \| pass \|/);
    const fitsOnly: TargetResult[] = [
      {
        target: { number: 4, title: 'Only fits', cite: '003 Fig 1' },
        checks: [{ ...chk('fit-ok', true), basis: 'calibrated' }],
      },
    ];
    expect(countResults(fitsOnly)).toMatchObject({ targets: 0, checks: 0, notCounted: 1 });
    expect(renderReport(fitsOnly, { date: 'd', mode: 'full' })).toMatch(
      /\| 4 \| .* \| 0 \/ 0 \| fits only \(1 \/ 1 hold\), not counted \|/,
    );
    // a target of illustrations only says so, and one of both names both
    const shownOnly: TargetResult[] = [
      {
        target: { number: 5, title: 'Only shown', cite: '004' },
        checks: [
          { ...chk('a', true), basis: 'illustration' },
          { ...chk('b', false), basis: 'illustration' },
        ],
      },
      {
        target: { number: 6, title: 'Both', cite: '004' },
        checks: [
          { ...chk('c', true), basis: 'calibrated' },
          { ...chk('d', true), basis: 'illustration' },
        ],
      },
    ];
    const both = renderReport(shownOnly, { date: 'd', mode: 'full' });
    const empty = renderReport(
      [{ target: { number: 7, title: 'Nothing yet', cite: '004' }, checks: [] }],
      { date: 'd', mode: 'full' },
    );
    expect(empty).toMatch(/\| 7 \| .* \| 0 \/ 0 \| no checks \|/);
    // what misses among the checks not counted is said beside their count
    expect(both).toContain('not counted either); of them, 1 illustration misses.');
    expect(empty).toContain('not counted either).');
    expect(both).toMatch(
      /\| 5 \| .* \| 0 \/ 0 \| illustrations only \(1 \/ 2 hold\), not counted \|/,
    );
    expect(both).toMatch(
      /\| 6 \| .* \| 0 \/ 0 \| fits 1 \/ 1 and illustrations 1 \/ 1 hold, not counted \|/,
    );
  });

  it('says how to regenerate it and when it was made', () => {
    expect(page).toContain('npm run validate:papers');
    expect(page).toContain('Generated 2025-01-31, full runs.');
  });

  it('names the inputs it was computed from when told them, and only then', () => {
    const fp = 'ab'.repeat(32);
    const withInputs = renderReport(results, {
      date: 'd',
      mode: 'full',
      inputs: { fingerprint: fp, files: 147 },
    });
    expect(withInputs).toContain('Inputs: 147 files');
    expect(withInputs).toContain('fingerprint `abababababab`');
    expect(withInputs).toContain('`docs/validation-inputs.json`');
    expect(page).not.toContain('Inputs:');
  });

  it('lists the targets in number order in the summary table', () => {
    const order = ['| 2 |', '| 7 |', '| 9 |', '| 11 |'].map((s) => page.indexOf(s));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(page).toMatch(
      /\| 7 \| \[Second target\]\(#7-second-target\) \| 000 Fig 16 \| 1 \/ 2 \| \*\*FAIL\*\* \|/,
    );
    expect(page).toMatch(/\| 2 \| .* \| 2 \/ 2 \| pass \|/);
  });

  it('puts a failing check’s note under its table, marked as a miss', () => {
    expect(page).toContain('- `b-miss` (miss): misses because the model lacks X');
    const table = page.indexOf('| `b-miss` |');
    expect(table).toBeGreaterThan(0);
    expect(page.indexOf('misses because the model lacks X')).toBeGreaterThan(table);
  });

  it('flags a miss that has no note', () => {
    expect(page).toContain('- `c-miss` (miss): **Unexplained miss: this check has no note.**');
  });

  it('escapes pipes inside cells and reports a target that did not run', () => {
    expect(page).toContain('a \\| b');
    expect(page).toContain('**The target failed to run:** boom');
    expect(page).toContain('Ran in 3 s.');
  });
});

describe('number formats', () => {
  it('writes fractions, ratios and µs the way the report shows them', () => {
    expect(fmtPct(0.1234)).toBe('12.3%');
    expect(fmtPct(0.5, 0)).toBe('50%');
    expect(fmtTimes(13.04)).toBe('13.0×');
    expect(fmtMs(1234)).toBe('1.23 ms');
    expect(fmtPct(NaN)).toBe('NaN');
  });
});
