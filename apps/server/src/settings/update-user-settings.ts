import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { diff, logActivity } from '../core/activity-log.ts';
import { loadAccessibleClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import { userSettings } from '../db/schema/core.ts';
import { notFound } from '../lib/app-error.ts';
import type { UserSettingsRow } from './serialize-settings.ts';

type Crm = { requisitions: { columns: string[] } };

/** PATCH /api/user-settings/update: replaces the caller's settings for the client; none yet is a 404. */
export async function updateUserSettings(opts: { db: Db; actor: Actor; clientId: string; crm: Crm }): Promise<UserSettingsRow> {
  const { db, actor, clientId } = opts;
  return db.transaction(async (tx) => {
    await loadAccessibleClient(tx, actor, clientId, 'userSettings');
    const where = and(eq(userSettings.clientId, clientId), eq(userSettings.userId, actor.id));
    const [before] = await tx.select().from(userSettings).where(where).limit(1);
    if (!before) throw notFound('userSettings', messages.server.settingsNotFound);
    const [row] = await tx.update(userSettings).set({ crm: opts.crm, updatedAt: new Date() }).where(where).returning();
    await logActivity(tx, {
      actor,
      clientId,
      action: 'update',
      entity: 'userSettings',
      entityId: row.id,
      changes: diff({ crm: before.crm }, { crm: row.crm }),
    });
    return row;
  });
}
