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
  /** what the runs were computed from (inputs.ts): the fingerprint and how many files it covers */
  inputs?: { fingerprint: string; files: number };
}

/** The file beside the report that lists its inputs with their hashes (inputs.ts). */
export const INPUTS_FILE = 'docs/validation-inputs.json';

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

/** µs as seconds, three significant digits: fmtSeconds(103e6) = '103 s', fmtSeconds(10.3e6) = '10.3 s'. */
export function fmtSeconds(us: number): string {
  return Number.isFinite(us)
    ? `${(us / 1e6).toLocaleString('en-US', { maximumSignificantDigits: 3 })} s`
    : String(us);
}

/** A check that counts as evidence (not a check of a fit, nor an illustration). */
export const isEvidence = (c: Check) => (c.basis ?? 'evidence') === 'evidence';

/** A target passes when it ran and every one of its evidence checks passed. */
export function targetPassed(r: TargetResult): boolean {
  const evidence = r.checks.filter(isEvidence);
  return r.error === undefined && evidence.length > 0 && evidence.every((c) => c.pass);
}

export interface Counts {
  targets: number;
  targetsPassed: number;
  /** evidence checks only */
  checks: number;
  checksPassed: number;
  /** checks of a calibration (the model was fitted to them) and illustrations: not counted */
  notCounted: number;
  /** …of which fits that miss the figure they were fitted to, and illustrations that miss */
  fitsMissed: number;
  illustrationsMissed: number;
}

/** A target with evidence to count (or one that failed to run); the others hold fits only. */
const counted = (r: TargetResult) => r.error !== undefined || r.checks.some(isEvidence);

export function countResults(results: TargetResult[]): Counts {
  const all = results.flatMap((r) => r.checks);
  const checks = all.filter(isEvidence);
  return {
    targets: results.filter(counted).length,
    targetsPassed: results.filter(targetPassed).length,
    checks: checks.length,
    checksPassed: checks.filter((c) => c.pass).length,
    notCounted: all.length - checks.length,
    fitsMissed: all.filter((c) => c.basis === 'calibrated' && !c.pass).length,
    illustrationsMissed: all.filter((c) => c.basis === 'illustration' && !c.pass).length,
  };
}

/**
 * What of the checks not counted misses, said beside their count: a fit that misses the figure
 * it was fitted to is a calibration falling short, which the counted headline would hide.
 */
function missedText(n: Counts): string {
  const parts: string[] = [];
  if (n.fitsMissed > 0) {
    parts.push(
      `${n.fitsMissed} fit${n.fitsMissed === 1 ? '' : 's'} miss${n.fitsMissed === 1 ? 'es' : ''} the figure ${n.fitsMissed === 1 ? 'it was' : 'they were'} fitted to`,
    );
  }
  if (n.illustrationsMissed > 0) {
    parts.push(
      `${n.illustrationsMissed} illustration${n.illustrationsMissed === 1 ? '' : 's'} miss${n.illustrationsMissed === 1 ? 'es' : ''}`,
    );
  }
  return parts.length === 0 ? '' : `; of them, ${parts.join(' and ')}`;
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

/**
 * The result of a target of fits and illustrations only: how many of each hold, naming only the
 * kinds it has ("fits only (1 / 2 hold)", "illustrations only (2 / 4 hold)", "fits 3 / 4 and
 * illustrations 1 / 1 hold").
 */
function fitsOnly(r: TargetResult): string {
  const kinds = (
    [
      ['fits', 'calibrated'],
      ['illustrations', 'illustration'],
    ] as const
  )
    .map(([noun, basis]) => {
      const cs = r.checks.filter((c) => c.basis === basis);
      return { noun, held: cs.filter((c) => c.pass).length, of: cs.length };
    })
    .filter((k) => k.of > 0);
  if (kinds.length === 0) return 'no checks';
  if (kinds.length === 1) {
    const [k] = kinds;
    return `${k.noun} only (${k.held} / ${k.of} hold), not counted`;
  }
  const parts = kinds.map((k) => `${k.noun} ${k.held} / ${k.of}`);
  return `${parts.join(' and ')} hold, not counted`;
}

/** The pass cell: a calibration's or an illustration's check says so, and that it is not counted. */
function verdict(c: Check): string {
  if (c.basis === 'calibrated') return `${yes(c.pass)} (fit, not counted)`;
  if (c.basis === 'illustration') return `${yes(c.pass)} (illustration, not counted)`;
  return yes(c.pass);
}

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
      '`tests/validation/papers.test.ts` checks that the files this page was computed from ' +
      'are unchanged (the fingerprint below) and that the page is as its run wrote it, and ' +
      'reruns one target per engine to see its section come out word for word; when a file has ' +
      'changed since, it runs every target on smaller runs instead and checks that what ' +
      'passes here still passes. A published ' +
      'bound is used as printed; a published value is met within ±20% of itself ' +
      '(`src/validation/tolerance.ts`). Checks of a figure the model was fitted to ("fit") and ' +
      'illustrations of a claim the paper gives no figure for are shown but not counted.',
  );
  out.push('');
  out.push(
    `Generated ${opts.date}, ${opts.mode} runs. **${n.checksPassed} of ${n.checks} checks ` +
      `passed, ${n.checks - n.checksPassed} failed; ${n.targetsPassed} of ${n.targets} ` +
      `targets passed every check.** ${n.notCounted} more check${n.notCounted === 1 ? '' : 's'} ` +
      'of fits and illustrations, not counted (targets of fits and illustrations only are not ' +
      `counted either)${missedText(n)}.`,
  );
  out.push('');
  if (opts.inputs !== undefined) {
    out.push(
      `Inputs: ${opts.inputs.files} files (the source of the targets and of ` +
        '`scripts/validate-papers.ts`, imports followed to the end, and `scenarios/`), fingerprint ' +
        `\`${shortFingerprint(opts.inputs.fingerprint)}\`; each file's hash is in ` +
        `\`${INPUTS_FILE}\`.`,
    );
    out.push('');
  }
  out.push(
    'Papers: 000 = Petrini, Kerbyson, Pakin, SC’03 (ASCI Q); 002 = Davis, Petrini, tutorial ' +
      'slides (ASCI Q case study); 003 = Oral et al. (Jaguar XT5); 001 = Kramer, Ryan, ICCS ' +
      '2003 (run-to-run variability); 004 = Worley, slides (HALO on the Cray XT3 and XT4); the ' +
      'files are in ' +
      '`shared/seeds/`. Presets: `scenarios/`, described in `scenarios/README.md`.',
  );
  out.push('');
  out.push('## Summary');
  out.push('');
  out.push(row(['#', 'target', 'cite', 'checks passed', 'result']));
  out.push('| --: | --- | --- | --: | --- |');
  for (const r of sorted) {
    const evidence = r.checks.filter(isEvidence);
    const passed = evidence.filter((c) => c.pass).length;
    out.push(
      row([
        String(r.target.number),
        `[${r.target.title}](#${anchor(r)})`,
        r.target.cite,
        r.error ? 'error' : `${passed} / ${evidence.length}`,
        counted(r) ? yes(targetPassed(r)) : fitsOnly(r),
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

/** The first 12 hex digits of a fingerprint, as the report prints it. */
export const shortFingerprint = (fingerprint: string) => fingerprint.slice(0, 12);

/** A target's section of the report: its heading, cite line, checks and notes (lines). */
export function renderTarget(r: TargetResult): string[] {
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
      row([`\`${c.id}\``, c.claim, c.published, c.simulated, c.tolerance, verdict(c), c.run]),
    );
  }
  const notes = r.checks.filter((c) => c.note !== '' || (!c.pass && isEvidence(c)));
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
