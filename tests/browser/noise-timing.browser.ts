// A source's phase window, group and delay in the group in the page (docs/noise-timing.md), as
// a researcher sets them: in the source's editor, on two of the ASCI Q 2002 preset's daemons
// (envmod and insightd: the same period and nodes, and neither windowed nor grouped in the
// preset), the second made to start 15 ms after the first. The row says what was set, the run
// follows, a window longer than the period is refused by name and changes nothing, and clearing
// the fields removes them. And a source's period probability (eventProbability) on the Cray T3E
// preset's job migration, set, refused out of range and cleared the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presetFile } from '../helpers/preset-edits.ts';
import { expectQuiet, openApp, runDone, type Site, startSite } from './site.ts';

const SOON = { timeout: 20_000 };
const asciQ = presetFile('asci-q-2002');
const [first, second] = ['daemon-envmod', 'daemon-insightd'].map((id) =>
  asciQ.noise.find((n) => n.id === id)!,
);

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

describe('a phase window, a group and a delay in the source editor', () => {
  it('the preset gives the two daemons one period and no timing of their own', () => {
    expect(second.periodUs).toBe(first.periodUs);
    expect(second.placement).toEqual(first.placement);
    for (const s of [first, second]) {
      expect(s.phaseWindowUs).toBeUndefined();
      expect(s.group).toBeUndefined();
    }
  });

  it('are set, shown, run, refused when wrong and cleared', async () => {
    const { page, problems } = await openApp(site);
    await runDone(page, 120_000);
    const rows = page.locator('li.row');
    const row1 = rows.filter({ hasText: first.label });
    const row2 = rows.filter({ hasText: second.label });
    const plain = await row2.locator('.what').first().textContent();

    // the first daemon: a window of 0 (all nodes at once) and the group "d"
    await page.getByRole('button', { name: `Edit ${first.label}` }).click();
    const dialog = page.getByRole('dialog');
    const window = dialog.getByLabel('Phase window (µs)');
    expect(await window.inputValue()).toBe('');
    await window.fill('0');
    await window.press('Enter');
    const group = dialog.getByLabel('Group', { exact: true });
    await group.fill('d');
    await group.press('Enter');
    await expect
      .poll(() => row1.locator('.what').first().textContent(), SOON)
      .toContain(' · within 0 µs of one instant · group d');
    expect(await dialog.locator('p.what').textContent()).toContain(
      'within 0 µs of a common instant, together with its group "d"',
    );

    // a window longer than the period is refused by name; Escape brings the value back
    await window.fill(String(first.periodUs + 1));
    await window.press('Enter');
    await expect
      .poll(() => dialog.locator('[id$="-phase-window-error"]').textContent(), SOON)
      .toMatch(new RegExp(`is larger than periodUs ${first.periodUs}`));
    await page.keyboard.press('Escape');
    await expect.poll(() => window.inputValue(), SOON).toBe('0');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // the second joins the group: refused until its window matches, then accepted
    await page.getByRole('button', { name: `Edit ${second.label}` }).click();
    const group2 = page.getByRole('dialog').getByLabel('Group', { exact: true });
    await group2.fill('d');
    await group2.press('Enter');
    await expect
      .poll(() => page.getByRole('dialog').getByRole('alert').first().textContent(), SOON)
      .toMatch(/joins noise\[\d+\] in group "d" but differs in phaseWindowUs/);
    const window2 = page.getByRole('dialog').getByLabel('Phase window (µs)');
    await window2.fill('0');
    await window2.press('Enter');
    await group2.fill('d');
    await group2.press('Enter');
    await expect
      .poll(() => row2.locator('.what').first().textContent(), SOON)
      .toContain(' · group d');
    // one activity, the second part after the first: a delay after the group's start
    const delay = page.getByRole('dialog').getByLabel("Delay after the group's start (µs)");
    await delay.fill('15000');
    await delay.press('Enter');
    await expect
      .poll(() => row2.locator('.what').first().textContent(), SOON)
      .toContain(' · group d +15 ms');
    expect(await page.getByRole('dialog').locator('p.what').textContent()).toContain(
      '15 ms after the start of its group "d"',
    );
    await runDone(page, 120_000);

    // cleared (the group first: without its window it would differ from the group's): the
    // fields are removed, the delay with the group, and the row says nothing of them
    await group2.fill('');
    await group2.press('Enter');
    await window2.fill('');
    await window2.press('Enter');
    await expect.poll(() => row2.locator('.what').first().textContent(), SOON).toBe(plain);
    await page.getByRole('dialog').screenshot({ path: '/tmp/noise-timing-editor.png' });
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    expectQuiet(problems);
    await page.context().close();
  });
});

describe('a period probability in the source editor', () => {
  const t3e = presetFile('t3e-mcurie-ep');
  const migration = t3e.noise.find((n) => n.id === 'grm-migration')!;

  it('is shown, set, run, refused when out of range and cleared', async () => {
    const { page, problems } = await openApp(site, undefined, undefined, `/?preset=t3e-mcurie-ep`);
    await runDone(page, 60_000);
    const row = page.locator('li.row').filter({ hasText: migration.label });
    await expect
      .poll(() => row.locator('.what').first().textContent(), SOON)
      .toContain(`in ${Math.round(migration.eventProbability! * 100)}% of periods`);

    await page.getByRole('button', { name: `Edit ${migration.label}` }).click();
    const dialog = page.getByRole('dialog');
    const field = dialog.getByLabel('Event in a period with probability');
    expect(await field.inputValue()).toBe(String(migration.eventProbability));
    await field.fill('0.5');
    await field.press('Enter');
    await expect
      .poll(() => row.locator('.what').first().textContent(), SOON)
      .toContain('in 50% of periods');
    expect(await dialog.locator('p.what').textContent()).toMatch(
      /an event in 50(\.0)?% of periods, the same on every node/,
    );
    await runDone(page, 60_000);

    // out of range: refused by name, and nothing changes
    await field.fill('2');
    await field.press('Enter');
    await expect
      .poll(() => dialog.locator('[id$="-event-probability-error"]').textContent(), SOON)
      .toMatch(/2 is out of range; allowed: 0\.\.1/);
    expect(await row.locator('.what').first().textContent()).toContain('in 50% of periods');
    await page.keyboard.press('Escape');
    await expect.poll(() => field.inputValue(), SOON).toBe('0.5');

    // cleared: every period has its event, and the row says nothing of it
    await field.fill('');
    await field.press('Enter');
    await expect
      .poll(() => row.locator('.what').first().textContent(), SOON)
      .not.toContain('of periods');
    await dialog.getByRole('button', { name: 'Done' }).click();
    expectQuiet(problems);
    await page.context().close();
  });
});
