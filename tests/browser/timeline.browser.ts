// The timeline view (ASCI Q paper, Figure 14) on the start-up page, ASCI Q 2002: both
// timelines drawn with bars and release lines once the page's run is done, a summary whose
// numbers bear out the paper (co-scheduled noise costs less than random noise), a data table,
// CSV export, a working iteration window, and no console errors.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type Site, startSite } from './site.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

/** A time as the page prints it (formatTimeUs), in µs. */
function us(text: string): number {
  const m = /^([\d,.]+) (µs|ms|s)$/.exec(text.trim());
  if (!m) throw new Error(`not a time: ${text}`);
  const v = Number(m[1].replaceAll(',', ''));
  return v * (m[2] === 's' ? 1e6 : m[2] === 'ms' ? 1e3 : 1);
}

describe('the timeline of ASCI Q 2002', () => {
  it('draws random and aligned timelines; aligned noise costs less', async () => {
    const { page, problems } = await openApp(site);
    const view = page.getByRole('region', { name: 'Timeline of a few iterations' });
    // The co-scheduled comparison is drawn on demand, under the scenario's own timeline.
    await view.getByRole('checkbox', { name: /^Compare/ }).check();
    await view.locator('figure[aria-busy="false"]').waitFor({ timeout: 120_000 });
    await view.locator('.panel').nth(1).waitFor();

    const panels = view.locator('svg[role="img"] .panel');
    expect(await panels.count()).toBe(2);
    for (let k = 0; k < 2; k++) {
      const panel = panels.nth(k);
      // 8 nodes × 4 cores, the shown iterations 50–54 after ASCI Q's 50 warm-up iterations.
      expect(await panel.locator('g.lane').count()).toBe(32);
      // One compute path per lane, of at least one bar per iteration; waiting somewhere.
      const compute = await panel
        .locator('path.compute')
        .evaluateAll((ps) => ps.map((p) => (p.getAttribute('d') ?? '').split('M').length - 1));
      expect(compute).toHaveLength(32);
      for (const bars of compute) expect(bars).toBeGreaterThanOrEqual(5);
      expect(await panel.locator('path.wait[d^="M"]').count()).toBeGreaterThan(0);
      expect(await panel.locator('line.release').count()).toBe(6);
      expect(await panel.locator('text.iteration').allTextContents()).toEqual(
        ['50', '51', '52', '53', '54']
          .map((s) => ` ${s} `.trim())
          .map((s) => expect.stringContaining(s)),
      );
    }
    // Noise holes in the random timeline; the nodes named include the special ones 0, 1, 31.
    expect(await panels.nth(0).locator('rect.seg.paused').count()).toBeGreaterThan(0);
    const labels = await panels.nth(0).locator('text.node-label').allTextContents();
    expect(labels.map((l) => l.trim())).toEqual(
      expect.arrayContaining(['node 0', 'node 1', 'node 31']),
    );

    const summary = (await view.locator('.summary').textContent())!.trim();
    const m =
      /^Mean iteration over iterations 50–54: (.+) with random phases, (.+) with aligned phases \(/.exec(
        summary,
      );
    expect(m, summary).not.toBeNull();
    const random = us(m![1]);
    const aligned = us(m![2]);
    // g + L = 1,009 µs; noise only adds, and co-scheduled it adds less (000 Figure 14).
    expect(aligned).toBeGreaterThan(1009);
    expect(aligned).toBeLessThanOrEqual(random);
    await expect
      .poll(() => view.locator('.note').allTextContents())
      .toEqual(
        expect.arrayContaining([expect.stringMatching(/Poisson stream .* cannot be aligned/)]),
      );

    // The data table: one row per shown iteration.
    await view.getByRole('button', { name: 'Show data table' }).click();
    expect(await view.getByRole('row').count()).toBe(1 + 5);
    await view.getByRole('button', { name: 'Hide data table' }).click();

    // CSV export: the releases and every bar of both timelines.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      view.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('timeline.csv');
    const csv = readFileSync(await file.path(), 'utf8')
      .trim()
      .split('\n');
    expect(csv[0]).toBe(
      'timeline,iteration,node_id,cluster_offset,core,state,start_us,end_us,source,category',
    );
    expect(csv.filter((l) => l.startsWith('random,') && l.includes(',release,'))).toHaveLength(6);
    expect(csv.filter((l) => l.startsWith('aligned,') && l.includes(',release,'))).toHaveLength(6);

    const [svgFile] = await Promise.all([
      page.waitForEvent('download'),
      view.getByRole('button', { name: 'Download SVG' }).click(),
    ]);
    expect(svgFile.suggestedFilename()).toBe('timeline.svg');
    const svgText = readFileSync(await svgFile.path(), 'utf8');
    expect(svgText).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svgText).toContain('Aligned phases');

    // The window moves: "Later" shows iterations 55–59.
    await view.getByRole('button', { name: 'Later →' }).click();
    await expect
      .poll(() => view.locator('.summary').textContent(), { timeout: 30_000 })
      .toMatch(/iterations 55–59/);

    await view.locator('figure[aria-busy="false"]').waitFor();
    await view.screenshot({ path: '/tmp/noiselab-timeline.png' });
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.offOrigin).toEqual([]);
  });

  it('keeps to 4 cores per node on Jaguar XT5 (7 ranks per node), in block mode too', async () => {
    const { page, problems } = await openApp(
      site,
      undefined,
      undefined,
      `/?preset=jaguar-xt5-rn&nodes=512&iterations=300&wait=block`,
    );
    const view = page.getByRole('region', { name: 'Timeline of a few iterations' });
    await view.getByRole('checkbox', { name: /^Compare/ }).check();
    await expect
      .poll(() => view.locator('svg[role="img"] .panel').count(), { timeout: 120_000 })
      .toBe(2);
    const panels = view.locator('svg[role="img"] .panel');
    expect(await panels.count()).toBe(2);
    expect(await panels.nth(0).locator('g.lane').count()).toBe(8 * 4);
    expect(await panels.nth(0).locator('line.release').count()).toBe(6);
    await view.screenshot({ path: '/tmp/noiselab-timeline-jaguar.png' });
    expect(problems.consoleErrors).toEqual([]);
  });

  it('traces 3 nodes in projector mode, each labelled, so that a row stays readable', async () => {
    const { page, problems } = await openApp(
      site,
      { width: 1280, height: 720 },
      undefined,
      `/?projector=1&show=timeline`,
    );
    const view = page.getByRole('region', { name: 'Timeline of a few iterations' });
    const panel = view.locator('svg[role="img"] .panel').first();
    await expect.poll(() => panel.locator('g.lane').count(), { timeout: 120_000 }).toBe(3 * 4);
    const labels = await panel.locator('text.node-label').allTextContents();
    expect(labels).toHaveLength(3);
    // a lane the back of the room can see: 8 px at least (the legend may go below the fold)
    const box = await panel.locator('g.lane path.compute').first().boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(8);
    expect(problems.consoleErrors).toEqual([]);
  });

  it('says the timeline shows barrier workloads for a tree workload', async () => {
    const { page, problems } = await openApp(site);
    // (such a workload opens on its iteration times; the link asks for the timeline)
    await page.goto(`${site.origin}/?scenario=scenarios/sage-asci-q-2002.json&show=timeline`);
    const view = page.getByRole('region', { name: 'Timeline of a few iterations' });
    await view.getByText(/The timeline shows barrier workloads/).waitFor({ timeout: 30_000 });
    expect(await view.locator('svg[role="img"]').count()).toBe(0);
    // it offers the view that shows the run: the iteration times
    await view.getByRole('button', { name: 'Show the Iterations view' }).click();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Iterations' }).getAttribute('aria-selected'))
      .toBe('true');
    expect(problems.consoleErrors).toEqual([]);
  });
});
