#!/usr/bin/env node
// `npm test`: every check this project has, in one command, as CI runs it.
// Runs each step even when an earlier one fails, so one run reports
// everything; prints a table of the steps and, last, the plain line
// "N passed, N failed" counting the tests of the unit and browser suites.
// Exit code 1 when any step failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const only = process.argv.slice(2); // e.g. `npm test -- unit lint` runs just those
const out = '.check';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const steps = [
  { name: 'types', cmd: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', cmd: 'npx', args: ['eslint', '.'] },
  { name: 'format', cmd: 'npx', args: ['prettier', '--check', '.'] },
  {
    name: 'unit',
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
    before: ['node', ['scripts/ensure-chromium.mjs']],
    when: () => existsSync('vitest.browser.config.ts'),
  },
].filter((s) => only.length === 0 || only.includes(s.name));

const rows = [];
let passed = 0;
let failed = 0;
for (const step of steps) {
  if (step.when && !step.when()) continue;
  console.log(`\n▶ ${step.name}`);
  const t0 = Date.now();
  let ok = true;
  if (step.before) {
    ok = spawnSync(step.before[0], step.before[1], { stdio: 'inherit' }).status === 0;
  }
  if (ok) ok = spawnSync(step.cmd, step.args, { stdio: 'inherit' }).status === 0;
  if (step.report && existsSync(step.report)) {
    const r = JSON.parse(readFileSync(step.report, 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
    if ((r.numTotalTests ?? 0) === 0) ok = false; // a suite that ran nothing is a failure
  } else if (step.report) {
    ok = false;
  }
  rows.push({
    step: step.name,
    result: ok ? 'ok' : 'FAILED',
    seconds: ((Date.now() - t0) / 1000).toFixed(1),
  });
}

console.log('\nChecks:');
console.table(rows);
console.log(`${passed} passed, ${failed} failed`);
process.exit(rows.every((r) => r.result === 'ok') ? 0 : 1);
