import { defineConfig } from 'vitest/config';

const root = new URL('.', import.meta.url).pathname;
const shared = {
  root,
  setupFiles: ['test/fail-on-console.ts'],
  pool: 'forks' as const,
  testTimeout: 30000,
  hookTimeout: 60000,
};
/** Starts and stops the real server process several times (~85 s): its own project, run by `npm test` and CI. */
const LIFECYCLE = 'test/lifecycle.test.ts';
/**
 * Faults the product must survive (docs/operations.md): each file runs the real server and its own
 * PostgreSQL, one file at a time (~3 min). Its own stage of `npm test` (`npm run test:faults`).
 */
const FAULTS = 'test/faults/**/*.test.ts';

// Two projects: `npm run test:api` runs "api" (the quick loop), `npm run test:lifecycle` the process
// lifecycle; `npm test` (scripts/test-all.mjs) runs both in one Vitest run and counts both.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['**/node_modules/**', LIFECYCLE, FAULTS],
          globalSetup: ['test/global-setup.ts'],
          // A worker imports the server once for all its files instead of once per file: the suite took
          // 11 minutes with isolation and 6 without, on the same 2 cores. The files share no module state
          // that one could leave behind for another (each builds its own app and data, none mocks a module).
          isolate: false,
        },
      },
      { test: { ...shared, name: 'lifecycle', include: [LIFECYCLE] } },
      { test: { ...shared, name: 'faults', include: [FAULTS], fileParallelism: false, testTimeout: 180_000, hookTimeout: 120_000 } },
    ],
  },
});
