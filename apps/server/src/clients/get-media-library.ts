import { asc, eq } from 'drizzle-orm';
import { loadAccessibleClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { mediaLibraries } from '../db/schema/core.ts';
import type { MediaLibraryRow } from './serialize-media-library.ts';

/** The client's media library as a list (the portal uses the first element; a client has at most one). */
export async function getMediaLibrary(opts: { db: DbOrTx; actor: Actor; clientId: string }): Promise<MediaLibraryRow[]> {
  await loadAccessibleClient(opts.db, opts.actor, opts.clientId, 'mediaLibrary');
  return opts.db.select().from(mediaLibraries).where(eq(mediaLibraries.clientId, opts.clientId)).orderBy(asc(mediaLibraries.createdAt));
}
