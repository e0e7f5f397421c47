import { randomUUID } from 'node:crypto';
import { pageErrorKeys, type pageRoutes as r } from '@hh/contract/site-builder';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { z } from 'zod';
import { requireClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Deps } from '../core/deps.ts';
import type { Operation, Upload } from '../core/operation.ts';
import { files } from '../db/schema/core.ts';
import { meetTheTeamSettings, pageTemplates, type StoredIcon } from '../db/schema/pages.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { MEDIA_PREFIX } from '../images/index.ts';

/** Icon sizes made from one upload: browser tabs (16, 32, 48), Apple touch (180), Android (192, 512). */
export const ICON_SIZES = [16, 32, 48, 180, 192, 512];
const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);

async function makeIcons(deps: Pick<Deps, 'db' | 'storage' | 'config'>, actor: Actor, clientId: string, bytes: Buffer): Promise<StoredIcon[]> {
  if (!bytes.length) throw badRequest('image', messages.server.imageMissing);
  if (bytes.length > deps.config.IMAGE_MAX_BYTES) throw badRequest('image', messages.server.imageTooLarge(Math.round(deps.config.IMAGE_MAX_BYTES / 1048576)));
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed || !ACCEPTED.has(sniffed.mime)) throw badRequest('image', messages.server.imageType);
  const batch = randomUUID();
  const icons: StoredIcon[] = [];
  for (const size of ICON_SIZES) {
    let data: Buffer;
    try {
      data = await sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' })
        .rotate()
        .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png({ compressionLevel: 9 })
        .toBuffer();
    } catch {
      throw badRequest('image', messages.server.imageType);
    }
    const key = `images/${clientId}/favicons/${batch}/icon-${size}.png`;
    await deps.storage.put(key, data, 'image/png');
    await deps.db.insert(files).values({ clientId, ownerId: actor.id, storageKey: key, contentType: 'image/png', sizeBytes: data.length, kind: 'image' });
    icons.push({ size, url: `${deps.config.publicUrl}${MEDIA_PREFIX}${key}` });
  }
  return icons;
}

const primary = (icons: StoredIcon[]) => icons.find((i) => i.size === 32)?.url ?? icons[0].url;

/** The uploaded image and the client it is for: the form's clientId field, else the query's, else the selected client (X-Client-Id). */
function formOf(input: { upload: Upload; clientId: string | undefined }): { bytes: Buffer; clientId: string } {
  const bytes = input.upload.file?.bytes;
  if (!bytes) throw badRequest('image', messages.server.imageMissing);
  const parsed = z.uuid().safeParse(input.upload.fields.clientId || input.clientId || '');
  if (!parsed.success) throw badRequest('clientId', messages.wave.noClient);
  return { bytes, clientId: parsed.data };
}

/** POST api/favicon/page/upload?templateId: the career site's favicon. */
export const uploadPageFavicon: Operation<typeof r.uploadPageFavicon, 'db' | 'storage' | 'config'> = async (deps, input) => {
  const { actor, templateId } = input;
  const { bytes, clientId } = formOf(input);
  const key = pageErrorKeys.pageTemplates;
  await requireClient(deps, actor, clientId, { product: 'harvest', level: 'editor' }, key);
  const [t] = await deps.db
    .select({ id: pageTemplates.id })
    .from(pageTemplates)
    .where(and(eq(pageTemplates.clientId, clientId), eq(pageTemplates.id, templateId)));
  if (!t) throw notFound(key, messages.pages.templateNotFound);
  const icons = await makeIcons(deps, actor, clientId, bytes);
  await deps.db
    .update(pageTemplates)
    .set({ favicon: primary(icons), faviconIcons: icons, updatedAt: new Date() })
    .where(and(eq(pageTemplates.clientId, clientId), eq(pageTemplates.id, templateId)));
  await logActivity(deps.db, { actor, clientId, action: 'update', entity: 'favicon', entityId: templateId });
  return { message: messages.pages.faviconUpdated, favicon: primary(icons), icons };
};

/** POST api/favicon/meet-the-team/upload?pageId: the meet-the-team page's favicon (pageId = the settings' _id). */
export const uploadMeetTheTeamFavicon: Operation<typeof r.uploadMeetTheTeamFavicon, 'db' | 'storage' | 'config'> = async (deps, input) => {
  const { actor, pageId } = input;
  const { bytes, clientId } = formOf(input);
  const key = pageErrorKeys.pageTemplates;
  await requireClient(deps, actor, clientId, { product: 'wave', level: 'editor' }, key);
  const [s] = await deps.db
    .select({ id: meetTheTeamSettings.id })
    .from(meetTheTeamSettings)
    .where(and(eq(meetTheTeamSettings.clientId, clientId), eq(meetTheTeamSettings.id, pageId)));
  if (!s) throw notFound(key, messages.pages.meetTheTeamNotFound);
  const icons = await makeIcons(deps, actor, clientId, bytes);
  await deps.db
    .update(meetTheTeamSettings)
    .set({ favicon: primary(icons), faviconIcons: icons, updatedAt: new Date() })
    .where(and(eq(meetTheTeamSettings.clientId, clientId), eq(meetTheTeamSettings.id, pageId)));
  await logActivity(deps.db, { actor, clientId, action: 'update', entity: 'favicon', entityId: pageId });
  return { message: messages.pages.faviconUpdated, favicon: primary(icons), icons };
};
