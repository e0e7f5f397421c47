import { messages } from '@hh/contract/messages';
import type { CreateInvitationRequest } from '@hh/contract/invitations';
import type { invitationRoutes as r } from '@hh/contract/invitations';
import { and, eq, sql } from 'drizzle-orm';
import { requireClient, requireRight } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { INVITATION_MANAGERS } from './rights.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Tx } from '../db/client.ts';
import { clients, users } from '../db/schema/core.ts';
import { type InvitationRow, userInvitations } from '../db/schema/team.ts';
import { conflict } from '../lib/app-error.ts';
import { evictUserSessions } from '../plugins/session-cache.ts';
import { serializeInvitation } from './serialize.ts';
import { nameOf, sendInvitationMail } from './send-invitation-mail.ts';
import { newInvitationToken } from './token.ts';

type ProductTypes = Pick<CreateInvitationRequest, 'userTypeWave' | 'userTypeHarvest' | 'userTypeHarvestPlus' | 'userTypeCultivate' | 'userTypeMotivator'>;
const productKeys = ['userTypeWave', 'userTypeHarvest', 'userTypeHarvestPlus', 'userTypeCultivate', 'userTypeMotivator'] as const;

export function productTypesOf(input: ProductTypes): Partial<Record<(typeof productKeys)[number], string>> {
  const out: Partial<Record<(typeof productKeys)[number], string>> = {};
  for (const k of productKeys) if (input[k] !== undefined) out[k] = input[k];
  return out;
}

/**
 * POST /api/user-invitation/create: invites several addresses to one client with role data per
 * product. A new address gets a pending invitation and an email with a single-use link that
 * expires (INVITATION_TTL_DAYS). An address that already has an account gets no second account:
 * the client is added to that user's rights at once (docs/decisions/0040-invitations.md) and the
 * invitation is recorded as accepted. A pending invitation to the same address is sent again.
 */
export const createInvitations: Operation<typeof r.create, 'db' | 'mail' | 'config'> = async (deps, input) => {
  const { actor } = input;
  const db = deps.db;
  requireRight(input.actor, INVITATION_MANAGERS, 'auth');
  const client = await requireClient(deps, input.actor, input.clientId, INVITATION_MANAGERS, 'invitations');
  const emails = [...new Set(input.emails.map((e) => e.toLowerCase()))];
  const roles = productTypesOf(input);
  const ttlMs = deps.config.INVITATION_TTL_DAYS * 86400_000;
  const [inviter] = await db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  const toMail: Array<{ row: InvitationRow; token: string }> = [];
  const existingUsers: string[] = [];
  const touchedUsers: string[] = [];

  const rows = await db.transaction(async (tx) => {
    const out: InvitationRow[] = [];
    for (const email of emails) {
      const [existing] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
      if (existing) {
        await grantClient(tx, client.id, existing, roles);
        existingUsers.push(email);
        touchedUsers.push(existing.id);
        // Any open invitation to this address is now moot.
        await tx
          .update(userInvitations)
          .set({ status: 'Revoked', revokedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(userInvitations.clientId, client.id), sql`lower(${userInvitations.email}) = ${email}`, eq(userInvitations.status, 'Pending')));
        const [row] = await tx
          .insert(userInvitations)
          .values({
            clientId: client.id,
            email,
            firstName: existing.firstName,
            lastName: existing.lastName,
            purpose: input.purpose,
            ...roles,
            status: 'Accepted',
            tokenHash: 'granted-to-existing-user',
            expiresAt: new Date(),
            invitedBy: actor.id,
            acceptedUserId: existing.id,
            acceptedAt: new Date(),
          })
          .returning();
        out.push(row);
        continue;
      }
      const [pending] = await tx
        .select()
        .from(userInvitations)
        .where(and(eq(userInvitations.clientId, client.id), sql`lower(${userInvitations.email}) = ${email}`, eq(userInvitations.status, 'Pending')))
        .limit(1);
      let row: InvitationRow;
      if (pending) {
        const { token, hash } = newInvitationToken(client.id, pending.id);
        [row] = await tx
          .update(userInvitations)
          .set({
            ...roles,
            firstName: input.firstName ?? pending.firstName,
            lastName: input.lastName ?? pending.lastName,
            purpose: input.purpose,
            tokenHash: hash,
            expiresAt: new Date(Date.now() + ttlMs),
            sentCount: sql`${userInvitations.sentCount} + 1`,
            lastSentAt: new Date(),
            invitedBy: actor.id,
            updatedAt: new Date(),
          })
          .where(and(eq(userInvitations.clientId, client.id), eq(userInvitations.id, pending.id)))
          .returning();
        toMail.push({ row, token });
      } else {
        const id = crypto.randomUUID();
        const { token, hash } = newInvitationToken(client.id, id);
        [row] = await tx
          .insert(userInvitations)
          .values({
            clientId: client.id,
            id,
            email,
            firstName: input.firstName ?? '',
            lastName: input.lastName ?? '',
            purpose: input.purpose,
            ...roles,
            tokenHash: hash,
            expiresAt: new Date(Date.now() + ttlMs),
            invitedBy: actor.id,
          })
          .returning();
        toMail.push({ row, token });
      }
      out.push(row);
    }
    await logActivity(tx, { actor, clientId: client.id, action: 'invite', entity: 'invitation', changes: { emails, purpose: input.purpose, ...roles } });
    return out;
  });

  for (const id of touchedUsers) evictUserSessions(db, id);
  const inviterName = inviter ? nameOf(inviter) : actor.email;
  for (const m of toMail) await sendInvitationMail(deps, { client, actor, row: m.row, token: m.token, inviterName });
  for (const email of existingUsers) {
    await deps.mail.send({
      to: email,
      clientId: client.id,
      subject: `You now have access to ${client.name}`,
      text: `Hello,\n\n${inviterName} added ${client.name} to your Humanize Hiring account.\n\nSign in as usual: ${deps.config.publicUrl}/login`,
    });
  }
  return { message: messages.recruiting.invitationsSent, results: rows.map((row) => serializeInvitation(row)), existingUsers, totalCount: rows.length };
};

/**
 * Adds the client to an existing user's rights: a recruiter becomes one of its account managers,
 * a staff member without a client (or of this client) joins it with the invited product types.
 * Admins already see every client. A staff member of another client belongs to that client
 * (users have one company), so the invitation is refused with the spec's message.
 */
async function grantClient(tx: Tx, clientId: string, user: typeof users.$inferSelect, roles: ReturnType<typeof productTypesOf>) {
  if (user.userTypeGlobal === 'admin') return;
  if (user.userTypeGlobal === 'recruiter') {
    await tx
      .update(clients)
      .set({ accountManagers: sql`array_append(${clients.accountManagers}, ${user.id}::uuid)`, updatedAt: new Date() })
      .where(
        and(
          eq(clients.id, clientId),
          sql`NOT (${user.id}::uuid = ANY(${clients.accountManagers}))`,
          sql`${clients.createdBy} IS DISTINCT FROM ${user.id}::uuid`,
        ),
      );
    return;
  }
  if (user.clientId && user.clientId !== clientId) throw conflict('invitations', messages.recruiting.invitationSendError);
  await tx
    .update(users)
    .set({ clientId, company: { ...(user.company ?? {}), companyInfo: clientId }, ...roles, updatedAt: new Date() })
    .where(eq(users.id, user.id));
}
