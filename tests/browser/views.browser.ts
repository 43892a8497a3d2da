// The views fed by the run on show (lost time by event duration, noise per node) and by sweeps
// of their own (slowdown against granularity; latency against nodes for its SVG/PNG export) in
// the built site: each draws the engine's data for ASCI Q 2002, says what it shows in a live
// summary, shows its data table and downloads its data as CSV and its chart as SVG and PNG.
import { writeFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  download,
  expectQuiet,
  openApp,
  runDone,
  seriousViolations,
  showView,
  type Site,
  startSite,
} from './site.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

/** CSV, SVG and PNG downloads of a view, checked for their names and contents. */
async function checkExports(page: Page, view: Locator, name: string, csvHead: string) {
  const csv = await download(page, view, 'Download CSV');
  expect(csv.name).toBe(`${name}.csv`);
  expect(csv.bytes.toString('utf8').split('\n')[0]).toBe(csvHead);
  const svg = await download(page, view, 'Download SVG');
  expect(svg.name).toBe(`${name}.svg`);
  const text = svg.bytes.toString('utf8');
  expect(text.startsWith('<?xml')).toBe(true);
  expect(text).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(text).toContain('style="');
  const png = await download(page, view, 'Download PNG');
  expect(png.name).toBe(`${name}.png`);
  expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(png.bytes.length).toBeGreaterThan(2000);
  writeFileSync(`/tmp/noiselab-export-${name}.png`, png.bytes);
}

async function toggleTable(view: Locator): Promise<number> {
  await view.getByRole('button', { name: 'Show data table' }).click();
  const rows = await view.getByRole('row').count();
  await view.getByRole('button', { name: 'Hide data table' }).click();
  expect(await view.getByRole('table').count()).toBe(0);
  return rows;
}

describe('what a filling view says to a screen reader', () => {
  it('the resonance sweep is announced once, when it is complete, not point by point', async () => {
    const { page, problems } = await openApp(site);
    await runDone(page, 120_000);
    // every text the view's live regions and its visible summary take, from the tab's click on
    await page.evaluate(() => {
      const w = window as unknown as { said: string[]; shown: string[] };
      w.said = [];
      w.shown = [];
      new MutationObserver(() => {
        const view = document.getElementById('resonance-heading')?.closest('section');
        if (!view) return;
        const live = [...view.querySelectorAll('[aria-live]')].map((e) => e.textContent!.trim());
        const text = live.join(' | ');
        if (text && text !== w.said.at(-1)) w.said.push(text);
        const seen = view.querySelector('.summary')?.textContent?.trim() ?? '';
        if (seen && seen !== w.shown.at(-1)) w.shown.push(seen);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const resonance = await showView(page, 'Resonance', 'Slowdown against granularity');
    await resonance.getByText(/^35 of 35 runs/).waitFor({ timeout: 120_000 });
    await resonance.locator('figure[aria-busy="false"]').waitFor();
    const { said, shown } = await page.evaluate(() => {
      const w = window as unknown as { said: string[]; shown: string[] };
      return { said: w.said, shown: w.shown };
    });
    // the visible summary filled in as the points came; the live region spoke the final one
    expect(shown.length).toBeGreaterThan(1);
    expect(said.length).toBeLessThanOrEqual(1);
    expect(said.at(-1)).toBe(shown.at(-1));
    // and the visible one is not read a second time
    expect(await resonance.locator('.summary').getAttribute('aria-hidden')).toBe('true');
    expectQuiet(problems);
    await page.context().close();
  }, 240_000);
});

describe('the views of ASCI Q 2002', () => {
  it('draw the run and the sweeps, summarise them, show tables and export', async () => {
    const { page, problems } = await openApp(site);

    // Lost time by event duration: filled from the run's attribution once the run is done.
    const loss = await showView(page, 'Lost time', 'Lost time by event duration');
    await loss.locator('figure[aria-busy="false"]').waitFor({ timeout: 60_000 });
    const lossSummary = (await loss.locator('.summary').textContent())!.trim();
    expect(lossSummary).toMatch(/^\S+ \S+ lost in all; half of it to events of .* the most by rms/);
    // One shaded layer and one dashed edge per category of ASCI Q's noise.
    expect(await loss.locator('path.edge').count()).toBe(4);
    expect(await loss.getByRole('list', { name: 'Source categories' }).textContent()).toMatch(
      /kernel.*rms.*trucluster.*daemon/s,
    );
    expect(await toggleTable(loss)).toBeGreaterThan(10);
    await checkExports(
      page,
      loss,
      'loss-by-event-duration',
      'event_duration_up_to_us,kernel_us,rms_us,trucluster_us,daemon_us,total_us',
    );

    // Noise per node: a cell per job node, the special nodes of the clusters the worst.
    const map = await showView(page, 'Per node', 'Noise per node');
    // One square per job node, drawn as one path per colour level; the pointer names a cell.
    const squares = await map
      .locator('svg[role="img"] path')
      .evaluateAll((ps) =>
        ps.reduce((n, p) => n + (p.getAttribute('d')?.match(/M/g) ?? []).length, 0),
      );
    expect(squares).toBe(1024);
    await map.locator('rect.hit').hover({ position: { x: 3, y: 3 } });
    expect(await map.locator('g.tip text').textContent()).toMatch(
      /^node 0 \(cluster 0, offset 0\): [\d.,]+ (µs|ms|s)$/,
    );
    const mapSummary = (await map.locator('.summary').textContent())!.trim();
    // The special nodes of each cluster stand out (000 Figs 11–12): the quorum node (1) and the
    // RMS monitor (31) in a run of seconds; the cluster manager's (0) four activities come about
    // twice a minute a node (calibrated), so a 14 s run meets one on about half the clusters.
    const offsets = /with the most delay: ([\d, ]+)\.$/
      .exec(mapSummary)?.[1]
      .split(', ')
      .map(Number);
    expect(offsets).toEqual(expect.arrayContaining([1, 31]));
    expect(offsets!.every((o) => [0, 1, 31].includes(o))).toBe(true);
    expect(await toggleTable(map)).toBe(1 + 32);
    await checkExports(page, map, 'noise-per-node', 'node_id,last_node_id,cluster,offset,delay_us');

    // Slowdown against granularity: its own sweep, 4 categories + all × 7 granularities.
    const resonance = await showView(page, 'Resonance', 'Slowdown against granularity');
    await resonance.getByText(/^35 of 35 runs/).waitFor({ timeout: 80_000 });
    expect(await resonance.locator('path[stroke-width="2.5"]').count()).toBe(5);
    expect(await resonance.locator('svg[role="img"] circle:not(.on-show *)').count()).toBe(35);
    // the run on show (the headline's) marked at its granularity, 1 ms, with its slowdown
    const headline = (await page.locator('[data-headline="slowdown"] dd').textContent())!.trim();
    expect(await resonance.locator('svg[role="img"] .on-show circle').count()).toBe(1);
    const onShow = (await resonance.locator('.legend li.on-show').textContent())!.trim();
    expect(onShow).toMatch(/^the run on show, g = 1 ms: ×\d+\.\d\d \(the headline's slowdown\)$/);
    // the headline's slowdown, then its ± two standard errors
    expect(headline).toMatch(/^[\d.]+×\s*±[\d.]+$/);
    expect(Number(/×([\d.]+)/.exec(onShow)![1]).toFixed(1)).toBe(
      Number(/^([\d.]+)×/.exec(headline)![1]).toFixed(1),
    );
    expect((await resonance.locator('.summary').textContent())!.trim()).toMatch(
      /^kernel sources alone: worst above g = 0 is ×.*; all sources: .*\.$/,
    );
    expect(await toggleTable(resonance)).toBe(1 + 35);
    // Each daemon's row: a sparkline of its share of the lost time at the 7 granularities of
    // the all-sources curve, and its share in the run on show. Shares add up to 100 %.
    const sparks = page.locator('li.row svg[aria-label^="Share of the lost time"]');
    const labels = await sparks.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!));
    expect(labels.length).toBeGreaterThan(3);
    const atG = (label: string, k: number) =>
      Number(/: (.*)$/.exec(label)![1].split(', ')[k].split(' ').at(-1)!.replace('%', ''));
    for (const label of labels) expect(label.split(', ')).toHaveLength(7);
    for (let k = 0; k < 7; k++) {
      const sum = labels.reduce((acc, l) => acc + atG(l, k), 0);
      expect(Math.abs(sum - 100)).toBeLessThanOrEqual(labels.length); // rounding, 1 % each
    }
    const inRun = await page.locator('li.row .share').allTextContents();
    expect(inRun.length).toBe(labels.length);
    expect(inRun.every((t) => /^\d+% of the lost time$/.test(t))).toBe(true);

    await checkExports(
      page,
      resonance,
      'slowdown-vs-granularity',
      'curve,granularity_us,slowdown,mean_latency_us,iterations,slowdown_two_se',
    );

    // Latency against nodes: its SVG and PNG export (the rest: charts.browser.ts).
    const latency = await showView(page, 'Latency', 'Latency against machine size');
    await latency
      .getByRole('button', { name: 'Download SVG' })
      .and(page.locator(':enabled'))
      .waitFor();
    // the run on show: a ring at its nodes, named with the headline's barrier mean
    const mean = (await page.locator('[data-headline="latency"] dd').textContent())!.trim();
    expect(await latency.locator('svg[role="img"] .on-show circle').count()).toBe(1);
    expect((await latency.locator('.legend li.on-show').textContent())!.trim()).toBe(
      `the run on show, 1,024 nodes, g = 1 ms: ${mean} (the headline's barrier mean)`,
    );
    await checkExports(
      page,
      latency,
      'latency-vs-nodes',
      'granularity_us,nodes,mean_latency_us,p90_latency_us,two_se_us,iterations',
    );

    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/noiselab-views-1280.png', fullPage: true });
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.offOrigin).toEqual([]);
    await page.context().close();
  }, 150_000);

  it('fit a phone screen', async () => {
    const { page, problems } = await openApp(site, { width: 375, height: 800 });
    const map = await showView(page, 'Per node', 'Noise per node');
    await map.locator('figure[aria-busy="false"]').waitFor({ timeout: 60_000 });
    // No part of a view is wider than the screen.
    const overflowing = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      return [...document.querySelectorAll('.views *')]
        .filter((e) => e.getBoundingClientRect().right > width + 0.5)
        .map((e) => e.tagName);
    });
    expect(overflowing).toEqual([]);
    for (const [tab, name] of [
      ['Lost time', 'Lost time by event duration'],
      ['Per node', 'Noise per node'],
    ]) {
      const view = await showView(page, tab, name);
      expect((await view.locator('.summary').textContent())!.length).toBeGreaterThan(20);
    }
    await page.screenshot({ path: '/tmp/noiselab-views-375.png', fullPage: true });
    expect(problems.consoleErrors).toEqual([]);
    await page.context().close();
  }, 90_000);
});

describe('every view passes axe', () => {
  it('with every data table open, on a barrier and on a SAGE scenario', async () => {
    const { page, problems } = await openApp(site);
    for (const link of [
      '?preset=asci-q-2002&nodes=64&iterations=300',
      '?preset=sage-asci-q-2002&nodes=16&iterations=3',
    ]) {
      await page.goto(`${site.origin}/${link}`);
      await page.waitForSelector('[data-run-status="done"]', {
        state: 'attached',
        timeout: 60_000,
      });
      // One view at a time on the stage: each, once its sweep or trace is over (or it has
      // nothing to do), with its data tables open.
      // By id: a tab's text holds its long and its short name (one of them hidden).
      const tabs = await page.getByRole('tab').evaluateAll((els) => els.map((e) => e.id));
      for (const [i, id] of tabs.entries()) {
        await page.locator(`#${id}`).click();
        await expect
          .poll(() => page.locator('.views [aria-busy="true"]').count(), { timeout: 120_000 })
          .toBe(0);
        const buttons = page.getByRole('button', { name: 'Show data table' });
        while ((await buttons.count()) > 0) await buttons.first().click();
        // The whole page with the first view; then each view's own panel.
        const panel = `#${id.replace(/^tab-/, 'view-')}`;
        expect(await page.locator(panel).isVisible()).toBe(true);
        // (the header and the panel beside the stage do not change between views)
        expect(await seriousViolations(page, i === 0 ? undefined : panel)).toEqual([]);
      }
    }
    expect(problems.consoleErrors).toEqual([]);
    await page.context().close();
  }, 300_000);
});
