import { messages } from '@hh/contract/messages';
import { and, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { videos } from '../db/schema/wave.ts';
import { notFound } from '../lib/app-error.ts';
import { canManageWave, waveClientIds } from '../wave/index.ts';

export type VideoRow = typeof videos.$inferSelect;

/**
 * A video the actor may see: their own, or any of a client whose Wave profiles they manage.
 * Anything else, including another tenant's id, is a 404.
 */
export async function loadVisibleVideo(db: DbOrTx, actor: Actor, videoId: string): Promise<VideoRow> {
  const ids = await waveClientIds({ db }, { actor });
  if (ids && ids.length === 0) throw notFound('video', messages.video.videoNotFound);
  const [row] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.id, videoId), ids ? inArray(videos.clientId, ids) : undefined))
    .limit(1);
  if (!row) throw notFound('video', messages.video.videoNotFound);
  if (row.ownerId !== actor.id && !(await canManageWave({ db }, { actor, clientId: row.clientId }))) throw notFound('video', messages.video.videoNotFound);
  return row;
}
