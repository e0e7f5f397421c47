import { messages } from '@hh/contract/messages';
import { videoRoutes as v } from '@hh/contract/video';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../core/deps.ts';
import { sendStoredFile } from '../images/index.ts';
import { route } from '../plugins/route.ts';
import type { UploadLimits } from '../plugins/upload.ts';
import { type MediaFile, mediaFiles, mediaPath } from '../wave/index.ts';
import { createUploadUrl } from './create-upload-url.ts';
import { findMediaFile } from './find-media-file.ts';
import { getDownloadUrl, getVideoDetails } from './get-video-details.ts';
import { receiveUpload, UPLOAD_HWM } from './receive-upload.ts';
import { checkMediaSignature } from './signing.ts';

/**
 * The one-time upload's form: streamed (stream mode) to storage through the video gate, which
 * refuses a file over VIDEO_MAX_BYTES (the parser stops one byte later) or one that is not a video.
 */
const VIDEO_UPLOAD: UploadLimits = {
  mode: 'stream',
  maxBytes: (req: FastifyRequest) => req.server.config.VIDEO_MAX_BYTES + 1,
  fields: 5,
  key: 'video',
  missingMessage: messages.video.fileMissing,
  highWaterMark: UPLOAD_HWM,
};

/** Video calls (core spec §7 Video) and the media files they point at. */
export default async function videoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  // Processing and the stale-upload cleanup run in the background: video/jobs/*.job.ts, listed in src/workers.ts.

  route(app, v.getUploadUrl, createUploadUrl);

  // The one-time URL itself: its signed token is the credential, so no session or cookie is needed, and
  // any origin may POST to it (like a pre-signed storage URL). Upload progress listeners make the
  // browser send a CORS preflight, answered by the OPTIONS route. Outside /api: it is not a JSON call.
  const cors = (reply: FastifyReply) =>
    reply
      .header('Access-Control-Allow-Origin', '*')
      .header('Access-Control-Allow-Methods', 'POST')
      .header('Access-Control-Allow-Headers', 'Content-Type')
      .header('Access-Control-Max-Age', '600');
  r.options('/uploads/video/:token', { config: { auth: 'public' }, schema: { hide: true } }, async (_req, reply) => cors(reply).status(204).send());
  const corsHeaders = async (_req: FastifyRequest, reply: FastifyReply) => {
    cors(reply);
  };
  route(app, v.upload, receiveUpload, { upload: VIDEO_UPLOAD, onRequest: corsHeaders });
  route(app, v.getDetails, getVideoDetails);
  route(app, v.getDownloadUrl, getDownloadUrl);

  /** Media files: who may fetch which without a signature is find-media-file.ts's rule (Wave on an Approved profile, page videos). */
  r.get(
    '/videos/:clientId/:videoId/:file',
    {
      config: { auth: 'public' },
      schema: {
        hide: true,
        params: z.object({ clientId: z.uuid(), videoId: z.uuid(), file: z.enum(Object.keys(mediaFiles) as [MediaFile, ...MediaFile[]]) }),
        querystring: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
      },
    },
    async (req, reply) => {
      const { clientId, videoId, file } = req.params;
      const signed = checkMediaSignature(deps.config.jwtSecret, mediaPath(clientId, videoId, file), req.query.exp, req.query.sig);
      const found = await findMediaFile(deps, { clientId, videoId, file, signed });
      if (!found) return reply.status(404).type('text/plain').send('Not found');
      return sendStoredFile(deps.storage, req, reply, {
        key: found.key,
        contentType: file.endsWith('.jpg') ? 'image/jpeg' : 'video/mp4',
        cacheControl: found.cacheControl,
        downloadName: file === 'download.mp4' ? `video-${videoId}.mp4` : undefined,
      });
    },
  );
}
