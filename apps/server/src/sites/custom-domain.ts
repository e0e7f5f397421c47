import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { clients } from '../db/schema/core.ts';
import type { ClientRow } from '../public-jobs/index.ts';

/**
 * Which client (if any) owns a request's Host, by its domainURL. Looked up on every request to a
 * host other than the product's, so the answer is cached briefly per app (10 s), which also
 * bounds how long a domain change takes to apply.
 */
const TTL_MS = 10_000;

/**
 * The app's cache of Host → client answers: one per app, never a module global. The sites route
 * plugin creates it once with `createHostCache()` and hands it to `clientForHost` in its deps.
 */
export type HostCache = Map<string, { client: ClientRow | null; at: number }>;

export function createHostCache(): HostCache {
  return new Map();
}

/** The product's host, parsed once per publicUrl (this runs on every request). */
let parsed: { url: string; host: string } | null = null;
export function productHost(deps: Pick<Deps, 'config'>): string {
  const url = deps.config.publicUrl;
  if (parsed?.url !== url) parsed = { url, host: new URL(url).host.toLowerCase() };
  return parsed.host;
}

/** False for the product's own host (or none): no client owns it, so there is nothing to look up. */
export function onOtherHost(deps: Pick<Deps, 'config'>, hostHeader: string | undefined): boolean {
  const host = (hostHeader ?? '').toLowerCase().trim();
  return host !== '' && host.length <= 260 && host !== productHost(deps);
}

export async function clientForHost(deps: Pick<Deps, 'db' | 'config'> & { hostCache: HostCache }, hostHeader: string | undefined): Promise<ClientRow | null> {
  if (!onOtherHost(deps, hostHeader)) return null;
  const host = (hostHeader ?? '').toLowerCase().trim();
  const m = deps.hostCache;
  const hit = m.get(host);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.client;
  const bare = host.replace(/:\d+$/, '');
  const [row] = await deps.db
    .select()
    .from(clients)
    .where(and(sql`lower(${clients.domainURL}) IN (${host}, ${bare})`, eq(clients.status, 'Active')))
    .limit(1);
  if (m.size > 10_000) m.clear();
  m.set(host, { client: row ?? null, at: Date.now() });
  return row ?? null;
}
