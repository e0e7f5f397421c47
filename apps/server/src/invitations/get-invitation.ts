import { messages } from '@hh/contract/messages';
import type { invitationRoutes as r } from '@hh/contract/invitations';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { requireClient, requireRight } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { INVITATION_MANAGERS } from './rights.ts';
import type { DbDeps } from '../core/deps.ts';
import type { DbOrTx } from '../db/client.ts';
import { type InvitationRow, userInvitations } from '../db/schema/team.ts';
import { notFound } from '../lib/app-error.ts';
import { listed, serializeInvitation } from './serialize.ts';

/** GET /api/user-invitation/get-by-id. */
export const getInvitation: Operation<typeof r.getById, 'db'> = async (deps, input) => {
  requireRight(input.actor, INVITATION_MANAGERS, 'auth');
  const client = await requireClient(deps, input.actor, input.clientId, INVITATION_MANAGERS, 'invitations');
  return serializeInvitation(await invitationOf(deps.db, client.id, input.invitationId));
};

export async function invitationOf(db: DbOrTx, clientId: string, invitationId: string): Promise<InvitationRow> {
  const [row] = await db
    .select()
    .from(userInvitations)
    .where(and(eq(userInvitations.clientId, clientId), eq(userInvitations.id, invitationId)))
    .limit(1);
  if (!row) throw notFound('invitations', messages.team.invitationNotFound);
  return row;
}

/** Splits a comma/space separated address list into lower-case addresses. */
export const splitEmails = (s: string) =>
  [
    ...new Set(
      s
        .split(/[\s,;]+/)
        .map((e) => e.trim().toLowerCase())
        .filter((e) => e.includes('@')),
    ),
  ].slice(0, 500);

/** GET /api/user-invitation/get-by-emails: the client's invitations to any of these addresses. */
export const getInvitationsByEmails: Operation<typeof r.getByEmails, 'db'> = async (deps, input) => {
  requireRight(input.actor, INVITATION_MANAGERS, 'auth');
  const client = await requireClient(deps, input.actor, input.clientId, INVITATION_MANAGERS, 'invitations');
  const emails = splitEmails(input.emails);
  if (!emails.length) return listed([]);
  return listed(
    await deps.db
      .select()
      .from(userInvitations)
      .where(and(eq(userInvitations.clientId, client.id), inArray(sql`lower(${userInvitations.email})`, emails)))
      .limit(1000),
  );
};

/**
 * The addresses an Azure AD / Entra ID tenant reports for one user: `email`, `preferred_username`,
 * `upn`, and the `proxyAddresses`/`emails` lists (aliases; "SMTP:" marks the primary, "smtp:" an alias).
 */
export function microsoftEmails(input: string[] | Record<string, unknown>): string[] {
  const raw: unknown[] = Array.isArray(input)
    ? input
    : [input.email, input.preferred_username, input.upn, input.unique_name, ...asArray(input.proxyAddresses), ...asArray(input.emails)];
  const out = new Set<string>();
  for (const v of raw) {
    if (typeof v !== 'string') continue;
    const addr = v
      .replace(/^smtp:/i, '')
      .trim()
      .toLowerCase();
    if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(addr)) out.add(addr);
  }
  return [...out];
}
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Open (pending, unexpired) invitations of one client to any of the addresses. */
export async function openInvitationsFor({ db }: DbDeps, { clientId, emails }: { clientId: string; emails: string[] }): Promise<InvitationRow[]> {
  if (!emails.length) return [];
  return db
    .select()
    .from(userInvitations)
    .where(
      and(
        eq(userInvitations.clientId, clientId),
        eq(userInvitations.status, 'Pending'),
        sql`${userInvitations.expiresAt} > now()`,
        inArray(sql`lower(${userInvitations.email})`, emails),
      ),
    );
}

/** GET /api/user-invitation/get-by-microsoft-emails: open invitations matched by a Microsoft user's primary address and aliases. */
export const getInvitationsByMicrosoftEmails: Operation<typeof r.getByMicrosoftEmails, 'db'> = async (deps, input) => {
  requireRight(input.actor, INVITATION_MANAGERS, 'auth');
  const client = await requireClient(deps, input.actor, input.clientId, INVITATION_MANAGERS, 'invitations');
  return listed(await openInvitationsFor(deps, { clientId: client.id, emails: microsoftEmails(input.emails.split(/[\s,;]+/)) }));
};
