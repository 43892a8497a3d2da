// The ripple view and the halo exchange in the built site: one delay on a grid of ranks spreads
// one neighbour per iteration in the halo exchange and stops everyone at once at the barrier;
// the slider and Play step through the iterations; the panel's Exchange switch runs the page's
// own scenario as a halo exchange, and a refused halo field keeps the scenario on show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, expectQuiet, openApp, runDone, showView, type Site, startSite } from './site.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

/** The count line over a panel: "13 of 324 ranks late" → 13; "every rank on time" → 0. */
async function lateIn(view: import('playwright-core').Locator, panel: string): Promise<number> {
  const text = (await view.locator(`[data-panel="${panel}"] .panel-count`).textContent())!.trim();
  return /^every/.test(text) ? 0 : Number(text.split(' ')[0].replace(/,/g, ''));
}

describe('the ripple view', () => {
  it('shows one event spreading through the halo grid and stopping the barrier at once', async () => {
    const { page, problems } = await openApp(site);
    const view = await showView(page, 'Ripple', 'One delay: halo exchange against barrier');
    await view.locator('figure[aria-busy="false"]').waitFor({ timeout: 30_000 });
    const cells = await view.locator('[data-panel="Halo exchange"] rect:not(.hit)').count();
    const ranks = await view.locator('[data-panel="Barrier"] rect:not(.hit)').count();
    expect(cells).toBe(ranks);
    expect(ranks).toBeGreaterThan(250);

    // It opens on the first update the delay shows in (the lesson counts from it): 5 late.
    await expect.poll(() => view.locator('output').textContent()).toBe('2');
    expect(await lateIn(view, 'Halo exchange')).toBe(5);

    const slider = view.locator('#ripple-iteration');
    const late: Record<number, [number, number]> = {};
    for (const i of [1, 2, 3, 4, 6]) {
      await slider.fill(String(i));
      await expect.poll(() => view.locator('output').textContent()).toBe(String(i));
      late[i] = [await lateIn(view, 'Halo exchange'), await lateIn(view, 'Barrier')];
    }
    // Before the event every rank is on time; from iteration 2 (the one it hits) the barrier's
    // ranks are all late, the halo's a diamond that grows: 5 (the rank and its 4 neighbours),
    // then 13, 25, … (a 2-D torus, docs/workloads.md §7).
    expect(late[1]).toEqual([0, 0]);
    expect(late[2]).toEqual([5, ranks]);
    expect(late[3]).toEqual([13, ranks]);
    expect(late[4]).toEqual([25, ranks]);
    expect(late[6][0]).toBeGreaterThan(late[4][0]);
    await expect
      .poll(() => view.locator('.summary').textContent())
      .toMatch(
        /^Iteration 6: halo exchange, \d+ of \d+ ranks late, up to 1 ms \(the delay is 5 neighbours from the hit rank\); barrier, all \d+ ranks late, up to 1 ms\.$/,
      );

    // Play steps on by itself and stops at the last iteration; the slider follows.
    await slider.fill('20');
    await view.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => view.locator('output').textContent(), { timeout: 10_000 }).toBe('23');
    await expect(view.getByRole('button', { name: 'Play' })).toBeDefined();
    await expect.poll(() => lateIn(view, 'Halo exchange')).toBe(ranks);

    // A longer event: the colour key's top follows it.
    await view.locator('#ripple-event').selectOption('10000');
    await expect.poll(() => view.locator('.key').textContent()).toContain('late, up to 10 ms');

    // The scenario's own noise: every rank late by now in both, the barrier by more.
    await view.locator('#ripple-noise').selectOption('scenario');
    await expect.poll(() => view.locator('.key').textContent()).not.toContain('up to 10 ms');
    await slider.fill('10');
    const summary = (await view.locator('.summary').textContent())!;
    const most = [...summary.matchAll(/up to ([\d.]+) ms/g)].map((m) => Number(m[1]));
    expect(most).toHaveLength(2);
    expect(most[1]).toBeGreaterThan(most[0]); // the barrier pays for every late rank

    const csv = await download(page, view, 'Download CSV');
    expect(csv.name).toBe('ripple.csv');
    const lines = csv.bytes.toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('iteration,rank,row,column,halo_late_us,barrier_late_us');
    expect(lines).toHaveLength(1 + 24 * ranks);
    expectQuiet(problems);
    await page.context().close();
  });
});

describe('the ripple with no compute between exchanges (HALO on the XT3, g = 0)', () => {
  it('shows the barrier late in the hit iteration, everyone at once, the halo 5', async () => {
    const { page, problems } = await openApp(
      site,
      undefined,
      undefined,
      '/?preset=halo-jaguarcnl-xt3&show=ripple',
    );
    const view = page.getByRole('region', { name: 'One delay: halo exchange against barrier' });
    await view.locator('figure[aria-busy="false"]').waitFor({ timeout: 30_000 });
    // It opens on the hit update: the barrier's held-up process, with nothing to compute, starts
    // that update late (src/engine/ripple.ts), and every process waits for it.
    await expect.poll(() => view.locator('output').textContent()).toBe('2');
    expect(await lateIn(view, 'Halo exchange')).toBe(5);
    await expect.poll(() => lateIn(view, 'Barrier')).toBeGreaterThan(250);
    await view.locator('#ripple-iteration').fill('1');
    await expect.poll(() => lateIn(view, 'Barrier')).toBe(0);
    expectQuiet(problems);
    await page.context().close();
  });
});

describe('the exchange switch', () => {
  it('runs the page’s scenario as a halo exchange, and keeps it on a refused field', async () => {
    const { page, problems } = await openApp(site);
    await runDone(page);
    await page.locator('#ctl-program').selectOption('halo');
    await expect
      .poll(() => page.locator('legend', { hasText: 'Workload:' }).textContent())
      .toContain('halo');
    await runDone(page);
    await expect
      .poll(() => page.locator('#ctl-w-sides').textContent())
      .toMatch(/^\s*64 × 64 ranks/);
    // The latency view draws the halo's own presentation (004) instead of a barrier sweep; the
    // resonance view, which has none, explains itself.
    await page.getByRole('tab', { name: 'Latency', exact: true }).click();
    await page.getByRole('region', { name: 'One halo update against machine size' }).waitFor();
    expect(await page.locator('[data-view="latency"] .note[role="status"]').count()).toBe(0);
    await page.getByRole('tab', { name: 'Resonance', exact: true }).click();
    await expect
      .poll(() => page.locator('[data-view="resonance"] .note[role="status"]').textContent())
      .toContain('Set the exchange back to Barrier');
    // A refused value names the problem; the halo stays as it was.
    const field = page.locator('#ctl-w-usPerByte');
    await field.fill('5');
    await field.press('Enter');
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('µs per byte: 5 is out of range; allowed: 0..1');
    await page.locator('#ctl-w-periodic').uncheck();
    await runDone(page);
    expect(await page.locator('#ctl-w-periodic').isChecked()).toBe(false);
    // A barrier before each update: the note says so, and the summary times one update.
    await page.locator('#ctl-w-barrier-before').check();
    await runDone(page);
    await expect
      .poll(() => page.locator('#ctl-w-sides').textContent())
      .toMatch(/after a \S+ µs barrier/);
    await expect
      .poll(() => page.getByText('A rank’s time for one update').count())
      .toBeGreaterThan(0);
    // Back to the barrier: the granularity and iterations are kept.
    await page.locator('#ctl-program').selectOption('barrier');
    await expect
      .poll(() => page.locator('legend', { hasText: 'Workload:' }).textContent())
      .toContain('barrier');
    expect(await page.locator('#ctl-iterations').inputValue()).toBe('2000');
    // …and back to the halo: the grid is the one left (not wrapping), not a fresh default.
    await page.locator('#ctl-program').selectOption('halo');
    await page.locator('#ctl-w-periodic').waitFor();
    expect(await page.locator('#ctl-w-periodic').isChecked()).toBe(false);
    expect(await page.locator('#ctl-w-barrier-before').isChecked()).toBe(true);
    expectQuiet(problems);
    await page.context().close();
  });
});
