import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depsOf } from '../core/deps.ts';
import { clients } from '../db/schema/core.ts';
import { sitemapStream } from './sitemap.ts';
import { countRows, createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let D: Awaited<ReturnType<typeof createTenant>>; // has a custom domain
let job: { _id: string; url: string };
let closed: { _id: string; url: string };
let remote: { _id: string; url: string };
let djob: { _id: string; url: string };
const DOMAIN = 'careers.dtenant.example';

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

function jsonLd(body: string) {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(body);
  expect(m).not.toBeNull();
  return JSON.parse((m as RegExpExecArray)[1]);
}

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  await t.app.db
    .update(clients)
    .set({ utmSource: 'careersite', utmMedium: 'organic', logo: 'https://cdn.example/logo.png' })
    .where(eq(clients.id, A.client.id));
  D = await createTenant(t.app);
  await t.app.db.update(clients).set({ domainURL: DOMAIN }).where(eq(clients.id, D.client.id));
  const mk = async (auth: Record<string, string>, clientId: string, body: object) => {
    const r = await t.app.inject({ method: 'POST', url: '/api/job/create', headers: auth, payload: { clientId, ...body } });
    expect(r.statusCode, r.body).toBe(201);
    return r.json();
  };
  const dep = await t.app.inject({
    method: 'POST',
    url: '/api/departments/create',
    headers: A.staffAuth.headers,
    payload: { clientId: A.client.id, name: 'Nursing' },
  });
  job = await mk(A.staffAuth.headers, A.client.id, {
    title: 'Registered Nurse',
    description: '<p>Care for <b>patients</b> in our ICU.</p>',
    departmentId: dep.json()._id,
    zipCode: '78701',
    address1: '100 Congress Ave',
    employmentType: 'FULL_TIME',
    salaryMin: 70000,
    salaryMax: 90000,
    salaryPeriod: 'YEAR',
    validThrough: '2030-01-01T00:00:00Z',
    referenceNumber: 'RN-100',
  });
  closed = await mk(A.staffAuth.headers, A.client.id, { title: 'Old Role', zipCode: '78701', status: 'closed' });
  remote = await mk(A.staffAuth.headers, A.client.id, { title: 'Remote Coder', remote: true });
  djob = await mk(D.staffAuth.headers, D.client.id, { title: 'Warehouse Associate', zipCode: '60601' });
});
afterAll(async () => {
  await t?.close();
});

describe('career site on the product host', () => {
  it('sends the site root to the search page with v=virtualAppName and the client utm values', async () => {
    const res = await get(`/${A.client.nameSlug}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/${A.client.nameSlug}/search-page?v=${A.client.virtualAppName}&utm_source=careersite&utm_medium=organic`);
  });

  it('renders the search page with the jobs, labelled inputs and no script', async () => {
    const res = await get(`/${A.client.nameSlug}/search-page?v=x&utm_source=careersite&utm_medium=organic`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('Registered Nurse');
    expect(res.body).not.toContain('Old Role');
    expect(res.body).toContain('<label for="keywords">Keywords</label>');
    expect(res.body).toContain('<label for="location">City, state or ZIP</label>');
    expect(res.body).not.toMatch(/<script(?! type="application\/ld\+json")/);
    const filtered = await get(`/${A.client.nameSlug}/search-page?keywords=nurse&location=78701&radius=25&utm_source=careersite&utm_medium=organic`);
    expect(filtered.body).toContain('1 job within 25 miles of Austin, TX 78701');
  });

  it('renders the job page: text, valid JSON-LD JobPosting, canonical and Open Graph, apply form', async () => {
    const res = await get(`${job.url}?utm_source=careersite&utm_medium=organic`);
    expect(res.statusCode).toBe(200);
    const b = res.body;
    expect(b).toContain('<h1>Registered Nurse</h1>');
    expect(b).toContain('Care for <b>patients</b> in our ICU.');
    expect(b).toContain('Salary: $70,000 - $90,000 per year');
    expect(b).toContain(`<link rel="canonical" href="http://localhost:3000${job.url}">`);
    expect(b).toContain('<meta property="og:title" content="Registered Nurse - Austin, TX |');
    expect(b).toContain('<meta name="description" content="Care for patients in our ICU.">');
    const ld = jsonLd(b);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Registered Nurse',
      datePosted: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      validThrough: '2030-01-01T00:00:00.000Z',
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: A.client.name, logo: 'https://cdn.example/logo.png' },
      jobLocation: {
        '@type': 'Place',
        address: { streetAddress: '100 Congress Ave', addressLocality: 'Austin', addressRegion: 'TX', postalCode: '78701', addressCountry: 'US' },
      },
      baseSalary: { '@type': 'MonetaryAmount', currency: 'USD', value: { minValue: 70000, maxValue: 90000, unitText: 'YEAR' } },
      identifier: { '@type': 'PropertyValue', value: 'RN-100' },
      directApply: true,
    });
    expect(b).toContain(`<form id="apply" class="card apply-form" method="post" action="/${A.client.nameSlug}/apply/${job._id}" enctype="multipart/form-data"`);
    expect(b).toContain('<label for="resume">');
    // The key facts, and an Apply button that stays in reach (sticky bar, side card) and jumps to the form.
    expect(b).toContain('<ul class="facts" aria-label="Key facts"><li>Austin, TX</li><li>Full-time</li>');
    expect(b).toContain('<p class="apply-bar"><a class="btn" href="#apply" data-jump="apply">Apply now</a></p>');
    expect(b).toContain('<a class="btn wide" href="#apply" data-jump="apply">Apply now</a>');
    // The client's designed frame: its header and footer, no error marks on a fresh form.
    expect(b).toContain('<header class="site-h">');
    expect(b).not.toContain('aria-invalid="true"');
    // Only inline scripts: the JSON-LD and the small captcha solver. No external JavaScript.
    expect(b).not.toMatch(/<script[^>]+src=/);
    await new Promise((r) => setTimeout(r, 50));
    expect(await countRows(t.app, 'site_events', `client_id = '${A.client.id}' AND type = 'job_view' AND job_id = '${job._id}'`)).toBeGreaterThan(0);
  });

  it('after a failed submit keeps what was typed, marks each field in error, focuses the first and asks for the resume again', async () => {
    const boundary = '----hhsites';
    const fields = { firstName: 'Pat', lastName: '', email: 'not-an-email', phoneNumber: '5125550100' };
    const payload = `${Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('')}--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/${A.client.nameSlug}/apply/${job._id}`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'text/html' },
    });
    expect(res.statusCode).toBe(400);
    const b = res.body;
    expect(b).toContain('value="Pat"');
    expect(b).toContain('value="5125550100"');
    // lastName is the first field in error: it is marked, described by its message and focused.
    expect(b).toMatch(/<input id="lastName" name="lastName" type="text" value=""[^>]* aria-invalid="true" aria-describedby="lastName-err" autofocus>/);
    expect(b).toMatch(/<input id="email" name="email" type="email" value="not-an-email"[^>]* aria-invalid="true" aria-describedby="email-err">/);
    expect(b).toContain('<p class="field-error" id="email-err">Please enter a valid email address');
    expect(b).toMatch(/<input id="resume" name="resume" type="file"[^>]* aria-invalid="true" aria-describedby="resume-err">/);
    expect((b.match(/ autofocus/g) ?? []).length).toBe(1);
    // The summary lists every field in error and links to it.
    expect(b).toContain('<div class="error-summary" role="alert">');
    expect(b).toContain('<li><a href="#email">Email: Please enter a valid email address');
    expect(b).toContain('data-failed="1"');
  });

  it('says plainly that the resume must be chosen again when only other fields failed', async () => {
    const boundary = '----hhsites2';
    const parts = [
      ...Object.entries({ firstName: 'Pat', lastName: 'Lee', email: 'bad' }).map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      ),
      `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="cv.txt"\r\nContent-Type: text/plain\r\n\r\nPat Lee, nurse\r\n`,
    ];
    const res = await t.app.inject({
      method: 'POST',
      url: `/${A.client.nameSlug}/apply/${job._id}`,
      payload: `${parts.join('')}--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'text/html' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('aria-describedby="resume-note"');
    expect(res.body).toContain('please choose your resume again');
    expect(res.body).not.toContain('id="resume-err"');
  });

  it('marks a remote job TELECOMMUTE', async () => {
    const ld = jsonLd((await get(`${remote.url}?utm_source=careersite&utm_medium=organic`)).body);
    expect(ld.jobLocationType).toBe('TELECOMMUTE');
    expect(ld.applicantLocationRequirements).toEqual({ '@type': 'Country', name: 'USA' });
  });

  it('answers a closed job 410 and an unknown one 404, with the site 404 template (search box and open jobs)', async () => {
    for (const [url, status, heading] of [
      [closed.url, 410, 'This job is no longer available'],
      [`/${A.client.nameSlug}/job/a/b/c/d/00000000-0000-4000-8000-000000000000`, 404, 'This job could not be found'],
    ] as const) {
      const res = await get(`${url}?utm_source=careersite&utm_medium=organic`);
      expect(res.statusCode).toBe(status);
      expect(res.body).toContain(heading);
      expect(res.body).toContain(`action="/${A.client.nameSlug}/search-page" role="search"`);
      expect(res.body).toContain(`href="/${A.client.nameSlug}/search-page?utm_source=careersite"`);
    }
  });

  it('sends the slug-less job form (/job/.../{virtual_app}/{job_id}) to the canonical /{nameSlug}/job/... form', async () => {
    const res = await get(`/job/jobs/registered-nurse/austin-tx/${A.client.virtualAppName}/${job._id}?utm_source=x`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`${job.url}?utm_source=x`);
  });

  it('answers an unknown slug with 404', async () => {
    expect((await get('/no-such-client-here/search-page')).statusCode).toBe(404);
  });
});

describe('redirect rules (core spec §2)', () => {
  const utm = 'utm_source=careersite&utm_medium=organic';

  it('replaces whitespace with single hyphens in /job/ paths', async () => {
    const res = await get(`/${A.client.nameSlug}/job/jobs/registered%20%20nurse/austin%20tx/${A.client.virtualAppName}/${job._id}?${utm}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/${A.client.nameSlug}/job/jobs/registered-nurse/austin-tx/${A.client.virtualAppName}/${job._id}?${utm}`);
  });

  it('replaces whitespace with single hyphens in /search-page paths', async () => {
    const res = await get(`/${A.client.nameSlug}/search-page/Austin%20%20TX?${utm}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/${A.client.nameSlug}/search-page/Austin-TX?${utm}`);
  });

  it('sends /av_viewjob.html to /requisition, which opens the job', async () => {
    const res = await get(`/${A.client.nameSlug}/av_viewjob.html?jobid=${job._id}&${utm}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/${A.client.nameSlug}/requisition?jobid=${job._id}&${utm}`);
    const req = await get(res.headers.location as string);
    expect(req.statusCode).toBe(301);
    expect(req.headers.location).toBe(`${job.url}?${utm}`);
  });

  it('removes __VIEWSTATE, __VIEWSTATEGENERATOR and D1', async () => {
    const res = await get(`/${A.client.nameSlug}/search-page?__VIEWSTATE=abc&keywords=nurse&__VIEWSTATEGENERATOR=def&D1=x&${utm}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/${A.client.nameSlug}/search-page?keywords=nurse&${utm}`);
  });

  it("appends the client's utm_source and utm_medium when missing, and keeps a visitor's own", async () => {
    const res = await get(`/${A.client.nameSlug}/search-page?keywords=nurse`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/${A.client.nameSlug}/search-page?keywords=nurse&${utm}`);
    const own = await get(`/${A.client.nameSlug}/search-page?utm_source=indeed`);
    expect(own.headers.location).toBe(`/${A.client.nameSlug}/search-page?utm_source=indeed&utm_medium=organic`);
  });

  it('keeps utm_source, referrer and phone on links when navigating away', async () => {
    const res = await get(`/${A.client.nameSlug}/search-page?utm_source=news&utm_medium=email&referrer=friend&phone=5125550100`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`href="${job.url}?utm_source=news&amp;referrer=friend&amp;phone=5125550100"`);
    const jp = await get(`${job.url}?utm_source=news&utm_medium=email&referrer=friend&phone=5125550100`);
    expect(jp.body).toContain(
      `href="/${A.client.nameSlug}/search-page?v=${A.client.virtualAppName}&amp;utm_source=news&amp;referrer=friend&amp;phone=5125550100"`,
    );
    expect(jp.body).toContain('<input type="hidden" name="tracking_referrer" value="friend">');
  });
});

describe('custom domains (Host routing)', () => {
  const host = { host: DOMAIN };

  it('serves the client site at /: root, search page and the custom-domain job form', async () => {
    const root = await get('/', host);
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe(`/search-page?v=${D.client.virtualAppName}`);
    const search = await get(`/search-page?v=${D.client.virtualAppName}`, host);
    expect(search.statusCode).toBe(200);
    expect(search.body).toContain('Warehouse Associate');
    expect(search.body).toContain(`href="/job/warehouse-associate/jobs/chicago-il/${D.client.virtualAppName}/${djob._id}"`);
    const page = await get(`/job/warehouse-associate/jobs/chicago-il/${D.client.virtualAppName}/${djob._id}`, host);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<link rel="canonical" href="https://${DOMAIN}/job/warehouse-associate/jobs/chicago-il/${D.client.virtualAppName}/${djob._id}">`,
    );
    expect(jsonLd(page.body).url).toBe(`https://${DOMAIN}/job/warehouse-associate/jobs/chicago-il/${D.client.virtualAppName}/${djob._id}`);
  });

  it("never serves the portal or another client's jobs there", async () => {
    const login = await get('/login', host);
    expect(login.statusCode).toBe(404);
    expect(login.body).not.toContain('id="root"');
    const other = await get(job.url.replace(`/${A.client.nameSlug}`, ''), host);
    expect(other.statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: `/api/job/list-by-client-id?clientId=${D.client.id}`, headers: { ...host, ...D.staffAuth.headers } });
    expect(api.statusCode).toBe(404);
    const pub = await t.app.inject({ method: 'GET', url: `/api/search-jobs?clientId=${D.client.id}`, headers: host });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().totalCount).toBe(1);
  });

  it("shows that client's meet-the-team page at /meet-the-team", async () => {
    const res = await get('/meet-the-team', host);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<link rel="canonical" href="https://${DOMAIN}/meet-the-team"`);
  });

  it('serves its own sitemap.xml and robots.txt', async () => {
    const sm = await get('/sitemap.xml', host);
    expect(sm.statusCode).toBe(200);
    expect(sm.body).toContain(`<loc>https://${DOMAIN}/job/warehouse-associate/`);
    const robots = await get('/robots.txt', host);
    expect(robots.body).toContain(`Sitemap: https://${DOMAIN}/sitemap.xml`);
  });
});

describe('site files', () => {
  it('lists open jobs only in the sitemap, at both addresses', async () => {
    for (const url of [`/sitemap-${A.client.nameSlug}.xml`, `/${A.client.nameSlug}/sitemap.xml`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/xml');
      expect(res.body).toContain(`<loc>http://localhost:3000${job.url}</loc>`);
      expect(res.body).toContain(`<loc>http://localhost:3000${remote.url}</loc>`);
      expect(res.body).not.toContain(closed._id);
      expect(res.body).not.toContain(djob._id);
    }
  });

  it("answers a crawler at every sitemap address with the page itself (final addresses); a visitor still gets the client's utm values", async () => {
    const googlebot = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
    const sm = await get(`/${A.client.nameSlug}/sitemap.xml`);
    const locs = [...sm.body.matchAll(/<loc>http:\/\/localhost:3000([^<]+)<\/loc>/g)].map((m) => m[1].replaceAll('&amp;', '&'));
    expect(locs).toEqual(expect.arrayContaining([`/${A.client.nameSlug}/search-page`, job.url]));
    for (const loc of locs) {
      const res = await get(loc, googlebot);
      expect(res.statusCode, loc).toBe(200);
      if (loc.includes('/job/')) expect(res.body).toContain(`<link rel="canonical" href="http://localhost:3000${loc}">`);
    }
    const visitor = await get(job.url);
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe(`${job.url}?utm_source=careersite&utm_medium=organic`);
    // The path rules still apply to crawlers: a legacy parameter is dropped with a 301.
    const legacy = await get(`${job.url}?D1=x`, googlebot);
    expect(legacy.statusCode).toBe(301);
    expect(legacy.headers.location).toBe(job.url);
  });

  it('splits a large sitemap into a sitemap index of parts that list every open job once', async () => {
    const text = async (r: NodeJS.ReadableStream | null) => {
      let out = '';
      for await (const c of r ?? []) out += c;
      return out;
    };
    const index = await text(await sitemapStream(depsOf(t.app), { ...A.client, domainURL: null }, null, 2));
    expect(index).toContain('<sitemapindex');
    expect(index).toContain(`<loc>http://localhost:3000/${A.client.nameSlug}/sitemap-2.xml</loc>`);
    const p1 = await text(await sitemapStream(depsOf(t.app), A.client, 1, 2));
    const p2 = await text(await sitemapStream(depsOf(t.app), A.client, 2, 2));
    expect(p1).toContain('/search-page</loc>');
    const locs = [...`${p1}${p2}`.matchAll(/\/job\/[^<]+/g)].map((m) => m[0]);
    expect(locs.sort()).toEqual([job.url.slice(A.client.nameSlug.length + 1), remote.url.slice(A.client.nameSlug.length + 1)].sort());
    expect(await sitemapStream(depsOf(t.app), A.client, 3, 2)).toBeNull();
    const served = await get(`/${A.client.nameSlug}/sitemap-1.xml`);
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('<urlset');
  });

  it('serves robots.txt on the product host, keeping crawlers off the portal and API', async () => {
    const res = await get('/robots.txt');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /harvest');
    expect(res.body).toContain(`Sitemap: http://localhost:3000/sitemap-${A.client.nameSlug}.xml`);
  });

  it('answers the favicon per host: the logo, or an empty 204', async () => {
    const a = await t.app.inject({ method: 'GET', url: `/api/published-page-templates/get-favicon/${A.client.nameSlug}` });
    expect(a.json()).toEqual({ favicon: 'https://cdn.example/logo.png' });
    const d = await t.app.inject({ method: 'GET', url: `/api/published-page-templates/get-favicon/${DOMAIN}` });
    expect(d.statusCode).toBe(204);
    expect(d.body).toBe('');
  });
});
