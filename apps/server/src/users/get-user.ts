import { messages } from '@hh/contract/messages';
import type { userRoutes as r } from '@hh/contract/users';
import { and, eq, sql } from 'drizzle-orm';
import type { Operation } from '../core/operation.ts';
import { serializeUser } from '../core/serialize-user.ts';
import { users } from '../db/schema/core.ts';
import { notFound } from '../lib/app-error.ts';
import { userAccess } from './user-access.ts';

/** GET /api/user?userId or ?email: one user the actor may see; anyone else is a 404. */
export const getUser: Operation<typeof r.get, 'db'> = async (deps, input) => {
  const { db } = deps;
  const match = 'userId' in input ? eq(users.id, input.userId) : sql`lower(${users.email}) = ${input.email.toLowerCase()}`;
  const [row] = await db
    .select()
    .from(users)
    .where(and(match, userAccess(db, input.actor)))
    .limit(1);
  if (!row) throw notFound('users', messages.server.userNotFound);
  return serializeUser(row);
};
