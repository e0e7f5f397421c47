import { messages } from '@hh/contract/messages';
import type { userRoutes as r, UpdateUserRequest, User } from '@hh/contract/users';
import { and, eq, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { revokeAllSessions } from '../auth/passwords-flow.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { serializeUser } from '../core/serialize-user.ts';
import { isUniqueViolation } from '../core/unique-violation.ts';
import { users } from '../db/schema/core.ts';
import { conflict, forbidden, notFound } from '../lib/app-error.ts';
import { evictUserSessions } from '../plugins/session-cache.ts';
import { userChanges } from './user-changes.ts';
import { userAccess } from './user-access.ts';

type Input = Omit<UpdateUserRequest, '_id'>;
const userTypeFields = ['userTypeGlobal', 'userTypeWave', 'userTypeHarvest', 'userTypeHarvestPlus', 'userTypeCultivate', 'userTypeMotivator'] as const;

/** Fields a user may not change on their own record (docs/permissions.md): identity, rights, status, client. */
function changesRestricted(before: User, input: Input): boolean {
  if (input.email !== undefined && input.email !== before.email.toLowerCase()) return true;
  if (input.status !== undefined && input.status !== before.status) return true;
  if (userTypeFields.some((f) => input[f] !== undefined && input[f] !== before[f])) return true;
  const ci = input.company?.companyInfo;
  return ci !== undefined && ci !== before.company.companyInfo;
}

/**
 * PATCH /api/user/update. Admins: anyone (but not their own type or status, so the last admin
 * cannot lock themselves out). Recruiters: staff of their clients, and themselves. Staff: only
 * themselves. On one's own record only profile fields change (basicInfo, address, company
 * phone/address, department, logo). Suspending revokes every session of the user.
 */
export const updateUser: Operation<typeof r.update, 'db'> = async (deps, input) => {
  const { actor, _id: userId } = input;
  try {
    const updated = await deps.db.transaction(async (tx) => {
      const [target] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, userId), userAccess(tx, actor)))
        .limit(1);
      if (!target) throw notFound('users', messages.server.userNotFound);
      const before = serializeUser(target);
      const self = target.id === actor.id;
      if (self && changesRestricted(before, input)) throw forbidden('users', messages.server.forbidden);
      if (!self && actor.userTypeGlobal === 'user') throw forbidden('users', messages.server.forbidden);
      if (!self && actor.userTypeGlobal === 'recruiter') {
        if (target.userTypeGlobal !== 'user' || (input.userTypeGlobal && input.userTypeGlobal !== 'user')) throw forbidden('users', messages.server.forbidden);
      }
      const newClientId = input.company?.companyInfo;
      if (newClientId && newClientId !== target.clientId) await requireClient({ db: tx }, actor, newClientId, 'member', 'users');
      if (input.email && input.email !== target.email.toLowerCase()) {
        const taken = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${input.email} AND ${users.id} <> ${target.id}`).limit(1);
        if (taken[0]) throw conflict('users', messages.server.emailTaken(input.email));
      }
      const { companyInfo: _ci, ...companyRest } = input.company ?? {};
      const [row] = await tx
        .update(users)
        .set({
          email: input.email,
          firstName: input.basicInfo?.firstName,
          lastName: input.basicInfo?.lastName,
          address: input.address,
          company: input.company ? { ...(target.company ?? {}), ...companyRest } : undefined,
          clientId: newClientId,
          department: input.department,
          userTypeGlobal: input.userTypeGlobal,
          userTypeWave: input.userTypeWave,
          userTypeHarvest: input.userTypeHarvest,
          userTypeHarvestPlus: input.userTypeHarvestPlus,
          userTypeCultivate: input.userTypeCultivate,
          userTypeMotivator: input.userTypeMotivator,
          logo: input.logo,
          status: input.status,
          updatedAt: new Date(),
        })
        .where(eq(users.id, target.id))
        .returning();
      if (row.status === 'Suspended' && target.status !== 'Suspended') await revokeAllSessions(tx, target.id);
      await logActivity(tx, {
        actor,
        clientId: row.clientId,
        action: row.status !== target.status ? (row.status === 'Suspended' ? 'suspend' : 'reactivate') : 'update',
        entity: 'user',
        entityId: row.id,
        changes: userChanges(before, serializeUser(row)),
      });
      return row;
    });
    // After commit: status, client or rights may have changed (other processes get the database notification).
    evictUserSessions(deps.db, updated.id);
    return serializeUser(updated);
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw conflict('users', messages.server.emailTaken(input.email ?? ''));
    throw err;
  }
};
