import type { FastifyInstance } from 'fastify';
import type { clients, users } from '../db/schema/core.ts';
import { seedFeed } from '../feed/seed.ts';
import { seedJobs } from '../jobs/seed.ts';
import { seedPages } from '../pages/seed.ts';
import { seedSites } from '../sites/seed.ts';
import { seedVideo } from '../video/seed.ts';
import { seedWave } from '../wave/seed.ts';
import { seedWidgets } from '../widgets/seed.ts';

export interface DemoContext {
  client: typeof clients.$inferSelect;
  admin: typeof users.$inferSelect;
  recruiter: typeof users.$inferSelect;
  staff: typeof users.$inferSelect;
}

/** Each domain's idempotent demo-data step, run in this order after the core demo tenant exists. */
export const demoSeeders: Array<(app: FastifyInstance, ctx: DemoContext) => Promise<void>> = [
  seedJobs,
  seedSites,
  seedVideo,
  seedWave,
  seedWidgets,
  seedFeed,
  seedPages,
];
