import { messages } from '@hh/contract/messages';
import { globalUserType, productUserType } from '@hh/contract/roles';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '../auth/actor.ts';
import { authCookieUsable } from '../auth/cookie-origin.ts';
import { verifyAccessToken } from '../auth/tokens.ts';
import { forbidden, unauthorized } from '../lib/app-error.ts';
import { registerSessionCache, SessionCache } from './session-cache.ts';

export const ACCESS_COOKIE = 'auth._token.local';
export const REFRESH_COOKIE = 'auth._refresh_token.local';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Session+user rows of signed-in calls, invalidated through LISTEN/NOTIFY (docs/decisions/0005-session-cache.md). */
    authCache: SessionCache<CachedSession>;
  }
  interface FastifyContextConfig {
    /** 'public': no sign-in needed (career sites, login). 'optional': actor set when a valid token comes. Default: required. */
    auth?: 'public' | 'optional' | 'required';
  }
}

function bearer(req: FastifyRequest): { token: string; fromCookie: boolean } | null {
  const h = req.headers.authorization;
  if (h?.startsWith('Bearer ')) return { token: h.slice(7).trim(), fromCookie: false };
  // Only the product's own pages may use the cookie (a sandboxed client script's request carries it too).
  const c = authCookieUsable(req) ? req.cookies?.[ACCESS_COOKIE] : undefined;
  if (c) return { token: c.startsWith('Bearer ') ? c.slice(7) : c, fromCookie: true };
  return null;
}

interface SessionRow extends Record<string, unknown> {
  id: string;
  email: string;
  status: string;
  client_id: string | null;
  user_type_global: string;
  user_type_wave: string;
  user_type_harvest: string;
  user_type_harvest_plus: string;
  user_type_cultivate: string;
  user_type_motivator: string;
  revoked_at: Date | null;
  expires_at: Date;
}

const product = (v: string) => productUserType.catch('none').parse(v);

/** What a signed-in call needs from its session row: the suspension/revocation state and the actor. */
export interface CachedSession {
  suspended: boolean;
  revoked: boolean;
  actor: Actor;
}

function toCached(row: SessionRow, sessionId: string): CachedSession {
  return {
    suspended: row.status === 'Suspended',
    revoked: row.revoked_at !== null,
    actor: {
      id: row.id,
      email: row.email,
      sessionId,
      userTypeGlobal: globalUserType.catch('user').parse(row.user_type_global),
      clientId: row.client_id,
      products: {
        wave: product(row.user_type_wave),
        harvest: product(row.user_type_harvest),
        harvestPlus: product(row.user_type_harvest_plus),
        cultivate: product(row.user_type_cultivate),
        motivator: product(row.user_type_motivator),
      },
    },
  };
}

/**
 * Resolves `req.actor` from the verified token and the user's current row, so a suspension or a
 * revoked session takes effect at once (core spec §6). The row comes from the session cache while
 * its LISTEN connection is up (every change to it is notified by the database), else from the database.
 */
export default fp(async function auth(app: FastifyInstance) {
  app.decorateRequest('actor', null);
  const cache = new SessionCache<CachedSession>(app.databaseUrl, { log: app.log });
  app.decorate('authCache', cache);
  registerSessionCache(app.db, cache as SessionCache<unknown>);
  await cache.start();
  app.addHook('onClose', async () => {
    await cache.close();
  });

  // A public route (career pages, /health) passes without a promise: most requests are those.
  app.addHook('onRequest', (req, _reply, done) => {
    const mode = req.routeOptions.config?.auth ?? (req.url.startsWith('/api/') && !req.url.startsWith('/api/docs') ? 'required' : 'public');
    if (mode === 'public') return done();
    authenticate(req, mode).then(() => done(), done);
  });

  async function authenticate(req: FastifyRequest, mode: 'optional' | 'required'): Promise<void> {
    const found = bearer(req);
    if (!found) {
      if (mode === 'required') throw unauthorized(messages.server.notSignedIn);
      return;
    }
    const claims = await verifyAccessToken(app.config.jwtSecret, found.token);
    if (!claims) {
      if (mode === 'required') throw unauthorized(messages.session.expired);
      return;
    }
    let session = cache.get(claims.sid);
    if (!session || session.actor.id !== claims.sub) {
      const ticket = cache.ticket();
      const { rows } = await app.pool.query<SessionRow>({
        name: 'auth_session', // prepared once per connection: this runs on every cache miss
        text: `SELECT u.id, u.email, u.status, u.client_id, u.user_type_global, u.user_type_wave, u.user_type_harvest,
                u.user_type_harvest_plus, u.user_type_cultivate, u.user_type_motivator, s.revoked_at, s.expires_at
           FROM auth_sessions s JOIN users u ON u.id = s.user_id
          WHERE s.id = $1 AND u.id = $2`,
        values: [claims.sid, claims.sub],
      });
      session = rows[0] ? toCached(rows[0], claims.sid) : undefined;
      if (session) cache.set(claims.sid, session.actor.id, session, ticket);
    }
    // Suspension is checked first: suspending also revokes the sessions, and the portal must still
    // see the 403 with the suspension message on the next call (core spec §6), not a generic expiry.
    if (session?.suspended) throw forbidden('auth', messages.server.userSuspended);
    if (!session || session.revoked) {
      if (mode === 'required') throw unauthorized(messages.session.expired);
      return;
    }
    // Cookie-authenticated writes must carry the portal's custom header: a cross-site form cannot set it.
    if (found.fromCookie && !['GET', 'HEAD', 'OPTIONS'].includes(req.method) && !req.headers['x-client-url'] && !req.headers['x-requested-with']) {
      throw forbidden('auth', messages.server.forbidden);
    }
    const a = session.actor; // a copy per request: the cached value stays untouched
    req.actor = { ...a, products: { ...a.products } };
  }
});

/** The signed-in actor of a route that requires sign-in (the hook guarantees it). */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthorized(messages.server.notSignedIn);
  return req.actor;
}

export { sql };
