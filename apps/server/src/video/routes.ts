import { messages } from '@hh/contract/messages';
import { videoRoutes as v } from '@hh/contract/video';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../core/deps.ts';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { createUploadUrl } from './create-upload-url.ts';
import { findMediaFile } from './find-media-file.ts';
import { loadVisibleVideo } from './load-video.ts';
import { DOWNLOAD_TTL_SECONDS, type MediaFile, mediaFiles, mediaPath, signedUrl, videoDetails } from './media-urls.ts';
import { receiveUpload } from './receive-upload.ts';
import { checkMediaSignature } from './signing.ts';
import { sendStoredFile } from '../images/index.ts';
import { notFound } from '../lib/app-error.ts';

/** Video calls (core spec §7 Video) and the media files they point at. */
export default async function videoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  // Processing and the stale-upload cleanup run in the background: video/jobs/*.job.ts, listed in src/workers.ts.

  legacyRoute(app, v.getUploadUrl, async (req) => {
    const { clientId, fileName, purpose } = req.body;
    return createUploadUrl(deps, { actor: actorOf(req), clientId, fileName, purpose });
  });

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
  legacyRoute(app, v.upload, async (req) => receiveUpload(deps, req, req.params.token), {
    onRequest: async (_req, reply) => {
      cors(reply);
    },
  });

  legacyRoute(app, v.getDetails, async (req) => ({
    result: videoDetails(app.config, await loadVisibleVideo(app.db, actorOf(req), req.query.videoId)),
  }));

  legacyRoute(app, v.getDownloadUrl, async (req) => {
    const row = await loadVisibleVideo(app.db, actorOf(req), req.body.videoId);
    if (row.state !== 'ready') throw notFound('video', messages.video.videoNotFound);
    const s = signedUrl(app.config, row, 'download.mp4', DOWNLOAD_TTL_SECONDS);
    return { downloadUrl: s.url, expiresAt: new Date(s.exp * 1000).toISOString() };
  });

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
      const signed = checkMediaSignature(app.config.jwtSecret, mediaPath(clientId, videoId, file), req.query.exp, req.query.sig);
      const found = await findMediaFile(app.db, { clientId, videoId, file, signed });
      if (!found) return reply.status(404).type('text/plain').send('Not found');
      return sendStoredFile(app.storage, req, reply, {
        key: found.key,
        contentType: file.endsWith('.jpg') ? 'image/jpeg' : 'video/mp4',
        cacheControl: found.cacheControl,
        downloadName: file === 'download.mp4' ? `video-${videoId}.mp4` : undefined,
      });
    },
  );
}
