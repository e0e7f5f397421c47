import type { settingsRoutes as r } from '@hh/contract/settings';
import { and, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { userSettings } from '../db/schema/core.ts';
import { serializeSettings } from './serialize-settings.ts';

/** GET /api/user-settings?clientId: the caller's own settings for a client they may access, or null. */
export const getUserSettings: Operation<typeof r.get, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, 'member', 'userSettings');
  const [row] = await deps.db
    .select()
    .from(userSettings)
    .where(and(eq(userSettings.clientId, client.id), eq(userSettings.userId, input.actor.id)))
    .limit(1);
  return row ? serializeSettings(row) : null;
};
