import { defineConfig } from '@playwright/test';

/** Browser tests: Debian's Chromium (never a downloaded browser), the real server from global-setup.ts. */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  // Generous: the suite shares a 2-core machine with other work (a time limit, not a timing assertion).
  timeout: 180_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // With PLAYWRIGHT_JSON_OUTPUT_NAME set (scripts/test-all.mjs) the json reporter writes there.
  reporter: [['list'], ['json', process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? {} : { outputFile: 'test-results/report.json' }]],
  // E2E_OUTPUT_DIR keeps concurrent runs on one checkout apart.
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  use: {
    viewport: { width: 1280, height: 800 },
    // A trace records every action's page snapshot and a screencast: worth it when a person can open it,
    // not in CI, whose log is all that is read (and where it costs CPU the tests share).
    trace: process.env.CI === 'true' ? 'off' : 'retain-on-failure',
    // Transitions and animations are skipped (the portal honours the setting): nothing waits for motion.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
