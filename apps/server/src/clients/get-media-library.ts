import type { clientRoutes as r } from '@hh/contract/clients';
import { asc, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { mediaLibraries } from '../db/schema/core.ts';
import { serializeMediaLibrary } from './serialize-media-library.ts';

/** The client's media library as a list (the portal uses the first element; a client has at most one). */
export const getMediaLibrary: Operation<typeof r.mediaLibrary, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, 'member', 'mediaLibrary');
  const rows = await deps.db.select().from(mediaLibraries).where(eq(mediaLibraries.clientId, client.id)).orderBy(asc(mediaLibraries.createdAt));
  return { results: rows.map(serializeMediaLibrary), totalCount: rows.length };
};
