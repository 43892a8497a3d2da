// A source's phase window and group in the page (docs/noise-timing.md), as a researcher sets
// them: in the source's editor, on the ASCI Q 2002 preset's two RMS daemons. The row says what
// was set, the run follows, a window longer than the period is refused by name and changes
// nothing, and clearing the field removes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectQuiet, openApp, runDone, type Site, startSite } from './site.ts';

const SOON = { timeout: 20_000 };
let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

describe('a phase window and a group in the source editor', () => {
  it('are set, shown, run, refused when wrong and cleared', async () => {
    const { page, problems } = await openApp(site);
    await runDone(page, 120_000);
    const rows = page.locator('li.row');
    const rms15 = rows.filter({ hasText: 'RMS daemon (15 ms every 30 s)' });
    const rms18 = rows.filter({ hasText: 'RMS daemon (18 ms every 30 s)' });

    // the 15 ms daemon: a window of 0 (all nodes at once) and the group "rms"
    await page.getByRole('button', { name: 'Edit RMS daemon (15 ms every 30 s)' }).click();
    const dialog = page.getByRole('dialog');
    const window = dialog.getByLabel('Phase window (µs)');
    expect(await window.inputValue()).toBe('');
    await window.fill('0');
    await window.press('Enter');
    const group = dialog.getByLabel('Group');
    await group.fill('rms');
    await group.press('Enter');
    await expect
      .poll(() => rms15.locator('.what').first().textContent(), SOON)
      .toContain(' · within 0 µs of one instant · group rms');
    expect(await dialog.locator('p.what').textContent()).toContain(
      'within 0 µs of a common instant, together with its group "rms"',
    );

    // a window longer than the period is refused by name; Escape brings the value back
    await window.fill('40000000');
    await window.press('Enter');
    await expect
      .poll(() => dialog.locator('[id$="-phase-window-error"]').textContent(), SOON)
      .toMatch(/is larger than periodUs 30000000/);
    await page.keyboard.press('Escape');
    await expect.poll(() => window.inputValue(), SOON).toBe('0');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // the 18 ms daemon joins the group: refused until its window matches, then accepted
    await page.getByRole('button', { name: 'Edit RMS daemon (18 ms every 30 s)' }).click();
    const group18 = page.getByRole('dialog').getByLabel('Group');
    await group18.fill('rms');
    await group18.press('Enter');
    await expect
      .poll(() => page.getByRole('dialog').getByRole('alert').first().textContent(), SOON)
      .toMatch(/joins noise\[\d+\] in group "rms" but differs in phaseWindowUs/);
    const window18 = page.getByRole('dialog').getByLabel('Phase window (µs)');
    await window18.fill('0');
    await window18.press('Enter');
    await group18.fill('rms');
    await group18.press('Enter');
    await expect
      .poll(() => rms18.locator('.what').first().textContent(), SOON)
      .toContain(' · group rms');
    await runDone(page, 120_000);

    // cleared (the group first: without its window it would differ from the group's): the
    // fields are removed, and the row says nothing of them
    await group18.fill('');
    await group18.press('Enter');
    await window18.fill('');
    await window18.press('Enter');
    await expect
      .poll(() => rms18.locator('.what').first().textContent(), SOON)
      .toBe('rms · 18 ms every 30 s');
    await page.getByRole('dialog').screenshot({ path: '/tmp/noise-timing-editor.png' });
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    expectQuiet(problems);
    await page.context().close();
  });
});
