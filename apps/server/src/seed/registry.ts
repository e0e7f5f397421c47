import type { FastifyInstance } from 'fastify';
import { seedConversations } from '../conversations/seed.ts';
import { seedCrm } from '../crm/seed.ts';
import { seedFeed } from '../feed/seed.ts';
import { seedJobs } from '../jobs/seed.ts';
import { seedPipeline } from '../pipeline/seed.ts';
import { seedPages } from '../site-builder/seed.ts';
import { seedSites } from '../sites/seed.ts';
import { seedVideo } from '../video/seed.ts';
import { seedWave } from '../wave/seed.ts';
import { seedWidgets } from '../widgets/seed.ts';
import type { DemoContext } from '../core/demo-context.ts';

/** Each domain's idempotent demo-data step, run in this order after the core demo tenant exists. */
export const demoSeeders: Array<(app: FastifyInstance, ctx: DemoContext) => Promise<void>> = [
  seedJobs,
  seedSites,
  seedVideo,
  seedWave,
  seedWidgets,
  seedFeed,
  seedPages,
  seedCrm,
  seedConversations,
  seedPipeline,
];
