import { messages } from '@hh/contract/messages';
import type { settingsRoutes as r } from '@hh/contract/settings';
import { and, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { diff, logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { userSettings } from '../db/schema/core.ts';
import { notFound } from '../lib/app-error.ts';
import { serializeSettings } from './serialize-settings.ts';

/** PATCH /api/user-settings/update: replaces the caller's settings for the client; none yet is a 404. */
export const updateUserSettings: Operation<typeof r.update, 'db'> = async (deps, input) => {
  const { actor, crm } = input;
  const row = await deps.db.transaction(async (tx) => {
    const client = await requireClient({ db: tx }, actor, input.clientId, 'member', 'userSettings');
    const where = and(eq(userSettings.clientId, client.id), eq(userSettings.userId, actor.id));
    const [before] = await tx.select().from(userSettings).where(where).limit(1);
    if (!before) throw notFound('userSettings', messages.server.settingsNotFound);
    const [updated] = await tx.update(userSettings).set({ crm, updatedAt: new Date() }).where(where).returning();
    await logActivity(tx, {
      actor,
      clientId: client.id,
      action: 'update',
      entity: 'userSettings',
      entityId: updated.id,
      changes: diff({ crm: before.crm }, { crm: updated.crm }),
    });
    return updated;
  });
  return serializeSettings(row);
};
