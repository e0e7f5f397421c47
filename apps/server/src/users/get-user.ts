import { messages } from '@hh/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/core.ts';
import { notFound } from '../lib/app-error.ts';
import type { UserRow } from '../core/serialize-user.ts';
import { userAccess } from './user-access.ts';

/** GET /api/user?userId or ?email: one user the actor may see; anyone else is a 404. */
export async function getUser(opts: { db: DbOrTx; actor: Actor; userId?: string; email?: string }): Promise<UserRow> {
  const { db, actor } = opts;
  const match = opts.userId ? eq(users.id, opts.userId) : sql`lower(${users.email}) = ${(opts.email ?? '').toLowerCase()}`;
  const [row] = await db
    .select()
    .from(users)
    .where(and(match, userAccess(db, actor)))
    .limit(1);
  if (!row) throw notFound('users', messages.server.userNotFound);
  return row;
}
