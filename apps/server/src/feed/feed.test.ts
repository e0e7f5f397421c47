import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { departments, jobCategories, jobs } from '../db/schema/jobs.ts';
import { UTM } from './feed-rules.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({ PUBLIC_URL: 'https://hire.example.com' });
});
afterAll(async () => {
  await t.close();
});

const parser = new XMLParser({ parseTagValue: false, trimValues: false, isArray: (name) => name === 'job' });
const getFeed = (slug: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/${slug}/indeed-apply/xml`, headers });

let seq = 0;
async function insertJob(clientId: string, v: Partial<typeof jobs.$inferInsert> = {}) {
  seq += 1;
  const [row] = await t.app.db
    .insert(jobs)
    .values({ clientId, title: `Job ${seq}`, referenceNumber: `REF-${seq}`, description: `Description ${seq}`, ...v })
    .returning();
  return row;
}

async function feedClient(over: Parameters<typeof createClient>[1] = {}, token: string | null = 'tok-12345678') {
  const client = await createClient(t.app, { aiSearch: true, ...over });
  await t.app.db.execute(sql`UPDATE clients SET indeed_api_token = ${token}, indeed_api_secret = 'secret-abcdefgh' WHERE id = ${client.id}`);
  return client;
}

function expectXmlError(res: { statusCode: number; headers: Record<string, unknown>; body: string }, code: number, message: string) {
  expect(res.statusCode).toBe(code);
  expect(String(res.headers['content-type'])).toContain('application/xml');
  const doc = parser.parse(res.body);
  expect(doc.error).toEqual({ code: String(code), message });
}

describe('GET /:nameSlug/indeed-apply/xml — §4 feed cases and §8 feed errors', () => {
  it('404 "Client with the name {slug} was not found" for an unknown client', async () => {
    expectXmlError(await getFeed('no-such-client'), 404, messages.feed.clientNotFound('no-such-client'));
  });

  it('404 "No indeed apply data has been configured" without aiSearch', async () => {
    const c = await feedClient({ aiSearch: false });
    await insertJob(c.id);
    expectXmlError(await getFeed(c.nameSlug), 404, messages.feed.notConfigured(c.nameSlug));
  });

  it('404 "No indeed apply data has been configured" without the media subscription', async () => {
    const c = await feedClient({ subscriptions: { cultivate: true, harvest: true, harvestPlus: true, wave: true, motivator: true, media: false } });
    await insertJob(c.id);
    expectXmlError(await getFeed(c.nameSlug), 404, messages.feed.notConfigured(c.nameSlug));
  });

  it('404 "No data available" when the client has no open jobs (closed and draft jobs do not count)', async () => {
    const c = await feedClient();
    await insertJob(c.id, { status: 'closed' });
    await insertJob(c.id, { status: 'draft' });
    await insertJob(c.id, { validThrough: new Date(Date.now() - 86400000) });
    expectXmlError(await getFeed(c.nameSlug), 404, messages.feed.noData);
  });

  it('401 "There was an error trying to fetch the jobs" when reading the jobs fails', async () => {
    const c = await feedClient();
    await insertJob(c.id);
    // This test file owns its database: make the jobs read fail for real, then restore it.
    await t.app.pool.query('ALTER TABLE jobs RENAME TO jobs_unavailable');
    try {
      expectXmlError(await getFeed(c.nameSlug), 401, messages.feed.fetchFailed(c.nameSlug));
    } finally {
      await t.app.pool.query('ALTER TABLE jobs_unavailable RENAME TO jobs');
    }
  });
});

describe('feed content', () => {
  it('lists every open job, element by element, with campaign, UTM and Indeed Apply data per kind', async () => {
    const c = await feedClient({ name: 'Acme & Sons <Health>', address: {} });
    const [dept] = await t.app.db.insert(departments).values({ clientId: c.id, name: 'Nursing' }).returning();
    const [cat] = await t.app.db.insert(jobCategories).values({ clientId: c.id, name: 'Healthcare' }).returning();
    await t.app.db.execute(
      sql`UPDATE clients SET default_indeed_apply_questions = ${JSON.stringify([{ id: 'q1', type: 'text', question: 'Years of experience?' }])}::jsonb,
          indeed_apply_questions_groups = ${JSON.stringify([{ id: 'nurses', questions: [{ id: 'lic', type: 'select', question: 'Licensed?', options: [{ value: 'y', label: 'Yes' }] }] }])}::jsonb
          WHERE id = ${c.id}`,
    );
    const base = new Date('2026-03-01T10:00:00Z').getTime();
    const sponsored = await insertJob(c.id, {
      title: 'Registered Nurse',
      description: 'Tricky ]]> text & <b>html</b>',
      departmentId: dept.id,
      categoryId: cat.id,
      employmentType: 'Full-time',
      address1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      salaryMin: 50000,
      salaryMax: 70000,
      salaryPeriod: 'year',
      requisitionId: 'REQ-1',
      recruiterName: 'Riley R',
      recruiterEmail: 'riley@acme.test',
      recruitersAssigned: ['Riley R', 'Sam S'],
      budget: 250,
      adid: 'AD-9',
      indeedApply: true,
      questionsListId: 'nurses',
      datePosted: new Date(base),
    });
    const quick = await insertJob(c.id, {
      title: 'Medical Assistant',
      city: 'Dallas',
      state: 'TX',
      indeedApply: true,
      questionsListId: 'default',
      budget: 0,
      datePosted: new Date(base - 1000),
    });
    const organic = await insertJob(c.id, { title: 'Receptionist', departmentId: dept.id, budget: -5, datePosted: new Date(base - 2000) });
    const iaNoQuestions = await insertJob(c.id, { title: 'Porter', indeedApply: true, datePosted: new Date(base - 3000) });
    await insertJob(c.id, { title: 'Closed one', status: 'closed' });

    const res = await getFeed(c.nameSlug);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const { source } = parser.parse(res.body);
    expect(source.publisher).toBe('Acme & Sons <Health>');
    expect(source.publisherurl).toBe(`https://hire.example.com/${c.nameSlug}`);
    expect(Number.isNaN(Date.parse(source.lastBuildDate))).toBe(false);
    expect(source.job.map((j: { title: string }) => j.title)).toEqual(['Registered Nurse', 'Medical Assistant', 'Receptionist', 'Porter']);

    const [s, q, o, p] = source.job;
    // The feed links each job to its career-site page (core/site-urls.ts: category, title, location, app, id).
    const jobUrl = (id: string) => `https://hire.example.com/${c.nameSlug}/job/healthcare/registered-nurse/austin-tx/${c.virtualAppName}/${id}`;
    expect(s).toMatchObject({
      title: 'Registered Nurse',
      date: new Date(base).toUTCString(),
      referencenumber: sponsored.referenceNumber,
      requisitionid: 'REQ-1',
      company: 'Acme & Sons <Health>',
      sourcename: 'hire.example.com',
      city: 'Austin',
      state: 'TX',
      country: 'US',
      postalcode: '78701',
      streetaddress: '1 Main St',
      email: 'riley@acme.test',
      description: 'Tricky ]]> text & <b>html</b>',
      salary: '$50,000 - $70,000 per year',
      jobtype: 'Full-time',
      category: 'Healthcare',
      department: 'Nursing',
      recruitername: 'Riley R',
      recruiteremail: 'riley@acme.test',
      recruitersassigned: 'Riley R, Sam S',
      adid: 'AD-9',
      sponsored: 'yes',
      campaign: 'IA250.00',
    });
    const su = new URL(s.url);
    expect(`${su.origin}${su.pathname}`).toBe(jobUrl(sponsored.id));
    // ...and that address serves the job page.
    const page = await t.app.inject({ method: 'GET', url: su.pathname, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Registered Nurse');
    expect(Object.fromEntries(su.searchParams)).toEqual({ ...UTM.sponsored, source: 'hire.example.com' });
    expect(UTM.sponsored.utm_source).toBe('Indeed');
    const ia = Object.fromEntries(new URLSearchParams(s['indeed-apply-data']));
    expect(ia).toEqual({
      'indeed-apply-apiToken': 'tok-12345678',
      'indeed-apply-jobId': sponsored.id,
      'indeed-apply-jobTitle': 'Registered Nurse',
      'indeed-apply-jobCompanyName': 'Acme & Sons <Health>',
      'indeed-apply-jobLocation': 'Austin, TX 78701',
      'indeed-apply-jobUrl': jobUrl(sponsored.id),
      'indeed-apply-postUrl': `https://hire.example.com/api/indeed-apply/${c.nameSlug}`,
      'indeed-apply-questions': `https://hire.example.com/media/indeed-apply/questions/nurses?nameSlug=${c.nameSlug}`,
    });
    // "&" and "=" inside values are encoded, the delimiters are not (Indeed's encoding rule).
    expect(s['indeed-apply-data']).toContain('indeed-apply-jobCompanyName=Acme+%26+Sons+%3CHealth%3E&');

    // Indeed Apply, unsponsored: quick-apply tagging, campaign "IA0", default questions URL.
    expect(q).toMatchObject({ campaign: 'IA0', sponsored: 'no', referencenumber: quick.referenceNumber, category: '', salary: '' });
    expect(Object.fromEntries(new URL(q.url).searchParams)).toEqual({ ...UTM.quickApply, source: 'hire.example.com' });
    expect(new URLSearchParams(q['indeed-apply-data']).get('indeed-apply-questions')).toBe(
      `https://hire.example.com/media/indeed-apply/questions?nameSlug=${c.nameSlug}`,
    );

    // Neither: organic tagging, campaign "0" (a negative budget counts as none), no Indeed Apply data.
    expect(o).toMatchObject({ campaign: '0', sponsored: 'no', category: 'Nursing', referencenumber: organic.referenceNumber });
    expect(Object.fromEntries(new URL(o.url).searchParams)).toEqual({ ...UTM.organic, source: 'hire.example.com' });
    expect(o['indeed-apply-data']).toBeUndefined();

    // Indeed Apply with no questions list: no questions URL (custom-questions mode is off).
    expect(p.campaign).toBe('IA0');
    expect(new URLSearchParams(p['indeed-apply-data']).has('indeed-apply-questions')).toBe(false);
    expect(new URLSearchParams(p['indeed-apply-data']).get('indeed-apply-jobId')).toBe(iaNoQuestions.id);
  });

  it('splits "]]>" safely and drops characters XML forbids', async () => {
    const c = await feedClient();
    await insertJob(c.id, { title: 'A ]]> B ]]]> C', description: 'bell\u0007 ok' });
    const res = await getFeed(c.nameSlug);
    expect(res.body).toContain('<title><![CDATA[A ]]]]><![CDATA[> B ]]]]]><![CDATA[> C]]></title>');
    const { source } = parser.parse(res.body);
    expect(source.job[0].title).toBe('A ]]> B ]]]> C');
    expect(source.job[0].description).toBe('bell ok');
  });

  it('publishes Indeed Apply jobs of a client without an API token as plain jobs', async () => {
    const c = await feedClient({}, null);
    await insertJob(c.id, { indeedApply: true, budget: 100 });
    const { source } = parser.parse((await getFeed(c.nameSlug)).body);
    expect(source.job[0].campaign).toBe('100.00');
    expect(source.job[0]['indeed-apply-data']).toBeUndefined();
  });

  it('pages through more than one cursor page (1000) and keeps reference numbers unique', async () => {
    const c = await feedClient();
    await t.app.pool.query(
      `INSERT INTO jobs (client_id, title, reference_number, description, date_posted)
       SELECT $1, 'Bulk ' || g, 'BULK-' || g, 'Text ' || g, now() - g * interval '1 second' FROM generate_series(1, 2345) g`,
      [c.id],
    );
    const res = await getFeed(c.nameSlug);
    expect(res.statusCode).toBe(200);
    const { source } = parser.parse(res.body);
    expect(source.job).toHaveLength(2345);
    const refs = new Set(source.job.map((j: { referencenumber: string }) => j.referencenumber));
    expect(refs.size).toBe(2345);
    expect(source.job[0].referencenumber).toBe('BULK-1');
    expect(source.job[2344].referencenumber).toBe('BULK-2345');
  });

  it('answers a repeat fetch with 304 (ETag and Last-Modified) until the jobs change', async () => {
    const c = await feedClient();
    const job = await insertJob(c.id);
    const first = await getFeed(c.nameSlug);
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    expect(etag).toMatch(/^"feed-/);
    expect(Number.isNaN(Date.parse(lastModified))).toBe(false);

    const again = await getFeed(c.nameSlug, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await getFeed(c.nameSlug, { 'if-modified-since': lastModified })).statusCode).toBe(304);
    expect((await getFeed(c.nameSlug, { 'if-none-match': '"other"' })).statusCode).toBe(200);

    await t.app.db.execute(sql`UPDATE jobs SET title = 'Changed', updated_at = now() + interval '2 seconds' WHERE client_id = ${c.id} AND id = ${job.id}`);
    const changed = await getFeed(c.nameSlug, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('<title><![CDATA[Changed]]></title>');

    // A new job changes the count, so the ETag changes too.
    const before = String(changed.headers.etag);
    await insertJob(c.id);
    expect((await getFeed(c.nameSlug, { 'if-none-match': before })).statusCode).toBe(200);
  });
});
