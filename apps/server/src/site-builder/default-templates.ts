import { pageErrorKeys } from '@hh/contract/site-builder';
import { eq } from 'drizzle-orm';
import { requireRight } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import { cleanContent } from './clean-content.ts';
import type { DbOrTx } from '../db/client.ts';
import { defaultPageTemplates, type StoredContent, type StoredSeo } from '../db/schema/pages.ts';
import { conflict, notFound } from '../lib/app-error.ts';
import { messages } from '@hh/contract/messages';
import { builtinByKey, builtinTemplates, templateKey } from './builtins.ts';

const key = pageErrorKeys.defaultTemplate;

export interface DefaultTemplate {
  _id: string;
  name: string;
  description: string;
  content: StoredContent;
  seo: StoredSeo;
  builtIn: boolean;
  updatedAt: string | null;
}

type Row = typeof defaultPageTemplates.$inferSelect;
const fromRow = (r: Row): DefaultTemplate => ({
  _id: r.id,
  name: r.name,
  description: r.description,
  content: r.content,
  seo: r.seo,
  builtIn: builtinByKey.has(r.nameKey),
  updatedAt: r.updatedAt.toISOString(),
});

/** Every default template: the stored ones, and the built-ins no admin has replaced (by name). */
export async function listDefaultTemplates(db: DbOrTx): Promise<DefaultTemplate[]> {
  const rows = await db.select().from(defaultPageTemplates);
  const stored = new Map(rows.map((r) => [r.nameKey, fromRow(r)]));
  const out: DefaultTemplate[] = builtinTemplates.map((t) => {
    const k = templateKey(t.name);
    return stored.get(k) ?? { _id: `builtin:${k}`, name: t.name, description: t.description, content: t.content, seo: t.seo, builtIn: true, updatedAt: null };
  });
  for (const [k, t] of stored) if (!builtinByKey.has(k)) out.push(t);
  return out;
}

export async function getDefaultTemplate(db: DbOrTx, name: string): Promise<DefaultTemplate> {
  const k = templateKey(name);
  const [row] = await db.select().from(defaultPageTemplates).where(eq(defaultPageTemplates.nameKey, k));
  if (row) return fromRow(row);
  const b = builtinByKey.get(k);
  if (!b) throw notFound(key, messages.pages.defaultTemplateNotFound);
  return { _id: `builtin:${k}`, name: b.name, description: b.description, content: b.content, seo: b.seo, builtIn: true, updatedAt: null };
}

/** Product-wide: global admins only (403 under `defaultTemplate` for everyone else). */
function requireAdmin(actor: Actor) {
  requireRight(actor, 'admin', key);
}

export async function createDefaultTemplate(
  db: DbOrTx,
  actor: Actor,
  input: { name: string; description: string; content: StoredContent; seo: StoredSeo },
): Promise<DefaultTemplate> {
  requireAdmin(actor);
  const k = templateKey(input.name);
  if (builtinByKey.has(k)) throw conflict(key, messages.pages.defaultTemplateExists(input.name));
  const [row] = await db
    .insert(defaultPageTemplates)
    .values({ nameKey: k, name: input.name, description: input.description, content: cleanContent(input.content, key), seo: input.seo })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(key, messages.pages.defaultTemplateExists(input.name));
  return fromRow(row);
}

/** Updates a default template by name; a built-in one gets its stored copy on first update. */
export async function updateDefaultTemplate(
  db: DbOrTx,
  actor: Actor,
  input: { name: string; description?: string; content?: StoredContent; seo?: StoredSeo },
): Promise<DefaultTemplate> {
  requireAdmin(actor);
  const current = await getDefaultTemplate(db, input.name);
  const values = {
    nameKey: templateKey(input.name),
    name: current.name,
    description: input.description ?? current.description,
    content: input.content ? cleanContent(input.content, key) : current.content,
    seo: input.seo ?? current.seo,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(defaultPageTemplates)
    .values(values)
    .onConflictDoUpdate({
      target: defaultPageTemplates.nameKey,
      set: { description: values.description, content: values.content, seo: values.seo, updatedAt: values.updatedAt },
    })
    .returning();
  return fromRow(row);
}
