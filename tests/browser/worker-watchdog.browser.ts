// A worker that hangs or dies, replayed in the built site in Chromium. The site's own engine
// and part workers are served wrapped: the wrapper loads the real worker and passes every
// message through, except a run of seed HANG_SEED, which it never answers (a loop that never
// yields, or a worker that closes itself without a word). Nothing in the site knows about it:
// what is tested is the page's watchdog on a real worker, as a user would meet it.
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALL_MS } from '../../src/state/watchdog-times.ts';
import { openApp, runDone, startSite, type Site } from './site.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

const HANG_SEED = 6661;
const SLOW = 180_000;
const SOON = { timeout: 30_000 };

type Failure = 'loop' | 'exit';

/**
 * A module worker that imports `real` (which sets self.onmessage) and stands in front of it.
 * Messages that arrive while `real` loads are kept and handed over in order.
 */
function wrapper(real: string, failure: Failure, fails: string, before = ''): string {
  const fail = failure === 'loop' ? 'for (;;) {}' : 'self.close(); return;';
  return `${before}
    let inner = null;
    const early = [];
    const front = (event) => {
      if (${fails}) { ${fail} }
      if (inner) inner(event); else early.push(event);
    };
    self.onmessage = front;
    import(${JSON.stringify(real)}).then(() => {
      inner = self.onmessage;
      self.onmessage = front;
      for (const event of early.splice(0)) inner(event);
    });`;
}

/** Serves the engine worker wrapped; `fails` is the wrapper's test. */
async function wrapWorker(
  context: BrowserContext,
  failure: Failure,
  fails: string,
  before = '',
): Promise<void> {
  await context.route(
    (url) => url.pathname.includes('/assets/engine.worker-') && url.search === '',
    (route: Route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: wrapper(`${route.request().url()}?real`, failure, fails, before),
      }),
  );
}

/**
 * Code for the engine worker's wrapper that wraps every part worker it starts in turn: a worker
 * started by a worker is not a request the browser context sees, so the wrapping happens here,
 * through a module of its own (a blob) that imports the real part worker.
 */
function wrapParts(failure: Failure, fails: string): string {
  const make = `(real) => URL.createObjectURL(new Blob([${JSON.stringify(wrapper('REAL', failure, fails))}.replace('"REAL"', JSON.stringify(real))], { type: 'text/javascript' }))`;
  return `
    const RealWorker = self.Worker;
    const wrapped = ${make};
    self.Worker = class extends RealWorker {
      constructor(url, options) { super(wrapped(new URL(url, self.location.href).href), options); }
    };`;
}

const status = (page: Page) =>
  page.locator('[data-run-status]').first().getAttribute('data-run-status');
const notices = (page: Page) => page.locator('.notices').textContent();

/** Types a seed in the Seed field, as a user would. */
async function setSeed(page: Page, seed: number): Promise<void> {
  const field = page.getByLabel('Seed', { exact: true });
  await field.fill(String(seed));
  await field.press('Enter');
}

const runOfHangSeed = `event.data.type === 'run' && event.data.scenario.seed === ${HANG_SEED}`;

describe('an engine worker that never answers a run', () => {
  for (const failure of ['loop', 'exit'] as const) {
    it(
      `(${failure === 'loop' ? 'stuck in a loop' : 'closed without a word'}): the page says so, and the next run works`,
      async () => {
        const { page } = await openApp(site);
        await runDone(page, 120_000);
        await wrapWorker(page.context(), failure, runOfHangSeed);
        // The page's clock is Playwright's from here on: it runs as the real one, and the test
        // moves it past the watchdog's wait instead of waiting it out (the workers keep real
        // time; the watchdog reads the page's clock and timers).
        await page.context().clock.install();
        // A fresh worker, which is the wrapped one: the page starts one after a reload.
        await page.reload();
        await runDone(page, 120_000);
        await setSeed(page, HANG_SEED);
        await expect.poll(() => status(page), SOON).toBe('running');
        // STALL_MS without a word: the run is sent once more, to a fresh worker …
        await page.clock.fastForward(STALL_MS + 1000);
        expect(await notices(page)).not.toMatch(/worker stopped/);
        expect(await status(page)).toBe('running');
        // … and STALL_MS again: given up, at once (waited for less than STALL_MS of real time, so
        // it is the moved clock that ends the wait, not the real one)
        await page.clock.fastForward(STALL_MS + 1000);
        await expect
          .poll(() => notices(page), { timeout: STALL_MS / 2 })
          .toMatch(/The simulation worker stopped: it stopped answering/);
        expect(await status(page)).toBe('error');
        // every control still answers: another seed runs to the end, on a fresh worker
        await setSeed(page, 2);
        await runDone(page, 120_000);
        expect(await notices(page)).not.toMatch(/worker stopped/);
        await page.context().close();
      },
      SLOW,
    );
  }

  it(
    'Cancel closes it within the grace time, and Run works again',
    async () => {
      const { page } = await openApp(site);
      await runDone(page, 120_000);
      await wrapWorker(page.context(), 'loop', runOfHangSeed);
      await page.reload();
      await runDone(page, 120_000);
      await setSeed(page, HANG_SEED);
      await expect.poll(() => status(page), SOON).toBe('running');
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect.poll(() => status(page), SOON).toBe('cancelled');
      // the worker never reads the cancel: it is closed, and the page says so
      await expect.poll(() => notices(page), SOON).toMatch(/did not stop within 2 s of Cancel/);
      await setSeed(page, 3);
      await runDone(page, 120_000);
      await page.context().close();
    },
    SLOW,
  );
});

describe('a part worker of a whole-machine run that goes silent', () => {
  it(
    'the run goes on over one thread and ends with its numbers',
    async () => {
      const { page } = await openApp(site);
      await runDone(page, 120_000);
      // every step of every part is left unanswered: the worker is alive but says nothing
      const partStep = `event.data.type === 'part-step'`;
      await wrapWorker(page.context(), 'loop', 'false', wrapParts('exit', partStep));
      await page.reload();
      await runDone(page, 120_000);
      // Jaguar XT5 RN on all 18,688 nodes: a run the page splits over part workers, which first
      // wait out the part's silence (three times PART_SILENCE_MS for a first step) while the
      // engine worker's heartbeat keeps the page's own watchdog quiet.
      await page.goto(`${site.origin}/?preset=jaguar-xt5-rn&nodes=18688&iterations=300`);
      await runDone(page, 170_000);
      const done = await page.locator('[data-run-status="done"]').textContent();
      expect(done).toMatch(/^Done: 300 iterations in /);
      expect(done).not.toMatch(/threads/); // over this one thread: the parts never answered
      expect(await notices(page)).not.toMatch(/worker stopped/);
      await page.context().close();
    },
    SLOW,
  );
});
