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
    testTimeout: 60_000,
  },
});
