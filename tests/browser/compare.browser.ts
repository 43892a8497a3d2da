// Compare runs and published data (issue 5) in the built site: a pinned run stays as a ghost
// behind the live one and the results headline gives the ratio of their mean iteration times;
// a SAGE preset shows 000 Table 3's published cycle times on the cycle-time view, each with its
// citation in a tooltip and as text.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectQuiet, openApp, runDone, type Site, startSite } from './site.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

const results = (page: Page) => page.getByRole('region', { name: /^Results/ });
/** The mean iteration time (µs) in one column of the side-by-side table: 1 pinned, 2 live. */
async function meanIn(table: Locator, column: 1 | 2): Promise<number> {
  const cells = table.getByRole('row', { name: /Iteration time, mean/ }).getByRole('cell');
  return Number(((await cells.nth(column - 1).textContent()) ?? '').replace(/,/g, ''));
}

describe('compare runs', () => {
  it('pins a run, re-runs with a daemon off, and shows the ratio and the ghosts', async () => {
    const { page, problems } = await openApp(site);
    await page.goto(`${site.origin}/?preset=asci-q-2002&nodes=64&iterations=300`);
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
      .toMatch(/^\s*[\d.]+× (faster|slower) than the pinned run\./);
    await runDone(page);
    const pinnedMean = await meanIn(table, 1);
    const liveMean = await meanIn(table, 2);
    // The headline says which is faster, by the ratio of the two means (rounded as shown).
    const headline = (await panel.locator('.headline').textContent()) ?? '';
    const m = /^\s*([\d.]+)× (faster|slower) than the pinned run\./.exec(headline);
    expect(m, headline).not.toBeNull();
    expect(m![2]).toBe(liveMean < pinnedMean ? 'faster' : 'slower');
    const ratio = liveMean < pinnedMean ? pinnedMean / liveMean : liveMean / pinnedMean;
    expect(Number(m![1])).toBeCloseTo(ratio, 1);
    expect(headline).toMatch(/Pinned: ASCI Q, November 2002/);

    // The ghosts: grey dashed curves labelled with the pinned run's title.
    const iterations = page.getByRole('region', { name: 'Iteration times' });
    await iterations.locator('g.ghost').waitFor({ state: 'attached' });
    expect(await iterations.locator('g.ghost title').textContent()).toMatch(
      /^pinned: ASCI Q, November 2002/,
    );
    expect(await iterations.locator('.legend .ghost-entry').textContent()).toMatch(
      /pinned: ASCI Q/,
    );
    const loss = page.getByRole('region', { name: 'Lost time by event duration' });
    await loss.locator('path.ghost').waitFor({ state: 'attached' });
    expect(await loss.locator('path.ghost').getAttribute('stroke-dasharray')).toBeTruthy();
    await panel.screenshot({ path: '/tmp/noiselab-compare-results.png' });
    await iterations.screenshot({ path: '/tmp/noiselab-compare-iterations.png' });
    await loss.screenshot({ path: '/tmp/noiselab-compare-loss.png' });

    // Unpin: the headline, the table and the ghosts go.
    await panel.getByRole('button', { name: 'Unpin' }).click();
    expect(await panel.locator('.headline').count()).toBe(0);
    expect(await iterations.locator('g.ghost').count()).toBe(0);
    expectQuiet(problems);
    await page.context().close();
  }, 120_000);
});

describe('published data on the charts', () => {
  it('shows 000 Table 3 on the cycle-time view of SAGE on ASCI Q 2002, with citations', async () => {
    const { page, problems } = await openApp(site);
    await page.goto(`${site.origin}/?preset=sage-asci-q-2002&iterations=3`);
    const view = page.getByRole('region', { name: 'Cycle time against processors' });
    const marks = view.locator('g.published-mark');
    await expect.poll(() => marks.count(), { timeout: 120_000, interval: 500 }).toBe(2);
    const tips = await marks.locator('title').allTextContents();
    expect(tips).toEqual([
      expect.stringMatching(
        /^published, Unoptimized system: 1\.60 s \(000 Table 3;.*8,192 processors$/,
      ),
      expect.stringMatching(/^published, Model: 0\.63 s \(000 Table 3;.*8,192 processors$/),
    ]);
    // The same as text, for the keyboard and screen readers.
    const list = view.getByRole('list', { name: 'Published values' });
    expect(await list.locator('li').allTextContents()).toEqual([
      expect.stringMatching(/^Unoptimized system: 1\.60 s \(000 Table 3/),
      expect.stringMatching(/^Model: 0\.63 s \(000 Table 3/),
    ]);
    await view.screenshot({ path: '/tmp/noiselab-published-cycle-time.png' });
    expectQuiet(problems);
    await page.context().close();
  }, 180_000);
});
