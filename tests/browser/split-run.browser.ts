// A whole machine in the built site: the engine worker splits the run over part workers of its
// own (src/engine/partitioned-run.ts), one per hardware thread (one left to the page from 4 on),
// and the page shows the numbers a single thread computes: every iteration time, as Node's
// engine gives it, in the iteration-times CSV.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/index.ts';
import { iterationCsv } from '../../src/charts/iteration-times.ts';
import { loadPreset } from '../../src/validation/presets.ts';
import {
  csvRows,
  expectQuiet,
  openApp,
  runDone,
  showView,
  type Site,
  startSite,
  worstRelative,
} from './site.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

describe('a whole machine split over threads', () => {
  it('counts the ranks of Jaguar XT5 RN on all 18,688 nodes, with the engine’s numbers on one thread', async () => {
    // Its ranks' only noise is their core's tick: counted (src/engine/bulk-lanes.ts), in 24
    // blocks whatever the threads (src/engine/split-size.ts). Split over 3 parts or more, from 4
    // threads on; on fewer it stays on the engine worker. The numbers are one thread's either
    // way; a run split over part workers is tested in tests/worker/part-handler.test.ts.
    const { page, problems } = await openApp(
      site,
      undefined,
      undefined,
      `/?preset=jaguar-xt5-rn&nodes=18688&iterations=300`,
    );
    await runDone(page, 120_000);
    const status = await page.locator('[data-run-status="done"]').textContent();
    expect(status).toMatch(/^Done: 300 iterations in /);
    const threads = await page.evaluate(() => navigator.hardwareConcurrency);
    if (threads >= 4) expect(status).toMatch(/ on \d threads/);
    else expect(status).not.toMatch(/threads/);

    const s = loadPreset('jaguar-xt5-rn');
    s.job.nodes = 18_688;
    s.workload.iterations = 300;
    const expected = runScenario(s);

    const view = await showView(page, 'Iterations', 'Iteration times');
    await view.locator('figure[aria-busy="false"]').waitFor();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      view.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const got = csvRows(readFileSync(await file.path(), 'utf8'));
    const want = csvRows(iterationCsv(expected.iterationsUs));
    expect(got.length).toBe(250); // 300 iterations, 50 of warm-up
    expect(got.map(([i]) => i)).toEqual(want.map(([i]) => i));
    // Chromium's V8 and Node may round a libm result differently (worstRelative).
    expect(worstRelative(got, want)).toBeLessThan(1e-9);
    expectQuiet(problems);
    await page.context().close();
  }, 180_000);

  it('says how long a long split run has left, and Cancel stops it', async () => {
    const { page, problems } = await openApp(site);
    // 20,000 iterations: about a minute here, refused by no limit (0.9 billion noise events).
    await page.goto(`${site.origin}/?preset=jaguar-xt5-rn&nodes=18688&iterations=20000`);
    // Estimated over a minute: a link does not start it; Run does.
    await page.waitForSelector('[data-run-status="waiting"]', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const count = page.getByRole('region', { name: 'Headline numbers' }).locator('.count');
    await expect
      .poll(() => count.textContent(), { timeout: 60_000 })
      .toMatch(/^[\d,]+ \/ 20,000 iterations, about [\d.]+ (s|min) left$/);
    // Not in the live status, which would read it out at every update.
    expect(await page.locator('[data-run-status]').textContent()).toBe('Running…');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText(/^Cancelled after [\d,]+ of 20,000 iterations\.$/).waitFor();
    expect(await count.textContent()).not.toMatch(/left/);
    // The page is free again: a short run of the same machine finishes.
    await page.goto(`${site.origin}/?preset=jaguar-xt5-rn&nodes=1024`);
    await runDone(page, 60_000);
    expectQuiet(problems);
    await page.context().close();
  }, 180_000);
});
