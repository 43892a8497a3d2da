// Slow nodes (docs/slow-nodes.md) in the built site: the machine panel sets them by id and by
// how much longer their computes take; the run, the card and the lost-time note follow; a
// refused percentage keeps the run; the link carries them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectQuiet, openApp, runDone, type Site, startSite } from './site.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

describe('slow nodes', () => {
  it('slows one node, says so, refuses a bad percentage and keeps them in the link', async () => {
    const { page, problems } = await openApp(
      site,
      undefined,
      undefined,
      `/?preset=asci-q-2002&nodes=16&iterations=200`,
    );
    await runDone(page);
    const slower = page.locator('#ctl-slow-by');
    await slower.fill('50');
    await slower.press('Enter');
    const nodes = page.locator('#ctl-slow-nodes');
    await nodes.fill('3');
    await nodes.press('Enter');
    await runDone(page);
    await expect
      .poll(() => page.locator('dd', { hasText: 'slow:' }).textContent())
      .toContain('slow: node 3 (computes 50% longer)');
    // every iteration waits for node 3's 1.5 ms computes: the loss says where that time went
    await expect
      .poll(() => page.getByTestId('slow-nodes-loss').textContent())
      .toContain('went to slow nodes’ longer computes');
    // the per-node map outlines it, and says its time is not in the colours
    await page.getByRole('tab', { name: /^(Per node|Nodes)$/ }).click();
    await expect.poll(() => page.locator('.slow-cell').count()).toBe(1);
    await expect
      .poll(() => page.locator('.slow-entry').textContent())
      .toMatch(/Slow node, outlined \(node 3\): its\s+computes take 1\.5× as long/);
    // a range is read; a node outside the 16-node job is named, not silently ignored
    await nodes.fill('0-2, 20');
    await nodes.press('Enter');
    await runDone(page);
    await expect
      .poll(() => page.locator('#ctl-slow-note').textContent())
      .toContain('Not in this job: node 20');
    expect(await nodes.inputValue()).toBe('0–2, 20');
    await expect.poll(() => page.locator('.slow-cell').count()).toBe(3);
    await nodes.fill('3');
    await nodes.press('Enter');
    await runDone(page);
    await expect.poll(() => page.locator('#ctl-slow-note').count()).toBe(0);
    await page.getByRole('tab', { name: /^(Timeline)$/ }).click();
    /** Enters `text`, which the field refuses with `message`; Escape puts its value back. */
    const refused = async (field: typeof nodes, text: string, message: string, kept: string) => {
      await field.fill(text);
      await field.press('Enter');
      await expect.poll(() => page.getByRole('alert').first().textContent()).toContain(message);
      await page.keyboard.press('Escape');
      expect(await field.inputValue()).toBe(kept);
    };
    await refused(slower, '2000', 'Slower by (%): 2000 is out of range; allowed: 0..900', '50');
    await refused(nodes, '99999', 'Slow nodes: 99999 is out of range; allowed: 0..2047', '3');
    // a word the field cannot read is named with the forms it takes
    await refused(
      nodes,
      'banana',
      'Slow nodes: “banana” is not a node id; allowed: node ids (“5”, “0–7”), a share',
      '3',
    );
    // a share is named in percent, as it is typed
    await refused(
      nodes,
      '150%',
      'Slow nodes: 150% is out of range; allowed: a share of 0% to 100%',
      '3',
    );
    // iterations not above the warm-up (under More settings) are named from their own field
    const iterations = page.locator('#ctl-iterations');
    const before = await iterations.inputValue();
    await refused(
      iterations,
      '10',
      'Iterations (warm-up included): 10 is not more than the warm-up of 50 (More settings); allowed: 51 or more',
      before,
    );
    // the page's own link brings them back
    const url = page.url();
    await page.goto('about:blank');
    await page.goto(url);
    await runDone(page);
    expect(await page.locator('#ctl-slow-nodes').inputValue()).toBe('3');
    expect(await page.locator('#ctl-slow-by').inputValue()).toBe('50');
    // emptied: none left
    await page.locator('#ctl-slow-nodes').fill('');
    await page.locator('#ctl-slow-nodes').press('Enter');
    await runDone(page);
    await expect.poll(() => page.locator('dd', { hasText: 'slow:' }).count()).toBe(0);
    // …and the percentage stays for the next nodes typed
    expect(await page.locator('#ctl-slow-by').inputValue()).toBe('50');
    await page.locator('#ctl-slow-nodes').fill('5');
    await page.locator('#ctl-slow-nodes').press('Enter');
    await runDone(page);
    await expect
      .poll(() => page.locator('dd', { hasText: 'slow:' }).textContent())
      .toContain('slow: node 5 (computes 50% longer)');
    expectQuiet(problems);
    await page.context().close();
  });
});
