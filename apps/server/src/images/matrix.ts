import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { MatrixEntry, MatrixFixture } from '../../test/matrix-types.ts';
import { files } from '../db/schema/core.ts';

/** Who may call each image route (docs/permissions.md). Requests target tenant A. */
const everyone = ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'] as const;
const tenantA = ['admin', 'recruiterA', 'staffA'] as const;

let pngBytes: Promise<Buffer> | null = null;
const png = () =>
  (pngBytes ??= sharp({ create: { width: 16, height: 16, channels: 3, background: '#23ADFF' } })
    .png()
    .toBuffer());

/** A stored image of client A, uploaded by nobody in the fixture. */
async function imageOfA(f: MatrixFixture): Promise<string> {
  const key = `images/${f.a.client.id}/matrix/${randomUUID()}.png`;
  const bytes = await png();
  await f.app.storage.put(key, bytes, 'image/png');
  await f.app.db
    .insert(files)
    .values({ clientId: f.a.client.id, ownerId: null, storageKey: key, contentType: 'image/png', sizeBytes: bytes.length, kind: 'image' });
  return key;
}

export const matrix: MatrixEntry[] = [
  {
    method: 'POST',
    route: '/api/image/upload',
    allowed: [...tenantA],
    request: async (f) => {
      const boundary = `matrix${randomUUID()}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="clientId"\r\n\r\n${f.a.client.id}\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
        await png(),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
    },
  },
  {
    method: 'DELETE',
    route: '/api/image/remove',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { key: await imageOfA(f) } }),
  },
  {
    method: 'GET',
    route: '/media/*',
    allowed: [...everyone],
    note: 'Public file server (not under /api).',
    request: async (f) => ({ url: `/media/${await imageOfA(f)}` }),
  },
];
