import { messages } from '@hh/contract/messages';
import type { ssoRoutes as r } from '@hh/contract/sso';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { users } from '../db/schema/core.ts';
import { ssoSessions, ssoTickets } from '../db/schema/team.ts';
import { forbidden, notFound } from '../lib/app-error.ts';
import { issueSession } from '../auth/issue-session.ts';
import { sessionCookies } from '../auth/session-cookies.ts';
import { hashToken } from '../auth/tokens.ts';
import { answer, type Operation } from '../core/operation.ts';
import { serializeUser } from '../core/serialize-user.ts';

/**
 * POST /api/sso/exchange: turns the one-time ticket of a finished SSO sign-in into the portal's
 * session, of the openid strategy (core spec §4, §9: refresh token of 2592000 s). The reply carries
 * the tokens as the login does, plus `id_token` and `refresh_token`, the names the openID flow reads.
 */
async function exchangeTicket(deps: Pick<Deps, 'db' | 'config'>, ticket: string, meta: { ip?: string; userAgent?: string }) {
  const [row] = await deps.db
    .update(ssoTickets)
    .set({ usedAt: new Date() })
    .where(and(eq(ssoTickets.ticketHash, hashToken(ticket)), isNull(ssoTickets.usedAt), gt(ssoTickets.expiresAt, new Date())))
    .returning();
  if (!row) throw notFound('sso', messages.team.ssoStateInvalid);
  const [user] = await deps.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user) throw notFound('sso', messages.team.ssoNoAccount);
  if (user.status === 'Suspended') throw forbidden('auth', messages.server.userSuspended);
  const issued = await issueSession(deps.db, deps.config, { userId: user.id, strategy: 'openid', ip: meta.ip, userAgent: meta.userAgent });
  await deps.db.insert(ssoSessions).values({ sessionId: issued.sessionId, clientId: row.clientId, idToken: row.idToken });
  return { issued, user, idToken: row.idToken, redirectTo: row.redirectTo };
}

/** POST /api/sso/exchange: the session's tokens in the reply and in the auth cookies. */
export const exchangeSsoTicket: Operation<typeof r.exchange, 'db' | 'config'> = async (deps, input) => {
  const ua = input.caller.headers['user-agent'];
  const { issued, user, idToken, redirectTo } = await exchangeTicket(deps, input.ticket, {
    ip: input.caller.ip,
    userAgent: typeof ua === 'string' ? ua : undefined,
  });
  const tokens = { accessToken: issued.accessToken, refreshToken: issued.refreshToken, expiresIn: issued.expiresIn };
  return answer({
    setCookies: sessionCookies(input.caller, issued),
    body: { tokens, user: serializeUser(user), redirectTo, id_token: idToken, refresh_token: issued.refreshToken ?? '' },
  });
};
