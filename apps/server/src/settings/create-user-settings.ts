import { messages } from '@hh/contract/messages';
import type { settingsRoutes as r } from '@hh/contract/settings';
import { and, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { isUniqueViolation } from '../core/unique-violation.ts';
import { userSettings } from '../db/schema/core.ts';
import { conflict } from '../lib/app-error.ts';
import { serializeSettings } from './serialize-settings.ts';

/** POST /api/user-settings/create: one settings row per user and client; a second is a 409. */
export const createUserSettings: Operation<typeof r.create, 'db'> = async (deps, input) => {
  const { actor, clientId, crm } = input;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const client = await requireClient({ db: tx }, actor, clientId, 'member', 'userSettings');
      const existing = await tx
        .select({ id: userSettings.id })
        .from(userSettings)
        .where(and(eq(userSettings.clientId, client.id), eq(userSettings.userId, actor.id)))
        .limit(1);
      if (existing[0]) throw conflict('userSettings', messages.server.settingsExist);
      const [created] = await tx.insert(userSettings).values({ clientId: client.id, userId: actor.id, crm }).returning();
      await logActivity(tx, {
        actor,
        clientId: client.id,
        action: 'create',
        entity: 'userSettings',
        entityId: created.id,
        changes: { crm: { from: null, to: crm } },
      });
      return created;
    });
    return serializeSettings(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('userSettings', messages.server.settingsExist);
    throw err;
  }
};
