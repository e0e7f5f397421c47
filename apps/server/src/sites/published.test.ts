import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../db/schema/core.ts';
import { createTenant, createUser, setupTestApp, signIn, type TestApp } from '../../test/helpers.ts';

/** Published pages on every host: root, /{pageName}, SEO, scripts, 404s, motivators, sitemap. */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let D: Awaited<ReturnType<typeof createTenant>>; // custom domain
let templateId: string;
let nursing: string;
const DOMAIN = 'careers.published.example';

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
const api = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload: unknown, auth = A.staffAuth) =>
  t.app.inject({ method, url, headers: auth.headers, payload: payload as never });

const home = (title: string, extra: object[] = []) => ({
  root: { props: { title: 'Home' } },
  content: [
    {
      type: 'Header',
      props: {
        id: 'h',
        links: [
          { label: 'Benefits', href: '/benefits' },
          { label: 'Jobs', href: '/search-page' },
        ],
      },
    },
    { type: 'Hero', props: { id: 'hero', title, subtitle: 'Come work with us', ctaLabel: 'See jobs', ctaHref: '/search-page' } },
    { type: 'JobSearch', props: { id: 's', heading: 'Find a job' } },
    ...extra,
    { type: 'Footer', props: { id: 'f', text: 'Made with care', links: [{ label: 'All jobs', href: '/search-page' }] } },
  ],
});

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  D = await createTenant(t.app);
  await t.app.db.update(clients).set({ domainURL: DOMAIN, utmSource: 'careersite' }).where(eq(clients.id, D.client.id));
  const dep = await t.app.inject({
    method: 'POST',
    url: '/api/departments/create',
    headers: A.staffAuth.headers,
    payload: { clientId: A.client.id, name: 'Nursing' },
  });
  nursing = dep.json()._id;
  const other = await t.app.inject({
    method: 'POST',
    url: '/api/departments/create',
    headers: A.staffAuth.headers,
    payload: { clientId: A.client.id, name: 'Billing' },
  });
  for (const [title, departmentId] of [
    ['Registered Nurse', nursing],
    ['Night Nurse', nursing],
    ['Billing Clerk', other.json()._id],
  ])
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/job/create',
          headers: A.staffAuth.headers,
          payload: { clientId: A.client.id, title, departmentId, zipCode: '78701' },
        })
      ).statusCode,
    ).toBe(201);
  const created = await api('POST', '/api/page-templates/create', {
    clientId: A.client.id,
    pages: [
      {
        name: 'Home',
        content: home('Care is a team sport', [{ type: 'JobList', props: { id: 'l', heading: 'Nursing jobs', departmentId: nursing, limit: 5 } }]),
        seo: { title: 'Careers at A', description: 'Nursing careers in Austin' },
      },
    ],
    seo: { keywords: ['nursing', 'austin'] },
    socialMetadata: { title: 'Join A', image: 'https://cdn.example/og.png', twitterCard: 'summary_large_image' },
    customScripts: [
      { name: 'pixel', src: 'https://tags.example.com/pixel.js', placement: 'body', pages: ['Benefits'] },
      { name: 'all', src: 'https://tags.example.com/all.js', placement: 'head', pages: [] },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  templateId = created.json()._id;
});
afterAll(async () => t?.close());

describe('published pages', () => {
  it('redirects the root to the search page until Home is published, then shows it', async () => {
    const before = await get(`/${A.client.nameSlug}`);
    expect(before.statusCode).toBe(302);
    expect(before.headers.location).toContain('/search-page?v=');
    expect((await api('POST', '/api/published-page-templates', { clientId: A.client.id, templateId, pageName: 'Home' })).statusCode).toBe(201);
    const res = await get(`/${A.client.nameSlug}?utm_source=news`);
    expect(res.statusCode).toBe(200);
    const b = res.body;
    expect(b).toContain('<h1>Care is a team sport</h1>');
    expect(b).toContain('<title>Careers at A | ');
    expect(b).toContain('<meta name="description" content="Nursing careers in Austin">');
    expect(b).toContain('<meta name="keywords" content="nursing, austin">');
    expect(b).toContain(`<link rel="canonical" href="${t.app.config.publicUrl}/${A.client.nameSlug}">`);
    expect(b).toContain('<meta property="og:title" content="Join A">');
    expect(b).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(b).toContain('<meta property="og:image" content="https://cdn.example/og.png">');
    // The job list block is filtered to Nursing, live from the job store.
    expect(b).toContain('Registered Nurse');
    expect(b).toContain('Night Nurse');
    expect(b).not.toContain('Billing Clerk');
    // The search box works without JavaScript; links keep the visitor's utm_source.
    expect(b).toContain(`action="/${A.client.nameSlug}/search-page" role="search"`);
    expect(b).toContain(`href="/${A.client.nameSlug}/benefits?utm_source=news"`);
    // No inline script in the page: the client's external script for every page runs in a sandboxed
    // frame (opaque origin: never beside a portal session); none for Benefits only.
    expect(b).toMatch(
      /<iframe class="client-scripts" sandbox="allow-scripts" srcdoc="[^"]*&lt;script src=&quot;https:\/\/tags\.example\.com\/all\.js&quot; nonce=/,
    );
    expect(b).not.toContain('<script src="https://tags.example.com/all.js"');
    expect(b).not.toMatch(/allow-same-origin/);
    expect(b).not.toContain('pixel.js');
    expect(b.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, '')).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(b).not.toMatch(/\son[a-z]+=/i);
    expect(b).toContain('Made with care');
  });

  it('serves /{nameSlug}/{pageName} once published, with the page-only script, and 404s an unpublished page', async () => {
    expect((await get(`/${A.client.nameSlug}/benefits`)).statusCode).toBe(404);
    expect((await api('POST', '/api/additional-page-templates', { clientId: A.client.id, name: 'Benefits', fromDefault: 'Benefits' })).statusCode).toBe(201);
    expect((await get(`/${A.client.nameSlug}/benefits`)).statusCode).toBe(404); // a draft is not public
    expect((await api('POST', '/api/published-page-templates', { clientId: A.client.id, templateId, pageName: 'Benefits' })).statusCode).toBe(201);
    const res = await get(`/${A.client.nameSlug}/benefits`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Benefits that look after you');
    expect(res.body).toContain('&lt;script src=&quot;https://tags.example.com/pixel.js&quot;');
    expect(res.body).not.toContain('<script src="https://tags.example.com/pixel.js"');
    expect(res.body).toContain(`<link rel="canonical" href="${t.app.config.publicUrl}/${A.client.nameSlug}/benefits">`);
    // Header and footer come from Home.
    expect(res.body).toContain('Made with care');
  });

  it('answers unknown pages with the site 404 (header, footer, search box) and unknown sites with a neutral 404', async () => {
    const res = await get(`/${A.client.nameSlug}/no-such-page`);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This page could not be found');
    expect(res.body).toContain('Made with care');
    expect(res.body).toContain('role="search"');
    const site = await get('/no-such-company');
    expect(site.statusCode).toBe(404);
    expect(site.body).toContain('404 Not Found');
    expect(site.body).not.toContain('id="root"'); // never the portal (its sign-in)
    expect(site.body).not.toContain('<script');
  });

  it('unpublishing Home brings the search redirect back; restoring the version shows it again', async () => {
    expect((await api('DELETE', '/api/published-page-templates', { clientId: A.client.id, pageName: 'Home' })).json().message).toBe(
      'Page unpublished successfully.',
    );
    expect((await get(`/${A.client.nameSlug}`)).statusCode).toBe(302);
    expect((await api('PATCH', '/api/published-page-templates', { clientId: A.client.id, pageName: 'Home', restoreVersion: 1 })).statusCode).toBe(200);
    expect((await get(`/${A.client.nameSlug}`)).body).toContain('Care is a team sport');
  });

  it('lists live pages and published motivators in the sitemap, with final addresses', async () => {
    await api('POST', '/api/motivators/create', {
      clientId: A.client.id,
      name: 'Tuition paid',
      headline: 'We pay for school',
      published: true,
      filter: { keywords: 'nurse' },
    });
    const res = await get(`/${A.client.nameSlug}/sitemap.xml`);
    const origin = `${t.app.config.publicUrl}/${A.client.nameSlug}`;
    expect(res.body).toContain(`<loc>${origin}/</loc>`);
    expect(res.body).toContain(`<loc>${origin}/benefits</loc>`);
    expect(res.body).toContain(`<loc>${origin}/motivator/tuition-paid</loc>`);
    expect(res.body).not.toContain('utm_');
  });

  it('renders a motivator page with its matching jobs, and the motivator search page once published', async () => {
    const m = await get(`/${A.client.nameSlug}/motivator/tuition-paid`);
    expect(m.statusCode).toBe(200);
    expect(m.body).toContain('<h1>We pay for school</h1>');
    expect(m.body).toContain('Registered Nurse');
    expect(m.body).not.toContain('Billing Clerk');
    expect((await get(`/motivator-search/${A.client.nameSlug}`)).statusCode).toBe(404);
    await api('POST', '/api/motivator-search-page/create', { clientId: A.client.id, title: 'What matters to you?', published: true });
    const s = await get(`/motivator-search/${A.client.nameSlug}`);
    expect(s.statusCode).toBe(200);
    expect(s.body).toContain(`href="/motivator-search/${A.client.nameSlug}?motivator=tuition-paid"`);
    const picked = await get(`/motivator-search/${A.client.nameSlug}?motivator=tuition-paid`);
    expect(picked.body).toContain('2 jobs with tuition paid');
    expect(picked.body).toContain('aria-current="true"');
  });

  it("answers the bare /motivator-search (core §2: the company is optional): the portal on the product host, the client's own page on its domain", async () => {
    // The product host: the portal, which opens the signed-in user's client's page or a chooser (like /meet-the-team).
    const bare = await get('/motivator-search');
    expect(bare.statusCode).toBe(200);
    expect(bare.headers['content-type']).toContain('text/html');
    expect(bare.body).toContain('window.__RUNTIME_CONFIG__');
    expect(bare.body).not.toContain('could not be found');
    // A custom domain: that client's motivator search page itself.
    await api('POST', '/api/motivator-search-page/create', { clientId: D.client.id, title: 'Find your reason', published: true }, D.staffAuth);
    const own = await get('/motivator-search', { host: DOMAIN });
    // The site's utm source is appended first (core §2), then the page itself.
    expect(own.statusCode).toBe(302);
    expect(own.headers.location).toBe('/motivator-search?utm_source=careersite');
    const page = await get('/motivator-search?utm_source=careersite', { host: DOMAIN });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Find your reason');
    expect(page.body).not.toContain('window.__RUNTIME_CONFIG__');
  });

  it('keeps formatted text from the editor, sanitised when stored and drawn; text in the old format still reads as before', async () => {
    const hostile =
      '<h2>Why us</h2><p>We <strong>care</strong> <em>a lot</em><script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://a.example/x">site</a></p><img src=x onerror="alert(1)"><ul><li>Pay</li></ul>';
    const saved = await api('PATCH', `/api/page-templates/update-partial?templateId=${templateId}`, {
      clientId: A.client.id,
      page: {
        name: 'Story',
        content: {
          root: { props: { title: 'Story' } },
          content: [
            { type: 'RichText', props: { id: 'r1', heading: 'New', text: hostile } },
            { type: 'RichText', props: { id: 'r2', heading: 'Old', text: 'First line\n\n- one\n- **two**\n\n<b>not markup</b>' } },
          ],
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = saved.json().pages.find((p: { name: string }) => p.name === 'Story').content.content;
    expect(stored[0].props.text).toBe(
      '<h2>Why us</h2><p>We <strong>care</strong> <em>a lot</em> <a rel="nofollow noopener">x</a> <a href="https://a.example/x" rel="nofollow noopener">site</a></p><ul><li>Pay</li></ul>',
    );
    // The old plain format is converted when stored, its "<b>" kept as text.
    expect(stored[1].props.text).toBe('<p>First line</p><ul><li>one</li><li><strong>two</strong></li></ul><p>&lt;b&gt;not markup&lt;/b&gt;</p>');
    expect((await api('POST', '/api/published-page-templates', { clientId: A.client.id, templateId, pageName: 'Story' })).statusCode).toBe(201);
    const page = (await get(`/${A.client.nameSlug}/story`)).body;
    expect(page).toContain('<h2>Why us</h2><p>We <strong>care</strong> <em>a lot</em>');
    expect(page).toContain('<li><strong>two</strong></li>');
    expect(page).not.toContain('alert(1)');

    const m = await api('POST', '/api/motivators/create', {
      clientId: A.client.id,
      name: 'Home every night',
      story: '<p>Clinics close at <strong>7 pm</strong> &amp; weekends are yours.</p><iframe src="https://evil.example"></iframe><p></p>',
      published: true,
    });
    expect(m.statusCode, m.body).toBe(201);
    expect(m.json().story).toBe('<p>Clinics close at <strong>7 pm</strong> &amp; weekends are yours.</p><p></p>');
    const blank = await api('PATCH', '/api/motivators/update', { _id: m.json()._id, clientId: A.client.id, story: '<p></p>' });
    expect(blank.json().story).toBe('');
    await api('PATCH', '/api/motivators/update', { _id: m.json()._id, clientId: A.client.id, story: m.json().story });
    const mp = (await get(`/${A.client.nameSlug}/motivator/home-every-night`)).body;
    expect(mp).toContain('<p>Clinics close at <strong>7 pm</strong> &amp; weekends are yours.</p>');
    expect(mp).toContain('<meta name="description" content="Clinics close at 7 pm &amp; weekends are yours.">');
    expect(mp).not.toContain('evil.example');
  });

  it('serves the same pages on a custom domain at /{pageName}', async () => {
    const t0 = await api(
      'POST',
      '/api/page-templates/create',
      {
        clientId: D.client.id,
        pages: [
          { name: 'Home', content: home('Drive with D') },
          { name: 'About us', content: home('About D') },
        ],
      },
      D.staffAuth,
    );
    const tid = t0.json()._id;
    for (const pageName of ['Home', 'About us'])
      expect((await api('POST', '/api/published-page-templates', { clientId: D.client.id, templateId: tid, pageName }, D.staffAuth)).statusCode).toBe(201);
    // Core §2 on every page: the client's utm value is appended first (one redirect), then the page.
    const bare = await get('/', { host: DOMAIN });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/?utm_source=careersite');
    const root = await get('/?utm_source=careersite', { host: DOMAIN });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('Drive with D');
    expect(root.body).toContain(`<link rel="canonical" href="https://${DOMAIN}">`);
    expect(root.body).toContain('href="/benefits?utm_source=careersite"');
    // No scripts on this site yet: no frame.
    expect(root.body).not.toContain('client-scripts');
    const about = await get('/about-us?utm_source=careersite', { host: DOMAIN });
    expect(about.statusCode).toBe(200);
    expect(about.body).toContain('About D');
    expect((await get('/nope', { host: DOMAIN })).statusCode).toBe(404);
  });
});

describe('what visitors see comes from the published version only', () => {
  it("an editor's template edit (scripts, social metadata, keywords, favicon) is not live until a harvest admin publishes", async () => {
    const E = await createTenant(t.app);
    const editor = await createUser(t.app, { role: 'user', clientId: E.client.id, products: { harvest: 'editor' } });
    const editorAuth = await signIn(t.app, editor.email);
    const created = await api(
      'POST',
      '/api/page-templates/create',
      { clientId: E.client.id, pages: [{ name: 'Home', content: home('Care at E') }], customScripts: [{ name: 'ok', src: 'https://tags.example.com/ok.js' }] },
      E.staffAuth,
    );
    expect(created.statusCode, created.body).toBe(201);
    const tid = created.json()._id;
    expect((await api('POST', '/api/published-page-templates', { clientId: E.client.id, templateId: tid, pageName: 'Home' }, E.staffAuth)).statusCode).toBe(
      201,
    );
    const before = await get(`/${E.client.nameSlug}`);
    expect(before.body).toContain('tags.example.com/ok.js');

    // The editor may save the draft (200) but not publish (403).
    const edit = await api(
      'PATCH',
      '/api/page-templates/update',
      {
        _id: tid,
        clientId: E.client.id,
        customScripts: [{ name: 'evil', src: 'https://evil.example.com/steal.js', placement: 'head' }],
        socialMetadata: { title: 'Draft OG title' },
        seo: { keywords: ['draftword'] },
      },
      editorAuth,
    );
    expect(edit.statusCode, edit.body).toBe(200);
    await t.app.db.execute(`UPDATE page_templates SET favicon = 'https://cdn.example/draft-icon.png' WHERE client_id = '${E.client.id}'` as never);
    const denied = await api('POST', '/api/published-page-templates', { clientId: E.client.id, templateId: tid, pageName: 'Home' }, editorAuth);
    expect(denied.statusCode).toBe(403);

    for (const url of [`/${E.client.nameSlug}`, `/${E.client.nameSlug}/search-page`]) {
      const live = await get(url);
      expect(live.statusCode).toBe(200);
      expect(live.body).not.toContain('evil.example.com');
      expect(live.body).not.toContain('Draft OG title');
      expect(live.body).not.toContain('draftword');
      expect(live.body).not.toContain('draft-icon.png');
    }
    expect((await get(`/${E.client.nameSlug}`)).body).toContain('tags.example.com/ok.js');
    const fav = await t.app.inject({ method: 'GET', url: `/api/published-page-templates/get-favicon/${E.client.nameSlug}` });
    expect(fav.body).not.toContain('draft-icon.png');

    // A harvest admin publishes: now the edit is live (still inside the sandboxed frame).
    expect((await api('POST', '/api/published-page-templates', { clientId: E.client.id, templateId: tid, pageName: 'Home' }, E.staffAuth)).statusCode).toBe(
      201,
    );
    const after = await get(`/${E.client.nameSlug}`);
    expect(after.body).toContain('&lt;script src=&quot;https://evil.example.com/steal.js&quot;');
    expect(after.body).not.toContain('tags.example.com/ok.js');
    expect(after.body).toContain('<meta property="og:title" content="Draft OG title">');
    expect(after.body).toContain('<meta name="keywords" content="draftword">');
    expect(after.body).toContain('<link rel="icon" href="https://cdn.example/draft-icon.png">');
    expect((await t.app.inject({ method: 'GET', url: `/api/published-page-templates/get-favicon/${E.client.nameSlug}` })).json().favicon).toBe(
      'https://cdn.example/draft-icon.png',
    );
  });

  it('on a custom domain the published scripts run in the page itself, with the response nonce', async () => {
    const [row] = (await t.app.db.execute<{ id: string }>(`SELECT id FROM page_templates WHERE client_id = '${D.client.id}'` as never)).rows;
    const created = await api(
      'PATCH',
      '/api/page-templates/update',
      { _id: row.id, clientId: D.client.id, customScripts: [{ name: 'd', src: 'https://tags.example.com/d.js' }] },
      D.staffAuth,
    );
    expect(created.statusCode, created.body).toBe(200);
    // The client's utm value is in the address, so the page answers without core §2's redirect.
    const home = '/?utm_source=careersite';
    expect((await get(home, { host: DOMAIN })).body).toContain('Drive with D');
    expect((await get(home, { host: DOMAIN })).body).not.toContain('d.js');
    const tid = created.json()._id;
    expect((await api('POST', '/api/published-page-templates', { clientId: D.client.id, templateId: tid, pageName: 'Home' }, D.staffAuth)).statusCode).toBe(
      201,
    );
    const res = await get(home, { host: DOMAIN });
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(res.body).toContain(`<script src="https://tags.example.com/d.js" nonce="${nonce}" defer></script>`);
    expect(res.body).not.toContain('<iframe class="client-scripts"');
  });
});
