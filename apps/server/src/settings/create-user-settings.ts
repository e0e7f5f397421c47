import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import { loadAccessibleClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import { isUniqueViolation } from '../core/unique-violation.ts';
import type { Db } from '../db/client.ts';
import { userSettings } from '../db/schema/core.ts';
import { conflict } from '../lib/app-error.ts';
import type { UserSettingsRow } from './serialize-settings.ts';

type Crm = { requisitions: { columns: string[] } };

/** POST /api/user-settings/create: one settings row per user and client; a second is a 409. */
export async function createUserSettings(opts: { db: Db; actor: Actor; clientId: string; crm: Crm }): Promise<UserSettingsRow> {
  const { db, actor, clientId } = opts;
  try {
    return await db.transaction(async (tx) => {
      await loadAccessibleClient(tx, actor, clientId, 'userSettings');
      const existing = await tx
        .select({ id: userSettings.id })
        .from(userSettings)
        .where(and(eq(userSettings.clientId, clientId), eq(userSettings.userId, actor.id)))
        .limit(1);
      if (existing[0]) throw conflict('userSettings', messages.server.settingsExist);
      const [row] = await tx.insert(userSettings).values({ clientId, userId: actor.id, crm: opts.crm }).returning();
      await logActivity(tx, { actor, clientId, action: 'create', entity: 'userSettings', entityId: row.id, changes: { crm: { from: null, to: opts.crm } } });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('userSettings', messages.server.settingsExist);
    throw err;
  }
}
