import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { ClientRow } from '../auth/access.ts';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/core.ts';
import { personName } from './load-offer.ts';

/**
 * Who may be an approver of the client's offers: its active hiring team, that is its own staff with a
 * harvest or cultivate role (member or above, the offer readers) and the recruiters who manage it
 * now. Product admins are not part of a client's team.
 */
function teamOf(client: Pick<ClientRow, 'id' | 'createdBy' | 'accountManagers'>): SQL {
  const managers = [client.createdBy, ...(client.accountManagers ?? [])].filter((x): x is string => !!x);
  const staff = and(
    eq(users.clientId, client.id),
    eq(users.userTypeGlobal, 'user'),
    or(inArray(users.userTypeHarvest, ['member', 'editor', 'admin']), inArray(users.userTypeCultivate, ['member', 'editor', 'admin'])),
  ) as SQL;
  const recruiters = managers.length ? and(eq(users.userTypeGlobal, 'recruiter'), inArray(users.id, managers)) : sql`false`;
  return and(eq(users.status, 'Active'), or(staff, recruiters)) as SQL;
}

export async function hiringTeam(db: DbOrTx, client: Pick<ClientRow, 'id' | 'createdBy' | 'accountManagers'>, onlyIds?: string[]) {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(teamOf(client), onlyIds ? inArray(users.id, onlyIds) : undefined))
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map((u) => ({ _id: u.id, name: personName(u), email: u.email }));
}
