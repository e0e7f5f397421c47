import { messages } from '@hh/contract/messages';
import { type Design, type DesignPatch, defaultDesign, design as designSchema, pageErrorKeys } from '@hh/contract/site-builder';
import { and, eq } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { pageDesignOptions } from '../db/schema/pages.ts';
import { conflict, notFound } from '../lib/app-error.ts';
import { requireClient } from '../auth/access.ts';
import { loadTemplate, templateOf } from './page-templates.ts';

const key = pageErrorKeys.pageTemplates;
export type DesignRow = typeof pageDesignOptions.$inferSelect;

export const serializeDesign = (r: DesignRow) => ({
  _id: r.id,
  clientId: r.clientId,
  templateId: r.templateId,
  activeDesign: designSchema.parse(r.activeDesign),
  designs: (r.designs ?? []).map((d) => designSchema.parse(d)),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listDesignOptions(db: Db, actor: Actor, clientId: string, templateId?: string): Promise<DesignRow[]> {
  await requireClient({ db }, actor, clientId, { product: 'harvest', level: 'member' }, key);
  return db
    .select()
    .from(pageDesignOptions)
    .where(and(eq(pageDesignOptions.clientId, clientId), templateId ? eq(pageDesignOptions.templateId, templateId) : undefined));
}

export async function createDesignOptions(db: Db, actor: Actor, input: { clientId: string; templateId: string; activeDesign: Design; designs?: Design[] }) {
  return db.transaction(async (tx) => {
    await requireClient({ db: tx }, actor, input.clientId, { product: 'harvest', level: 'editor' }, key);
    await loadTemplate(tx, input.clientId, input.templateId);
    const [row] = await tx
      .insert(pageDesignOptions)
      .values({ clientId: input.clientId, templateId: input.templateId, activeDesign: input.activeDesign, designs: input.designs ?? [input.activeDesign] })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(key, messages.pages.designExists);
    await logActivity(tx, { actor, clientId: input.clientId, action: 'create', entity: 'pageDesign', entityId: row.id });
    return row;
  });
}

export async function updateDesignOptions(db: Db, actor: Actor, input: { _id: string; clientId: string; activeDesign?: DesignPatch; designs?: Design[] }) {
  return db.transaction(async (tx) => {
    await requireClient({ db: tx }, actor, input.clientId, { product: 'harvest', level: 'editor' }, key);
    const [before] = await tx
      .select()
      .from(pageDesignOptions)
      .where(and(eq(pageDesignOptions.clientId, input.clientId), eq(pageDesignOptions.id, input._id)));
    if (!before) throw notFound(key, messages.pages.designNotFound);
    const current = designSchema.parse(before.activeDesign);
    const patch = input.activeDesign;
    const merged = patch ? designSchema.parse({ ...current, ...patch, colors: { ...current.colors, ...(patch.colors ?? {}) } }) : null;
    const [row] = await tx
      .update(pageDesignOptions)
      .set({ ...(merged ? { activeDesign: merged } : {}), ...(input.designs ? { designs: input.designs } : {}), updatedAt: new Date() })
      .where(and(eq(pageDesignOptions.clientId, input.clientId), eq(pageDesignOptions.id, input._id)))
      .returning();
    if (!row) throw notFound(key, messages.pages.designNotFound);
    await logActivity(tx, { actor, clientId: input.clientId, action: 'update', entity: 'pageDesign', entityId: row.id });
    return row;
  });
}

/** The design a published page uses: the template's active design, else the product default (with the client's logo). */
export async function activeDesignOf(deps: { db: DbOrTx }, input: { clientId: string }): Promise<Design> {
  const { db } = deps;
  const { clientId } = input;
  const t = await templateOf({ db }, { clientId });
  if (!t) return defaultDesign;
  const [row] = await db
    .select()
    .from(pageDesignOptions)
    .where(and(eq(pageDesignOptions.clientId, clientId), eq(pageDesignOptions.templateId, t.id)))
    .limit(1);
  const parsed = row ? designSchema.safeParse(row.activeDesign) : null;
  return parsed?.success ? parsed.data : defaultDesign;
}
