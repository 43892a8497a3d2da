// usage: tsx shot.ts '<query>' '<css selector to shoot>' '<wait text regex>' out.png [width]
import { execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
const [query, sel, waitRe, out, w] = process.argv.slice(2);
const outDir = '.check/shot';
const env = { ...process.env };
delete env.NODE_ENV;
if (!process.env.NOBUILD)
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', outDir],
    { env, stdio: 'inherit' },
  );
const server = await preview({
  root: '.',
  logLevel: 'warn',
  build: { outDir },
  preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
});
const { port } = server.httpServer.address() as AddressInfo;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: Number(w ?? 1280), height: 900 } });
  page.on('console', (m) => {
    if (m.type() === 'error') console.log('console error:', m.text());
  });
  await page.goto(`http://127.0.0.1:${port}/${query}`);
  await page.getByText(new RegExp(waitRe)).first().waitFor({ timeout: 240000 });
  if (sel === 'viewport') await page.screenshot({ path: out });
  else await page.locator(sel).first().screenshot({ path: out });
  console.log('shot', out);
} finally {
  await browser.close();
  await server.close();
}
