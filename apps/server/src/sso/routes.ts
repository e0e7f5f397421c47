import { messages } from '@hh/contract/messages';
import { ssoRoutes as r } from '@hh/contract/team';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { depsOf } from '../core/deps.ts';
import { AppError } from '../lib/app-error.ts';
import { ACCESS_COOKIE, actorOf, REFRESH_COOKIE } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { serializeUser } from '../core/serialize-user.ts';
import { revokeSession } from '../auth/refresh.ts';
import { sessionCookies } from '../auth/session-cookies.ts';
import { exchangeTicket } from './exchange-ticket.ts';
import { finishSso, SsoRefused } from './finish-sso.ts';
import { checkSsoDomain, txtResolver } from './domain-proof.ts';
import { createProviderConfigs } from './provider.ts';
import { getSsoSettings, updateSsoSettings } from './settings.ts';
import { providerLogoutUrl } from './sso-logout.ts';
import { startSso } from './start-sso.ts';

/**
 * The public SSO calls, per address (in memory per process, like every @fastify/rate-limit limit):
 * enough for a busy office behind one address, far below what guessing tickets or probing which
 * domains use SSO would need. Every 429 carries Retry-After.
 */
export const SSO_PUBLIC_LIMIT = { max: 60, timeWindow: '1 minute' };
const limited = { config: { rateLimit: SSO_PUBLIC_LIMIT } };
/** "Check now" asks DNS: a few a minute are plenty for a person waiting for a record to appear. */
const checkLimited = { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } };

/** The portal's /login shows a refused sign-in's message (query `ssoError`). */
const toLogin = (reply: FastifyReply, message: string) => reply.redirect(`/login?ssoError=${encodeURIComponent(message)}`, 302);

/**
 * Single sign-on through a client's OpenID Connect provider (core spec §6 third strategy; issue 14).
 * Settings per client; discover and start by address; the callback; the ticket exchange; RP logout.
 * docs/decisions/0041-single-sign-on.md.
 */
export default async function ssoRoutes(app: FastifyInstance) {
  // This app's cache of the providers' discovered configurations (never shared with another app).
  // The DNS TXT resolver of domain proofs, too.
  const deps = { ...depsOf(app), providerConfigs: createProviderConfigs(), resolveTxt: txtResolver(app.config) };

  legacyRoute(app, r.settings, async (req) => getSsoSettings(deps, actorOf(req), req.query.clientId));

  legacyRoute(app, r.updateSettings, async (req) => updateSsoSettings(deps, actorOf(req), req.body));

  legacyRoute(app, r.checkDomain, async (req) => checkSsoDomain(deps, actorOf(req), req.body), checkLimited);

  // The same answer for every address, with no lookup at all: discovery must not tell anyone which
  // domains use SSO (or time how long the lookup took). /sso/start decides, and refuses unknown domains.
  legacyRoute(app, r.discover, async (req) => ({ sso: true, startUrl: `/sso/start?email=${encodeURIComponent(req.query.email)}` }), limited);

  // Browser navigations, not JSON calls: they answer with redirects, so they live outside /api.
  legacyRoute(
    app,
    r.start,
    async (req, reply) => {
      try {
        return reply.redirect(await startSso(deps, req.query), 302);
      } catch (err) {
        if (err instanceof AppError) return toLogin(reply, err.message);
        req.log.warn({ err: (err as Error).message }, 'SSO: could not start (provider discovery failed)');
        return toLogin(reply, messages.team.ssoFailed);
      }
    },
    limited,
  );

  legacyRoute(
    app,
    r.callback,
    async (req, reply) => {
      try {
        const { ticket } = await finishSso(deps, req.query);
        // The ticket travels in the fragment: it never reaches a server log or a Referer.
        return reply.redirect(`/login#sso=${ticket}`, 302);
      } catch (err) {
        if (err instanceof SsoRefused) return toLogin(reply, err.message);
        throw err;
      }
    },
    limited,
  );

  legacyRoute(
    app,
    r.exchange,
    async (req, reply) => {
      const { issued, user, idToken, redirectTo } = await exchangeTicket(deps, req.body.ticket, { ip: req.ip, userAgent: req.headers['user-agent'] });
      for (const c of sessionCookies(req, issued)) reply.setCookie(c.name, c.value, c.options);
      const tokens = { accessToken: issued.accessToken, refreshToken: issued.refreshToken, expiresIn: issued.expiresIn };
      return { tokens, user: serializeUser(user), redirectTo, id_token: idToken, refresh_token: issued.refreshToken ?? '' };
    },
    limited,
  );

  // Sign-out of an SSO session: ends ours, and returns the provider's end-session URL to go to.
  legacyRoute(app, r.logout, async (req, reply) => {
    let logoutUrl: string | null = null;
    if (req.actor) {
      logoutUrl = await providerLogoutUrl(deps, req.actor.sessionId);
      await revokeSession(app.db, req.actor.sessionId);
    }
    reply.clearCookie(ACCESS_COOKIE, { path: '/' });
    reply.clearCookie(REFRESH_COOKIE, { path: '/' });
    return { logoutUrl };
  });
}
