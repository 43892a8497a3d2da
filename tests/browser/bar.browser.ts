// The scenario bar in the built site: every preset from the menu, the seed
// (good and bad), Reset and Export. A change re-runs the simulation at once.
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/index.ts';
import { validateScenario } from '../../src/scenario/index.ts';
import { PRESETS } from '../../src/state/presets.ts';
import { formatQuantity } from '../../src/format/numbers.ts';
import { expectQuiet, openApp, runDone, seriousViolations, type Site, startSite } from './site.ts';

/** A shipped scenario file, parsed but not validated. */
function presetFile(id: string) {
  return JSON.parse(
    readFileSync(new URL(`../../scenarios/${id}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown> & { title: string; seed: number };
}

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

const title = (page: Page) => page.locator('#scenario-title').textContent();
const preset = (page: Page) => page.getByLabel('Preset');
const seed = (page: Page) => page.getByRole('spinbutton', { name: 'Seed' });
const status = (page: Page) => page.getByRole('status').textContent();
const progressValue = (page: Page) =>
  page
    .getByRole('progressbar', { name: 'Progress' })
    .evaluate((el) => (el as HTMLProgressElement).value);
const meanLatency = (page: Page) =>
  page
    .getByRole('row', { name: /Barrier latency, mean/ })
    .getByRole('cell')
    .first()
    .textContent();
const done = (page: Page) => runDone(page, 30_000);
/** nodes of the start-up preset in the tests about the seed: a run of a second, not of 1,024
 * nodes (what a seed does does not depend on the machine's size) */
const SMALL_NODES = 64;
const SMALL = `/?preset=asci-q-2002&nodes=${SMALL_NODES}`;

async function enterSeed(page: Page, value: string): Promise<void> {
  await seed(page).fill(value);
  await seed(page).press('Enter');
}

describe('the scenario bar', () => {
  it('offers every preset, grouped, and each one chosen shows its title and runs', async () => {
    const { page, problems } = await openApp(site);
    const groups = preset(page).locator('optgroup');
    expect(await groups.evaluateAll((els) => els.map((el) => el.getAttribute('label')))).toEqual([
      'Machine presets',
      'Application workloads',
    ]);
    const values = await preset(page)
      .locator('option')
      .evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value));
    expect(values).toEqual(PRESETS.map((p) => p.id));
    // Every shipped file is offered, except the format's own example.
    const shipped = readdirSync(new URL('../../scenarios/', import.meta.url))
      .filter((name) => name.endsWith('.json') && name !== 'example-asci-q.json')
      .map((name) => name.slice(0, -'.json'.length));
    expect([...values].sort()).toEqual(shipped.sort());

    for (const { id } of PRESETS) {
      await preset(page).selectOption(id);
      await expect.poll(() => title(page)).toBe(presetFile(id).title);
      expect(await seed(page).inputValue()).toBe(String(presetFile(id).seed));
      expect(await status(page)).toMatch(/^(Running…|Done)/);
    }
    expect(await seriousViolations(page)).toEqual([]);
    expectQuiet(problems);
    await page.context().close();
  });

  it('runs the biggest presets in the worker: the page answers, progress moves, Cancel stops', async () => {
    const { page, problems } = await openApp(site);
    for (const id of ['jaguar-xt5-stock', 'bgp-intrepid']) {
      await preset(page).selectOption(id);
      await expect.poll(() => title(page)).toBe(presetFile(id).title);
      await expect.poll(() => progressValue(page), { timeout: 30_000 }).toBeGreaterThan(0);
      // The main thread is free: the page answers while the worker runs (how fast is for
      // npm run bench:browser, not for a test on a shared machine).
      expect(await page.evaluate(() => document.readyState)).toBe('complete');
      await expect.poll(() => progressValue(page), { timeout: 30_000 }).toBeGreaterThan(0.01);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => status(page)).toMatch(/^Cancelled after [\d,]+ of [\d,]+ iterations/);
      if (id === 'jaguar-xt5-stock') {
        await page.screenshot({
          path: '/tmp/noiselab-jaguar-cancelled-1280.png',
          fullPage: true,
          clip: { x: 0, y: 0, width: 1280, height: 1200 },
        });
      }
    }
    expectQuiet(problems);
    await page.context().close();
  });

  it('a new seed re-runs the simulation and changes the numbers', async () => {
    const { page, problems } = await openApp(site, undefined, undefined, SMALL);
    await done(page);
    const before = await meanLatency(page);
    const file = presetFile('asci-q-2002');
    const job = { ...(file.job as object), nodes: SMALL_NODES };
    const expected = runScenario(validateScenario({ ...file, seed: 7, job }));
    await enterSeed(page, '7');
    // the small run ends within a frame or two: its numbers, not a glimpse of "Running…", show
    // that it ran again
    await expect.poll(() => meanLatency(page)).toBe(formatQuantity(expected.summary.meanLatencyUs));
    await done(page);
    expect(await status(page)).toMatch(/^Done: 2,000 iterations/);
    expect(await meanLatency(page)).not.toBe(before);
    expectQuiet(problems);
    await page.context().close();
  });

  it('a bad seed is explained next to the field and the seed stays as it was', async () => {
    const { page, problems } = await openApp(site, undefined, undefined, SMALL);
    await done(page);
    // the stage's top: the note floats under the field, it does not grow the bar
    const stageTop = () => page.locator('main').evaluate((m) => m.getBoundingClientRect().top);
    const top = await stageTop();
    for (const bad of ['-1', '1.5', '4294967296', '']) {
      await enterSeed(page, bad);
      const message = page.locator('#scenario-seed-error');
      expect((await message.textContent())!.trim()).toBe(
        'The seed must be a whole number from 0 to 4,294,967,295. The seed is still 1; Escape ' +
          'puts it back.',
      );
      expect(await seed(page).getAttribute('aria-invalid')).toBe('true');
      expect(await status(page)).toMatch(/^Done/); // nothing re-ran
      expect(await stageTop()).toBe(top);
    }
    // Escape: the field shows the seed again, the note goes
    await seed(page).press('Escape');
    expect(await seed(page).inputValue()).toBe('1');
    expect(await page.locator('#scenario-seed-error').count()).toBe(0);
    await enterSeed(page, '-1');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.screenshot({ path: '/tmp/noiselab-bad-seed-375.png' });
    expect(await seriousViolations(page)).toEqual([]);

    // A good seed clears the message.
    await enterSeed(page, '4294967295');
    expect(await page.locator('#scenario-seed-error').count()).toBe(0);
    expect(await seed(page).getAttribute('aria-invalid')).toBe('false');
    expectQuiet(problems);
    await page.context().close();
  });

  it('Reset brings back the preset as loaded, seed included, and runs it', async () => {
    const { page, problems } = await openApp(site);
    await preset(page).selectOption('asci-q-2003');
    await expect.poll(() => title(page)).toBe(presetFile('asci-q-2003').title);
    await enterSeed(page, '42');
    await enterSeed(page, '-3'); // a bad value left in the field
    expect(await page.locator('#scenario-seed-error').count()).toBe(1);
    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await seed(page).inputValue()).toBe('1');
    expect(await page.locator('#scenario-seed-error').count()).toBe(0);
    expect(await preset(page).inputValue()).toBe('asci-q-2003');
    expect(await title(page)).toBe(presetFile('asci-q-2003').title);
    // It ran again (a run of ASCI Q 2003 may finish before this line on a fast machine).
    expect(await status(page)).toMatch(/^(Running…|Done)/);

    // The long description opens and closes.
    const more = page.getByRole('button', { name: 'Show the whole description' });
    await more.click();
    expect(
      await page.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded'),
    ).toBe('true');
    await page.screenshot({ path: '/tmp/noiselab-description-1280.png' });
    expectQuiet(problems);
    await page.context().close();
  });

  it('Export downloads the scenario on show as JSON named after the preset', async () => {
    const { page, problems } = await openApp(site);
    await preset(page).selectOption('sage-asci-q-2002');
    await expect.poll(() => title(page)).toBe(presetFile('sage-asci-q-2002').title);
    await enterSeed(page, '12345');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('sage-asci-q-2002.json');
    const { $schema, ...exported } = JSON.parse(readFileSync(await download.path(), 'utf8'));
    // It names the schema the site publishes, which an editor can fetch.
    expect($schema).toBe(new URL('schema/scenario-v2.json', page.url()).href);
    const schema = await page.evaluate(async (url) => (await fetch(url)).json(), $schema);
    expect(schema).toMatchObject({ title: 'NoiseLab scenario, format 2' });
    // It validates, is already in canonical form, and is the preset with the new seed.
    expect(validateScenario({ $schema, ...exported })).toEqual(exported);
    expect(exported).toEqual(validateScenario({ ...presetFile('sage-asci-q-2002'), seed: 12345 }));
    await page.getByRole('button', { name: 'Cancel' }).click();
    expectQuiet(problems);
    await page.context().close();
  });
});
