// The second lesson, "Why does my job take a different time every run?", as a student meets it
// in Chromium: chosen from the header's Lessons list, walked through its 6 steps by keyboard
// (answer, Reveal, Next), each reveal showing a simulated figure beside the published one with
// its citation and the answer's view on the stage (the run-to-run histogram of the very runs the
// reveal counts); a step's link reopens the same step with the same numbers; a bad step in a
// link is explained; axe finds nothing serious in the panel; the console stays quiet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_TO_RUN_STEPS } from '../../src/lesson/steps-run-to-run.ts';
import { readableCite } from '../../src/published/cite.ts';
import { VIEWS } from '../../src/state/classroom-params.ts';
import { expectQuiet, openApp, type Site, startSite } from './site.ts';
import {
  SOON,
  answer,
  expectRevealInSight,
  expectStepTogether,
  panel,
  press,
  reveal,
  serious,
  simulatedValue,
} from './lesson-page.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

const TITLE = 'Why does my job take a different time every run?';

const tabOf = (id: string) => VIEWS.find((v) => v.id === id)!.tab;

describe('the run-to-run lesson', () => {
  it('is chosen from the header and walked through by keyboard, each reveal beside its paper', async () => {
    const { page, problems } = await openApp(site, { width: 1366, height: 768 });
    const lessons = page.getByRole('button', { name: 'Lessons', exact: true });
    await press(page, lessons, 'Enter');
    expect(await lessons.getAttribute('aria-expanded')).toBe('true');
    // Escape closes the list and gives the focus back to its button
    await page.keyboard.press('Escape');
    await expect.poll(() => lessons.getAttribute('aria-expanded'), SOON).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Lessons');
    await press(page, lessons, 'Enter');
    await press(page, page.getByRole('button', { name: /^2\. Why does my job/ }), 'Enter');
    await expect.poll(() => panel(page).isVisible(), SOON).toBe(true);
    expect(await panel(page).getAttribute('aria-labelledby')).toBe('lesson-heading');
    expect(await page.locator('#lesson-heading').getAttribute('title')).toBe(TITLE);

    for (const step of RUN_TO_RUN_STEPS) {
      const region = panel(page);
      await expect
        .poll(() => region.getByRole('heading', { level: 3 }).textContent(), SOON)
        .toBe(`${step.number}. ${step.title}`);
      expect(await region.getByText(`Step ${step.number} of 6`).first().isVisible()).toBe(true);
      await expect.poll(() => page.url(), SOON).toContain(`lesson=${step.id}`);
      if (step.question.kind === 'choice' || step.question.kind === 'sketch') {
        // predict, then reveal
        expect(await region.getByRole('button', { name: 'Reveal' }).isDisabled()).toBe(true);
      }
      await expectStepTogether(page, step);
      if (step.revealView === 'variability' && step.number > 1) {
        // a curious student opens the answer's tab first (hidden until the reveal): it then
        // showed the step before's runs under this step's caption, and kept them after
        await page.getByRole('tab', { name: new RegExp(tabOf('variability')) }).click();
        // its picture is not shown: a blurred histogram still showed its humps
        const veil = page.locator('.stage .veil');
        expect(await veil.evaluate((e) => getComputedStyle(e).visibility)).toBe('hidden');
      }
      await answer(page, step.question.kind);
      const simulated = await reveal(page);
      expect(simulated, `step ${step.number}`).toMatch(/[0-9]/);
      // the Reveal button is gone: the keyboard goes on from the answer, not the page's top
      expect(
        await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
        `step ${step.number}`,
      ).toBe('Your prediction and the answer');
      await expectRevealInSight(page, step);
      const published = region.locator('[data-figure="published"]');
      expect(await published.locator('.value').textContent()).toBe(step.published.value);
      expect(await published.locator('cite').textContent()).toBe(readableCite(step.published.cite));
      expect(await page.locator('[aria-live="polite"]', { hasText: 'Revealed.' }).count()).toBe(1);
      // the answer's view is on the stage, in sight beside the panel
      const tab = page.getByRole('tab', { selected: true });
      expect(await tab.textContent()).toContain(tabOf(step.revealView ?? step.view));
      if (step.question.kind === 'sketch') {
        // its own chart is the answer's picture: the simulated curve over the sketch, in sight
        const chart = region
          .locator('svg')
          .filter({ has: page.locator('path') })
          .first();
        await expect
          .poll(() => region.locator('[data-verdict]').textContent(), SOON)
          .toMatch(/✓|✗|≈/);
        const box = await chart.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.y).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height).toBeLessThanOrEqual(768);
        // and how the sketch went, said beside it, in sight with it
        const said = region.locator('.verdict-line');
        expect(await said.textContent()).toMatch(/Your sketch was/);
        const line = await said.boundingBox();
        // above the pager that sticks to the panel's foot
        const pager = await region.getByText(`Step ${step.number} of 6`).last().boundingBox();
        expect(line!.y + line!.height).toBeLessThanOrEqual(pager!.y);
      }
      if (step.revealView === 'variability') {
        // the histogram makes the step's runs: its count, and (step 1) its CoV is the reveal's
        const view = page.getByRole('region', { name: /^Run to run/ });
        expect(await view.locator('#variability-runs').inputValue()).toBe(String(step.runs));
        await expect
          .poll(() => view.getByText(`${step.runs} runs, seeds 1 to ${step.runs}`).count(), {
            timeout: 120_000,
          })
          .toBe(1);
        const figure = await view.locator('svg[role="img"]').boundingBox();
        expect(figure).not.toBeNull();
        expect(figure!.y + figure!.height).toBeLessThanOrEqual(768);
        // its CoV is the reveal's, where the reveal gives one (the first it names: the job's
        // own runs; step 6 counts runs instead)
        const cov = (text: string) => Number(/CoV ([0-9.]+)/.exec(text)?.[1]);
        if (/CoV/.test(simulated)) {
          await expect
            .poll(async () => cov((await view.locator('.stats strong').textContent()) ?? ''), {
              timeout: 120_000,
            })
            .toBeCloseTo(cov(simulated), 2);
        }
      }
      expect(await serious(page), `axe on step ${step.number}`).toEqual([]);
      if (step.number < 6) {
        await press(page, region.getByRole('button', { name: 'Next →' }), 'Enter');
      }
    }
    expect(await panel(page).getByText('Answers: 6 of 6').isVisible()).toBe(true);
    await expect
      .poll(() => new URL(page.url()).searchParams.get('answers')?.split('_').length, SOON)
      .toBe(6);
    expectQuiet(problems);
    await page.context().close();
  }, 900_000);

  it('brings back the set-up the page had before the lesson when it is left', async () => {
    const { page, problems } = await openApp(site, { width: 1366, height: 768 });
    const preset = page.locator('#scenario-preset');
    await expect.poll(() => preset.inputValue(), SOON).toBe('asci-q-2002');
    await press(page, page.getByRole('button', { name: 'Lessons', exact: true }), 'Enter');
    await press(page, page.getByRole('button', { name: /^2\. Why does my job/ }), 'Enter');
    await expect.poll(() => preset.inputValue(), SOON).not.toBe('asci-q-2002');
    await press(page, panel(page).getByRole('button', { name: 'Leave the lesson' }), 'Enter');
    await expect.poll(() => preset.inputValue(), SOON).toBe('asci-q-2002');
    await expect.poll(() => page.locator('#ctl-nodes').inputValue(), SOON).toBe('1024');
    expectQuiet(problems);
    await page.context().close();
  }, 120_000);

  it('comes back from a reload answered and not revealed, and a double click on Next is one step', async () => {
    const { page, problems } = await openApp(site, undefined, undefined, `/?lesson=two-humps`);
    await expect
      .poll(() => panel(page).getByRole('heading', { level: 3 }).textContent(), SOON)
      .toMatch(/^3\. /);
    await answer(page, 'choice');
    await expect.poll(() => page.url(), SOON).toMatch(/answers=p3b(&|$)/);
    await page.reload();
    await expect
      .poll(() => panel(page).getByRole('heading', { level: 3 }).textContent(), SOON)
      .toMatch(/^3\. /);
    // the choice is kept; the step waits for Reveal (a reload revealed it, beside a picture of
    // the step's state the student never saw)
    await expect.poll(() => panel(page).getByRole('radio').nth(1).isChecked(), SOON).toBe(true);
    expect(await panel(page).getByRole('button', { name: 'Reveal' }).count()).toBe(1);
    expect(
      await panel(page).getByRole('region', { name: 'Your prediction and the answer' }).count(),
    ).toBe(0);
    await panel(page).getByRole('button', { name: 'Next →' }).dblclick();
    await expect
      .poll(() => panel(page).getByRole('heading', { level: 3 }).textContent(), SOON)
      .toMatch(/^4\. /);
    await page.waitForTimeout(500); // a second step would have come by now
    expect(await panel(page).getByRole('heading', { level: 3 }).textContent()).toMatch(/^4\. /);
    expectQuiet(problems);
    await page.context().close();
  }, 120_000);

  it('goes back and forth between steps with the browser’s Back and Forward', async () => {
    const { page, problems } = await openApp(site);
    await press(page, page.getByRole('button', { name: 'Lessons', exact: true }), 'Enter');
    await press(page, page.getByRole('button', { name: /^2\. Why does my job/ }), 'Enter');
    const heading = () => panel(page).getByRole('heading', { level: 3 }).textContent();
    await expect.poll(heading, SOON).toMatch(/^1\. /);
    await answer(page, 'marker');
    for (const n of [2, 3]) {
      await panel(page).getByRole('button', { name: 'Next →' }).click();
      await expect.poll(heading, SOON).toMatch(new RegExp(`^${n}\\. `));
      await expect.poll(() => page.url(), SOON).toContain(`lesson=${RUN_TO_RUN_STEPS[n - 1].id}`);
    }
    await page.goBack();
    await expect.poll(heading, SOON).toMatch(/^2\. /);
    await page.goBack();
    await expect.poll(heading, SOON).toMatch(/^1\. /);
    // the answer given on step 1 is still there
    expect(await panel(page).getByText('Step 1 of 6').first().isVisible()).toBe(true);
    expect(await panel(page).getByText('Answers: 1 of 6').count()).toBe(1);
    await page.goForward();
    await expect.poll(heading, SOON).toMatch(/^2\. /);
    expectQuiet(problems);
    await page.context().close();
  }, 120_000);

  it('opens a step by its link, and its link with the answer gives the same numbers', async () => {
    const { page, problems } = await openApp(site, undefined, undefined, `/?lesson=run-to-run.4`);
    const title = `4. ${RUN_TO_RUN_STEPS[3].title}`;
    await expect
      .poll(() => panel(page).getByRole('heading', { level: 3 }).textContent(), SOON)
      .toBe(title);
    expect(await panel(page).getByText('Step 4 of 6').first().isVisible()).toBe(true);
    await answer(page, 'choice');
    const first = await reveal(page);
    await expect.poll(() => page.url(), SOON).toMatch(/lesson=ripple.*answers=4b/);
    // no paper measured how a delay spreads: the verdict credits the model's rules, not a paper
    expect(
      await panel(page)
        .getByText(/The model’s rules/)
        .first()
        .textContent(),
    ).toMatch(/no paper measured this/);
    const link = page.url();

    const other = await page.context().newPage();
    await other.goto(link);
    await expect
      .poll(() => panel(other).getByRole('heading', { level: 3 }).textContent(), SOON)
      .toBe(title);
    expect(await panel(other).getByRole('radio').nth(1).isChecked()).toBe(true);
    // the link's answer is a prediction already made: the step opens revealed, on the view the
    // link names (show=ripple), with the same figure
    await expect.poll(() => simulatedValue(other), { timeout: 120_000, interval: 250 }).toBe(first);
    expect(await panel(other).getByRole('button', { name: 'Reveal' }).count()).toBe(0);
    await expect
      .poll(() => other.getByRole('tab', { name: 'Ripple' }).getAttribute('aria-selected'), SOON)
      .toBe('true');

    // a step's id alone names it too
    await other.goto(`${site.origin}/?lesson=two-humps`);
    await expect
      .poll(() => panel(other).getByRole('heading', { level: 3 }).textContent(), SOON)
      .toBe(`3. ${RUN_TO_RUN_STEPS[2].title}`);
    expectQuiet(problems);
    await page.context().close();
  }, 300_000);

  it('explains a link to a step the lesson does not have, and opens the rest', async () => {
    const { page, problems } = await openApp(
      site,
      undefined,
      undefined,
      `/?preset=asci-q-2003&nodes=64&lesson=run-to-run.9`,
    );
    const alert = page.getByText('Part of this link was not understood; the rest of it opened.');
    await expect.poll(() => alert.isVisible(), SOON).toBe(true);
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(`lesson=run-to-run.9: the lesson "${TITLE}" has no such step`);
    expect(text).toContain('use run-to-run.N with N from 1 to 6 (e.g. run-to-run.1)');
    await expect.poll(() => page.locator('#ctl-nodes').inputValue(), SOON).toBe('64');
    expect(await panel(page).count()).toBe(0);
    expectQuiet(problems);
    await page.context().close();
  }, 120_000);
});
