// The latency-against-nodes view in the built site: it sweeps the scenario on show in the
// workers, draws one curve per granularity as the points arrive, and its numbers are the
// engine's for the same sweep points.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, seriousViolations, showView, type Site, startSite } from './site.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

describe('latency against nodes', () => {
  it('fills in from a sweep of the preset, with a summary, a data table and CSV', async () => {
    const { page, problems } = await openApp(site);
    const view = await showView(page, 'Latency', 'Latency against machine size');
    // ASCI Q 2002: 1, 2, 4 … 2,048 nodes (12 counts) × g = 0, 1, 5 ms.
    await view.getByText(/^36 of 36 runs/).waitFor({ timeout: 90_000 });
    expect(await view.locator('path[stroke-width="2.5"]').count()).toBe(3);
    expect(await view.locator('svg[role="img"] circle:not(.on-show *)').count()).toBe(36);
    const summary = await view.locator('.summary').textContent();
    expect(summary).toMatch(/^g = 0: .* on 1 node, .* on 2,048; g = 1 ms: .*; g = 5 ms: .*\.$/);

    await view.getByRole('button', { name: 'Show data table' }).click();
    expect(await view.getByRole('row').count()).toBe(1 + 36);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      view.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('latency-vs-nodes.csv');

    expect(await seriousViolations(page)).toEqual([]);
    await view.screenshot({ path: '/tmp/noiselab-latency-view.png' });
    expect(problems.consoleErrors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
