import { messages } from '@hh/contract/messages';
import type { ssoRoutes as r } from '@hh/contract/sso';
import { eq } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { answer, type Operation } from '../core/operation.ts';
import type { DbOrTx } from '../db/client.ts';
import { clients } from '../db/schema/core.ts';
import { clientSsoSettings, type SsoSettingsRow, ssoDomains, ssoStates } from '../db/schema/team.ts';
import { AppError, badRequest } from '../lib/app-error.ts';
import { parseInvitationToken } from '../invitations/index.ts';
import { oidc, type ProviderConfigs, type ProviderDeps, providerConfig } from './provider.ts';

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

/** The portal's /login shows a refused sign-in's message (query `ssoError`). */
export const toLogin = (message: string) => answer({ redirect: `/login?ssoError=${encodeURIComponent(message)}`, status: 302 });

/**
 * GET /sso/start, a browser navigation: a redirect to the provider, or back to /login with the
 * reason. Made per app: the providers' discovered configurations are cached per app.
 */
export const startSsoWith =
  (providerConfigs: ProviderConfigs): Operation<typeof r.start, 'db' | 'config' | 'log'> =>
  async (deps, input) => {
    try {
      return answer({ redirect: await startSso({ ...deps, providerConfigs }, { email: input.email, invitation: input.invitation }), status: 302 });
    } catch (err) {
      if (err instanceof AppError) return toLogin(err.message);
      deps.log.warn({ err: (err as Error).message }, 'SSO: could not start (provider discovery failed)');
      return toLogin(messages.team.ssoFailed);
    }
  };

/**
 * GET /api/sso/discover: the same answer for every address, with no lookup at all: discovery must
 * not tell anyone which domains use SSO (or time how long the lookup took). /sso/start decides, and
 * refuses unknown domains.
 */
export const discoverSso: Operation<typeof r.discover, never> = async (_deps, input) => ({
  sso: true,
  startUrl: `/sso/start?email=${encodeURIComponent(input.email)}`,
});
