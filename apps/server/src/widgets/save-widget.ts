import { messages } from '@hh/contract/messages';
import { type createWidgetRequest, defaultVideoControls, type updateWidgetRequest, type Widget } from '@hh/contract/widgets';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import type { z } from 'zod';
import { diff, logActivity } from '../core/activity-log.ts';
import type { Actor } from '../auth/actor.ts';
import { loadAccessibleClient } from '../auth/access.ts';
import { widgets } from '../db/schema/wave.ts';
import { forbidden } from '../lib/app-error.ts';
import { canManageWave } from '../wave/index.ts';
import { loadManagedWidget } from './load-widget.ts';
import { toWidget } from './serialize.ts';

/** POST /api/widget/create: every §3 field, defaults applied by the contract. */
export async function createWidget(deps: Pick<Deps, 'db' | 'config'>, opts: { actor: Actor; body: z.output<typeof createWidgetRequest> }): Promise<Widget> {
  const { actor, body } = opts;
  const { clientId, ...settings } = body;
  await loadAccessibleClient(deps.db, actor, clientId, 'widgets');
  if (!(await canManageWave(deps.db, actor, clientId))) throw forbidden('widgets', messages.server.forbidden);
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(widgets)
      .values({ ...settings, clientId, createdBy: actor.id })
      .returning();
    await logActivity(tx, { actor, clientId, action: 'create', entity: 'widget', entityId: created.id });
    return created;
  });
  return toWidget(row, deps.config.publicUrl);
}

/** PATCH /api/widget/update: the fields sent replace the stored ones; videoControls merge. */
export async function updateWidget(deps: Pick<Deps, 'db' | 'config'>, opts: { actor: Actor; body: z.output<typeof updateWidgetRequest> }): Promise<Widget> {
  const { actor, body } = opts;
  const { _id, clientId, videoControls, ...rest } = body;
  const current = await loadManagedWidget(deps.db, actor, _id, clientId);
  const row = await deps.db.transaction(async (tx) => {
    const set: Partial<typeof widgets.$inferInsert> = { ...rest, updatedAt: new Date() };
    if (videoControls) set.videoControls = { ...defaultVideoControls, ...current.videoControls, ...videoControls };
    const [updated] = await tx
      .update(widgets)
      .set(set)
      .where(and(eq(widgets.clientId, current.clientId), eq(widgets.id, current.id)))
      .returning();
    await logActivity(tx, { actor, clientId: current.clientId, action: 'update', entity: 'widget', entityId: current.id, changes: diff(current, updated) });
    return updated;
  });
  return toWidget(row, deps.config.publicUrl);
}
