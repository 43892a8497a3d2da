// The built site as a static host serves it: from a sub-path (a GitHub Pages project site,
// /course/noiselab/) and inside an iframe of a course page on another origin. A tiny file
// server, no Vite: what works here works from any static host. The app must run, load a
// scenario file by a relative link, write its links under the sub-path, and never request
// anything from another origin. The validation report is a page of the site
// (validation.html), and a lesson step's link to one of its targets lands on that target.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Site, startSite } from './site.ts';
import { serveStatic, type StaticServer } from './static-server.ts';

const SUB = '/course/noiselab/';

/** Serves `dir` under SUB only (404 elsewhere), and a course page that embeds the app. */
function serve(dir: string, course: () => string): Promise<StaticServer> {
  return serveStatic(dir, SUB, (path, res) => {
    if (path === '/course-page.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(course());
      return true;
    }
    if (path === '/favicon.ico') {
      res.writeHead(204).end(); // the course page's own icon: not the app's business
      return true;
    }
    return false;
  });
}

let site: Site;
let app: StaticServer;
let host: StaticServer;
let appOrigin: string;
let hostOrigin: string;
beforeAll(async () => {
  site = await startSite();
  app = await serve(site.dir, () => '');
  appOrigin = app.origin;
  // The course page: another origin (localhost, not 127.0.0.1), embedding the app's sub-path.
  host = await serve(
    site.dir,
    () =>
      `<!doctype html><title>Course</title><h1>Week 3: OS noise</h1>` +
      `<iframe title="NoiseLab" src="${appOrigin}${SUB}?preset=asci-q-2002&nodes=64&iterations=200" width="1200" height="900"></iframe>`,
  );
  hostOrigin = host.origin.replace('127.0.0.1', 'localhost');
});
afterAll(async () => {
  await app?.close();
  await host?.close();
  await site?.close();
});

describe('the static site', () => {
  it('runs from a sub-path, opens a scenario file by relative link and writes links there', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    const foreign: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('request', (r) => {
      if (!r.url().startsWith(`${appOrigin}${SUB}`) && !r.url().startsWith('data:')) {
        foreign.push(r.url());
      }
    });
    await page.goto(`${appOrigin}${SUB}?scenario=scenarios/bgp-intrepid.json&nodes=512`);
    await page.waitForSelector('[data-run-status="done"]', { state: 'attached', timeout: 120_000 });
    expect(await page.locator('#scenario-title').textContent()).toMatch(/Blue Gene\/P|BG\/P/);
    await page.getByRole('spinbutton', { name: 'Seed' }).fill('5');
    await page.getByRole('spinbutton', { name: 'Seed' }).press('Enter');
    await expect.poll(() => page.url()).toMatch(new RegExp(`^${appOrigin}${SUB}[?#]`));
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
  }, 180_000);

  it('serves the validation report, and a lesson step links to its target', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    context.on('weberror', (e) => errors.push(String(e.error())));
    const page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));

    // The report, as a page of its own under the sub-path.
    const report = await page.goto(`${appOrigin}${SUB}validation.html`);
    expect(report?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Paper validation');
    expect(await page.locator('table').count()).toBeGreaterThan(10);
    expect(await page.locator('h2#target-6').textContent()).toMatch(/^6\. Figure 15/);

    // Step 7 explains a gap with a link to target 6: reveal it, then follow the link.
    await page.goto(`${appOrigin}${SUB}?lesson=fine-noise`);
    const lesson = page.getByRole('region', { name: /^Lesson:/ });
    await lesson.getByRole('radio').nth(1).check();
    await lesson.getByRole('button', { name: 'Reveal' }).click();
    const link = lesson.locator('.explanation a');
    await link.waitFor({ timeout: 60_000 });
    expect(await link.textContent()).toBe('validation report, target 6 (opens in a new tab)');
    expect(await lesson.locator('.explanation').textContent()).not.toMatch(
      /docs\/validation\.md|\b00[0-4] /,
    );
    expect(await lesson.locator('[data-figure="published"] cite').textContent()).toBe(
      'Petrini, Kerbyson and Pakin 2003, sec. 3.4, Fig 15, Finding #2',
    );
    const [opened] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await opened.waitForLoadState();
    expect(opened.url()).toBe(`${appOrigin}${SUB}validation.html#target-6`);
    expect(await opened.locator(':target').textContent()).toMatch(/^6\. Figure 15/);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('runs inside an iframe of a page on another origin', async () => {
    const context = await site.browser.newContext({
      viewport: { width: 1280, height: 1000 },
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${hostOrigin}/course-page.html`);
    const frame = page.frameLocator('iframe[title="NoiseLab"]');
    await frame
      .locator('[data-run-status="done"]')
      .waitFor({ state: 'attached', timeout: 120_000 });
    expect(await frame.locator('#scenario-title').textContent()).toMatch(/ASCI Q/);
    // The controls work in the frame: a new seed re-runs.
    await frame.getByRole('spinbutton', { name: 'Seed' }).fill('9');
    await frame.getByRole('spinbutton', { name: 'Seed' }).press('Enter');
    await frame
      .locator('[data-run-status="done"]')
      .waitFor({ state: 'attached', timeout: 120_000 });
    await page.screenshot({ path: '/tmp/noiselab-iframe.png' });
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
