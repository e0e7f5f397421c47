import { defineConfig } from 'vitest/config';

/**
 * `npm run test:citus`: the API suite on a real Citus cluster (scripts/citus/run.mjs). The files
 * are an explicit list: a test another branch adds joins it when it is known to be distributable.
 */
export const CITUS_TEST_FILES = [
  'test/route-matrix.test.ts',
  'test/bad-input.test.ts',
  'src/public-jobs/search.test.ts',
  'src/feed/feed.test.ts',
  'src/wave/wave.test.ts',
  'test/citus/single-shard.citus-test.ts',
  'test/multiprocess/two-processes.test.ts',
  // The recruiting half: applications, the CRM, requisitions, Indeed Apply, pages, invitations.
  'src/applications/apply.test.ts',
  'src/crm/crm.test.ts',
  'src/requisitions/requisitions.test.ts',
  'src/feed/indeed-apply.test.ts',
  'src/site-builder/pages.test.ts',
  'src/invitations/invitations.test.ts',
  // Round 17: duplicates, campaigns, privacy, metrics, alerts, typo tolerance, email templates, the question bank.
  'src/crm/duplicates/duplicates.test.ts',
  'src/crm/campaigns/campaigns.test.ts',
  'src/crm/privacy/privacy.test.ts',
  'src/crm/metrics/metrics.test.ts',
  'src/crm/alerts/alert-digest.test.ts',
  'src/crm/search/typo-tolerance.test.ts',
  'src/crm/search/count-candidates.test.ts',
  'src/email-templates/email-templates.test.ts',
  'src/questions/questions.test.ts',
  // The hiring pipeline: stages and moves, interviews and scorecards, offers, reports, conversations.
  'src/pipeline/pipeline.test.ts',
  'src/interviews/interviews.test.ts',
  'src/offers/offers.test.ts',
  'src/reports/reports.test.ts',
  // Stage conversion counted per group of applications with the same path (ndistinct statistics, covering index).
  'src/reports/stage-conversion.test.ts',
  'src/conversations/conversations.test.ts',
  // Booking links: the interviewers' holds are kept apart by an exclusion constraint that includes the distribution column.
  'src/scheduling/scheduling.test.ts',
  // Round-robin pools: a per-member advisory lock and the choice by load; booking links made for a message.
  'src/scheduling/pool.test.ts',
  'src/conversations/booking-link.test.ts',
  // Design versions, the chatbot's bookings (unique per time and per candidate), the SAP import.
  'src/site-builder/design-publishing.test.ts',
  'src/chatbot/chatbot.test.ts',
  'src/sap-import/sap-import.test.ts',
  // The candidate search cache: its version table is co-located with candidates, and the triggers that bump it run on the shards.
  'src/crm/search-cache/search-cache.test.ts',
  'src/crm/search-cache/search-cache-processes.test.ts',
];

export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: CITUS_TEST_FILES,
    globalSetup: ['test/citus/global-setup.ts'],
    setupFiles: ['test/fail-on-console.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60000,
    hookTimeout: 120000,
  },
});
