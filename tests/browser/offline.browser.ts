// Offline and installed, in the built site: once visited, the page works with the network gone —
// reloaded, every preset, every view, a lesson step, a scenario file — from the service worker's
// cache (vite.config.ts); it declares a web app manifest with icons; and a new deployment waits
// for the user's Reload, with the scenario on show kept.
import {
  createReadStream,
  cpSync,
  existsSync,
  mkdtempSync,
  rmSync,
  statSync,
  writeFileSync,
  readFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESET_TABLE } from '../../src/state/preset-list.ts';
import { openApp, runDone, startSite, type Site } from './site.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

const SLOW = 400_000;
const SOON = { timeout: 60_000 };

/** Waits until the service worker controls the page: every file is in its cache by then. */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    // A first visit is not controlled until it is loaded again.
    await page.reload();
  }
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), SOON)
    .toBe(true);
}

const notices = (page: Page) => page.locator('.notices').textContent();

describe('with the network gone', () => {
  it(
    'reloads, switches every preset, opens every view, a lesson step, a scenario file and its schema',
    async () => {
      const { page } = await openApp(site, { width: 1280, height: 800 }, 'allow');
      await runDone(page, 120_000);
      await controlled(page);
      await page.context().setOffline(true);
      // A path under the site is not the page: not served from the cache as the page (its
      // relative asset URLs would miss, and it stayed blank); the page and its links are.
      const stray = await page.context().newPage();
      await expect(stray.goto(`${site.origin}/lessons/foo`)).rejects.toThrow(/ERR_INTERNET/);
      await stray.close();
      await page.reload();
      await runDone(page, 120_000);
      const status = () =>
        page.locator('[data-run-status]').first().getAttribute('data-run-status');
      for (const { id } of PRESET_TABLE) {
        // its file comes from the cache, and its run starts (a whole machine's is not waited for)
        await page.getByLabel('Preset').selectOption(id);
        await expect.poll(() => page.getByLabel('Preset').inputValue(), SOON).toBe(id);
        await expect.poll(status, SOON).toMatch(/^(running|done|waiting)$/);
        expect(await notices(page), id).not.toMatch(/could not|failed|stopped/i);
      }
      await page.getByLabel('Preset').selectOption('asci-q-2002');
      await runDone(page, 120_000);
      // By id: a tab's text holds its long and its short name (one of them hidden).
      const tabs = await page.getByRole('tab').evaluateAll((els) => els.map((e) => e.id));
      for (const id of tabs) {
        await page.locator(`#${id}`).click();
        const panel = page.getByRole('tabpanel');
        await expect.poll(() => panel.locator('svg').count(), SOON).toBeGreaterThan(0);
      }
      await page.getByRole('button', { name: 'Lessons', exact: true }).click();
      await page.getByRole('button', { name: /^1\. The case of the missing/ }).click();
      await expect
        .poll(() => page.getByRole('heading', { level: 2 }).first().textContent(), SOON)
        .toMatch(/\S/);
      // a link to a scenario file served with the site
      await page.goto(
        `${site.origin}/?scenario=scenarios/example-asci-q.json&nodes=64&iterations=200`,
      );
      await runDone(page, 120_000);
      expect(await notices(page)).not.toMatch(/could not/i);
      // the scenario schema an exported file names
      const schema = await page.evaluate(async () => (await fetch('schema/scenario-v2.json')).ok);
      expect(schema).toBe(true);
      await page.context().close();
    },
    SLOW,
  );

  it('declares a web app manifest with its icons, all served', async () => {
    const { page } = await openApp(site);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = (await (await page.request.get(new URL(href!, page.url()).href)).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({
      short_name: 'NoiseLab',
      display: 'standalone',
      start_url: './',
    });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    for (const icon of manifest.icons) {
      const response = await page.request.get(new URL(icon.src, page.url()).href);
      expect(response.status(), icon.src).toBe(200);
    }
    await page.context().close();
  });
});

/** A static server of `root()` (which can change between requests), sw.js never cached. */
function serve(root: () => string): Promise<Server> {
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.json': 'application/json',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.webmanifest': 'application/manifest+json',
  };
  const server = createServer((req, res) => {
    const dir = root();
    let file = normalize(
      join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)),
    );
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('a new deployment', () => {
  it(
    'waits for Reload, says so, and the scenario on show stays',
    async () => {
      // Two deployments: the build, and the same with another service worker (any change of
      // the build changes sw.js, its list of files and their revisions).
      const work = mkdtempSync(join(tmpdir(), 'noiselab-deploy-'));
      const first = join(work, 'first');
      const second = join(work, 'second');
      cpSync(site.dir, first, { recursive: true });
      cpSync(site.dir, second, { recursive: true });
      const sw = join(second, 'sw.js');
      writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// the next deployment\n`);
      let deployed = first;
      const server = await serve(() => deployed);
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        const context = await site.browser.newContext({ serviceWorkers: 'allow' });
        const page = await context.newPage();
        await page.goto(`${origin}/?preset=asci-q-2002&nodes=64&iterations=200`);
        await runDone(page, 120_000);
        await controlled(page);
        await runDone(page, 120_000);
        const seed = page.getByRole('spinbutton', { name: 'Seed' });
        await seed.fill('77');
        await seed.press('Enter');
        await expect.poll(() => page.url(), SOON).toContain('seed=77');
        expect(await page.locator('[data-update-available]').count()).toBe(0);

        deployed = second;
        await page.evaluate(() =>
          navigator.serviceWorker.getRegistration().then((r) => r?.update()),
        );
        const notice = page.locator('[data-update-available]');
        await notice.waitFor({ timeout: 60_000 });
        expect(await notice.textContent()).toMatch(/A new version of NoiseLab is ready/);
        // nothing reloaded by itself: the edit is still on show
        await page.waitForTimeout(1000);
        expect(await seed.inputValue()).toBe('77');

        await Promise.all([
          page.waitForEvent('load'),
          notice.getByRole('button', { name: 'Reload' }).click(),
        ]);
        await runDone(page, 120_000);
        expect(await page.getByRole('spinbutton', { name: 'Seed' }).inputValue()).toBe('77');
        expect(await page.locator('[data-update-available]').count()).toBe(0);
        await context.close();
      } finally {
        server.close();
        rmSync(work, { recursive: true, force: true });
      }
    },
    SLOW,
  );
});
