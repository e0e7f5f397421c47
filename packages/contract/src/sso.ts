import { z } from 'zod';
import { id, isoDate } from './common.ts';
import { defineRoute } from './route.ts';
import { sessionCalls } from './session-calls.ts';
import { email, errors, tokensReply, user } from './shared.ts';

// Single sign-on settings (per client; the switch is the client's `sso`)
const httpsUrl = z
  .url()
  .max(500)
  .refine((u) => /^https?:\/\//i.test(u), 'issuer must be an http(s) URL');
const emailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Email domains must look like example.com');
/**
 * A claimed email domain and its proof (docs/decisions/0402-sso-domain-proof.md): pending until the
 * TXT record `txtRecord` is found on the domain; only verified domains route a sign-in.
 */
export const ssoDomainState = z.object({
  domain: z.string(),
  status: z.enum(['pending', 'verified']),
  /** The TXT record to publish on the domain itself, e.g. `hh-verification=3f9c…`. */
  txtRecord: z.string(),
  checkedAt: isoDate.nullable(),
  verifiedAt: isoDate.nullable(),
});
export type SsoDomainState = z.infer<typeof ssoDomainState>;
export const ssoSettings = z.object({
  clientId: id,
  sso: z.boolean(),
  issuer: z.string().nullable(),
  oidcClientId: z.string().nullable(),
  /** The secret is write-only: only whether one is stored is returned. */
  hasClientSecret: z.boolean(),
  emailDomains: z.array(z.string()),
  /** Each of `emailDomains` with its proof state. */
  domains: z.array(ssoDomainState),
});
export type SsoSettings = z.infer<typeof ssoSettings>;
export const ssoSettingsQuery = z.object({ clientId: ssoSettings.shape.clientId });
export const updateSsoSettingsRequest = z.object({
  clientId: id,
  sso: z.boolean(),
  issuer: httpsUrl,
  oidcClientId: z.string().trim().min(1).max(300),
  oidcClientSecret: z.string().min(1).max(1000).optional(),
  emailDomains: z.array(emailDomain).min(1).max(50),
});
/** "Check now": looks for the domain's TXT record. */
export const ssoCheckDomainRequest = z.object({ clientId: id, domain: emailDomain });
export const ssoCheckDomainReply = z.object({ domain: ssoDomainState, message: z.string() });
/** Discovery answers the same for every address (it must not tell which domains use SSO): where to continue. */
export const ssoDiscoverQuery = z.object({ email });
export const ssoDiscoverReply = z.object({ sso: z.boolean(), startUrl: z.string().nullable() });
export const ssoStartQuery = z.object({ email: z.string().trim().toLowerCase().max(254).optional(), invitation: z.string().max(300).optional() });
export const ssoCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(300).optional(),
  error: z.string().max(300).optional(),
  error_description: z.string().max(1000).optional(),
  iss: z.string().max(500).optional(),
});
export const ssoExchangeRequest = z.object({ ticket: z.string().min(20).max(300) });
export const ssoExchangeReply = z.object({ tokens: tokensReply, user, redirectTo: z.string(), id_token: z.string(), refresh_token: z.string() });
export const ssoLogoutReply = z.object({ logoutUrl: z.string().nullable() });

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
    ...sessionCalls.ssoDiscover,
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
    ...sessionCalls.ssoExchange,
    auth: 'public',
    body: ssoExchangeRequest,
    status: 200,
    reply: ssoExchangeReply,
    errors: [400, 403, 404, 429],
    tags: ['sso'],
  }),
  /** Sign-out of an SSO session: ends ours, and returns the provider's end-session URL to go to. */
  logout: defineRoute({ ...sessionCalls.ssoLogout, auth: 'optional', status: 200, reply: ssoLogoutReply, errors: [], tags: ['sso'] }),
};
