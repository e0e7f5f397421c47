import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { clients } from '../db/schema/core.ts';
import type { ClientRow } from '../jobs/index.ts';

/**
 * Which client (if any) owns a request's Host, by its domainURL. Looked up on every request to a
 * host other than the product's, so the answer is cached briefly per process (10 s), which also
 * bounds how long a domain change takes to apply.
 */
const TTL_MS = 10_000;
const cache = new WeakMap<FastifyInstance, Map<string, { client: ClientRow | null; at: number }>>();

export function productHost(app: FastifyInstance): string {
  return new URL(app.config.publicUrl).host.toLowerCase();
}

export async function clientForHost(app: FastifyInstance, hostHeader: string | undefined): Promise<ClientRow | null> {
  const host = (hostHeader ?? '').toLowerCase().trim();
  if (!host || host.length > 260 || host === productHost(app)) return null;
  let m = cache.get(app);
  if (!m) cache.set(app, (m = new Map()));
  const hit = m.get(host);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.client;
  const bare = host.replace(/:\d+$/, '');
  const [row] = await app.db
    .select()
    .from(clients)
    .where(and(sql`lower(${clients.domainURL}) IN (${host}, ${bare})`, eq(clients.status, 'Active')))
    .limit(1);
  if (m.size > 10_000) m.clear();
  m.set(host, { client: row ?? null, at: Date.now() });
  return row ?? null;
}
