// The iteration-times view (ASCI Q paper, Figure 4) in the built site: once the start-up run of
// ASCI Q 2002 is over it draws every measured iteration as a series and a histogram, says the
// engine's numbers for the same scenario, lists the histogram's bins (they add up to the
// measured iterations) and downloads every iteration as CSV.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  iterationCsv,
  iterationSummary,
  iterationTimes,
  noiselessIterationUs,
} from '../../src/charts/iteration-times.ts';
import { runScenario } from '../../src/engine/index.ts';
import { parseScenarioText } from '../../src/scenario/index.ts';
import { formatCount, formatTimeUs } from '../../src/format/numbers.ts';
import { csvRows, openApp, type Site, startSite, worstRelative, showView } from './site.ts';

const startupText = readFileSync(
  new URL('../../scenarios/asci-q-2002.json', import.meta.url),
  'utf8',
);

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

/** "1,950" → 1950 */
const count = (text: string | null) => Number((text ?? '').replace(/,/g, ''));

describe('iteration times of ASCI Q 2002', () => {
  it('draws the series and the histogram of the run, with its summary, table and CSV', async () => {
    const { page, problems } = await openApp(site);
    const view = await showView(page, 'Iterations', 'Iteration times');
    await view.locator('figure[aria-busy="false"]').waitFor({ timeout: 60_000 });

    // The engine's own run of the same scenario: what the page must show.
    const expected = runScenario(parseScenarioText(startupText));
    const data = iterationTimes(expected.iterationsUs, noiselessIterationUs(expected));
    expect(data.count).toBe(1950); // 2,000 iterations, 50 of warm-up
    expect(data.scale).toBe('log'); // 1.6 ms … 336 ms: over two decades

    // The series: one (min, max) pair per column, 600 columns for 1,950 iterations.
    const d = await view.locator('path.series').getAttribute('d');
    expect(d?.split('L').length).toBe(2 * 600);
    // The model line and the mean line, in each panel.
    expect(await view.locator('line.model').count()).toBe(2);
    expect(await view.locator('line.mean').count()).toBe(2);
    // A bar per non-empty bin.
    expect(await view.locator('rect.bar').count()).toBe(
      data.bins.filter((b) => b.count > 0).length,
    );

    const summary = (await view.locator('.summary').textContent())!.trim();
    expect(summary).toBe(
      iterationSummary(data, expected.summary.p99IterationUs, formatTimeUs, formatCount),
    );
    expect(summary).toMatch(
      /^1,950 iterations: mean .* Without noise every iteration would take 1\.01 ms \(the model\)/,
    );

    // The data table: one row per bin, and the bins add up to the measured iterations.
    const measured = count(
      await page
        .getByRole('row', { name: /Measured iterations/ })
        .getByRole('cell')
        .first()
        .textContent(),
    );
    expect(measured).toBe(1950);
    await view.getByRole('button', { name: 'Show data table' }).click();
    const rows = view.getByRole('table').locator('tbody tr');
    expect(await rows.count()).toBe(data.bins.length);
    const counts = await rows.locator('td:nth-child(3)').allTextContents();
    expect(counts.reduce((s, c) => s + count(c), 0)).toBe(measured);
    await view.getByRole('button', { name: 'Hide data table' }).click();
    expect(await view.getByRole('table').count()).toBe(0);

    // CSV: every measured iteration, as the engine computed it.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      view.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('iteration-times.csv');
    const csv = readFileSync(await file.path(), 'utf8');
    expect(csv.split('\n')[0]).toBe('iteration,duration_us');
    expect(csv.trim().split('\n').length).toBe(1 + 1950);
    // Chromium's V8 and Node's round a few libm results differently (worstRelative).
    const got = csvRows(csv);
    const want = csvRows(iterationCsv(expected.iterationsUs));
    expect(got.map(([i]) => i)).toEqual(want.map(([i]) => i));
    expect(worstRelative(got, want)).toBeLessThan(1e-9);

    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      view.getByRole('button', { name: 'Download SVG' }).click(),
    ]);
    expect(svg.suggestedFilename()).toBe('iteration-times.svg');
    writeFileSync('/tmp/noiselab-iteration-times.svg', readFileSync(await svg.path()));

    await view.screenshot({ path: '/tmp/noiselab-iteration-times.png' });
    // A phone: the panels stack, and nothing is wider than the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    // One viewBox unit a pixel: as wide as the phone's view, taller than wide.
    await expect
      .poll(async () => {
        const [, , w, h] = ((await view.locator('svg[role="img"]').getAttribute('viewBox')) ?? '')
          .split(' ')
          .map(Number);
        return w <= 375 && h > w;
      })
      .toBe(true);
    const overflowing = await view.evaluate(
      (el) =>
        [...el.querySelectorAll('*')].filter(
          (e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5,
        ).length,
    );
    expect(overflowing).toBe(0);
    await view.screenshot({ path: '/tmp/noiselab-iteration-times-375.png' });
    expect(problems.consoleErrors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('draws each of a few iterations as a dot: a run of one iteration is not an empty chart', async () => {
    const { page, problems } = await openApp(site, undefined, undefined, `/?preset=t3e-mcurie-ep`);
    const view = await showView(page, 'Iterations', 'Iteration times');
    await view.locator('figure[aria-busy="false"]').waitFor({ timeout: 60_000 });
    const dots = view.locator('circle title');
    await expect.poll(() => dots.count()).toBe(1);
    expect(await dots.first().textContent()).toMatch(/^iteration 1: 3[48]\.\d+ s$/);
    expect(problems.consoleErrors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
