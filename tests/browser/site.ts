// The built site (build-site.ts builds it once per run), served as a static host serves it
// (static-server.ts), and Chromium to open it: what a browser test needs, started once per file.
// Never downloads a browser: it uses CHROMIUM_PATH or Debian's /usr/bin/chromium.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { buildSite, removeSite } from './build-site.ts';
import { serveStatic } from './static-server.ts';

export interface Site {
  /** http://127.0.0.1:PORT, no trailing slash */
  origin: string;
  /** the built site's folder (absolute), for serving it some other way */
  dir: string;
  browser: Browser;
  close(): Promise<void>;
}

/** The site the browser tests' global setup built, or undefined outside them (bench, scripts). */
function builtForTests(): string | undefined {
  try {
    return inject('siteDir');
  } catch {
    return undefined;
  }
}

/**
 * Serves the site built once for the whole test run (build-site.ts) and launches Chromium: one
 * file server and one browser per test file. Outside the tests (the browser bench, the
 * screenshots) it builds the site itself, and removes it on close.
 */
export async function startSite(): Promise<Site> {
  const shared = builtForTests();
  const dir = shared ?? buildSite();
  const server = await serveStatic(dir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    origin: server.origin,
    dir,
    browser,
    async close() {
      await browser.close();
      await server.close();
      if (shared === undefined) removeSite(dir);
    },
  };
}

/** What went wrong on a page that a user would not see: console errors, stray requests. */
export interface Problems {
  consoleErrors: string[];
  offOrigin: string[];
}

/**
 * A fresh context and page on the site at `path` (the bare site: ASCI Q 2002 on 1,024 nodes,
 * run at once), with its problems recorded as they happen.
 */
export async function openApp(
  site: Site,
  viewport = { width: 1280, height: 800 },
  serviceWorkers: 'allow' | 'block' = 'block',
  path = '/',
): Promise<{ page: Page; problems: Problems }> {
  // The site's service worker (offline use) is kept out unless a test is about it: requests it
  // answers from its cache never reach a test's routes (page.route), and each test starts from
  // the network as a first visit does. tests/browser/offline.browser.ts lets it in.
  const context = await site.browser.newContext({ viewport, serviceWorkers });
  const page = await context.newPage();
  const problems: Problems = { consoleErrors: [], offOrigin: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => problems.consoleErrors.push(String(error)));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${site.origin}/`) && !url.startsWith('data:')) {
      problems.offOrigin.push(url);
    }
  });
  await page.goto(`${site.origin}${path}`);
  return { page, problems };
}

/** Whether all of `el`'s box is inside the viewport (the page not scrolled). */
export async function onScreen(page: Page, el: Locator): Promise<boolean> {
  const box = await el.boundingBox();
  const vp = page.viewportSize()!;
  return (
    box !== null &&
    box.width > 0 &&
    box.height > 0 &&
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= vp.width + 0.5 &&
    box.y + box.height <= vp.height + 0.5
  );
}

/** axe-core's own script, put in a page once per document by seriousViolations. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe's serious and critical violations on the page, or within the elements `within` selects
 * (a CSS selector), each as "rule: help (targets)"; [] when there are none. axe-core runs in the
 * page itself, put there once per document: @axe-core/playwright's AxeBuilder injected it again
 * and ran it frame by frame on every call, about 1 CPU-s a call on this machine against 0.2 (the
 * page has no frames, and the rules and their results are axe-core's either way).
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const { violations } = await axe.run(selector ? { include: [selector] } : document, {
      resultTypes: ['violations'],
    });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  }, within ?? null);
}

/** No console error and no request off the site's origin. */
export function expectQuiet(problems: Problems): void {
  expect(problems.consoleErrors).toEqual([]);
  expect(problems.offOrigin).toEqual([]);
}

/**
 * Puts a view on the stage by its tab (a user's click) and returns the view's region, named by
 * its heading: 'Latency' shows 'Latency against machine size'.
 */
export async function showView(page: Page, tab: string, region: string): Promise<Locator> {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  const view = page.getByRole('region', { name: region, exact: true });
  await view.waitFor();
  return view;
}

/** Waits until the page's run is done: a CSS selector, cheap to poll (a text search walks the
 * whole page at every poll). */
export async function runDone(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForSelector('[data-run-status="done"]', { state: 'attached', timeout });
}

/** Clicks a download button inside `scope` and returns the file's name and bytes. */
export async function download(
  page: Page,
  scope: Locator,
  button: string,
): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    scope.getByRole('button', { name: button }).click(),
  ]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

/** The numbers of a CSV export, one array per data row (the header dropped). */
export function csvRows(text: string): number[][] {
  return text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',').map(Number));
}

/**
 * How far the second column of `got` strays from `want`'s at most, relative. Chromium's V8 and
 * Node round a few libm results differently (the lognormal and exponential draws), so the same
 * iterations agree to about 1e-9, not to the last bit.
 */
export function worstRelative(got: number[][], want: number[][]): number {
  return Math.max(...got.map(([, v], k) => Math.abs(v - want[k][1]) / want[k][1]));
}
