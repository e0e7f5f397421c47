import type { FastifyInstance } from 'fastify';
import type { DemoContext } from '../core/demo-context.ts';
import { stagesFromStatuses } from './backfill.ts';

/** Demo jobs get their pipeline, and the demo candidates' statuses become their applications' stages (as the migration did for existing data). */
export async function seedPipeline(app: FastifyInstance, ctx: DemoContext) {
  await stagesFromStatuses(app.db, ctx.client.id);
}
