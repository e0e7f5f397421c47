import { messages } from '@hh/contract/messages';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depsOf } from '../core/deps.ts';
import { clients } from '../db/schema/core.ts';
import { runImport } from './run-import.ts';
import { countRows, createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let server: http.Server;
let feedBody = '';
let feedType = 'application/xml';
let feedUrl = '';

beforeAll(async () => {
  // The stand-in feed listens on loopback, which the guarded fetch client refuses unless allowed (it refuses private addresses, so a feed URL cannot reach internal services).
  t = await setupTestApp({ OUTBOUND_ALLOW: '127.0.0.1' });
  A = await createTenant(t.app);
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': feedType });
    res.end(feedBody);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`;
  await t.app.db.update(clients).set({ jobsFeedUrl: feedUrl }).where(eq(clients.id, A.client.id));
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => server?.close(r));
});

const h = () => A.staffAuth.headers;

async function waitDone(importId: string) {
  const deadline = Date.now() + 20000;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: `/api/job/imports/${importId}?clientId=${A.client.id}`, headers: h() });
    const body = res.json();
    if (body.status === 'succeeded' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`import still ${body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function importFeed() {
  const res = await t.app.inject({ method: 'POST', url: '/api/job/import-feed', headers: h(), payload: { clientId: A.client.id } });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().message).toBe(messages.jobs.importQueued);
  return waitDone(res.json()._id);
}

function upload(name: string, content: string) {
  const boundary = `----hh${randomBytes(6).toString('hex')}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="clientId"\r\n\r\n${A.client.id}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return t.app.inject({ method: 'POST', url: '/api/job/import', headers: { ...h(), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
}

const xmlJob = (ref: string, title: string, city: string, state: string, zip: string, extra = '') =>
  `  <job>\n    <title><![CDATA[${title}]]></title>\n    <referencenumber><![CDATA[${ref}]]></referencenumber>\n    <date>2026-01-02</date>\n    <city>${city}</city>\n    <state>${state}</state>\n    <postalcode>${zip}</postalcode>\n    <country>US</country>\n    <description><![CDATA[<p>About ${title}</p><script>x()</script>]]></description>\n    <jobtype>Full-time</jobtype>\n    <category>Healthcare</category>${extra}\n  </job>\n`;
const xmlFeed = (jobs: string[]) => `<?xml version="1.0" encoding="utf-8"?>\n<source>\n  <publisher>ATS</publisher>\n${jobs.join('')}</source>\n`;

describe('scheduled feed import (Indeed-style XML on loopback)', () => {
  it('imports, re-imports with changes (upsert by reference, closes what disappeared), and a malformed feed changes nothing', async () => {
    feedType = 'application/xml';
    feedBody = xmlFeed([
      xmlJob('F-1', 'Registered Nurse', 'Austin', 'TX', '78701'),
      xmlJob('F-2', 'Pharmacist', 'Dallas', 'TX', '75201', '\n    <salary>$60 - $70 per hour</salary>'),
      xmlJob('F-3', 'Lab Tech', 'Houston', 'TX', '77002'),
    ]);
    const first = await importFeed();
    expect(first).toMatchObject({ status: 'succeeded', format: 'xml', total: 3, processed: 3, created: 3, updated: 0, closed: 0, errors: [] });
    const list = (
      await t.app.inject({ method: 'GET', url: `/api/job/list-by-client-id?clientId=${A.client.id}&sortBy=title&sortDir=asc`, headers: h() })
    ).json();
    expect(list.results.map((j: { title: string }) => j.title)).toEqual(['Lab Tech', 'Pharmacist', 'Registered Nurse']);
    const pharm = list.results.find((j: { title: string }) => j.title === 'Pharmacist');
    expect(pharm).toMatchObject({
      referenceNumber: 'F-2',
      city: 'Dallas',
      employmentType: 'FULL_TIME',
      category: 'Healthcare',
      salaryMin: 60,
      salaryMax: 70,
      salaryPeriod: 'HOUR',
      status: 'open',
    });
    expect(pharm.lat).toBeCloseTo(32.78, 1);
    expect(pharm.description).toBe('<p>About Pharmacist</p>');

    // Re-import: F-2 renamed, F-3 gone, F-4 new.
    feedBody = xmlFeed([
      xmlJob('F-1', 'Registered Nurse', 'Austin', 'TX', '78701'),
      xmlJob('F-2', 'Senior Pharmacist', 'Dallas', 'TX', '75201'),
      xmlJob('F-4', 'Surgeon', 'Austin', 'TX', '78701'),
    ]);
    const second = await importFeed();
    expect(second).toMatchObject({ status: 'succeeded', created: 1, updated: 2, closed: 1 });
    expect(await countRows(t.app, 'jobs', `client_id = '${A.client.id}'`)).toBe(4);
    expect(await countRows(t.app, 'jobs', `client_id = '${A.client.id}' AND reference_number = 'F-3' AND status = 'closed'`)).toBe(1);
    expect(await countRows(t.app, 'jobs', `client_id = '${A.client.id}' AND reference_number = 'F-2' AND title = 'Senior Pharmacist'`)).toBe(1);

    // Truncated feed: nothing changes, and the error names the line.
    const before = await countRows(t.app, 'jobs', `client_id = '${A.client.id}' AND status = 'open'`);
    feedBody = xmlFeed([xmlJob('F-1', 'Changed', 'Austin', 'TX', '78701')]).slice(0, -30);
    const bad = await importFeed();
    expect(bad.status).toBe('failed');
    expect(bad.errors[0].line).toBeGreaterThan(1);
    expect(bad.errors[0].message).toMatch(/^The XML is malformed/);
    expect(await countRows(t.app, 'jobs', `client_id = '${A.client.id}' AND status = 'open'`)).toBe(before);
    expect(await countRows(t.app, 'jobs', `client_id = '${A.client.id}' AND title = 'Changed'`)).toBe(0);
  });

  it('reads an Indeed-style JSON feed and reports invalid records by line', async () => {
    feedType = 'application/json';
    feedBody = JSON.stringify({ jobs: [{ title: 'Good', referencenumber: 'J-1', city: 'Austin', state: 'TX' }, { referencenumber: 'J-2' }] }, null, 2);
    const bad = await importFeed();
    expect(bad.status).toBe('failed');
    expect(bad.errors).toEqual([{ line: 9, message: 'The title is missing' }]);
    expect(await countRows(t.app, 'jobs', `client_id = '${A.client.id}' AND reference_number = 'J-1'`)).toBe(0);
  });

  it('refuses a client without a feed URL', async () => {
    const B = await createTenant(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/job/import-feed', headers: B.staffAuth.headers, payload: { clientId: B.client.id } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errorMsg: { jobsFeedUrl: [messages.jobs.importNoFeedUrl] } });
  });
});

describe('file import (CSV and JSON)', () => {
  it('imports a CSV, creating departments by name; a bad row fails the whole file with its line', async () => {
    const csv =
      'title,referenceNumber,department,zipCode,employmentType,salaryMin,salaryMax\nCSV Nurse,C-1,Nursing,78701,Part-time,20,30\n"CSV, Tech",C-2,Lab,10001,Full-time,,\n';
    const res = await upload('jobs.csv', csv);
    expect(res.statusCode, res.body).toBe(202);
    const done = await waitDone(res.json()._id);
    expect(done).toMatchObject({ status: 'succeeded', format: 'csv', created: 2, closed: 0 });
    expect(await countRows(t.app, 'jobs', `client_id = '${A.client.id}' AND reference_number = 'C-2' AND title = 'CSV, Tech' AND city = 'New York'`)).toBe(1);
    expect(await countRows(t.app, 'departments', `client_id = '${A.client.id}' AND name IN ('Nursing', 'Lab')`)).toBe(2);

    const bad = 'title,referenceNumber,salaryMin,salaryMax\nUpdated,C-1,10,20\nBroken,,5,1\nAlso,C-1,1,2\n';
    const r2 = await upload('jobs.csv', bad);
    const failed = await waitDone(r2.json()._id);
    expect(failed.status).toBe('failed');
    expect(failed.errors).toEqual([
      { line: 3, message: 'The reference number is missing; the highest salary is below the lowest salary' },
      { line: 4, message: 'The reference number "C-1" also appears on line 2' },
    ]);
    expect(await countRows(t.app, 'jobs', `client_id = '${A.client.id}' AND title = 'Updated'`)).toBe(0);
  });

  it('finishes an import that a killed worker left running, when the queue retries it', async () => {
    const res = await upload('retried.csv', 'title,referenceNumber\nRetried Nurse,RT-1\n');
    expect(res.statusCode, res.body).toBe(202);
    await waitDone(res.json()._id);
    // As a worker killed mid-run leaves it: status 'running', nothing committed.
    await t.app.pool.query(`DELETE FROM jobs WHERE client_id = $1 AND reference_number = 'RT-1'`, [A.client.id]);
    await t.app.pool.query(`UPDATE job_imports SET status = 'running', finished_at = NULL WHERE client_id = $1 AND id = $2`, [A.client.id, res.json()._id]);
    await runImport(depsOf(t.app), A.client.id, res.json()._id);
    const done = await waitDone(res.json()._id);
    expect(done).toMatchObject({ status: 'succeeded', created: 1 });
    expect(await countRows(t.app, 'jobs', `client_id = '${A.client.id}' AND reference_number = 'RT-1'`)).toBe(1);
  });

  it('reports every bad row in words, not schema codes (a recruiter fixes the file from the report)', async () => {
    const csv = 'title,referenceNumber,status,recruiterEmail\n,R-1,,\nOk,R-2,maybe,\nFine,R-3,,not-an-email\n';
    const failed = await waitDone((await upload('three-bad.csv', csv)).json()._id);
    expect(failed.status).toBe('failed');
    expect(failed.errors).toEqual([
      { line: 2, message: 'The title is missing' },
      { line: 3, message: expect.stringMatching(/^The status must be one of: /) },
      { line: 4, message: 'The recruiter email is not a valid email address' },
    ]);
  });

  it('imports a JSON array, upserting by reference number', async () => {
    const res = await upload('jobs.json', JSON.stringify([{ title: 'CSV Nurse renamed', referenceNumber: 'C-1', city: 'Austin', state: 'TX' }]));
    const done = await waitDone(res.json()._id);
    expect(done).toMatchObject({ status: 'succeeded', created: 0, updated: 1 });
    expect(await countRows(t.app, 'jobs', `client_id = '${A.client.id}' AND reference_number = 'C-1' AND title = 'CSV Nurse renamed'`)).toBe(1);
  });

  it('reports malformed JSON with its line, and refuses other file types', async () => {
    const res = await upload('jobs.json', '[\n  {"title": "x",\n   "referenceNumber": "Z"\n');
    const failed = await waitDone(res.json()._id);
    expect(failed.status).toBe('failed');
    expect(failed.errors[0].message).toMatch(/^The file is not valid JSON/);
    const png = await upload('jobs.png', 'x');
    expect(png.statusCode).toBe(400);
    expect(png.json()).toEqual({ errorMsg: { file: [messages.jobs.importFileType] } });
    const list = await t.app.inject({ method: 'GET', url: `/api/job/imports?clientId=${A.client.id}`, headers: h() });
    expect(list.json().totalCount).toBeGreaterThanOrEqual(6);
  });
});
