import { authRoutes as r } from '@hh/contract/auth';
import { messages } from '@hh/contract/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../db/schema/core.ts';
import { unauthorized } from '../lib/app-error.ts';
import { ACCESS_COOKIE, actorOf, REFRESH_COOKIE } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { serializeUser } from '../core/serialize-user.ts';
import { authCookieUsable } from './cookie-origin.ts';
import { login } from './login.ts';
import { completePasswordReset, requestPasswordReset, updatePassword } from './passwords-flow.ts';
import { refreshTokensFor, revokeByRefreshToken, revokeSession } from './refresh.ts';
import type { IssuedTokens } from './issue-session.ts';

const COOKIE_MAX_AGE = 1209600; // core spec §9: auth cookie max age

/** Auth cookie per core spec §9: prefix `auth.`, path /, 1209600 s, SameSite lax, secure over HTTPS. */
function setAuthCookies(req: FastifyRequest, reply: FastifyReply, tokens: IssuedTokens) {
  const opts = { path: '/', maxAge: COOKIE_MAX_AGE, sameSite: 'lax' as const, secure: req.protocol === 'https', httpOnly: true };
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, opts);
  if (tokens.refreshToken) reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, opts);
}

function clearAuthCookies(reply: FastifyReply) {
  reply.clearCookie(ACCESS_COOKIE, { path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { path: '/' });
}

export default async function authRoutes(app: FastifyInstance) {
  legacyRoute(app, r.login, async (req, reply) => {
    const strategy = req.body.strategy ?? (app.config.AUTH_STRATEGY === 'access' ? 'access' : 'refresh');
    const { issued, user } = await login(app.db, app.config, {
      email: req.body.email,
      password: req.body.password,
      ip: req.ip,
      userAgent: req.headers['user-agent'],
      strategy,
    });
    setAuthCookies(req, reply, issued);
    return { tokens: { accessToken: issued.accessToken, refreshToken: issued.refreshToken, expiresIn: issued.expiresIn }, user };
  });

  legacyRoute(app, r.refreshToken, async (req, reply) => {
    const token = req.body?.refreshToken ?? (authCookieUsable(req) ? req.cookies[REFRESH_COOKIE] : undefined);
    if (!token) throw unauthorized(messages.server.refreshInvalid);
    const result = await refreshTokensFor(app.db, app.config, token);
    if (result.reused) {
      clearAuthCookies(reply);
      throw unauthorized(messages.server.refreshInvalid);
    }
    setAuthCookies(req, reply, result.tokens);
    return { tokens: result.tokens, refresh_token: result.tokens.refreshToken };
  });

  legacyRoute(app, r.logout, async (req, reply) => {
    const token = req.body?.refreshToken ?? (authCookieUsable(req) ? req.cookies[REFRESH_COOKIE] : undefined);
    if (token) await revokeByRefreshToken(app.db, token);
    if (req.actor) await revokeSession(app.db, req.actor.sessionId);
    clearAuthCookies(reply);
    return reply.send(null);
  });

  legacyRoute(app, r.fetchLoggedIn, async (req) => {
    const actor = actorOf(req);
    const [row] = await app.db.select().from(users).where(eq(users.id, actor.id)).limit(1);
    return { user: serializeUser(row) };
  });

  legacyRoute(app, r.passwordReset, async (req) => {
    if ('token' in req.body) {
      await completePasswordReset(app.db, req.body.token, req.body.password);
      return { message: messages.accounts.passwordResetSuccess };
    }
    await requestPasswordReset(app.db, app.config, app.mail, req.body.email, req.log);
    return { message: messages.server.resetRequested };
  });

  legacyRoute(app, r.updatePassword, async (req, reply) => {
    await updatePassword(app.db, actorOf(req), req.body.currentPassword, req.body.newPassword);
    clearAuthCookies(reply);
    return { message: messages.accounts.passwordUpdateSuccess };
  });
}
