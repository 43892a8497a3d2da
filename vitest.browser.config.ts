// Browser tests: the built site in Debian's Chromium through playwright-core.
// Run with `npm run test:browser`; kept out of `vitest run` (see vitest.config.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/browser/**/*.browser.ts'],
    // The site is built once for every file (build-site.ts).
    globalSetup: ['tests/browser/build-site.ts'],
    environment: 'node',
    // One browser, one preview server, shared by the tests of a file: no parallel files.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
