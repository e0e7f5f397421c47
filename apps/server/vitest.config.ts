import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/fail-on-console.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
