// `npm run screenshots`: the built site in Debian Chromium at the sizes the page is made for,
// written to docs/screenshots/ (the README shows the laptop one); `npm run screenshots -- lesson`
// takes only the shots whose file name starts with "lesson". Each shot waits for the run on
// show to be done and the view on the stage to have drawn its final picture, so it shows the
// product, not a page filling in. The first visit's hint is dismissed (set in storage first) on
// all but the first shot.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { openApp, startSite, type Site } from '../tests/browser/site.ts';

interface Shot {
  file: string;
  what: string;
  path: string;
  viewport: { width: number; height: number };
  /** keep the first visit's hint over the timeline */
  firstVisit?: boolean;
  /** after the page settles: a user's action before the shot */
  then?: (page: Page) => Promise<void>;
}

const SHOTS: Shot[] = [
  {
    file: 'laptop-1366x768.png',
    what: 'a laptop, first visit: the timeline and the hint',
    path: '/',
    viewport: { width: 1366, height: 768 },
    firstVisit: true,
  },
  {
    file: 'laptop-latency-1366x768.png',
    what: 'a laptop, latency against machine size',
    path: '/?show=latency',
    viewport: { width: 1366, height: 768 },
  },
  {
    file: 'laptop-resonance-1366x768.png',
    what: 'a laptop, slowdown against granularity',
    path: '/?show=resonance',
    viewport: { width: 1366, height: 768 },
  },
  {
    file: 'laptop-ripple-1366x768.png',
    what: 'a laptop, one delay in a halo exchange against a barrier',
    path: '/?show=ripple',
    viewport: { width: 1366, height: 768 },
  },
  {
    file: 'laptop-halo-latency-1366x768.png',
    what: "a laptop, one halo update against processes on the XT4 Franklin (Worley's max vs. min)",
    path: '/?preset=halo-franklin-xt4&show=latency',
    viewport: { width: 1366, height: 768 },
  },
  {
    file: 'laptop-variability-1366x768.png',
    what: 'a laptop, run times from run to run',
    path: '/?show=variability',
    viewport: { width: 1366, height: 768 },
  },
  {
    file: 'laptop-variability-processes-1366x768.png',
    what: 'a laptop, run times against processes (NPB EP on Lemieux, each size its own runs)',
    path: '/?preset=lemieux-ep&show=variability',
    viewport: { width: 1366, height: 768 },
    then: async (page) => {
      await page.getByRole('radio', { name: 'Against processes' }).check();
      await page.waitForFunction(
        () => /runs at each of/.test(document.querySelector('.progress')?.textContent ?? ''),
        undefined,
        { timeout: 240_000, polling: 500 },
      );
      await settle(page);
    },
  },
  {
    file: 'projector-1280x720.png',
    what: 'projector mode, latency',
    path: '/?projector=1&show=latency',
    viewport: { width: 1280, height: 720 },
  },
  {
    file: 'projector-1024x768.png',
    what: 'projector mode on a 4:3 projector, the timeline',
    path: '/?projector=1',
    viewport: { width: 1024, height: 768 },
  },
  {
    file: 'lesson-1366x768.png',
    what: 'the lesson, step 5 revealed: the node map beside the question',
    path: '/?lesson=per-node&answers=5a',
    viewport: { width: 1366, height: 768 },
    // a link's answers open revealed (lesson.svelte.ts openLink)
    then: async (page) => {
      await page.locator('[data-figure="simulated"]').waitFor();
      await settle(page);
    },
  },
  {
    file: 'lesson-run-to-run-1366x768.png',
    what: 'the second lesson, step 3 revealed: two humps in the run-to-run histogram',
    path: '/?lesson=two-humps&answers=3c',
    viewport: { width: 1366, height: 768 },
    then: async (page) => {
      await page.waitForFunction(
        () =>
          !/running/.test(
            document.querySelector('[data-figure="simulated"] .value')?.textContent ?? 'running',
          ),
        undefined,
        { timeout: 180_000, polling: 500 },
      );
      await settle(page);
    },
  },
  {
    file: 'tablet-820x1180.png',
    what: 'a tablet: the stage over the panel',
    path: '/?show=latency',
    viewport: { width: 820, height: 1180 },
  },
  {
    file: 'phone-390x844.png',
    what: 'a phone: the stage first',
    path: '/?show=latency',
    viewport: { width: 390, height: 844 },
  },
  {
    file: 'embed-800x500.png',
    what: 'embedded in a course page, 800 × 500',
    path: '/?embed=latency&nodes=256',
    viewport: { width: 800, height: 500 },
  },
];

/** The run done, and the view on the stage drawn: its sweep or trace over. */
async function settle(page: Page): Promise<void> {
  await page.waitForSelector('[data-run-status="done"]', { state: 'attached', timeout: 180_000 });
  await page.waitForFunction(
    () => {
      const view = document.querySelector('[role="tabpanel"]:not([hidden]), .embed .views');
      if (!view) return false;
      const sweep = view.querySelector<HTMLElement>('.progress[data-status]');
      const busy = view.querySelector('[aria-busy="true"]');
      return (
        view.querySelector('svg[role="img"]') &&
        !busy &&
        (!sweep || sweep.dataset.status === 'done')
      );
    },
    undefined,
    { timeout: 180_000, polling: 500 },
  );
  await page.waitForTimeout(400); // the last redraw
}

async function take(site: Site, shot: Shot): Promise<void> {
  const { page } = await openApp(site, shot.viewport);
  if (!shot.firstVisit) {
    await page.evaluate(() => localStorage.setItem('noiselab.first-try.v1', '1'));
  }
  await page.goto(`${site.origin}${shot.path}`);
  await settle(page);
  await shot.then?.(page);
  await page.screenshot({ path: `docs/screenshots/${shot.file}` });
  console.log(`docs/screenshots/${shot.file}: ${shot.what}`);
  await page.context().close();
}

mkdirSync('docs/screenshots', { recursive: true });
const site = await startSite();
try {
  const only = process.argv[2] ?? '';
  for (const shot of SHOTS.filter((s) => s.file.startsWith(only))) await take(site, shot);
} finally {
  await site.close();
}
