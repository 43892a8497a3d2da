// The controls ("Layout and controls"), as a user meets them in the built site: every
// edit re-runs the simulation and the page shows what the engine computes for the edited
// scenario; a refused value shows the validator's message and changes nothing; everything works
// from the keyboard, passes axe and leaves the console quiet.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/index.ts';
import { validateScenario, type Scenario } from '../../src/scenario/index.ts';
import { withPeriod, withReservation, withValue } from '../../src/ui/controls/edit.ts';
import { formatQuantity } from '../../src/format/numbers.ts';
import {
  expectQuiet,
  openApp,
  type Problems,
  runDone,
  seriousViolations,
  type Site,
  startSite,
} from './site.ts';

const preset = (id: string): Scenario =>
  validateScenario(
    JSON.parse(readFileSync(new URL(`../../scenarios/${id}.json`, import.meta.url), 'utf8')),
  );

/** The tests shrink each preset first (fewer iterations and nodes) so that runs take little time. */
const shrink = (s: Scenario): Scenario =>
  withValue(withValue(s, 'workload.iterations', ITERATIONS), 'job.nodes', NODES);
const ITERATIONS = 300;
const NODES = 256;
const startup = shrink(preset('asci-q-2002'));

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

const controls = (page: Page) => page.getByRole('region', { name: 'Controls' });
const card = (page: Page) => page.getByRole('article');
const meanText = (page: Page) =>
  page
    .getByRole('row', { name: /Barrier latency, mean/ })
    .getByRole('cell')
    .first()
    .textContent();
const done = (page: Page) => runDone(page, 30_000);
const mean = async (page: Page) => Number((await meanText(page))?.replace(/,/g, ''));

/** What the page must show once the edited scenario has run: the engine's own mean. */
const expectedMean = (s: Scenario) => formatQuantity(runScenario(s).summary.meanLatencyUs);

/** Waits for the run of an edit to end with the mean the engine gives for `s`. */
async function showsRunOf(page: Page, s: Scenario): Promise<void> {
  const want = expectedMean(s);
  await expect.poll(() => meanText(page), { timeout: 60_000 }).toBe(want);
  await done(page);
}

/** Types a value into a field of the controls and presses Enter. */
async function enter(page: Page, label: string, value: string): Promise<void> {
  const field = controls(page).getByLabel(label, { exact: true });
  // Long timeouts: while a big preset's first results draw, a loaded machine answers slowly.
  await field.fill(value, { timeout: 60_000 });
  await field.press('Enter', { timeout: 60_000 });
}

/** Shrinks the scenario on show through the fields and waits for its run. */
async function shrinkOnPage(page: Page, s: Scenario): Promise<void> {
  await controls(page).waitFor({ timeout: 60_000 }); // a loaded machine can be slow to start
  // Nodes first: it cuts the running preset's work the most.
  await enter(page, 'Job nodes', String(NODES));
  await enter(page, 'Iterations (warm-up included)', String(ITERATIONS));
  await showsRunOf(page, s);
}

/** The site on ASCI Q 2002, shrunk (the start-up run is abandoned for the smaller one). */
async function open(): Promise<{ page: Page; problems: Problems }> {
  const opened = await openApp(site);
  await shrinkOnPage(opened.page, startup);
  return opened;
}

// Generous: the machine has 2 cores and other suites may share them.
describe('the controls', { timeout: 120_000 }, () => {
  it('switching a noise source off re-runs the simulation without it', async () => {
    // the 640 µs heartbeat: every run meets it (a node starts one about every 0.5 ms)
    const { page, problems } = await open();
    const before = await meanText(page);
    const toggle = controls(page).getByRole('checkbox', {
      name: /^TruCluster kernel heartbeat \(640 µs/,
    });
    await toggle.uncheck();
    const index = startup.noise.findIndex((s) => s.id === 'kernel-heartbeat-125ms');
    await showsRunOf(page, withValue(startup, `noise.${index}.enabled`, false));
    expect(await meanText(page)).not.toBe(before);
    expect(await toggle.isChecked()).toBe(false);
    expect(await card(page).textContent()).toMatch(
      / on; off: TruCluster kernel heartbeat \(640 µs every 125 ms\)/,
    );
    expectQuiet(problems);
    await page.context().close();
  });

  it('the exact node field restarts the run with the new count; the slider follows', async () => {
    const { page, problems } = await open();
    const slider = controls(page).getByRole('slider', { name: 'Job nodes (log scale)' });
    expect(await slider.getAttribute('aria-valuetext')).toBe('256 nodes');
    await enter(page, 'Job nodes', '128');
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Running|^Done/);
    await showsRunOf(page, withValue(startup, 'job.nodes', 128));
    expect(await card(page).textContent()).toContain('128 nodes × 4 ranks per node');
    expect(await slider.getAttribute('aria-valuetext')).toBe('128 nodes');
    expectQuiet(problems);
    await page.context().close();
  });

  it('on Jaguar XT5 stock, reserving core 0 (7 ranks per node) lowers the mean latency', async () => {
    const { page, problems } = await openApp(site);
    await controls(page).waitFor({ timeout: 60_000 });
    await page.getByLabel('Preset').selectOption('jaguar-xt5-stock');
    await expect.poll(() => card(page).textContent()).toContain('18,688 nodes × 8 cores');
    const jaguar = shrink(preset('jaguar-xt5-stock'));
    await shrinkOnPage(page, jaguar);
    const stock = await mean(page);

    // Eight tick rows differ only in their core: however narrow the panel, the name is cut
    // before ", core N", which is drawn whole (not clipped by the row).
    const tails = await controls(page)
      .locator('.row .name')
      .evaluateAll((names) =>
        names
          .filter((n) => n.textContent?.startsWith('Timer interrupt'))
          .map((n) => {
            const tail = n.querySelector('.tail');
            const box = n.getBoundingClientRect();
            const t = tail?.getBoundingClientRect();
            // the text's own width against its box: a fraction of a pixel short is an ellipsis
            const text = document.createRange();
            if (tail) text.selectNodeContents(tail);
            return {
              tail: tail?.textContent ?? '',
              whole:
                t !== undefined &&
                t.left >= box.left - 0.5 &&
                t.right <= box.right + 0.5 &&
                text.getBoundingClientRect().width <= t.width + 0.01,
            };
          }),
      );
    expect(tails.map((t) => t.tail)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((c) => `, core ${c}`));
    expect(tails.every((t) => t.whole)).toBe(true);
    // and the toggle's name is the source's, whole (no space read between the drawn parts)
    expect(
      await controls(page)
        .getByRole('checkbox', { name: 'Timer interrupt (scheduler tick), core 7', exact: true })
        .count(),
    ).toBe(1);

    const reserve = controls(page).getByRole('checkbox', { name: 'Reserve core 0 for the OS' });
    await reserve.check();
    expect(await controls(page).getByLabel('Ranks per node').inputValue()).toBe('7');
    // the rank count it changed is said beside it (projector mode has no ranks-per-node field)
    expect(await reserve.getAttribute('aria-describedby')).toBe('ctl-reserve-note');
    expect(await page.locator('#ctl-reserve-note').textContent()).toMatch(
      /no rank: 7\s+ranks per node on 8 cores/,
    );
    // and why it helps the stock kernel little: every rank core keeps a work queue of its own
    expect(await page.locator('#ctl-reserve-note').textContent()).toMatch(
      /the longest noise left on the ranks’\s+cores: Kernel work queue \(events\/1\), core 1, 4\.53 ms on average/,
    );
    await expect.poll(() => card(page).textContent()).toContain('256 nodes × 7 ranks per node');
    await showsRunOf(page, withReservation(jaguar, true));
    expect(await mean(page)).toBeLessThan(stock * 0.8);
    expectQuiet(problems);
    await page.context().close();
  });

  it('a bad exclusion shows the validator’s message, changes nothing, and Escape reverts', async () => {
    const { page, problems } = await open();
    const before = await meanText(page);
    const field = controls(page).getByLabel('Excluded cluster offsets');
    await field.fill('40');
    await field.press('Enter');
    const alert = controls(page).getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Excluded cluster offsets: 40');
    expect(await alert.textContent()).toContain('a cluster has 32 nodes');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.inputValue()).toBe('40'); // the user's text stays to be fixed
    expect(await page.getByRole('status').textContent()).toMatch(/^Done/); // no re-run
    expect(await meanText(page)).toBe(before);
    await field.press('Escape');
    expect(await field.inputValue()).toBe('');
    expect(await alert.count()).toBe(0);

    await field.fill('0, 31'); // a good value is taken
    await field.press('Enter');
    await showsRunOf(page, withValue(startup, 'job.excludeOffsets', [0, 31]));
    expect(
      await controls(page)
        .getByRole('slider', { name: /Job nodes/ })
        .getAttribute('max'),
    ).toBe(
      '11', // 1 … 1,024 in powers of two, then the 1,920 nodes left
    );
    expectQuiet(problems);
    await page.context().close();
  });

  it('a refusal about another field is tried again once that field changes', async () => {
    // offsets 0 and 31 out: 1,920 nodes left; 2,048 typed for the job, refused; the offsets
    // taken out again, the 2,048 goes through (the message was about the offsets' nodes)
    const { page, problems } = await open();
    const field = controls(page).getByLabel('Excluded cluster offsets');
    await field.fill('0, 31');
    await field.press('Enter');
    await showsRunOf(page, withValue(startup, 'job.excludeOffsets', [0, 31]));
    const nodes = controls(page).getByLabel('Job nodes', { exact: true });
    await nodes.fill('2048');
    await nodes.press('Enter');
    const alert = controls(page).getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('2048 is more than the 1920 nodes left');
    await field.fill('');
    await field.press('Enter');
    await showsRunOf(page, withValue(startup, 'job.nodes', 2048));
    expect(await alert.count()).toBe(0);
    expect(await nodes.inputValue()).toBe('2048');
    expect(await nodes.getAttribute('aria-invalid')).toBe('false');
    expectQuiet(problems);
    await page.context().close();
  });

  it('a whole-machine job keeps every node left when cluster offsets are taken out', async () => {
    // 000 sec 5: "nodes 0 and 31 configured out of each 32-node cluster" on all of ASCI Q
    const { page, problems } = await open();
    const nodes = controls(page).getByLabel('Job nodes', { exact: true });
    await nodes.fill('2048');
    await nodes.press('Enter');
    await showsRunOf(page, withValue(startup, 'job.nodes', 2048));
    const field = controls(page).getByLabel('Excluded cluster offsets');
    await field.fill('0, 31');
    await field.press('Enter');
    await showsRunOf(
      page,
      withValue(withValue(startup, 'job.nodes', 1920), 'job.excludeOffsets', [0, 31]),
    );
    expect(await nodes.inputValue()).toBe('1920');
    expect(await controls(page).getByRole('alert').count()).toBe(0);
    // and back: the whole machine again
    await field.fill('');
    await field.press('Enter');
    await showsRunOf(page, withValue(startup, 'job.nodes', 2048));
    expectQuiet(problems);
    await page.context().close();
  });

  it('notes a source whose events outlast their period (valid, but often a unit slip)', async () => {
    // 200 ms every 125 ms: a period in ms where µs were meant, say. It runs, and the panel says so
    const { page, problems } = await openApp(
      site,
      undefined,
      undefined,
      '/?preset=asci-q-2002&nodes=16&iterations=200&src.kernel-heartbeat-125ms.duration=200ms',
    );
    await runDone(page);
    const row = controls(page).locator('li.row[data-source="kernel-heartbeat-125ms"]');
    expect(await row.locator('.notice').textContent()).toMatch(
      /^Note: its events last 200 ms on average and come every 125 ms: .*check the units \(times are in µs\)\.$/,
    );
    // no other row has a note, and back at 640 µs the note goes
    expect(await controls(page).locator('li.row .notice').count()).toBe(1);
    await page.goto(`${site.origin}/?preset=asci-q-2002&nodes=16&iterations=200`);
    await runDone(page);
    expect(await controls(page).locator('li.row .notice').count()).toBe(0);
    expectQuiet(problems);
    await page.context().close();
  });

  it('adds, duplicates and deletes noise sources', async () => {
    const { page, problems } = await open();
    const rows = controls(page).locator('.sources > li');
    const n = startup.noise.length;
    expect(await rows.count()).toBe(n);
    await controls(page).getByRole('button', { name: 'Add a noise source' }).click();
    await expect.poll(() => rows.count()).toBe(n + 1);
    expect(await rows.last().textContent()).toContain('New source');
    expect(await card(page).textContent()).toContain(`${n + 1} sources, ${n + 1} on`);

    // Duplicate and Delete are in a source's editor, a dialog, Delete apart from Duplicate.
    await controls(page)
      .getByRole('button', { name: /^Edit TruCluster kernel heartbeat \(640/ })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Duplicate TruCluster kernel heartbeat \(640/ })
      .click();
    await expect.poll(() => rows.count()).toBe(n + 2);
    expect(await page.getByRole('dialog').count()).toBe(0); // it closes on a done edit
    expect(
      await controls(page)
        .getByRole('checkbox', { name: 'TruCluster kernel heartbeat (640 µs every 125 ms) (copy)' })
        .count(),
    ).toBe(1);

    await controls(page)
      .getByRole('button', { name: /^Edit .*\(copy\)$/ })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Delete .*\(copy\)$/ })
      .click();
    await controls(page).getByRole('button', { name: 'Edit New source (new-source)' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Delete New source (new-source)' })
      .click();
    await expect.poll(() => rows.count()).toBe(n);
    await showsRunOf(page, startup);

    // The editor changes a source in place: its period.
    await controls(page)
      .getByRole('button', { name: /^Edit RMS daemon \(15 ms/ })
      .click();
    // …and says where its values come from: the file's provenance, the paper readable
    const origin = page.getByRole('dialog').getByRole('region', {
      name: 'Where these values come from',
    });
    expect(await origin.textContent()).toContain('published');
    expect(await origin.textContent()).toContain('Petrini, Kerbyson and Pakin 2003, sec. 3.2');
    const period = page.getByRole('dialog').getByLabel('Period (µs)');
    await period.fill('3000000');
    await period.press('Enter');
    const index = startup.noise.findIndex((s) => s.id === 'rms-15ms');
    // (with the parts of its group, if it has one, and a window cut to the period: edit.ts)
    await showsRunOf(page, withPeriod(startup, index, 3_000_000));
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expectQuiet(problems);
    await page.context().close();
  });

  it('works from the keyboard alone, with a visible focus', async () => {
    const { page, problems } = await open();
    const focused = () => page.evaluate(() => document.activeElement?.id ?? '');
    await page.getByLabel('Preset').focus(); // start from the top of the page
    for (let i = 0; i < 40 && (await focused()) !== 'ctl-nodes-slider'; i++) {
      await page.keyboard.press('Tab');
    }
    expect(await focused()).toBe('ctl-nodes-slider');
    const order: string[] = [];
    for (let i = 0; i < 11; i++) {
      await page.keyboard.press('Tab');
      order.push(await focused());
    }
    expect(order.slice(0, 6)).toEqual([
      'ctl-nodes',
      'ctl-ranks',
      'ctl-exclude',
      'ctl-slow-nodes',
      'ctl-slow-by',
      'ctl-reserve',
    ]);
    expect(order).toContain('ctl-granularity');
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement!).outlineStyle,
    );
    expect(outline).toBe('solid');

    // The granularity slider: one step left of 1 ms is 500 µs, announced with its unit.
    await page.locator('#ctl-granularity').focus();
    await page.keyboard.press('ArrowLeft');
    const slider = controls(page).getByRole('slider', { name: /Granularity/ });
    await expect.poll(() => slider.getAttribute('aria-valuetext')).toBe('500 µs');
    await showsRunOf(page, withValue(startup, 'workload.granularityUs', 500));
    expect(await card(page).textContent()).toContain('500 µs of work between barriers');

    // A daemon toggle: Tab to it, Space switches it off.
    for (let i = 0; i < 20 && (await focused()) !== 'ctl-src-0-on'; i++) {
      await page.keyboard.press('Tab');
    }
    expect(await focused()).toBe('ctl-src-0-on');
    await page.keyboard.press('Space');
    const edited = withValue(
      withValue(startup, 'workload.granularityUs', 500),
      'noise.0.enabled',
      false,
    );
    await showsRunOf(page, edited);
    expectQuiet(problems);
    await page.context().close();
  });

  it('has no serious or critical axe violations, with an editor open and an error shown', async () => {
    const { page, problems } = await open();
    const serious = () => seriousViolations(page, 'section[aria-labelledby="controls-heading"]');
    // A source's editor, a modal dialog over the page.
    await controls(page)
      .getByRole('button', { name: /^Edit RMS cluster monitor/ })
      .click();
    await page.getByRole('dialog').waitFor();
    expect(await serious()).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // An error next to its field.
    await enter(page, 'Ranks per node', '9');
    await controls(page).getByRole('alert').waitFor();
    expect(await serious()).toEqual([]);
    expectQuiet(problems);
    await page.context().close();
  });
});
