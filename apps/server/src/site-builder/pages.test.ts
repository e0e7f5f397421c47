import { messages } from '@hh/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTenant, createUser, setupTestApp, signIn, type TestApp } from '../../test/helpers.ts';
import { multipart, tinyPng } from './test-fixtures.ts';

let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
let admin: { headers: Record<string, string> };

type Auth = { headers: Record<string, string> };
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, auth?: Auth, payload?: unknown) =>
  t.app.inject({ method, url, headers: auth?.headers, payload: payload as never });

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  admin = await signIn(t.app, (await createUser(t.app, { role: 'admin' })).email);
});
afterAll(async () => t?.close());

const hero = (title: string) => ({ root: { props: { title: 'Home' } }, content: [{ type: 'Hero', props: { id: 'h1', title, subtitle: 'Sub' } }] });

describe('default page templates', () => {
  it('lists every default the issue names, each with blocks', async () => {
    const res = await call('GET', '/api/default-page-templates', A.recruiterAuth);
    expect(res.statusCode).toBe(200);
    const names = res.json().results.map((r: { name: string }) => r.name);
    for (const n of [
      'Home',
      'Search',
      'Job',
      'Thank you',
      'Saved jobs',
      'Benefits',
      'additional-page-1',
      'dbo-benefit',
      'dbo-no',
      'dbo-talk-later',
      'dbo-talk-now',
      'dbo-yes',
      'driver-referral',
      'template-2',
    ])
      expect(names).toContain(n);
    for (const r of res.json().results) expect(r.content.content.length).toBeGreaterThan(2);
    const byName = await call('GET', '/api/default-page-templates/get-by-name?name=thank-you', A.staffAuth);
    expect(byName.json().name).toBe('Thank you');
    expect((await call('GET', '/api/default-page-templates/get-by-name?name=nope', A.staffAuth)).statusCode).toBe(404);
  });

  it('admins create and update them with the spec message; others get 403 under defaultTemplate', async () => {
    const created = await call('POST', '/api/default-page-templates/create', admin, { name: 'Nurse week', content: hero('Nurse week') });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Template created or updated successfully.');
    expect((await call('POST', '/api/default-page-templates/create', admin, { name: 'Nurse week', content: hero('x') })).statusCode).toBe(409);
    const updated = await call('PATCH', '/api/default-page-templates/update', admin, { name: 'Home', description: 'Our home' });
    expect(updated.json()).toMatchObject({ message: 'Template created or updated successfully.', description: 'Our home', name: 'Home' });
    const refused = await call('POST', '/api/default-page-templates/create', A.recruiterAuth, { name: 'Mine', content: hero('x') });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errorMsg: { defaultTemplate: [messages.server.forbidden] } });
    expect(
      (await call('PATCH', '/api/default-page-templates/update', A.staffAuth, { name: 'Home', description: 'x' })).json().errorMsg.defaultTemplate,
    ).toBeDefined();
  });
});

describe('a client page template, design, publishing and versions', () => {
  let templateId: string;

  it('creates the template from the default Home page', async () => {
    const res = await call('POST', '/api/page-templates/create', A.recruiterAuth, { clientId: A.client.id, seo: { keywords: ['nursing', 'austin'] } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Template created or updated successfully.');
    expect(body.pages.map((p: { name: string }) => p.name)).toEqual(['Home']);
    expect(body.pages[0]._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.seo.keywords).toEqual(['nursing', 'austin']);
    expect(body.activityLog[0]).toMatchObject({ action: 'create', by: A.recruiter.email });
    templateId = body._id;
    const again = await call('POST', '/api/page-templates/create', A.recruiterAuth, { clientId: A.client.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorMsg.pageTemplates).toEqual([messages.pages.templateExists]);
  });

  it('saves a page with update-partial and refuses script links and reserved names', async () => {
    const res = await call('PATCH', `/api/page-templates/update-partial?templateId=${templateId}`, A.staffAuth, {
      clientId: A.client.id,
      page: { name: 'Home', content: hero('Version one'), seo: { title: 'Careers at A' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Page created or updated successfully.');
    expect(res.json().pages[0].content.content[0].props.title).toBe('Version one');
    const bad = await call('PATCH', `/api/page-templates/update-partial?templateId=${templateId}`, A.staffAuth, {
      clientId: A.client.id,
      page: { name: 'Home', content: { root: { props: {} }, content: [{ type: 'Hero', props: { ctaHref: 'javascript:alert(1)' } }] } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorMsg.pageTemplates[0]).toContain('must be an http(s) address or a path on this site');
    const reserved = await call('PATCH', `/api/page-templates/update-partial?templateId=${templateId}`, A.staffAuth, {
      clientId: A.client.id,
      page: { name: 'search-page' },
    });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().errorMsg.pageTemplates).toEqual([messages.pages.pageNameReserved('search-page')]);
    const script = await call('PATCH', '/api/page-templates/update', A.staffAuth, {
      _id: templateId,
      clientId: A.client.id,
      customScripts: [{ src: 'http://insecure.example.com/x.js' }],
    });
    expect(script.statusCode).toBe(400);
  });

  it('adds an additional page from a default template', async () => {
    const res = await call('POST', '/api/additional-page-templates', A.staffAuth, { clientId: A.client.id, name: 'Benefits', fromDefault: 'Benefits' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Page created or updated successfully.');
    const list = await call('GET', `/api/additional-page-templates?clientId=${A.client.id}`, A.staffAuth);
    expect(list.json().results.map((p: { name: string }) => p.name)).toEqual(['Benefits']);
    expect(list.json().templates.length).toBeGreaterThanOrEqual(14);
    expect((await call('POST', '/api/additional-page-templates', A.staffAuth, { clientId: A.client.id, name: 'benefits' })).statusCode).toBe(409);
  });

  it('creates and updates design options with the spec message', async () => {
    const res = await call('POST', '/api/page-design-options/create', A.staffAuth, {
      clientId: A.client.id,
      templateId,
      activeDesign: { colors: { primary: '#0c74e4' }, headingFont: 'Poppins', buttonStyle: 'pill' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Design created or updated successfully.');
    expect(res.json().activeDesign).toMatchObject({ headingFont: 'Poppins', buttonStyle: 'pill', spacing: 'comfortable' });
    const up = await call('PATCH', '/api/page-design-options/update', A.staffAuth, {
      _id: res.json()._id,
      clientId: A.client.id,
      activeDesign: { bodyFont: 'Inter' },
    });
    expect(up.json()).toMatchObject({ message: 'Design created or updated successfully.', activeDesign: { bodyFont: 'Inter' } });
    const list = await call('GET', `/api/page-design-options?clientId=${A.client.id}&templateId=${templateId}`, A.staffAuth);
    expect(list.json().totalCount).toBe(1);
    expect(
      (
        await call('PATCH', '/api/page-design-options/update', A.staffAuth, {
          _id: res.json()._id,
          clientId: A.client.id,
          activeDesign: { logo: 'javascript:x' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('publishes, updates, unpublishes and restores, each a version; published versions never change', async () => {
    const slug = A.client.nameSlug;
    const pub = await call('POST', '/api/published-page-templates', A.staffAuth, { clientId: A.client.id, templateId, pageName: 'Home' });
    expect(pub.statusCode).toBe(201);
    expect(pub.json()).toMatchObject({
      message: 'Page published successfully',
      url: `${t.app.config.publicUrl}/${slug}`,
      version: { version: 1, action: 'publish', live: true },
    });
    const live = await call('GET', `/api/published-page-templates?nameSlug=${slug}&pageName=Home`);
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ displayType: 'desktop', version: 1 });
    expect(live.json().content.content[0].props.title).toBe('Version one');
    expect((await call('GET', `/api/published-page-templates?nameSlug=${slug}&pageName=Home&displayType=mobile`)).json().displayType).toBe('mobile');

    // A new draft does not touch what is live until it is published again.
    await call('PATCH', `/api/page-templates/update-partial?templateId=${templateId}`, A.staffAuth, {
      clientId: A.client.id,
      page: { name: 'Home', content: hero('Version two') },
    });
    expect((await call('GET', `/api/published-page-templates?nameSlug=${slug}`)).json().content.content[0].props.title).toBe('Version one');
    const upd = await call('PATCH', '/api/published-page-templates', A.staffAuth, { clientId: A.client.id, pageName: 'Home' });
    expect(upd.json()).toMatchObject({ message: 'Page published successfully', version: { version: 2, action: 'update' } });
    expect((await call('GET', `/api/published-page-templates?nameSlug=${slug}`)).json().content.content[0].props.title).toBe('Version two');

    const un = await call('DELETE', '/api/published-page-templates', A.staffAuth, { clientId: A.client.id, pageName: 'Home' });
    expect(un.statusCode).toBe(200);
    expect(un.json().message).toBe('Page unpublished successfully.');
    const gone = await call('GET', `/api/published-page-templates?nameSlug=${slug}&pageName=Home`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errorMsg.pageTemplates).toEqual([messages.pages.notPublished('Home')]);
    expect((await call('DELETE', '/api/published-page-templates', A.staffAuth, { clientId: A.client.id, pageName: 'Home' })).statusCode).toBe(404);

    const restored = await call('PATCH', '/api/published-page-templates', A.staffAuth, { clientId: A.client.id, pageName: 'Home', restoreVersion: 1 });
    expect(restored.json()).toMatchObject({ message: 'Page published successfully', version: { version: 4, action: 'restore', live: true } });
    expect((await call('GET', `/api/published-page-templates?nameSlug=${slug}`)).json().content.content[0].props.title).toBe('Version one');
    // The draft follows the restored version.
    const tpl = await call('GET', `/api/page-templates?clientId=${A.client.id}`, A.staffAuth);
    expect(tpl.json().results[0].pages[0].content.content[0].props.title).toBe('Version one');

    const all = await call('GET', `/api/published-page-templates/get-all?clientId=${A.client.id}&pageName=Home`, A.staffAuth);
    expect(all.json().versions.map((v: { version: number; action: string }) => `${v.version}:${v.action}`)).toEqual([
      '4:restore',
      '3:unpublish',
      '2:update',
      '1:publish',
    ]);
    expect(
      all
        .json()
        .versions.filter((v: { live: boolean }) => v.live)
        .map((v: { version: number }) => v.version),
    ).toEqual([4]);
    expect(all.json().versions.find((v: { version: number }) => v.version === 2).content.content[0].props.title).toBe('Version two');
    expect(all.json().results).toEqual([expect.objectContaining({ pageName: 'Home', live: true, version: 4 })]);
    expect(
      (await call('PATCH', '/api/published-page-templates', A.staffAuth, { clientId: A.client.id, pageName: 'Home', restoreVersion: 99 })).statusCode,
    ).toBe(404);
    expect(await countRows(t.app, 'activity_logs', `client_id = '${A.client.id}' AND entity = 'publishedPage'`)).toBe(4);
  });

  it('serves the header and footer and the favicon per host', async () => {
    const hf = await call('GET', `/api/published-page-templates/get-header-footer?nameSlug=${A.client.nameSlug}`);
    expect(hf.statusCode).toBe(200);
    expect(hf.json().header.name).toBe(A.client.name);
    expect(hf.json().design.headingFont).toBe('Poppins');
    const m = multipart({ clientId: A.client.id }, { name: 'image', filename: 'icon.png', type: 'image/png', data: await tinyPng() });
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/favicon/page/upload?templateId=${templateId}`,
      headers: { ...A.staffAuth.headers, ...m.headers },
      payload: m.payload,
    });
    expect(up.statusCode).toBe(200);
    expect(up.json().message).toBe('Favicon updated successfully.');
    expect(up.json().icons.map((i: { size: number }) => i.size)).toEqual([16, 32, 48, 180, 192, 512]);
    const icon = await t.app.inject({ method: 'GET', url: new URL(up.json().favicon).pathname });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    // The uploaded icon is the draft's until a harvest admin publishes (what visitors see is published).
    const draft = await call('GET', `/api/published-page-templates/get-favicon/${A.client.nameSlug}`);
    expect(draft.body).not.toContain(up.json().favicon);
    expect((await call('POST', '/api/published-page-templates', A.staffAuth, { clientId: A.client.id, templateId, pageName: 'Home' })).statusCode).toBe(201);
    const fav = await call('GET', `/api/published-page-templates/get-favicon/${A.client.nameSlug}`);
    expect(fav.json().favicon).toBe(up.json().favicon);
    const text = multipart({ clientId: A.client.id }, { name: 'image', filename: 'x.png', type: 'image/png', data: Buffer.from('not an image') });
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/favicon/page/upload?templateId=${templateId}`,
      headers: { ...A.staffAuth.headers, ...text.headers },
      payload: text.payload,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps tenants apart: B cannot read, change or publish A’s template, even naming its own client', async () => {
    const asB = B.recruiterAuth;
    expect((await call('GET', `/api/page-templates?clientId=${A.client.id}`, asB)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/page-templates/update-partial?templateId=${templateId}`, asB, { clientId: B.client.id, page: { name: 'Home' } })).statusCode,
    ).toBe(404);
    expect((await call('PATCH', '/api/page-templates/update', asB, { _id: templateId, clientId: B.client.id, name: 'x' })).statusCode).toBe(404);
    expect((await call('POST', '/api/published-page-templates', asB, { clientId: B.client.id, templateId, pageName: 'Home' })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/page-templates/delete', asB, { _id: templateId, clientId: B.client.id })).statusCode).toBe(404);
    expect((await call('GET', `/api/published-page-templates?nameSlug=${B.client.nameSlug}&pageName=Home`)).statusCode).toBe(404);
    expect(await countRows(t.app, 'page_templates', `client_id = '${A.client.id}'`)).toBe(1);
  });

  it('needs the harvest right: members read, editors save, admins publish (403 under pageTemplates)', async () => {
    const member = await createUser(t.app, { role: 'user', clientId: A.client.id, products: { harvest: 'member' } });
    const editor = await createUser(t.app, { role: 'user', clientId: A.client.id, products: { harvest: 'editor' } });
    const m = await signIn(t.app, member.email);
    const e = await signIn(t.app, editor.email);
    expect((await call('GET', `/api/page-templates?clientId=${A.client.id}`, m)).statusCode).toBe(200);
    const save = await call('PATCH', `/api/page-templates/update-partial?templateId=${templateId}`, m, { clientId: A.client.id, page: { name: 'Home' } });
    expect(save.statusCode).toBe(403);
    expect(save.json()).toEqual({ errorMsg: { pageTemplates: [messages.server.forbidden] } });
    expect(
      (await call('PATCH', `/api/page-templates/update-partial?templateId=${templateId}`, e, { clientId: A.client.id, page: { name: 'Home' } })).statusCode,
    ).toBe(200);
    const publish = await call('POST', '/api/published-page-templates', e, { clientId: A.client.id, templateId, pageName: 'Home' });
    expect(publish.statusCode).toBe(403);
    expect(publish.json().errorMsg.pageTemplates).toEqual([messages.server.forbidden]);
  });
});

describe('meet the team, motivators and the motivator search page', () => {
  it('creates, reads and updates the meet-the-team settings and its favicon', async () => {
    const c = await call('POST', '/api/meet-the-team/create', A.staffAuth, { clientId: A.client.id, title: 'Our people', intro: 'Hello', layout: 'strip' });
    expect(c.statusCode).toBe(201);
    expect(c.json()).toMatchObject({ message: 'Page created or updated successfully.', title: 'Our people', layout: 'strip' });
    expect((await call('POST', '/api/meet-the-team/create', A.staffAuth, { clientId: A.client.id })).statusCode).toBe(409);
    const u = await call('PATCH', '/api/meet-the-team/update', A.staffAuth, { clientId: A.client.id, departments: ['Nursing'] });
    expect(u.json()).toMatchObject({ departments: ['Nursing'], title: 'Our people' });
    expect((await call('GET', `/api/meet-the-team?clientId=${A.client.id}`, A.staffAuth)).json().departments).toEqual(['Nursing']);
    expect((await call('GET', `/api/meet-the-team?clientId=${A.client.id}`, B.staffAuth)).statusCode).toBe(404);
    // The public page uses the settings: its title and intro, in the client's frame.
    const page = await t.app.inject({ method: 'GET', url: `/meet-the-team/${A.client.nameSlug}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Our people</h1><p class="lead">Hello</p>');
    expect(page.body).toContain('<title>Our people | ');
    expect(page.body).toContain('<header class="site-h">');
    const m = multipart({ clientId: A.client.id }, { name: 'image', filename: 'icon.png', type: 'image/png', data: await tinyPng() });
    const fav = await t.app.inject({
      method: 'POST',
      url: `/api/favicon/meet-the-team/upload?pageId=${c.json()._id}`,
      headers: { ...A.staffAuth.headers, ...m.headers },
      payload: m.payload,
    });
    expect(fav.json().message).toBe('Favicon updated successfully.');
  });

  it('creates, updates and deletes motivators with the spec message; the public list holds only published ones', async () => {
    const msg = 'Motivator created, updated or deleted successfully.';
    const made = [];
    for (const name of ['Home every night', 'Sign-on bonus', 'Tuition paid']) {
      const r = await call('POST', '/api/motivators/create', A.staffAuth, { clientId: A.client.id, name, headline: name, published: name !== 'Tuition paid' });
      expect(r.statusCode).toBe(201);
      expect(r.json().message).toBe(msg);
      made.push(r.json());
    }
    expect(made[0].slug).toBe('home-every-night');
    expect(made[0].url).toBe(`${t.app.config.publicUrl}/${A.client.nameSlug}/motivator/home-every-night`);
    const dup = await call('POST', '/api/motivators/create', A.staffAuth, { clientId: A.client.id, name: 'Home every night' });
    expect(dup.json().slug).toBe('home-every-night-2');
    const up = await call('PATCH', '/api/motivators/update', A.staffAuth, {
      _id: made[2]._id,
      clientId: A.client.id,
      published: true,
      filter: { keywords: 'nurse' },
    });
    expect(up.json()).toMatchObject({ message: msg, published: true, filter: { keywords: 'nurse' } });
    const del = await call('DELETE', '/api/motivators/delete', A.staffAuth, { _id: dup.json()._id, clientId: A.client.id });
    expect(del.json().message).toBe(msg);
    expect((await call('DELETE', '/api/motivators/delete', A.staffAuth, { _id: dup.json()._id, clientId: A.client.id })).statusCode).toBe(404);
    const pub = await call('GET', `/api/published-page-templates/motivators?nameSlug=${A.client.nameSlug}`);
    expect(pub.json().totalCount).toBe(3);
    expect(pub.json().results[0].clientId).toBeUndefined();
    expect((await call('GET', `/api/motivators?clientId=${A.client.id}`, A.staffAuth)).json().totalCount).toBe(3);
    expect((await call('PATCH', '/api/motivators/update', B.recruiterAuth, { _id: made[0]._id, clientId: B.client.id, headline: 'x' })).statusCode).toBe(404);
    const memberOnly = await signIn(t.app, (await createUser(t.app, { role: 'user', clientId: A.client.id, products: { motivator: 'member' } })).email);
    const refused = await call('POST', '/api/motivators/create', memberOnly, { clientId: A.client.id, name: 'Nope' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errorMsg: { motivators: [messages.server.forbidden] } });
  });

  it('creates and updates the motivator search page', async () => {
    const c = await call('POST', '/api/motivator-search-page/create', A.staffAuth, { clientId: A.client.id, title: 'What matters to you?', published: true });
    expect(c.statusCode).toBe(201);
    expect(c.json()).toMatchObject({
      message: 'Page created or updated successfully.',
      url: `${t.app.config.publicUrl}/motivator-search/${A.client.nameSlug}`,
    });
    const u = await call('PATCH', '/api/motivator-search-page/update', A.staffAuth, { clientId: A.client.id, intro: 'Pick one' });
    expect(u.json().intro).toBe('Pick one');
    expect((await call('GET', `/api/motivator-search-page?clientId=${A.client.id}`, A.staffAuth)).json().title).toBe('What matters to you?');
    expect((await call('GET', `/api/motivator-search-page?clientId=${B.client.id}`, B.staffAuth)).statusCode).toBe(404);
  });
});
