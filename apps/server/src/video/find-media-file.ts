import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { videos, waveProfiles } from '../db/schema/wave.ts';
import { IMMUTABLE_CACHE } from '../images/index.ts';
import { type MediaFile, mediaFiles } from '../wave/index.ts';

/**
 * The stored file behind /videos/{clientId}/{videoId}/{file}, or null (served as 404), and how it may be cached.
 * - A signed link (get-details, get-download-url) opens any file of a processed video to whoever holds it.
 * - Without a signature: a page video (purpose `page`, the career-site editor) is public once
 *   processed, like an image from api/image/upload (docs/site-builder.md "Page videos"); a Wave video
 *   only while it belongs to an Approved profile (meet-the-team pages and widgets). `download.mp4` is
 *   never public.
 */
export async function findMediaFile(
  deps: Pick<Deps, 'db'>,
  input: { clientId: string; videoId: string; file: MediaFile; signed: boolean },
): Promise<{ key: string; cacheControl: string } | null> {
  const { clientId, videoId, file, signed } = input;
  const [row] = await deps.db
    .select({
      state: videos.state,
      purpose: videos.purpose,
      playbackKey: videos.playbackKey,
      thumbnailKey: videos.thumbnailKey,
      previewKey: videos.previewKey,
    })
    .from(videos)
    .where(and(eq(videos.clientId, clientId), eq(videos.id, videoId)))
    .limit(1);
  const key = row?.state === 'ready' ? row[mediaFiles[file]] : null;
  if (!key) return null;
  // Signed links are private to one viewer.
  if (signed) return { key, cacheControl: 'private, max-age=3600' };
  if (file === 'download.mp4') return null;
  // A page video's files never change (a new upload is a new id), as with uploaded images.
  if (row?.purpose === 'page') return { key, cacheControl: IMMUTABLE_CACHE };
  const [approved] = await deps.db
    .select({ one: sql<number>`1` })
    .from(waveProfiles)
    .where(
      and(
        eq(waveProfiles.clientId, clientId),
        eq(waveProfiles.status, 'Approved'),
        sql`(${waveProfiles.profileVideo} = ${videoId}::uuid OR ${waveProfiles.questions} @> jsonb_build_array(jsonb_build_object('videoId', ${videoId}::text)))`,
      ),
    )
    .limit(1);
  // Public Wave links may be cached briefly: an un-approval hides them soon.
  return approved ? { key, cacheControl: 'public, max-age=300' } : null;
}
