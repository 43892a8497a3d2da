// The guided lesson as a student meets it, in Chromium: started from the header, walked through
// all 13 steps by keyboard alone (answer, Reveal, Next) on a 1366 × 768 laptop, each step's
// question, answer and view on the screen together and each reveal showing a simulated figure
// beside the published one with its citation; a step's link reopens the same step with the same
// numbers; axe finds nothing serious in the panel of any step, revealed (and on the whole page of
// a few); the console stays quiet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEPS } from '../../src/lesson/steps.ts';
import { readableCite } from '../../src/published/cite.ts';
import { expectQuiet, openApp, type Site, startSite } from './site.ts';
import {
  SOON,
  answer,
  expectRevealInSight,
  expectStepTogether,
  headingInSight,
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

describe('the guided lesson', () => {
  it('walks all 13 steps by keyboard, each reveal simulated beside published, on one laptop screen', async () => {
    // 1366 × 768, a laptop: each step's question, its answer and the stage together
    const { page, problems } = await openApp(site, { width: 1366, height: 768 });
    // the header's chooser offers the lessons; the first is this one
    await press(page, page.getByRole('button', { name: 'Lessons', exact: true }), 'Enter');
    await press(page, page.getByRole('button', { name: /^1\. The case of the missing/ }), 'Enter');
    await expect.poll(() => panel(page).isVisible(), SOON).toBe(true);

    for (const step of STEPS) {
      const region = panel(page);
      await expect
        .poll(() => region.getByRole('heading', { level: 3 }).textContent(), SOON)
        .toBe(`${step.number}. ${step.title}`);
      expect(await region.getByText(`Step ${step.number} of 13`).first().isVisible()).toBe(true);
      // it opens at its heading, however tall (steps 6 and 9 are taller than the panel)
      await expect.poll(() => headingInSight(page), SOON).toBe(true);
      // the address is rewritten asynchronously (a hash link is compressed first)
      await expect.poll(() => page.url(), SOON).toContain(`lesson=${step.id}`);
      // predict, then reveal: Reveal waits for a choice or a sketch
      if (step.question.kind === 'choice' || step.question.kind === 'sketch') {
        expect(await region.getByRole('button', { name: 'Reveal' }).isDisabled()).toBe(true);
      }
      if (step.question.kind === 'choice' && step.question.options.some((o) => o.curve)) {
        // "choose the curve you expect": one small chart per option
        expect(await region.locator('fieldset svg').count()).toBe(step.question.options.length);
      }
      // before the reveal, nothing on the page gives the answer: no results table under the
      // instrument, no headline numbers, and the strip's labels are the run's own
      expect(await page.locator('#results-heading').count(), `step ${step.number}`).toBe(0);
      expect(await page.getByText(/shown once the step is revealed\.$/).isVisible()).toBe(true);
      await expectStepTogether(page, step);
      await answer(page, step.question.kind);
      const simulated = await reveal(page);
      await expectRevealInSight(page, step);
      expect(simulated, `step ${step.number}`).toMatch(/[0-9]/);
      await expect.poll(() => page.locator('#results-heading').count(), SOON).toBe(1);
      const published = region.locator('[data-figure="published"]');
      expect(await published.locator('.value').textContent()).toBe(step.published.value);
      expect(await published.locator('cite').textContent()).toBe(readableCite(step.published.cite));
      expect(await page.locator('[aria-live="polite"]', { hasText: 'Revealed.' }).count()).toBe(1);
      // the panel on every step; the whole page (slower: all the views) on a few
      const whole = [1, 9, 13].includes(step.number);
      expect(await serious(page, whole), `axe on step ${step.number}`).toEqual([]);
      if (step.number === 9) {
        await page.screenshot({ path: '/tmp/noiselab-lesson-step9.png', fullPage: false });
      }
      if (step.number < 13) {
        await press(page, region.getByRole('button', { name: 'Next →' }), 'Enter');
      }
    }
    expect(await panel(page).getByText('Answers: 13 of 13').isVisible()).toBe(true);
    // every answer travels in the address
    await expect
      .poll(() => new URL(page.url()).searchParams.get('answers')?.split('_').length, SOON)
      .toBe(13);
    // the last step's Finish opens the page that closes the lesson: what it showed, with its
    // sources, and every answer beside the paper's; the focus on its heading
    await press(page, panel(page).getByRole('button', { name: 'Finish ✓' }), 'Enter');
    const done = panel(page).getByRole('heading', { level: 3 });
    await expect.poll(() => done.textContent(), SOON).toMatch(/^\s*Lesson 1 done: The case of/);
    expect(await done.evaluate((e) => e === document.activeElement)).toBe(true);
    expect(await panel(page).locator('.takeaways li').count()).toBe(5);
    expect(await panel(page).locator('.takeaways cite').first().textContent()).toMatch(/Petrini/);
    expect(
      await panel(page).getByText('You answered 13 of 13 steps and revealed 13.').count(),
    ).toBe(1);
    expect(await panel(page).locator('details[open] tbody tr').count()).toBe(13);
    expect(await serious(page), 'axe on the closing page').toEqual([]);
    // Back returns to the last step; Finish again, then out to the simulator
    await press(page, panel(page).getByRole('button', { name: '← Back', exact: true }), 'Enter');
    await expect
      .poll(() => panel(page).getByRole('heading', { level: 3 }).textContent(), SOON)
      .toMatch(/^13\. /);
    await press(page, panel(page).getByRole('button', { name: 'Finish ✓' }), 'Enter');
    await press(
      page,
      panel(page).getByRole('button', { name: 'Explore the simulator on your own' }),
      'Enter',
    );
    await expect.poll(() => panel(page).count(), SOON).toBe(0);
    expectQuiet(problems);
    await page.context().close();
  }, 600_000);

  it('gives the stage back to the scenario it had when the lesson is left', async () => {
    // a phase workload, which opens on its iteration times; step 5 shows a barrier's timeline
    const { page, problems } = await openApp(site, undefined, undefined, '/?preset=lemieux-ft');
    const shown = (id: string) => page.locator(`#view-${id}:not([hidden])`).count();
    await expect.poll(() => shown('iterations'), SOON).toBe(1);
    await press(page, page.getByRole('button', { name: 'Lessons', exact: true }), 'Enter');
    await press(page, page.getByRole('button', { name: /^1\. The case of the missing/ }), 'Enter');
    await panel(page)
      .getByRole('button', { name: /^Step 5:/ })
      .click();
    await expect.poll(() => shown('timeline'), SOON).toBe(1);
    await panel(page)
      .getByRole('button', { name: /Leave the lesson/ })
      .click();
    await expect.poll(() => page.url(), SOON).toContain('preset=lemieux-ft');
    await expect.poll(() => shown('iterations'), SOON).toBe(1);
    expect(page.url()).not.toContain('show=');
    expectQuiet(problems);
    await page.context().close();
  });

  it('shows a step’s comparison run on the stage once revealed, and not after the lesson', async () => {
    const { page, problems } = await openApp(site, undefined, undefined, '/?lesson=jaguar-xt5');
    const legend = () => page.locator('#view-iterations:not([hidden])').innerText();
    await expect
      .poll(() => panel(page).getByRole('heading', { level: 3 }).textContent(), SOON)
      .toMatch(/^11\. /);
    await answer(page, 'numeric');
    // before the reveal the stage is the step's run alone
    expect(await legend()).not.toMatch(/pinned/);
    expect(await reveal(page)).toMatch(/less time$/);
    await expect
      .poll(legend, SOON)
      .toMatch(/pinned: stock kernel, 8 cores per node: its iterations \(light\) and mean/);
    // left, the lesson takes its comparison with it
    await panel(page)
      .getByRole('button', { name: /Leave the lesson/ })
      .click();
    await expect.poll(() => page.url(), SOON).not.toContain('lesson=');
    await page.getByRole('tab', { name: 'Iterations' }).click();
    await expect.poll(legend, SOON).not.toMatch(/pinned/);
    expectQuiet(problems);
    await page.context().close();
  }, 240_000);

  it('closes the first lesson with a way into the second', async () => {
    const { page, problems } = await openApp(site, undefined, undefined, `/?lesson=open-questions`);
    await expect
      .poll(() => panel(page).getByRole('heading', { level: 3 }).textContent(), SOON)
      .toMatch(/^13\. /);
    await panel(page).getByRole('button', { name: 'Finish ✓' }).click();
    const heading = () => panel(page).getByRole('heading', { level: 3 }).textContent();
    await expect.poll(heading, SOON).toMatch(/^\s*Lesson 1 done/);
    expect(await panel(page).getByRole('heading', { level: 2 }).textContent()).toMatch(/· done/);
    // its own address: a reload (or the link sent on) opens it again
    await expect.poll(() => page.url(), SOON).toContain('lesson=missing-performance.done');
    await page.reload();
    await expect.poll(heading, SOON).toMatch(/^\s*Lesson 1 done/);
    // the closing page outlives a look at the controls
    await page.getByRole('button', { name: 'Controls', exact: true }).click();
    await page.getByRole('button', { name: 'Lesson', exact: true }).click();
    await expect.poll(heading, SOON).toMatch(/^\s*Lesson 1 done/);
    await panel(page)
      .getByRole('button', { name: /^Next lesson: Why does my job/ })
      .click();
    await expect.poll(heading, SOON).toMatch(/^1\. The same job on the same nodes/);
    await expect.poll(() => page.url(), SOON).toContain('lesson=same-job');
    // the focus follows to the new step's heading, not the page's body
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id), SOON)
      .toBe('lesson-step-title');
    // the last lesson's closing page offers the others
    await page.goto(`${site.origin}/?lesson=run-to-run.6`);
    await expect.poll(heading, SOON).toMatch(/^6\. /);
    await panel(page).getByRole('button', { name: 'Finish ✓' }).click();
    await expect.poll(heading, SOON).toMatch(/^\s*Lesson 2 done/);
    await panel(page)
      .getByRole('button', { name: /^Lesson 1: The case of the missing/ })
      .click();
    // at its first step: this page has not been in it
    await expect.poll(heading, SOON).toMatch(/^1\. The expectation/);
    expectQuiet(problems);
    await page.context().close();
  }, 120_000);

  it('keeps Reveal shut on an estimate until the student sets one, as on a choice', async () => {
    // The slider starts at the question's own value; revealed untouched, that value was recorded
    // as the student's prediction (and marked wrong) when they had predicted nothing.
    const { page, problems } = await openApp(
      site,
      { width: 1280, height: 720 },
      undefined,
      '/?lesson=small-noise',
    );
    await expect
      .poll(() => panel(page).getByRole('heading', { level: 3 }).textContent(), SOON)
      .toMatch(/^4\. /);
    const button = panel(page).getByRole('button', { name: 'Reveal' });
    expect(await button.isDisabled()).toBe(true);
    expect(
      await panel(page).getByText('Set your estimate first: predict, then reveal.').count(),
    ).toBe(1);
    await answer(page, 'numeric');
    await expect.poll(() => button.isDisabled(), SOON).toBe(false);
    expect(await panel(page).getByText('Set your estimate first').count()).toBe(0);
    expectQuiet(problems);
    await page.context().close();
  });

  it('reveals on the first click after an estimate typed in, the steps’ buttons holding still', async () => {
    // A typed estimate is committed on the Reveal button's mousedown (the box loses focus); the
    // answered step's mark widened its button, the row of steps wrapped at 1280 × 720 and Reveal
    // moved under the pointer before mouseup: the click was lost, and the step marked answered.
    const { page, problems } = await openApp(
      site,
      { width: 1280, height: 720 },
      undefined,
      '/?lesson=allreduce',
    );
    await expect
      .poll(() => panel(page).getByRole('heading', { level: 3 }).textContent(), SOON)
      .toMatch(/^3\. /);
    const steps = panel(page).getByRole('navigation', { name: 'Lesson steps' }).getByRole('button');
    const boxes = () => steps.evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().width));
    const before = await boxes();
    await panel(page).getByRole('spinbutton').fill('1.5');
    const button = panel(page).getByRole('button', { name: 'Reveal' });
    const bb = (await button.boundingBox())!;
    await page.mouse.move(bb.x + bb.width / 2, bb.y + bb.height / 2);
    await page.mouse.down();
    // the answer is in (the box lost its focus to the button) and the step marked answered
    await expect.poll(() => steps.nth(2).textContent(), SOON).toContain('(answered)');
    expect(await boxes()).toEqual(before);
    await page.mouse.up();
    await expect.poll(() => button.count(), SOON).toBe(0);
    expect(
      await panel(page).getByRole('region', { name: 'Your prediction and the answer' }).count(),
    ).toBe(1);
    expectQuiet(problems);
    await page.context().close();
  }, 120_000);

  it('reopens a step from its link on the same step, with the same numbers', async () => {
    const { page, problems } = await openApp(site, undefined, undefined, `/?lesson=resonance`);
    await expect
      .poll(() => panel(page).getByRole('heading', { level: 3 }).textContent(), SOON)
      .toBe('9. Finding #4: resonance, the noise that hurts depends on the granularity');
    await answer(page, 'sketch');
    const sketched = await panel(page).getByRole('slider').first().getAttribute('aria-valuenow');
    const first = await reveal(page);
    // the address now holds the step's scenario, the step and the answer (a sketch)
    await expect.poll(() => page.url(), SOON).toMatch(/lesson=resonance.*answers=9\*[0-9a-z]{7}/);
    const link = page.url();
    expect(link).toMatch(/\?preset=asci-q-2003-without-0-31&v=[0-9a-f]{8}&g=0&/);

    const other = await page.context().newPage();
    await other.goto(link);
    await expect
      .poll(() => panel(other).getByRole('heading', { level: 3 }).textContent(), SOON)
      .toBe('9. Finding #4: resonance, the noise that hurts depends on the granularity');
    expect(await panel(other).getByRole('slider').first().getAttribute('aria-valuenow')).toBe(
      sketched,
    );
    // the link's answer is a prediction already made: the step opens revealed, the same figure
    await expect.poll(() => simulatedValue(other), { timeout: 120_000, interval: 250 }).toBe(first);
    expect(await panel(other).getByRole('button', { name: 'Reveal' }).count()).toBe(0);
    expect(await panel(other).getByText('Step 9 of 13').first().isVisible()).toBe(true);

    // a number names the same step
    await other.goto(`${site.origin}/?lesson=9`);
    await expect
      .poll(() => panel(other).getByRole('heading', { level: 3 }).textContent(), SOON)
      .toMatch(/^9\. /);
    expectQuiet(problems);
    await page.context().close();
  }, 300_000);

  it('explains a link to a step or challenge that does not exist, and opens the rest', async () => {
    const { page, problems } = await openApp(
      site,
      undefined,
      undefined,
      `/?preset=asci-q-2003&nodes=64&lesson=99&challenge=nope`,
    );
    const alert = page.getByText('Part of this link was not understood; the rest of it opened.');
    await expect.poll(() => alert.isVisible(), SOON).toBe(true);
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('lesson=99: the lesson has no such step');
    expect(text).toContain('challenge=nope: there is no such challenge');
    // the scenario part of the link still opened
    await expect.poll(() => page.locator('#ctl-nodes').inputValue(), SOON).toBe('64');
    expect(await panel(page).count()).toBe(0);
    expectQuiet(problems);
    await page.context().close();
  }, 120_000);

  it('opens the teacher’s notes in a dialog, closed by Escape, and is left for the header', async () => {
    const { page, problems } = await openApp(site, undefined, undefined, `/?lesson=1`);
    await press(page, panel(page).getByRole('button', { name: 'Teacher’s notes' }), 'Enter');
    const dialog = page.getByRole('dialog', { name: 'Teacher’s notes' });
    await expect.poll(() => dialog.isVisible(), SOON).toBe(true);
    expect(await dialog.getByRole('heading', { name: 'Learning goals' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('table').count()).toBe(1);
    expect(await serious(page, true)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible(), SOON).toBe(false);
    // leaving the lesson: the panel goes, focus returns to the header, the address drops the step
    await press(page, panel(page).getByRole('button', { name: 'Leave the lesson' }), 'Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()), SOON)
      .toBe('Lessons');
    await expect.poll(() => page.url(), SOON).not.toContain('lesson=');
    expect(await panel(page).count()).toBe(0);
    expectQuiet(problems);
    await page.context().close();
  }, 120_000);
});
