import { messages } from '@hh/contract/messages';
import { pageErrorKeys, pageSlug } from '@hh/contract/site-builder';
import { and, desc, eq, sql } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { Deps } from '../core/deps.ts';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import {
  type PageTemplateRow,
  pageTemplates,
  type PublishAction,
  type PublishedSite,
  type PublishedVersionRow,
  publishedPageVersions,
} from '../db/schema/pages.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { requireClient } from '../auth/access.ts';
import { liveDesign, publishFirstDesign } from './design-publishing.ts';
import { loadTemplate, templateOf } from './page-templates.ts';
import { pageUrl } from './site-urls.ts';

const key = pageErrorKeys.pageTemplates;

/** The newest version of each page of a client (live unless its action is unpublish). */
export async function latestVersions(deps: { db: DbOrTx }, input: { clientId: string }): Promise<PublishedVersionRow[]> {
  const { db } = deps;
  const { clientId } = input;
  const r = await db.execute(sql`
    SELECT DISTINCT ON (page_slug) id FROM published_page_versions WHERE client_id = ${clientId} ORDER BY page_slug, version DESC`);
  const ids = (r.rows as Array<{ id: string }>).map((x) => x.id);
  if (!ids.length) return [];
  return db
    .select()
    .from(publishedPageVersions)
    .where(
      and(
        eq(publishedPageVersions.clientId, clientId),
        sql`${publishedPageVersions.id} IN (${sql.join(
          ids.map((i) => sql`${i}::uuid`),
          sql`, `,
        )})`,
      ),
    );
}

/** The live version of one page (by its address segment), or null when never published or unpublished. */
export async function livePage(deps: { db: DbOrTx }, input: { clientId: string; slug: string }): Promise<PublishedVersionRow | null> {
  const { db } = deps;
  const { clientId, slug } = input;
  const [row] = await db
    .select()
    .from(publishedPageVersions)
    .where(and(eq(publishedPageVersions.clientId, clientId), eq(publishedPageVersions.pageSlug, slug)))
    .orderBy(desc(publishedPageVersions.version))
    .limit(1);
  return row && row.action !== 'unpublish' ? row : null;
}

/**
 * The site-wide settings a visitor sees: those published with the newest version that carries them
 * (any page), or null when nothing was ever published. Editors change the template's scripts, social
 * metadata, keywords and favicon freely; only a harvest admin's publish makes them live. (The design
 * is published on its own: design-publishing.ts.)
 */
export async function liveSite(deps: { db: DbOrTx }, input: { clientId: string }): Promise<PublishedSite | null> {
  const { db } = deps;
  const { clientId } = input;
  const [row] = await db
    .select({ site: publishedPageVersions.site })
    .from(publishedPageVersions)
    .where(and(eq(publishedPageVersions.clientId, clientId), sql`${publishedPageVersions.site} IS NOT NULL`))
    .orderBy(desc(publishedPageVersions.createdAt), desc(publishedPageVersions.version))
    .limit(1);
  return row?.site ?? null;
}

/** The template's site-wide settings as they are now: what a publish makes live. */
async function siteSnapshot(tx: Tx, t: PageTemplateRow): Promise<PublishedSite> {
  return {
    customScripts: t.customScripts,
    socialMetadata: t.socialMetadata,
    socialNetworks: t.socialNetworks,
    seo: t.seo,
    favicon: t.favicon,
    // The design as visitors see it (a record of it; the design has its own publishing: design-publishing.ts).
    design: (await liveDesign({ db: tx }, { clientId: t.clientId })) as Record<string, unknown>,
  };
}

async function latest(tx: Tx, clientId: string, slug: string) {
  const [row] = await tx
    .select()
    .from(publishedPageVersions)
    .where(and(eq(publishedPageVersions.clientId, clientId), eq(publishedPageVersions.pageSlug, slug)))
    .orderBy(desc(publishedPageVersions.version))
    .limit(1);
  return row ?? null;
}

async function append(tx: Tx, v: Omit<typeof publishedPageVersions.$inferInsert, 'version'>, prev: PublishedVersionRow | null) {
  const [row] = await tx
    .insert(publishedPageVersions)
    .values({ ...v, version: (prev?.version ?? 0) + 1 })
    .returning();
  return row;
}

async function lockTemplate(tx: Tx, clientId: string, templateId?: string) {
  const t = await loadTemplate(tx, clientId, templateId);
  // Serialises publishing per client, so two publishes never take the same version number.
  await tx.execute(sql`SELECT 1 FROM ${pageTemplates} WHERE client_id = ${clientId} AND id = ${t.id} FOR UPDATE`);
  return t;
}

export interface PublishOutcome {
  version: PublishedVersionRow;
  url: string;
  message: string;
}

/** Publishes (or republishes) the draft of one page as a new immutable version. Harvest admins. */
export async function publishPage(
  deps: Pick<Deps, 'db' | 'config' | 'storage'>,
  actor: Actor,
  input: { clientId: string; templateId?: string; pageName: string },
): Promise<PublishOutcome> {
  return deps.db.transaction(async (tx) => {
    const client = await requireClient({ db: tx }, actor, input.clientId, { product: 'harvest', level: 'admin' }, key);
    const t = await lockTemplate(tx, input.clientId, input.templateId);
    const slug = pageSlug(input.pageName);
    const p = t.pages.find((x) => pageSlug(x.name) === slug);
    if (!p) throw notFound(key, messages.pages.pageNotFound(input.pageName));
    await publishFirstDesign(deps, tx, actor, input.clientId);
    const prev = await latest(tx, input.clientId, slug);
    const action: PublishAction = prev && prev.action !== 'unpublish' ? 'update' : 'publish';
    const version = await append(
      tx,
      {
        clientId: input.clientId,
        templateId: t.id,
        pageSlug: slug,
        pageName: p.name,
        action,
        content: p.content,
        seo: p.seo ?? {},
        // Publishing a page publishes the site-wide settings with it (they are the template's, not the page's).
        site: await siteSnapshot(tx, t),
        publishedBy: actor.id,
      },
      prev,
    );
    await logActivity(tx, {
      actor,
      clientId: input.clientId,
      action,
      entity: 'publishedPage',
      entityId: version.id,
      changes: { pageName: p.name, version: version.version },
    });
    return { version, url: pageUrl(deps, client, slug), message: messages.pages.pagePublished };
  });
}

/** Restores an earlier version (a new version with its content) or republishes the current draft. */
export async function updatePublished(
  deps: Pick<Deps, 'db' | 'config' | 'storage'>,
  actor: Actor,
  input: { clientId: string; templateId?: string; pageName: string; restoreVersion?: number },
): Promise<PublishOutcome> {
  if (input.restoreVersion === undefined) return publishPage(deps, actor, input);
  return deps.db.transaction(async (tx) => {
    const client = await requireClient({ db: tx }, actor, input.clientId, { product: 'harvest', level: 'admin' }, key);
    const t = await lockTemplate(tx, input.clientId, input.templateId);
    const slug = pageSlug(input.pageName);
    const [old] = await tx
      .select()
      .from(publishedPageVersions)
      .where(
        and(
          eq(publishedPageVersions.clientId, input.clientId),
          eq(publishedPageVersions.pageSlug, slug),
          eq(publishedPageVersions.version, input.restoreVersion as number),
        ),
      );
    if (!old) throw notFound(key, messages.pages.versionNotFound);
    if (old.action === 'unpublish') throw badRequest(key, messages.pages.versionNotFound);
    const prev = await latest(tx, input.clientId, slug);
    const version = await append(
      tx,
      {
        clientId: input.clientId,
        templateId: t.id,
        pageSlug: slug,
        pageName: old.pageName,
        action: 'restore',
        content: old.content,
        seo: old.seo,
        // A restore brings back a page's content, not the draft's scripts or settings: the live ones stay.
        site: await liveSite({ db: tx }, { clientId: input.clientId }),
        publishedBy: actor.id,
      },
      prev,
    );
    // The draft follows the restored version, so the editor shows what is live.
    const pages = t.pages.map((p) => (pageSlug(p.name) === slug ? { ...p, content: old.content, seo: old.seo, updatedAt: new Date().toISOString() } : p));
    await tx
      .update(pageTemplates)
      .set({ pages, updatedAt: new Date() })
      .where(and(eq(pageTemplates.clientId, input.clientId), eq(pageTemplates.id, t.id)));
    await logActivity(tx, {
      actor,
      clientId: input.clientId,
      action: 'restore',
      entity: 'publishedPage',
      entityId: version.id,
      changes: { pageName: old.pageName, from: old.version },
    });
    return { version, url: pageUrl(deps, client, slug), message: messages.pages.pagePublished };
  });
}

export async function unpublishPage(deps: Pick<Deps, 'db' | 'config'>, actor: Actor, input: { clientId: string; pageName: string }): Promise<PublishOutcome> {
  return deps.db.transaction(async (tx) => {
    const client = await requireClient({ db: tx }, actor, input.clientId, { product: 'harvest', level: 'admin' }, key);
    const t = await templateOf({ db: tx }, { clientId: input.clientId });
    if (!t) throw notFound(key, messages.pages.templateNotFound);
    await lockTemplate(tx, input.clientId, t.id);
    const slug = pageSlug(input.pageName);
    const prev = await latest(tx, input.clientId, slug);
    if (!prev || prev.action === 'unpublish') throw notFound(key, messages.pages.notPublished(input.pageName));
    const version = await append(
      tx,
      {
        clientId: input.clientId,
        templateId: prev.templateId,
        pageSlug: slug,
        pageName: prev.pageName,
        action: 'unpublish',
        content: prev.content,
        seo: prev.seo,
        site: await liveSite({ db: tx }, { clientId: input.clientId }),
        publishedBy: actor.id,
      },
      prev,
    );
    await logActivity(tx, {
      actor,
      clientId: input.clientId,
      action: 'unpublish',
      entity: 'publishedPage',
      entityId: version.id,
      changes: { pageName: prev.pageName },
    });
    return { version, url: pageUrl(deps, client, slug), message: messages.pages.pageUnpublished };
  });
}

/** Every page's state and the version history (of one page, or the latest 200 across pages). */
export async function getAllPublished(deps: Pick<Deps, 'db' | 'config'>, actor: Actor, clientId: string, pageName?: string) {
  const client = await requireClient(deps, actor, clientId, { product: 'harvest', level: 'member' }, key);
  const latestRows = await latestVersions(deps, { clientId });
  const versions = await deps.db
    .select()
    .from(publishedPageVersions)
    .where(and(eq(publishedPageVersions.clientId, clientId), pageName ? eq(publishedPageVersions.pageSlug, pageSlug(pageName)) : undefined))
    .orderBy(desc(publishedPageVersions.createdAt), desc(publishedPageVersions.version))
    .limit(200);
  const liveBySlug = new Map(latestRows.filter((r) => r.action !== 'unpublish').map((r) => [r.pageSlug, r.version]));
  return {
    client,
    results: latestRows.map((r) => ({
      pageName: r.pageName,
      slug: r.pageSlug,
      url: pageUrl(deps, client, r.pageSlug),
      live: r.action !== 'unpublish',
      version: r.version,
      updatedAt: r.createdAt.toISOString(),
    })),
    versions: versions.map((v) => ({ row: v, live: liveBySlug.get(v.pageSlug) === v.version })),
  };
}
