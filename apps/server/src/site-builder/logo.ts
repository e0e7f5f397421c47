import { randomUUID } from 'node:crypto';
import { messages } from '@hh/contract/messages';
import { LOGO_RULES, logoCrop, pageErrorKeys, type pageRoutes as r } from '@hh/contract/site-builder';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sanitizeHtml from 'sanitize-html';
import sharp from 'sharp';
import { z } from 'zod';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Deps } from '../core/deps.ts';
import type { Operation } from '../core/operation.ts';
import { GuardedFetchError, guardedFetch } from '../core/security/guarded-fetch.ts';
import type { DbOrTx } from '../db/client.ts';
import { files } from '../db/schema/core.ts';
import { keyFromMediaPath, MEDIA_PREFIX } from '../images/index.ts';
import { AppError, badRequest, tooLarge } from '../lib/app-error.ts';

/** Errors of the logo upload and the publish check are keyed `logo`. */
const KEY = 'logo';
const RASTER: Record<string, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP' };
const mb = (n: number) => Math.round((n / (1024 * 1024)) * 10) / 10;

// ---------------------------------------------------------------------------------------------
// SVG: sanitised with the project's HTML sanitiser (sanitize-html, as for rich text), then drawn
// to a PNG by sharp. Visitors get the PNG: no markup of the uploaded file ever reaches a page.
// ---------------------------------------------------------------------------------------------

const SVG_TAGS = [
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'defs',
  'lineargradient',
  'radialgradient',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'clippath',
  'mask',
  'title',
  'desc',
  'symbol',
  'use',
];
const SVG_ATTRS = [
  'viewBox',
  'viewbox',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'd',
  'points',
  'fill',
  'fill-rule',
  'fill-opacity',
  'clip-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'transform',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'clip-path',
  'mask',
  'id',
  'xmlns',
  'preserveAspectRatio',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'href',
  'xlink:href',
  'xmlns:xlink',
  'version',
];

/**
 * The SVG with only drawing elements and presentation attributes: no script, style, foreignObject,
 * image or event handler; a reference (`href`, `url(...)`) only to a fragment of the same file, so
 * drawing it never loads anything. A DOCTYPE (entities) is refused before parsing.
 */
export function sanitizeSvg(text: string): string {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw badRequest(KEY, messages.pages.logoSvgDoctype);
  const clean = sanitizeHtml(text, {
    allowedTags: SVG_TAGS,
    allowedAttributes: { '*': SVG_ATTRS },
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: [],
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
    disallowedTagsMode: 'discard',
    exclusiveFilter: (frame) => {
      const href = frame.attribs.href ?? frame.attribs['xlink:href'];
      return href !== undefined && !href.startsWith('#');
    },
    transformTags: {
      '*': (tagName, attribs) => ({
        tagName,
        // Paint and clip references: a fragment of this file only (url(#id)), never an address.
        attribs: Object.fromEntries(Object.entries(attribs).filter(([, v]) => !/url\(\s*['"]?(?!#)/i.test(v))),
      }),
    },
  }).trim();
  if (!/^<svg[\s>]/.test(clean) || !/<(path|rect|circle|ellipse|line|polyline|polygon|text|use)\b/.test(clean))
    throw badRequest(KEY, messages.pages.logoSvgEmpty);
  return clean.includes('xmlns=') ? clean : clean.replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
}

interface Decoded {
  /** The picture, upright, as sharp's input (an SVG already drawn at a useful size). */
  input: Buffer;
  width: number;
  height: number;
}

const unreadable = () => badRequest(KEY, messages.pages.logoUnreadable);

/** Sniffs, checks the type and size in words, and gives the picture upright with its size. */
async function decode(bytes: Buffer, maxPixels: number): Promise<Decoded> {
  if (bytes.length > LOGO_RULES.maxBytes) throw tooLarge(KEY, messages.pages.logoTooLarge(mb(bytes.length), mb(LOGO_RULES.maxBytes)));
  const sniffed = await fileTypeFromBuffer(bytes);
  const head = bytes.subarray(0, 2048).toString('utf8');
  // An SVG is text: nothing sniffed, or XML when it starts with a declaration.
  const isSvg = (!sniffed || sniffed.ext === 'xml' || sniffed.mime === 'image/svg+xml') && /<svg[\s>]/i.test(head);
  if (!isSvg && !(sniffed && RASTER[sniffed.mime]))
    throw badRequest(KEY, messages.pages.logoType(sniffed ? `a ${sniffed.ext.toUpperCase()} file` : 'not a picture'));
  let source = bytes;
  let density: number | undefined;
  if (isSvg) {
    source = Buffer.from(sanitizeSvg(bytes.toString('utf8')));
    // Draw it large enough to crop from: the long side near the largest logo we keep.
    const m = await sharp(source)
      .metadata()
      .catch(() => null);
    if (!m?.width || !m.height) throw badRequest(KEY, messages.pages.logoSvgEmpty);
    density = Math.min(72 * 20, Math.max(72, (72 * LOGO_RULES.maxOutputEdge) / Math.max(m.width, m.height)));
  }
  try {
    const meta = await sharp(source, { limitInputPixels: false, ...(density ? { density } : {}) }).metadata();
    if (!meta.width || !meta.height) throw unreadable();
    if (meta.width * meta.height > maxPixels) throw tooLarge(KEY, messages.security.tooManyPixels(maxPixels));
    const { data, info } = await sharp(source, { limitInputPixels: maxPixels, failOn: 'error', ...(density ? { density } : {}) })
      .rotate()
      .png()
      .toBuffer({ resolveWithObject: true });
    return { input: data, width: info.width, height: info.height };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadable();
  }
}

/**
 * The uploaded logo, checked and cropped: type (PNG, JPEG, WebP, SVG), file size, the picture's size
 * and the crop's, each refused with a message that names the problem and nothing stored; kept as a
 * PNG (transparency kept) at most LOGO_RULES.maxOutputEdge on its long side, metadata dropped.
 */
export async function cropLogo(bytes: Buffer, crop: z.infer<typeof logoCrop>, maxPixels: number): Promise<{ data: Buffer; width: number; height: number }> {
  const pic = await decode(bytes, maxPixels);
  const min = LOGO_RULES.minEdge;
  if (pic.width < min || pic.height < min) throw badRequest(KEY, messages.pages.logoTooSmall(pic.width, pic.height, min));
  const eps = 1e-6;
  if (crop.cropX + crop.cropWidth > 1 + eps || crop.cropY + crop.cropHeight > 1 + eps) throw badRequest(KEY, messages.pages.logoCropOutside);
  const left = Math.min(pic.width - 1, Math.round(crop.cropX * pic.width));
  const top = Math.min(pic.height - 1, Math.round(crop.cropY * pic.height));
  const width = Math.max(1, Math.min(pic.width - left, Math.round(crop.cropWidth * pic.width)));
  const height = Math.max(1, Math.min(pic.height - top, Math.round(crop.cropHeight * pic.height)));
  if (width < min || height < min) throw badRequest(KEY, messages.pages.logoCroppedTooSmall(width, height, min));
  try {
    const { data, info } = await sharp(pic.input)
      .extract({ left, top, width, height })
      .resize({ width: LOGO_RULES.maxOutputEdge, height: LOGO_RULES.maxOutputEdge, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw unreadable();
  }
}

/** POST api/page-design-options/logo: upload, check and crop the logo; it goes into the draft design (visitors see it once published). */
export const uploadLogo: Operation<typeof r.uploadLogo, 'db' | 'storage' | 'config'> = async (deps, input) => {
  const { actor } = input;
  const bytes = input.upload.file?.bytes;
  if (!bytes?.length) throw badRequest(KEY, messages.server.imageMissing);
  const clientParsed = z.uuid().safeParse(input.upload.fields.clientId || input.clientId || '');
  if (!clientParsed.success) throw badRequest('clientId', messages.wave.noClient);
  const clientId = clientParsed.data;
  await requireClient(deps, actor, clientId, { product: 'harvest', level: 'editor' }, pageErrorKeys.pageTemplates);
  const crop = logoCrop.safeParse(input.upload.fields);
  if (!crop.success) throw badRequest(KEY, messages.pages.logoCropOutside);
  const out = await cropLogo(bytes, crop.data, deps.config.IMAGE_MAX_PIXELS);
  const storageKey = `images/${clientId}/logos/${randomUUID()}.png`;
  await deps.storage.put(storageKey, out.data, 'image/png');
  try {
    await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(files)
        .values({ clientId, ownerId: actor.id, storageKey, contentType: 'image/png', sizeBytes: out.data.length, kind: 'image' })
        .returning();
      await logActivity(tx, { actor, clientId, action: 'create', entity: 'image', entityId: row.id, changes: { key: { from: null, to: storageKey } } });
    });
  } catch (err) {
    await deps.storage.remove(storageKey); // no row, no file
    throw err;
  }
  return {
    message: messages.pages.logoUploaded,
    url: `${deps.config.publicUrl}${MEDIA_PREFIX}${storageKey}`,
    width: out.width,
    height: out.height,
    contentType: 'image/png',
  };
};

/**
 * Before a design goes live: its logo must show. A file of ours (under /media/ on the product's
 * address) must be recorded and stored; any other address is fetched through the guarded client
 * (public addresses only, size and time limits) and must answer 200 with a picture.
 */
export async function checkLogo(deps: { db: DbOrTx } & Pick<Deps, 'config' | 'storage'>, url: string | undefined): Promise<void> {
  if (!url) return;
  const broken = (reason: string) => badRequest(KEY, messages.pages.logoBroken(url, reason));
  const ours = new URL(deps.config.publicUrl);
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw broken(messages.pages.logoNotReachable);
  }
  if (u.origin === ours.origin && u.pathname.startsWith(MEDIA_PREFIX)) {
    const storageKey = keyFromMediaPath(u.pathname);
    const [row] = storageKey ? await deps.db.select({ contentType: files.contentType }).from(files).where(eq(files.storageKey, storageKey)).limit(1) : [];
    if (!storageKey || !row || !(await deps.storage.stat(storageKey))) throw broken(messages.pages.logoNoSuchFile);
    if (!row.contentType.startsWith('image/')) throw broken(messages.pages.logoNotPicture);
    return;
  }
  let res: Awaited<ReturnType<typeof guardedFetch>>;
  try {
    res = await guardedFetch(url, {
      maxBytes: Math.min(LOGO_RULES.maxBytes, deps.config.OUTBOUND_MAX_BYTES),
      timeoutMs: Math.min(10_000, deps.config.OUTBOUND_TIMEOUT_MS),
      allow: deps.config.OUTBOUND_ALLOW.split(','),
      publicMessage: messages.pages.logoNotReachable,
    });
  } catch (err) {
    if (err instanceof GuardedFetchError) throw broken(messages.pages.logoNotReachable);
    throw err;
  }
  if (res.status !== 200) throw broken(messages.pages.logoAnswered(res.status));
  const sniffed = await fileTypeFromBuffer(res.body);
  const svg = (!sniffed || sniffed.ext === 'xml') && /<svg[\s>]/i.test(res.body.subarray(0, 2048).toString('utf8'));
  if (!svg && !(sniffed?.mime.startsWith('image/') ?? false)) throw broken(messages.pages.logoNotPicture);
}
