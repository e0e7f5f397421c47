import { errorReply } from '@hh/contract/common';
import * as c from '@hh/contract/team';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { ACCESS_COOKIE, actorOf, REFRESH_COOKIE } from '../plugins/auth.ts';
import { serializeUser } from '../core/serialize-user.ts';
import { revokeSession } from '../auth/refresh.ts';
import { setSessionCookies } from '../auth/session-cookies.ts';
import { exchangeTicket } from './exchange-ticket.ts';
import { finishSso, SsoRefused } from './finish-sso.ts';
import { getSsoSettings, updateSsoSettings } from './settings.ts';
import { providerLogoutUrl } from './sso-logout.ts';
import { ssoClientForEmail, startSso } from './start-sso.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

/** The portal's /login shows a refused sign-in's message (query `ssoError`). */
const toLogin = (reply: FastifyReply, message: string) => reply.redirect(`/login?ssoError=${encodeURIComponent(message)}`, 302);

/**
 * Single sign-on through a client's OpenID Connect provider (core spec §6 third strategy; issue 14).
 * Settings per client; discover and start by address; the callback; the ticket exchange; RP logout.
 * docs/decisions/0041-single-sign-on.md.
 */
export default async function ssoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['sso'];

  app.get(
    '/api/sso/settings',
    { schema: { tags, querystring: z.object({ clientId: c.ssoSettings.shape.clientId }), response: { 200: c.ssoSettings, ...errors } } },
    async (req) => getSsoSettings(app.db, actorOf(req), req.query.clientId),
  );

  app.patch('/api/sso/settings/update', { schema: { tags, body: c.updateSsoSettingsRequest, response: { 200: c.ssoSettings, ...errors } } }, async (req) =>
    updateSsoSettings(app.db, actorOf(req), req.body, app.config.SSO_ALLOW_HTTP_ISSUER),
  );

  app.get(
    '/api/sso/discover',
    { config: { auth: 'public' }, schema: { tags, querystring: c.ssoDiscoverQuery, response: { 200: c.ssoDiscoverReply, 400: errorReply } } },
    async (req) => {
      const clientId = await ssoClientForEmail(app.db, req.query.email);
      return { sso: !!clientId, startUrl: clientId ? `/sso/start?email=${encodeURIComponent(req.query.email)}` : null };
    },
  );

  // Browser navigations, not JSON calls: they answer with redirects, so they live outside /api.
  app.get('/sso/start', { config: { auth: 'public' }, schema: { tags, querystring: c.ssoStartQuery } }, async (req, reply) => {
    try {
      return reply.redirect(await startSso(app, req.query), 302);
    } catch (err) {
      if (err instanceof AppError) return toLogin(reply, err.message);
      req.log.warn({ err: (err as Error).message }, 'SSO: could not start (provider discovery failed)');
      return toLogin(reply, c.teamTexts.ssoFailed);
    }
  });

  app.get('/sso/callback', { config: { auth: 'public' }, schema: { tags, querystring: c.ssoCallbackQuery } }, async (req, reply) => {
    try {
      const { ticket } = await finishSso(app, req.query);
      // The ticket travels in the fragment: it never reaches a server log or a Referer.
      return reply.redirect(`/login#sso=${ticket}`, 302);
    } catch (err) {
      if (err instanceof SsoRefused) return toLogin(reply, err.message);
      throw err;
    }
  });

  app.post(
    '/api/sso/exchange',
    {
      config: { auth: 'public' },
      schema: { tags, body: c.ssoExchangeRequest, response: { 200: c.ssoExchangeReply, 400: errorReply, 403: errorReply, 404: errorReply } },
    },
    async (req, reply) => {
      const { issued, user, idToken, redirectTo } = await exchangeTicket(app, req.body.ticket, { ip: req.ip, userAgent: req.headers['user-agent'] });
      setSessionCookies(req, reply, issued);
      const tokens = { accessToken: issued.accessToken, refreshToken: issued.refreshToken, expiresIn: issued.expiresIn };
      return { tokens, user: serializeUser(user), redirectTo, id_token: idToken, refresh_token: issued.refreshToken ?? '' };
    },
  );

  // Sign-out of an SSO session: ends ours, and returns the provider's end-session URL to go to.
  app.post('/api/sso/logout', { config: { auth: 'optional' }, schema: { tags, response: { 200: c.ssoLogoutReply } } }, async (req, reply) => {
    let logoutUrl: string | null = null;
    if (req.actor) {
      logoutUrl = await providerLogoutUrl(app, req.actor.sessionId);
      await revokeSession(app.db, req.actor.sessionId);
    }
    reply.clearCookie(ACCESS_COOKIE, { path: '/' });
    reply.clearCookie(REFRESH_COOKIE, { path: '/' });
    return { logoutUrl };
  });
}
