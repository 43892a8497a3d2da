// What the lesson tests do to the page as a student would: find the lesson panel, answer a step
// by keyboard, reveal it and read its simulated figure, and ask axe about it. Shared by the tests
// of both lessons and of the sketch questions, so each says only what it checks.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LessonStep, Question } from '../../src/lesson/types.ts';
import { onScreen, seriousViolations } from './site.ts';

/** How long a poll waits for the page: generous, the machine is shared and has 2 cores. */
export const SOON = { timeout: 20_000 };

/** The lesson's panel (a region named "Lesson: …"). */
export const panel = (page: Page) => page.getByRole('region', { name: /^Lesson:/ });

/** The text of the step's simulated figure ("running…" until its runs are done). */
export const simulatedValue = (page: Page) =>
  panel(page).locator('[data-figure="simulated"] .value').textContent();

/** Focuses a control and presses a key on it, as a keyboard user would after tabbing there. */
export async function press(page: Page, locator: Locator, key: string): Promise<void> {
  await locator.focus();
  await page.keyboard.press(key);
}

/** Serious axe violations: of the lesson panel only, or (`whole`) of the whole page. */
export function serious(page: Page, whole = false): Promise<string[]> {
  return seriousViolations(page, whole ? undefined : 'section[aria-labelledby="lesson-heading"]');
}

/**
 * Answers the step on show by keyboard: its second option, a sketch's first point raised, or
 * the slider (a numeric estimate's or a marker's) moved two steps, and waits until the page has
 * the answer.
 */
export async function answer(page: Page, kind: Question['kind']): Promise<void> {
  if (kind === 'choice') {
    await press(page, panel(page).getByRole('radio').nth(1), 'Space');
    await expect.poll(() => panel(page).getByRole('radio').nth(1).isChecked(), SOON).toBe(true);
  } else if (kind === 'sketch') {
    await press(page, panel(page).getByRole('slider').first(), 'ArrowUp');
    await expect
      .poll(() => panel(page).getByRole('button', { name: 'Reveal' }).isDisabled(), SOON)
      .toBe(false);
  } else {
    const slider = panel(page).getByRole('slider');
    // a drawn marker says its value in aria-valuenow, a native range input in its value
    const value = () =>
      slider.evaluate((e) => e.getAttribute('aria-valuenow') ?? (e as HTMLInputElement).value);
    const before = await value();
    await press(page, slider, 'ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(value, SOON).not.toBe(before);
  }
}

/** Reveals the step and waits (up to `timeout` ms) for its simulated figure: its runs done. */
export async function reveal(page: Page, timeout = 120_000): Promise<string> {
  await press(page, panel(page).getByRole('button', { name: 'Reveal' }), 'Enter');
  await expect.poll(() => simulatedValue(page), { timeout, interval: 250 }).not.toMatch(/running/);
  return (await simulatedValue(page)) ?? '';
}

/** Opens `origin/?query` and waits for the lesson panel's step heading to match `title`. */
export async function openStep(page: Page, origin: string, query: string, title: RegExp) {
  await page.goto(`${origin}/?${query}`);
  await expect
    .poll(() => panel(page).getByRole('heading', { level: 3 }).textContent(), SOON)
    .toMatch(title);
}

/**
 * Whether the step's heading is in sight in the box that scrolls the panel (a tall step opens
 * at its heading, not in the middle of its text).
 */
export const headingInSight = (page: Page) =>
  page.evaluate(() => {
    const h = document.querySelector('#lesson-step-title');
    let box = h?.parentElement ?? null;
    while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowY)) {
      box = box.parentElement;
    }
    if (!h) return false;
    const r = h.getBoundingClientRect();
    const b = box ? box.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
    return r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
  });

/**
 * The step on show as an instrument shows it, before its answer: the question's prompt (a
 * choice's is its legend), the answer's control and the stage's view tabs on the screen at once,
 * the step's view on the stage, the page not scrolled.
 */
export async function expectStepTogether(page: Page, step: LessonStep): Promise<void> {
  const question = panel(page).locator('.question').first();
  const control =
    step.question.kind === 'choice'
      ? question.getByRole('radio').first()
      : step.question.kind === 'sketch'
        ? question.locator('svg rect.plot')
        : question.getByRole('slider').first();
  // the stage follows the step (from the last step's reveal view, if another)
  await expect
    .poll(() => page.locator(`#view-${step.view}:not([hidden])`).count(), {
      ...SOON,
      message: step.id,
    })
    .toBe(1);
  for (const [what, el] of [
    ['the question', question.locator('.prompt, legend').first()],
    ['its answer', control],
    ['its view', page.locator('.stage [role="tablist"]')],
  ] as const) {
    expect(await onScreen(page, el), `${step.id}: ${what}`).toBe(true);
  }
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

/**
 * After Reveal: the simulated figure in sight (a sketch's reveal is its own chart, the simulated
 * curve over the sketch with the verdict under it), the reveal's view on the stage, the page not
 * scrolled.
 */
export async function expectRevealInSight(page: Page, step: LessonStep): Promise<void> {
  const question = panel(page).locator('.question').first();
  if (step.question.kind === 'sketch') {
    const said = question.locator('.verdict-line');
    await said.waitFor({ timeout: 120_000 });
    await expect.poll(() => onScreen(page, said), { timeout: 10_000 }).toBe(true);
    expect(await onScreen(page, question.locator('svg rect.plot')), `${step.id}: the chart`).toBe(
      true,
    );
  } else {
    const figure = panel(page).locator('[data-figure="simulated"]');
    await expect.poll(() => onScreen(page, figure), { timeout: 10_000 }).toBe(true);
  }
  const shown = step.revealView ?? step.view;
  expect(await page.locator(`#view-${shown}:not([hidden])`).count(), step.id).toBe(1);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}
