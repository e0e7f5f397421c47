import { imageRoutes as r } from '@hh/contract/images';
import { messages } from '@hh/contract/messages';
import type { FastifyInstance } from 'fastify';
import { depsOf } from '../core/deps.ts';
import { notFound } from '../lib/app-error.ts';
import { route } from '../plugins/route.ts';
import type { UploadLimits } from '../plugins/upload.ts';
import { findPublicMedia } from './public-media.ts';
import { removeImage } from './remove-image.ts';
import { sendStoredFile } from './serve-file.ts';
import { maxMb, uploadImage } from './upload-image.ts';

/** The upload's form: the `image` file (or `file`), up to IMAGE_MAX_BYTES, and its text fields in any order. */
const IMAGE_UPLOAD: UploadLimits = {
  fileFields: ['image', 'file'],
  key: 'image',
  missingMessage: messages.server.imageMissing,
  tooLargeMessage: (maxBytes: number) => messages.server.imageTooLarge(maxMb(maxBytes)),
};

/** Images (core spec §7 "Images") and the public /media/* file server. */
export default async function imagesRoutes(app: FastifyInstance) {
  const deps = depsOf(app);
  route(app, r.upload, uploadImage, {
    upload: IMAGE_UPLOAD,
    schema: { description: 'Multipart form: image (file), imageType, folder, fileType, fileName, and optionally clientId.' },
  });
  route(app, r.remove, removeImage);

  // Public: logos and images; never a candidate's file (public-media.ts).
  app.get('/media/*', { config: { auth: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const found = await findPublicMedia(deps, (req.params as { '*': string })['*']);
    if (!found) throw notFound('media', messages.server.fileNotFound);
    return sendStoredFile(deps.storage, req, reply, found);
  });
}
