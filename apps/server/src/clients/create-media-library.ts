import { messages } from '@hh/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { clientRoutes as r } from '@hh/contract/clients';
import { type Need, requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { clients, mediaLibraries } from '../db/schema/core.ts';
import { conflict } from '../lib/app-error.ts';
import { serializeMediaLibrary } from './serialize-media-library.ts';

/** Media library writers: admin, recruiter on the client, staff with harvest editor or more. */
export const MEDIA_LIBRARY_WRITERS: Need = { product: 'harvest', level: 'editor' };

/**
 * POST /api/media-library-create. Product decision: a client has one media library (the portal
 * reads the first element of get-media-library), so a second create is a 409 with the spec's
 * failure text. Writers: admin, recruiter on the client, staff with harvest editor or more.
 */
export const createMediaLibrary: Operation<typeof r.createMediaLibrary, 'db'> = async (deps, opts) => {
  const { actor } = opts;
  const created = await deps.db.transaction(async (tx) => {
    const { id: clientId } = await requireClient({ db: tx }, actor, opts.clientId, MEDIA_LIBRARY_WRITERS, 'mediaLibrary');
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
  return serializeMediaLibrary(created);
};
