// `npm run validate:papers [-- N ...]`: runs the paper-validation targets in full mode, prints a
// line per check, and writes docs/validation.md. With target numbers, runs only those and
// prints them (the page is not rewritten from a partial run). Beside the page it writes
// docs/validation-inputs.json, the hash of every file the runs were computed from
// (src/validation/inputs.ts) and of the page itself; when one of them changed during the run,
// neither is written.
// Exit status 1 when a check fails (the page is still written), 2 on a bad argument, 3 when the
// inputs changed during the run.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  allTargets,
  countResults,
  renderReport,
  type TargetResult,
} from '../src/validation/index.ts';
import { currentInputs, describeChanges, textHash } from '../src/validation/inputs.ts';
import { INPUTS_FILE } from '../src/validation/report.ts';

const DOC = fileURLToPath(new URL('../docs/validation.md', import.meta.url));
const INPUTS = fileURLToPath(new URL(`../${INPUTS_FILE}`, import.meta.url));

function main(argv: string[]): number {
  const targets = allTargets();
  const known = new Set(targets.map((t) => t.number));
  const only = new Set<number>();
  for (const a of argv) {
    const n = Number(a);
    if (!Number.isInteger(n) || !known.has(n)) {
      console.error(`unknown target "${a}"; known: ${[...known].join(', ')}`);
      return 2;
    }
    only.add(n);
  }
  const chosen = only.size > 0 ? targets.filter((t) => only.has(t.number)) : targets;
  const results: TargetResult[] = [];
  const inputs = currentInputs();
  const start = performance.now();
  for (const target of chosen) {
    console.log(`[${target.number}] ${target.title} (${target.cite}): running, full mode ...`);
    const t0 = performance.now();
    const result: TargetResult = { target, checks: [] };
    try {
      result.checks = target.run({ mode: 'full' });
    } catch (err) {
      result.error = (err as Error).stack ?? String(err);
    }
    result.seconds = (performance.now() - t0) / 1000;
    results.push(result);
    if (result.error !== undefined) console.log(`  ERROR ${result.error}`);
    for (const c of result.checks) {
      const verdict = c.pass ? 'pass' : 'FAIL';
      console.log(
        `  ${verdict} ${c.id}: simulated ${c.simulated}; published ${c.published}; ` +
          `tolerance ${c.tolerance}`,
      );
    }
    console.log(`  (${result.seconds.toFixed(1)} s)`);
  }
  const n = countResults(results);
  const failed = n.checks - n.checksPassed;
  const errors = results.filter((r) => r.error !== undefined).length;
  const minutes = ((performance.now() - start) / 60000).toFixed(1);
  console.log(
    `\n${n.checksPassed} of ${n.checks} checks passed, ${failed} failed` +
      `${errors > 0 ? `, ${errors} target(s) did not run` : ''} (${minutes} min).`,
  );
  const after = currentInputs();
  if (only.size === 0 && after.fingerprint !== inputs.fingerprint) {
    console.error(
      `Files the targets run changed while they ran (${describeChanges(inputs, after)}): ` +
        'docs/validation.md not rewritten. Run it again on a tree that stays still.',
    );
    return 3;
  }
  if (only.size === 0) {
    const date = new Date().toISOString().slice(0, 10);
    const files = Object.keys(inputs.files).length;
    const report = renderReport(results, {
      date,
      mode: 'full',
      inputs: { fingerprint: inputs.fingerprint, files },
    });
    writeFileSync(DOC, report);
    const record = { ...inputs, report: textHash(report), node: process.version };
    writeFileSync(INPUTS, `${JSON.stringify(record, null, 2)}\n`);
    console.log(`Wrote docs/validation.md and ${INPUTS_FILE} (${files} files).`);
  } else {
    console.log('Ran a subset: docs/validation.md not rewritten.');
  }
  if (failed > 0 || errors > 0) {
    console.log('Exit status 1: some checks failed (see the notes in the report for why).');
    return 1;
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
