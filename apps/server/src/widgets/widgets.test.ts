import { gzipSync } from 'node:zlib';
import { messages } from '@hh/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { videos, waveProfiles, widgets } from '../db/schema/wave.ts';
import { countRows, createTenant, createUser, setupTestApp, signIn, type TestApp } from '../../test/helpers.ts';
import { isAllowedOrigin } from './origin.ts';

let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
type Auth = { headers: Record<string, string> };
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, auth?: Auth, payload?: unknown) =>
  t.app.inject({ method, url, headers: auth?.headers, payload: payload as never });

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  // One approved and one pending profile, each with a processed video (rows only: playback is tested in video.test.ts).
  const mk = async (first: string, status: 'Approved' | 'Pending Review', department: string) => {
    const [v] = await t.app.db
      .insert(videos)
      .values({
        clientId: A.client.id,
        uploadNonce: 'n',
        uploadExpiresAt: new Date(),
        state: 'ready',
        playbackKey: 'k/playback.mp4',
        thumbnailKey: 'k/thumbnail.jpg',
        previewKey: 'k/preview.mp4',
        duration: 3,
      })
      .returning();
    await t.app.db.insert(waveProfiles).values({
      clientId: A.client.id,
      ownerEmail: `${first}@test.example`,
      firstName: first,
      lastName: 'Example',
      title: 'Manager',
      department,
      status,
      profileVideo: v.id,
    });
  };
  await mk('Approvedperson', 'Approved', 'Sales');
  await mk('Pendingperson', 'Pending Review', 'Sales');
  await mk('Otherdept', 'Approved', 'Finance');
});
afterAll(() => t.close());

const create = (payload: Record<string, unknown>, auth: Auth = A.staffAuth) => call('POST', '/api/widget/create', auth, { clientId: A.client.id, ...payload });

describe('widget settings', () => {
  it('creates a widget with every default of §3: "Widget saved successfully"', async () => {
    const res = await create({});
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.status).toBe(201);
    expect(body.message).toBe(messages.widgets.saveSuccess);
    expect(body.data).toMatchObject({
      clientId: A.client.id,
      thumbnailType: 'video_still',
      embeddingPermissions: [],
      videoControls: { fullscreenSwitch: true, shareSwitch: false, volumeSwitch: true, playbarSwitch: true },
      viewMoreButtonText: 'View More',
      font: 'Source Sans Pro',
      widgetTitleText: 'Meet Our Managers',
      orientation: 'horizontal',
      departments: [],
      createdBy: A.staff.id,
    });
    const colours = Object.fromEntries(body.data.style.map((s: { name: string; color: string }) => [s.name, s.color]));
    expect(colours).toMatchObject({ background: '#ff9a08', inlay: '#ffffff', widgetTitle: '#000000', buttonBackground: '#ffffff', buttonText: '#000000' });
    expect(colours).toHaveProperty('header');
    expect(colours).toHaveProperty('bodyText');
    expect(body.data.style.every((s: { showCanvas: boolean }) => typeof s.showCanvas === 'boolean')).toBe(true);
    expect(body.data.embedCode.script).toBe(`<script src="${t.app.config.publicUrl}/widget/script.js" data-widget-id="${body.data._id}" async></script>`);
    expect(await countRows(t.app, 'activity_logs', `entity = 'widget' AND entity_id = '${body.data._id}'`)).toBe(1);
  });

  it('updates the fields sent: "Widget updated successfully", video controls merged', async () => {
    const w = (await create({ widgetTitleText: 'Meet us' })).json().data;
    const res = await call('PATCH', '/api/widget/update', A.recruiterAuth, {
      _id: w._id,
      orientation: 'vertical',
      videoControls: { shareSwitch: true },
      embeddingPermissions: ['www.acme.example', '*.acme.example'],
      departments: ['Sales'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(200);
    expect(res.json().message).toBe(messages.widgets.updateSuccess);
    expect(res.json().data).toMatchObject({
      orientation: 'vertical',
      widgetTitleText: 'Meet us',
      videoControls: { fullscreenSwitch: true, shareSwitch: true, volumeSwitch: true, playbarSwitch: true },
      embeddingPermissions: ['www.acme.example', '*.acme.example'],
      departments: ['Sales'],
    });
  });

  it('refuses bad values with a 400 naming the field', async () => {
    const res = await create({ style: [{ name: 'background', color: 'orange', showCanvas: true }] });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errorMsg)[0]).toMatch(/^style/);
    expect((await create({ orientation: 'diagonal' })).statusCode).toBe(400);
    expect((await create({ embeddingPermissions: ['javascript:alert(1)'] })).statusCode).toBe(400);
    // The font is one of the available fonts (core §9's list), on create and on update.
    const font = await create({ font: 'Comic Sans' });
    expect(font.statusCode).toBe(400);
    expect(font.json().errorMsg.font[0]).toMatch(/^font must be one of the available fonts: .*Gotham/);
    const w = (await create({ font: 'Gotham' })).json().data;
    expect(w.font).toBe('Gotham');
    expect((await call('PATCH', '/api/widget/update', A.staffAuth, { _id: w._id, font: 'Papyrus' })).statusCode).toBe(400);
  });

  it('still reads and draws a widget stored with a font outside the list (saved before the list), and saving it keeps the name', async () => {
    const w = (await create({})).json().data;
    await t.app.db.update(widgets).set({ font: 'Comic Sans' }).where(eq(widgets.id, w._id));
    const read = await call('GET', `/api/widget/get-by-id?widgetId=${w._id}`, A.staffAuth);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().font).toBe('Comic Sans');
    expect((await call('GET', `/api/widget?clientId=${A.client.id}`, A.staffAuth)).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/widget/embed/${w._id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('font-family:"Comic Sans", system-ui');
    expect(page.body).not.toContain('@font-face');
    // An update that leaves the font out (the portal does, for such a name) keeps it.
    const saved = await call('PATCH', '/api/widget/update', A.staffAuth, { _id: w._id, widgetTitleText: 'Our people' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.font).toBe('Comic Sans');
  });

  it('lists by client, gets by id and previews (approved profiles only)', async () => {
    const w = (await create({ departments: ['sales'] })).json().data;
    const list = (await call('GET', `/api/widget?clientId=${A.client.id}`, A.staffAuth)).json();
    expect(list.totalCount).toBe(list.results.length);
    expect(list.results.map((x: { _id: string }) => x._id)).toContain(w._id);
    const one = await call('GET', `/api/widget/get-by-id?widgetId=${w._id}`, A.recruiterAuth);
    expect(one.statusCode).toBe(200);
    expect(one.json()._id).toBe(w._id);
    const preview = await call('GET', `/api/widget/get-preview?widgetId=${w._id}`, A.staffAuth);
    expect(preview.statusCode).toBe(200);
    const names = preview.json().profiles.map((p: { basicInfo: { firstName: string } }) => p.basicInfo.firstName);
    expect(names).toEqual(['Approvedperson']);
    expect(preview.json().meetTheTeamUrl).toBe(`${t.app.config.publicUrl}/meet-the-team/${A.client.nameSlug}`);
  });

  it('keeps another tenant out', async () => {
    const w = (await create({})).json().data;
    for (const auth of [B.staffAuth, B.recruiterAuth]) {
      const get = await call('GET', `/api/widget/get-by-id?widgetId=${w._id}`, auth);
      expect(get.statusCode).toBe(404);
      expect(get.json()).toEqual({ errorMsg: { widgets: [messages.widgets.notFound] } });
      expect((await call('GET', `/api/widget/get-preview?widgetId=${w._id}`, auth)).statusCode).toBe(404);
      expect((await call('PATCH', '/api/widget/update', auth, { _id: w._id, font: 'Lato' })).statusCode).toBe(404);
      expect((await call('GET', `/api/widget?clientId=${A.client.id}`, auth)).statusCode).toBe(404);
      expect((await create({}, auth)).statusCode).toBe(404);
    }
    // a staff member without Wave editing rights
    const member = await createUser(t.app, { role: 'user', clientId: A.client.id, products: { wave: 'member' } });
    const m = await signIn(t.app, member.email);
    expect((await create({}, m)).statusCode).toBe(403);
    expect((await call('GET', `/api/widget/get-by-id?widgetId=${w._id}`, m)).statusCode).toBe(404);
  });
});

describe('the embed', () => {
  it('answers the data call only for allowed origins, with approved profiles of the chosen departments', async () => {
    const w = (await create({ embeddingPermissions: ['www.acme.example'], departments: ['Sales'] })).json().data;
    const url = `/api/widget/public/${w._id}`;
    const ok = await t.app.inject({ method: 'GET', url, headers: { origin: 'https://www.acme.example' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe('https://www.acme.example');
    expect(ok.json().widget).toMatchObject({ _id: w._id, widgetTitleText: 'Meet Our Managers' });
    expect(ok.json().profiles.map((p: { basicInfo: { firstName: string } }) => p.basicInfo.firstName)).toEqual(['Approvedperson']);
    expect(ok.json().profiles[0].videos[0].thumbnailUrl).toMatch(/\/thumbnail\.jpg$/);
    expect(JSON.stringify(ok.json())).not.toContain('Pendingperson');
    // referer works when no Origin is sent
    const viaReferer = await t.app.inject({ method: 'GET', url, headers: { referer: 'https://www.acme.example/careers' } });
    expect(viaReferer.json().widget).not.toBeNull();

    const empty = { widget: null, profiles: [], meetTheTeamUrl: null };
    const other = await t.app.inject({ method: 'GET', url, headers: { origin: 'https://evil.example' } });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual(empty);
    expect(other.headers['access-control-allow-origin']).toBe('*');
    expect((await t.app.inject({ method: 'GET', url })).json()).toEqual(empty);
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/widget/public/00000000-0000-4000-8000-000000000000', headers: { origin: 'https://www.acme.example' } })
      ).json(),
    ).toEqual(empty);
    expect((await t.app.inject({ method: 'GET', url: '/api/widget/public/not-an-id' })).json()).toEqual(empty);
  });

  it('serves the iframe with frame-ancestors from embeddingPermissions; an unknown id is an empty page', async () => {
    const w = (await create({ embeddingPermissions: ['www.acme.example', 'https://*.acme.example'] })).json().data;
    const page = await t.app.inject({ method: 'GET', url: `/widget/embed/${w._id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self' www.acme.example https://*.acme.example");
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.body).toContain('Approvedperson');
    expect(page.body).toContain('Otherdept');
    expect(page.body).not.toContain('Pendingperson');
    expect(page.body).toContain('Meet Our Managers');
    expect(page.body).toContain('View More');
    const unknown = await t.app.inject({ method: 'GET', url: '/widget/embed/00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toMatch(/<body><\/body>/);
    expect((await t.app.inject({ method: 'GET', url: '/widget/embed/garbage' })).statusCode).toBe(200);
  });

  it("draws §9's licensed fonts in the iframe page with their closest free face, its files from our own host", async () => {
    const standIns = {
      Campton: ['Poppins', 'poppins'],
      Avenir: ['Nunito Sans', 'nunito-sans'],
      Gotham: ['Montserrat', 'montserrat'],
      Kelson: ['Source Sans Pro', 'source-sans-3'],
    };
    for (const [licensed, [face, pkg]] of Object.entries(standIns)) {
      const w = (await create({ font: licensed })).json().data;
      expect(w.font).toBe(licensed); // the choice reads as made
      const page = await t.app.inject({ method: 'GET', url: `/widget/embed/${w._id}` });
      expect(page.statusCode).toBe(200);
      const faces = [...page.body.matchAll(/@font-face\{[^}]*\}/g)].map((m) => m[0]);
      expect(faces.map((f) => f.match(/src:url\(([^)]+)\)/)?.[1]).sort(), licensed).toEqual([
        `/site-fonts/${pkg}-latin-400-normal.woff2`,
        `/site-fonts/${pkg}-latin-700-normal.woff2`,
      ]);
      for (const f of faces) expect(f).toContain(`font-family:"${face}"`);
      // The widget's text is set in the stand-in, never in the licensed name no browser has.
      expect(page.body).toContain(`.hhw{box-sizing:border-box;font-family:"${face}", system-ui`);
      expect(page.body).not.toContain(`"${licensed}"`);
      expect(page.headers['content-security-policy']).toContain("font-src 'self' data:");
      // The file is served, to other sites' pages too (the script embed loads it in CORS mode).
      const file = await t.app.inject({ method: 'GET', url: `/site-fonts/${pkg}-latin-400-normal.woff2`, headers: { origin: 'https://www.acme.example' } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['access-control-allow-origin']).toBe('*');
    }
    // A free font is drawn as itself.
    const lato = (await create({ font: 'Lato' })).json().data;
    const page = await t.app.inject({ method: 'GET', url: `/widget/embed/${lato._id}` });
    expect(page.body).toContain('src:url(/site-fonts/lato-latin-400-normal.woff2)');
    expect(page.body).toContain('.hhw{box-sizing:border-box;font-family:"Lato", system-ui');
  });

  it('serves one small script (< 30 KB gzipped) that renders into a Shadow DOM', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/widget/script.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(gzipSync(res.body).length).toBeLessThan(30 * 1024);
    expect(res.body).toContain('attachShadow');
    // It draws the widget's font too: a licensed name's stand-in, the files from its own server.
    expect(res.body).toContain('Montserrat');
    expect(res.body).toContain('/site-fonts');
  });

  it('matches origins against hosts, wildcards and origins', () => {
    const self = ['app.example'];
    expect(isAllowedOrigin([], 'https://app.example', self)).toBe(true);
    expect(isAllowedOrigin([], 'http://app.example/widget-preview', self)).toBe(true);
    expect(isAllowedOrigin([], 'https://other.example', self)).toBe(false);
    expect(isAllowedOrigin(['acme.example'], 'https://acme.example', self)).toBe(true);
    expect(isAllowedOrigin(['acme.example'], 'http://acme.example:8080', self)).toBe(true);
    expect(isAllowedOrigin(['acme.example:8080'], 'http://acme.example:9090', self)).toBe(false);
    expect(isAllowedOrigin(['*.acme.example'], 'https://jobs.acme.example', self)).toBe(true);
    expect(isAllowedOrigin(['*.acme.example'], 'https://acme.example.evil.test', self)).toBe(false);
    expect(isAllowedOrigin(['https://acme.example'], 'http://acme.example', self)).toBe(false);
    expect(isAllowedOrigin(['acme.example'], 'https://notacme.example', self)).toBe(false);
    expect(isAllowedOrigin(['acme.example'], undefined, self)).toBe(false);
  });
});
