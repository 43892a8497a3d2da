// The app as a user meets it: the built site in Chromium. It opens on ASCI Q
// 2002 and simulates it at once, takes files (broken, too big, valid), cancels
// a long run, and stays accessible, quiet in the console and on its own origin
// throughout. The scenario bar's presets, seed, Reset and Export: bar.browser.ts.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/index.ts';
import { parseScenarioText } from '../../src/scenario/index.ts';
import { formatQuantity } from '../../src/format/numbers.ts';
import { expectQuiet, openApp, seriousViolations, type Site, startSite } from './site.ts';

const exampleText = readFileSync(
  new URL('../../scenarios/example-asci-q.json', import.meta.url),
  'utf8',
);
const example = JSON.parse(exampleText);
const startupText = readFileSync(
  new URL('../../scenarios/asci-q-2002.json', import.meta.url),
  'utf8',
);
const startup = JSON.parse(startupText);

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

/** Picks a file through the Import button, as a user would. */
async function importFile(page: Page, name: string, content: string | Buffer): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Import scenario file…' }).click(),
  ]);
  await chooser.setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) });
}

const scenarioTitle = (page: Page) => page.locator('#scenario-title');
const status = (page: Page) => page.getByRole('status');
const progressValue = (page: Page) =>
  page
    .getByRole('progressbar', { name: 'Progress' })
    .evaluate((el) => (el as HTMLProgressElement).value);

describe('NoiseLab in the browser', () => {
  it('opens on ASCI Q 2002 at 1,024 nodes, g = 1 ms, and simulates it without a click', async () => {
    const { page, problems } = await openApp(site);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('NoiseLab');
    expect(await scenarioTitle(page).textContent()).toBe(startup.title);
    expect(await page.getByLabel('Preset').inputValue()).toBe('asci-q-2002');
    const card = page.getByRole('article');
    expect(await card.textContent()).toContain('2,048 nodes × 4 cores');
    expect(await card.textContent()).toContain('1,024 nodes × 4 ranks per node');
    expect(await card.textContent()).toContain('1 ms of work between barriers');
    expect(await card.textContent()).toContain(
      `${startup.noise.length} sources, ${startup.noise.length} on (listed in the panel)`,
    );

    // The page shows what the engine computes for the same scenario (computed here while the
    // page's worker runs it).
    const expected = runScenario(parseScenarioText(startupText)).summary;

    // Results stream in, then the run ends: nobody pressed Run.
    await page.getByText(/^Done: 2,000 iterations in/).waitFor({ timeout: 30_000 });
    expect(await progressValue(page)).toBe(1);
    expect(await page.getByText('2,000 / 2,000 iterations').count()).toBe(1);

    const mean = page.getByRole('row', { name: /Barrier latency, mean/ }).getByRole('cell');
    expect(await mean.first().textContent()).toBe(formatQuantity(expected.meanLatencyUs));
    expect(await mean.nth(1).textContent()).toBe('µs');
    const slowdown = page
      .getByRole('row', { name: /Slowdown/ })
      .getByRole('cell')
      .first();
    expect(await slowdown.textContent()).toBe(formatQuantity(expected.slowdown));
    expect(await page.getByRole('row', { name: /kernel-heartbeat-125ms/ }).count()).toBe(1);

    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/noiselab-1280.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(375);
    await page.screenshot({ path: '/tmp/noiselab-375.png', fullPage: true });
    await page.screenshot({ path: '/tmp/noiselab-375-top.png' });
    expectQuiet(problems);
    await page.context().close();
  });

  it('a broken file lists its problems by JSON path and the scenario shown stays', async () => {
    const { page, problems } = await openApp(site);
    const broken = {
      ...example,
      job: { ...example.job, nodes: 4096 },
      workload: { ...example.workload, iterations: -5 },
    };
    await importFile(page, 'broken.json', JSON.stringify(broken));
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toContain('Could not load broken.json');
    expect(text).toMatch(/job\.nodes: 4096 /);
    expect(text).toMatch(/workload\.iterations: -5 /);
    expect(await scenarioTitle(page).textContent()).toBe(startup.title);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: '/tmp/noiselab-error-375.png', fullPage: true });

    await importFile(page, 'truncated.json', exampleText.slice(0, 200));
    await page.getByText(/\(root\): is not valid JSON/).waitFor();
    expect(await scenarioTitle(page).textContent()).toBe(startup.title);

    expect(await seriousViolations(page)).toEqual([]);
    // and the check finds what it should: a button with no name is a critical violation
    await page.evaluate(() => document.body.append(document.createElement('button')));
    expect(await seriousViolations(page)).toEqual([
      expect.stringMatching(/^button-name: Buttons must have discernible text \(/),
    ]);
    expectQuiet(problems);
    await page.context().close();
  });

  it('a file over 1,000,000 bytes is refused before it is read', async () => {
    const { page, problems } = await openApp(site);
    await importFile(page, 'huge.json', Buffer.alloc(1_000_001, 32));
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain(
      'The file is 1,000,001 bytes; a scenario file may be at most 1,000,000 bytes.',
    );
    expect(await scenarioTitle(page).textContent()).toBe(startup.title);
    expectQuiet(problems);
    await page.context().close();
  });

  it('a valid file replaces the scenario card and clears the error list', async () => {
    const { page, problems } = await openApp(site);
    await importFile(page, 'broken.json', '{}');
    await page.getByRole('alert').waitFor();
    const smaller = { ...example, title: 'ASCI Q, 64 nodes', job: { ...example.job, nodes: 64 } };
    await importFile(page, 'q-64.json', JSON.stringify(smaller));
    await expect.poll(() => scenarioTitle(page).textContent()).toBe('ASCI Q, 64 nodes');
    expect(await page.getByText('Scenario from q-64.json').count()).toBe(1);
    expect(await page.getByLabel('Preset').inputValue()).toBe('');
    expect(await page.getByRole('article').textContent()).toContain('64 nodes × 4 ranks per node');
    expect(await page.getByRole('alert').count()).toBe(0);
    // A new scenario runs at once.
    await page.getByText(/^Done: 2,000 iterations in/).waitFor({ timeout: 20_000 });
    expectQuiet(problems);
    await page.context().close();
  });

  it("a SAGE preset from scenarios/ loads, runs in the worker and shows the root's view", async () => {
    const { page, problems } = await openApp(site);
    const sage = JSON.parse(
      readFileSync(new URL('../../scenarios/sage-asci-q-2002.json', import.meta.url), 'utf8'),
    );
    // Shrunk so the run takes a moment: 64 nodes, 4 cycles.
    sage.job.nodes = 64;
    sage.workload.iterations = 4;
    sage.workload.warmup = 1;
    await importFile(page, 'sage.json', JSON.stringify(sage));
    await expect.poll(() => scenarioTitle(page).textContent()).toBe(sage.title);
    await page.getByText(/^Done: 4 iterations in/).waitFor();
    const expected = runScenario(parseScenarioText(JSON.stringify(sage)));
    const model = page.getByRole('row', { name: /Model iteration/ }).getByRole('cell');
    expect(await model.first().textContent()).toBe(formatQuantity(expected.tree!.modelIterationUs));
    const share = page.getByRole('row', { name: /share of its time in collectives/ });
    expect(await share.count()).toBe(1);
    // Tree workloads have no attribution table (docs/workloads.md §4).
    expect(await page.getByRole('table', { name: /Time lost to each noise source/ }).count()).toBe(
      0,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/noiselab-sage.png', fullPage: true });
    expectQuiet(problems);
    await page.context().close();
  });

  it('Cancel stops a long run, says so, and the controls work again', async () => {
    const { page, problems } = await openApp(site);
    const long = {
      ...example,
      title: 'ASCI Q, whole machine, a million iterations',
      job: { ...example.job, nodes: 2048 },
      workload: { ...example.workload, iterations: 1_000_000 },
    };
    await importFile(page, 'long.json', JSON.stringify(long));
    await expect.poll(() => scenarioTitle(page).textContent()).toBe(long.title);

    // It runs at once; Run starts it again from the beginning.
    await page.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => progressValue(page), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.getByRole('heading', { name: 'Results so far' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText(/^Cancelled after [\d,]+ of 1,000,000 iterations\.$/).waitFor();
    const stoppedAt = await progressValue(page);
    expect(stoppedAt).toBeLessThan(1);
    expect(await page.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);

    // Nothing from the abandoned run reaches the page.
    await page.waitForTimeout(500);
    expect(await progressValue(page)).toBe(stoppedAt);
    expect(await status(page).textContent()).toMatch(/^Cancelled/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/noiselab-cancelled-1280.png', fullPage: true });

    // The worker is free again: the example runs to the end.
    await importFile(page, 'example.json', exampleText);
    await page.getByText(/^Done: 2,000 iterations in/).waitFor({ timeout: 20_000 });
    expectQuiet(problems);
    await page.context().close();
  });

  it('a worker that fails to load is reported, and the next run starts a fresh one', async () => {
    const context = await site.browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    const worker = '**/assets/engine.worker-*.js';
    await page.route(worker, (route) => route.abort());
    // The start-up run finds no worker.
    await page.goto(`${site.origin}/`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('The simulation worker stopped');
    expect(await status(page).textContent()).toBe('Stopped by an error.');
    expect(consoleErrors.every((text) => text.includes('Failed to load resource'))).toBe(true);

    await page.unroute(worker);
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByText(/^Done: 2,000 iterations in/).waitFor({ timeout: 20_000 });
    expect(await alert.count()).toBe(0);
    await context.close();
  });
});
