import { messages } from '@hh/contract/messages';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { clients, users } from '../db/schema/core.ts';
import { ssoStates, ssoTickets } from '../db/schema/team.ts';
import { acceptInto, landingOf, usableInvitation } from '../invitations/index.ts';
import { microsoftEmails, openInvitationsFor } from '../invitations/index.ts';
import { AppError } from '../lib/app-error.ts';
import { canAccessClient } from '../auth/access.ts';
import { hashToken, newOpaqueToken } from '../auth/tokens.ts';
import { oidc, type ProviderDeps, providerConfig } from './provider.ts';
import { callbackUrl, ssoSettingsOf } from './start-sso.ts';

/** A refused sign-in: the portal's /login shows `message`. */
export class SsoRefused extends Error {}
const refuse = (message: string) => new SsoRefused(message);

/**
 * GET /sso/callback: finishes the flow. The state is single-use and expires in 10 minutes; the
 * code is exchanged with the PKCE verifier; the ID Token is verified by openid-client (signature by
 * the provider's JWKS, issuer, audience, expiry, nonce). The user is matched by a verified address on
 * one of the client's email domains (an existing member of that client, or an open invitation, which
 * is accepted on the spot). Returns a one-time ticket the portal exchanges for its session.
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
    // userinfo; its `sub` must be the ID Token's.
    if (!claims.email && config.serverMetadata().userinfo_endpoint) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub));
      claims = { ...info, ...claims };
    }
  } catch (err) {
    deps.log.warn({ err: (err as Error).message, code: (err as { code?: string }).code }, 'SSO: the ID Token or the code exchange was refused');
    throw refuse(messages.team.ssoFailed);
  }
  if (claims.email_verified === false) throw refuse(messages.team.ssoEmailUnverified);
  // Only addresses on the client's own domains count: its provider vouches for those alone.
  const domains = new Set(settings.emailDomains);
  const emails = microsoftEmails(claims).filter((e) => domains.has(e.split('@')[1]));
  if (!emails.length) throw refuse(messages.team.ssoUnknownDomain);

  const result = await deps.db.transaction(async (tx) => {
    const found = await tx
      .select()
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails))
      .limit(1);
    const user = found[0];
    if (user) {
      const [client] = await tx.select().from(clients).where(eq(clients.id, row.clientId)).limit(1);
      const actorLike = { id: user.id, userTypeGlobal: user.userTypeGlobal as 'admin' | 'recruiter' | 'user', clientId: user.clientId };
      if (!client || !canAccessClient(actorLike as Parameters<typeof canAccessClient>[0], client)) throw refuse(messages.team.ssoNoAccount);
      if (user.status === 'Suspended') throw refuse(messages.server.userSuspended);
      return { user, redirectTo: '/' };
    }
    let invitation = null;
    if (row.invitationToken) {
      try {
        invitation = await usableInvitation(tx, row.invitationToken);
      } catch (err) {
        if (err instanceof AppError) throw refuse(err.message);
        throw err;
      }
      if (invitation.clientId !== row.clientId || !emails.includes(invitation.email.toLowerCase())) throw refuse(messages.team.ssoNoAccount);
    } else {
      invitation = (await openInvitationsFor(tx, row.clientId, emails))[0] ?? null;
    }
    if (!invitation) throw refuse(messages.team.ssoNoAccount);
    const created = await acceptInto(tx, invitation, {
      firstName: String(claims.given_name ?? invitation.firstName ?? ''),
      lastName: String(claims.family_name ?? invitation.lastName ?? ''),
      passwordHash: null,
    });
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
