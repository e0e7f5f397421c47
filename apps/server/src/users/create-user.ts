import { messages } from '@hh/contract/messages';
import type { userRoutes as r } from '@hh/contract/users';
import { sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { hashPassword } from '../auth/passwords.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { serializeUser } from '../core/serialize-user.ts';
import { isUniqueViolation } from '../core/unique-violation.ts';
import { users } from '../db/schema/core.ts';
import { badRequest, conflict, forbidden } from '../lib/app-error.ts';
import { userChanges } from './user-changes.ts';

/**
 * POST /api/user/create (docs/permissions.md): a global admin creates anyone; a recruiter creates
 * client staff (userTypeGlobal 'user') for a client they access; client staff cannot create users.
 */
export const createUser: Operation<typeof r.create, 'db'> = async (deps, input) => {
  const { actor } = input;
  if (actor.userTypeGlobal === 'user') throw forbidden('users', messages.server.forbidden);
  if (actor.userTypeGlobal === 'recruiter' && input.userTypeGlobal !== 'user') throw forbidden('users', messages.server.forbidden);
  const clientId = input.company?.companyInfo ?? null;
  // A recruiter's staff member must belong to one of the recruiter's clients.
  if (actor.userTypeGlobal === 'recruiter' && !clientId) throw badRequest('users', messages.server.clientNotFound);
  const passwordHash = await hashPassword(input.password);
  try {
    const created = await deps.db.transaction(async (tx) => {
      if (clientId) await requireClient({ db: tx }, actor, clientId, 'member', 'users');
      const taken = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${input.email}`).limit(1);
      if (taken[0]) throw conflict('users', messages.server.emailTaken(input.email));
      const { companyInfo: _ci, ...company } = input.company ?? {};
      const [row] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.basicInfo.firstName ?? '',
          lastName: input.basicInfo.lastName ?? '',
          address: input.address ?? {},
          company,
          clientId,
          department: input.department ?? null,
          userTypeGlobal: input.userTypeGlobal,
          userTypeWave: input.userTypeWave,
          userTypeHarvest: input.userTypeHarvest,
          userTypeHarvestPlus: input.userTypeHarvestPlus,
          userTypeCultivate: input.userTypeCultivate,
          userTypeMotivator: input.userTypeMotivator,
          logo: input.logo ?? null,
          status: input.status,
          createdBy: actor.id,
        })
        .returning();
      await logActivity(tx, { actor, clientId, action: 'create', entity: 'user', entityId: row.id, changes: userChanges({}, serializeUser(row)) });
      return row;
    });
    return serializeUser(created);
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw conflict('users', messages.server.emailTaken(input.email));
    throw err;
  }
};
