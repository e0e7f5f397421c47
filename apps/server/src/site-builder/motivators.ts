import { messages } from '@hh/contract/messages';
import { pageErrorKeys } from '@hh/contract/site-builder';
import { and, asc, eq, sql } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import { storedRichText } from '../core/rich-html.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { type MotivatorFilter, type MotivatorRow, motivators } from '../db/schema/pages.ts';
import { conflict, notFound } from '../lib/app-error.ts';
import { isUniqueViolation } from '../core/unique-violation.ts';
import { slugify } from '../core/site-urls.ts';
import { requireClient } from '../auth/access.ts';

const key = pageErrorKeys.motivators;

export interface MotivatorInput {
  name?: string;
  headline?: string;
  story?: string;
  image?: string | null;
  video?: string | null;
  icon?: string;
  filter?: MotivatorFilter;
  published?: boolean;
  position?: number;
}

/** 001 §4: "The motivators list is shuffled randomly when it is set." */
export function shuffle<T>(list: T[]): T[] {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

export async function listMotivators(db: Db, actor: Actor, clientId: string, published?: boolean): Promise<MotivatorRow[]> {
  await requireClient({ db }, actor, clientId, { product: 'motivator', level: 'member' }, key);
  return db
    .select()
    .from(motivators)
    .where(and(eq(motivators.clientId, clientId), published === undefined ? undefined : eq(motivators.published, published)))
    .orderBy(asc(motivators.position), asc(motivators.name));
}

export async function publishedMotivators(deps: { db: DbOrTx }, input: { clientId: string }): Promise<MotivatorRow[]> {
  const { db } = deps;
  const { clientId } = input;
  return db
    .select()
    .from(motivators)
    .where(and(eq(motivators.clientId, clientId), eq(motivators.published, true)))
    .orderBy(asc(motivators.position), asc(motivators.name));
}

export async function motivatorBySlug(deps: { db: DbOrTx }, input: { clientId: string; slug: string }): Promise<MotivatorRow | null> {
  const { db } = deps;
  const { clientId, slug } = input;
  const [row] = await db
    .select()
    .from(motivators)
    .where(and(eq(motivators.clientId, clientId), eq(motivators.slug, slug.toLowerCase()), eq(motivators.published, true)));
  return row ?? null;
}

export async function getMotivator(db: DbOrTx, clientId: string, id: string): Promise<MotivatorRow> {
  const [row] = await db
    .select()
    .from(motivators)
    .where(and(eq(motivators.clientId, clientId), eq(motivators.id, id)));
  if (!row) throw notFound(key, messages.pages.motivatorNotFound);
  return row;
}

async function freeSlug(tx: DbOrTx, clientId: string, name: string, exceptId?: string): Promise<string> {
  const base = slugify(name, 'motivator').slice(0, 60);
  const r = await tx.execute(
    sql`SELECT slug FROM motivators WHERE client_id = ${clientId} AND (slug = ${base} OR slug LIKE ${`${base}-%`}) ${exceptId ? sql`AND id <> ${exceptId}` : sql``}`,
  );
  const taken = new Set((r.rows as Array<{ slug: string }>).map((x) => x.slug));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

const fields = (i: MotivatorInput) => ({
  ...(i.name !== undefined ? { name: i.name } : {}),
  ...(i.headline !== undefined ? { headline: i.headline } : {}),
  ...(i.story !== undefined ? { story: storedRichText(i.story) } : {}),
  ...(i.image !== undefined ? { image: i.image || null } : {}),
  ...(i.video !== undefined ? { video: i.video || null } : {}),
  ...(i.icon !== undefined ? { icon: i.icon } : {}),
  ...(i.filter !== undefined ? { filter: i.filter } : {}),
  ...(i.published !== undefined ? { published: i.published } : {}),
  ...(i.position !== undefined ? { position: i.position } : {}),
});

export async function createMotivator(db: Db, actor: Actor, clientId: string, input: MotivatorInput & { name: string }): Promise<MotivatorRow> {
  try {
    return await db.transaction(async (tx) => {
      await requireClient({ db: tx }, actor, clientId, { product: 'motivator', level: 'editor' }, key);
      const slug = await freeSlug(tx, clientId, input.name);
      const [{ n }] = (await tx.execute(sql`SELECT coalesce(max(position) + 1, 0)::int AS n FROM motivators WHERE client_id = ${clientId}`)).rows as Array<{
        n: number;
      }>;
      const [row] = await tx
        .insert(motivators)
        .values({ clientId, slug, position: n, ...fields(input), name: input.name })
        .returning();
      await logActivity(tx, { actor, clientId, action: 'create', entity: 'motivator', entityId: row.id });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'motivators_client_id_slug_key')) throw conflict(key, messages.pages.pageNameTaken(input.name));
    throw err;
  }
}

export async function updateMotivator(db: Db, actor: Actor, clientId: string, id: string, input: MotivatorInput): Promise<MotivatorRow> {
  return db.transaction(async (tx) => {
    await requireClient({ db: tx }, actor, clientId, { product: 'motivator', level: 'editor' }, key);
    const before = await getMotivator(tx, clientId, id);
    const slug = input.name && input.name !== before.name ? await freeSlug(tx, clientId, input.name, id) : before.slug;
    const [row] = await tx
      .update(motivators)
      .set({ ...fields(input), slug, updatedAt: new Date() })
      .where(and(eq(motivators.clientId, clientId), eq(motivators.id, id)))
      .returning();
    await logActivity(tx, { actor, clientId, action: 'update', entity: 'motivator', entityId: id });
    return row;
  });
}

export async function deleteMotivator(db: Db, actor: Actor, clientId: string, id: string): Promise<MotivatorRow> {
  return db.transaction(async (tx) => {
    await requireClient({ db: tx }, actor, clientId, { product: 'motivator', level: 'editor' }, key);
    const before = await getMotivator(tx, clientId, id);
    await tx.delete(motivators).where(and(eq(motivators.clientId, clientId), eq(motivators.id, id)));
    await logActivity(tx, { actor, clientId, action: 'delete', entity: 'motivator', entityId: id });
    return before;
  });
}
