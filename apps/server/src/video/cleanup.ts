import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { videos } from '../db/schema/wave.ts';
import { originalKey, UPLOAD_ABANDONED } from './receive-upload.ts';

export const CLEANUP_QUEUE = 'video-cleanup';
/** Every 15 minutes (pg-boss cron; one run per schedule even with several servers). */
export const CLEANUP_CRON = '*/15 * * * *';
/** A claimed upload still streaming after this long was cut off (server restart, lost client). */
export const STALE_UPLOAD_MS = 6 * 60 * 60 * 1000;
export const UPLOAD_EXPIRED = 'The upload URL expired before a file was uploaded';

/**
 * Expires videos whose one-time upload URL was never used before its deadline, and those whose
 * upload was claimed but never finished (the process died mid-stream): state `failed` with the
 * reason, so the owner sees why and asks for a new URL. The row itself stays (a profile may name
 * it); whatever the interrupted upload left in storage (the original, a temporary `.part-` file of
 * the local driver) is removed. Returns how many videos it expired.
 */
export async function cleanupStaleUploads(deps: Pick<Deps, 'db' | 'storage' | 'log'>, now = new Date()): Promise<number> {
  const stale = new Date(now.getTime() - STALE_UPLOAD_MS);
  const expired = await deps.db
    .update(videos)
    .set({ state: 'failed', error: UPLOAD_EXPIRED, updatedAt: now })
    .where(and(eq(videos.state, 'uploading'), isNull(videos.uploadUsedAt), lt(videos.uploadExpiresAt, now)))
    .returning({ clientId: videos.clientId, id: videos.id });
  const abandoned = await deps.db
    .update(videos)
    .set({ state: 'failed', error: UPLOAD_ABANDONED, updatedAt: now })
    .where(and(eq(videos.state, 'uploading'), isNotNull(videos.uploadUsedAt), lt(videos.uploadUsedAt, stale)))
    .returning({ clientId: videos.clientId, id: videos.id });
  for (const v of [...expired, ...abandoned]) await removeLeftovers(deps, v.clientId, v.id);
  if (expired.length + abandoned.length > 0) deps.log.info({ expired: expired.length, abandoned: abandoned.length }, 'expired stale video uploads');
  return expired.length + abandoned.length;
}

async function removeLeftovers(deps: Pick<Deps, 'storage'>, clientId: string, videoId: string) {
  const key = originalKey(clientId, videoId);
  await deps.storage.remove(key);
  const local = deps.storage.localPath?.(key);
  if (!local) return;
  const dir = path.dirname(local);
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  for (const name of names) if (name.startsWith(`${path.basename(local)}.part-`)) await rm(path.join(dir, name), { force: true });
}
