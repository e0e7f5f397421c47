import { messages } from '@hh/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { DbDeps } from '../core/deps.ts';
import { clients } from '../db/schema/core.ts';
import { badRequest, notFound } from '../lib/app-error.ts';

export type ClientRow = typeof clients.$inferSelect;

/** The active client behind a public call, named by clientId or nameSlug (suspended clients have no public site). */
export async function publicClient({ db }: DbDeps, q: { clientId?: string; nameSlug?: string; key?: string }): Promise<ClientRow> {
  const key = q.key ?? 'clients';
  if (!q.clientId && !q.nameSlug) throw badRequest('nameSlug', 'nameSlug or clientId is required');
  const [c] = await db
    .select()
    .from(clients)
    .where(and(q.clientId ? eq(clients.id, q.clientId) : sql`lower(${clients.nameSlug}) = lower(${q.nameSlug})`, eq(clients.status, 'Active')))
    .limit(1);
  if (!c) throw notFound(key, messages.server.clientNotFound);
  return c;
}

/** The active client whose career-site slug this is (any case), or null. */
export async function clientBySlug({ db }: DbDeps, { nameSlug }: { nameSlug: string }): Promise<ClientRow | null> {
  const [c] = await db
    .select()
    .from(clients)
    .where(and(sql`lower(${clients.nameSlug}) = lower(${nameSlug})`, eq(clients.status, 'Active')))
    .limit(1);
  return c ?? null;
}

/** The active client whose virtual app name this is (any case), or null. */
export async function clientByVirtualApp({ db }: DbDeps, { virtualAppName: v }: { virtualAppName: string }): Promise<ClientRow | null> {
  const [c] = await db
    .select()
    .from(clients)
    .where(and(sql`lower(${clients.virtualAppName}) = lower(${v})`, eq(clients.status, 'Active')))
    .limit(1);
  return c ?? null;
}
