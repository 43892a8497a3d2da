// `npm run icons`: draws public/icon.svg (NoiseLab's icon) as the PNGs an installed web app needs
// (public/icon-192.png, icon-512.png; apple-touch-icon.png, 180 px), rendered by Debian's
// Chromium, the browser the tests use. Run it after changing the SVG; the PNGs are committed.
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const svg = readFileSync(new URL('../public/icon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const [name, size] of [
    ['icon-192.png', 192],
    ['icon-512.png', 512],
    ['apple-touch-icon.png', 180],
  ] as const) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style>` +
        `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${size}" height="${size}">`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    writeFileSync(new URL(`../public/${name}`, import.meta.url), png);
    console.log(`public/${name}: ${size} × ${size}, ${png.length.toLocaleString('en-US')} bytes`);
    await page.close();
  }
} finally {
  await browser.close();
}
