import { z } from 'zod';
import { id, isoDate } from './common.ts';
import { defineRoute } from './route.ts';

/** Video calls (core spec §7 Video): upload URL, download URL and details with a `result` field. */
export const videoStates = ['uploading', 'processing', 'ready', 'failed'] as const;
export const videoState = z.enum(videoStates);
export type VideoState = z.infer<typeof videoState>;

/**
 * What a video is for. `wave`: a Wave answer, public only while its profile is Approved. `page`: a
 * video of the career-site editor, public once processed (docs/site-builder.md "Page videos").
 */
export const videoPurposes = ['wave', 'page'] as const;
export const videoPurpose = z.enum(videoPurposes);
export type VideoPurpose = z.infer<typeof videoPurpose>;

/** Staff upload into their own client; admins and recruiters name the client. `purpose` defaults to `wave`. */
export const getUploadUrlRequest = z.object({
  clientId: id.optional(),
  fileName: z.string().trim().max(255).optional(),
  purpose: videoPurpose.optional(),
});
export const getUploadUrlReply = z.object({
  videoId: id,
  /** One-time: accepts exactly one multipart POST (field `file`) before `expiresAt`. */
  uploadUrl: z.string(),
  expiresAt: isoDate,
  maxBytes: z.number().int(),
});
export type GetUploadUrlReply = z.infer<typeof getUploadUrlReply>;

export const uploadReply = z.object({ videoId: id, state: videoState, size: z.number().int() });
/** POST /uploads/video/:token: the one-time URL's signed token. */
export const uploadTokenParams = z.object({ token: z.string().max(2000) });

export const videoIdQuery = z.object({ videoId: id });

export const videoDetails = z.object({
  videoId: id,
  state: videoState,
  duration: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  codec: z.string().nullable(),
  size: z.number().int().nullable(),
  thumbnailUrl: z.string().nullable(),
  playbackUrl: z.string().nullable(),
  previewUrl: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: isoDate,
});
export type VideoDetails = z.infer<typeof videoDetails>;
export const videoDetailsReply = z.object({ result: videoDetails });

/**
 * The still of a page video, from its playback address (`…/videos/{clientId}/{videoId}/playback.mp4`):
 * the editor shows it, and it is the natural poster. Null for any other address.
 */
export function pageVideoThumbnail(playbackUrl: string): string | null {
  const m = /^((?:https?:\/\/[^/?#\s]+)?\/videos\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/)playback\.mp4$/i.exec(playbackUrl.trim());
  return m ? `${m[1]}thumbnail.jpg` : null;
}

export const getDownloadUrlRequest = z.object({ videoId: id });
export const getDownloadUrlReply = z.object({ downloadUrl: z.string(), expiresAt: isoDate });

/** Server texts the spec leaves to us (docs/wave.md). */

const errors = [400, 401, 403, 404, 409, 413, 415] as const;
const tags = ['video'];

/** Video calls (core spec §7 Video). The media files (/videos/…) are not calls: they stay plain routes. */
export const videoRoutes = {
  getUploadUrl: defineRoute({
    method: 'POST',
    path: '/api/video/get-upload-url',
    body: getUploadUrlRequest,
    status: 201,
    reply: getUploadUrlReply,
    errors,
    tags,
  }),
  /**
   * The one-time upload URL (multipart, field `file`): its signed token is the credential. Outside
   * /api: the portal posts to the `uploadUrl` get-upload-url returned (an XHR, for progress).
   */
  upload: defineRoute({
    method: 'POST',
    path: '/uploads/video/:token',
    auth: 'public',
    params: uploadTokenParams,
    status: 201,
    reply: uploadReply,
    errors,
    tags,
  }),
  getDetails: defineRoute({ method: 'GET', path: '/api/video/get-details', query: videoIdQuery, status: 200, reply: videoDetailsReply, errors, tags }),
  getDownloadUrl: defineRoute({
    method: 'POST',
    path: '/api/video/get-download-url',
    body: getDownloadUrlRequest,
    status: 200,
    reply: getDownloadUrlReply,
    errors,
    tags,
  }),
};
