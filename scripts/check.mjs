#!/usr/bin/env node
// `npm test`: every check this project has, in one command, as CI runs it.
//
// Two lanes run side by side: the browser tests (Chromium waits on the page and its workers for
// about half its time: 56% of two cores busy, measured on the slowest files) and, meanwhile,
// types, lint, formatting and the unit tests one after the other, which fill the cores the
// browser leaves idle. `npm test -- --serial` runs the steps one at a time instead.
//
// Each step runs even when an earlier one fails, so one run reports everything. A step's output
// goes to .check/<step>.log and is printed whole when the step ends, so lanes never interleave
// their lines. Last: a table of the steps and the plain line "N passed, N failed" counting the
// tests of the unit and browser suites. Exit code 1 when any step failed.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const args = process.argv.slice(2);
const serial = args.includes('--serial');
const only = args.filter((a) => a !== '--serial'); // e.g. `npm test -- unit lint` runs just those
const NAMES = ['types', 'lint', 'format', 'unit', 'browser'];
const unknown = only.filter((a) => !NAMES.includes(a));
if (unknown.length > 0) {
  console.error(
    `npm test: no step "${unknown.join('", "')}"; the steps are ${NAMES.join(', ')}, and --serial runs them one at a time`,
  );
  process.exit(2);
}
const out = '.check';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const steps = [
  { name: 'types', lane: 'static', cmd: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', lane: 'static', cmd: 'npx', args: ['eslint', '.'] },
  { name: 'format', lane: 'static', cmd: 'npx', args: ['prettier', '--check', '.'] },
  {
    name: 'unit',
    lane: 'static',
    cmd: 'npx',
    args: [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${out}/unit.json`,
    ],
    report: `${out}/unit.json`,
  },
  {
    name: 'browser',
    lane: 'browser',
    cmd: 'npx',
    args: [
      'vitest',
      'run',
      '-c',
      'vitest.browser.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${out}/browser.json`,
    ],
    report: `${out}/browser.json`,
    // Installs Debian's chromium when it is missing (as root); before the lanes start, so its
    // output is not mixed with a step's.
    before: ['node', ['scripts/ensure-chromium.mjs']],
    when: () => existsSync('vitest.browser.config.ts'),
  },
].filter((s) => (only.length === 0 || only.includes(s.name)) && (!s.when || s.when()));

/** Runs one step with its output in .check/<name>.log; resolves with its row of the table. */
function runStep(step) {
  const log = `${out}/${step.name}.log`;
  const t0 = Date.now();
  console.log(`▷ ${step.name} started (its output follows when it ends)`);
  return new Promise((resolve) => {
    const file = createWriteStream(log);
    const child = spawn(step.cmd, step.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      // no colour codes in the log files; the counts come from the JSON reports
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    child.stdout.pipe(file, { end: false });
    child.stderr.pipe(file, { end: false });
    let settled = false;
    const finish = (ok) => {
      if (settled) return; // a command that cannot start reports 'error' and then 'close'
      settled = true;
      file.end(() => {
        let passed = 0;
        let failed = 0;
        if (step.report && existsSync(step.report)) {
          try {
            const r = JSON.parse(readFileSync(step.report, 'utf8'));
            passed = r.numPassedTests ?? 0;
            failed = r.numFailedTests ?? 0;
            if ((r.numTotalTests ?? 0) === 0) ok = false; // a suite that ran nothing is a failure
          } catch (err) {
            ok = false;
            console.log(`${step.report} could not be read: ${err.message}`);
          }
        } else if (step.report) {
          ok = false;
        }
        const seconds = ((Date.now() - t0) / 1000).toFixed(1);
        console.log(`\n▶ ${step.name} (${ok ? 'ok' : 'FAILED'}, ${seconds} s)\n`);
        const text = readFileSync(log, 'utf8');
        process.stdout.write(text.endsWith('\n') || text === '' ? text : `${text}\n`);
        resolve({
          row: { step: step.name, result: ok ? 'ok' : 'FAILED', seconds },
          passed,
          failed,
        });
      });
    };
    child.on('error', (err) => {
      file.write(`could not start ${step.cmd}: ${err.message}\n`);
      finish(false);
    });
    child.on('close', (code) => finish(code === 0));
  });
}

/** Runs steps one after the other; resolves with their outcomes in order. */
async function lane(list) {
  const done = [];
  for (const step of list) done.push(await runStep(step));
  return done;
}

const t0 = Date.now();
const failedBefore = new Set();
for (const step of steps) {
  if (step.before && spawnSync(step.before[0], step.before[1], { stdio: 'inherit' }).status !== 0) {
    failedBefore.add(step.name);
  }
}
const runnable = steps.filter((s) => !failedBefore.has(s.name));
const lanes = serial
  ? [runnable]
  : ['browser', 'static'].map((l) => runnable.filter((s) => s.lane === l));
const outcomes = (await Promise.all(lanes.map(lane))).flat();

const rows = steps.map((step) => {
  const o = outcomes.find((x) => x.row.step === step.name);
  return o ? o.row : { step: step.name, result: 'FAILED', seconds: '0.0' };
});
const passed = outcomes.reduce((a, o) => a + o.passed, 0);
const failed = outcomes.reduce((a, o) => a + o.failed, 0);

console.log(
  `\nChecks (${serial ? 'one at a time' : 'two lanes side by side'}, ${((Date.now() - t0) / 1000).toFixed(0)} s in all):`,
);
console.table(rows);
console.log(`${passed} passed, ${failed} failed`);
// exitCode, not exit(): the logs written above reach a piped stdout whole before Node ends
process.exitCode = rows.every((r) => r.result === 'ok') ? 0 : 1;
