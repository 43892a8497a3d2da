import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Compiles runes in *.svelte.ts state modules, so their logic is tested as shipped.
  plugins: [svelte()],
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    // 2-core machine: keep the pool small so statistical tests do not starve each other.
    maxWorkers: 2,
    // Files share a worker's modules instead of importing them again each (about 12% less CPU
    // for the suite on this machine): the tests keep no state between files, and restore the
    // spies and globals they stub. Checked with the files and tests in shuffled orders.
    isolate: false,
    // and, should a test fail before it restores them, Vitest restores them after it
    restoreMocks: true,
    unstubGlobals: true,
    testTimeout: 60_000,
  },
});
