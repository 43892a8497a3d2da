// The page as an instrument (the stage and the panel on one screen), checked as the issue states
// it: at 1366 × 768 and in projector mode at 1280 × 720, with the page freshly opened and not
// scrolled, a control, the headline numbers and the chart it moves are all on screen, and using
// the control changes both (every lesson step's question, answer and view together on a laptop:
// the lesson walks, lesson.browser.ts and lesson-run-to-run.browser.ts); tablets and phones overflow nothing and every button and toggle is 44 px each way;
// every embedded view fits an 800 × 500 frame; projector text is 24 px at least. Structure
// only: no timing is asserted (the speed budgets are npm run bench:browser's).
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEPS } from '../../src/lesson/steps.ts';
import { VIEWS } from '../../src/state/classroom-params.ts';
import { expectQuiet, onScreen, openApp, runDone, type Site, startSite } from './site.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

const LAPTOP = { width: 1366, height: 768 };
const PROJECTOR = { width: 1280, height: 720 };
const SOON = { timeout: 20_000 };

/** The chart of the view on the stage. */
const stageChart = (page: Page) =>
  page.locator('.stage [role="tabpanel"]:not([hidden]) figure.chart svg[role="img"]').first();

/** What the chart on the stage draws: its marks' geometry, for telling a change. */
const drawn = (page: Page) =>
  stageChart(page).evaluate((svg) =>
    [...svg.querySelectorAll('path, rect, circle')]
      .map((e) => e.getAttribute('d') ?? `${e.getAttribute('x')},${e.getAttribute('width')}`)
      .join('|'),
  );

/** The headline numbers as shown. */
const headline = (page: Page) =>
  page
    .locator('[data-headline] dd')
    .allTextContents()
    .then((t) => t.join(' / '));

/** Waits for the chart on the stage to be drawn and settled (its view is not busy). */
async function settled(page: Page): Promise<void> {
  await stageChart(page).waitFor({ timeout: 120_000 });
  await page
    .locator('.stage [role="tabpanel"]:not([hidden]) figure.chart[aria-busy="false"]')
    .first()
    .waitFor({ timeout: 120_000 });
}

/** The control, the headline numbers and the chart are on screen, the page at its top. */
async function expectTogether(page: Page, control: Locator): Promise<void> {
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await onScreen(page, control), 'the control on screen').toBe(true);
  expect(
    await onScreen(page, page.locator('[data-headline="slowdown"] dd')),
    'the headline on screen',
  ).toBe(true);
  expect(await onScreen(page, stageChart(page)), 'the chart on screen').toBe(true);
}

/** Uses `act`, then waits for the chart and the headline numbers to change. */
async function expectMoves(page: Page, act: () => Promise<void>): Promise<void> {
  const before = { chart: await drawn(page), numbers: await headline(page) };
  await act();
  await expect.poll(() => headline(page), { timeout: 120_000 }).not.toBe(before.numbers);
  await runDone(page, 120_000);
  await expect.poll(() => drawn(page), { timeout: 120_000 }).not.toBe(before.chart);
}

describe('one screen: a control, the headline and the chart together', () => {
  for (const [mode, viewport, query] of [
    ['a 1366 × 768 laptop', LAPTOP, ''],
    ['projector mode at 1280 × 720', PROJECTOR, '?projector=1'],
  ] as const) {
    it(`${mode}: a noise source's toggle moves the chart and the numbers`, async () => {
      const { page, problems } = await openApp(site, viewport, undefined, `/${query}`);
      await runDone(page, 120_000);
      await settled(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      // In the panel a source is reached by scrolling the panel, never the page; the first
      // source's toggle is on screen as the page opens.
      const heartbeat = page.getByRole('checkbox', { name: /heartbeat \(640 µs/ });
      expect(await onScreen(page, heartbeat)).toBe(true);
      await expectTogether(page, heartbeat);
      let toggle = heartbeat;
      if (!query) {
        // The first visit's hint names the costliest source of the run on show (whichever it
        // is); its name takes the keyboard to that source's switch, the one switched off here.
        const hint = page.getByRole('complementary', { name: 'How to read the timeline' });
        const named = hint.getByRole('button', { name: /^“.+”$/ });
        const label = (await named.textContent())!.trim().replace(/^“|”$/g, '');
        toggle = page.getByRole('checkbox', { name: label, exact: true });
        await named.click();
        await expect
          .poll(() => toggle.evaluate((el) => el === document.activeElement), SOON)
          .toBe(true);
        expect(await onScreen(page, toggle)).toBe(true);
      }
      await expectMoves(page, () => toggle.uncheck());
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expectQuiet(problems);
      await page.context().close();
    }, 300_000);

    it(`${mode}: the granularity slider moves the chart and the numbers`, async () => {
      const { page, problems } = await openApp(site, viewport, undefined, `/${query}`);
      await runDone(page, 120_000);
      await settled(page);
      const slider = page.getByRole('slider', { name: /Granularity/ });
      await expectTogether(page, slider);
      await expectMoves(page, async () => {
        await slider.focus();
        await page.keyboard.press('ArrowLeft');
      });
      expectQuiet(problems);
      await page.context().close();
    }, 300_000);

    it(`${mode}: reserving core 0 on Jaguar XT5 moves the chart and the numbers`, async () => {
      // A part of the machine (2,048 nodes, 500 iterations): the layout is the whole machine's,
      // and its two runs take a few seconds here instead of two of about 10 s of both cores
      // (the whole machine runs, as Jaguar XT5 RN, in split-run.browser.ts, and every preset at
      // its default size in npm run bench:browser).
      const link = `/?preset=jaguar-xt5-stock&nodes=2048&iterations=500${query ? '&projector=1' : ''}`;
      const { page, problems } = await openApp(site, viewport, undefined, link);
      await settled(page);
      const reserve = page.getByRole('checkbox', { name: 'Reserve core 0 for the OS' });
      await expectTogether(page, reserve);
      await runDone(page, 120_000);
      await expectMoves(page, () => reserve.check());
      expectQuiet(problems);
      await page.context().close();
    }, 300_000);
  }
});

describe('projector mode reads from the back of the room', () => {
  it('draws axis labels and headline numbers at 24 px at least', async () => {
    const { page, problems } = await openApp(
      site,
      PROJECTOR,
      undefined,
      `/?projector=1&show=latency`,
    );
    await runDone(page, 120_000);
    await stageChart(page).locator('.tick text').first().waitFor({ timeout: 120_000 });
    const sizes = await page.evaluate(() => {
      const px = (e: Element) => parseFloat(getComputedStyle(e).fontSize);
      const chart = document.querySelector(
        '.stage [role="tabpanel"]:not([hidden]) svg[role="img"]',
      )!;
      return {
        axis: [...chart.querySelectorAll('.tick text, .axis-label')].map(px),
        headline: [...document.querySelectorAll('[data-headline] dd')].map(px),
        // on screen, too: the chart is drawn one viewBox unit a pixel
        scale: (chart as SVGSVGElement).getScreenCTM()?.a ?? 0,
      };
    });
    expect(sizes.axis.length).toBeGreaterThan(3);
    expect(Math.min(...sizes.axis)).toBeGreaterThanOrEqual(24);
    expect(Math.min(...sizes.headline)).toBeGreaterThanOrEqual(24);
    expect(sizes.scale).toBeCloseTo(1, 2);
    expectQuiet(problems);
    await page.context().close();
  }, 180_000);

  it('keeps the four headline numbers on one line, the run’s status beside Run and the nine view tabs on one row, on a 4:3 projector', async () => {
    const { page, problems } = await openApp(
      site,
      { width: 1024, height: 768 },
      undefined,
      `/?projector=1&show=timeline`,
    );
    await runDone(page, 120_000);
    const rows = await page.evaluate(() => {
      const top = (e: Element | null) => Math.round(e!.getBoundingClientRect().top);
      const numbers = [
        ...document.querySelectorAll('[data-headline]:not([data-headline="costliest"]) dd'),
      ];
      const run = document.querySelector('.strip .run button.primary');
      const status = document.querySelector('.strip .status');
      const mid = (e: Element | null) => {
        const r = e!.getBoundingClientRect();
        return r.top + r.height / 2;
      };
      return {
        tops: numbers.map(top),
        size: Math.min(...numbers.map((e) => parseFloat(getComputedStyle(e).fontSize))),
        // the status's middle within the Run button's height: on its row
        beside: Math.abs(mid(status) - mid(run)) < run!.getBoundingClientRect().height / 2,
        tabTops: [...document.querySelectorAll('[role="tab"]')].map(top),
      };
    });
    expect(rows.tabTops.length).toBe(9);
    expect(new Set(rows.tabTops).size).toBe(1);
    expect(rows.tops.length).toBe(4);
    expect(new Set(rows.tops).size).toBe(1);
    expect(rows.size).toBeGreaterThanOrEqual(24);
    expect(rows.beside).toBe(true);
    expectQuiet(problems);
    await page.context().close();
  }, 180_000);
});

describe('the lesson beside the stage', () => {
  it('fits each step’s question and its Reveal on the screen in projector type, sketches apart', async () => {
    const { page, problems } = await openApp(site, PROJECTOR, undefined, `/?lesson=1&projector=1`);
    const lesson = page.getByRole('region', { name: /^Lesson:/ });
    const tooTall: string[] = [];
    for (const step of STEPS) {
      await lesson
        .getByRole('heading', { level: 3, name: new RegExp(`^${step.number}\\. `) })
        .waitFor();
      // the panel scrolls the question into sight once the step is drawn
      await page.waitForTimeout(300);
      const at = await page.evaluate(() => {
        const box = (q: string) => document.querySelector(q)?.getBoundingClientRect() ?? null;
        const reveal = [...document.querySelectorAll('.lesson button')].find(
          (b) => b.textContent?.trim() === 'Reveal',
        );
        return {
          page: document.querySelector('.screen')!.getBoundingClientRect().bottom,
          heading: box('#lesson-step-title')!.top,
          prompt: box('.lesson .question .prompt, .lesson .question legend')!.top,
          reveal: reveal?.getBoundingClientRect().bottom ?? Infinity,
          pager: box('.lesson nav.pager')!.top,
        };
      });
      // the instrument is one screen: the page does not scroll for it
      expect(at.page, `${step.id}: the instrument's bottom`).toBeLessThanOrEqual(720.5);
      const fits = at.heading >= 0 && at.prompt >= 0 && at.reveal <= at.pager + 0.5;
      // A sketch's chart is a question of its own height: the panel scrolls to its Reveal.
      if (!fits && step.question.kind !== 'sketch') {
        tooTall.push(`${step.id} (Reveal ends at ${at.reveal}, the pager starts at ${at.pager})`);
      }
      if (step.number < STEPS.length) await lesson.getByRole('button', { name: 'Next →' }).click();
    }
    expect(tooTall).toEqual([]);
    expectQuiet(problems);
    await page.context().close();
  }, 180_000);
});

describe('tablets and phones', () => {
  for (const viewport of [
    { width: 820, height: 1180 },
    { width: 390, height: 844 },
  ]) {
    it(`${viewport.width} × ${viewport.height}: nothing overflows, every target is 44 px`, async () => {
      const { page, problems } = await openApp(site, viewport);
      await runDone(page, 120_000);
      const check = () =>
        page.evaluate(() => {
          const small: string[] = [];
          const targets =
            'button, input[type=checkbox], input[type=radio], [role=tab], select, summary';
          for (const el of document.querySelectorAll<HTMLElement>(targets)) {
            const b = el.getBoundingClientRect();
            if (b.width === 0 || b.height === 0 || el.closest('.sr-only, [hidden]')) continue;
            // WCAG 2.5.8's inline exception: a button written as words of a sentence
            if (el.matches('.in-text')) continue;
            if (getComputedStyle(el).visibility === 'hidden') continue;
            if (b.width < 44 || b.height < 44) {
              small.push(`${el.tagName} "${(el.textContent ?? el.id).trim().slice(0, 30)}"`);
            }
          }
          return { width: document.documentElement.scrollWidth, small };
        });
      for (const setUp of [
        async () => {},
        async () => void (await page.getByRole('tab', { name: 'Latency' }).click()),
        async () => {
          await page
            .getByRole('button', { name: /^Edit TruCluster kernel heartbeat \(640/ })
            .click();
          await page.getByRole('dialog').waitFor();
        },
      ]) {
        await setUp();
        const { width, small } = await check();
        expect(width).toBeLessThanOrEqual(viewport.width);
        expect(small).toEqual([]);
      }
      await page.keyboard.press('Escape');
      // the challenges' menu fits the panel, the page does not widen
      await page.goto(`${site.origin}/?challenge=co-schedule`);
      await page.getByRole('combobox', { name: 'Challenge' }).waitFor();
      const { width, small } = await check();
      expect(width).toBeLessThanOrEqual(viewport.width);
      expect(small).toEqual([]);
      expectQuiet(problems);
      await page.context().close();
    }, 240_000);
  }
});

describe('a lesson on a tall tablet (820 × 1180)', () => {
  it('shows the question and every choice under the stage without scrolling the panel', async () => {
    const { page, problems } = await openApp(
      site,
      { width: 820, height: 1180 },
      undefined,
      '/?lesson=co-scheduling',
    );
    const lesson = page.getByRole('region', { name: /^Lesson:/ });
    await lesson.getByRole('heading', { level: 3, name: /^10\. / }).waitFor();
    await page.waitForTimeout(300); // the panel scrolls the step into sight once it is drawn
    const at = await page.evaluate(() => {
      const panel = document.querySelector('.lesson')!.closest('aside')!.getBoundingClientRect();
      const choices = [...document.querySelectorAll('.lesson .question label')].map(
        (c) => c.getBoundingClientRect().bottom,
      );
      return {
        panelTop: panel.top,
        prompt: document.querySelector('.lesson .question legend')!.getBoundingClientRect().top,
        lastChoice: Math.max(...choices),
        choices: choices.length,
        pager: document.querySelector('.lesson nav.pager')!.getBoundingClientRect().top,
        stage: document.querySelector('#stage')!.getBoundingClientRect().bottom,
      };
    });
    expect(at.choices).toBe(3);
    expect(at.prompt).toBeGreaterThanOrEqual(at.panelTop);
    expect(at.lastChoice).toBeLessThanOrEqual(at.pager + 0.5);
    // the picture stays above it, on the same screen
    expect(at.stage).toBeLessThanOrEqual(at.panelTop + 0.5);
    expectQuiet(problems);
    await page.context().close();
  }, 120_000);
});

describe('a long step in projector type (1280 × 720)', () => {
  /** The step `id` (number `n`) opened in projector type, and whether its Reveal is in sight:
   * above the pager stuck to the panel's bottom. */
  async function openLong(id: string, n: number) {
    const opened = await openApp(site, PROJECTOR, undefined, `/?lesson=${id}&projector=1`);
    const { page } = opened;
    const lesson = page.getByRole('region', { name: /^Lesson:/ });
    await lesson.getByRole('heading', { level: 3, name: new RegExp(`^${n}\\. `) }).waitFor();
    await page.waitForTimeout(300); // the panel scrolls the question into sight once drawn
    const reveal = lesson.getByRole('button', { name: 'Reveal' });
    const inSight = async () => {
      const b = (await reveal.boundingBox())!;
      const pager = await page.evaluate(
        () => document.querySelector('.lesson nav.pager')!.getBoundingClientRect().top,
      );
      return b.y + b.height <= pager + 0.5;
    };
    // the step is longer than the panel: its Reveal starts out of sight (else this tests nothing)
    expect(await inSight()).toBe(false);
    return { ...opened, lesson, inSight };
  }

  it('brings Reveal into sight in the panel once a choice is made', async () => {
    const { page, problems, lesson, inSight } = await openLong('ripple', 4);
    await lesson.getByRole('radio').nth(1).check();
    await expect.poll(inSight).toBe(true);
    expectQuiet(problems);
    await page.context().close();
  }, 120_000);

  it('brings Reveal into sight once the marker is let go, not while it is dragged', async () => {
    const { page, problems, lesson, inSight } = await openLong('same-job', 1);
    const axis = (await lesson.locator('.marker-chart svg').boundingBox())!;
    const y = axis.y + axis.height * 0.55;
    await page.mouse.move(axis.x + axis.width * 0.3, y);
    await page.mouse.down();
    await page.mouse.move(axis.x + axis.width * 0.6, y, { steps: 5 });
    await page.waitForTimeout(200);
    // held: the panel has not moved under the pointer
    expect(await inSight()).toBe(false);
    await page.mouse.up();
    await expect.poll(inSight).toBe(true);
    expectQuiet(problems);
    await page.context().close();
  }, 120_000);
});

describe('a lesson on a phone (390 × 844)', () => {
  it('scrolls the page to the answer on Reveal, above the pager stuck to the window', async () => {
    const { page, problems } = await openApp(
      site,
      { width: 390, height: 844 },
      undefined,
      '/?lesson=co-scheduling',
    );
    const lesson = page.getByRole('region', { name: /^Lesson:/ });
    await lesson.getByRole('heading', { level: 3, name: /^10\. / }).waitFor();
    await lesson.getByRole('radio').first().check();
    await lesson.getByRole('button', { name: 'Reveal' }).click();
    const answer = lesson.getByRole('region', { name: 'Your prediction and the answer' });
    await expect.poll(() => answer.evaluate((e) => e === document.activeElement)).toBe(true);
    const at = await answer.evaluate((e) => ({
      top: e.getBoundingClientRect().top,
      pager: document.querySelector('.lesson nav.pager')!.getBoundingClientRect().top,
    }));
    // its top in sight, with room under it for the prediction's line before the pager
    expect(at.top).toBeGreaterThanOrEqual(0);
    expect(at.top).toBeLessThan(at.pager - 100);
    expectQuiet(problems);
    await page.context().close();
  }, 120_000);
});

describe('embedded views', () => {
  it('fit each view’s plot in an 800 × 500 frame', async () => {
    const { page, problems } = await openApp(site, { width: 800, height: 500 });
    for (const v of VIEWS) {
      await page.goto(`${site.origin}/?preset=asci-q-2002&nodes=64&iterations=300&embed=${v.id}`);
      const chart = page.locator('figure.chart svg[role="img"]').first();
      await chart.waitFor({ timeout: 120_000 });
      // once laid out: the plot measures its box a frame after it first draws
      await expect.poll(() => onScreen(page, chart), { message: v.id }).toBe(true);
    }
    expectQuiet(problems);
    await page.context().close();
  }, 600_000);
});
