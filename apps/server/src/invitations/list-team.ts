import type { TeamMember } from '@hh/contract/invitations';
import type { invitationRoutes as r } from '@hh/contract/invitations';
import { sql } from 'drizzle-orm';
import { requireClient, requireRight } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { INVITATION_MANAGERS } from './rights.ts';
import { invitationsOf } from './list-invitations.ts';
import { serializeInvitation } from './serialize.ts';

interface MemberRow extends Record<string, unknown> {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  user_type_global: string;
  user_type_wave: string;
  user_type_harvest: string;
  user_type_harvest_plus: string;
  user_type_cultivate: string;
  user_type_motivator: string;
  status: 'Active' | 'Suspended';
  last_sign_in_at: Date | null;
  manager: boolean;
}

type P = TeamMember['userTypeWave'];

/**
 * The /team screen: the client's members (its staff, and the recruiters who created or manage it)
 * with their product roles, last sign-in and status, and its pending invitations.
 */
export const listTeam: Operation<typeof r.team, 'db'> = async (deps, input) => {
  const { db } = deps;
  const { search } = input;
  requireRight(input.actor, INVITATION_MANAGERS, 'auth');
  const client = await requireClient(deps, input.actor, input.clientId, INVITATION_MANAGERS, 'invitations');
  const like = search ? `%${search.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const managers = [...(client.accountManagers ?? []), ...(client.createdBy ? [client.createdBy] : [])];
  const { rows } = await db.execute<MemberRow>(sql`
    SELECT u.id, u.email, u.first_name, u.last_name, u.user_type_global, u.user_type_wave, u.user_type_harvest,
           u.user_type_harvest_plus, u.user_type_cultivate, u.user_type_motivator, u.status,
           (SELECT max(s.created_at) FROM auth_sessions s WHERE s.user_id = u.id) AS last_sign_in_at,
           (u.client_id IS DISTINCT FROM ${client.id}::uuid) AS manager
      FROM users u
     WHERE (u.client_id = ${client.id}::uuid OR u.id = ANY(${`{${managers.join(',')}}`}::uuid[]))
       AND (${like}::text IS NULL OR lower(u.email) LIKE ${like} OR lower(u.first_name || ' ' || u.last_name) LIKE ${like})
     ORDER BY lower(u.last_name), lower(u.first_name), lower(u.email)
     LIMIT 2000`);
  const members: TeamMember[] = rows.map((r) => ({
    _id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    userTypeGlobal: r.user_type_global,
    userTypeWave: r.user_type_wave as P,
    userTypeHarvest: r.user_type_harvest as P,
    userTypeHarvestPlus: r.user_type_harvest_plus as P,
    userTypeCultivate: r.user_type_cultivate as P,
    userTypeMotivator: r.user_type_motivator as P,
    status: r.status,
    lastSignInAt: r.last_sign_in_at ? new Date(r.last_sign_in_at).toISOString() : null,
    manager: r.manager,
  }));
  // Open invitations, expired ones included (they can be sent again from the screen).
  const invitations = (await invitationsOf(db, client.id, { search })).filter((row) => row.status === 'Pending');
  return { members, invitations: invitations.map((row) => serializeInvitation(row)) };
};
