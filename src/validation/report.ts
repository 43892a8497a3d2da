// Renders docs/validation.md from the results of the targets: what to run to regenerate it, a
// summary table, then per target its checks and, below them, the notes (every miss must have
// one: a miss without a note is flagged in the page). Pure: the caller supplies the date.
import { githubAnchor, targetHeading } from '../published/anchors.ts';
import type { Check, Target } from './types.ts';

/** One target's outcome, as the script collects it. */
export interface TargetResult {
  target: Pick<Target, 'number' | 'title' | 'cite'>;
  checks: Check[];
  /** wall time of the target's run, s (omitted: not shown) */
  seconds?: number;
  /** the message when the target threw instead of returning checks */
  error?: string;
}

export interface ReportOptions {
  /** e.g. '2025-01-31' */
  date: string;
  /** how the targets were run, e.g. 'full' */
  mode: 'full' | 'fast';
}

/** A fraction as a percentage: fmtPct(0.123) = '12.3%'. */
export function fmtPct(x: number, digits = 1): string {
  return Number.isFinite(x) ? `${(100 * x).toFixed(digits)}%` : String(x);
}

/** A ratio: fmtTimes(2.04) = '2.0×'. */
export function fmtTimes(x: number, digits = 1): string {
  return Number.isFinite(x) ? `${x.toFixed(digits)}×` : String(x);
}

/** µs as milliseconds: fmtMs(1234) = '1.23 ms'. */
export function fmtMs(us: number, digits = 2): string {
  return Number.isFinite(us) ? `${(us / 1000).toFixed(digits)} ms` : String(us);
}

/** A target passes when it ran and every one of its checks passed. */
export function targetPassed(r: TargetResult): boolean {
  return r.error === undefined && r.checks.length > 0 && r.checks.every((c) => c.pass);
}

export interface Counts {
  targets: number;
  targetsPassed: number;
  checks: number;
  checksPassed: number;
}

export function countResults(results: TargetResult[]): Counts {
  const checks = results.flatMap((r) => r.checks);
  return {
    targets: results.length,
    targetsPassed: results.filter(targetPassed).length,
    checks: checks.length,
    checksPassed: checks.filter((c) => c.pass).length,
  };
}

/** Text safe inside a markdown table cell: no pipes, no line breaks. */
function cell(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ');
}

function row(cells: string[]): string {
  return `| ${cells.map(cell).join(' | ')} |`;
}

const yes = (pass: boolean) => (pass ? 'pass' : '**FAIL**');

export function renderReport(results: TargetResult[], opts: ReportOptions): string {
  const sorted = [...results].sort((a, b) => a.target.number - b.target.number);
  const n = countResults(sorted);
  const out: string[] = [];
  out.push('# Paper validation');
  out.push('');
  out.push(
    'Every published result NoiseLab claims to reproduce, the simulated figure next to it, ' +
      'the tolerance and whether it is met. Generated: do not edit by hand. Regenerate with ' +
      '`npm run validate:papers` (all targets, full runs; `npm run validate:papers -- 5 7` ' +
      'runs only targets 5 and 7 and prints them without writing this page). The CI test ' +
      '`tests/validation/papers.test.ts` runs the same targets on smaller runs.',
  );
  out.push('');
  out.push(
    `Generated ${opts.date}, ${opts.mode} runs. **${n.checksPassed} of ${n.checks} checks ` +
      `passed, ${n.checks - n.checksPassed} failed; ${n.targetsPassed} of ${n.targets} ` +
      `targets passed every check.**`,
  );
  out.push('');
  out.push(
    'Papers: 000 = Petrini, Kerbyson, Pakin, SC’03 (ASCI Q); 002 = Davis, Petrini, tutorial ' +
      'slides (ASCI Q case study); 003 = Oral et al. (Jaguar XT5); the files are in ' +
      '`shared/seeds/`. Presets: `scenarios/`, described in `scenarios/README.md`.',
  );
  out.push('');
  out.push('## Summary');
  out.push('');
  out.push(row(['#', 'target', 'cite', 'checks passed', 'result']));
  out.push('| --: | --- | --- | --: | --- |');
  for (const r of sorted) {
    const passed = r.checks.filter((c) => c.pass).length;
    out.push(
      row([
        String(r.target.number),
        `[${r.target.title}](#${anchor(r)})`,
        r.target.cite,
        r.error ? 'error' : `${passed} / ${r.checks.length}`,
        yes(targetPassed(r)),
      ]),
    );
  }
  for (const r of sorted) out.push('', ...renderTarget(r));
  out.push('');
  return out.join('\n');
}

const heading = (r: TargetResult) => targetHeading(r.target.number, r.target.title);

/** GitHub's anchor for the target's heading (the report page gives it a stable id too). */
const anchor = (r: TargetResult) => githubAnchor(heading(r));

function renderTarget(r: TargetResult): string[] {
  const out = [`## ${heading(r)}`, ''];
  const time = r.seconds === undefined ? '' : ` Ran in ${r.seconds.toFixed(0)} s.`;
  out.push(`Cite: ${r.target.cite}.${time}`, '');
  if (r.error !== undefined) {
    out.push(`**The target failed to run:** ${r.error}`);
    return out;
  }
  if (r.checks.length === 0) {
    out.push('**The target returned no checks.**');
    return out;
  }
  out.push(row(['check', 'claim', 'published', 'simulated', 'tolerance', 'pass', 'run']));
  out.push('| --- | --- | --- | --- | --- | --- | --- |');
  for (const c of r.checks) {
    out.push(
      row([`\`${c.id}\``, c.claim, c.published, c.simulated, c.tolerance, yes(c.pass), c.run]),
    );
  }
  const notes = r.checks.filter((c) => c.note !== '' || !c.pass);
  if (notes.length > 0) {
    out.push('', 'Notes:', '');
    for (const c of notes) {
      const text = c.note !== '' ? c.note : '**Unexplained miss: this check has no note.**';
      const tag = c.pass ? '' : ' (miss)';
      out.push(`- \`${c.id}\`${tag}: ${text.replace(/\s*\n\s*/g, ' ')}`);
    }
  }
  return out;
}
