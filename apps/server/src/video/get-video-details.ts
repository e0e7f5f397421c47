import { messages } from '@hh/contract/messages';
import type { videoRoutes as v } from '@hh/contract/video';
import type { Operation } from '../core/operation.ts';
import { notFound } from '../lib/app-error.ts';
import { loadVisibleVideo } from './load-video.ts';
import { DOWNLOAD_TTL_SECONDS, signedUrl, videoDetails } from './media-urls.ts';

export const getVideoDetails: Operation<typeof v.getDetails, 'db' | 'config'> = async (deps, input) => ({
  result: videoDetails(deps.config, await loadVisibleVideo(deps.db, input.actor, input.videoId)),
});

/** A short-lived signed link to the processed file, for a video the actor may see. */
export const getDownloadUrl: Operation<typeof v.getDownloadUrl, 'db' | 'config'> = async (deps, input) => {
  const row = await loadVisibleVideo(deps.db, input.actor, input.videoId);
  if (row.state !== 'ready') throw notFound('video', messages.video.videoNotFound);
  const s = signedUrl(deps.config, row, 'download.mp4', DOWNLOAD_TTL_SECONDS);
  return { downloadUrl: s.url, expiresAt: new Date(s.exp * 1000).toISOString() };
};
