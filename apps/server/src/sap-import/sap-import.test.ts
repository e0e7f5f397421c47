import { messages } from '@hh/contract/messages';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depsOf } from '../core/deps.ts';
import { sapImportSettings } from '../db/schema/sap-import.ts';
import { countRows, createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { queueDueSapImports } from './queue-due-sap-imports.ts';
import { requisitionRecord } from './read-requisitions.ts';
import { sapSecrets } from './sap-settings.ts';

/**
 * SAP SuccessFactors import against a stand-in OData v2 service on loopback (which the guarded
 * outbound client refuses unless OUTBOUND_ALLOW lists it, as here): `d.results` pages linked by
 * `__next`, Basic authentication as user@company.
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
let server: http.Server;
let base = '';
const seen: Array<{ url: string; auth: string }> = [];
let pages: Record<string, { status?: number; body: string }> = {};

const req = (id: number | null, title: string | null, extra: Record<string, unknown> = {}) => ({
  __metadata: { uri: `${base}/JobRequisition(${id})`, type: 'SFOData.JobRequisition' },
  ...(id === null ? {} : { jobReqId: id }),
  city: 'Austin',
  stateProvince: 'TX',
  country: 'US',
  postalcode: '78701',
  department: 'Nursing',
  salaryMin: '60000',
  salaryMax: '80000',
  currency: 'USD',
  jobReqLocale: { results: title === null ? [] : [{ locale: 'en_US', jobTitle: title, externalJobDescription: `<p>About ${title}</p>` }] },
  ...extra,
});
const page = (results: unknown[], next?: string) => JSON.stringify({ d: { results, ...(next ? { __next: next } : {}) } });

beforeAll(async () => {
  t = await setupTestApp({ OUTBOUND_ALLOW: '127.0.0.1' });
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  server = http.createServer((rq, res) => {
    seen.push({ url: rq.url ?? '', auth: String(rq.headers.authorization ?? '') });
    const u = new URL(rq.url ?? '/', 'http://x');
    const key = u.searchParams.get('$skiptoken') ?? (u.pathname.endsWith('/JobRequisition') ? 'first' : 'none');
    const p = pages[key];
    res.writeHead(p?.status ?? (p ? 200 : 404), { 'content-type': 'application/json' });
    res.end(p?.body ?? '{"error":"not found"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/odata/v2`;
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => server?.close(r));
});

const h = () => A.recruiterAuth.headers;
const save = (body: Record<string, unknown>, headers = h()) =>
  t.app.inject({ method: 'PUT', url: '/api/sap-import/settings', headers, payload: { clientId: A.client.id, schedule: 'off', ...body } });

async function importNow() {
  const res = await t.app.inject({ method: 'POST', url: '/api/sap-import/import', headers: h(), payload: { clientId: A.client.id } });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toMatchObject({ source: 'sap', message: messages.sapImport.queued });
  const id = res.json()._id as string;
  const deadline = Date.now() + 20000;
  for (;;) {
    const r = await t.app.inject({ method: 'GET', url: `/api/job/imports/${id}?clientId=${A.client.id}`, headers: h() });
    const body = r.json();
    if (body.status === 'succeeded' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`import still ${body.status}`);
    await new Promise((x) => setTimeout(x, 100));
  }
}

describe('SAP connection settings', () => {
  it('starts unsaved, refuses a private address and a missing password in words, and never returns the password', async () => {
    const empty = await t.app.inject({ method: 'GET', url: `/api/sap-import/settings?clientId=${A.client.id}`, headers: h() });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ saved: false, hasPassword: false, schedule: 'off', lastImport: null });

    const creds = { companyId: 'ACMEHEALTH', username: 'apiuser' };
    for (const baseUrl of ['http://10.1.2.3/odata/v2', 'http://169.254.169.254/odata/v2', 'http://localhost:8080/odata/v2']) {
      const res = await save({ ...creds, baseUrl, password: 'pw' });
      expect(res.statusCode, baseUrl).toBe(400);
      expect(res.json()).toEqual({ errorMsg: { baseUrl: [messages.sapImport.privateAddress] } });
    }
    const noPassword = await save({ ...creds, baseUrl: base });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual({ errorMsg: { password: [messages.sapImport.passwordRequired] } });
    const badCompany = await save({ ...creds, companyId: 'ACME HEALTH', baseUrl: base, password: 'pw' });
    expect(badCompany.statusCode).toBe(400);
    expect(JSON.stringify(badCompany.json())).toContain('Use letters, digits, - and _ only in the company ID');
    expect(await countRows(t.app, 'sap_import_settings', `client_id = '${A.client.id}'`)).toBe(0);

    const ok = await save({ ...creds, baseUrl: `${base}/`, password: 'S3cret!pw', schedule: 'hourly' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      saved: true,
      baseUrl: base,
      companyId: 'ACMEHEALTH',
      username: 'apiuser',
      hasPassword: true,
      schedule: 'hourly',
      message: messages.sapImport.saved,
    });
    expect(ok.body).not.toContain('S3cret');
    const [row] = await t.app.db.select().from(sapImportSettings).where(eq(sapImportSettings.clientId, A.client.id));
    expect(row.passwordSealed).not.toContain('S3cret');
    expect(sapSecrets(t.app.config).open(row.passwordSealed)).toBe('S3cret!pw');

    // An empty password keeps the stored one.
    const again = await save({ ...creds, baseUrl: base, schedule: 'off' });
    expect(again.statusCode).toBe(200);
    const [kept] = await t.app.db.select().from(sapImportSettings).where(eq(sapImportSettings.clientId, A.client.id));
    expect(sapSecrets(t.app.config).open(kept.passwordSealed)).toBe('S3cret!pw');
  });

  it("keeps another client's connection out of reach, and its staff out", async () => {
    const other = await t.app.inject({ method: 'GET', url: `/api/sap-import/settings?clientId=${A.client.id}`, headers: B.recruiterAuth.headers });
    expect(other.statusCode).toBe(404);
    const staff = await t.app.inject({ method: 'GET', url: `/api/sap-import/settings?clientId=${A.client.id}`, headers: A.staffAuth.headers });
    expect(staff.statusCode).toBe(403);
    const notSetUp = await t.app.inject({
      method: 'POST',
      url: '/api/sap-import/import',
      headers: B.recruiterAuth.headers,
      payload: { clientId: B.client.id },
    });
    expect(notSetUp.statusCode).toBe(400);
    expect(notSetUp.json()).toEqual({ errorMsg: { sapImport: [messages.sapImport.notSetUp] } });
  });
});

describe('SAP import through the job import pipeline', () => {
  it('reads every page (d.results, __next) with Basic user@company, and creates the jobs', async () => {
    seen.length = 0;
    pages = {
      first: {
        body: page(
          [req(101, 'Registered Nurse'), req(102, 'Pharmacist', { city: 'Dallas', postalcode: '75201' })],
          `${base}/JobRequisition?$format=json&$skiptoken=2`,
        ),
      },
      '2': { body: page([req(103, 'Lab Technician', { division: 'Laboratory' })]) },
    };
    const done = await importNow();
    expect(done).toMatchObject({ status: 'succeeded', source: 'sap', fileName: 'SAP SuccessFactors', total: 3, created: 3, updated: 0, errors: [] });
    expect(seen.map((s) => s.url)).toEqual([
      '/odata/v2/JobRequisition?%24format=json&%24expand=jobReqLocale',
      '/odata/v2/JobRequisition?$format=json&$skiptoken=2',
    ]);
    expect(seen[0].auth).toBe(`Basic ${Buffer.from('apiuser@ACMEHEALTH:S3cret!pw').toString('base64')}`);
    expect(await countRows(t.app, 'jobs', `client_id = '${A.client.id}' AND reference_number = 'SAP-102' AND title = 'Pharmacist' AND city = 'Dallas'`)).toBe(
      1,
    );
    expect(await countRows(t.app, 'jobs', `client_id = '${A.client.id}' AND requisition_id = '103' AND status = 'open'`)).toBe(1);

    const settings = await t.app.inject({ method: 'GET', url: `/api/sap-import/settings?clientId=${A.client.id}`, headers: h() });
    expect(settings.json().lastImport).toMatchObject({ _id: done._id, status: 'succeeded', created: 3 });
  });

  it('reports broken requisitions by their row and changes nothing', async () => {
    pages = { first: { body: page([req(101, 'Registered Nurse Renamed'), req(104, null), req(null, 'No Id')]) } };
    const before = await countRows(t.app, 'jobs', `client_id = '${A.client.id}'`);
    const done = await importNow();
    expect(done.status).toBe('failed');
    expect(done.errors).toEqual([
      { line: 2, message: 'The title is missing' },
      { line: 3, message: expect.stringMatching(/reference number/i) },
    ]);
    expect(await countRows(t.app, 'jobs', `client_id = '${A.client.id}'`)).toBe(before);
    expect(await countRows(t.app, 'jobs', `client_id = '${A.client.id}' AND title = 'Registered Nurse Renamed'`)).toBe(0);
  });

  it('says in words when SAP refuses the password, answers something else than OData, or pages elsewhere', async () => {
    pages = { first: { status: 401, body: '{"error":{"message":"Unauthorized"}}' } };
    expect((await importNow()).errors).toEqual([{ line: 0, message: messages.sapImport.refused }]);
    pages = { first: { body: '<html>Login</html>' } };
    expect((await importNow()).errors).toEqual([{ line: 0, message: messages.sapImport.notOData }]);
    pages = { first: { body: '{"value":[]}' } };
    expect((await importNow()).errors).toEqual([{ line: 0, message: messages.sapImport.notOData }]);
    pages = { first: { body: page([req(105, 'Surgeon')], 'https://elsewhere.example.test/odata/v2/JobRequisition?$skiptoken=2') } };
    expect((await importNow()).errors).toEqual([{ line: 0, message: messages.sapImport.nextElsewhere }]);
    pages = { first: { status: 500, body: '{}' } };
    expect((await importNow()).errors).toEqual([{ line: 0, message: messages.sapImport.answered(500) }]);
    expect(await countRows(t.app, 'jobs', `client_id = '${A.client.id}' AND reference_number = 'SAP-105'`)).toBe(0);
  });

  it('refuses a private address at run time (a connection saved while it was allowed)', async () => {
    await t.app.db.update(sapImportSettings).set({ baseUrl: 'http://10.9.9.9/odata/v2' }).where(eq(sapImportSettings.clientId, A.client.id));
    expect((await importNow()).errors).toEqual([{ line: 0, message: messages.sapImport.privateAddress }]);
    await t.app.db.update(sapImportSettings).set({ baseUrl: base }).where(eq(sapImportSettings.clientId, A.client.id));
  });

  it('queues the clients whose schedule is due: hourly every hour, daily once a day', async () => {
    await t.app.db.update(sapImportSettings).set({ schedule: 'daily', lastScheduledAt: null }).where(eq(sapImportSettings.clientId, A.client.id));
    const now = new Date();
    expect(await queueDueSapImports(depsOf(t.app), { now })).toContain(A.client.id);
    expect(await queueDueSapImports(depsOf(t.app), { now: new Date(now.getTime() + 3600_000) })).not.toContain(A.client.id);
    expect(await queueDueSapImports(depsOf(t.app), { now: new Date(now.getTime() + 24 * 3600_000) })).toContain(A.client.id);
    await t.app.db.update(sapImportSettings).set({ schedule: 'off' }).where(eq(sapImportSettings.clientId, A.client.id));
    expect(await queueDueSapImports(depsOf(t.app), { now: new Date(now.getTime() + 48 * 3600_000) })).not.toContain(A.client.id);
  });
});

describe('requisition mapping', () => {
  it('takes the English locale, picklist codes and OData dates', () => {
    expect(
      requisitionRecord({
        jobReqId: 7,
        jobReqLocale: {
          results: [
            { locale: 'de_DE', jobTitle: 'Pflegekraft' },
            { locale: 'en_US', jobTitle: 'Nurse' },
          ],
        },
        country: { results: [{ externalCode: 'US' }] },
        createdDateTime: '/Date(1767225600000)/',
      }),
    ).toEqual({ referenceNumber: 'SAP-7', requisitionId: '7', title: 'Nurse', country: 'US', datePosted: '2026-01-01' });
  });
});
