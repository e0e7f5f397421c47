import { messages } from '@hh/contract/messages';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { multipart } from './test-fixtures.ts';

/**
 * The career site's design is a draft until published (docs/site-builder.md "Design: draft, preview,
 * publish"): visitors keep the published design, a publish checks the logo first, a restore brings an
 * earlier version back; the logo upload checks type, size and dimensions and crops on the server.
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
let templateId: string;
let designId: string;

type Auth = { headers: Record<string, string> };
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, auth?: Auth, payload?: unknown) =>
  t.app.inject({ method, url, headers: auth?.headers, payload: payload as never });
const page = async () => (await t.app.inject({ method: 'GET', url: `/${A.client.nameSlug}` })).body;
const saveDraft = (activeDesign: Record<string, unknown>) =>
  call('PATCH', '/api/page-design-options/update', A.staffAuth, { _id: designId, clientId: A.client.id, activeDesign });
const state = async () => (await call('GET', `/api/page-design-options/published?clientId=${A.client.id}`, A.staffAuth)).json();
const upload = (fields: Record<string, string>, file: { filename: string; type: string; data: Buffer }, auth: Auth = A.staffAuth) => {
  const m = multipart({ clientId: A.client.id, ...fields }, { name: 'image', ...file });
  return t.app.inject({ method: 'POST', url: '/api/page-design-options/logo', headers: { ...auth.headers, ...m.headers }, payload: m.payload });
};
const logoFiles = () => countRows(t.app, 'files', `client_id = '${A.client.id}' AND storage_key LIKE 'images/%/logos/%'`);
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  const template = await call('POST', '/api/page-templates/create', A.staffAuth, { clientId: A.client.id, fromDefaults: ['Home'] });
  expect(template.statusCode, template.body).toBe(201);
  templateId = template.json()._id;
  const design = await call('POST', '/api/page-design-options/create', A.staffAuth, {
    clientId: A.client.id,
    templateId,
    activeDesign: { colors: { primary: '#112233' } },
  });
  expect(design.statusCode, design.body).toBe(201);
  designId = design.json()._id;
});
afterAll(async () => t?.close());

describe('the design: a draft until published', () => {
  it("the site's first page publish takes the saved design along; later saves stay a draft until the design is published", async () => {
    expect((await state()).live).toBeNull();
    const first = await call('POST', '/api/published-page-templates', A.staffAuth, { clientId: A.client.id, templateId, pageName: 'Home' });
    expect(first.statusCode, first.body).toBe(201);
    expect(await page()).toContain('--p:#112233');
    const s1 = await state();
    expect(s1).toMatchObject({ liveVersion: 1, draftDiffers: false });
    expect(s1.versions).toEqual([expect.objectContaining({ version: 1, action: 'publish', live: true })]);

    // Saving changes only the draft: the public page keeps the old design.
    expect((await saveDraft({ colors: { primary: '#445566' } })).statusCode).toBe(200);
    expect(await page()).toContain('--p:#112233');
    expect(await page()).not.toContain('#445566');
    const s2 = await state();
    expect(s2.draftDiffers).toBe(true);
    expect(s2.draft.colors.primary).toBe('#445566');
    expect(s2.live.colors.primary).toBe('#112233');
    // Republishing a page does not publish the draft design either.
    expect((await call('POST', '/api/published-page-templates', A.staffAuth, { clientId: A.client.id, templateId, pageName: 'Home' })).statusCode).toBe(201);
    expect(await page()).not.toContain('#445566');
    const hf = await call('GET', `/api/published-page-templates/get-header-footer?nameSlug=${A.client.nameSlug}`);
    expect(hf.json().design.colors.primary).toBe('#112233');

    // Publish: live at once, as version 2.
    const pub = await call('POST', '/api/page-design-options/publish', A.staffAuth, { clientId: A.client.id });
    expect(pub.statusCode, pub.body).toBe(201);
    expect(pub.json()).toMatchObject({ message: 'Design version 2 published: visitors see it now', version: { version: 2, action: 'publish', live: true } });
    expect(pub.json().url).toMatch(new RegExp(`/${A.client.nameSlug}$`));
    expect(await page()).toContain('--p:#445566');
    expect((await state()).draftDiffers).toBe(false);
  });

  it('a restore brings an earlier version back as a new one, and the draft follows', async () => {
    const res = await call('POST', '/api/page-design-options/restore', A.staffAuth, { clientId: A.client.id, version: 1 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Design version 1 restored as version 3: visitors see it now',
      version: { version: 3, action: 'restore', restoredFrom: 1 },
    });
    expect(await page()).toContain('--p:#112233');
    const s = await state();
    expect(s).toMatchObject({ liveVersion: 3, draftDiffers: false });
    expect(s.draft.colors.primary).toBe('#112233');
    expect(s.versions.map((v: { version: number; action: string; live: boolean }) => `${v.version}:${v.action}:${v.live}`)).toEqual([
      '3:restore:true',
      '2:publish:false',
      '1:publish:false',
    ]);
    const missing = await call('POST', '/api/page-design-options/restore', A.staffAuth, { clientId: A.client.id, version: 99 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errorMsg: { pageTemplates: [messages.pages.designVersionNotFound] } });
    expect(await countRows(t.app, 'activity_logs', `client_id = '${A.client.id}' AND entity = 'pageDesign' AND action IN ('publish', 'restore')`)).toBe(3);
  });

  it('refuses to publish a logo that would not show, naming it, and changes nothing visitors see', async () => {
    const gone = `${t.app.config.publicUrl}/media/images/${A.client.id}/logos/00000000-0000-4000-8000-000000000000.png`;
    expect((await saveDraft({ logo: gone, colors: { primary: '#778899' } })).statusCode).toBe(200);
    const res = await call('POST', '/api/page-design-options/publish', A.staffAuth, { clientId: A.client.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errorMsg: { logo: [messages.pages.logoBroken(gone, messages.pages.logoNoSuchFile)] } });
    // An address inside our network is never fetched (the guarded client), so it cannot be checked: refused.
    expect((await saveDraft({ logo: 'http://127.0.0.1:9/logo.png' })).statusCode).toBe(200);
    const inside = await call('POST', '/api/page-design-options/publish', A.staffAuth, { clientId: A.client.id });
    expect(inside.statusCode).toBe(400);
    expect(inside.json().errorMsg.logo[0]).toBe(messages.pages.logoBroken('http://127.0.0.1:9/logo.png', messages.pages.logoNotReachable));
    expect((await state()).liveVersion).toBe(3);
    expect(await page()).toContain('--p:#112233');
    expect(await page()).not.toContain('127.0.0.1:9');
  });

  it('only harvest admins publish; another tenant gets 404; members read the state', async () => {
    const other = await call('POST', '/api/page-design-options/publish', B.staffAuth, { clientId: A.client.id });
    expect(other.statusCode).toBe(404);
    expect((await call('GET', `/api/page-design-options/published?clientId=${A.client.id}`, B.staffAuth)).statusCode).toBe(404);
  });
});

describe('the logo upload', () => {
  it('crops on the server, stores a PNG, and the draft takes it; publishing shows it to visitors', async () => {
    const before = await logoFiles();
    const res = await upload(
      { cropX: '0.25', cropY: '0', cropWidth: '0.5', cropHeight: '1' },
      { filename: 'logo.png', type: 'image/png', data: await png(400, 200) },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: messages.pages.logoUploaded, width: 200, height: 200, contentType: 'image/png' });
    expect(await logoFiles()).toBe(before + 1);
    const url: string = res.json().url;
    const served = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 200, 200]);

    expect((await saveDraft({ logo: url })).statusCode).toBe(200);
    expect(await page()).not.toContain(url);
    const pub = await call('POST', '/api/page-design-options/publish', A.staffAuth, { clientId: A.client.id });
    expect(pub.statusCode, pub.body).toBe(201);
    expect(await page()).toContain(`<img src="${url}"`);
  });

  it('draws a sanitised SVG as a PNG: no script, no outside reference survives', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="60" viewBox="0 0 120 60" onload="alert(1)">' +
        '<script>alert(1)</script><foreignObject><iframe src="https://evil.example"/></foreignObject>' +
        '<image xlink:href="https://evil.example/track.png" width="10" height="10"/>' +
        '<rect width="120" height="60" fill="#0b6e4f"/><circle cx="60" cy="30" r="20" fill="url(https://evil.example/#x)"/></svg>',
    );
    const res = await upload({}, { filename: 'logo.svg', type: 'image/svg+xml', data: svg });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().contentType).toBe('image/png');
    // Drawn large enough to be sharp in the header (the long side near 800 px), in the SVG's proportions.
    expect(res.json().width).toBe(800);
    expect(res.json().height).toBe(400);
    const served = await t.app.inject({ method: 'GET', url: new URL(res.json().url).pathname });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.toString('latin1')).not.toContain('alert');
  });

  it('refuses bad files with a message naming the problem, and stores nothing', async () => {
    const before = await logoFiles();
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const cases: Array<[string, Awaited<ReturnType<typeof upload>>, number, string]> = [
      ['gif', await upload({}, { filename: 'logo.gif', type: 'image/gif', data: gif }), 400, messages.pages.logoType('a GIF file')],
      [
        'text',
        await upload({}, { filename: 'logo.png', type: 'image/png', data: Buffer.from('hello, not a picture') }),
        400,
        messages.pages.logoType('not a picture'),
      ],
      ['tiny', await upload({}, { filename: 'logo.png', type: 'image/png', data: await png(30, 20) }), 400, messages.pages.logoTooSmall(30, 20, 48)],
      [
        'crop',
        await upload({ cropX: '0.9', cropWidth: '0.5' }, { filename: 'logo.png', type: 'image/png', data: await png(400, 200) }),
        400,
        messages.pages.logoCropOutside,
      ],
      [
        'cropped small',
        await upload({ cropWidth: '0.05', cropHeight: '0.1' }, { filename: 'logo.png', type: 'image/png', data: await png(400, 200) }),
        400,
        messages.pages.logoCroppedTooSmall(20, 20, 48),
      ],
      [
        'doctype',
        await upload(
          {},
          {
            filename: 'logo.svg',
            type: 'image/svg+xml',
            data: Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg><text>&x;</text></svg>'),
          },
        ),
        400,
        messages.pages.logoSvgDoctype,
      ],
      [
        'empty svg',
        await upload(
          {},
          { filename: 'logo.svg', type: 'image/svg+xml', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
        ),
        400,
        messages.pages.logoSvgEmpty,
      ],
      [
        'too large',
        await upload({}, { filename: 'logo.png', type: 'image/png', data: Buffer.concat([await png(100, 100), Buffer.alloc(5 * 1024 * 1024)]) }),
        413,
        messages.pages.logoOverLimit(5),
      ],
    ];
    for (const [name, res, status, message] of cases) {
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json(), name).toEqual({ errorMsg: { logo: [message] } });
    }
    expect(await logoFiles()).toBe(before);
  });

  it('needs the Harvest editor role for the client; another tenant gets 404', async () => {
    const res = await upload({}, { filename: 'logo.png', type: 'image/png', data: await png(100, 100) }, B.staffAuth);
    expect(res.statusCode).toBe(404);
  });
});
