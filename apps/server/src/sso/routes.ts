import { ssoRoutes as r } from '@hh/contract/sso';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { checkSsoDomainWith, txtResolver } from './domain-proof.ts';
import { exchangeSsoTicket } from './exchange-ticket.ts';
import { finishSsoWith } from './finish-sso.ts';
import { createProviderConfigs } from './provider.ts';
import { getSsoSettings, updateSsoSettings } from './settings.ts';
import { ssoLogOutWith } from './sso-logout.ts';
import { discoverSso, startSsoWith } from './start-sso.ts';

/**
 * The public SSO calls, per address (in memory per process, like every @fastify/rate-limit limit):
 * enough for a busy office behind one address, far below what guessing tickets or probing which
 * domains use SSO would need. Every 429 carries Retry-After.
 */
export const SSO_PUBLIC_LIMIT = { max: 60, timeWindow: '1 minute' };
const limited = { config: { rateLimit: SSO_PUBLIC_LIMIT } };
/** "Check now" asks DNS: a few a minute are plenty for a person waiting for a record to appear. */
const checkLimited = { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } };

/**
 * Single sign-on through a client's OpenID Connect provider (core spec §6 third strategy).
 * Settings per client; discover and start by address; the callback; the ticket exchange; RP logout.
 * docs/decisions/0041-single-sign-on.md.
 */
export default async function ssoRoutes(app: FastifyInstance) {
  // This app's cache of the providers' discovered configurations (never shared with another app).
  // The DNS TXT resolver of domain proofs, too.
  const providerConfigs = createProviderConfigs();
  const checkSsoDomain = checkSsoDomainWith(txtResolver(app.config));
  const startSso = startSsoWith(providerConfigs);
  const finishSso = finishSsoWith(providerConfigs);
  const ssoLogOut = ssoLogOutWith(providerConfigs);

  route(app, r.settings, getSsoSettings);
  route(app, r.updateSettings, updateSsoSettings);
  route(app, r.checkDomain, checkSsoDomain, checkLimited);
  route(app, r.discover, discoverSso, limited);
  // Browser navigations, not JSON calls: they answer with redirects, so they live outside /api.
  route(app, r.start, startSso, limited);
  route(app, r.callback, finishSso, limited);
  route(app, r.exchange, exchangeSsoTicket, limited);
  route(app, r.logout, ssoLogOut);
}
