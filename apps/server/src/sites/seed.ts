import type { FastifyInstance } from 'fastify';
import type { DemoContext } from '../core/demo-context.ts';

/** Idempotent demo data for this domain (run on first start unless SEED_DEMO=false). */
export async function seedSites(_app: FastifyInstance, _ctx: DemoContext): Promise<void> {}
