import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import {
  meetTheTeamSettings,
  motivatorSearchPages,
  motivators,
  pageDesignOptions,
  pageTemplates,
  publishedPageVersions,
  siteDesignVersions,
} from '../db/schema/pages.ts';
import { builtinByKey } from './builtins.ts';

/** Test helpers shared by pages.test.ts and matrix.ts: rows made directly, so each test starts where it needs to. */
export async function ensureTemplate(app: FastifyInstance, clientId: string) {
  const [found] = await app.db.select().from(pageTemplates).where(eq(pageTemplates.clientId, clientId));
  if (found) return found;
  const home = builtinByKey.get('home');
  const [row] = await app.db
    .insert(pageTemplates)
    .values({ clientId, pages: [{ _id: crypto.randomUUID(), name: 'Home', content: home?.content ?? { root: { props: {} }, content: [] }, seo: {} }] })
    .onConflictDoNothing()
    .returning();
  return row ?? (await app.db.select().from(pageTemplates).where(eq(pageTemplates.clientId, clientId)))[0];
}

export async function ensureLiveHome(app: FastifyInstance, clientId: string) {
  const t = await ensureTemplate(app, clientId);
  const rows = await app.db
    .select()
    .from(publishedPageVersions)
    .where(and(eq(publishedPageVersions.clientId, clientId), eq(publishedPageVersions.pageSlug, 'home')));
  const last = rows.sort((a, b) => b.version - a.version)[0];
  if (last && last.action !== 'unpublish') return t;
  await app.db.insert(publishedPageVersions).values({
    clientId,
    templateId: t.id,
    pageSlug: 'home',
    pageName: 'Home',
    version: (last?.version ?? 0) + 1,
    action: 'publish',
    content: t.pages[0].content,
  });
  return t;
}

export async function ensureDesign(app: FastifyInstance, clientId: string) {
  const t = await ensureTemplate(app, clientId);
  const [found] = await app.db.select().from(pageDesignOptions).where(eq(pageDesignOptions.clientId, clientId));
  if (found) return found;
  const [row] = await app.db.insert(pageDesignOptions).values({ clientId, templateId: t.id, activeDesign: {} }).returning();
  return row;
}

/** A published design version of the client (the newest), made directly when there is none. */
export async function ensureDesignVersion(app: FastifyInstance, clientId: string) {
  const [found] = await app.db
    .select()
    .from(siteDesignVersions)
    .where(eq(siteDesignVersions.clientId, clientId))
    .orderBy(desc(siteDesignVersions.version))
    .limit(1);
  if (found) return found;
  const [row] = await app.db.insert(siteDesignVersions).values({ clientId, version: 1, action: 'publish', design: {} }).returning();
  return row;
}

export async function ensureMeetTheTeam(app: FastifyInstance, clientId: string) {
  const [found] = await app.db.select().from(meetTheTeamSettings).where(eq(meetTheTeamSettings.clientId, clientId));
  if (found) return found;
  const [row] = await app.db.insert(meetTheTeamSettings).values({ clientId }).returning();
  return row;
}

export async function ensureMotivatorSearch(app: FastifyInstance, clientId: string) {
  const [found] = await app.db.select().from(motivatorSearchPages).where(eq(motivatorSearchPages.clientId, clientId));
  if (found) return found;
  const [row] = await app.db.insert(motivatorSearchPages).values({ clientId }).returning();
  return row;
}

export async function newMotivator(app: FastifyInstance, clientId: string, values: Partial<typeof motivators.$inferInsert> = {}) {
  const slug = `m-${crypto.randomUUID().slice(0, 8)}`;
  const [row] = await app.db
    .insert(motivators)
    .values({ clientId, name: slug, slug, ...values })
    .returning();
  return row;
}

let png: Buffer | null = null;
export async function tinyPng(): Promise<Buffer> {
  png ??= await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 12, g: 116, b: 228, alpha: 1 } } })
    .png()
    .toBuffer();
  return png;
}

/** A multipart body with text fields and one file field. */
export function multipart(fields: Record<string, string>, file?: { name: string; filename: string; type: string; data: Buffer }) {
  const boundary = `----hh${crypto.randomUUID().replace(/-/g, '')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
