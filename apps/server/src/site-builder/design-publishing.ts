import { messages } from '@hh/contract/messages';
import { type Design, defaultDesign, design as designSchema, pageErrorKeys } from '@hh/contract/site-builder';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Deps } from '../core/deps.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import { pageDesignOptions, type SiteDesignVersionRow, siteDesignVersions } from '../db/schema/pages.ts';
import { conflict, notFound } from '../lib/app-error.ts';
import { checkLogo } from './logo.ts';
import { templateOf } from './page-templates.ts';
import { siteOrigin } from './site-urls.ts';

const key = pageErrorKeys.pageTemplates;
type PublishDeps = Pick<Deps, 'db' | 'config' | 'storage'>;

const parseDesign = (d: unknown): Design => {
  const p = designSchema.safeParse(d);
  return p.success ? p.data : defaultDesign;
};

/** The newest published design version of a client, or null when its design was never published. */
export async function liveDesignVersion(deps: { db: DbOrTx }, input: { clientId: string }): Promise<SiteDesignVersionRow | null> {
  const [row] = await deps.db
    .select()
    .from(siteDesignVersions)
    .where(eq(siteDesignVersions.clientId, input.clientId))
    .orderBy(desc(siteDesignVersions.version))
    .limit(1);
  return row ?? null;
}

/** What visitors' pages are drawn with: the published design, else the product default (never the draft). */
export async function liveDesign(deps: { db: DbOrTx }, input: { clientId: string }): Promise<Design> {
  const row = await liveDesignVersion(deps, input);
  return row ? parseDesign(row.design) : defaultDesign;
}

/** The draft design row of the client's template (the design form's), or null when none was saved. */
async function draftRow(db: DbOrTx, clientId: string) {
  const t = await templateOf({ db }, { clientId });
  if (!t) return null;
  const [row] = await db
    .select()
    .from(pageDesignOptions)
    .where(and(eq(pageDesignOptions.clientId, clientId), eq(pageDesignOptions.templateId, t.id)))
    .limit(1);
  return row ?? null;
}

const same = (a: Design, b: Design) => JSON.stringify(designSchema.parse(a)) === JSON.stringify(designSchema.parse(b));

async function append(tx: Tx, v: { clientId: string; action: 'publish' | 'restore'; design: Design; restoredFrom?: number; actor: Actor }) {
  // One publish at a time per client, so two never take the same version number (the unique key would refuse the second).
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`site-design:${v.clientId}`}, 0))`);
  const prev = await liveDesignVersion({ db: tx }, { clientId: v.clientId });
  const [row] = await tx
    .insert(siteDesignVersions)
    .values({
      clientId: v.clientId,
      version: (prev?.version ?? 0) + 1,
      action: v.action,
      design: v.design as Record<string, unknown>,
      restoredFrom: v.restoredFrom ?? null,
      publishedBy: v.actor.id,
    })
    .returning();
  return row;
}

/**
 * A site's first page publish takes the saved design along when no design was ever published, so a
 * new site goes live as it was designed; after that only a design publish changes what visitors see.
 * Runs inside the page publish's transaction; the logo is checked before anything is written.
 */
export async function publishFirstDesign(deps: Pick<Deps, 'config' | 'storage'>, tx: Tx, actor: Actor, clientId: string): Promise<void> {
  if (await liveDesignVersion({ db: tx }, { clientId })) return;
  const row = await draftRow(tx, clientId);
  if (!row) return;
  const draft = parseDesign(row.activeDesign);
  await checkLogo({ ...deps, db: tx }, draft.logo);
  const version = await append(tx, { clientId, action: 'publish', design: draft, actor });
  await logActivity(tx, { actor, clientId, action: 'publish', entity: 'pageDesign', entityId: version.id, changes: { version: version.version } });
}

export const serializeDesignVersion = (r: SiteDesignVersionRow, liveVersion: number | null) => ({
  _id: r.id,
  version: r.version,
  action: r.action,
  restoredFrom: r.restoredFrom ?? null,
  design: parseDesign(r.design),
  live: r.version === liveVersion,
  publishedBy: r.publishedBy ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** The draft, the live design and the versions (harvest members). */
export async function designPublishing(deps: Pick<Deps, 'db' | 'config'>, actor: Actor, clientId: string) {
  const client = await requireClient(deps, actor, clientId, { product: 'harvest', level: 'member' }, key);
  const [row, versions] = await Promise.all([
    draftRow(deps.db, clientId),
    deps.db.select().from(siteDesignVersions).where(eq(siteDesignVersions.clientId, clientId)).orderBy(desc(siteDesignVersions.version)).limit(100),
  ]);
  const draft = row ? parseDesign(row.activeDesign) : defaultDesign;
  const newest = versions[0] ?? null;
  const live = newest ? parseDesign(newest.design) : null;
  return {
    draft,
    live,
    liveVersion: newest?.version ?? null,
    draftDiffers: !same(draft, live ?? defaultDesign),
    url: siteOrigin(deps, client),
    versions: versions.map((v) => serializeDesignVersion(v, newest?.version ?? null)),
  };
}

/**
 * Publishes the draft design (harvest admins, as for pages): its logo is checked first (a file of
 * ours that exists, or an address that answers with a picture), so a broken logo never reaches visitors.
 */
export async function publishDesign(deps: PublishDeps, actor: Actor, input: { clientId: string }) {
  const client = await requireClient(deps, actor, input.clientId, { product: 'harvest', level: 'admin' }, key);
  const before = await draftRow(deps.db, input.clientId);
  if (!before) throw notFound(key, messages.pages.designNeverSaved);
  const checked = parseDesign(before.activeDesign);
  // Outside the transaction: an outside logo's fetch may take seconds, and holds no lock meanwhile.
  await checkLogo(deps, checked.logo);
  return deps.db.transaction(async (tx) => {
    const row = await draftRow(tx, input.clientId);
    const draft = row ? parseDesign(row.activeDesign) : null;
    if (!draft || draft.logo !== checked.logo) throw conflict(key, messages.pages.designChangedWhilePublishing);
    const version = await append(tx, { clientId: input.clientId, action: 'publish', design: draft, actor });
    await logActivity(tx, {
      actor,
      clientId: input.clientId,
      action: 'publish',
      entity: 'pageDesign',
      entityId: version.id,
      changes: { version: version.version },
    });
    return {
      message: messages.pages.designPublished(version.version),
      url: siteOrigin(deps, client),
      version: serializeDesignVersion(version, version.version),
    };
  });
}

/** Brings back an earlier version as a new one (its logo checked again); the draft follows, so the form shows what is live. */
export async function restoreDesign(deps: PublishDeps, actor: Actor, input: { clientId: string; version: number }) {
  const client = await requireClient(deps, actor, input.clientId, { product: 'harvest', level: 'admin' }, key);
  const [old] = await deps.db
    .select()
    .from(siteDesignVersions)
    .where(and(eq(siteDesignVersions.clientId, input.clientId), eq(siteDesignVersions.version, input.version)));
  if (!old) throw notFound(key, messages.pages.designVersionNotFound);
  const restored = parseDesign(old.design);
  await checkLogo(deps, restored.logo);
  return deps.db.transaction(async (tx) => {
    const version = await append(tx, { clientId: input.clientId, action: 'restore', design: restored, restoredFrom: old.version, actor });
    const row = await draftRow(tx, input.clientId);
    if (row)
      await tx
        .update(pageDesignOptions)
        .set({ activeDesign: restored as Record<string, unknown>, updatedAt: new Date() })
        .where(and(eq(pageDesignOptions.clientId, input.clientId), eq(pageDesignOptions.id, row.id)));
    await logActivity(tx, {
      actor,
      clientId: input.clientId,
      action: 'restore',
      entity: 'pageDesign',
      entityId: version.id,
      changes: { from: old.version, version: version.version },
    });
    return {
      message: messages.pages.designRestored(old.version, version.version),
      url: siteOrigin(deps, client),
      version: serializeDesignVersion(version, version.version),
    };
  });
}
