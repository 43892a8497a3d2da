// The classroom modes in the built site: projector mode (light, large, thick; one view
// at a time), embed mode (one view and its essential controls, in a frame on another origin;
// `links=0`; a bad view name explained), the print stylesheet and the keyboard shortcuts' help.
// Checked by measurement (computed sizes on screen, colours, what is displayed), not by eye.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectQuiet, openApp, runDone, seriousViolations, type Site, startSite } from './site.ts';

const SMALL = 'preset=asci-q-2002&nodes=64&iterations=200';

let site: Site;
let host: Server;
let hostOrigin: string;
beforeAll(async () => {
  site = await startSite();
  // A course page on another origin (localhost, not 127.0.0.1) that embeds one view.
  host = createServer((req, res) => {
    if (req.url?.startsWith('/course')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><title>Course</title><h1>Week 3: OS noise</h1>` +
          `<iframe title="NoiseLab: latency" src="${site.origin}/?${SMALL}&embed=latency&links=0"` +
          ` width="900" height="700"></iframe>`,
      );
    } else res.writeHead(req.url === '/favicon.ico' ? 204 : 404).end(); // the course's own icon
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => host?.close(r));
  await site?.close();
});

/** WCAG relative luminance of a CSS `rgb(…)` colour. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/** The smallest on-screen size of the charts' axis text and data lines, in px (the SVGs draw in
 * viewBox units and scale with their box, so the CSS size alone says nothing of the screen). */
function chartSizes(page: Page) {
  return page.evaluate(() => {
    const px = (el: Element, p: string) => parseFloat(getComputedStyle(el).getPropertyValue(p));
    const text: number[] = [];
    const textCss: number[] = [];
    const line: number[] = [];
    for (const svg of document.querySelectorAll<SVGSVGElement>('.chart svg[viewBox]')) {
      const scale = svg.getScreenCTM()?.a ?? 1; // screen px per viewBox unit
      for (const t of svg.querySelectorAll('.tick text, .axis-label')) {
        text.push(px(t, 'font-size') * scale);
        textCss.push(px(t, 'font-size'));
      }
      for (const l of svg.querySelectorAll('path[stroke-width]:not([stroke-width="0"])')) {
        line.push(px(l, 'stroke-width') * scale);
      }
    }
    return {
      text: Math.min(...text),
      textCss: Math.min(...textCss),
      line: Math.min(...line),
      count: text.length + line.length,
    };
  });
}

async function open(url: string, viewport = { width: 1280, height: 900 }) {
  const { page, problems } = await openApp(site, viewport, undefined, `/${url}`);
  return { page, problems };
}

describe('projector mode', () => {
  it("shows the preset's whole name, wrapped, and the menu over it still takes the click and the choice", async () => {
    const long = 'SAGE on ASCI Q, 2003, without 0 and 31';
    const { page, problems } = await open(
      '?preset=sage-asci-q-2003-without-0-31&nodes=64&projector=1',
      { width: 1280, height: 720 },
    );
    const box = page.locator('.panel .preset .shown');
    await expect.poll(() => box.textContent()).toBe(long);
    const fit = await box.evaluate((el) => ({
      whole: el.scrollWidth <= el.clientWidth,
      lines: Math.round(el.clientHeight / parseFloat(getComputedStyle(el).lineHeight)),
    }));
    expect(fit.whole).toBe(true);
    expect(fit.lines).toBeGreaterThanOrEqual(2); // wrapped, not cut
    // What is under a click on the name is the menu itself.
    const hit = await box.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.id;
    });
    expect(hit).toBe('scenario-preset');
    await page.locator('#scenario-preset').selectOption('bgp-intrepid');
    await expect.poll(() => box.textContent()).toBe('Blue Gene/P (Intrepid)');
    await expect.poll(() => page.url()).toMatch(/preset=bgp-intrepid/);
    expectQuiet(problems);
    await page.context().close();
  });

  it('from ?projector=1: light page, black text, large type, chart text ≥ 18 px and lines ≥ 3 px on screen', async () => {
    const { page, problems } = await open(`?${SMALL}&projector=1`);
    await runDone(page);
    expect(
      await page.evaluate(() => document.documentElement.classList.contains('projector')),
    ).toBe(true);
    const look = await page.evaluate(() => {
      const body = getComputedStyle(document.body);
      const root = getComputedStyle(document.documentElement);
      return { color: body.color, page: root.backgroundColor, font: parseFloat(body.fontSize) };
    });
    expect(luminance(look.page)).toBeGreaterThan(0.9); // a light background
    expect(contrast(look.color, look.page)).toBeGreaterThanOrEqual(15);
    expect(look.font).toBeGreaterThanOrEqual(20);
    await page.waitForSelector('.chart svg[viewBox] .tick text');
    await expect.poll(() => chartSizes(page).then((s) => s?.count ?? 0)).toBeGreaterThan(3);
    const sizes = await chartSizes(page);
    expect(sizes.text).toBeGreaterThanOrEqual(18);
    expect(sizes.line).toBeGreaterThanOrEqual(3);
    // The page's own address rewrites (a finer granularity) keep the mode.
    await page.getByRole('slider', { name: /Granularity/ }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.url()).toMatch(/g=500us/);
    expect(page.url()).toMatch(/projector=1/);
    expect(await seriousViolations(page)).toEqual([]);
    // The stage keeps the picture, not the paragraphs about it, but a view's error stays: a
    // failed sweep would otherwise be a curve that never comes.
    const shown = await page.evaluate(() => {
      const view = document.querySelector('.stage .views .view')!;
      const put = (cls: string) => {
        const p = document.createElement('p');
        p.className = cls;
        p.textContent = 'x';
        view.append(p);
        const display = getComputedStyle(p).display;
        p.remove();
        return display;
      };
      return { note: put('note'), error: put('note error') };
    });
    expect(shown).toEqual({ note: 'none', error: 'block' });
    await page.reload();
    await runDone(page);
    expect(await page.evaluate(() => document.documentElement.className)).toMatch(/projector/);
    expectQuiet(problems);
    await page.context().close();
  });

  it('turns on and off with its button, and keeps the view on the stage', async () => {
    const { page, problems } = await open(`?${SMALL}`);
    await runDone(page);
    const toggle = page.getByRole('button', { name: 'Projector mode' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await page.locator('.chart svg .tick text').first().waitFor({ state: 'attached' });
    const before = await chartSizes(page);
    expect(before.textCss).toBeLessThan(18); // the page's own axis text: small
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.url()).toMatch(/projector=1/);
    // the pointer left on the button after the click: its words stay readable (AA: 4.5)
    await toggle.hover();
    const look = await toggle.evaluate((e) => {
      const cs = getComputedStyle(e);
      return { color: cs.color, back: cs.backgroundColor };
    });
    expect(contrast(look.color, look.back), JSON.stringify(look)).toBeGreaterThanOrEqual(4.5);
    await page.getByRole('tab', { name: 'Per node' }).click();
    await expect.poll(() => page.locator('section.view:visible').count()).toBe(1);
    await expect.poll(() => page.locator('#node-map-heading').count()).toBe(1);
    expect(page.url()).toMatch(/show=node-map/);
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await expect.poll(() => page.url()).not.toMatch(/show=/);
    await toggle.click();
    await expect.poll(() => page.url()).not.toMatch(/projector/);
    const after = await chartSizes(page);
    expect(after.textCss).toBe(before.textCss); // the page's own look again
    expectQuiet(problems);
    await page.context().close();
  });
});

describe('embed mode', () => {
  it('?embed=latency shows that one view with the preset, nodes, granularity and run status', async () => {
    const { page, problems } = await open(`?${SMALL}&embed=latency`, { width: 900, height: 700 });
    await runDone(page);
    expect(await page.locator('section.view').count()).toBe(1);
    expect(await page.locator('#latency-view-heading').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'NoiseLab', exact: true }).count()).toBe(0);
    expect(await page.locator('#controls-heading').count()).toBe(0); // not the full controls
    expect(await page.getByLabel('Preset').inputValue()).toBe('asci-q-2002');
    expect(await page.getByLabel('Job nodes').inputValue()).toBe('64');
    expect(await page.getByLabel(/Granularity g/).inputValue()).toBe('1ms');
    expect(await page.getByRole('button', { name: 'Run' }).isVisible()).toBe(true);
    // The controls work: fewer nodes re-run, and the address keeps the embed.
    await page.getByLabel('Job nodes').fill('32');
    await page.getByLabel('Job nodes').press('Enter');
    await expect.poll(() => page.url()).toMatch(/nodes=32/);
    expect(page.url()).toMatch(/embed=latency/);
    await runDone(page);
    // The title opens the full app (no embed) in a new tab.
    const link = page.locator('a[target="_blank"]');
    expect(await link.getAttribute('href')).toMatch(
      /\?preset=asci-q-2002&v=[0-9a-f]{8}&nodes=32&iterations=200$/,
    );
    await page.locator('.chart svg .tick').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expectQuiet(problems);
    await page.context().close();
  });

  it('with links=0 offers no link and no download; with projector=1 it is projector-sized', async () => {
    const { page, problems } = await open(`?${SMALL}&embed=loss&links=0&projector=1`, {
      width: 900,
      height: 700,
    });
    await runDone(page);
    await page.locator('#loss-duration-heading').waitFor();
    expect(await page.locator('a[href]').count()).toBe(0);
    expect(await page.locator('button', { hasText: 'Download' }).count()).toBeGreaterThan(0);
    expect(await page.locator('button:visible', { hasText: 'Download' }).count()).toBe(0);
    await page.locator('.chart svg .tick text').first().waitFor({ state: 'attached' });
    const sizes = await chartSizes(page);
    expect(sizes.text).toBeGreaterThanOrEqual(18);
    expect(sizes.line).toBeGreaterThanOrEqual(3);
    expectQuiet(problems);
    await page.context().close();
  });

  it('a name that is no view gets a message naming the nine views, not a blank page', async () => {
    const { page, problems } = await open('?embed=latncy');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toContain('latncy');
    for (const id of [
      'latency',
      'cycle-time',
      'resonance',
      'loss',
      'iterations',
      'node-map',
      'timeline',
      'ripple',
      'variability',
    ]) {
      expect(text).toContain(id);
    }
    expectQuiet(problems);
    await page.context().close();
  });

  it('works in an iframe of a course page on another origin', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1000, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${hostOrigin}/course`);
    const frame = page.frameLocator('iframe[title="NoiseLab: latency"]');
    await frame.locator('[data-run-status="done"]').waitFor({ state: 'attached', timeout: 60_000 });
    expect(await frame.locator('section.view').count()).toBe(1);
    await frame.locator('#latency-view-heading').waitFor();
    await frame.locator('.chart svg path[stroke-width]').first().waitFor({ timeout: 60_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('print', () => {
  it('prints the title, the results and the charts, black on white, without a control', async () => {
    const { page, problems } = await open(`?${SMALL}`);
    await runDone(page);
    await page.locator('.chart svg .tick').first().waitFor();
    await page.evaluate(() => {
      const marked = document.createElement('p');
      marked.id = 'marked-hide';
      marked.dataset.print = 'hide';
      marked.textContent = 'not on paper';
      document.querySelector('main')?.append(marked);
    });
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('button:visible').count()).toBe(0);
    expect(await page.locator('input:visible, select:visible').count()).toBe(0);
    expect(await page.locator('#marked-hide').isVisible()).toBe(false);
    expect(await page.locator('#scenario-title').isVisible()).toBe(true);
    expect(await page.locator('#results-heading').isVisible()).toBe(true);
    // The chart on the stage (a handout of another view: choose its tab, then print).
    const charts = page.locator('figure.chart svg[role="img"]');
    expect(await charts.count()).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < (await charts.count()); i++) {
      expect(await charts.nth(i).isVisible()).toBe(true);
    }
    const look = await page.evaluate(() => ({
      body: getComputedStyle(document.body).backgroundColor,
      text: getComputedStyle(document.querySelector('#scenario-title')!).color,
      breaks: [...document.querySelectorAll('figure.chart')].map(
        (f) => getComputedStyle(f).breakInside,
      ),
    }));
    expect(luminance(look.body)).toBe(1);
    expect(luminance(look.text)).toBe(0);
    expect(new Set(look.breaks)).toEqual(new Set(['avoid']));
    await page.emulateMedia({ media: 'screen' });
    expect(await page.getByRole('button', { name: 'Run' }).isVisible()).toBe(true);
    expectQuiet(problems);
    await page.context().close();
  });
});

describe('keyboard shortcuts', () => {
  it('embed mode has its own shortcuts: help lists run and copy-link, Alt+Shift+R runs', async () => {
    const { page, problems } = await open(`?${SMALL}&embed=latency`, { width: 900, height: 700 });
    await runDone(page);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Shift+?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain('Alt+Shift+R');
    expect(text).toContain('Alt+Shift+L');
    // One view, no projector: those shortcuts are not offered, and do nothing.
    expect(text).not.toContain('Alt+Shift+P');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await page.keyboard.press('Alt+Shift+KeyP');
    expect(page.url()).not.toMatch(/projector/);
    // Alt+Shift+R runs the scenario again, and says so to a screen reader.
    await page.keyboard.press('Alt+Shift+KeyR');
    await expect
      .poll(() => page.locator('[aria-live="polite"]', { hasText: /^Running$/ }).count())
      .toBe(1);
    await runDone(page);
    await page.keyboard.press('Shift+?');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    expectQuiet(problems);
    await page.context().close();
  });

  it('embed mode with links=0 offers no copy-link shortcut', async () => {
    const { page, problems } = await open(`?${SMALL}&embed=latency&links=0`, {
      width: 900,
      height: 700,
    });
    await runDone(page);
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain('Alt+Shift+R');
    expect(text).not.toContain('Alt+Shift+L');
    expectQuiet(problems);
    await page.context().close();
  });

  it('? opens the help, Tab stays in it, Escape closes it and focus goes back', async () => {
    const { page, problems } = await open(`?${SMALL}`);
    await runDone(page);
    const projector = page.getByRole('button', { name: 'Projector mode' });
    await projector.focus();
    await page.keyboard.press('Shift+?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    const inDialog = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));
    expect(await inDialog()).toBe(true);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await inDialog()).toBe(true);
      await page.keyboard.press('Shift+Tab');
      expect(await inDialog()).toBe(true);
    }
    expect(await dialog.textContent()).toContain('Alt+Shift+P');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await projector.evaluate((el) => el === document.activeElement)).toBe(true);
    expectQuiet(problems);
    await page.context().close();
  });

  it('Alt+Shift+P toggles projector mode, Page Down steps the views, and a field keeps its keys', async () => {
    const { page, problems } = await open(`?${SMALL}`);
    await runDone(page);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Alt+Shift+KeyP');
    await expect.poll(() => page.url()).toMatch(/projector=1/);
    await page.keyboard.press('PageDown');
    await expect.poll(() => page.url()).toMatch(/show=latency/);
    await page.keyboard.press('PageDown');
    await expect.poll(() => page.url()).toMatch(/show=resonance/);
    await page.keyboard.press('Alt+Shift+KeyB');
    await expect.poll(() => page.url()).toMatch(/show=latency/);
    // In a field (the panel's preset menu, in projector mode), ? and Alt+Shift+P do nothing.
    await page.getByLabel('Preset').focus();
    await page.keyboard.press('Shift+?');
    await page.keyboard.press('Alt+Shift+KeyP');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(page.url()).toMatch(/projector=1/);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Alt+Shift+KeyP');
    await expect.poll(() => page.url()).not.toMatch(/projector/);
    // Alt+Shift+L copies the scenario's link with the view on the stage, and no other of the
    // classroom's parameters.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.keyboard.press('Alt+Shift+KeyL');
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toMatch(/\?preset=asci-q-2002&v=[0-9a-f]{8}&nodes=64&iterations=200&show=latency$/);
    expectQuiet(problems);
    await page.context().close();
  });

  it('a halo opens on its iteration times; its timeline, chosen, travels in the link', async () => {
    const { page, problems } = await open('?preset=halo-jaguar-xt5-stock&nodes=16&iterations=50');
    await runDone(page);
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    await expect.poll(() => tab('Iterations').getAttribute('aria-selected')).toBe('true');
    await tab('Timeline').click();
    await expect.poll(() => page.url()).toMatch(/show=timeline/);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Alt+Shift+KeyL');
    let link = '';
    await expect
      .poll(async () => (link = await page.evaluate(() => navigator.clipboard.readText())))
      .toMatch(/show=timeline$/);
    await page.goto('about:blank');
    await page.goto(link);
    await runDone(page);
    await expect.poll(() => tab('Timeline').getAttribute('aria-selected')).toBe('true');
    expectQuiet(problems);
    await page.context().close();
  });
});
