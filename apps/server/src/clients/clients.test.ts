import { messages } from '@hh/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createClient, createTenant, createUser, setupTestApp, signIn, type TestApp } from '../../test/helpers.ts';
import { recordInbound } from '../conversations/index.ts';

let t: TestApp;
let admin: { headers: Record<string, string> };
let adminId: string;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  t = await setupTestApp();
  const u = await createUser(t.app, { role: 'admin' });
  adminId = u.id;
  admin = await signIn(t.app, u.email);
  A = await createTenant(t.app);
  B = await createTenant(t.app);
});
afterAll(async () => t.close());

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as object });
const uniq = () => Math.random().toString(36).slice(2, 8);

describe('POST /api/client/create', () => {
  it('creates a client (201) with the creator as createdBy, a derived slug, and an activity-log row', async () => {
    const name = `Blue Lake Médical ${uniq()}`;
    const res = await req('POST', '/api/client/create', admin.headers, { name, domainURL: `${uniq()}.careers.example.com`, unknownField: 'dropped' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.name).toBe(name);
    expect(body.nameSlug).toMatch(/^blue-lake-medical-[a-z0-9]+$/);
    expect(body.createdBy).toBe(adminId);
    expect(body.status).toBe('Active');
    expect(body).not.toHaveProperty('unknownField');
    expect(body).not.toHaveProperty('candidateAPIKey');
    expect(await countRows(t.app, 'activity_logs', `entity = 'client' AND action = 'create' AND entity_id = '${body._id}' AND actor_id = '${adminId}'`)).toBe(
      1,
    );
  });

  it('appends -2, -3 when the derived slug is taken, and never uses a reserved word bare', async () => {
    const name = `Same Name ${uniq()}`;
    const slugs: string[] = [];
    for (let i = 0; i < 3; i++) slugs.push((await req('POST', '/api/client/create', admin.headers, { name })).json().nameSlug);
    const base = slugs[0];
    expect(slugs).toEqual([base, `${base}-2`, `${base}-3`]);
    const reserved = await req('POST', '/api/client/create', admin.headers, { name: 'Admin' });
    expect(reserved.statusCode).toBe(201);
    expect(reserved.json().nameSlug).toMatch(/^admin-\d+$/);
  });

  it('refuses an explicit slug that is taken (409) or reserved (400) under errorMsg.clients', async () => {
    const slug = `taken-${uniq()}`;
    expect((await req('POST', '/api/client/create', admin.headers, { name: 'One', nameSlug: slug })).statusCode).toBe(201);
    const dup = await req('POST', '/api/client/create', admin.headers, { name: 'Two', nameSlug: slug });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ errorMsg: { clients: [messages.server.slugTaken(slug)] } });
    const reserved = await req('POST', '/api/client/create', admin.headers, { name: 'Three', nameSlug: 'login' });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json()).toEqual({ errorMsg: { clients: [messages.server.slugReserved('login')] } });
    const bad = await req('POST', '/api/client/create', admin.headers, { name: 'Four', nameSlug: 'Not A Slug' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a domain that another client uses (409)', async () => {
    const domain = `jobs-${uniq()}.example.com`;
    expect((await req('POST', '/api/client/create', admin.headers, { name: 'D1', domainURL: domain })).statusCode).toBe(201);
    const dup = await req('POST', '/api/client/create', admin.headers, { name: 'D2', domainURL: domain.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ errorMsg: { clients: [messages.server.domainTaken(domain)] } });
  });

  it('lets a recruiter create (and then see) a client; staff get 403 under clients; anonymous 401', async () => {
    const res = await req('POST', '/api/client/create', A.recruiterAuth.headers, { name: `Rec ${uniq()}` });
    expect(res.statusCode).toBe(201);
    expect(res.json().createdBy).toBe(A.recruiter.id);
    const get = await req('GET', `/api/client/get-by-id?clientId=${res.json()._id}`, A.recruiterAuth.headers);
    expect(get.statusCode).toBe(200);
    const staff = await req('POST', '/api/client/create', A.staffAuth.headers, { name: 'Nope' });
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({ errorMsg: { clients: [messages.server.forbidden] } });
    expect((await t.app.inject({ method: 'POST', url: '/api/client/create', payload: { name: 'x' } })).statusCode).toBe(401);
  });

  it('stores every §3 field', async () => {
    const payload = {
      name: `Full ${uniq()}`,
      jobBoardDomain: 'jobs.full.example.com',
      virtualAppName: 'fullapp',
      address: { address1: '1 Main', address2: 'Suite 2', city: 'Austin', state: 'TX', zipCode: '78701' },
      applicantResume: true,
      quickApplyOption: true,
      selectedIndeedQuestions: [{ q: 1 }],
      phoneNumber: '+1 555',
      timeZone: 'America/Chicago',
      industry: 'Health',
      contractNumber: 'C-9',
      accountManagers: [A.recruiter.id],
      status: 'Suspended',
      mediaLibraryData: { a: 1 },
      aiSearch: true,
      sso: true,
      jobsFeedUrl: 'https://feed.example.com/jobs.xml',
      subscriptions: { cultivate: true, harvest: false, harvestPlus: true, wave: false, motivator: true, media: true },
      candidateAPIPublicKey: 'pub',
      candidateAPIKey: 'secret',
      candidateAPIKeyRenewalDate: '2027-01-01T00:00:00.000Z',
      integrations: { twilioSms: { enabled: true } },
      unreadConversationsCount: 4,
      pageSummary: [{ pageName: 'Home' }],
      indeedApplyQuestionsGroups: [{ id: 'g1', questions: [1, 2] }],
      defaultIndeedApplyQuestions: { x: 1 },
      ga4MeasurementId: 'G-ABC1234',
      logo: 'http://localhost:3000/media/images/x.png',
      utmSource: 'src',
      utmMedium: 'med',
    };
    const res = await req('POST', '/api/client/create', admin.headers, payload);
    expect(res.statusCode).toBe(201);
    const { candidateAPIKey, ...expected } = payload;
    expect(candidateAPIKey).toBe('secret');
    expect(res.json()).toMatchObject({ ...expected, hasCandidateAPIKey: true });
    expect(res.json()).not.toHaveProperty('candidateAPIKey');
    const again = await req('GET', `/api/client/get-by-id?clientId=${res.json()._id}`, admin.headers);
    expect(again.json()).toMatchObject(expected);
    const log = await t.app.pool.query(`SELECT changes FROM activity_logs WHERE entity_id = $1`, [res.json()._id]);
    expect(log.rows[0].changes.candidateAPIKey).toBe('[changed]');
  });
});

describe('PATCH /api/client/update', () => {
  it('updates fields, logs what changed, and keeps the client the recruiter manages reachable', async () => {
    const res = await req('PATCH', '/api/client/update', A.recruiterAuth.headers, { _id: A.client.id, industry: 'Retail', phoneNumber: '+1 777' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: A.client.id, industry: 'Retail', phoneNumber: '+1 777' });
    const log = await t.app.pool.query(
      `SELECT changes, actor_id FROM activity_logs WHERE entity = 'client' AND action = 'update' AND client_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [A.client.id],
    );
    expect(log.rows[0].actor_id).toBe(A.recruiter.id);
    expect(log.rows[0].changes.industry).toEqual({ from: null, to: 'Retail' });
  });

  it('lets an account manager (not the creator) update; staff 403; another tenant 404', async () => {
    const manager = await createUser(t.app, { role: 'recruiter' });
    const c = await createClient(t.app, { accountManagers: [manager.id] });
    const m = await signIn(t.app, manager.email);
    expect((await req('PATCH', '/api/client/update', m.headers, { _id: c.id, industry: 'X' })).statusCode).toBe(200);
    const staff = await req('PATCH', '/api/client/update', A.staffAuth.headers, { _id: A.client.id, industry: 'Y' });
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({ errorMsg: { clients: [messages.server.forbidden] } });
    for (const h of [B.recruiterAuth.headers, B.staffAuth.headers, m.headers]) {
      const other = await req('PATCH', '/api/client/update', h, { _id: A.client.id, industry: 'Z' });
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ errorMsg: { clients: [messages.server.clientNotFound] } });
    }
  });

  it('refuses a taken slug (409), a reserved slug (400) and a taken domain (409)', async () => {
    const other = await createClient(t.app, { domainURL: `other-${uniq()}.example.com` });
    const taken = await req('PATCH', '/api/client/update', admin.headers, { _id: A.client.id, nameSlug: other.nameSlug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ errorMsg: { clients: [messages.server.slugTaken(other.nameSlug)] } });
    const reserved = await req('PATCH', '/api/client/update', admin.headers, { _id: A.client.id, nameSlug: 'api' });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json()).toEqual({ errorMsg: { clients: [messages.server.slugReserved('api')] } });
    const dom = await req('PATCH', '/api/client/update', admin.headers, { _id: A.client.id, domainURL: other.domainURL });
    expect(dom.statusCode).toBe(409);
    expect(dom.json()).toEqual({ errorMsg: { clients: [messages.server.domainTaken(other.domainURL as string)] } });
    // keeping its own slug is fine
    expect((await req('PATCH', '/api/client/update', admin.headers, { _id: A.client.id, nameSlug: A.client.nameSlug })).statusCode).toBe(200);
  });

  it('accepts a 2 MB body while other routes refuse more than 1 MB with 413', async () => {
    const big = 'x'.repeat(2 * 1024 * 1024);
    const ok = await req('PATCH', '/api/client/update', admin.headers, { _id: A.client.id, pageSummary: [{ pageName: 'Big', html: big }] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().pageSummary[0].html.length).toBe(big.length);
    const tooBig = await req('POST', '/api/client/create', admin.headers, { name: 'Big', mediaLibraryData: { big } });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ errorMsg: { body: [messages.server.bodyTooLarge] } });
    const log = await t.app.pool.query(`SELECT changes FROM activity_logs WHERE client_id = $1 AND changes ? 'pageSummary' ORDER BY created_at DESC LIMIT 1`, [
      A.client.id,
    ]);
    expect(log.rows[0].changes.pageSummary).toBe('[large value changed]');
  });

  it('a malformed id is 400 and a missing one 404', async () => {
    const bad = await req('PATCH', '/api/client/update', admin.headers, { _id: 'abc', industry: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorMsg._id).toEqual([messages.server.invalidId]);
    const missing = await req('PATCH', '/api/client/update', admin.headers, { _id: '00000000-0000-4000-8000-000000000001', industry: 'X' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('reads', () => {
  it('GET /api/client lists by scope: admin all, recruiter created-or-managed, staff own', async () => {
    const adminList = (await req('GET', '/api/client?pageSize=500', admin.headers)).json();
    expect(adminList.results.map((c: { _id: string }) => c._id)).toEqual(expect.arrayContaining([A.client.id, B.client.id]));
    const rec = (await req('GET', '/api/client', A.recruiterAuth.headers)).json();
    expect(rec.results.map((c: { _id: string }) => c._id)).toContain(A.client.id);
    expect(rec.results.map((c: { _id: string }) => c._id)).not.toContain(B.client.id);
    const staff = (await req('GET', '/api/client', B.staffAuth.headers)).json();
    expect(staff).toMatchObject({ totalCount: 1, results: [{ _id: B.client.id }] });
  });

  it('filters by createdBy, search, status and product', async () => {
    const tag = uniq();
    const c1 = (await req('POST', '/api/client/create', admin.headers, { name: `Filter ${tag} One`, subscriptions: { wave: true } })).json();
    const c2 = (await req('POST', '/api/client/create', admin.headers, { name: `Filter ${tag} Two`, status: 'Suspended' })).json();
    const ids = (r: { results: Array<{ _id: string }> }) => r.results.map((c) => c._id).sort();
    expect(ids((await req('GET', `/api/client?search=${tag}`, admin.headers)).json())).toEqual([c1._id, c2._id].sort());
    expect(ids((await req('GET', `/api/client?search=${tag}&status=Suspended`, admin.headers)).json())).toEqual([c2._id]);
    expect(ids((await req('GET', `/api/client?search=${tag}&product=wave`, admin.headers)).json())).toEqual([c1._id]);
    const mine = (await req('GET', `/api/client?createdBy=${A.recruiter.id}`, admin.headers)).json();
    expect(mine.results.every((c: { createdBy: string }) => c.createdBy === A.recruiter.id)).toBe(true);
    expect(mine.totalCount).toBeGreaterThan(0);
    expect((await req('GET', '/api/client?createdBy=abc', admin.headers)).statusCode).toBe(400);
  });

  it('get-by-id and get-unread-messages-count: tenant isolation, malformed and missing ids', async () => {
    // A true count from the messages: two conversations with an unread inbound message (a stale column says otherwise).
    await t.app.pool.query('UPDATE clients SET unread_conversations_count = 12 WHERE id = $1', [A.client.id]);
    for (const n of [1, 2]) {
      const c = await t.app.pool.query<{ id: string }>(
        `INSERT INTO candidates (client_id, first_name, last_name, email) VALUES ($1, 'Unread', $2, $3) RETURNING id`,
        [A.client.id, String(n), `unread-${n}-${A.client.id}@example.test`],
      );
      await recordInbound(
        { db: t.app.db },
        { clientId: A.client.id, candidateId: c.rows[0].id, channel: 'sms', from: '+15125550100', to: '+15125550199', bodyText: `Reply ${n}` },
      );
    }
    for (const h of [admin.headers, A.recruiterAuth.headers, A.staffAuth.headers]) {
      expect((await req('GET', `/api/client/get-by-id?clientId=${A.client.id}`, h)).json()._id).toBe(A.client.id);
      expect((await req('GET', `/api/client/get-unread-messages-count?clientId=${A.client.id}`, h)).json()).toEqual({ unreadConversationsCount: 2 });
    }
    for (const h of [B.recruiterAuth.headers, B.staffAuth.headers]) {
      for (const url of [`/api/client/get-by-id?clientId=${A.client.id}`, `/api/client/get-unread-messages-count?clientId=${A.client.id}`]) {
        const res = await req('GET', url, h);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ errorMsg: { clients: [messages.server.clientNotFound] } });
      }
    }
    const bad = await req('GET', '/api/client/get-by-id?clientId=abc', admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorMsg.clientId).toEqual([messages.server.invalidId]);
    expect((await req('GET', '/api/client/get-by-id?clientId=00000000-0000-4000-8000-000000000002', admin.headers)).statusCode).toBe(404);
  });

  it('get-by-slug and get-by-domain are public, return the public subset, and hide Suspended clients', async () => {
    const domain = `careers-${uniq()}.example.com`;
    const c = await createClient(t.app, { domainURL: domain, candidateAPIKey: 'secret', contractNumber: 'C-1', subscriptions: { wave: true, media: false } });
    const bySlug = await t.app.inject({ method: 'GET', url: `/api/client/get-by-slug?nameSlug=${c.nameSlug.toUpperCase()}` });
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json()).toMatchObject({ _id: c.id, name: c.name, nameSlug: c.nameSlug });
    expect(bySlug.json()).not.toHaveProperty('contractNumber');
    expect(bySlug.json()).not.toHaveProperty('candidateAPIKey');
    expect(bySlug.json()).not.toHaveProperty('integrations');
    const byDomain = await t.app.inject({ method: 'GET', url: `/api/client/get-by-domain?domainURL=https://${domain}/` });
    expect(byDomain.json()._id).toBe(c.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/client/get-by-domain?domainURL=${domain}&product=wave` })).statusCode).toBe(200);
    const noProduct = await t.app.inject({ method: 'GET', url: `/api/client/get-by-domain?domainURL=${domain}&product=media` });
    expect(noProduct.statusCode).toBe(404);
    expect(noProduct.json()).toEqual({ errorMsg: { clients: [messages.server.clientNotFound] } });
    expect((await t.app.inject({ method: 'GET', url: `/api/client/get-by-domain?domainURL=${domain}&product=bogus` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/client/get-by-slug?nameSlug=no-such-client-here' })).statusCode).toBe(404);
    await t.app.pool.query(`UPDATE clients SET status = 'Suspended' WHERE id = $1`, [c.id]);
    expect((await t.app.inject({ method: 'GET', url: `/api/client/get-by-slug?nameSlug=${c.nameSlug}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/client/get-by-domain?domainURL=${domain}` })).statusCode).toBe(404);
  });
});

describe('bad text', () => {
  it('a NUL character (which PostgreSQL cannot store) is a 400, not a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/client/get-by-slug?nameSlug=a%00b' });
    expect(res.statusCode).toBe(400);
    // Refused at the edge, naming the field, before any query runs.
    expect(res.json()).toEqual({ errorMsg: { nameSlug: [messages.security.invalidText] } });
    const create = await req('POST', '/api/client/create', admin.headers, { name: 'Nul\u0000Name' });
    expect(create.statusCode).toBe(400);
  });
});

describe('form questions', () => {
  it('create, list in position order, update, delete; each logged', async () => {
    const c = await createClient(t.app);
    const q1 = await req('POST', '/api/client/create-form-question', admin.headers, { clientId: c.id, question: 'Why here?' });
    expect(q1.statusCode).toBe(201);
    expect(q1.json()).toMatchObject({ clientId: c.id, question: 'Why here?', position: 0 });
    const q2 = (await req('POST', '/api/client/create-form-question', admin.headers, { clientId: c.id, question: 'Favourite day?' })).json();
    expect(q2.position).toBe(1);
    const up = await req('PATCH', '/api/client/update-form-question', admin.headers, { _id: q1.json()._id, clientId: c.id, position: 5, question: 'Why us?' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ question: 'Why us?', position: 5 });
    const list = (await req('GET', `/api/client/get-form-questions?clientId=${c.id}`, admin.headers)).json();
    expect(list.results.map((q: { question: string }) => q.question)).toEqual(['Favourite day?', 'Why us?']);
    expect(list.totalCount).toBe(2);
    const questions = (await req('GET', `/api/client/get-questions?clientId=${c.id}`, admin.headers)).json();
    expect(questions).toEqual({
      results: [
        { _id: q2._id, question: 'Favourite day?' },
        { _id: q1.json()._id, question: 'Why us?' },
      ],
      totalCount: 2,
    });
    const del = await req('DELETE', '/api/client/delete-form-question', admin.headers, { _id: q2._id, clientId: c.id });
    expect(del.statusCode).toBe(200);
    expect(del.json()._id).toBe(q2._id);
    const again = await req('DELETE', '/api/client/delete-form-question', admin.headers, { _id: q2._id, clientId: c.id });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ errorMsg: { formQuestions: [messages.server.questionNotFound] } });
    expect(await countRows(t.app, 'activity_logs', `client_id = '${c.id}' AND entity = 'formQuestion'`)).toBe(4);
  });

  it('staff write only with wave editor or more; other tenants get 404', async () => {
    const member = await createUser(t.app, { clientId: A.client.id, products: { wave: 'member' } });
    const mh = (await signIn(t.app, member.email)).headers;
    const denied = await req('POST', '/api/client/create-form-question', mh, { clientId: A.client.id, question: 'Q' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ errorMsg: { formQuestions: [messages.server.forbidden] } });
    expect((await req('GET', `/api/client/get-form-questions?clientId=${A.client.id}`, mh)).statusCode).toBe(200);
    expect((await req('POST', '/api/client/create-form-question', A.staffAuth.headers, { clientId: A.client.id, question: 'Q' })).statusCode).toBe(201);
    const other = await req('POST', '/api/client/create-form-question', B.recruiterAuth.headers, { clientId: A.client.id, question: 'Q' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ errorMsg: { formQuestions: [messages.server.clientNotFound] } });
    expect((await req('GET', `/api/client/get-questions?clientId=${A.client.id}`, B.staffAuth.headers)).statusCode).toBe(404);
    // a question id of tenant A named with tenant B's client id is not found
    const q = (await req('POST', '/api/client/create-form-question', admin.headers, { clientId: A.client.id, question: 'A only' })).json();
    const cross = await req('PATCH', '/api/client/update-form-question', B.recruiterAuth.headers, { _id: q._id, clientId: B.client.id, question: 'hijack' });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual({ errorMsg: { formQuestions: [messages.server.questionNotFound] } });
  });
});

describe('media library', () => {
  it('create (201), a second create 409, get as a list, update; staff need harvest editor', async () => {
    const c = await createClient(t.app);
    expect((await req('GET', `/api/client/get-media-library?clientId=${c.id}`, admin.headers)).json()).toEqual({ results: [], totalCount: 0 });
    const created = await req('POST', '/api/media-library-create', admin.headers, { clientId: c.id, images: [{ url: 'http://x/a.png', name: 'a' }] });
    expect(created.statusCode).toBe(201);
    const lib = created.json();
    expect(lib).toMatchObject({ clientId: c.id, images: [{ url: 'http://x/a.png', name: 'a' }], videos: [] });
    const dup = await req('POST', '/api/media-library-create', admin.headers, { clientId: c.id });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ errorMsg: { mediaLibrary: [messages.mediaLibrary.createError] } });
    const got = (await req('GET', `/api/client/get-media-library?clientId=${c.id}`, admin.headers)).json();
    expect(got.results[0]._id).toBe(lib._id);
    const up = await req('PATCH', '/api/client/update-media-library', admin.headers, { _id: lib._id, clientId: c.id, videos: [{ url: 'http://x/v.mp4' }] });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ images: [{ url: 'http://x/a.png' }], videos: [{ url: 'http://x/v.mp4' }] });
    const missing = await req('PATCH', '/api/client/update-media-library', admin.headers, { _id: '00000000-0000-4000-8000-000000000003', clientId: c.id });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errorMsg: { mediaLibrary: [messages.server.mediaLibraryNotFound] } });
    expect(await countRows(t.app, 'activity_logs', `client_id = '${c.id}' AND entity = 'mediaLibrary'`)).toBe(2);

    const viewer = await createUser(t.app, { clientId: A.client.id, products: { harvest: 'member' } });
    const vh = (await signIn(t.app, viewer.email)).headers;
    const denied = await req('POST', '/api/media-library-create', vh, { clientId: A.client.id });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ errorMsg: { mediaLibrary: [messages.server.forbidden] } });
    expect((await req('POST', '/api/media-library-create', A.staffAuth.headers, { clientId: A.client.id })).statusCode).toBe(201);
    expect((await req('GET', `/api/client/get-media-library?clientId=${A.client.id}`, vh)).json().totalCount).toBe(1);
    expect((await req('GET', `/api/client/get-media-library?clientId=${A.client.id}`, B.staffAuth.headers)).statusCode).toBe(404);
  });
});
