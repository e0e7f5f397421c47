import type { Config } from '../config.ts';

/**
 * Files a processed video serves under /videos/{clientId}/{videoId}/{file}. The paths live with
 * Wave, whose public profiles link them; video/ signs and serves them (it depends on wave/, never
 * the reverse).
 */
export const mediaFiles = {
  'playback.mp4': 'playbackKey',
  'thumbnail.jpg': 'thumbnailKey',
  'preview.mp4': 'previewKey',
  'download.mp4': 'playbackKey',
} as const;
export type MediaFile = keyof typeof mediaFiles;

export const mediaPath = (clientId: string, videoId: string, file: MediaFile) => `/videos/${clientId}/${videoId}/${file}`;

/** Plain links: they work while the video belongs to an Approved profile, and for page videos once processed (video/find-media-file.ts). */
export const publicUrl = (config: Config, clientId: string, videoId: string, file: MediaFile) => `${config.publicUrl}${mediaPath(clientId, videoId, file)}`;
