// Compare runs and published data in the built site: a pinned run stays as a ghost
// behind the live one and the results headline gives the ratio of their mean iteration times;
// a SAGE preset shows Table 3's (Petrini, Kerbyson and Pakin 2003) published cycle times on the cycle-time view, each with its
// citation in a tooltip and as text.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, expectQuiet, openApp, runDone, type Site, startSite, showView } from './site.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

const results = (page: Page) => page.getByRole('region', { name: /^Results/ });
/** The mean iteration time (µs) in one column of the side-by-side table: 1 pinned, 2 live.
 * The table writes it in its unit for reading (6.88 ms). */
async function meanIn(table: Locator, column: 1 | 2): Promise<number> {
  const cells = table.getByRole('row', { name: /Iteration time, mean/ }).getByRole('cell');
  const text = (await cells.nth(column - 1).textContent()) ?? '';
  const m = /^\s*([\d,.]+)\s*(µs|ms|s)\s*$/.exec(text);
  if (!m) throw new Error(`not a time: ${JSON.stringify(text)}`);
  return Number(m[1].replace(/,/g, '')) * { µs: 1, ms: 1e3, s: 1e6 }[m[2] as 'µs' | 'ms' | 's'];
}

describe('compare runs', () => {
  it('pins a run, re-runs with a daemon off, and shows the ratio and the ghosts', async () => {
    const { page, problems } = await openApp(
      site,
      undefined,
      undefined,
      `/?preset=asci-q-2002&nodes=64&iterations=300`,
    );
    await runDone(page);
    const panel = results(page);
    await panel.getByRole('button', { name: 'Pin as baseline' }).click();
    await expect.poll(() => panel.locator('.headline').textContent()).toMatch(/pinned run/);

    // Switch the RMS daemon of 18 ms off: the page re-runs the edited scenario.
    const controls = page.getByRole('region', { name: 'Controls' });
    await controls.getByRole('checkbox', { name: /^RMS daemon \(18 ms/ }).uncheck();

    const table = panel.getByRole('table', { name: /^Pinned run and this run/ });
    // Until the edited run is done, the headline says "this run so far".
    await expect
      .poll(() => panel.locator('.headline').textContent(), { timeout: 30_000 })
      .toMatch(/^\s*[\d.]+× (faster|slower) than the pinned run: \d+% (less|more) time\./);
    await runDone(page);
    const pinnedMean = await meanIn(table, 1);
    const liveMean = await meanIn(table, 2);
    // The headline says which is faster, by the ratio of the two means (rounded as shown).
    const headline = (await panel.locator('.headline').textContent()) ?? '';
    const m = /^\s*([\d.]+)× (faster|slower) than the pinned run: (\d+)% (less|more) time\./.exec(
      headline,
    );
    expect(m, headline).not.toBeNull();
    expect(m![2]).toBe(liveMean < pinnedMean ? 'faster' : 'slower');
    const ratio = liveMean < pinnedMean ? pinnedMean / liveMean : liveMean / pinnedMean;
    expect(Number(m![1])).toBeCloseTo(ratio, 1);
    // and as a paper says it: the time saved (or added), in percent of the pinned run's
    expect(Math.abs(Number(m![3]) - 100 * Math.abs(1 - liveMean / pinnedMean))).toBeLessThan(1);
    // and on the one screen, in the headline strip over the stage
    const strip = page.locator('[data-headline="pinned"] dd');
    expect(await strip.textContent()).toMatch(
      new RegExp(`^\\s*${liveMean < pinnedMean ? '−' : '\\+'}${m![3]}%\\s*$`),
    );
    expect(headline).toMatch(/Pinned: ASCI Q, November 2002/);
    // on the costliest source's line, not a row of its own that the picture would give up
    const line = await page.evaluate(() => {
      const box = (k: string) => {
        const r = document.querySelector(`[data-headline="${k}"]`)!.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom };
      };
      return { pinned: box('pinned'), costliest: box('costliest'), slowdown: box('slowdown') };
    });
    expect(line.pinned.top).toBeLessThan(line.costliest.bottom);
    expect(line.pinned.bottom).toBeGreaterThan(line.costliest.top);
    expect(line.costliest.top).toBeGreaterThanOrEqual(line.slowdown.bottom - 1);

    // Side by side: one title for both (they share it), then what differs — the daemon only.
    const compare = panel.getByRole('region', { name: /^Pinned run and this run/ });
    expect(await compare.locator('.both dd').textContent()).toMatch(/^ASCI Q, November 2002/);
    expect(await compare.locator('.differs li').allTextContents()).toEqual([
      expect.stringMatching(/^RMS daemon \(18 ms.*: off$/),
    ]);

    // The ghosts: grey dashed curves labelled with the pinned run's title.
    const iterations = await showView(page, 'Iterations', 'Iteration times');
    await iterations.locator('g.ghost').waitFor({ state: 'attached' });
    expect(await iterations.locator('g.ghost title').textContent()).toMatch(
      /^pinned: ASCI Q, November 2002/,
    );
    expect(await iterations.locator('.legend .ghost-entry').textContent()).toMatch(
      /pinned: ASCI Q/,
    );
    const loss = await showView(page, 'Lost time', 'Lost time by event duration');
    await loss.locator('path.ghost').waitFor({ state: 'attached' });
    expect(await loss.locator('path.ghost').getAttribute('stroke-dasharray')).toBeTruthy();
    // The node map outlines the pinned run's most delayed nodes, named in its legend, its data
    // table and its CSV.
    const map = await showView(page, 'Per node', 'Noise per node');
    await map.locator('g.ghost rect.ghost-cell').first().waitFor({ state: 'attached' });
    expect(await map.locator('g.ghost title').textContent()).toMatch(/^pinned: ASCI Q/);
    expect(await map.locator('.legend .ghost-entry').textContent()).toMatch(
      /^\s*pinned: ASCI Q, November 2002.*most delayed nodes, outlined/,
    );
    await map.getByRole('button', { name: 'Show data table' }).click();
    const ghostRows = map.locator('.ghost-table tbody tr');
    expect(await ghostRows.count()).toBe(await map.locator('g.ghost rect.ghost-cell').count());
    expect(await ghostRows.first().locator('td').first().textContent()).toMatch(/^pinned: ASCI Q/);
    const csv = (await download(page, map, 'Download CSV')).bytes.toString('utf8');
    expect(csv).toMatch(/\n\nseries,node_id,last_node_id,delay_us\n"pinned: ASCI Q, November 2002/);
    // The other ghosts are in their CSVs too.
    await showView(page, 'Lost time', 'Lost time by event duration');
    const lossCsv = (await download(page, loss, 'Download CSV')).bytes.toString('utf8');
    expect(lossCsv).toMatch(/\nseries,event_duration_up_to_us,total_us\n"pinned: ASCI Q/);
    await showView(page, 'Iterations', 'Iteration times');
    const itCsv = (await download(page, iterations, 'Download CSV')).bytes.toString('utf8');
    expect(itCsv).toMatch(/\nseries,mean_duration_us,iterations\n"pinned: ASCI Q[^\n]*,250\n/);
    await compare.screenshot({ path: '/tmp/noiselab-compare-1280.png' });
    await panel.screenshot({ path: '/tmp/noiselab-compare-results.png' });
    await iterations.screenshot({ path: '/tmp/noiselab-compare-iterations.png' });

    // Unpin: the headline, the table and the ghosts go.
    await panel.getByRole('button', { name: 'Unpin' }).click();
    expect(await panel.locator('.headline').count()).toBe(0);
    expect(await iterations.locator('g.ghost').count()).toBe(0);
    expectQuiet(problems);
    await page.context().close();
  }, 120_000);
});

describe('compare runs on a phone', () => {
  it('lays the two runs out in the width of a 390 px screen, nothing cut or overflowing', async () => {
    const { page, problems } = await openApp(
      site,
      { width: 390, height: 844 },
      undefined,
      `/?preset=asci-q-2002&nodes=64&iterations=300`,
    );
    await runDone(page);
    const panel = results(page);
    await panel.getByRole('button', { name: 'Pin as baseline' }).click();
    await page.getByRole('spinbutton', { name: 'Seed' }).fill('7');
    await page.getByRole('spinbutton', { name: 'Seed' }).press('Enter');
    await runDone(page);
    const compare = panel.getByRole('region', { name: /^Pinned run and this run/ });
    expect(await compare.locator('.differs li').allTextContents()).toEqual(['seed: 1 → 7']);
    const fits = await compare.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const table = el.querySelector('table')!;
      return {
        inside: box.left >= 0 && box.right <= window.innerWidth,
        tableFits: table.scrollWidth <= el.clientWidth + 1,
        // every number whole in its cell (they never wrap: white-space is nowrap)
        numbersFit: [...el.querySelectorAll('tbody td')].every(
          (td) => td.scrollWidth <= td.clientWidth + 1,
        ),
      };
    });
    await compare.screenshot({ path: '/tmp/noiselab-compare-390.png' });
    expect(fits).toEqual({ inside: true, tableFits: true, numbersFit: true });
    expectQuiet(problems);
    await page.context().close();
  }, 120_000);
});

describe('the CSV of a million iterations', () => {
  it('downloads the whole file: every measured iteration, numbered in order', async () => {
    const { page, problems } = await openApp(site);
    // One view only (embed mode): no sweep redraws a chart while the download is timed.
    await page.goto(
      `${site.origin}/?preset=asci-q-2002&nodes=1&iterations=1000000&embed=iterations`,
    );
    await runDone(page, 120_000);
    const view = page.getByRole('region', { name: 'Iteration times' });
    await view.locator('svg').first().waitFor();
    // The view drafts the CSV in slices once the run is over; a click before the last slice
    // finishes the rest at once, so the file is whole either way.
    const { bytes } = await download(page, view, 'Download CSV');
    const lines = bytes.toString('utf8').split('\n');
    expect(lines[0]).toBe('iteration,duration_us');
    expect(lines[1]).toMatch(/^1,[\d.]+$/);
    // every measured iteration (the warm-up is not in it), numbered in order, and a final newline
    const rows = lines.length - 2;
    expect(rows).toBeGreaterThan(990_000);
    expect(lines.at(-2)).toMatch(new RegExp(`^${rows},[\\d.]+$`));
    expect(lines.at(-1)).toBe('');
    // Its main-thread tasks are a timing: measured by npm run bench:browser, not here. That the
    // CSV is drafted in slices that yield is tested in tests/charts/csv-chunks.test.ts.
    expectQuiet(problems);
    await page.context().close();
  }, 180_000);
});

describe('chart layout', () => {
  it('keeps the latency chart’s y tick labels clear of its rotated title in projector mode', async () => {
    const { page, problems } = await openApp(
      site,
      undefined,
      undefined,
      `/?preset=asci-q-2002&nodes=64&iterations=200&projector=1&show=latency`,
    );
    const view = page.getByRole('region', { name: 'Latency against machine size' });
    await view.locator('svg circle').first().waitFor({ state: 'attached', timeout: 120_000 });
    for (const svg of await page.locator('.chart svg[viewBox]').all()) {
      const clash = await svg.evaluate((el) => {
        const title = [...el.querySelectorAll('text.axis-label')].find((t) =>
          (t.getAttribute('transform') ?? '').includes('rotate(-90)'),
        );
        const ticks = [...el.querySelectorAll('g.tick text')].filter((t) =>
          t.closest('g[transform^="translate("]')?.getAttribute('transform')?.endsWith(',0)'),
        );
        if (!title || ticks.length === 0) return null;
        const right = title.getBoundingClientRect().right;
        const left = Math.min(
          ...ticks.filter((t) => t.textContent).map((t) => t.getBoundingClientRect().left),
        );
        return left - right;
      });
      if (clash !== null) expect(clash).toBeGreaterThan(0);
    }
    await view.locator('.chart').screenshot({ path: '/tmp/noiselab-projector-latency.png' });
    expectQuiet(problems);
    await page.context().close();
  }, 180_000);

  it('ends the published "under" arrows of the allreduce chart above its x axis', async () => {
    const { page, problems } = await openApp(site);
    // One view only (embed mode): its sweep is not queued behind the six others'.
    await page.goto(`${site.origin}/?preset=allreduce-asci-q-2002&iterations=40&embed=cycle-time`);
    const view = page.getByRole('region', { name: 'Cycle time against processors' });
    const under = view.locator('g.published-mark[data-bound="under"]');
    await expect.poll(() => under.count(), { timeout: 150_000, interval: 1000 }).toBeGreaterThan(0);
    const axisTop = await view
      .locator('svg g.tick text')
      .evaluateAll((ts) =>
        Math.min(
          ...ts
            .filter(
              (t) =>
                t.closest('g')!.getAttribute('transform')?.startsWith('translate(') &&
                t.getAttribute('dy') === '0.71em',
            )
            .map((t) => t.getBoundingClientRect().top),
        ),
      );
    for (const mark of await under.all()) {
      const bottom = await mark.evaluate((g) => g.getBoundingClientRect().bottom);
      expect(bottom).toBeLessThan(axisTop);
    }
    await view.locator('.chart').screenshot({ path: '/tmp/noiselab-allreduce-cycle-time.png' });
    expectQuiet(problems);
    await page.context().close();
  }, 240_000);
});

describe('published data on the charts', () => {
  const SOON_LIST = { timeout: 20_000 };
  it('shows Table 3 of the ASCI Q paper on the cycle-time view of SAGE on ASCI Q 2002, cited by author and year', async () => {
    const { page, problems } = await openApp(
      site,
      undefined,
      undefined,
      `/?preset=sage-asci-q-2002&iterations=3&show=cycle-time`,
    );
    const view = page.getByRole('region', { name: 'Cycle time against processors' });
    const marks = view.locator('g.published-mark');
    // read together with the count: a sweep's next pass redraws the chart, and marks read
    // between their count and their titles could be gone for a frame
    await expect
      .poll(() => marks.locator('title').allTextContents(), { timeout: 120_000, interval: 500 })
      .toEqual([
        expect.stringMatching(
          /^published, Unoptimized system: 1\.60 s \(Petrini, Kerbyson and Pakin 2003, Table 3;.*8,192 processors$/,
        ),
        expect.stringMatching(
          /^published, Model: 0\.63 s \(Petrini, Kerbyson and Pakin 2003, Table 3;.*8,192 processors$/,
        ),
      ]);
    // The same as text, for the keyboard and screen readers.
    const list = view.getByRole('list', { name: 'Published values' });
    await expect
      .poll(() => list.locator('li').allTextContents(), SOON_LIST)
      .toEqual([
        expect.stringMatching(
          /^Unoptimized system: 1\.60 s \(Petrini, Kerbyson and Pakin 2003, Table 3/,
        ),
        expect.stringMatching(/^Model: 0\.63 s \(Petrini, Kerbyson and Pakin 2003, Table 3/),
      ]);
    // the page's own SAGE run, ringed at its processors with the headline's mean cycle
    await expect
      .poll(() => view.locator('g.on-show title').textContent(), { timeout: 120_000 })
      .toMatch(/^the run on show, 4,096 processors: [\d.]+ (s|ms) \(the headline's mean cycle/);
    await view.screenshot({ path: '/tmp/noiselab-published-cycle-time.png' });
    expectQuiet(problems);
    await page.context().close();
  }, 180_000);
});
