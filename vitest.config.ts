import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    // 2-core machine: keep the pool small so statistical tests do not starve each other.
    maxWorkers: 2,
    testTimeout: 60_000,
  },
});
