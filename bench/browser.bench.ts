// `npm run bench:browser`: the page's budgets, measured in real Chromium on the built
// site and written into docs/benchmarks.md (between the browser markers). Never a timed test:
// this machine is shared and noisy, so each budget is measured a few times and the median kept.
//
// - main thread: the longest task (PerformanceObserver "longtask", ≥ 50 ms by definition) while
//   the page simulates — the budget is that there is none;
// - first update: from a change of the scenario (the preset menu) to the first new numbers;
// - full-machine Jaguar XT5: from opening the link to "Done";
// - the stage's curve (the view on show sweeps in two passes): after a toggle on ASCI Q at 1,024
//   nodes, from the toggle's input event to its quick pass and to its final curve; and for each
//   preset at its default size, from opening its link to the quick curve of its view.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { PRESET_TABLE as PRESETS } from '../src/state/preset-list.ts';
import { loadPreset } from '../src/validation/presets.ts';
import { startSite, type Site } from '../tests/browser/site.ts';

interface Row {
  what: string;
  budget: string;
  runs: number[];
  unit: string;
  met: (median: number) => boolean;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/**
 * A fresh tab, not yet on the site: each measure navigates it to its own link, as a click on a
 * shared link opens one. (Opening the site first would start its run, whose teardown overlaps
 * the one measured.) Service workers kept out, as in the browser tests: a first visit.
 */
async function freshTab(site: Site, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await site.browser.newContext({ viewport, serviceWorkers: 'block' });
  return context.newPage();
}

/** Records every long task of the page from its first script on: [start, duration], ms. */
async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __long: [number, number][] };
    w.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
}

/**
 * The longest task while simulating (starting after the page posted its first run: the
 * Simulation's first 'noiselab:run' mark; a preset change comes later, so the task that
 * renders it counts), and the longest before (loading the page: parsing and evaluating the
 * scripts, the first render, which ends by posting the first run).
 */
const longest = (page: Page) =>
  page.evaluate(() => {
    const long = (window as unknown as { __long: [number, number][] }).__long;
    const mark = performance.getEntriesByName('noiselab:run')[0]?.startTime ?? 0;
    const during = long.filter(([s]) => s >= mark).map(([, d]) => d);
    const before = long.filter(([s]) => s < mark).map(([, d]) => d);
    return { during: Math.max(0, ...during), loading: Math.max(0, ...before) };
  });

// A CSS selector, not a text search: Playwright's text matching walks the whole page at every
// poll, which is itself a long task on a page of thousands of elements.
const done = (page: Page, timeout = 120_000) =>
  page.waitForSelector('[data-run-status="done"]', { state: 'attached', timeout });

interface Long {
  /** ms: the longest task while simulating, and while loading the page */
  longestMs: number;
  loadingMs: number;
}

async function startUp(site: Site): Promise<Long & { firstMs: number }> {
  const page = await freshTab(site);
  await watchLongTasks(page);
  const t0 = Date.now();
  await page.goto(`${site.origin}/`);
  await page.getByRole('heading', { name: /^Results/ }).waitFor();
  const firstMs = Date.now() - t0;
  await done(page);
  const { during: longestMs, loading: loadingMs } = await longest(page);
  await page.context().close();
  return { longestMs, loadingMs, firstMs };
}

async function presetChange(site: Site): Promise<Long & { firstMs: number }> {
  const page = await freshTab(site);
  await watchLongTasks(page);
  await page.goto(`${site.origin}/`);
  await done(page);
  // ASCI Q 2003 at the same size: from the choice to the first numbers of the new run. The
  // clock starts at the menu's input event (its timeStamp, on the page's clock), not when the
  // bench asks Playwright to choose: Playwright's own round trip to the page took 10-60 ms of a
  // loaded machine's time before the page saw anything.
  await page.evaluate(() => {
    const w = window as unknown as { __changeAt?: number };
    document
      .querySelector('#scenario-preset')
      ?.addEventListener('input', (e) => (w.__changeAt = e.timeStamp), {
        capture: true,
        once: true,
      });
  });
  // By id: a label search walks every element of the page, itself a long task.
  await page.locator('#scenario-preset').selectOption('asci-q-2003');
  await page.waitForFunction(
    () => {
      const el = document.querySelector('progress');
      return el !== null && (el as HTMLProgressElement).value > 0;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  const firstMs = await page.evaluate(
    () => performance.now() - (window as unknown as { __changeAt: number }).__changeAt,
  );
  await done(page);
  const { during: longestMs, loading: loadingMs } = await longest(page);
  await page.context().close();
  return { firstMs, longestMs, loadingMs };
}

async function fullJaguar(site: Site): Promise<Long & { doneMs: number }> {
  const page = await freshTab(site);
  await watchLongTasks(page);
  // On the page's clock, from the navigation's start (a click on the link) to the change that
  // shows Done (a MutationObserver's callback: an animation frame requested from an init script
  // never ran here): Playwright's own round trips to the page, 200–300 ms of a loaded machine,
  // are not the user's wait.
  await page.addInitScript(() => {
    const w = window as unknown as { __doneAt?: number };
    const seen = new MutationObserver(() => {
      if (!document.querySelector('[data-run-status="done"]')) return;
      w.__doneAt = performance.now();
      seen.disconnect();
    });
    seen.observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto(`${site.origin}/?preset=jaguar-xt5-rn&nodes=18688`);
  await done(page, 300_000);
  await page.waitForFunction(() => (window as unknown as { __doneAt?: number }).__doneAt);
  const doneMs = await page.evaluate(() => (window as unknown as { __doneAt: number }).__doneAt);
  const { during: longestMs, loading: loadingMs } = await longest(page);
  await page.context().close();
  return { doneMs, longestMs, loadingMs };
}

/**
 * Watches the sweep of the view on the stage (SweepProgress's data-pass and data-status) from
 * now on: the page's clock (ms) when a new sweep shows, when its quick pass is over (the final
 * pass begins, or the sweep is done), and when it is done. In the page, every frame.
 */
async function watchStage(page: Page): Promise<void> {
  // A script's text, not a function: tsx names the functions it compiles with a helper that
  // the page does not have (__name).
  await page.evaluate(STAGE_WATCH);
}

/** In the page: window.__stage's marks (started, quick, final), every frame until final. */
const STAGE_WATCH = `(() => {
  const marks = (window.__stage = {});
  const view = '.stage [role="tabpanel"]:not([hidden]) .progress[data-status]';
  const tick = () => {
    const el = document.querySelector(view);
    const pass = el?.dataset.pass;
    const status = el?.dataset.status;
    const now = performance.now();
    if (marks.started === undefined && status !== undefined && status !== 'done') marks.started = now;
    if (marks.started !== undefined && marks.quick === undefined && (pass === '1' || status === 'done')) marks.quick = now;
    if (marks.quick !== undefined && status === 'done') marks.final = now;
    if (marks.final === undefined) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

/** In the page from its first script: window.__stage.quick once the stage's quick curve is in,
 * and .final once its final one is. */
const QUICK_WATCH = `(() => {
  const marks = (window.__stage = {});
  const view = '.stage [role="tabpanel"]:not([hidden]) .progress[data-status]';
  const tick = () => {
    const el = document.querySelector(view);
    const now = performance.now();
    if (el && marks.quick === undefined && (el.dataset.pass === '1' || el.dataset.status === 'done')) {
      marks.quick = now;
    }
    if (el && marks.quick !== undefined && el.dataset.status === 'done') {
      marks.final = now;
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

const stageMarks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __stage: Record<string, number> }).__stage);

/** After a daemon's toggle on ASCI Q 2002 (1,024 nodes), the latency view on the stage: ms
 * from the toggle's input event to its quick pass and to its final curve. */
async function stageAfterToggle(site: Site): Promise<{ quickMs: number; finalMs: number }> {
  const page = await freshTab(site, { width: 1366, height: 768 });
  await page.goto(`${site.origin}/?show=latency`);
  await done(page);
  await page.waitForSelector('.stage .progress[data-status="done"]', { timeout: 120_000 });
  const toggle = page.locator('#ctl-src-5-on'); // RMS daemon (18 ms every 30 s)
  await page.evaluate(
    `document.querySelector('#ctl-src-5-on').addEventListener('input', (e) => { window.__changeAt = e.timeStamp; }, { capture: true, once: true })`,
  );
  await watchStage(page);
  await toggle.uncheck();
  await page.waitForFunction(
    () => (window as unknown as { __stage: { final?: number } }).__stage.final !== undefined,
    undefined,
    { timeout: 120_000 },
  );
  const marks = await stageMarks(page);
  const at = await page.evaluate(() => (window as unknown as { __changeAt: number }).__changeAt);
  await page.context().close();
  return { quickMs: marks.quick - at, finalMs: marks.final - at };
}

/** A preset at its default size, opened on a view with a curve for it: ms from navigation to
 * the quick curve and to the final one. */
async function presetCurve(
  site: Site,
  id: string,
  view: string,
): Promise<{ quick: number; final: number }> {
  const page = await freshTab(site, { width: 1366, height: 768 });
  await page.addInitScript({ content: QUICK_WATCH });
  await page.goto(`${site.origin}/?preset=${id}&show=${view}`);
  try {
    await page.waitForFunction(
      () => (window as unknown as { __stage: { final?: number } }).__stage.final !== undefined,
      undefined,
      { timeout: CURVE_TIMEOUT_MS },
    );
  } catch (error) {
    if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
    // A slow preset on a slow day is a row that says so, not a table that is never written.
    console.error(`${id}: no final curve after ${CURVE_TIMEOUT_MS / 1000} s`);
  }
  const { quick = Infinity, final = Infinity } = await stageMarks(page);
  await page.context().close();
  return { quick, final }; // performance.now() counts from the navigation
}

/** ms a preset's curve may take before its row says "over" this (the run goes on to the next) */
const CURVE_TIMEOUT_MS = 300_000;

/** The view with a curve for a preset: latency for the machines (barrier loops), cycle time
 * for the applications. */
const curveView = (group: string) => (group === 'Machine presets' ? 'latency' : 'cycle-time');

/** Every view with a curve of every preset: its group's, and the latency view of a halo
 * exchange or an allreduce benchmark (Worley's presentations, 004), a sweep of its own. */
const CURVES = PRESETS.flatMap((p) => {
  const kind = loadPreset(p.id).workload.kind;
  const extra = (kind === 'halo' || kind === 'allreduce') && curveView(p.group) !== 'latency';
  return [curveView(p.group), ...(extra ? ['latency'] : [])].map((view) => ({ id: p.id, view }));
});
const curveKey = (c: { id: string; view: string }) => `${c.id} ${c.view}`;

/** A measured time as the table prints it: ms, or "over …" for one that timed out. */
const shown = (x: number) =>
  Number.isFinite(x) ? String(Math.round(x)) : `over ${CURVE_TIMEOUT_MS.toLocaleString('en-US')}`;

function table(rows: Row[]): string {
  const lines = ['| budget | runs (ms) | median | target | met |', '|---|---|---:|---|---|'];
  for (const r of rows) {
    const m = median(r.runs);
    lines.push(
      `| ${r.what} | ${r.runs.map(shown).join(', ')} | ${shown(m)} ${r.unit} | ${r.budget} | ${r.met(m) ? 'yes' : 'no'} |`,
    );
  }
  return lines.join('\n');
}

/**
 * BENCH_ONLY=id,id,…: a look at some rows alone (preset ids for their curves, `id:view` for one
 * view of a preset, `full-machine` for the Jaguar XT5 link-to-Done row), printed;
 * docs/benchmarks.md is left as it is.
 */
async function onlyRows(site: Site, ids: string[], reps: number): Promise<void> {
  const presetOf = (spec: string) => spec.split(':')[0];
  const unknown = ids.filter(
    (id) => id !== 'full-machine' && !PRESETS.some((p) => p.id === presetOf(id)),
  );
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_ONLY: no preset ${unknown.join(', ')} (full-machine, a preset id, or id:view)`,
    );
  }
  const rows: string[] = [];
  for (const id of ids) {
    const runs: string[] = [];
    for (let k = 0; k < reps; k++) {
      if (id === 'full-machine') {
        runs.push(`Done ${Math.round((await fullJaguar(site)).doneMs)}`);
      } else {
        const p = PRESETS.find((q) => q.id === presetOf(id))!;
        const view = id.split(':')[1] ?? curveView(p.group);
        const { quick, final } = await presetCurve(site, p.id, view);
        runs.push(`quick ${shown(quick)}, final ${shown(final)}`);
      }
    }
    rows.push(`${id}: ${runs.join(' | ')} (ms)`);
  }
  console.log(rows.join('\n'));
}

/** Every row, measured `reps` times, printed and written into docs/benchmarks.md. */
async function allRows(site: Site, reps: number): Promise<void> {
  const start: (Long & { firstMs: number })[] = [];
  const change: (Long & { firstMs: number })[] = [];
  const jaguar: (Long & { doneMs: number })[] = [];
  const toggles: { quickMs: number; finalMs: number }[] = [];
  const presets = new Map<string, number[]>();
  const finals = new Map<string, number[]>();
  for (let k = 0; k < reps; k++) {
    start.push(await startUp(site));
    change.push(await presetChange(site));
    jaguar.push(await fullJaguar(site));
    toggles.push(await stageAfterToggle(site));
    for (const c of CURVES) {
      const { quick, final } = await presetCurve(site, c.id, c.view);
      presets.set(curveKey(c), [...(presets.get(curveKey(c)) ?? []), quick]);
      finals.set(curveKey(c), [...(finals.get(curveKey(c)) ?? []), final]);
    }
    console.error(`repetition ${k + 1} of ${reps} done`);
  }
  const longestRow = (what: string, runs: number[]): Row => ({
    what: `longest main-thread task while simulating: ${what}`,
    budget: 'no task over 50 ms',
    runs,
    unit: 'ms',
    met: () => Math.max(...runs) <= 50,
  });
  const rows: Row[] = [
    longestRow(
      'start-up (ASCI Q 2002)',
      start.map((r) => r.longestMs),
    ),
    longestRow(
      'preset change (→ ASCI Q 2003)',
      change.map((r) => r.longestMs),
    ),
    longestRow(
      'full-machine Jaguar XT5 RN',
      jaguar.map((r) => r.longestMs),
    ),
    {
      what: 'longest task while loading the page (scripts, first render; before any run)',
      budget: '—',
      runs: [...start, ...change, ...jaguar].map((r) => r.loadingMs),
      unit: 'ms',
      met: () => true,
    },
    {
      what: 'opening the site: first numbers of ASCI Q 2002 (1,024 × 4, g = 1 ms)',
      budget: '—',
      runs: start.map((r) => r.firstMs),
      unit: 'ms',
      met: () => true,
    },
    {
      what: 'after a change (preset menu → ASCI Q 2003): first updated numbers',
      budget: '≤ 150 ms',
      runs: change.map((r) => r.firstMs),
      unit: 'ms',
      met: (m) => m <= 150,
    },
    {
      what: 'full-machine Jaguar XT5 (RN, 18,688 nodes × 7, 2,000 iterations): link to Done',
      budget: '≤ 2,000 ms',
      runs: jaguar.map((r) => r.doneMs),
      unit: 'ms',
      met: (m) => m <= 2000,
    },
    {
      what: 'the stage after a toggle (ASCI Q 2002, 1,024 nodes, latency view): quick curve',
      budget: '≤ 1,000 ms',
      runs: toggles.map((r) => r.quickMs),
      unit: 'ms',
      met: (m) => m <= 1000,
    },
    {
      what: 'the stage after a toggle (ASCI Q 2002, 1,024 nodes, latency view): final curve',
      budget: '≤ 5,000 ms',
      runs: toggles.map((r) => r.finalMs),
      unit: 'ms',
      met: (m) => m <= 5000,
    },
    ...CURVES.map((c) => ({
      what: `opening ${c.id} at its default size: quick curve of the ${c.view} view`,
      budget: '≤ 3,000 ms',
      runs: presets.get(curveKey(c))!,
      unit: 'ms',
      met: (m: number) => m <= 3000,
    })),
    ...CURVES.map((c) => ({
      what: `opening ${c.id} at its default size: final curve of the ${c.view} view`,
      budget: '≤ 10,000 ms',
      runs: finals.get(curveKey(c))!,
      unit: 'ms',
      met: (m: number) => m <= 10_000,
    })),
  ];
  const out = table(rows);
  console.log(out);
  const file = new URL('../docs/benchmarks.md', import.meta.url);
  const doc = readFileSync(file, 'utf8');
  const open = '<!-- browser: written by npm run bench:browser -->';
  const close = '<!-- /browser -->';
  const block = `${open}\n\n## The page in Chromium (npm run bench:browser)\n\n${out}\n\nMeasured ${new Date().toISOString().slice(0, 10)} on this machine, built site served by a plain file server (tests/browser/static-server.ts), Debian Chromium, 1280 × 800 (the stage's rows 1366 × 768).\n\n${close}`;
  const next = doc.includes(open)
    ? doc.slice(0, doc.indexOf(open)) + block + doc.slice(doc.indexOf(close) + close.length)
    : `${doc.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}

const site = await startSite();
try {
  // BENCH_REPS=1 for a quicker look; the medians of the table come from 3.
  const reps = Number(process.env.BENCH_REPS ?? 3);
  const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
  if (only !== undefined && only.length > 0) await onlyRows(site, only, reps);
  else await allRows(site, reps);
} finally {
  await site.close();
}
