import * as oidc from 'openid-client';
import type { Deps } from '../core/deps.ts';
import type { SsoSettingsRow } from '../db/schema/team.ts';
import { guardedOidcFetch } from './guarded-oidc-fetch.ts';

const TTL_MS = 60 * 60 * 1000;

/**
 * The providers' discovered configurations, by issuer and client id, with when each was fetched.
 * One per app, never a module global: the SSO routes create it once with `createProviderConfigs()`
 * and hand it to the operations in their deps, so two apps in one process never share it.
 */
export type ProviderConfigs = Map<string, { at: number; config: Promise<oidc.Configuration> }>;

export function createProviderConfigs(): ProviderConfigs {
  return new Map();
}

/** What an operation that talks to a client's provider uses: the configuration and the app's discovery cache. */
export type ProviderDeps = Pick<Deps, 'config'> & { providerConfigs: ProviderConfigs };

/**
 * The provider's configuration for one client: the well-known document fetched once and cached for
 * an hour per issuer and client id (core spec §7 "The openID configuration is fetched from the
 * identity provider's well-known document"). ID Token signatures are checked against the provider's
 * JWKS (enableNonRepudiationChecks), not only trusted because they came over TLS.
 */
export function providerConfig(deps: ProviderDeps, s: SsoSettingsRow): Promise<oidc.Configuration> {
  const cache = deps.providerConfigs;
  const key = `${s.issuer}|${s.oidcClientId}|${s.oidcClientSecret.length}|${s.updatedAt.getTime()}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.config;
  const execute = [oidc.enableNonRepudiationChecks];
  if (deps.config.SSO_ALLOW_HTTP_ISSUER) execute.push(oidc.allowInsecureRequests);
  // Every request for this provider (discovery, JWKS, token, userinfo) goes through the guarded
  // fetch: the configuration keeps the customFetch given to discovery for all later calls.
  const p = oidc.discovery(new URL(s.issuer), s.oidcClientId, s.oidcClientSecret, oidc.ClientSecretBasic(s.oidcClientSecret), {
    execute,
    timeout: 10,
    [oidc.customFetch]: guardedOidcFetch(deps.config),
  });
  // A failed discovery is not cached: the next sign-in tries again.
  p.catch(() => cache.delete(key));
  cache.set(key, { at: Date.now(), config: p });
  return p;
}

export { oidc };
