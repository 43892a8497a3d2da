// The run-to-run view in the built site: the scenario on show run once per seed on the worker
// pool, a histogram of their times with the spread in numbers and in words, 001 Table 2's twelve
// CoVs beside the scenario's, and the runs as CSV.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  csvRows,
  download,
  expectQuiet,
  openApp,
  runDone,
  showView,
  type Site,
  startSite,
} from './site.ts';
import { expectSpreadChart } from './spread-chart.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

/** A small job (64 nodes, 400 iterations: runs of seconds) with its run-to-run view on show,
 * 10 runs chosen. */
async function openSmallRuns() {
  const { page, problems } = await openApp(
    site,
    undefined,
    undefined,
    `/?preset=asci-q-2002&nodes=64&iterations=400`,
  );
  const view = await showView(page, 'Run to run', "Run to run: how different each run's time is");
  await view.locator('#variability-runs').selectOption('10');
  return { page, problems, view };
}

describe('the run-to-run view', () => {
  it('repeats the run with other seeds and shows how much the times differ', async () => {
    const { page, problems, view } = await openSmallRuns();
    await expect
      .poll(() => view.locator('.progress').textContent(), { timeout: 120_000 })
      .toMatch(/^\s*10 runs, seeds 1 to 10\s*$/);
    const bars = view.locator('g.bars rect');
    const titles = await bars.evaluateAll((els) =>
      els.map((e) => e.querySelector('title')!.textContent!),
    );
    const counted = titles.reduce((sum, t) => sum + Number(/^(\d+) run/.exec(t)![1]), 0);
    expect(counted).toBe(10);
    expect(await view.locator('g.rug line').count()).toBe(10);
    expect(await view.locator('circle.published').count()).toBe(12);
    expect(await view.locator('circle.own').count()).toBe(1);
    const summary = (await view.locator('.summary').textContent())!.trim();
    expect(summary).toMatch(
      /^10 runs: mean .+, standard deviation .+, coefficient of variation [\d.]+% \(from these runs, the CoV of many more could be [\d.]+–[\d.]+%\); fastest .+, slowest .+; .+, skewness -?[\d.]+\.$/,
    );
    expect(await view.locator('.stats').textContent()).toMatch(/CoV [\d.]+%/);
    const csv = await download(page, view, 'Download CSV');
    expect(csv.name).toBe('run-times.csv');
    const rows = csv.bytes.toString('utf8').trim().split('\n');
    expect(rows[0]).toBe('seed,run_time_us');
    expect(rows.slice(1).map((r) => Number(r.split(',')[0]))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    const times = rows.slice(1).map((r) => Number(r.split(',')[1]));
    expect(new Set(times).size).toBeGreaterThan(1); // the seeds do make the runs differ
    expectQuiet(problems);
    await page.context().close();
  });

  it('draws a run far slower than the rest past a break in the axis, and rings Table 2’s row', async () => {
    // Lemieux's EP, seeds 1–20: 19 runs of 4.8–5.6 s and one of 9.5 s (a long event)
    const { page, problems } = await openApp(site, undefined, undefined, `/?preset=lemieux-ep`);
    const view = await showView(page, 'Run to run', "Run to run: how different each run's time is");
    await expect
      .poll(() => view.locator('.progress').textContent(), { timeout: 120_000 })
      .toMatch(/^\s*20 runs, seeds 1 to 20\s*$/);
    const tail = view.locator('g.tail');
    await tail.waitFor({ state: 'attached' });
    expect(await tail.locator('rect title').textContent()).toMatch(
      /^1 run far slower than the rest: 9\.5\d s$/,
    );
    expect(await tail.locator('path.break').count()).toBe(1);
    // the rest's bins end before the break; every run is still in the rug
    const { barsEnd, breakAt } = await view.evaluate((el) => ({
      barsEnd: Math.max(
        ...[...el.querySelectorAll('g.bars rect')].map((r) => r.getBoundingClientRect().right),
      ),
      breakAt: el.querySelector('g.tail path.break')!.getBoundingClientRect().left,
    }));
    expect(barsEnd).toBeLessThan(breakAt);
    expect(await view.locator('g.rug line').count()).toBe(20);
    // the preset's own row of 001 Table 2, ringed and named
    expect(await view.locator('circle.published.match').count()).toBe(1);
    expect(await view.getByText(/its own row of the table, Compaq SC/).count()).toBe(1);
    expectQuiet(problems);
    await page.context().close();
  });

  it('draws one bar when every run takes the same time (no noise left)', async () => {
    const { page, problems } = await openApp(site, undefined, undefined, `/?preset=t3e-mcurie-ep`);
    // the T3E preset's only noise is its job migration: off, every run is its compute
    await runDone(page);
    const controls = page.getByRole('region', { name: 'Controls' });
    await controls.getByRole('checkbox', { name: /^Job migration/ }).uncheck();
    const view = await showView(page, 'Run to run', "Run to run: how different each run's time is");
    await view.locator('#variability-runs').selectOption('10');
    await expect
      .poll(() => view.locator('.progress').textContent(), { timeout: 120_000 })
      .toMatch(/^\s*10 runs, seeds 1 to 10\s*$/);
    const bar = view.locator('g.bars rect');
    expect(await bar.count()).toBe(1);
    expect(Number(await bar.getAttribute('width'))).toBeGreaterThanOrEqual(10);
    expect(await bar.locator('title').textContent()).toMatch(/^10 runs, each 34\.34 s$/);
    expect(await view.locator('.stats').textContent()).toContain('CoV 0.0%');
    expectQuiet(problems);
    await page.context().close();
  });

  it('draws the fastest, mean and slowest run against processes, and keeps that choice in the link', async () => {
    const { page, problems, view } = await openSmallRuns();
    await view.getByRole('radio', { name: 'Against processes' }).check();
    // 1, 2, 4, … 64 nodes: seven sizes of ten runs each, each size its own seeds
    await expect
      .poll(() => view.locator('.progress').textContent(), { timeout: 180_000 })
      .toMatch(/^\s*10 runs at each of 7 sizes, seeds 1 to 70\s*$/);
    await expectSpreadChart(view, ['the slowest run', 'the mean run', 'the fastest run']);
    const chart = view.locator('svg[role="img"]');
    // the histogram's own parts are not drawn under it
    expect(await view.locator('g.bars').count()).toBe(0);
    expect(await view.locator('.summary').first().textContent()).toMatch(
      /^From 4 processes to 256 processes: the mean run .+ → .+; the slowest run [\d.]+× the fastest at 4, [\d.]+× at 256; CoV [\d.]+% → [\d.]+%\. Without noise a run takes .+ → .+ \(the same work per process: .+\)\.$/,
    );
    const { name, bytes } = await download(page, view, 'CSV');
    expect(name).toBe('run-times-by-processes.csv');
    // nodes, processes, runs, first and last seed, fastest, mean, slowest, sd, cov, noiseless
    const rows = csvRows(bytes.toString('utf8'));
    expect(rows.map((r) => r[0])).toEqual([1, 2, 4, 8, 16, 32, 64]);
    expect(rows.map((r) => r[1])).toEqual([4, 8, 16, 32, 64, 128, 256]);
    // the job's own size has the seeds of "This job's runs"; each smaller size the next ten
    expect(rows.map((r) => [r[3], r[4]])).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((b) => [1 + 10 * b, 10 + 10 * b]),
    );
    for (const r of rows) {
      expect(r[2]).toBe(10);
      expect(r[5]).toBeLessThanOrEqual(r[6]);
      expect(r[6]).toBeLessThanOrEqual(r[7]);
      expect(r[10]).toBeLessThanOrEqual(r[5]); // no run beats the run without noise
    }
    // one late process delays all: 64 nodes' runs are slower than one node's
    expect(rows[6][6]).toBeGreaterThan(rows[0][6]);
    // a slowest point names the seed of its run
    const slowest = chart.locator('title', { hasText: /^the slowest run, 4 processes:/ });
    expect(await slowest.textContent()).toMatch(
      /^the slowest run, 4 processes: .+ \(seed (6[1-9]|70)\); over 10 runs$/,
    );

    // the data table: the chart's columns, then each size's spread in numbers and its seeds
    await view.getByRole('button', { name: 'Show data table' }).click();
    const heads = await view.locator('table th[scope="col"]').allTextContents();
    expect(heads.map((h) => h.trim())).toEqual([
      'Processes',
      'Slowest run',
      'Mean run',
      'Fastest run',
      'Slowest ÷ fastest',
      'Runs',
      'Standard deviation',
      'CoV',
      'Without noise',
      'Seeds',
    ]);
    expect((await view.locator('table tbody tr').first().textContent())!).toMatch(/61–70\s*$/);

    // back to this job's runs: the histogram of its own size alone, no stale sizes
    await view.getByRole('radio', { name: "This job's runs" }).check();
    await expect
      .poll(() => view.locator('.progress').textContent(), { timeout: 120_000 })
      .toMatch(/^\s*10 runs, seeds 1 to 10\s*$/);
    expect(await view.locator('g.rug line').count()).toBe(10);
    const histogramLink = page.url();
    await view.getByRole('radio', { name: 'Against processes' }).check();

    // the link keeps the picture: opened again, the view draws against processes (the address
    // is rewritten as the page settles: wait for it, as a user copying it a moment later would)
    await expect.poll(() => page.url(), { timeout: 20_000 }).not.toBe(histogramLink);
    await page.goto(page.url());
    const again = await showView(
      page,
      'Run to run',
      "Run to run: how different each run's time is",
    );
    expect(await again.getByRole('radio', { name: 'Against processes' }).isChecked()).toBe(true);
    expectQuiet(problems);
    await page.context().close();
  });
});
