import { messages } from '@hh/contract/messages';
import { eq } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import type { DbOrTx } from '../db/client.ts';
import { clients } from '../db/schema/core.ts';
import { clientSsoSettings, type SsoSettingsRow, ssoDomains, ssoStates } from '../db/schema/team.ts';
import { badRequest } from '../lib/app-error.ts';
import { parseInvitationToken } from '../invitations/index.ts';
import { oidc, type ProviderDeps, providerConfig } from './provider.ts';

export const callbackUrl = (deps: Pick<Deps, 'config'>) => `${deps.config.publicUrl}/sso/callback`;
const domainOf = (email: string) => email.split('@')[1]?.toLowerCase() ?? '';

/** The client that proved this address's domain (sso_domains holds proved domains only), when it has SSO on. */
export async function ssoClientForEmail(db: DbOrTx, email: string): Promise<string | null> {
  const domain = domainOf(email);
  if (!domain) return null;
  const [row] = await db.select({ clientId: ssoDomains.clientId }).from(ssoDomains).where(eq(ssoDomains.domain, domain)).limit(1);
  if (!row) return null;
  return (await ssoSettingsOf(db, row.clientId)) ? row.clientId : null;
}

/** A client's settings when its SSO is on. */
export async function ssoSettingsOf(db: DbOrTx, clientId: string): Promise<SsoSettingsRow | null> {
  const [c] = await db.select({ sso: clients.sso }).from(clients).where(eq(clients.id, clientId)).limit(1);
  if (!c?.sso) return null;
  const [s] = await db.select().from(clientSsoSettings).where(eq(clientSsoSettings.clientId, clientId)).limit(1);
  return s ?? null;
}

/**
 * GET /sso/start: begins the authorization-code flow with PKCE (S256), `state` and `nonce`
 * (core spec §6). The provider is the client owning the address's domain, or the client of the
 * invitation being accepted. Returns the provider's authorization URL to redirect to.
 */
export async function startSso(deps: Pick<Deps, 'db'> & ProviderDeps, opts: { email?: string; invitation?: string }): Promise<string> {
  let clientId: string | null = null;
  if (opts.invitation) clientId = parseInvitationToken(opts.invitation)?.clientId ?? null;
  else if (opts.email) clientId = await ssoClientForEmail(deps.db, opts.email);
  const settings = clientId ? await ssoSettingsOf(deps.db, clientId) : null;
  if (!clientId || !settings) throw badRequest('sso', messages.team.ssoUnknownDomain);
  const config = await providerConfig(deps, settings);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  await deps.db.insert(ssoStates).values({
    state,
    clientId,
    codeVerifier,
    nonce,
    invitationToken: opts.invitation ?? null,
    expiresAt: new Date(Date.now() + 10 * 60 * 1000),
  });
  const params: Record<string, string> = {
    redirect_uri: callbackUrl(deps),
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  };
  if (opts.email) params.login_hint = opts.email;
  return oidc.buildAuthorizationUrl(config, params).href;
}
