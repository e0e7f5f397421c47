import { messages } from '@hh/contract/messages';
import { randomUUID } from 'node:crypto';
import { pageErrorKeys, pageSlug, reservedPageSlugs } from '@hh/contract/site-builder';
import { and, eq } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { type PageTemplateRow, pageTemplates, type StoredContent, type StoredPage, type StoredSeo } from '../db/schema/pages.ts';
import { badRequest, conflict, notFound } from '../lib/app-error.ts';
import { requireClient } from '../auth/access.ts';
import { cleanContent } from './clean-content.ts';
import { getDefaultTemplate } from './default-templates.ts';

const key = pageErrorKeys.pageTemplates;

export interface PageInput {
  _id?: string;
  name: string;
  content?: StoredContent;
  seo?: StoredSeo;
}
export interface TemplateInput {
  name?: string;
  pages?: PageInput[];
  customScripts?: PageTemplateRow['customScripts'];
  socialNetworks?: PageTemplateRow['socialNetworks'];
  socialMetadata?: PageTemplateRow['socialMetadata'];
  seo?: { keywords: string[] };
}

/** Normalises pages: ids for new ones, names unique by address, reserved addresses refused. */
export function normalisePages(pages: PageInput[], previous: StoredPage[] = []): StoredPage[] {
  const seen = new Set<string>();
  const byId = new Map(previous.map((p) => [p._id, p]));
  return pages.map((p) => {
    const slug = pageSlug(p.name);
    if (reservedPageSlugs.has(slug) || slug === 'motivator') throw badRequest(key, messages.pages.pageNameReserved(p.name));
    if (seen.has(slug)) throw conflict(key, messages.pages.pageNameTaken(p.name));
    seen.add(slug);
    const before = p._id ? byId.get(p._id) : undefined;
    const content = cleanContent(p.content ?? before?.content ?? { root: { props: {} }, content: [] });
    const changed =
      !before || JSON.stringify(before.content) !== JSON.stringify(content) || before.name !== p.name || JSON.stringify(before.seo) !== JSON.stringify(p.seo);
    return {
      _id: before?._id ?? randomUUID(),
      name: p.name,
      content,
      seo: p.seo ?? before?.seo ?? {},
      updatedAt: changed ? new Date().toISOString() : (before?.updatedAt ?? new Date().toISOString()),
    };
  });
}

const entry = (actor: Actor, action: string, pageName?: string) => ({
  action,
  by: actor.email,
  at: new Date().toISOString(),
  ...(pageName ? { pageName } : {}),
});

export async function loadTemplate(db: DbOrTx, clientId: string, templateId?: string): Promise<PageTemplateRow> {
  const [row] = await db
    .select()
    .from(pageTemplates)
    .where(and(eq(pageTemplates.clientId, clientId), templateId ? eq(pageTemplates.id, templateId) : undefined))
    .limit(1);
  if (!row) throw notFound(key, messages.pages.templateNotFound);
  return row;
}

export async function templateOf(deps: { db: DbOrTx }, input: { clientId: string }): Promise<PageTemplateRow | null> {
  const { db } = deps;
  const { clientId } = input;
  const [row] = await db.select().from(pageTemplates).where(eq(pageTemplates.clientId, clientId)).limit(1);
  return row ?? null;
}

export async function getPageTemplates(db: Db, actor: Actor, clientId: string, templateId?: string): Promise<PageTemplateRow[]> {
  await requireClient({ db }, actor, clientId, { product: 'harvest', level: 'member' }, key);
  return db
    .select()
    .from(pageTemplates)
    .where(and(eq(pageTemplates.clientId, clientId), templateId ? eq(pageTemplates.id, templateId) : undefined));
}

/** Creates the client's template; without pages it starts from the default Home and Search templates (or `fromDefaults`). */
export async function createPageTemplate(db: Db, actor: Actor, clientId: string, input: TemplateInput & { fromDefaults?: string[] }): Promise<PageTemplateRow> {
  return db.transaction(async (tx) => {
    await requireClient({ db: tx }, actor, clientId, { product: 'harvest', level: 'editor' }, key);
    if (await templateOf({ db: tx }, { clientId })) throw conflict(key, messages.pages.templateExists);
    let pages = input.pages;
    if (!pages) {
      const names = input.fromDefaults?.length ? input.fromDefaults : ['Home'];
      pages = [];
      for (const n of names) {
        const d = await getDefaultTemplate(tx, n);
        pages.push({ name: d.name, content: d.content, seo: d.seo });
      }
    }
    const [row] = await tx
      .insert(pageTemplates)
      .values({
        clientId,
        name: input.name ?? 'Career site',
        pages: normalisePages(pages),
        customScripts: input.customScripts ?? [],
        socialNetworks: input.socialNetworks ?? [],
        socialMetadata: input.socialMetadata ?? {},
        seo: input.seo ?? { keywords: [] },
        activityLog: [entry(actor, 'create')],
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(key, messages.pages.templateExists);
    await logActivity(tx, { actor, clientId, action: 'create', entity: 'pageTemplate', entityId: row.id });
    return row;
  });
}

/** Full update (pages replace the list) or partial (one page added or replaced). */
export async function updatePageTemplate(
  db: Db,
  actor: Actor,
  opts: { clientId: string; templateId: string; input: TemplateInput; page?: PageInput; action?: string },
): Promise<PageTemplateRow> {
  return db.transaction(async (tx) => {
    await requireClient({ db: tx }, actor, opts.clientId, { product: 'harvest', level: 'editor' }, key);
    const before = await loadTemplate(tx, opts.clientId, opts.templateId);
    let pages: PageInput[] | undefined = opts.input.pages;
    if (opts.page) {
      const list: PageInput[] = [...(pages ?? before.pages)];
      const p = opts.page;
      const i = list.findIndex((x) => (p._id ? x._id === p._id : pageSlug(x.name) === pageSlug(p.name)));
      if (p._id && i === -1) throw notFound(key, messages.pages.pageNotFound(p.name));
      if (i === -1) list.push(p);
      else list[i] = { ...list[i], ...p, _id: list[i]._id };
      pages = list;
    }
    const i = opts.input;
    const [row] = await tx
      .update(pageTemplates)
      .set({
        ...(i.name !== undefined ? { name: i.name } : {}),
        ...(pages ? { pages: normalisePages(pages, before.pages) } : {}),
        ...(i.customScripts ? { customScripts: i.customScripts } : {}),
        ...(i.socialNetworks ? { socialNetworks: i.socialNetworks } : {}),
        ...(i.socialMetadata ? { socialMetadata: i.socialMetadata } : {}),
        ...(i.seo ? { seo: i.seo } : {}),
        activityLog: [...before.activityLog, entry(actor, opts.action ?? (opts.page ? 'update page' : 'update'), opts.page?.name)].slice(-200),
        updatedAt: new Date(),
      })
      .where(and(eq(pageTemplates.clientId, opts.clientId), eq(pageTemplates.id, opts.templateId)))
      .returning();
    await logActivity(tx, {
      actor,
      clientId: opts.clientId,
      action: 'update',
      entity: 'pageTemplate',
      entityId: row.id,
      changes: opts.page ? { page: opts.page.name } : {},
    });
    return row;
  });
}

export async function deletePageTemplate(db: Db, actor: Actor, clientId: string, templateId: string): Promise<PageTemplateRow> {
  return db.transaction(async (tx) => {
    await requireClient({ db: tx }, actor, clientId, { product: 'harvest', level: 'admin' }, key);
    const before = await loadTemplate(tx, clientId, templateId);
    await tx.delete(pageTemplates).where(and(eq(pageTemplates.clientId, clientId), eq(pageTemplates.id, templateId)));
    await logActivity(tx, { actor, clientId, action: 'delete', entity: 'pageTemplate', entityId: templateId });
    return before;
  });
}

/** The core pages every site has; the rest are "additional pages". */
export const CORE_PAGES = new Set(['home', 'search', 'job', 'thank-you', 'saved-jobs']);

export async function listAdditionalPages(db: Db, actor: Actor, clientId: string): Promise<StoredPage[]> {
  await requireClient({ db }, actor, clientId, { product: 'harvest', level: 'member' }, key);
  const t = await templateOf({ db }, { clientId });
  return (t?.pages ?? []).filter((p) => !CORE_PAGES.has(pageSlug(p.name)));
}

/** Adds an additional page (from a default template, given content, or empty). Creates the template when the client has none. */
export async function createAdditionalPage(
  db: Db,
  actor: Actor,
  input: { clientId: string; name: string; fromDefault?: string; content?: StoredContent; seo?: StoredSeo },
): Promise<PageTemplateRow> {
  await requireClient({ db }, actor, input.clientId, { product: 'harvest', level: 'editor' }, key);
  let content = input.content;
  let seo = input.seo;
  if (!content && input.fromDefault) {
    const d = await getDefaultTemplate(db, input.fromDefault);
    content = d.content;
    seo ??= d.seo;
  }
  const p: PageInput = { name: input.name, content: content ?? { root: { props: { title: input.name } }, content: [] }, seo: seo ?? {} };
  const t = await templateOf({ db }, { clientId: input.clientId });
  if (!t) return createPageTemplate(db, actor, input.clientId, { fromDefaults: ['Home'], pages: undefined }).then((row) => addPage(db, actor, row, p));
  return addPage(db, actor, t, p);
}

async function addPage(db: Db, actor: Actor, t: PageTemplateRow, p: PageInput) {
  if (t.pages.some((x) => pageSlug(x.name) === pageSlug(p.name))) throw conflict(key, messages.pages.pageNameTaken(p.name));
  return updatePageTemplate(db, actor, { clientId: t.clientId, templateId: t.id, input: {}, page: p, action: 'add page' });
}
