// Sharing in the built site: the address bar follows the scenario, a link opened in a fresh page
// gives the same numbers, hand-written and file links open, broken links are explained and the
// default stays, Undo/Redo, the autosave and Copy link.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentVersion } from '../../src/state/preset-releases.ts';
import {
  openApp,
  type Problems,
  type Site,
  startSite,
  expectQuiet,
  runDone,
  showView,
} from './site.ts';

const presetFile = (id: string) =>
  JSON.parse(
    readFileSync(new URL(`../../scenarios/${id}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown> & { title: string; seed: number };

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

const title = (page: Page) => page.locator('#scenario-title').textContent();
const preset = (page: Page) => page.getByLabel('Preset').inputValue();
const seed = (page: Page) => page.getByRole('spinbutton', { name: 'Seed' });
const origin = (page: Page) => page.locator('.origin').textContent();
const meanLatency = (page: Page) =>
  page
    .getByRole('row', { name: /Barrier latency, mean/ })
    .getByRole('cell')
    .first()
    .textContent();
const done = (page: Page) => runDone(page, 60_000);

/** ASCI Q 2002 cut down (64 nodes, 200 iterations) so runs stay quick on a busy 2-core machine. */
const LIGHT = '?preset=asci-q-2002&nodes=64&iterations=200';
/** The preset and its version, as every link the page writes names them. */
const ASCI_Q = `?preset=asci-q-2002&v=${currentVersion('asci-q-2002')}`;
/** Per test: several pages run the simulation in turn. */
const SLOW = 180_000;
const undoButton = (page: Page) => page.getByRole('button', { name: 'Undo', exact: true });
const redoButton = (page: Page) => page.getByRole('button', { name: 'Redo', exact: true });

async function enterSeed(page: Page, value: string): Promise<void> {
  await seed(page).fill(value);
  await seed(page).press('Enter');
}

/** `url` in a fresh context (no shared storage), once its run is done unless `wait` is false. */
async function openFresh(url: string, wait = true): Promise<{ page: Page; problems: Problems }> {
  const path = url.startsWith(site.origin) ? url.slice(site.origin.length) : `/${url}`;
  const opened = await openApp(site, undefined, undefined, path);
  if (wait) await done(opened.page);
  return opened;
}

/** The open QR dialog's code as Chromium draws it, read back by an independent decoder. */
async function readQr(page: Page): Promise<string> {
  const { width, pixels } = await page.evaluate(async () => {
    const svg = document.querySelector('dialog svg.code') as SVGSVGElement;
    const text = new XMLSerializer().serializeToString(svg);
    const img = new Image();
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
    await img.decode();
    const side = 400;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = side;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0, side, side);
    return { width: side, pixels: Array.from(ctx.getImageData(0, 0, side, side).data) };
  });
  const { default: jsQR } = await import('jsqr');
  const code = jsQR(Uint8ClampedArray.from(pixels), width, width);
  return code?.data ?? '(no code read)';
}

async function importFile(page: Page, name: string, content: string): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Import scenario file…' }).click(),
  ]);
  await chooser.setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) });
}

describe('the URL holds the state', () => {
  it(
    'a preset with a new seed and node count is a readable link that reproduces the numbers',
    async () => {
      const { page, problems } = await openFresh(LIGHT);
      await expect.poll(() => page.url()).toBe(`${site.origin}/${ASCI_Q}&nodes=64&iterations=200`);
      await enterSeed(page, '7');
      await page.locator('#ctl-nodes').fill('32');
      await page.locator('#ctl-nodes').press('Enter');
      await expect
        .poll(() => page.url())
        .toBe(`${site.origin}/${ASCI_Q}&nodes=32&iterations=200&seed=7`);
      await done(page);
      const mean = await meanLatency(page);

      const fresh = await openFresh(page.url());
      expect(await title(fresh.page)).toBe(presetFile('asci-q-2002').title);
      expect(await preset(fresh.page)).toBe('asci-q-2002');
      expect(await seed(fresh.page).inputValue()).toBe('7');
      expect(await fresh.page.locator('#ctl-nodes').inputValue()).toBe('32');
      expect(await meanLatency(fresh.page)).toBe(mean);
      // Reset goes back to the preset as shipped.
      await fresh.page.getByRole('button', { name: 'Reset' }).click();
      await expect.poll(() => seed(fresh.page).inputValue()).toBe('1');
      await expect.poll(() => fresh.page.url()).toBe(`${site.origin}/${ASCI_Q}`);
      expectQuiet(problems);
      expectQuiet(fresh.problems);
      await page.context().close();
      await fresh.page.context().close();
    },
    SLOW,
  );

  it(
    'any other scenario is a #s=1. hash that opens with the same title, seed and numbers',
    async () => {
      const { page, problems } = await openFresh(LIGHT);
      const file = {
        ...presetFile('asci-q-2002'),
        title: 'Class <b>3</b> <img src=x onerror=alert(1)>',
        seed: 12345,
        job: { ...(presetFile('asci-q-2002').job as object), nodes: 32 },
        workload: { ...(presetFile('asci-q-2002').workload as object), iterations: 100 },
      };
      await importFile(page, 'class-3.json', JSON.stringify(file));
      await expect.poll(() => page.url()).toMatch(/\/#s=1\.[A-Za-z0-9_-]+$/);
      await done(page);
      const mean = await meanLatency(page);

      const fresh = await openFresh(page.url());
      expect(await title(fresh.page)).toBe(file.title); // shown as text, nothing executed
      expect(await fresh.page.locator('#scenario-title img').count()).toBe(0);
      expect(await seed(fresh.page).inputValue()).toBe('12345');
      expect(await origin(fresh.page)).toBe('Scenario from a shared link');
      expect(await meanLatency(fresh.page)).toBe(mean);
      expectQuiet(problems);
      expectQuiet(fresh.problems);
      await page.context().close();
      await fresh.page.context().close();
    },
    SLOW,
  );

  it(
    'a hand-written link opens its preset with its knobs',
    async () => {
      const { page, problems } = await openFresh('?preset=jaguar-xt5-rn&nodes=64&g=1ms', false);
      await expect.poll(() => title(page)).toBe(presetFile('jaguar-xt5-rn').title);
      expect(await preset(page)).toBe('jaguar-xt5-rn');
      expect(await title(page)).toBe(presetFile('jaguar-xt5-rn').title);
      expect(await page.getByRole('article').textContent()).toContain('64 nodes');
      expect(await page.getByRole('alert').count()).toBe(0);
      expectQuiet(problems);
      await page.context().close();
    },
    SLOW,
  );

  it(
    'an imported copy of a preset file is that preset, with its short link',
    async () => {
      const { page, problems } = await openFresh(LIGHT);
      const text = readFileSync(
        new URL('../../scenarios/bgp-intrepid.json', import.meta.url),
        'utf8',
      );
      await importFile(page, 'bgp-intrepid.json', text);
      await expect.poll(() => preset(page), { timeout: 30_000 }).toBe('bgp-intrepid');
      await expect
        .poll(() => page.url(), { timeout: 30_000 })
        .toBe(`${site.origin}/?preset=bgp-intrepid&v=${currentVersion('bgp-intrepid')}`);
      expectQuiet(problems);
      await page.context().close();
    },
    SLOW,
  );

  it(
    '?scenario= loads a scenario file served by the site',
    async () => {
      const { page, problems } = await openFresh('?scenario=scenarios/example-asci-q.json', false);
      await expect.poll(() => title(page)).toBe(presetFile('example-asci-q').title);
      await expect.poll(() => origin(page)).toBe('Scenario from scenarios/example-asci-q.json');
      // a preset's own file opens as that preset, and its link becomes the preset's
      await page.goto(`${site.origin}/?scenario=scenarios/bgp-intrepid.json&seed=3`);
      await expect.poll(() => preset(page)).toBe('bgp-intrepid');
      await expect.poll(() => page.url()).toMatch(/\?preset=bgp-intrepid&v=[0-9a-f]{8}&seed=3$/);
      expectQuiet(problems);
      await page.context().close();
    },
    SLOW,
  );

  it(
    'a broken hash, query or file link is explained and the default scenario is shown',
    async () => {
      const cases: [string, RegExp][] = [
        ['/#s=1.@@@', /the link's data is not valid base64url/],
        ['/#s=9.abc', /made by a newer NoiseLab \(codec version 9\)/],
        ['/?preset=nope&nodes=abc', /preset: "nope" is not valid[\s\S]*nodes: "abc" is not valid/],
        ['/?scenario=https://evil.example/x.json', /scenario: .* has a scheme/],
        [
          '/?scenario=scenarios/missing.json',
          /scenarios\/missing\.json (could not be fetched|is not JSON)/,
        ],
      ];
      for (const [path, message] of cases) {
        const { page, problems } = await openFresh(`${site.origin}${path}`, false);
        const alert = page.getByRole('alert');
        await alert.waitFor();
        expect(await alert.textContent()).toContain(
          'This link could not be opened, so the default scenario is shown.',
        );
        expect(await alert.textContent()).toMatch(message);
        expect(await preset(page)).toBe('asci-q-2002');
        expect(await title(page)).toBe(presetFile('asci-q-2002').title);
        expect(problems.offOrigin).toEqual([]);
        // A missing file is a 404, which the browser logs; nothing else may be.
        expect(problems.consoleErrors.filter((e) => !/404/.test(e))).toEqual([]);
        // the link stays in the address, to be mended
        expect(decodeURIComponent(page.url())).toContain(decodeURIComponent(path));
        // and Copy link copies the scenario on show meanwhile
        await page.getByRole('button', { name: 'Copy link', disabled: false }).waitFor();
        expect(decodeURIComponent(page.url())).toContain(decodeURIComponent(path));
        await page.context().close();
      }
      // A bad knob or source in a link to a preset: the preset opens, what was left out is named.
      {
        const partial = `${site.origin}/?preset=halo-franklin-xt4&nodes=abc&off=cnk-jitter-core9`;
        const { page } = await openFresh(partial, false);
        const alert = page.getByRole('alert');
        await alert.waitFor();
        const text = await alert.textContent();
        expect(text).toContain('Part of this link was not understood; the rest of it opened.');
        expect(text).toMatch(/nodes: "abc" is not valid/);
        expect(text).toMatch(/there is no noise source "cnk-jitter-core9"/);
        expect(await preset(page)).toBe('halo-franklin-xt4');
        expect(await title(page)).toBe(presetFile('halo-franklin-xt4').title);
        expect(decodeURIComponent(page.url())).toContain(decodeURIComponent(partial));
        await page.context().close();
      }
      // The notice has a Close button, and goes by itself at the first change of the scenario.
      const { page } = await openFresh(`${site.origin}/?preset=jaguar-xt5-stock&g=banana`, false);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      await alert.getByRole('button', { name: 'Close this notice' }).click();
      await expect.poll(() => alert.count()).toBe(0);
      await page.goto(`${site.origin}/?preset=jaguar-xt5-stock&g=banana`);
      await alert.waitFor();
      await enterSeed(page, '77');
      await expect.poll(() => alert.count()).toBe(0);
      await page.context().close();
    },
    SLOW,
  );

  it(
    'a broken link loses nothing: the scenario being edited comes back, the link stays to mend',
    async () => {
      const { page } = await openFresh(LIGHT);
      await enterSeed(page, '4242');
      await expect.poll(() => page.url()).toContain('seed=4242');
      await done(page);
      // a misspelt preset: what the link is of cannot be known, so nothing of it opens
      const broken = `${site.origin}/?preset=bgp-intrepd&off=cnk-jitter-core9`;
      await page.goto(broken);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toContain(
        'This link could not be opened, so the scenario you were editing is shown.',
      );
      expect(await alert.textContent()).toMatch(/preset: "bgp-intrepd" is not valid/);
      expect(await seed(page).inputValue()).toBe('4242');
      await page.waitForTimeout(1000);
      expect(page.url()).toBe(broken);
      // and the bare site still restores it
      await page.goto(`${site.origin}/`);
      await expect.poll(() => seed(page).inputValue()).toBe('4242');
      await page.context().close();
    },
    SLOW,
  );
});

describe('Undo and Redo', () => {
  it(
    'step back and forward through edits, by button and by Ctrl+Z / Ctrl+Shift+Z',
    async () => {
      const { page, problems } = await openFresh(LIGHT);
      expect(await undoButton(page).isDisabled()).toBe(true);
      expect(await redoButton(page).isDisabled()).toBe(true);
      await enterSeed(page, '7');
      await done(page);
      const seven = await meanLatency(page);
      await enterSeed(page, '8');
      await done(page);

      await undoButton(page).click();
      await expect.poll(() => seed(page).inputValue()).toBe('7');
      await done(page);
      expect(await meanLatency(page)).toBe(seven);
      expect(await redoButton(page).isDisabled()).toBe(false);

      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('Control+z');
      await expect.poll(() => seed(page).inputValue()).toBe('1');
      expect(await undoButton(page).isDisabled()).toBe(true);
      await page.keyboard.press('Control+Shift+z');
      await expect.poll(() => seed(page).inputValue()).toBe('7');
      await redoButton(page).click();
      await expect.poll(() => seed(page).inputValue()).toBe('8');
      expect(await redoButton(page).isDisabled()).toBe(true);
      await expect.poll(() => page.url()).toContain('seed=8');

      // In a text field Ctrl+Z belongs to the field.
      await seed(page).focus();
      await page.keyboard.press('Control+z');
      expect(await undoButton(page).isDisabled()).toBe(false);
      await expect.poll(() => page.url()).toContain('seed=8');
      expectQuiet(problems);
      await page.context().close();
    },
    SLOW,
  );
});

describe('the autosave', () => {
  it(
    'brings an edited scenario back after a reload, and Discard goes back to the default',
    async () => {
      const { page, problems } = await openFresh(LIGHT);
      await enterSeed(page, '4242');
      await expect.poll(() => page.url()).toContain('seed=4242');
      const saved = await page.evaluate(() => localStorage.getItem('noiselab.autosave.v1'));
      expect(JSON.parse(saved!)).toMatchObject({
        origin: `preset:asci-q-2002@${currentVersion('asci-q-2002')}`, // the release it edits
        scenario: { seed: 4242 },
      });
      // its run ends first: a run still under way when the page goes is not rerun by itself
      // on the next visit (run-ends.browser.ts)
      await done(page);

      await page.goto(`${site.origin}/`); // no state in the URL
      await page.getByText(/^Restored your unsaved scenario from /).waitFor();
      expect(await seed(page).inputValue()).toBe('4242');
      expect(await preset(page)).toBe('asci-q-2002');
      await done(page);
      await page.screenshot({ path: '/tmp/noiselab-share-restored.png' });

      await page.getByRole('button', { name: 'Discard' }).click();
      await expect.poll(() => seed(page).inputValue()).toBe('1');
      expect(await page.getByText(/^Restored your unsaved scenario/).count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('noiselab.autosave.v1'))).toBeNull();

      // Corrupt storage is ignored and cleared.
      await page.evaluate(() => localStorage.setItem('noiselab.autosave.v1', '{"scenario":'));
      await page.goto(`${site.origin}/`);
      await expect.poll(() => page.url()).toBe(`${site.origin}/${ASCI_Q}`);
      expect(await seed(page).inputValue()).toBe('1');
      expect(await page.evaluate(() => localStorage.getItem('noiselab.autosave.v1'))).toBeNull();
      expectQuiet(problems);
      await page.context().close();
    },
    SLOW,
  );
});

describe('Copy link', () => {
  it(
    'copies the page link and says so',
    async () => {
      const { page, problems } = await openFresh(LIGHT);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: site.origin,
      });
      await enterSeed(page, '99');
      await expect.poll(() => page.url()).toContain('seed=99');
      await page.getByRole('button', { name: 'Copy link' }).click();
      await page.getByText('Link copied').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
      await page.screenshot({ path: '/tmp/noiselab-share-copied.png' });
      // the page moved on: what was copied is no longer its link, and the note goes
      await enterSeed(page, '98');
      await expect.poll(() => page.url()).toContain('seed=98');
      await expect.poll(() => page.getByText('Link copied').count()).toBe(0);
      expectQuiet(problems);
      await page.context().close();
    },
    SLOW,
  );

  it(
    'without the clipboard, shows the link selected in a read-only field',
    async () => {
      const { page, problems } = await openFresh(LIGHT);
      await page.evaluate(() =>
        Object.defineProperty(navigator, 'clipboard', {
          value: { writeText: () => Promise.reject(new Error('denied')) },
        }),
      );
      await page.getByRole('button', { name: 'Copy link' }).click();
      const field = page.getByRole('textbox', { name: 'Link' });
      await field.waitFor();
      expect(await field.inputValue()).toBe(page.url());
      expect(await field.getAttribute('readonly')).not.toBeNull();
      expect(
        await field.evaluate((el: HTMLInputElement) =>
          el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0),
        ),
      ).toBe(page.url());
      await page.getByText(/^Copy the selected link with Ctrl\+C/).waitFor();
      await page.screenshot({ path: '/tmp/noiselab-share-fallback.png' });
      expectQuiet(problems);
      await page.context().close();
    },
    SLOW,
  );
});

describe('QR code', () => {
  it(
    'shows the page link as a code a decoder reads back, and closes with Escape',
    async () => {
      const { page, problems } = await openFresh(LIGHT);
      await enterSeed(page, '42');
      await expect.poll(() => page.url()).toContain('seed=42');
      const button = page.getByRole('button', { name: 'QR code' });
      await button.click();
      const dialog = page.getByRole('dialog', { name: 'Scan to open this scenario' });
      await dialog.waitFor();
      expect(await readQr(page)).toBe(page.url());
      expect(await dialog.getByText(page.url(), { exact: true }).count()).toBe(1);
      await page.screenshot({ path: '/tmp/noiselab-share-qr.png' });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('QR code');
      expectQuiet(problems);
      await page.context().close();
    },
    SLOW,
  );
});

describe('a class’s edit as a QR code', () => {
  it(
    'a source switched off and the granularity moved: a short code that a fresh page opens to the same numbers',
    async () => {
      const { page, problems } = await openFresh(LIGHT);
      await page
        .getByRole('checkbox', { name: 'TruCluster kernel heartbeat (640 µs every 125 ms)' })
        .click();
      await page.locator('#ctl-granularity').focus();
      await page.keyboard.press('ArrowLeft'); // 1 ms → 500 µs
      await expect
        .poll(() => page.url())
        .toBe(
          `${site.origin}/${ASCI_Q}&nodes=64&g=500us&iterations=200&off=kernel-heartbeat-125ms`,
        );
      await done(page);
      const mean = await meanLatency(page);
      await page.getByRole('button', { name: 'QR code' }).click();
      const dialog = page.getByRole('dialog', { name: 'Scan to open this scenario' });
      await dialog.waitFor();
      const decoded = await readQr(page);
      expect(decoded).toBe(page.url());
      expect(decoded.length).toBeLessThan(500);
      console.log(`QR code of a class's edit: ${decoded.length} characters`);

      const fresh = await openFresh(decoded);
      const heartbeat = fresh.page.getByRole('checkbox', {
        name: 'TruCluster kernel heartbeat (640 µs every 125 ms)',
      });
      expect(await heartbeat.isChecked()).toBe(false);
      expect(await meanLatency(fresh.page)).toBe(mean);
      expectQuiet(problems);
      expectQuiet(fresh.problems);
      await page.context().close();
      await fresh.page.context().close();
    },
    SLOW,
  );
});

describe('view settings in the link', () => {
  it(
    'the latency view granularities travel in the link; a bad value is refused and changes nothing',
    async () => {
      const { page, problems } = await openFresh(LIGHT);
      await showView(page, 'Latency', 'Latency against machine size');
      const field = page.getByRole('textbox', { name: 'Granularities (one curve each)' });
      expect(await field.inputValue()).toBe('0, 1ms, 5ms');
      await field.fill('0, 1ms, soon');
      await field.press('Enter');
      await page.getByText(/^"soon" is not a duration/).waitFor();
      expect(page.url()).toContain('?preset=asci-q-2002'); // unchanged
      await field.fill('10ms, 0');
      await field.press('Enter');
      await expect.poll(() => page.url()).toMatch(/[?&]p=1\./);
      const latency = page.getByRole('region', { name: 'Latency against machine size' });
      await expect
        .poll(() => latency.getByRole('list', { name: 'Curves' }).textContent(), {
          timeout: 60_000,
        })
        .toMatch(/g = 0.*g = 10 ms/s);
      const link = page.url();
      expectQuiet(problems);
      await page.context().close();

      const fresh = await openFresh(link);
      const again = fresh.page.getByRole('textbox', { name: 'Granularities (one curve each)' });
      expect(await again.inputValue()).toBe('0, 10ms');
      // the link names its preset: the fresh page shows it as that preset, with Reset to it
      expect(await fresh.page.getByLabel('Preset').inputValue()).toBe('asci-q-2002');
      expect(await title(fresh.page)).toMatch(/ASCI Q/);
      expectQuiet(fresh.problems);
      await fresh.page.context().close();
    },
    SLOW,
  );
});
