import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ssoSessions } from '../db/schema/team.ts';
import { oidc, providerConfig } from './provider.ts';
import { ssoSettingsOf } from './start-sso.ts';

/**
 * RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0): the provider's end-session URL for
 * an openid session, with the id_token as hint and /login as the return address; null when the
 * session did not come from a provider or the provider offers no end_session_endpoint.
 */
export async function providerLogoutUrl(app: FastifyInstance, sessionId: string): Promise<string | null> {
  const [s] = await app.db.select().from(ssoSessions).where(eq(ssoSessions.sessionId, sessionId)).limit(1);
  if (!s) return null;
  await app.db.delete(ssoSessions).where(eq(ssoSessions.sessionId, sessionId));
  const settings = await ssoSettingsOf(app.db, s.clientId);
  if (!settings) return null;
  try {
    const config = await providerConfig(app.config, settings);
    if (!config.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(config, { id_token_hint: s.idToken, post_logout_redirect_uri: `${app.config.publicUrl}/login` }).href;
  } catch (err) {
    app.log.warn({ err: (err as Error).message }, 'SSO: no provider logout (discovery failed)');
    return null;
  }
}
