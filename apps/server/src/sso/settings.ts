import { messages } from '@hh/contract/messages';
import type { ssoRoutes as r } from '@hh/contract/sso';
import { and, eq, inArray, ne, notInArray } from 'drizzle-orm';
import { requireClient, requireRight } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import type { DbOrTx } from '../db/client.ts';
import { clients } from '../db/schema/core.ts';
import { clientSsoSettings, type SsoDomainClaimRow, ssoDomainClaims, ssoDomains, ssoIdentities } from '../db/schema/team.ts';
import { badRequest, conflict } from '../lib/app-error.ts';
import { evictClient } from '../plugins/session-cache.ts';
import { domainState, newVerificationToken } from './domain-proof.ts';
import { assertPublicIssuer } from './guarded-oidc-fetch.ts';

export function serializeSso(clientId: string, sso: boolean, s: typeof clientSsoSettings.$inferSelect | undefined, claims: SsoDomainClaimRow[]) {
  const sorted = [...claims].sort((a, b) => a.domain.localeCompare(b.domain));
  return {
    clientId,
    sso,
    issuer: s?.issuer ?? null,
    oidcClientId: s?.oidcClientId ?? null,
    hasClientSecret: !!s?.oidcClientSecret,
    emailDomains: sorted.map((c) => c.domain),
    domains: sorted.map(domainState),
  };
}

const claimsOf = (db: DbOrTx, clientId: string) => db.select().from(ssoDomainClaims).where(eq(ssoDomainClaims.clientId, clientId));

/** GET /api/sso/settings: a client's single sign-on settings (admins and the client's recruiters). The secret is never returned. */
export const getSsoSettings: Operation<typeof r.settings, 'db'> = async (deps, input) => {
  const actor = requireRight(input.actor, 'staff');
  const client = await requireClient(deps, actor, input.clientId, 'staff', 'sso');
  const [s] = await deps.db.select().from(clientSsoSettings).where(eq(clientSsoSettings.clientId, client.id)).limit(1);
  return serializeSso(client.id, client.sso, s, await claimsOf(deps.db, client.id));
};

/**
 * PATCH /api/sso/settings/update: turns SSO on or off for a client with its provider's issuer, client
 * id and secret (write-only; kept when not sent) and the email domains it claims. The issuer must be
 * on the public internet (a 400 names it otherwise). A new domain is a pending claim with its own
 * TXT token: it routes no sign-in until proved (domain-proof.ts). A domain another client has
 * proved is a 409 naming it. A new issuer drops the subjects linked under the old one.
 */
export const updateSsoSettings: Operation<typeof r.updateSettings, 'db' | 'config'> = async (deps, input) => {
  const actor = requireRight(input.actor, 'staff');
  if (!deps.config.SSO_ALLOW_HTTP_ISSUER && !input.issuer.startsWith('https://')) throw badRequest('issuer', messages.team.ssoIssuerHttps);
  const issuer = input.issuer.replace(/\/$/, '');
  await assertPublicIssuer(deps.config, issuer);
  const domains = [...new Set(input.emailDomains)];
  const result = await deps.db.transaction(async (tx) => {
    const client = await requireClient({ db: tx }, actor, input.clientId, 'staff', 'sso');
    const [before] = await tx.select().from(clientSsoSettings).where(eq(clientSsoSettings.clientId, client.id)).limit(1);
    const secret = input.oidcClientSecret ?? before?.oidcClientSecret;
    if (!secret) throw badRequest('oidcClientSecret', messages.team.ssoSecretRequired);
    const [taken] = await tx
      .select({ domain: ssoDomains.domain })
      .from(ssoDomains)
      .where(and(inArray(ssoDomains.domain, domains), ne(ssoDomains.clientId, client.id)))
      .limit(1);
    if (taken) throw conflict('emailDomains', messages.team.ssoDomainTaken(taken.domain));
    const values = { issuer, oidcClientId: input.oidcClientId, oidcClientSecret: secret, updatedAt: new Date() };
    const [row] = await tx
      .insert(clientSsoSettings)
      .values({ clientId: client.id, ...values })
      .onConflictDoUpdate({ target: clientSsoSettings.clientId, set: values })
      .returning();
    // Subjects are the old provider's: the new one links its own at each user's first sign-in.
    await tx.delete(ssoIdentities).where(and(eq(ssoIdentities.clientId, client.id), ne(ssoIdentities.issuer, issuer)));
    // Domains taken off the list lose their claim and, if proved, their routing row.
    await tx.delete(ssoDomainClaims).where(and(eq(ssoDomainClaims.clientId, client.id), notInArray(ssoDomainClaims.domain, domains)));
    await tx.delete(ssoDomains).where(and(eq(ssoDomains.clientId, client.id), notInArray(ssoDomains.domain, domains)));
    await tx
      .insert(ssoDomainClaims)
      .values(domains.map((domain) => ({ clientId: client.id, domain, token: newVerificationToken() })))
      .onConflictDoNothing();
    await tx.update(clients).set({ sso: input.sso, updatedAt: new Date() }).where(eq(clients.id, client.id));
    const claims = await claimsOf(tx, client.id);
    await logActivity(tx, {
      actor,
      clientId: client.id,
      action: 'update',
      entity: 'sso',
      changes: { sso: input.sso, issuer, emailDomains: domains, pending: claims.filter((c) => !c.verifiedAt).map((c) => c.domain) },
    });
    return serializeSso(client.id, input.sso, row, claims);
  });
  evictClient(deps.db, result.clientId);
  return result;
};
