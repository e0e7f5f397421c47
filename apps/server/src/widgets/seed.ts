import { defaultStyle, defaultVideoControls } from '@hh/contract/widgets';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { widgets } from '../db/schema/wave.ts';
import type { DemoContext } from '../core/demo-context.ts';

const DEMO_WIDGET = 'Careers site widget';

/** One demo widget with the spec's defaults, allowed on localhost for trying the embed (idempotent by name). */
export async function seedWidgets(app: FastifyInstance, ctx: DemoContext): Promise<void> {
  const [found] = await app.db
    .select({ id: widgets.id })
    .from(widgets)
    .where(and(eq(widgets.clientId, ctx.client.id), eq(widgets.name, DEMO_WIDGET)))
    .limit(1);
  if (found) return;
  await app.db.insert(widgets).values({
    clientId: ctx.client.id,
    name: DEMO_WIDGET,
    embeddingPermissions: ['localhost', '127.0.0.1'],
    videoControls: defaultVideoControls,
    style: defaultStyle,
    createdBy: ctx.staff.id,
  });
}
