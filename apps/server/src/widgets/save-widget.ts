import { messages } from '@hh/contract/messages';
import { defaultVideoControls, type widgetRoutes as w } from '@hh/contract/widgets';
import { and, eq } from 'drizzle-orm';
import { diff, logActivity } from '../core/activity-log.ts';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { widgets } from '../db/schema/wave.ts';
import { forbidden } from '../lib/app-error.ts';
import { canManageWave, loadManagedWidget } from '../wave/index.ts';
import { toWidget } from './serialize.ts';

/** POST /api/widget/create: every §3 field, defaults applied by the contract. */
export const createWidget: Operation<typeof w.create, 'db' | 'config'> = async (deps, input) => {
  const { actor, clientId: _named, clientIdSelected: _selected, caller: _caller, upload: _upload, ...settings } = input;
  const { id: clientId } = await requireClient(deps, actor, input.clientId, 'member', 'widgets');
  if (!(await canManageWave(deps, { actor, clientId }))) throw forbidden('widgets', messages.server.forbidden);
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(widgets)
      .values({ ...settings, clientId, createdBy: actor.id })
      .returning();
    await logActivity(tx, { actor, clientId, action: 'create', entity: 'widget', entityId: created.id });
    return created;
  });
  return { status: 201, message: messages.widgets.saveSuccess, data: toWidget(row, deps.config.publicUrl) };
};

/** PATCH /api/widget/update: the fields sent replace the stored ones; videoControls merge. */
export const updateWidget: Operation<typeof w.update, 'db' | 'config'> = async (deps, input) => {
  const { _id, actor, clientId, clientIdSelected, caller: _caller, upload: _upload, videoControls, ...rest } = input;
  // Scoped to the client the body names, if any (the portal's selected client is not used here).
  const current = await loadManagedWidget(deps, { actor, widgetId: _id, clientId: clientIdSelected ? undefined : clientId });
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
  return { status: 200, message: messages.widgets.updateSuccess, data: toWidget(row, deps.config.publicUrl) };
};
