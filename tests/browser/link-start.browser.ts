// A shared link as the page opens it, in Chromium: nothing runs for the scenario the page shows
// before it has read the link (the default ASCI Q): not the page's run, not the timeline's trace,
// not a view's sweep. Every message the page posts to an engine worker is recorded from the
// page's first script on, and none may carry the default scenario.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESET_TABLE } from '../../src/state/preset-list.ts';
import { expectQuiet, type Problems, runDone, type Site, startSite } from './site.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

/** Opens `path` in a fresh tab whose workers' messages are recorded: [type, machine name]. */
async function openRecorded(path: string): Promise<{ page: Page; problems: Problems }> {
  const context = await site.browser.newContext({
    viewport: { width: 1366, height: 768 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const problems: Problems = { consoleErrors: [], offOrigin: [] };
  page.on('console', (m) => {
    if (m.type() === 'error') problems.consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => problems.consoleErrors.push(String(e)));
  await page.addInitScript(() => {
    const sent: [string, string][] = [];
    (window as unknown as { __sent: typeof sent }).__sent = sent;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: unknown[]) {
      const m = message as { type?: string; scenario?: Scenario; base?: Scenario };
      const s = m.scenario ?? m.base;
      if (s) sent.push([String(m.type), s.machine.name]);
      return (post as (...a: unknown[]) => void).call(this, message, ...rest);
    } as typeof Worker.prototype.postMessage;
    interface Scenario {
      machine: { name: string };
    }
  });
  await page.goto(`${site.origin}${path}`);
  return { page, problems };
}

const sent = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sent: [string, string][] }).__sent);

describe('a shared link', () => {
  for (const { path, machine, asks } of [
    // the timeline on the stage: the run and the trace
    { path: '/?preset=jaguar-xt5-rn&nodes=64', machine: /Jaguar/, asks: ['run', 'trace'] },
    // a view that sweeps on the stage: the run and the sweep
    {
      path: '/?preset=bgp-intrepid&nodes=64&show=latency',
      machine: /Blue Gene/,
      asks: ['run', 'sweep'],
    },
    // a lesson step on another machine (its preset a file of its own, fetched first)
    { path: '/?lesson=open-questions', machine: /Jaguar/, asks: ['run'] },
  ]) {
    it(`runs nothing for the default scenario first: ${path}`, async () => {
      const { page, problems } = await openRecorded(path);
      await runDone(page);
      await expect
        .poll(async () => (await sent(page)).map(([type]) => type), { timeout: 20_000 })
        .toEqual(expect.arrayContaining(asks));
      const messages = await sent(page);
      expect(messages.filter(([, name]) => !machine.test(name))).toEqual([]);
      expectQuiet(problems);
      await page.context().close();
    }, 120_000);
  }
});

describe('the presets’ files', () => {
  it('the link’s is asked for before the page has rendered; the others once its run is done', async () => {
    const context = await site.browser.newContext({
      viewport: { width: 1366, height: 768 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    // On the page's clock: when the app first rendered into #app, when "Done" showed.
    await page.addInitScript(() => {
      const w = window as unknown as { __rendered: number; __done: number };
      w.__rendered = Infinity;
      w.__done = Infinity;
      new MutationObserver((_, observer) => {
        if (w.__rendered === Infinity && document.querySelector('#app > *')) {
          w.__rendered = performance.now();
        }
        if (!document.querySelector('[data-run-status="done"]')) return;
        w.__done = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.goto(`${site.origin}/?preset=jaguar-xt5-rn&nodes=64`);
    await runDone(page);
    /** Each preset chunk asked for: [preset id, when (page clock, ms)]. */
    const chunks = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => [
            /\/assets\/([a-z0-9-]+)-[A-Za-z0-9_-]{8}\.js$/.exec(e.name)?.[1],
            e.startTime,
          ])
          .filter((e): e is [string, number] => e[0] !== undefined),
      );
    const ids = new Set(PRESET_TABLE.map((p) => p.id));
    await expect
      .poll(async () => (await chunks()).filter(([id]) => ids.has(id)).length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(PRESET_TABLE.length - 1); // the start-up preset is bundled
    const { rendered, done } = await page.evaluate(() => {
      const w = window as unknown as { __rendered: number; __done: number };
      return { rendered: w.__rendered, done: w.__done };
    });
    const presets = (await chunks()).filter(([id]) => ids.has(id));
    const linked = presets.filter(([id]) => id === 'jaguar-xt5-rn');
    expect(linked.length).toBe(1);
    expect(linked[0][1]).toBeLessThan(rendered);
    const early = presets.filter(([id, at]) => id !== 'jaguar-xt5-rn' && at < done);
    expect(early).toEqual([]);
    await context.close();
  }, 120_000);
});
