// The challenges as a student meets them, in Chromium: a challenge opened from its link at its
// starting state; "Check my solution" failing with the reason, then passing once the scenario is
// changed with the controls; the solution's link, sent to a teacher, reopening the challenge with
// the student's scenario (not the start) and passing there; axe on the panel; a quiet console.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectQuiet, openApp, seriousViolations, type Site, startSite } from './site.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

/** How long a poll waits for the page: generous, the machine is shared and has 2 cores. */
const SOON = { timeout: 20_000 };
/** A check runs the engine in workers: SAGE on 8,192 PEs takes seconds, more on a busy machine. */
const CHECKED = { timeout: 120_000, interval: 250 };

const panel = (page: Page) => page.getByRole('region', { name: /^Challenge:/ });
/** the stage's selected tab's label */
/** the selected tab's name (its long one: the short one beside it is for projector mode) */
const tabOnStage = (page: Page) =>
  page.locator('[role="tab"][aria-selected="true"] .long').textContent();
const verdict = (page: Page) => panel(page).getByRole('status');

async function check(page: Page): Promise<string> {
  await panel(page).getByRole('button', { name: 'Check my solution' }).click();
  await expect.poll(async () => (await verdict(page).textContent()) ?? '', CHECKED).toMatch(/✓|✗/);
  return (await verdict(page).textContent()) ?? '';
}

/** axe's serious findings in the challenge's panel. */
const serious = (page: Page) => seriousViolations(page, 'section[aria-labelledby$="-title"]');

describe('the challenges', () => {
  it('opens from its link, fails with the reason, passes once solved, and shares the solution', async () => {
    const { page, problems } = await openApp(
      site,
      undefined,
      undefined,
      `/?challenge=resonant-noise`,
    );
    await expect
      .poll(() => panel(page).getByRole('heading', { level: 2 }).textContent(), SOON)
      .toBe('Challenge: Find a noise source that hurts g = 5 ms but not g = 0');
    // the starting state is on show, and the address keeps the challenge through its rewrites
    const heartbeat = page.getByRole('checkbox', {
      name: 'TruCluster kernel heartbeat (640 µs every 125 ms)',
    });
    await expect.poll(() => heartbeat.isChecked(), SOON).toBe(true);
    // the stage opens on the challenge's picture: slowdown against granularity
    await expect.poll(() => tabOnStage(page), SOON).toBe('Resonance');
    await expect.poll(() => page.url(), SOON).toMatch(/challenge=resonant-noise/);
    await expect.poll(() => page.url(), SOON).toMatch(/preset=asci-q-2002|#s=/);

    // the start fails, and says why
    const failed = await check(page);
    expect(failed).toContain('✗ Not yet.');
    expect(failed).toContain('hurts g = 0 too');
    expect(failed).toMatch(/at g = 0 the mean barrier latency is .*hurt, more than/);
    expect(await serious(page)).toEqual([]);
    await panel(page).screenshot({ path: '/tmp/noiselab-challenge-fail.png' });

    // hints on demand, one at a time
    await panel(page).getByRole('button', { name: 'Show a hint' }).click();
    const hints = panel(page).locator('ol > li');
    await expect.poll(() => hints.count(), SOON).toBe(1);
    expect(await hints.first().textContent()).toContain('kernel heartbeat');

    // the student's solution: the heartbeat off, a long and rare source on
    await heartbeat.uncheck();
    await page
      .getByRole('checkbox', { name: 'TruCluster cluster manager, activity 3 (node 0)' })
      .check();
    const passed = await check(page);
    expect(passed).toContain('✓ Passed.');
    expect(passed).toContain('“TruCluster cluster manager, activity 3 (node 0)” hurts g = 5 ms');
    expect(await serious(page)).toEqual([]);
    await panel(page).screenshot({ path: '/tmp/noiselab-challenge-pass.png' });

    // the link the student sends: the challenge and the student's scenario, not the start
    await expect.poll(() => page.url(), SOON).toMatch(/challenge=resonant-noise/);
    const link = page.url();
    const teacher = await page.context().newPage();
    await teacher.goto(link);
    await expect.poll(() => panel(teacher).isVisible(), SOON).toBe(true);
    expect(
      await teacher
        .getByRole('checkbox', { name: /heartbeat \(640 µs every 125 ms\)/ })
        .isChecked(),
    ).toBe(false);
    expect(await check(teacher)).toContain('✓ Passed.');

    // leaving: the panel goes, the address drops the challenge, focus returns to the header
    await panel(teacher).getByRole('button', { name: 'Leave challenges' }).click();
    await expect.poll(() => teacher.url(), SOON).not.toContain('challenge=');
    await expect
      .poll(() => teacher.evaluate(() => document.activeElement?.textContent?.trim()), SOON)
      .toBe('Challenges');
    await teacher.screenshot({ path: '/tmp/noiselab-challenge-header.png' });
    expectQuiet(problems);
    await page.context().close();
  }, 300_000);

  it('gives back the scenario the student had, Undo and all, on leaving', async () => {
    const { page, problems } = await openApp(site, undefined, undefined, '/?preset=asci-q-2003');
    const seed = page.getByLabel('Seed', { exact: true });
    await seed.fill('77', SOON);
    await seed.press('Enter');
    await expect.poll(() => page.url(), SOON).toMatch(/seed=77|#s=/);
    await page.getByRole('button', { name: 'Challenges' }).click();
    await expect.poll(() => panel(page).isVisible(), SOON).toBe(true);
    // the challenge's own start is on show meanwhile
    await expect.poll(() => seed.inputValue(), SOON).not.toBe('77');
    await panel(page).getByRole('button', { name: 'Leave challenges' }).click();
    await expect.poll(() => seed.inputValue(), SOON).toBe('77');
    expect(await page.getByLabel('Preset').inputValue()).toBe('asci-q-2003');
    expect(await page.getByRole('button', { name: 'Undo' }).isEnabled()).toBe(true);
    expectQuiet(problems);
    await page.context().close();
  }, 120_000);

  it('is solved by keyboard alone: the two RMS daemon runs off halve the barrier loop', async () => {
    const { page, problems } = await openApp(site);
    const open = page.getByRole('button', { name: 'Challenges' });
    await open.focus();
    await page.keyboard.press('Enter');
    const menu = panel(page).getByRole('combobox', { name: 'Challenge' });
    await expect.poll(() => menu.isVisible(), SOON).toBe(true);
    await menu.selectOption('fewest-sources');
    await expect.poll(() => page.url(), SOON).toMatch(/challenge=fewest-sources/);
    // the stage shows what each source costs
    await expect.poll(() => tabOnStage(page), SOON).toBe('Lost time');
    for (const name of ['RMS daemon (15 ms every 30 s)', 'RMS daemon (18 ms every 30 s)']) {
      const box = page.getByRole('checkbox', { name });
      await expect.poll(() => box.isChecked(), SOON).toBe(true);
      await box.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => box.isChecked(), SOON).toBe(false);
    }
    const button = panel(page).getByRole('button', { name: 'Check my solution' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await verdict(page).textContent()) ?? '', CHECKED)
      .toMatch(/✓|✗/);
    const text = (await verdict(page).textContent()) ?? '';
    expect(text).toContain('✓ Passed.');
    expect(text).toContain('with 2 sources switched off: passes');
    // focus stays on the button, so checking again is one key away
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(
      'Check my solution',
    );
    expectQuiet(problems);
    await page.context().close();
  }, 300_000);

  it('says when a value typed in the controls was refused and is not in the scenario checked', async () => {
    const { page, problems } = await openApp(
      site,
      undefined,
      undefined,
      '/?challenge=fewest-sources',
    );
    await expect.poll(() => tabOnStage(page), SOON).toBe('Lost time');
    const nodes = page.getByLabel('Job nodes', { exact: true });
    await nodes.fill('5000');
    await nodes.press('Enter');
    await expect.poll(() => nodes.getAttribute('aria-invalid'), SOON).toBe('true');
    const text = (await check(page)).replace(/\s+/g, ' ');
    expect(text).toContain('✗ Not yet.');
    expect(text).toContain(
      'Not in the scenario checked: the value typed in Job nodes, refused (the reason is under the field).',
    );
    // mended, and checked again: nothing to say
    await nodes.press('Escape');
    await expect.poll(() => nodes.getAttribute('aria-invalid'), SOON).toBe('false');
    expect(await check(page)).not.toContain('Not in the scenario checked');
    expectQuiet(problems);
    await page.context().close();
  }, 300_000);

  it('checks a solution link of the ASCI Q challenge: 3 processes per node halve the cycle', async () => {
    const { page, problems } = await openApp(
      site,
      undefined,
      undefined,
      `/?preset=sage-asci-q-2002&nodes=2048&iterations=5&ppn=3&challenge=halve-sage`,
    );
    await expect
      .poll(() => panel(page).getByRole('heading', { level: 2 }).textContent(), SOON)
      .toMatch(/^Challenge: Halve SAGE’s cycle on ASCI Q/);
    const text = await check(page);
    expect(text).toContain('✓ Passed.');
    expect(text).toMatch(/using 6,144 of 8,192 processors: passes/);
    // the menu switches challenge, by keyboard, to its starting state
    const menu = panel(page).getByRole('combobox', { name: 'Challenge' });
    await menu.focus();
    await menu.selectOption('resonant-noise');
    await expect.poll(() => page.url(), SOON).toMatch(/challenge=resonant-noise/);
    expectQuiet(problems);
    await page.context().close();
  }, 300_000);
});

describe('the co-scheduling challenge', () => {
  it('aligns the periodic noise with the Phase controls, fails unaligned and passes aligned', async () => {
    const { page, problems } = await openApp(site, undefined, undefined, `/?challenge=co-schedule`);
    await expect
      .poll(() => panel(page).getByRole('heading', { level: 2 }).textContent(), SOON)
      .toBe('Challenge: Pay for the noise once: co-schedule it');
    const heartbeat = page.getByRole('checkbox', {
      name: 'TruCluster kernel heartbeat (640 µs every 125 ms)',
    });
    await expect.poll(() => heartbeat.isChecked(), SOON).toBe(true);

    // the start: every source random, about 7 times slower than noiseless
    const failed = await check(page);
    expect(failed).toContain('✗ Not yet.');
    expect(failed).toContain('with 0 of 16 periodic sources aligned: not yet');

    // a Poisson source: its phase stays random, the select is disabled and says why
    await page.getByRole('button', { name: 'Edit Other kernel activity (short)' }).click();
    const poissonPhase = page.locator('#ctl-src-2-phase');
    expect(await poissonPhase.isDisabled()).toBe(true);
    expect(await poissonPhase.inputValue()).toBe('random');
    expect(await page.locator('#ctl-src-2-phase-hint').textContent()).toBe(
      'Poisson sources cannot be aligned',
    );
    expect(await poissonPhase.getAttribute('aria-describedby')).toBe('ctl-src-2-phase-hint');
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();

    // the heartbeat's editor: Phase (labelled, keyboard operable) and, once aligned, its offset
    await page
      .getByRole('button', { name: 'Edit TruCluster kernel heartbeat (640 µs every 125 ms)' })
      .click();
    const phase = page.getByLabel('Phase', { exact: true }).first();
    expect(await phase.getAttribute('id')).toBe('ctl-src-0-phase');
    await phase.focus();
    await phase.selectOption('aligned');
    const offset = page.getByLabel('Phase offset (µs)');
    await expect.poll(() => offset.inputValue(), SOON).toBe('0');
    expect(await offset.getAttribute('id')).toBe('ctl-src-0-phase-offset');
    await expect
      .poll(() => page.locator('li.row').first().locator('.what').first().textContent(), SOON)
      .toContain('aligned across nodes');
    // an offset of a whole period is refused, and the source keeps its offset
    await offset.fill('125000');
    await offset.press('Enter');
    await expect
      .poll(() => page.locator('#ctl-src-0-phase-offset-error').textContent(), SOON)
      .toMatch(/not less than periodUs 125000/);
    await page.keyboard.press('Escape');
    await expect.poll(() => offset.inputValue(), SOON).toBe('0');
    await page.getByRole('dialog').screenshot({ path: '/tmp/helperA-editor.png' });

    // arrival Poisson on an aligned source: random in the same edit, not refused
    const arrival = page.locator('#ctl-src-0-arrival');
    await arrival.selectOption('poisson');
    await expect.poll(() => phase.isDisabled(), SOON).toBe(true);
    expect(await phase.inputValue()).toBe('random');
    expect(await offset.count()).toBe(0);
    expect(await page.locator('li.row').first().getByRole('alert').count()).toBe(0);
    await arrival.selectOption('periodic');
    await expect.poll(() => phase.isDisabled(), SOON).toBe(false);
    expect(await phase.inputValue()).toBe('random');
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();

    // every periodic source aligned, each through its editor
    const rows = page.locator('li.row');
    const n = await rows.count();
    for (let i = 0; i < n; i++) {
      const row = rows.nth(i);
      await row.getByRole('button', { name: /^Edit / }).click();
      const select = row.locator(`#ctl-src-${i}-phase`);
      if (!(await select.isDisabled())) {
        await select.selectOption('aligned');
        await expect
          .poll(() => row.locator('.what').first().textContent(), SOON)
          .toContain('aligned');
      }
      await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    }
    const passed = await check(page);
    expect(passed).toContain('✓ Passed.');
    expect(passed).toContain('with 16 of 16 periodic sources aligned: passes');
    expect(await serious(page)).toEqual([]);
    await panel(page).screenshot({ path: '/tmp/helperA-co-schedule-pass.png' });

    // the solution's link reopens the aligned scenario, which passes there too
    await expect.poll(() => page.url(), SOON).toMatch(/challenge=co-schedule/);
    const teacher = await page.context().newPage();
    await teacher.goto(page.url());
    await expect.poll(() => panel(teacher).isVisible(), SOON).toBe(true);
    expect(await check(teacher)).toContain('✓ Passed.');
    expectQuiet(problems);
    await page.context().close();
  }, 300_000);
});
