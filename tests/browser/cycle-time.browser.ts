// The cycle-time-against-processors view in the built site (ASCI Q paper, Figures 1–3 and 17):
// after the start-up run it sweeps SAGE on ASCI Q 2002 over 12 node counts × 1–4 ranks per node,
// draws a curve per ranks per node and the model line, says the gap in its summary, shows the
// numbers in its table and exports them; on the Jaguar XT5 preset it sweeps POP instead.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cyclePlan } from '../../src/charts/cycle-time.ts';
import { loadPreset } from '../../src/validation/presets.ts';
import { openApp, type Site, startSite, download, showView } from './site.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

const progressText = async (view: Locator) =>
  ((await view.locator('.progress').textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** µs from the page's formatted time ("1.98 s", "630 ms", "286 µs"). */
function us(text: string): number {
  const m = /^([\d,.]+) (s|ms|µs)$/.exec(text.trim());
  if (!m) throw new Error(`not a time: ${text}`);
  return Number(m[1].replace(/,/g, '')) * { s: 1e6, ms: 1e3, µs: 1 }[m[2] as 's' | 'ms' | 'µs'];
}

/** A download's name and text. */
async function downloadText(page: Page, view: Locator, button: string) {
  const { name, bytes } = await download(page, view, button);
  return { name, text: bytes.toString('utf8') };
}

describe('the cycle time against processors view', () => {
  it('sweeps SAGE on ASCI Q against its model, then POP on Jaguar XT5', async () => {
    const { page, problems } = await openApp(site);
    await page.getByText(/^Done: [\d,]+ iterations in/).waitFor({ timeout: 60_000 });
    const view = await showView(page, 'Cycle time', 'Cycle time against processors');
    const plan = cyclePlan(loadPreset('asci-q-2002'));
    expect(plan.total).toBe(48);

    // The whole sweep: one worker on this two-core machine, about 6 s in Node.
    await expect
      .poll(() => progressText(view), { timeout: 120_000, interval: 500 })
      .toBe('48 of 48 runs');
    expect(await view.locator('.note').first().textContent()).toMatch(/SAGE, the ASCI Q paper/);

    const chart = view.locator('svg[role="img"]');
    expect(await chart.locator('circle').count()).toBe(48);
    expect(await chart.locator('path.simulated').count()).toBe(4);
    // The model line: one mark per distinct processor count swept.
    const processors = new Set(plan.points.map((j) => j.nodes * j.ranksPerNode));
    expect(await chart.locator('rect.model-mark').count()).toBe(processors.size);
    expect(await chart.locator('path.model').getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+L/);
    expect(await chart.locator('title').first().textContent()).toBe(
      'Mean cycle time of SAGE against processors',
    );
    const legend = await view.getByRole('list', { name: 'Curves' }).locator('li').allTextContents();
    expect(legend.map((t) => t.trim())).toEqual([
      'model (no noise)',
      'simulated, 1 per node',
      'simulated, 2 per node',
      'simulated, 3 per node',
      'simulated, 4 per node',
    ]);

    const summary = (await view.locator('.summary').textContent()) ?? '';
    const m =
      /^At 8,192 processors \(2,048 nodes × 4\) the simulated cycle is ([\d.]+)× the model \(([\d.]+ s) against (630 ms)\); on the same 2,048 nodes with 3 per node ([\d.]+)×, with 2 per node ([\d.]+)×, with 1 per node ([\d.]+)×\.$/.exec(
        summary,
      );
    expect(m, summary).not.toBeNull();
    // Mystery #1: four per node is well above the model at full size; a spare CPU closes most of
    // the gap (000 Figs 1–3).
    expect(Number(m![1])).toBeGreaterThan(1.5);
    expect(Number(m![4])).toBeLessThan(Number(m![1]));
    expect(Number(m![6])).toBeLessThan(1.05);

    // The table: one row per point; the mean is never below the model (noise only delays).
    await view.getByRole('button', { name: 'Show data table' }).click();
    const rows = view.getByRole('table', { name: /^Simulated and modelled/ }).locator('tbody tr');
    expect(await rows.count()).toBe(48);
    // Petrini, Kerbyson and Pakin 2003, Table 3's rows for this machine, and Fig 1's "twice the
    // model" at 4,096 PEs placed on the view's own model line, in a table of their own
    // (src/published/).
    const published = view.getByRole('table', { name: /^Published cycle times/ });
    expect(await published.locator('tbody tr').allTextContents()).toEqual([
      expect.stringMatching(
        /^Unoptimized system.*1\.60 s.*Petrini, Kerbyson and Pakin 2003, Table 3/,
      ),
      expect.stringMatching(/^Model.*0\.63 s.*Petrini, Kerbyson and Pakin 2003, Table 3/),
      expect.stringMatching(
        /^SAGE cycle at 4,096 processors.*twice the model \([\d.]+ s on this model\).*Petrini, Kerbyson and Pakin 2003, Fig 1/,
      ),
    ]);
    for (const cells of await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    )) {
      const [perNode, nodes, procs, mean, shortest, model, ratio] = cells;
      expect(Number(procs.replace(/,/g, ''))).toBe(
        Number(nodes.replace(/,/g, '')) * Number(perNode),
      );
      // Rounded to four digits each: compare with that slack.
      expect(us(mean)).toBeGreaterThanOrEqual(us(model) * 0.999);
      expect(us(shortest)).toBeGreaterThanOrEqual(us(model) * 0.999);
      expect(Number(ratio.replace('×', ''))).toBeGreaterThanOrEqual(1);
      expect(us(model)).toBeGreaterThan(620_000);
      expect(us(model)).toBeLessThanOrEqual(630_000);
    }
    await view.getByRole('button', { name: 'Hide data table' }).click();

    const csv = await downloadText(page, view, 'Download CSV');
    expect(csv.name).toBe('cycle-time-vs-processors.csv');
    // The simulated points, then (after a blank line) the published ones with a header of their own.
    const [simulated, publishedCsv] = csv.text.trim().split('\n\n');
    // a header, Table 3's two rows and Fig 1's, whose value is in µs on this model's line
    const publishedLines = publishedCsv.split('\n');
    expect(publishedLines).toHaveLength(4);
    expect(publishedLines[3]).toMatch(/^fig1-twice-model,.*,\d+(\.\d+)?,us,exact,1024,4,/);
    const lines = simulated.split('\n');
    expect(lines[0]).toBe(
      'workload,ranks_per_node,nodes,processors,mean_cycle_us,min_cycle_us,model_cycle_us,ratio,cycles,two_se_us,update_min_us,update_mean_us,update_max_us',
    );
    expect(lines).toHaveLength(49);
    for (const line of lines.slice(1)) {
      const [kind, p, n, procs, mean, min, model, ratio] = line.split(',');
      expect(kind).toBe('sage');
      expect(Number(procs)).toBe(Number(n) * Number(p));
      expect(Number(mean)).toBeGreaterThanOrEqual(Number(model));
      expect(Number(min)).toBeGreaterThanOrEqual(Number(model));
      expect(Number(ratio)).toBeCloseTo(Number(mean) / Number(model), 12);
      expect(line, 'SAGE has no halo waits').toMatch(/,,,$/);
    }
    const svg = await downloadText(page, view, 'Download SVG');
    expect(svg.name).toBe('cycle-time-vs-processors.svg');
    expect(svg.text).toContain('xmlns="http://www.w3.org/2000/svg"');

    // Jaguar XT5: its barrier run is long, so cancel it; the view then sweeps POP.
    await page.getByLabel('Preset').selectOption('jaguar-xt5-stock');
    await page.getByRole('button', { name: 'Cancel' }).click();
    // Only the view on the stage sweeps: this one, at once.
    await expect
      .poll(() => progressText(view), { timeout: 30_000, interval: 250 })
      .toMatch(/ of 28 runs/);
    expect(await view.locator('.note').first().textContent()).toMatch(
      /^\s*POP, the Jaguar paper's application .*Left out, each too slow to simulate here .*: 18,688 nodes × 1, 2, 4, 8\.\s*$/s,
    );
    expect(await view.locator('figcaption').textContent()).toMatch(
      /Mean step time of POP against processors/,
    );
    // The first points (64 and 128 nodes) take well under a second each.
    await expect
      .poll(async () => chart.locator('circle').count(), { timeout: 60_000, interval: 250 })
      .toBeGreaterThanOrEqual(8);
    expect(await view.locator('.summary').textContent()).toMatch(/the simulated step is/);
    await view.getByRole('button', { name: 'Stop' }).click();
    expect(await progressText(view)).toMatch(/^\d+ of 28 runs \(stopped\)$/);

    expect(problems.consoleErrors).toEqual([]);
    expect(problems.offOrigin).toEqual([]);
  }, 300_000);
});
