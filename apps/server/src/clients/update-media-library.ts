import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { diff, logActivity } from '../core/activity-log.ts';
import type { clientRoutes as r } from '@hh/contract/clients';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { mediaLibraries } from '../db/schema/core.ts';
import { notFound } from '../lib/app-error.ts';
import { redactChanges } from './client-values.ts';
import { MEDIA_LIBRARY_WRITERS } from './create-media-library.ts';
import { serializeMediaLibrary } from './serialize-media-library.ts';

export const updateMediaLibrary: Operation<typeof r.updateMediaLibrary, 'db'> = async (deps, opts) => {
  const { actor, _id: libraryId } = opts;
  const updated = await deps.db.transaction(async (tx) => {
    const { id: clientId } = await requireClient({ db: tx }, actor, opts.clientId, MEDIA_LIBRARY_WRITERS, 'mediaLibrary');
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
  return serializeMediaLibrary(updated);
};
