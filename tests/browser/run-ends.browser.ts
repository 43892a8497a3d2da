// Every run ends, in the built site: a link to a scenario that once validated and never ended
// is refused with its reason and the page stays usable; a link to an hour of work waits for a
// click on Run; Cancel on a long run stops it and Run works again.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeHash, toBase64url } from '../../src/state/url-codec.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { openApp, runDone, startSite, type Site } from './site.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

const asciQ = () =>
  JSON.parse(
    readFileSync(new URL('../../scenarios/asci-q-2002.json', import.meta.url), 'utf8'),
  ) as Scenario;

/** A #s= link for any scenario, valid or not (what an old version or a hostile page wrote). */
async function rawHash(scenario: unknown): Promise<string> {
  const text = JSON.stringify({ scenario, view: {} });
  const stream = new Blob([new TextEncoder().encode(text)])
    .stream()
    .pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return `#s=1.${toBase64url(bytes)}`;
}

const status = (page: Page) =>
  page.locator('[data-run-status]').first().getAttribute('data-run-status');
const SLOW = 180_000;
/** expect.poll waits 1 s by default: a busy machine loads a page slower */
const SOON = { timeout: 30_000 };

describe('a link that once hung the page', () => {
  for (const [what, duration, reason] of [
    [
      'N(0, 2 s) clamped at 0',
      { dist: 'normal', meanUs: 0, sdUs: 2_000_000 },
      /busy 161% of the time/,
    ],
    [
      'a Pareto tail of shape 0.5',
      { dist: 'pareto', scaleUs: 0.01, shape: 0.5 },
      /shape: 0\.5 gives events without a finite mean/,
    ],
  ] as const) {
    it(
      `${what}: refused with its reason; the default scenario runs and Run works`,
      async () => {
        const bad = asciQ();
        bad.workload.iterations = 200;
        bad.workload.warmup = 0;
        bad.noise[0].duration = duration as Scenario['noise'][0]['duration'];
        const { page } = await openApp(site);
        await page.goto(`${site.origin}/${await rawHash(bad)}`);
        await page.reload();
        await expect
          .poll(() => page.locator('.notices').textContent(), SOON)
          .toMatch(/This link could not be opened/);
        await expect.poll(() => page.locator('.notices').textContent(), SOON).toMatch(reason);
        await runDone(page, 120_000);
        await page.getByRole('button', { name: 'Run', exact: true }).click();
        await runDone(page, 120_000);
        await page.context().close();
      },
      SLOW,
    );
  }
});

describe('a link to an hour of work', () => {
  it(
    'waits for a click on Run, says how long, and Cancel then stops it',
    async () => {
      // 1,048,576 nodes × 4 ranks × 47,000 iterations: valid, about half an hour of work
      const long = asciQ();
      long.machine.nodes = 1_048_576;
      long.job.nodes = 1_048_576;
      long.workload.iterations = 47_000;
      // no noise: the ranks alone are 2e11 rank-iterations, at the validator's limit
      long.noise = long.noise.map((n) => ({ ...n, enabled: false }));
      const { page } = await openApp(site);
      await page.goto(`${site.origin}/${await encodeHash({ scenario: long, view: {} })}`);
      await page.reload();
      await expect.poll(() => status(page), { timeout: 60_000 }).toBe('waiting');
      await expect
        .poll(() => page.getByText(/This run would take about \d+ (min|h)/).count(), SOON)
        .toBeGreaterThan(0);
      // nothing runs until asked
      await page.waitForTimeout(1000);
      expect(await status(page)).toBe('waiting');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await expect.poll(() => status(page), SOON).toBe('running');
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect.poll(() => status(page), SOON).toBe('cancelled');
      // the controls still answer: a preset runs to the end
      await page.getByLabel('Preset').selectOption('asci-q-2002');
      await runDone(page, 120_000);
      await page.context().close();
    },
    SLOW,
  );
});

describe('a restored scenario whose run never ended', () => {
  it(
    'comes back shown but not run, says why, and runs on Run',
    async () => {
      const { page } = await openApp(site);
      await runDone(page, 120_000);
      const edited = asciQ();
      edited.job.nodes = 64;
      edited.workload.iterations = 200;
      // what the last visit left: its scenario saved, and a run under way when it went away
      await page.evaluate((scenario) => {
        localStorage.setItem(
          'noiselab.autosave.v1',
          JSON.stringify({ scenario, savedAt: Date.now(), origin: 'link' }),
        );
        localStorage.setItem('noiselab.run-open.v1', '1');
      }, edited);
      // the bare site (the address bar now holds a link, which would win over the autosave)
      await page.goto(`${site.origin}/`);
      await expect
        .poll(() => page.locator('.notices').textContent(), SOON)
        .toMatch(/The scenario you were editing is back, but not run\..*Press Run to run it/);
      await page.waitForTimeout(1000);
      expect(await status(page)).toBe('idle');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await runDone(page, 120_000);
      expect(await page.locator('.notices').textContent()).not.toMatch(/back, but not run/);
      // the run ended: the next visit restores and runs as usual
      expect(await page.evaluate(() => localStorage.getItem('noiselab.run-open.v1'))).toBeNull();
      await page.context().close();
    },
    SLOW,
  );
});
