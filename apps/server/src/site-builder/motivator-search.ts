import { messages } from '@hh/contract/messages';
import { pageErrorKeys } from '@hh/contract/site-builder';
import { and, eq } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { type MotivatorSearchRow, motivatorSearchPages } from '../db/schema/pages.ts';
import { conflict, notFound } from '../lib/app-error.ts';
import { requireClient } from '../auth/access.ts';

const key = pageErrorKeys.motivators;
export interface MotivatorSearchInput {
  title?: string;
  intro?: string;
  motivatorIds?: string[];
  published?: boolean;
}
const values = (i: MotivatorSearchInput) => ({
  ...(i.title !== undefined ? { title: i.title } : {}),
  ...(i.intro !== undefined ? { intro: i.intro } : {}),
  ...(i.motivatorIds ? { motivatorIds: i.motivatorIds } : {}),
  ...(i.published !== undefined ? { published: i.published } : {}),
});

export async function motivatorSearchOf(deps: { db: DbOrTx }, input: { clientId: string }): Promise<MotivatorSearchRow | null> {
  const { db } = deps;
  const { clientId } = input;
  const [row] = await db.select().from(motivatorSearchPages).where(eq(motivatorSearchPages.clientId, clientId)).limit(1);
  return row ?? null;
}

export async function getMotivatorSearch(db: Db, actor: Actor, clientId: string) {
  const client = await requireClient({ db }, actor, clientId, { product: 'motivator', level: 'member' }, key);
  const row = await motivatorSearchOf({ db }, { clientId });
  if (!row) throw notFound(key, messages.pages.motivatorSearchNotFound);
  return { client, row };
}

export async function createMotivatorSearch(db: Db, actor: Actor, clientId: string, input: MotivatorSearchInput) {
  return db.transaction(async (tx) => {
    const client = await requireClient({ db: tx }, actor, clientId, { product: 'motivator', level: 'editor' }, key);
    const [row] = await tx
      .insert(motivatorSearchPages)
      .values({ clientId, ...values(input) })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(key, messages.pages.motivatorSearchExists);
    await logActivity(tx, { actor, clientId, action: 'create', entity: 'motivatorSearchPage', entityId: row.id });
    return { client, row };
  });
}

export async function updateMotivatorSearch(db: Db, actor: Actor, clientId: string, id: string | undefined, input: MotivatorSearchInput) {
  return db.transaction(async (tx) => {
    const client = await requireClient({ db: tx }, actor, clientId, { product: 'motivator', level: 'editor' }, key);
    const [row] = await tx
      .update(motivatorSearchPages)
      .set({ ...values(input), updatedAt: new Date() })
      .where(and(eq(motivatorSearchPages.clientId, clientId), id ? eq(motivatorSearchPages.id, id) : undefined))
      .returning();
    if (!row) throw notFound(key, messages.pages.motivatorSearchNotFound);
    await logActivity(tx, { actor, clientId, action: 'update', entity: 'motivatorSearchPage', entityId: row.id });
    return { client, row };
  });
}
