// The NPB workloads of 001 in the built site: LU's wavefront preset opens, runs and says what
// it ran on; a refused stage count keeps the run; the exchange switch offers the all-to-all and
// remembers the messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectQuiet, openApp, runDone, type Site, startSite } from './site.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

describe('workloads that do not synchronise with a barrier', () => {
  it('runs NPB LU as a wavefront, and keeps it when a stage count is refused', async () => {
    const { page, problems } = await openApp(site, undefined, undefined, `/?preset=lu-asci-q-2002`);
    await runDone(page, 120_000);
    await expect
      .poll(() => page.locator('legend', { hasText: 'Workload:' }).textContent())
      .toContain('wavefront');
    const row = page.locator('tr', { hasText: 'Wavefront: ranks, grid, stages per sweep' });
    // 128 ranks on a 16 × 8 grid, 160 stages, an 800-byte message: 11 + 800 × 0.0033 µs.
    expect((await row.textContent())!.replace(/\s+/g, ' ')).toContain('128, 16 × 8, 160, 13.64 µs');
    const card = page.locator('dd', { hasText: 'two pipelined sweeps' });
    expect(await card.textContent()).toContain('160 stages each');
    const stages = page.locator('#ctl-w-stages');
    await stages.fill('0');
    await stages.press('Enter');
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('Stages per sweep: 0 is out of range; allowed: 1..10000');
    await page.keyboard.press('Escape');
    expect(await stages.inputValue()).toBe('160');
    await stages.fill('40');
    await stages.press('Enter');
    await runDone(page, 120_000);
    await expect
      .poll(async () => (await row.textContent())!.replace(/\s+/g, ' '))
      .toContain('128, 16 × 8, 40,');
    expectQuiet(problems);
    await page.context().close();
  });

  it('switches an exchange to an all-to-all, with the halo’s messages', async () => {
    const { page, problems } = await openApp(
      site,
      undefined,
      undefined,
      `/?preset=asci-q-2002&nodes=16&iterations=200`,
    );
    await runDone(page);
    await page.locator('#ctl-program').selectOption('halo');
    await runDone(page);
    const latency = page.locator('#ctl-w-latencyUs');
    await latency.fill('40');
    await latency.press('Enter');
    await runDone(page);
    await page.locator('#ctl-program').selectOption('alltoall');
    await expect
      .poll(() => page.locator('legend', { hasText: 'Workload:' }).textContent())
      .toContain('alltoall');
    await runDone(page);
    expect((await page.locator('#ctl-w-sides').textContent())!.replace(/\s+/g, ' ')).toContain(
      '64 ranks, each sending one message to every other',
    );
    expect(await page.locator('#ctl-w-latencyUs').inputValue()).toBe('40');
    const row = page.locator('tr', { hasText: 'All-to-all: ranks, messages per rank, message' });
    expect((await row.textContent())!.replace(/\s+/g, ' ')).toContain('64, 63, 40 µs');
    expectQuiet(problems);
    await page.context().close();
  });
});
