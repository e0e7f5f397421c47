import { eq } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { ssoSessions } from '../db/schema/team.ts';
import { oidc, type ProviderDeps, providerConfig } from './provider.ts';
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
