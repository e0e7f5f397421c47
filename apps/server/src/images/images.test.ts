import { messages } from '@hh/contract/messages';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTenant, createUser, setupTestApp, signIn, type TestApp } from '../../test/helpers.ts';
import { parseRange } from './serve-file.ts';

let t: TestApp;
let admin: { headers: Record<string, string> };
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  t = await setupTestApp({ IMAGE_MAX_BYTES: String(3 * 1024 * 1024) });
  admin = await signIn(t.app, (await createUser(t.app, { role: 'admin' })).email);
  A = await createTenant(t.app);
  B = await createTenant(t.app);
});
afterAll(async () => t.close());

/** A multipart/form-data body, built by hand so the test controls every byte. */
function form(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string; field?: string }) {
  const boundary = `----hh${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'image'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();

async function upload(headers: Record<string, string>, fields: Record<string, string>, file?: Parameters<typeof form>[1]) {
  const f = form(fields, file);
  return t.app.inject({ method: 'POST', url: '/api/image/upload', headers: { ...headers, ...f.headers }, payload: f.payload });
}

describe('POST /api/image/upload', () => {
  it('stores a real PNG for a client, records the file, and serves it at its url', async () => {
    const bytes = await png(320, 200);
    const res = await upload(
      A.staffAuth.headers,
      { imageType: 'logo', folder: 'Client Logos', fileType: 'image/png', fileName: 'C:\\fakepath\\logo.png', clientId: A.client.id },
      { name: 'logo.png', bytes },
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ contentType: 'image/png', width: 320, height: 200, fileName: 'logo.png' });
    expect(body.key).toMatch(new RegExp(`^images/${A.client.id}/client-logos/[0-9a-f-]{36}\\.png$`));
    expect(body.url).toBe(`http://localhost:3000/media/${body.key}`);
    const row = await t.app.pool.query('SELECT client_id, owner_id, content_type, size_bytes, kind FROM files WHERE storage_key = $1', [body.key]);
    expect(row.rows[0]).toMatchObject({ client_id: A.client.id, owner_id: A.staff.id, content_type: 'image/png', kind: 'image' });
    expect(Number(row.rows[0].size_bytes)).toBe(body.size);
    expect(await countRows(t.app, 'activity_logs', `entity = 'image' AND action = 'create' AND client_id = '${A.client.id}'`)).toBe(1);

    const served = await t.app.inject({ method: 'GET', url: `/media/${body.key}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.headers['accept-ranges']).toBe('bytes');
    expect(served.rawPayload.length).toBe(body.size);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(320);

    const part = await t.app.inject({ method: 'GET', url: `/media/${body.key}`, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${body.size}`);
    expect(part.rawPayload).toEqual(served.rawPayload.subarray(0, 10));
    const tail = await t.app.inject({ method: 'GET', url: `/media/${body.key}`, headers: { range: 'bytes=-4' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload).toEqual(served.rawPayload.subarray(body.size - 4));
    // the client logo is the uploaded url
    const logo = await t.app.inject({
      method: 'PATCH',
      url: '/api/client/update',
      headers: A.recruiterAuth.headers,
      payload: { _id: A.client.id, logo: body.url },
    });
    expect(logo.json().logo).toBe(body.url);
    const beyond = await t.app.inject({ method: 'GET', url: `/media/${body.key}`, headers: { range: `bytes=${body.size + 10}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${body.size}`);
  });

  it('keeps an avatar under the user when no client is named, and shrinks to 2000 px on the long side', async () => {
    const bytes = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#23ADFF' } })
      .jpeg()
      .toBuffer();
    const res = await upload(A.staffAuth.headers, { imageType: 'avatar', folder: 'avatars' }, { name: 'me.jpg', bytes, type: 'image/jpeg' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ contentType: 'image/jpeg', width: 2000, height: 1000 });
    expect(body.key).toMatch(new RegExp(`^images/users/${A.staff.id}/avatars/.+\\.jpg$`));
    const row = await t.app.pool.query('SELECT client_id, owner_id FROM files WHERE storage_key = $1', [body.key]);
    expect(row.rows[0]).toEqual({ client_id: '00000000-0000-0000-0000-000000000000', owner_id: A.staff.id });
    // the avatar is the user's logo
    const upd = await t.app.inject({ method: 'PATCH', url: '/api/user/update', headers: A.staffAuth.headers, payload: { _id: A.staff.id, logo: body.url } });
    expect(upd.json().logo).toBe(body.url);
  });

  it('rotates per EXIF and strips metadata; a GIF becomes a PNG', async () => {
    const exif = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#000' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = (await upload(admin.headers, {}, { name: 'r.jpg', bytes: exif, type: 'image/jpeg' })).json();
    expect([res.width, res.height]).toEqual([20, 40]);
    const stored = await t.app.inject({ method: 'GET', url: `/media/${res.key}` });
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const g = (await upload(admin.headers, { fileName: 'anim.gif' }, { name: 'anim.gif', bytes: gif, type: 'image/gif' })).json();
    expect(g).toMatchObject({ contentType: 'image/png', fileName: 'anim.png' });
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    expect((await upload(admin.headers, {}, { name: 'a.webp', bytes: webp, type: 'image/webp' })).json().contentType).toBe('image/webp');
  });

  it('rejects a text file renamed .png, a missing file, and a truncated image', async () => {
    const fake = await upload(admin.headers, { fileType: 'image/png' }, { name: 'evil.png', bytes: Buffer.from('<svg onload=alert(1)>not an image</svg>') });
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({ errorMsg: { image: [messages.server.imageType] } });
    const svg = await upload(admin.headers, {}, { name: 'x.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), type: 'image/svg+xml' });
    expect(svg.statusCode).toBe(400);
    const broken = (await png(50, 50)).subarray(0, 60);
    const b = await upload(admin.headers, {}, { name: 'broken.png', bytes: broken });
    expect(b.statusCode).toBe(400);
    expect(b.json()).toEqual({ errorMsg: { image: [messages.server.imageType] } });
    const none = await upload(admin.headers, { folder: 'x' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ errorMsg: { image: [messages.server.imageMissing] } });
    const json = await t.app.inject({ method: 'POST', url: '/api/image/upload', headers: admin.headers, payload: { image: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(await countRows(t.app, 'files', `kind = 'image' AND content_type NOT LIKE 'image/%'`)).toBe(0);
  });

  it('refuses an image over the cap with 413', async () => {
    const noise = Buffer.alloc(4 * 1024 * 1024);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) & 0xff;
    const big = await sharp(noise, { raw: { width: 1024, height: 1024, channels: 4 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(3 * 1024 * 1024);
    const res = await upload(admin.headers, {}, { name: 'big.png', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ errorMsg: { image: [messages.server.imageTooLarge(3)] } });
    // under the image cap but over the 1 MB JSON body cap: accepted
    const medium = await sharp(noise.subarray(0, 700 * 700 * 3), { raw: { width: 700, height: 700, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(medium.length).toBeGreaterThan(1024 * 1024);
    const ok = await upload(admin.headers, {}, { name: 'medium.png', bytes: medium });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ width: 700, height: 700 });
  });

  it("refuses another tenant's client (404) and a malformed clientId (400)", async () => {
    const bytes = await png(10, 10);
    const other = await upload(B.staffAuth.headers, { clientId: A.client.id }, { name: 'a.png', bytes });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ errorMsg: { image: [messages.server.clientNotFound] } });
    const bad = await upload(admin.headers, { clientId: 'abc' }, { name: 'a.png', bytes });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errorMsg: { clientId: [messages.server.invalidId] } });
    expect((await t.app.inject({ method: 'POST', url: '/api/image/upload', ...form({}, { name: 'a.png', bytes }) })).statusCode).toBe(401);
  });
});

describe('DELETE /api/image/remove', () => {
  it('the uploader or a writer of the client removes it; another tenant gets 404; the file is gone', async () => {
    const bytes = await png(12, 12);
    const up = (await upload(A.staffAuth.headers, { clientId: A.client.id }, { name: 'a.png', bytes })).json();
    for (const h of [B.staffAuth.headers, B.recruiterAuth.headers]) {
      const res = await t.app.inject({ method: 'DELETE', url: '/api/image/remove', headers: h, payload: { key: up.key } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errorMsg: { image: [messages.server.fileNotFound] } });
    }
    const member = await createUser(t.app, { clientId: A.client.id, products: { wave: 'member' } });
    const mh = (await signIn(t.app, member.email)).headers;
    expect((await t.app.inject({ method: 'DELETE', url: '/api/image/remove', headers: mh, payload: { key: up.key } })).statusCode).toBe(404);
    const ok = await t.app.inject({ method: 'DELETE', url: '/api/image/remove', headers: A.recruiterAuth.headers, payload: { url: up.url } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    expect(await countRows(t.app, 'files', `storage_key = '${up.key}'`)).toBe(0);
    expect(await t.app.storage.stat(up.key)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/media/${up.key}` })).statusCode).toBe(404);
    expect(await countRows(t.app, 'activity_logs', `entity = 'image' AND action = 'delete' AND client_id = '${A.client.id}'`)).toBe(1);
  });

  it("a user's own avatar: only the owner (or nobody else) removes it", async () => {
    const up = (await upload(A.staffAuth.headers, {}, { name: 'me.png', bytes: await png(8, 8) })).json();
    expect((await t.app.inject({ method: 'DELETE', url: '/api/image/remove', headers: A.recruiterAuth.headers, payload: { key: up.key } })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'DELETE', url: '/api/image/remove', headers: A.staffAuth.headers, payload: { key: up.key } })).statusCode).toBe(200);
  });

  it('answers 400 without key or url, and 404 for unsafe or unknown keys', async () => {
    const none = await t.app.inject({ method: 'DELETE', url: '/api/image/remove', headers: admin.headers, payload: {} });
    expect(none.statusCode).toBe(400);
    for (const key of ['../../etc/passwd', 'images/none.png']) {
      expect((await t.app.inject({ method: 'DELETE', url: '/api/image/remove', headers: admin.headers, payload: { key } })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/media/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/images/unknown.png' })).statusCode).toBe(404);
  });
});

describe('parseRange', () => {
  it('reads single ranges and ignores malformed or multiple ones', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-0', 100)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });
});
