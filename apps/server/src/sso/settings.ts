import { messages } from '@hh/contract/messages';
import type { z } from 'zod';
import type { updateSsoSettingsRequest } from '@hh/contract/team';
import { eq, inArray, and, ne } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { Db } from '../db/client.ts';
import { clients } from '../db/schema/core.ts';
import { clientSsoSettings, ssoDomains } from '../db/schema/team.ts';
import { badRequest, conflict } from '../lib/app-error.ts';
import { evictClient } from '../plugins/session-cache.ts';
import { loadAccessibleClient, requireStaffManager } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';

export function serializeSso(clientId: string, sso: boolean, s: typeof clientSsoSettings.$inferSelect | undefined) {
  return {
    clientId,
    sso,
    issuer: s?.issuer ?? null,
    oidcClientId: s?.oidcClientId ?? null,
    hasClientSecret: !!s?.oidcClientSecret,
    emailDomains: s?.emailDomains ?? [],
  };
}

/** GET /api/sso/settings: a client's single sign-on settings (admins and the client's recruiters). The secret is never returned. */
export async function getSsoSettings(db: Db, actor: Actor, clientId: string) {
  requireStaffManager(actor);
  const client = await loadAccessibleClient(db, actor, clientId, 'sso');
  const [s] = await db.select().from(clientSsoSettings).where(eq(clientSsoSettings.clientId, client.id)).limit(1);
  return serializeSso(client.id, client.sso, s);
}

/**
 * PATCH /api/sso/settings/update: turns SSO on or off for a client with its provider's issuer, client
 * id and secret (write-only; kept when not sent) and the email domains it owns. A domain belongs to
 * one client only (sso_domains), so sign-in by address finds exactly one provider.
 */
export async function updateSsoSettings(db: Db, actor: Actor, input: z.infer<typeof updateSsoSettingsRequest>, allowHttp: boolean) {
  requireStaffManager(actor);
  if (!allowHttp && !input.issuer.startsWith('https://')) throw badRequest('issuer', 'The issuer must be an https URL');
  const domains = [...new Set(input.emailDomains)];
  const result = await db.transaction(async (tx) => {
    const client = await loadAccessibleClient(tx, actor, input.clientId, 'sso');
    const [before] = await tx.select().from(clientSsoSettings).where(eq(clientSsoSettings.clientId, client.id)).limit(1);
    const secret = input.oidcClientSecret ?? before?.oidcClientSecret;
    if (!secret) throw badRequest('oidcClientSecret', 'The client secret is required');
    const taken = await tx
      .select({ domain: ssoDomains.domain })
      .from(ssoDomains)
      .where(and(inArray(ssoDomains.domain, domains), ne(ssoDomains.clientId, client.id)))
      .limit(1);
    if (taken[0]) throw conflict('emailDomains', messages.team.ssoDomainTaken(taken[0].domain));
    const values = {
      issuer: input.issuer.replace(/\/$/, ''),
      oidcClientId: input.oidcClientId,
      oidcClientSecret: secret,
      emailDomains: domains,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(clientSsoSettings)
      .values({ clientId: client.id, ...values })
      .onConflictDoUpdate({ target: clientSsoSettings.clientId, set: values })
      .returning();
    await tx.delete(ssoDomains).where(eq(ssoDomains.clientId, client.id));
    if (input.sso) await tx.insert(ssoDomains).values(domains.map((domain) => ({ domain, clientId: client.id })));
    await tx.update(clients).set({ sso: input.sso, updatedAt: new Date() }).where(eq(clients.id, client.id));
    await logActivity(tx, {
      actor,
      clientId: client.id,
      action: 'update',
      entity: 'sso',
      changes: { sso: input.sso, issuer: values.issuer, emailDomains: domains },
    });
    return serializeSso(client.id, input.sso, row);
  });
  evictClient(db, result.clientId);
  return result;
}
