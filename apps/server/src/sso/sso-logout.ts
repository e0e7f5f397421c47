import { eq } from 'drizzle-orm';
import type { ssoRoutes as r } from '@hh/contract/sso';
import { revokeSession } from '../auth/refresh.ts';
import { clearedSessionCookies } from '../auth/session-cookies.ts';
import type { Deps } from '../core/deps.ts';
import { answer, type Operation } from '../core/operation.ts';
import { ssoSessions } from '../db/schema/team.ts';
import { oidc, type ProviderConfigs, type ProviderDeps, providerConfig } from './provider.ts';
import { ssoSettingsOf } from './start-sso.ts';

/**
 * RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0): the provider's end-session URL for
 * an openid session, with the id_token as hint and /login as the return address; null when the
 * session did not come from a provider or the provider offers no end_session_endpoint.
 */
export async function providerLogoutUrl(deps: Pick<Deps, 'db' | 'log'> & ProviderDeps, sessionId: string): Promise<string | null> {
  const [s] = await deps.db.select().from(ssoSessions).where(eq(ssoSessions.sessionId, sessionId)).limit(1);
  if (!s) return null;
  await deps.db.delete(ssoSessions).where(eq(ssoSessions.sessionId, sessionId));
  const settings = await ssoSettingsOf(deps.db, s.clientId);
  if (!settings) return null;
  try {
    const config = await providerConfig(deps, settings);
    if (!config.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(config, { id_token_hint: s.idToken, post_logout_redirect_uri: `${deps.config.publicUrl}/login` }).href;
  } catch (err) {
    deps.log.warn({ err: (err as Error).message }, 'SSO: no provider logout (discovery failed)');
    return null;
  }
}

/**
 * POST /api/sso/logout, the sign-out of an SSO session: ends ours, clears the auth cookies, and
 * answers the provider's end-session URL to go to. Made per app: the providers' discovered
 * configurations are cached per app.
 */
export const ssoLogOutWith =
  (providerConfigs: ProviderConfigs): Operation<typeof r.logout, 'db' | 'config' | 'log'> =>
  async (deps, input) => {
    let logoutUrl: string | null = null;
    if (input.actor) {
      logoutUrl = await providerLogoutUrl({ ...deps, providerConfigs }, input.actor.sessionId);
      await revokeSession(deps.db, input.actor.sessionId);
    }
    return answer({ clearCookies: clearedSessionCookies, body: { logoutUrl } });
  };
