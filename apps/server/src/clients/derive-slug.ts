import { isReservedSlug } from '@hh/contract/roles';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { clients } from '../db/schema/core.ts';

/** A URL-safe, lower-case slug from a client name: "Café & Co." -> "cafe-co". */
export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 70)
    .replace(/-+$/g, '');
  if (!base) return 'client';
  // The contract's slug needs at least two characters.
  return base.length < 2 ? `${base}-client` : base;
}

/**
 * The first free slug for a name: the base itself, else base-2, base-3, ... A reserved base
 * (a portal route such as "admin") is never used bare, so the derived slug gets a suffix too.
 */
export async function deriveFreeSlug(db: DbOrTx, name: string): Promise<string> {
  const base = slugify(name);
  const rows = await db
    .select({ slug: sql<string>`lower(${clients.nameSlug})` })
    .from(clients)
    .where(sql`lower(${clients.nameSlug}) = ${base} OR lower(${clients.nameSlug}) ~ ${`^${base}-[0-9]+$`}`);
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base) && !isReservedSlug(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export async function slugTaken(db: DbOrTx, slug: string, exceptClientId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      exceptClientId
        ? sql`lower(${clients.nameSlug}) = ${slug.toLowerCase()} AND ${clients.id} <> ${exceptClientId}`
        : sql`lower(${clients.nameSlug}) = ${slug.toLowerCase()}`,
    )
    .limit(1);
  return rows.length > 0;
}

export async function domainTaken(db: DbOrTx, domain: string, exceptClientId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      exceptClientId
        ? sql`lower(${clients.domainURL}) = ${domain.toLowerCase()} AND ${clients.id} <> ${exceptClientId}`
        : sql`lower(${clients.domainURL}) = ${domain.toLowerCase()}`,
    )
    .limit(1);
  return rows.length > 0;
}
