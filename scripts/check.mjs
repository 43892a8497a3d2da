#!/usr/bin/env node
// `npm test`: every check this project has, in one command, as CI runs it.
//
// Two lanes run side by side on the machine's two cores: the browser lane (the site built once,
// then the browser test files) and the static lane (types, lint, formatting and the unit tests,
// one after the other). A browser file alone keeps the cores 80–90% busy (Chromium, the page's
// workers and the test), so the run lasts about the CPU time of all the checks over two cores;
// the lanes only see that neither core idles. The browser files are a queue, the longest first
// (BROWSER_SECONDS): when the static lane is done it takes files from the queue too, so that
// neither lane idles while the other still has a long tail of work. Files are taken one Vitest
// run at a time (a few short ones together). `npm test -- --serial` runs
// everything one step at a time instead.
//
// Each step runs even when an earlier one fails, so one run reports everything. A step's output
// goes to .check/<step>.log (a browser run's to .check/browser-N.log) and is printed whole when
// it ends, so lanes never interleave their lines. Last: a table of the steps and the plain line
// "N passed, N failed" counting the tests of the unit and browser suites. Exit code 1 when any
// step failed.
import { spawn, spawnSync } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { resolve as resolvePath } from 'node:path';

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
    // a queue of Vitest runs over tests/browser (browserRuns), not one command
    pool: true,
    // Installs Debian's chromium when it is missing (as root); before the lanes start, so its
    // output is not mixed with a step's.
    before: ['node', ['scripts/ensure-chromium.mjs']],
    when: () => existsSync('vitest.browser.config.ts'),
  },
].filter((s) => (only.length === 0 || only.includes(s.name)) && (!s.when || s.when()));

/**
 * Seconds each browser file took in `npm test` on this 2-core machine (2026-11-28, two lanes):
 * the queue's order, longest first, so that the lanes end together. Only the order depends on
 * it: a file not listed counts NEW_FILE_SECONDS (and is named, so that it is added).
 */
const BROWSER_SECONDS = {
  instrument: 55,
  views: 54,
  lesson: 48,
  share: 45,
  'lesson-run-to-run': 32,
  'worker-watchdog': 30,
  challenges: 29,
  offline: 25,
  bar: 24,
  classroom: 22,
  'run-ends': 21,
  'cycle-time': 19,
  ripple: 19,
  app: 18,
  controls: 17,
  'lesson-sketch': 17,
  'halo-update': 15,
  compare: 15,
  'split-run': 10,
  charts: 8,
  'noise-timing': 8,
  'iteration-times': 8,
  timeline: 8,
  'static-site': 6,
  'view-names': 5,
  workloads: 4,
  'slow-nodes': 4,
  variability: 11,
};
const NEW_FILE_SECONDS = 10;
/** short files go together into one Vitest run until their seconds reach this (a run costs
 * about 2 s of its own) */
const RUN_SECONDS = 20;

/** Every file vitest.browser.config.ts includes (tests/browser/**\/*.browser.ts), from there. */
function browserFiles(dir = 'tests/browser', under = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? browserFiles(`${dir}/${e.name}`, `${under}${e.name}/`)
      : e.name.endsWith('.browser.ts')
        ? [`${under}${e.name}`]
        : [],
  );
}

/** The browser files as the queue's runs: the longest first, each alone or short ones together. */
function browserRuns() {
  const seconds = (f) => BROWSER_SECONDS[f.replace(/\.browser\.ts$/, '')] ?? NEW_FILE_SECONDS;
  const files = browserFiles().sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b));
  const unlisted = files.filter((f) => !(f.replace(/\.browser\.ts$/, '') in BROWSER_SECONDS));
  if (unlisted.length > 0)
    console.log(
      `browser files not in BROWSER_SECONDS (counted ${NEW_FILE_SECONDS} s): ${unlisted.join(', ')}`,
    );
  const runs = [];
  for (const f of files) {
    const last = runs.at(-1);
    if (last && last.seconds < RUN_SECONDS) {
      last.files.push(f);
      last.seconds += seconds(f);
    } else runs.push({ files: [f], seconds: seconds(f) });
  }
  return runs;
}

/** Runs one step with its output in .check/<name>.log; resolves with its row of the table. */
function runStep(step) {
  const log = `${out}/${step.name}.log`;
  const t0 = Date.now();
  console.log(
    `▷ ${step.name}${step.what ? ` (${step.what})` : ''} started (its output follows when it ends)`,
  );
  return new Promise((resolve) => {
    const file = createWriteStream(log);
    const child = spawn(step.cmd, step.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      // no colour codes in the log files; the counts come from the JSON reports
      env: { ...(step.env ?? process.env), FORCE_COLOR: '0' },
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
          what: step.what,
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

/**
 * The browser step's queue: the site built once (as `npm run build` does, into .check/site, for
 * every run: NOISELAB_SITE), then Vitest runs taken by whichever lane is free. Its row: from the
 * build's start to the last run's end; failed when the build or any run failed.
 */
const pool = {
  runs: [],
  next: 0,
  /** resolves true once the site is built (started by the first lane that needs it) */
  site: null,
  outcomes: [],
  t0: 0,
  t1: 0,
};
const siteDir = resolvePath(out, 'site');

function buildSite() {
  pool.t0 = Date.now();
  pool.runs = browserRuns();
  // a suite that runs nothing is a failure, as a run with no tests is
  if (pool.runs.length === 0) {
    console.log('browser: no test file found under tests/browser');
    return Promise.resolve(false);
  }
  // without Vitest's NODE_ENV=test, as `npm run build` runs
  const env = { ...process.env };
  delete env.NODE_ENV;
  return runStep({
    name: 'browser-site',
    cmd: process.execPath,
    args: ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', siteDir],
    env,
  }).then((o) => {
    pool.outcomes.push(o);
    return o.row.result === 'ok';
  });
}

/** Takes runs from the browser queue until it is empty. */
async function takeBrowserRuns() {
  pool.site ??= buildSite();
  if (!(await pool.site)) return;
  while (pool.next < pool.runs.length) {
    const k = ++pool.next;
    const run = pool.runs[k - 1];
    const report = `${out}/browser-${k}.json`;
    pool.outcomes.push(
      await runStep({
        name: `browser-${k}`,
        what: run.files.join(', '),
        cmd: 'npx',
        args: [
          'vitest',
          'run',
          '-c',
          'vitest.browser.config.ts',
          '--reporter=default',
          '--reporter=json',
          `--outputFile=${report}`,
          ...run.files.map((f) => `tests/browser/${f}`),
        ],
        report,
        env: { ...process.env, NOISELAB_SITE: siteDir },
      }),
    );
    pool.t1 = Date.now();
  }
}

/** Runs steps one after the other; resolves with their outcomes in order. */
async function lane(list) {
  const done = [];
  for (const step of list) {
    if (step.pool) await takeBrowserRuns();
    else done.push(await runStep(step));
  }
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
const browser = runnable.find((s) => s.pool);
// Side by side, the static lane ends on the browser queue too.
const lanes = serial
  ? [runnable]
  : [
      runnable.filter((s) => s.lane === 'browser'),
      [...runnable.filter((s) => s.lane === 'static'), ...(browser ? [browser] : [])],
    ];
const outcomes = (await Promise.all(lanes.map(lane))).flat();
if (browser) {
  const ok =
    pool.runs.length > 0 &&
    pool.outcomes.length === pool.runs.length + 1 &&
    pool.outcomes.every((o) => o.row.result === 'ok');
  const failedRuns = pool.outcomes.filter((o) => o.row.result !== 'ok');
  if (failedRuns.length > 0)
    console.log(
      `\nbrowser: failed ${failedRuns.map((o) => `${o.row.step}${o.what ? ` (${o.what})` : ''}`).join('; ')}`,
    );
  outcomes.push({
    row: {
      step: 'browser',
      result: ok ? 'ok' : 'FAILED',
      seconds: (((pool.t1 || Date.now()) - pool.t0) / 1000).toFixed(1),
    },
    passed: pool.outcomes.reduce((a, o) => a + o.passed, 0),
    failed: pool.outcomes.reduce((a, o) => a + o.failed, 0),
  });
  rmSync(siteDir, { recursive: true, force: true });
}

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
