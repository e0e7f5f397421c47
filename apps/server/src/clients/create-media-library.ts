import { messages } from '@hh/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import { loadAccessibleClient, requireProductRight } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import { clients, mediaLibraries } from '../db/schema/core.ts';
import { conflict } from '../lib/app-error.ts';
import type { MediaLibraryRow } from './serialize-media-library.ts';

/**
 * POST /api/media-library-create. Product decision: a client has one media library (the portal
 * reads the first element of get-media-library), so a second create is a 409 with the spec's
 * failure text. Writers: admin, recruiter on the client, staff with harvest editor or more.
 */
export async function createMediaLibrary(opts: { db: Db; actor: Actor; clientId: string; images: unknown[]; videos: unknown[] }): Promise<MediaLibraryRow> {
  const { db, actor, clientId } = opts;
  return db.transaction(async (tx) => {
    await loadAccessibleClient(tx, actor, clientId, 'mediaLibrary');
    requireProductRight(actor, 'harvest', 'editor', 'mediaLibrary');
    // Serialise concurrent creates for one client on its row.
    await tx.execute(sql`SELECT 1 FROM ${clients} WHERE ${clients.id} = ${clientId} FOR UPDATE`);
    const existing = await tx.select({ id: mediaLibraries.id }).from(mediaLibraries).where(eq(mediaLibraries.clientId, clientId)).limit(1);
    if (existing[0]) throw conflict('mediaLibrary', messages.mediaLibrary.createError);
    const [row] = await tx.insert(mediaLibraries).values({ clientId, images: opts.images, videos: opts.videos }).returning();
    await logActivity(tx, {
      actor,
      clientId,
      action: 'create',
      entity: 'mediaLibrary',
      entityId: row.id,
      changes: { images: { from: null, to: opts.images.length }, videos: { from: null, to: opts.videos.length } },
    });
    return row;
  });
}
