import { and, eq } from 'drizzle-orm';
import { loadAccessibleClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { userSettings } from '../db/schema/core.ts';
import type { UserSettingsRow } from './serialize-settings.ts';

/** GET /api/user-settings?clientId: the caller's own settings for a client they may access, or null. */
export async function getUserSettings(opts: { db: DbOrTx; actor: Actor; clientId: string }): Promise<UserSettingsRow | null> {
  await loadAccessibleClient(opts.db, opts.actor, opts.clientId, 'userSettings');
  const [row] = await opts.db
    .select()
    .from(userSettings)
    .where(and(eq(userSettings.clientId, opts.clientId), eq(userSettings.userId, opts.actor.id)))
    .limit(1);
  return row ?? null;
}
