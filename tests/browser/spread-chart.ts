// The most/mean/least chart against processes (src/charts/ProcessSpread.svg.svelte) as a user
// sees it once its sweep is over: three curves, the legend naming them in order, nothing busy.
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/** Waits for the chart in `view` to be done and checks its three curves and legend `names`. */
export async function expectSpreadChart(
  view: Locator,
  names: readonly [string, string, string],
): Promise<void> {
  await view.locator('figure[aria-busy="false"]').waitFor({ timeout: 30_000 });
  const chart = view.locator('svg[role="img"]');
  for (const stat of ['max', 'mean', 'min']) {
    expect(await chart.locator(`path.spread-${stat}`).count()).toBe(1);
  }
  const legend = await view.getByRole('list', { name: 'Curves' }).locator('li').allTextContents();
  expect(legend.map((t) => t.trim()).slice(0, 3)).toEqual(names);
}
