// The Latency tab on a halo exchange and on the allreduce benchmark, in the built site: Worley's
// presentations (004), one halo update's most, mean and least over the processes ("HALO on
// Franklin: max vs. min") and the worst, average and best of 80 allreduce samples, against the
// process count, swept on the page's workers; their CSV holds what the chart draws.
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allreduceSamplesPlan } from '../../src/charts/allreduce-samples.ts';
import { haloUpdatePlan } from '../../src/charts/halo-update.ts';
import { loadPreset } from '../../src/validation/presets.ts';
import { csvRows, download, expectQuiet, openApp, type Site, startSite } from './site.ts';
import { expectSpreadChart } from './spread-chart.ts';

let site: Site;

/** The page at `path` and its view named `region`, once on show. */
async function openView(path: string, region: string) {
  const { page, problems } = await openApp(site, undefined, undefined, path);
  const view = page.getByRole('region', { name: region });
  await view.waitFor();
  return { page, problems, view };
}

/** Waits until the view's sweep reads "N of N runs" (every point of its last pass in). */
async function sweepDone(view: Locator): Promise<void> {
  await expect
    .poll(
      async () => ((await view.locator('.progress').textContent()) ?? '').replace(/\s+/g, ' '),
      {
        timeout: 180_000,
        interval: 1000,
      },
    )
    .toMatch(/^\s*(\d+) of \1 runs\s*$/);
}

beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

describe('the latency tab on a halo exchange', () => {
  it('draws the most growing with the processes and the least staying (004)', async () => {
    const { page, problems, view } = await openView(
      '/?preset=halo-franklin-xt4&iterations=200&show=latency',
      'One halo update against machine size',
    );
    const total = haloUpdatePlan(loadPreset('halo-franklin-xt4'))!.total;
    await sweepDone(view);
    await expectSpreadChart(view, [
      'most over the processes (per update, averaged)',
      'mean over the processes',
      'least over the processes (per update, averaged)',
    ]);
    // not the barrier-only note: this view has something to show for a halo
    expect(await page.getByText('This view sweeps a barrier workload').count()).toBe(0);

    const { name, bytes } = await download(page, view, 'CSV');
    expect(name).toBe('halo-update-vs-processes.csv');
    // processes, least, mean, most (columns 2–5)
    const rows = csvRows(bytes.toString('utf8'));
    expect(rows).toHaveLength(total);
    const [first, last] = [rows[0], rows[rows.length - 1]];
    for (const r of rows) {
      expect(r[2]).toBeLessThanOrEqual(r[3]);
      expect(r[3]).toBeLessThanOrEqual(r[4]);
    }
    // Worley: the most grows with the process count, the least does not.
    expect(last[4]).toBeGreaterThan(3 * first[4]);
    expect(last[2]).toBeLessThan(3 * first[2]);
    expect(await view.locator('.summary').textContent()).toMatch(
      /^From 16 to [\d,]+ processes, one update as a rank times it, each averaged over a point's updates: the most/,
    );
    expectQuiet(problems);
  });

  it('draws the worst and average allreduce sample far above the best (004)', async () => {
    const { page, problems, view } = await openView(
      '/?preset=allreduce-asci-q-2002&nodes=64&show=latency',
      'One allreduce against machine size',
    );
    const preset = loadPreset('allreduce-asci-q-2002');
    // 1, 2, 4, … 64 nodes and the whole machine
    const total = allreduceSamplesPlan({ ...preset, job: { ...preset.job, nodes: 64 } })!.total;
    expect(total).toBe(8);
    await sweepDone(view);
    await expectSpreadChart(view, [
      'worst of the samples',
      'average of the samples',
      'best of the samples',
    ]);
    const { name, bytes } = await download(page, view, 'CSV');
    expect(name).toBe('allreduce-samples-vs-processes.csv');
    // processes, best, average, worst, samples (columns 2–5)
    const rows = csvRows(bytes.toString('utf8'));
    expect(rows).toHaveLength(total);
    for (const r of rows) {
      expect(r[2]).toBeLessThanOrEqual(r[3]);
      expect(r[3]).toBeLessThanOrEqual(r[4]);
      expect(r[5]).toBe(80);
    }
    // on the whole machine the worst sample met a long event: far above the best
    const last = rows[rows.length - 1];
    expect(last[4]).toBeGreaterThan(10 * last[2]);
    expectQuiet(problems);
    // the whole sweep: 8 node counts up to ASCI Q's 2,048 × 4, one worker here
  }, 240_000);

  it('switches a barrier preset to the allreduce without the barrier sweep in its grey curves', async () => {
    const {
      page,
      problems,
      view: barrier,
    } = await openView(
      '/?preset=asci-q-2002&nodes=32&show=latency',
      'Latency against machine size',
    );
    await sweepDone(barrier);
    await page.locator('#ctl-program').selectOption('allreduce');
    const view = page.getByRole('region', { name: 'One allreduce against machine size' });
    await view.waitFor();
    // while its sweep fills in, the grey curves are of allreduce points only: none yet
    expect(await view.locator('path.ghost').count()).toBe(0);
    await sweepDone(view);
    expectQuiet(problems);
  }, 240_000);
});
