import type { FastifyInstance } from 'fastify';
import type { clients, users } from '../db/schema/core.ts';

export interface DemoContext {
  client: typeof clients.$inferSelect;
  admin: typeof users.$inferSelect;
  recruiter: typeof users.$inferSelect;
  staff: typeof users.$inferSelect;
}

/** Each domain's idempotent demo-data step, run after the core demo tenant exists. */
export const demoSeeders: Array<(app: FastifyInstance, ctx: DemoContext) => Promise<void>> = [];
