import { messages } from '@hh/contract/messages';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { invitationRoutes as r } from '@hh/contract/invitations';
import { issueSession } from '../auth/issue-session.ts';
import { sessionCookies } from '../auth/session-cookies.ts';
import { answer, type Operation } from '../core/operation.ts';
import { serializeUser } from '../core/serialize-user.ts';
import { logActivity } from '../core/activity-log.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { DbDeps } from '../core/deps.ts';
import type { Tx } from '../db/client.ts';
import { clients, users } from '../db/schema/core.ts';
import { type InvitationRow, userInvitations } from '../db/schema/team.ts';
import { waveProfiles } from '../db/schema/wave.ts';
import { badRequest, conflict } from '../lib/app-error.ts';
import { nameOf } from './send-invitation-mail.ts';
import { parseInvitationToken, sameHash } from './token.ts';

export type UserRow = typeof users.$inferSelect;

const invalid = () => badRequest('invitations', messages.team.invitationInvalid);

/**
 * An invitation that may still be used (pending, unexpired, the link's secret matches). Inside a
 * transaction `lock` takes the row for the caller's transaction. The secret is compared as a SHA-256
 * hash in constant time; a malformed token costs no query.
 */
export async function usableInvitation({ db: tx }: DbDeps, { token, lock = true }: { token: string; lock?: boolean }): Promise<InvitationRow> {
  const parsed = parseInvitationToken(token);
  if (!parsed) throw invalid();
  const query = tx
    .select()
    .from(userInvitations)
    .where(and(eq(userInvitations.clientId, parsed.clientId), eq(userInvitations.id, parsed.invitationId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !sameHash(row.tokenHash, parsed.secretHash) || row.status !== 'Pending' || row.expiresAt.getTime() <= Date.now()) throw invalid();
  return row;
}

/** Where the invitee lands once signed in: a wave invitation opens the questionnaire. */
export const landingOf = (row: Pick<InvitationRow, 'purpose'>) => (row.purpose === 'wave' ? '/create-wave-profile' : '/');

/**
 * Turns an open invitation into an account (client staff of the inviting client, with the invited
 * product types) and marks it accepted, so the link cannot be used again. `passwordHash` is null for
 * a user who signs in through the client's identity provider.
 */
export async function acceptInto(
  { db: tx }: { db: Tx },
  { invitation: row, ...person }: { invitation: InvitationRow; firstName: string; lastName: string; passwordHash: string | null },
): Promise<UserRow> {
  const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${row.email.toLowerCase()}`).limit(1);
  if (taken) throw conflict('invitations', messages.server.emailTaken(row.email));
  const [user] = await tx
    .insert(users)
    .values({
      email: row.email.toLowerCase(),
      passwordHash: person.passwordHash,
      firstName: person.firstName,
      lastName: person.lastName,
      clientId: row.clientId,
      company: { companyInfo: row.clientId },
      userTypeGlobal: 'user',
      userTypeWave: row.purpose === 'wave' && row.userTypeWave === 'none' ? 'member' : row.userTypeWave,
      userTypeHarvest: row.userTypeHarvest,
      userTypeHarvestPlus: row.userTypeHarvestPlus,
      userTypeCultivate: row.userTypeCultivate,
      userTypeMotivator: row.userTypeMotivator,
      createdBy: row.invitedBy,
    })
    .returning();
  await tx
    .update(userInvitations)
    .set({ status: 'Accepted', acceptedAt: new Date(), acceptedUserId: user.id, updatedAt: new Date() })
    .where(and(eq(userInvitations.clientId, row.clientId), eq(userInvitations.id, row.id)));
  // The wave profile assigned to this address (Assign profiles) becomes the new user's.
  await tx
    .update(waveProfiles)
    .set({ createdBy: user.id })
    .where(and(eq(waveProfiles.clientId, row.clientId), sql`lower(${waveProfiles.ownerEmail}) = ${user.email}`, isNull(waveProfiles.createdBy)));
  await logActivity(tx, {
    actor: null,
    clientId: row.clientId,
    action: 'accept',
    entity: 'invitation',
    entityId: row.id,
    changes: { userId: user.id, email: user.email },
  });
  return user;
}

/**
 * POST /api/user-invitation/accept: sets name and password, ends the invitation, and returns the new user.
 * The token is checked before any password work: a made-up or used link costs one indexed read, never
 * an argon2 hash (hashing first let a flood of fake accepts slow every sign-in). The hash is computed
 * outside the transaction, so no row lock or connection waits on it; the row is checked again, locked,
 * before it is used.
 */
export const acceptInvitation: Operation<typeof r.accept, 'db' | 'config'> = async (deps, input) => {
  await usableInvitation(deps, { token: input.token, lock: false });
  const passwordHash = await hashPassword(input.password);
  const { user, redirectTo } = await deps.db.transaction(async (tx) => {
    const row = await usableInvitation({ db: tx }, { token: input.token });
    const user = await acceptInto({ db: tx }, { invitation: row, firstName: input.firstName, lastName: input.lastName, passwordHash });
    return { user, redirectTo: landingOf(row) };
  });
  // The new member is signed in at once, as after POST /api/login.
  const strategy = deps.config.AUTH_STRATEGY === 'access' ? 'access' : 'refresh';
  const ua = input.caller.headers['user-agent'];
  const issued = await issueSession(deps.db, deps.config, {
    userId: user.id,
    strategy,
    ip: input.caller.ip,
    userAgent: typeof ua === 'string' ? ua : undefined,
  });
  return answer({
    setCookies: sessionCookies(input.caller, issued),
    body: {
      tokens: { accessToken: issued.accessToken, refreshToken: issued.refreshToken, expiresIn: issued.expiresIn },
      user: serializeUser(user),
      redirectTo,
    },
  });
};

/** GET /api/user-invitation/get-by-token: what the guest page shows (who invited whom to which client). Whitelisted. */
export const describeInvitation: Operation<typeof r.getByToken, 'db'> = async (deps, input) =>
  deps.db.transaction(async (tx) => {
    const row = await usableInvitation({ db: tx }, { token: input.token, lock: false });
    const [client] = await tx.select({ name: clients.name, sso: clients.sso }).from(clients).where(eq(clients.id, row.clientId)).limit(1);
    const [inviter] = row.invitedBy ? await tx.select().from(users).where(eq(users.id, row.invitedBy)).limit(1) : [];
    return {
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      clientName: client?.name ?? '',
      invitedByName: inviter ? nameOf(inviter) : '',
      purpose: row.purpose,
      expiresAt: row.expiresAt.toISOString(),
      sso: client?.sso === true,
    };
  });
