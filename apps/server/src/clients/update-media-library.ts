import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { diff, logActivity } from '../core/activity-log.ts';
import { loadAccessibleClient, requireProductRight } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import { mediaLibraries } from '../db/schema/core.ts';
import { notFound } from '../lib/app-error.ts';
import { redactChanges } from './client-values.ts';
import type { MediaLibraryRow } from './serialize-media-library.ts';

export async function updateMediaLibrary(opts: {
  db: Db;
  actor: Actor;
  clientId: string;
  libraryId: string;
  images?: unknown[];
  videos?: unknown[];
}): Promise<MediaLibraryRow> {
  const { db, actor, clientId, libraryId } = opts;
  return db.transaction(async (tx) => {
    await loadAccessibleClient(tx, actor, clientId, 'mediaLibrary');
    requireProductRight(actor, 'harvest', 'editor', 'mediaLibrary');
    const where = and(eq(mediaLibraries.clientId, clientId), eq(mediaLibraries.id, libraryId));
    const [before] = await tx.select().from(mediaLibraries).where(where).limit(1);
    if (!before) throw notFound('mediaLibrary', messages.server.mediaLibraryNotFound);
    const [row] = await tx
      .update(mediaLibraries)
      .set({ images: opts.images ?? before.images, videos: opts.videos ?? before.videos, updatedAt: new Date() })
      .where(where)
      .returning();
    await logActivity(tx, {
      actor,
      clientId,
      action: 'update',
      entity: 'mediaLibrary',
      entityId: row.id,
      changes: redactChanges(diff({ images: before.images, videos: before.videos }, { images: row.images, videos: row.videos })),
    });
    return row;
  });
}
