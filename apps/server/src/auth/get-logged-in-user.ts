import type { authRoutes as r } from '@hh/contract/auth';
import { eq } from 'drizzle-orm';
import type { Operation } from '../core/operation.ts';
import { serializeUser } from '../core/serialize-user.ts';
import { users } from '../db/schema/core.ts';

/** GET /api/user/fetch-logged-in: the signed-in user's own record. */
export const getLoggedInUser: Operation<typeof r.fetchLoggedIn, 'db'> = async (deps, input) => {
  const [row] = await deps.db.select().from(users).where(eq(users.id, input.actor.id)).limit(1);
  return { user: serializeUser(row) };
};
