// Which view a page opens on: a link may name a view by its id or by the words on its tab; a
// name that fits none is said, not silently dropped; a workload the timeline cannot draw opens
// on its iteration times.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectQuiet, openApp, runDone, type Site, startSite } from './site.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

const selected = (page: import('playwright-core').Page) =>
  page.locator('[role="tab"][aria-selected="true"]').getAttribute('id');

describe('the view a link opens', () => {
  it('takes the tab’s words, and says so when a name fits no view', async () => {
    const { page, problems } = await openApp(
      site,
      undefined,
      undefined,
      `/?preset=asci-q-2002&nodes=16&iterations=100&show=Per%20node`,
    );
    await runDone(page);
    expect(await selected(page)).toBe('tab-node-map');
    await page.goto(`${site.origin}/?preset=asci-q-2002&nodes=16&iterations=100&show=everything`);
    await runDone(page);
    expect(await selected(page)).toBe('tab-timeline');
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('show=everything: no view has that name; the views are timeline (“Timeline”)');
    expectQuiet(problems);
    await page.context().close();
  });

  it('opens a workload without a barrier on its iteration times, and keeps a chosen view', async () => {
    const { page, problems } = await openApp(site, undefined, undefined, `/?preset=lemieux-ft`);
    await runDone(page, 120_000);
    expect(await selected(page)).toBe('tab-iterations');
    await page.locator('#tab-timeline').click();
    expect(await selected(page)).toBe('tab-timeline');
    expect(page.url()).toContain('show=timeline');
    await page.locator('#tab-iterations').click();
    expect(page.url()).not.toContain('show=');
    expectQuiet(problems);
    await page.context().close();
  });
});
