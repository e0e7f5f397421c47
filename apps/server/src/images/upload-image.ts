import { randomUUID } from 'node:crypto';
import { imageUploadFields, type imageRoutes as r } from '@hh/contract/images';
import { messages } from '@hh/contract/messages';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { logActivity } from '../core/activity-log.ts';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { files, NIL_UUID } from '../db/schema/core.ts';
import { badRequest, tooLarge } from '../lib/app-error.ts';
import { headerPixels, inImagePool } from './image-pool.ts';
import { MEDIA_PREFIX, safeFolder } from './media-key.ts';

/** The formats we accept, by the type sniffed from the bytes (never the name or the form's fileType). */
const OUTPUT: Record<string, { ext: string; mime: string; encode: (s: Sharp) => Sharp }> = {
  'image/png': { ext: 'png', mime: 'image/png', encode: (s) => s.png({ compressionLevel: 9 }) },
  'image/jpeg': { ext: 'jpg', mime: 'image/jpeg', encode: (s) => s.jpeg({ quality: 85, mozjpeg: true }) },
  'image/webp': { ext: 'webp', mime: 'image/webp', encode: (s) => s.webp({ quality: 85 }) },
  // Product decision: a GIF is stored as a still PNG of its first frame (animation is not kept).
  'image/gif': { ext: 'png', mime: 'image/png', encode: (s) => s.png({ compressionLevel: 9 }) },
  'image/avif': { ext: 'avif', mime: 'image/avif', encode: (s) => s.avif({ quality: 60, effort: 2 }) },
};

export const MAX_EDGE = 2000;

const FIELDS = ['imageType', 'folder', 'fileType', 'fileName', 'clientId'] as const;

/**
 * POST /api/image/upload: sniff, normalise (EXIF rotation, metadata stripped, at most 2000 px on
 * the long side), store under images/<clientId | users/<userId>>/<folder>/<uuid>.<ext>, and record
 * the file. A clientId (a form field only) must be a client the caller may access (another tenant's
 * is a 404). Width × height is checked against IMAGE_MAX_PIXELS from the header before decoding.
 */
export const uploadImage: Operation<typeof r.upload, 'db' | 'storage' | 'config'> = async (deps, input) => {
  const { db, storage } = deps;
  const { actor } = input;
  const form = input.upload.fields;
  const bytes = input.upload.file?.bytes;
  if (!bytes) throw badRequest('image', messages.server.imageMissing);
  const parsed = imageUploadFields.safeParse(Object.fromEntries(FIELDS.filter((f) => f in form).map((f) => [f, form[f]])));
  if (!parsed.success) throw badRequest(String(parsed.error.issues[0]?.path[0] ?? 'image'), parsed.error.issues[0]?.message ?? messages.server.imageType);
  const fields = parsed.data;
  const maxBytes = deps.config.IMAGE_MAX_BYTES;
  const maxPixels = deps.config.IMAGE_MAX_PIXELS;
  if (bytes.length > maxBytes) throw tooLarge('image', messages.server.imageTooLarge(maxMb(maxBytes)));
  if (bytes.length === 0) throw badRequest('image', messages.server.imageMissing);
  if (fields.clientId) await requireClient(deps, actor, fields.clientId, 'member', 'image');

  const sniffed = await fileTypeFromBuffer(bytes);
  const out = sniffed ? OUTPUT[sniffed.mime] : undefined;
  if (!out) throw badRequest('image', messages.server.imageType);

  const pixels = await headerPixels(bytes);
  if (pixels === null) throw badRequest('image', messages.server.imageType);
  if (pixels > maxPixels) throw tooLarge('image', messages.security.tooManyPixels(maxPixels));

  let data: Buffer;
  let info: OutputInfo;
  try {
    ({ data, info } = await inImagePool(() => {
      const pipeline = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
        .rotate()
        .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true });
      return out.encode(pipeline).toBuffer({ resolveWithObject: true });
    }));
  } catch {
    // The bytes start like an image but do not decode: the same answer as a wrong type.
    throw badRequest('image', messages.server.imageType);
  }

  const owner = fields.clientId ?? `users/${actor.id}`;
  const key = `images/${owner}/${safeFolder(fields.folder)}/${randomUUID()}.${out.ext}`;
  const fileName = cleanFileName(fields.fileName, out.ext);
  await storage.put(key, data, out.mime);
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(files)
        .values({ clientId: fields.clientId ?? NIL_UUID, ownerId: actor.id, storageKey: key, contentType: out.mime, sizeBytes: data.length, kind: 'image' })
        .returning();
      await logActivity(tx, {
        actor,
        clientId: fields.clientId ?? null,
        action: 'create',
        entity: 'image',
        entityId: row.id,
        changes: { key: { from: null, to: key }, imageType: { from: null, to: fields.imageType ?? null }, fileName: { from: null, to: fileName } },
      });
    });
  } catch (err) {
    await storage.remove(key); // no row, no file
    throw err;
  }
  return {
    url: `${deps.config.publicUrl}${MEDIA_PREFIX}${key}`,
    key,
    fileName,
    contentType: out.mime,
    size: data.length,
    width: info.width,
    height: info.height,
  };
};

export const maxMb = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/** The name the user gave, without any path, with the stored extension. */
function cleanFileName(name: string | undefined, ext: string): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()
    ?.replace(/[^\w .-]+/g, '_')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 150);
  return `${base || 'image'}.${ext}`;
}
