import type { MultipartFile } from '@fastify/multipart';
import { imageUploadFields, imageRoutes as r } from '@hh/contract/images';
import { messages } from '@hh/contract/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { files } from '../db/schema/core.ts';
import { badRequest, notFound, tooLarge } from '../lib/app-error.ts';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { CANDIDATE_FILE_KINDS, isCandidateFileKey, isSafeKey, keyFromMediaPath } from './media-key.ts';
import { removeImage } from './remove-image.ts';
import { sendStoredFile } from './serve-file.ts';
import { maxMb, type UploadFields, uploadImage } from './upload-image.ts';

const FIELDS = ['imageType', 'folder', 'fileType', 'fileName', 'clientId'] as const;

/** Reads the multipart form: the `image` file and the text fields (in any order). */
async function readForm(req: FastifyRequest, maxBytes: number): Promise<{ bytes: Buffer | null; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badRequest('image', messages.server.imageMissing);
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      try {
        const buf = await (part as MultipartFile).toBuffer();
        if (part.fieldname === 'image' || (part.fieldname === 'file' && !bytes)) bytes = buf;
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('image', messages.server.imageTooLarge(maxMb(maxBytes)));
        throw err;
      }
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value.slice(0, 500);
    }
  }
  return { bytes, fields };
}

/** Images (core spec §7 "Images") and the public /media/* file server. */
export default async function imagesRoutes(app: FastifyInstance) {
  legacyRoute(
    app,
    r.upload,
    async (req) => {
      const actor = actorOf(req);
      const { bytes, fields } = await readForm(req, app.config.IMAGE_MAX_BYTES);
      if (!bytes) throw badRequest('image', messages.server.imageMissing);
      const parsed = imageUploadFields.safeParse(Object.fromEntries(FIELDS.filter((f) => f in fields).map((f) => [f, fields[f]])));
      if (!parsed.success) throw badRequest(String(parsed.error.issues[0]?.path[0] ?? 'image'), parsed.error.issues[0]?.message ?? messages.server.imageType);
      return uploadImage({
        db: app.db,
        storage: app.storage,
        actor,
        publicUrl: app.config.publicUrl,
        maxBytes: app.config.IMAGE_MAX_BYTES,
        maxPixels: app.config.IMAGE_MAX_PIXELS,
        bytes,
        fields: parsed.data as UploadFields,
      });
    },
    { schema: { description: 'Multipart form: image (file), imageType, folder, fileType, fileName, and optionally clientId.' } },
  );

  legacyRoute(app, r.remove, async (req) => {
    const key = req.body.key ? (isSafeKey(req.body.key) ? req.body.key : null) : req.body.url ? keyFromMediaPath(req.body.url) : undefined;
    if (key === undefined) throw badRequest('image', messages.server.imageMissing);
    if (key === null) throw notFound('image', messages.server.fileNotFound);
    await removeImage({ db: app.db, storage: app.storage, actor: actorOf(req), key });
    return { ok: true as const };
  });

  // Public: logos and images appear on career sites and in emails. Candidate files (resumes and
  // anything else a candidate sent) are personal data and never served here (issue 9 finding 12):
  // only through signed-in routes with rights, `Cache-Control: private, no-store`.
  app.get('/media/*', { config: { auth: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const key = keyFromMediaPath((req.params as { '*': string })['*']);
    if (!key || isCandidateFileKey(key)) throw notFound('media', messages.server.fileNotFound);
    const [row] = await app.db.select({ contentType: files.contentType, kind: files.kind }).from(files).where(eq(files.storageKey, key)).limit(1);
    if (!row || CANDIDATE_FILE_KINDS.has(row.kind)) throw notFound('media', messages.server.fileNotFound);
    return sendStoredFile(app.storage, req, reply, { key, contentType: row.contentType });
  });
}
