import { defineRoute } from './route.ts';
import {
  errors,
  ssoCallbackQuery,
  ssoCheckDomainReply,
  ssoCheckDomainRequest,
  ssoDiscoverQuery,
  ssoDiscoverReply,
  ssoExchangeReply,
  ssoExchangeRequest,
  ssoLogoutReply,
  ssoSettings,
  ssoSettingsQuery,
  ssoStartQuery,
  updateSsoSettingsRequest,
} from './team.ts';

/**
 * Single sign-on (core spec §6 third strategy; decision 0041): settings per client, discovery by
 * address, the ticket exchange and RP logout. `start` and `callback` are browser navigations that
 * answer with redirects (no JSON reply), so they live outside /api.
 */
export const ssoRoutes = {
  settings: defineRoute({ method: 'GET', path: '/api/sso/settings', query: ssoSettingsQuery, status: 200, reply: ssoSettings, errors, tags: ['sso'] }),
  updateSettings: defineRoute({
    method: 'PATCH',
    path: '/api/sso/settings/update',
    body: updateSsoSettingsRequest,
    status: 200,
    reply: ssoSettings,
    errors,
    tags: ['sso'],
  }),
  /** Looks for a claimed domain's TXT record now; a found record makes the claim verified. */
  checkDomain: defineRoute({
    method: 'POST',
    path: '/api/sso/domains/check',
    body: ssoCheckDomainRequest,
    status: 200,
    reply: ssoCheckDomainReply,
    errors: [...errors, 429],
    tags: ['sso'],
  }),
  discover: defineRoute({
    method: 'GET',
    path: '/api/sso/discover',
    auth: 'public',
    query: ssoDiscoverQuery,
    status: 200,
    reply: ssoDiscoverReply,
    errors: [400, 429],
    tags: ['sso'],
  }),
  start: defineRoute({ method: 'GET', path: '/sso/start', auth: 'public', query: ssoStartQuery, status: 200, reply: null, errors: [], tags: ['sso'] }),
  callback: defineRoute({ method: 'GET', path: '/sso/callback', auth: 'public', query: ssoCallbackQuery, status: 200, reply: null, errors: [], tags: ['sso'] }),
  exchange: defineRoute({
    method: 'POST',
    path: '/api/sso/exchange',
    auth: 'public',
    body: ssoExchangeRequest,
    status: 200,
    reply: ssoExchangeReply,
    errors: [400, 403, 404, 429],
    tags: ['sso'],
  }),
  /** Sign-out of an SSO session: ends ours, and returns the provider's end-session URL to go to. */
  logout: defineRoute({ method: 'POST', path: '/api/sso/logout', auth: 'optional', status: 200, reply: ssoLogoutReply, errors: [], tags: ['sso'] }),
};
