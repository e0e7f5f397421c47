import type { VideoDetails } from '@hh/contract/video';
import type { Config } from '../config.ts';
import type { videos } from '../db/schema/wave.ts';
import { type MediaFile, mediaPath, publicUrl } from '../wave/index.ts';
import { signMediaPath } from './signing.ts';

type VideoRow = typeof videos.$inferSelect;

/** Playback links last long enough for a review session; download links are short (docs/wave.md). */
export const PLAYBACK_TTL_SECONDS = 6 * 3600;
export const DOWNLOAD_TTL_SECONDS = 15 * 60;

/** Signed links, for the owner and reviewers (the video may not be public yet). */
export function signedUrl(config: Config, row: VideoRow, file: MediaFile, ttl = PLAYBACK_TTL_SECONDS) {
  const s = signMediaPath(config.jwtSecret, mediaPath(row.clientId, row.id, file), ttl);
  return { url: `${config.publicUrl}${s.url}`, exp: s.exp };
}

export function videoDetails(config: Config, row: VideoRow): VideoDetails {
  const ready = row.state === 'ready';
  // A page video is public once processed: its plain links are the ones the page editor stores.
  const link = (file: MediaFile) => (row.purpose === 'page' ? publicUrl(config, row.clientId, row.id, file) : signedUrl(config, row, file).url);
  return {
    videoId: row.id,
    state: row.state,
    duration: row.duration,
    width: row.width,
    height: row.height,
    codec: row.codec,
    size: row.sizeBytes,
    thumbnailUrl: ready && row.thumbnailKey ? link('thumbnail.jpg') : null,
    playbackUrl: ready && row.playbackKey ? link('playback.mp4') : null,
    previewUrl: ready && row.previewKey ? link('preview.mp4') : null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}
