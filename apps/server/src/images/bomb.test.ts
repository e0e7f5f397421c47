import { messages } from '@hh/contract/messages';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';

/** Hostile uploads: image decompression bombs and malformed multipart get a 4xx, never a stuck or crashed server. */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
});
afterAll(async () => t.close());

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
/** A real, valid 10000×10000 grey PNG: a few hundred KB that would decode to 100 megapixels. */
function bombPng(side: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc(side * (side + 1)); // each row: filter byte 0 + zeros
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function form(fields: Record<string, string>, file: Buffer) {
  const boundary = `----hh${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="bomb.png"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('POST /api/image/upload refuses decompression bombs before decoding', () => {
  it('a 10000×10000 PNG is 413 with the pixel message, with and without a clientId; nothing stored', async () => {
    const png = bombPng(10000);
    expect(png.length).toBeLessThan(1024 * 1024);
    for (const fields of [{ clientId: A.client.id }, {}] as Array<Record<string, string>>) {
      const f = form(fields, png);
      const r = await t.app.inject({ method: 'POST', url: '/api/image/upload', headers: { ...A.staffAuth.headers, ...f.headers }, payload: f.payload });
      expect(r.statusCode).toBe(413);
      expect(r.json()).toEqual({ errorMsg: { image: [messages.security.tooManyPixels(t.app.config.IMAGE_MAX_PIXELS)] } });
    }
    const n = await t.app.pool.query(`SELECT count(*)::int AS n FROM files WHERE owner_id = $1`, [A.staff.id]);
    expect(n.rows[0].n).toBe(0);
  });
});

describe('malformed multipart is a 400', () => {
  it.each([
    ['no boundary', 'multipart/form-data'],
    ['a truncated body', 'multipart/form-data; boundary=----abc'],
  ])('%s', async (_name, type) => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/image/upload',
      headers: { ...A.staffAuth.headers, 'content-type': type },
      payload: '------abc\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc',
    });
    expect(r.statusCode).toBe(400);
  });
});
