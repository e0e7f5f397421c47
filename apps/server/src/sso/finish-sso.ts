import { messages } from '@hh/contract/messages';
import type { ssoRoutes as r } from '@hh/contract/sso';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { answer, type Operation } from '../core/operation.ts';
import type { Tx } from '../db/client.ts';
import { users } from '../db/schema/core.ts';
import { ssoDomains, ssoIdentities, ssoStates, ssoTickets } from '../db/schema/team.ts';
import { acceptInto, landingOf, openInvitationsFor, usableInvitation } from '../invitations/index.ts';
import { AppError } from '../lib/app-error.ts';
import { hashToken, newOpaqueToken } from '../auth/tokens.ts';
import { oidc, type ProviderConfigs, type ProviderDeps, providerConfig } from './provider.ts';
import { callbackUrl, ssoSettingsOf, toLogin } from './start-sso.ts';

/** A refused sign-in: the portal's /login shows `message`. */
export class SsoRefused extends Error {}
const refuse = (message: string) => new SsoRefused(message);

type UserRow = typeof users.$inferSelect;

/**
 * GET /sso/callback: finishes the flow. The state is single-use and expires in 10 minutes; the
 * code is exchanged with the PKCE verifier; the ID Token is verified by openid-client (signature by
 * the provider's JWKS, issuer, audience, expiry, nonce), every request through the guarded fetch.
 *
 * Who signs in is decided by construction (docs/decisions/0402-sso-domain-proof.md):
 *  - only the `email` claim counts (never preferred_username, upn or proxyAddresses), and only with
 *    `email_verified` exactly true;
 *  - its domain must be one this client proved (a pending claim signs nobody in);
 *  - the account is looked up within this client only: a staff user of the client (never a global
 *    admin or recruiter, whose rights span clients, never a user of another client), or an open
 *    invitation of this client, accepted on the spot;
 *  - the provider's subject (iss + sub) is linked to the user at the first verified sign-in and
 *    used from then on; a different subject for a linked user is refused.
 * Returns a one-time ticket the portal exchanges for its session.
 */
export async function finishSso(deps: Pick<Deps, 'db' | 'log'> & ProviderDeps, query: Record<string, string | undefined>): Promise<{ ticket: string }> {
  const state = query.state;
  if (!state) throw refuse(messages.team.ssoStateInvalid);
  const [row] = await deps.db
    .update(ssoStates)
    .set({ usedAt: new Date() })
    .where(and(eq(ssoStates.state, state), isNull(ssoStates.usedAt), gt(ssoStates.expiresAt, new Date())))
    .returning();
  if (!row) throw refuse(messages.team.ssoStateInvalid);
  if (query.error) {
    deps.log.warn({ error: query.error, description: query.error_description }, 'SSO: the provider refused the sign-in');
    throw refuse(messages.team.ssoFailed);
  }
  const settings = await ssoSettingsOf(deps.db, row.clientId);
  if (!settings) throw refuse(messages.team.ssoUnknownDomain);
  const current = new URL(callbackUrl(deps));
  for (const [k, v] of Object.entries(query)) if (v !== undefined) current.searchParams.set(k, v);
  let idToken: string;
  let claims: Record<string, unknown>;
  try {
    const config = await providerConfig(deps, settings);
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: row.codeVerifier,
      expectedState: row.state,
      expectedNonce: row.nonce,
      idTokenExpected: true,
    });
    idToken = tokens.id_token as string;
    claims = (tokens.claims() ?? {}) as Record<string, unknown>;
    // Providers that keep profile claims out of the ID Token (OpenID Connect Core §5.4) serve them at
    // userinfo; its `sub` must be the ID Token's, and the ID Token's own claims win.
    if (!claims.email && config.serverMetadata().userinfo_endpoint) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub));
      claims = { ...info, ...claims };
    }
  } catch (err) {
    deps.log.warn({ err: (err as Error).message, code: (err as { code?: string }).code }, 'SSO: the ID Token or the code exchange was refused');
    throw refuse(messages.team.ssoFailed);
  }
  // Exactly `true`: a missing claim, "true" or 1 is not the provider vouching for the address.
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (claims.email_verified !== true || !/^[^\s@]+@[^\s@]+$/.test(email)) throw refuse(messages.team.ssoEmailUnverified);
  const domain = email.split('@')[1];
  const [proved] = await deps.db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.domain, domain), eq(ssoDomains.clientId, row.clientId)))
    .limit(1);
  if (!proved) throw refuse(messages.team.ssoUnknownDomain);
  const subject = { issuer: String(claims.iss), subject: String(claims.sub) };

  const result = await deps.db.transaction(async (tx) => {
    const linked = await linkedUser(tx, row.clientId, subject);
    if (linked) return { user: usable(linked), redirectTo: '/' };
    const [member] = await tx
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email}`, eq(users.clientId, row.clientId), eq(users.userTypeGlobal, 'user')))
      .limit(1);
    if (member) {
      await link(tx, row.clientId, subject, usable(member).id);
      return { user: member, redirectTo: '/' };
    }
    // An account with this address outside the client (a global admin, a recruiter, another
    // client's user) is never signed in, and no invitation may take its address.
    const [elsewhere] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
    if (elsewhere) throw refuse(messages.team.ssoNoAccount);
    let invitation = null;
    if (row.invitationToken) {
      try {
        invitation = await usableInvitation({ db: tx }, { token: row.invitationToken });
      } catch (err) {
        if (err instanceof AppError) throw refuse(err.message);
        throw err;
      }
      if (invitation.clientId !== row.clientId || invitation.email.toLowerCase() !== email) throw refuse(messages.team.ssoNoAccount);
    } else {
      invitation = (await openInvitationsFor({ db: tx }, { clientId: row.clientId, emails: [email] }))[0] ?? null;
    }
    if (!invitation) throw refuse(messages.team.ssoNoAccount);
    const created = await acceptInto(
      { db: tx },
      {
        invitation,
        firstName: String(claims.given_name ?? invitation.firstName ?? ''),
        lastName: String(claims.family_name ?? invitation.lastName ?? ''),
        passwordHash: null,
      },
    );
    await link(tx, row.clientId, subject, created.id);
    return { user: created, redirectTo: landingOf(invitation) };
  });
  const ticket = newOpaqueToken();
  await deps.db.insert(ssoTickets).values({
    ticketHash: hashToken(ticket),
    userId: result.user.id,
    clientId: row.clientId,
    idToken,
    redirectTo: result.redirectTo,
    expiresAt: new Date(Date.now() + 2 * 60 * 1000),
  });
  return { ticket };
}

function usable(user: UserRow): UserRow {
  if (user.status === 'Suspended') throw refuse(messages.server.userSuspended);
  return user;
}

/** The client's user linked to this subject, if the link still names one (a deleted user's link is dropped). */
async function linkedUser(tx: Tx, clientId: string, s: { issuer: string; subject: string }): Promise<UserRow | null> {
  const key = and(eq(ssoIdentities.clientId, clientId), eq(ssoIdentities.issuer, s.issuer), eq(ssoIdentities.subject, s.subject));
  const [l] = await tx.select().from(ssoIdentities).where(key).limit(1);
  if (!l) return null;
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, l.userId), eq(users.clientId, clientId), eq(users.userTypeGlobal, 'user')))
    .limit(1);
  if (!user) {
    await tx.delete(ssoIdentities).where(key);
    return null;
  }
  await tx.update(ssoIdentities).set({ lastSignInAt: new Date() }).where(key);
  return user;
}

/** Links the subject to the user; a user already linked to another subject is refused. */
async function link(tx: Tx, clientId: string, s: { issuer: string; subject: string }, userId: string): Promise<void> {
  const [other] = await tx
    .select({ subject: ssoIdentities.subject })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.clientId, clientId), eq(ssoIdentities.userId, userId)))
    .limit(1);
  if (other) throw refuse(messages.team.ssoSubjectMismatch);
  const inserted = await tx.insert(ssoIdentities).values({ clientId, issuer: s.issuer, subject: s.subject, userId }).onConflictDoNothing().returning();
  if (inserted.length) return;
  // A sign-in at the same moment linked first: it must have linked this very subject to this user.
  const [now] = await tx
    .select()
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.clientId, clientId), eq(ssoIdentities.issuer, s.issuer), eq(ssoIdentities.subject, s.subject)))
    .limit(1);
  if (now?.userId !== userId) throw refuse(messages.team.ssoSubjectMismatch);
}

/**
 * GET /sso/callback, a browser navigation: back to /login with the one-time ticket in the fragment
 * (it never reaches a server log or a Referer), or with the reason of a refusal. Made per app: the
 * providers' discovered configurations are cached per app.
 */
export const finishSsoWith =
  (providerConfigs: ProviderConfigs): Operation<typeof r.callback, 'db' | 'config' | 'log'> =>
  async (deps, input) => {
    try {
      const { code, state, error, error_description, iss } = input;
      const { ticket } = await finishSso({ ...deps, providerConfigs }, { code, state, error, error_description, iss });
      return answer({ redirect: `/login#sso=${ticket}`, status: 302 });
    } catch (err) {
      if (err instanceof SsoRefused) return toLogin(err.message);
      throw err;
    }
  };
