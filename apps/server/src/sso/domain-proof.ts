import { messages } from '@hh/contract/messages';
import type { SsoDomainState } from '@hh/contract/sso';
import type { ssoRoutes as r } from '@hh/contract/sso';
import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { and, eq } from 'drizzle-orm';
import { requireClient, requireRight } from '../auth/access.ts';
import type { Config } from '../config.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { type SsoDomainClaimRow, ssoDomainClaims, ssoDomains } from '../db/schema/team.ts';
import { conflict, notFound } from '../lib/app-error.ts';

/**
 * Proof that a client owns an email domain (docs/decisions/0402-sso-domain-proof.md): a DNS TXT
 * record `hh-verification=<token>` on the domain itself, the token random per client and domain.
 * Only whoever runs the domain's DNS can publish it; a mailbox at the domain is not enough (anyone
 * with an address at a shared mail provider could confirm a mail).
 */
export const newVerificationToken = () => randomBytes(24).toString('hex');
export const txtRecordOf = (token: string) => `hh-verification=${token}`;

export function domainState(c: SsoDomainClaimRow): SsoDomainState {
  return {
    domain: c.domain,
    status: c.verifiedAt ? 'verified' : 'pending',
    txtRecord: txtRecordOf(c.token),
    checkedAt: c.checkedAt?.toISOString() ?? null,
    verifiedAt: c.verifiedAt?.toISOString() ?? null,
  };
}

/** Looks up a domain's TXT records: each record as its character strings. */
export type ResolveTxt = (domain: string) => Promise<string[][]>;

/**
 * The guarded resolver: only names the contract accepted as a domain are asked, only of the
 * configured DNS servers (SSO_DNS_SERVERS; the system's when empty: a loopback server in tests),
 * with a time limit, and at most 100 records of 4 KB are read (a huge answer proves nothing).
 */
export function txtResolver(config: Pick<Config, 'SSO_DNS_SERVERS'>): ResolveTxt {
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  const servers = config.SSO_DNS_SERVERS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (servers.length) resolver.setServers(servers);
  return async (domain) => (await resolver.resolveTxt(domain)).slice(0, 100).filter((r) => r.join('').length <= 4096);
}

/**
 * POST /api/sso/domains/check ("Check now"): looks for the claim's TXT record. Found, the claim is
 * verified and the domain's row in sso_domains becomes this client's (its primary key lets one
 * client only: another client's proof first is a 409 naming the domain). Not found, the claim stays
 * pending with the time of the check. A verified claim is answered as it is, without a lookup.
 * Made per app: the DNS resolver is the app's (its servers come from the configuration).
 */
export const checkSsoDomainWith =
  (resolveTxt: ResolveTxt): Operation<typeof r.checkDomain, 'db' | 'log'> =>
  async (deps, input) => {
    const actor = requireRight(input.actor, 'staff');
    const client = await requireClient(deps, actor, input.clientId, 'staff', 'sso');
    const where = and(eq(ssoDomainClaims.clientId, client.id), eq(ssoDomainClaims.domain, input.domain));
    const [claim] = await deps.db.select().from(ssoDomainClaims).where(where).limit(1);
    if (!claim) throw notFound('domain', messages.team.ssoDomainNotClaimed(input.domain));
    if (claim.verifiedAt) return { domain: domainState(claim), message: messages.team.ssoDomainVerified(claim.domain) };
    const expected = txtRecordOf(claim.token);
    let found = false;
    try {
      found = (await resolveTxt(claim.domain)).some((chunks) => chunks.join('').trim() === expected);
    } catch (err) {
      // No record, no such name, or no answer in time: the claim simply stays pending.
      deps.log.info({ domain: claim.domain, code: (err as { code?: string }).code }, 'SSO: no TXT record found for a domain claim');
    }
    const now = new Date();
    const updated = await deps.db.transaction(async (tx) => {
      if (found) {
        await tx.insert(ssoDomains).values({ domain: claim.domain, clientId: client.id }).onConflictDoNothing();
        const [owner] = await tx.select({ clientId: ssoDomains.clientId }).from(ssoDomains).where(eq(ssoDomains.domain, claim.domain)).limit(1);
        if (owner?.clientId !== client.id) throw conflict('domain', messages.team.ssoDomainTaken(claim.domain));
        await logActivity(tx, { actor, clientId: client.id, action: 'verify', entity: 'sso', changes: { domain: claim.domain } });
      }
      const [row] = await tx
        .update(ssoDomainClaims)
        .set({ checkedAt: now, ...(found ? { verifiedAt: now } : {}) })
        .where(where)
        .returning();
      return row;
    });
    return {
      domain: domainState(updated),
      message: found ? messages.team.ssoDomainVerified(claim.domain) : messages.team.ssoDomainNotYet(claim.domain, expected),
    };
  };
