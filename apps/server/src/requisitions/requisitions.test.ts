import { messages } from '@hh/contract/messages';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTenant, createUser, setupTestApp, signIn, type TestApp } from '../../test/helpers.ts';
import { jobs } from '../db/schema/jobs.ts';
import { documentFrequencies, extractKeywords } from './extract-keywords.ts';
import { pgArray } from './pg-array.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let b: Awaited<ReturnType<typeof createTenant>>;
let telemetryJob: string;
let otherJobs: string[];
let jobOfB: string;
const uid = () => randomBytes(4).toString('hex');

async function job(clientId: string, title: string, description: string, status: 'open' | 'closed' = 'open') {
  const [j] = await t.app.db
    .insert(jobs)
    .values({ clientId, title, description, referenceNumber: `R-${uid()}`, status, city: 'Leeds' })
    .returning();
  return j.id;
}

async function applicant(
  clientId: string,
  jobId: string,
  c: { first: string; last: string; resume: string; skills: string[]; status?: string; daysAgo?: number },
) {
  const r = await t.app.db.execute<{ id: string }>(sql`
    INSERT INTO candidates (client_id, first_name, last_name, email, resume_text, skills)
    VALUES (${clientId}, ${c.first}, ${c.last}, ${`${c.first}.${uid()}@example.org`.toLowerCase()}, ${c.resume}, ${pgArray(c.skills)}::text[]) RETURNING id`);
  const id = r.rows[0].id;
  await t.app.db.execute(sql`
    INSERT INTO applications (client_id, candidate_id, job_id, status, created_at)
    VALUES (${clientId}, ${id}, ${jobId}, ${c.status ?? 'new'}, now() - make_interval(days => ${c.daysAgo ?? 0}))`);
  return id;
}

const get = (url: string, headers = a.recruiterAuth.headers) => t.app.inject({ method: 'GET', url, headers });
const put = (url: string, payload: unknown, headers = a.recruiterAuth.headers) => t.app.inject({ method: 'PUT', url, payload: payload as object, headers });

let ranked: { anna: string; bilal: string; chen: string };

beforeAll(async () => {
  t = await setupTestApp();
  a = await createTenant(t.app);
  b = await createTenant(t.app);
  // A nursing client: every job says "nurse"; one also says "telemetry".
  telemetryJob = await job(
    a.client.id,
    'Telemetry Nurse',
    '<p>Registered nurse for our telemetry unit. Monitor telemetry strips, titrate drips, work with cardiology. Nurse with ACLS and BLS.</p>',
  );
  otherJobs = [
    await job(a.client.id, 'ICU Nurse', '<p>Registered nurse for the intensive care unit. Nurse with ventilator experience.</p>'),
    await job(a.client.id, 'Pediatric Nurse', '<p>Registered nurse for the children’s ward. Nurse with pediatric BLS.</p>'),
    await job(a.client.id, 'Clinic Nurse', '<p>Registered nurse for the outpatient clinic. Nurse for vaccinations.</p>', 'closed'),
  ];
  jobOfB = await job(b.client.id, 'Warehouse Lead', '<p>Forklift and inventory.</p>');
  ranked = {
    anna: await applicant(a.client.id, telemetryJob, {
      first: 'Anna',
      last: 'Kowalczyk',
      resume: 'Registered nurse, six years on a cardiac telemetry unit. ACLS certified. Trained new nurses on telemetry monitoring.',
      skills: ['Telemetry', 'ACLS', 'ICU'],
      status: 'screening',
      daysAgo: 3,
    }),
    bilal: await applicant(a.client.id, telemetryJob, {
      first: 'Bilal',
      last: 'Haddad',
      resume: 'Nurse on a surgical ward. BLS.',
      skills: ['BLS'],
      status: 'new',
      daysAgo: 1,
    }),
    chen: await applicant(a.client.id, telemetryJob, {
      first: 'Chen',
      last: 'Jing',
      resume: 'Barista and shift lead.',
      skills: ['Coffee'],
      status: 'new',
      daysAgo: 0,
    }),
  };
  await applicant(a.client.id, otherJobs[0], { first: 'Dara', last: 'Okoye', resume: 'ICU nurse.', skills: ['ICU'], status: 'interview' });
  await applicant(b.client.id, jobOfB, { first: 'Eve', last: 'Other', resume: 'Forklift.', skills: ['Forklift'] });
}, 120_000);
afterAll(async () => t?.close());

describe('extractKeywords (TF-IDF against the client’s jobs)', () => {
  it('ranks a word every job uses below one that sets the job apart', () => {
    const docs = [
      { id: '1', title: 'Telemetry Nurse', description: 'Registered nurse for our telemetry unit. Nurse with telemetry and ACLS.' },
      { id: '2', title: 'ICU Nurse', description: 'Registered nurse for intensive care. Nurse.' },
      { id: '3', title: 'Ward Nurse', description: 'Registered nurse for the ward. Nurse.' },
    ];
    const kws = extractKeywords(docs[0], documentFrequencies(docs));
    const rank = (k: string) => kws.findIndex((x) => x.keyword === k);
    expect(rank('telemetry')).toBe(0);
    expect(kws[0].weight).toBe(1);
    // "nurse" is in every job: it ranks below "telemetry", or not at all.
    expect(rank('nurse') === -1 || rank('nurse') > rank('telemetry')).toBe(true);
    expect(rank('ACLS')).toBeGreaterThanOrEqual(0);
    expect(kws.map((k) => k.keyword)).not.toContain('for');
  });
});

describe('GET /api/crm/requisitions', () => {
  it('lists the client’s jobs with candidate counts per status', async () => {
    const res = await get(`/api/crm/requisitions?clientId=${a.client.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(4);
    expect(body.items).toHaveLength(4);
    const tele = body.items.find((i: { _id: string }) => i._id === telemetryJob);
    expect(tele).toMatchObject({ title: 'Telemetry Nurse', candidateCount: 3, statusCounts: { new: 2, screening: 1 }, clientId: a.client.id, status: 'open' });
    const icu = body.items.find((i: { _id: string }) => i._id === otherJobs[0]);
    expect(icu).toMatchObject({ candidateCount: 1, statusCounts: { interview: 1 } });
    expect(body.statuses).toEqual(['new', 'screening', 'interview']);
    expect(JSON.stringify(body)).not.toContain(jobOfB);
  });

  it('pages, filters by status and searches', async () => {
    const p = (await get(`/api/crm/requisitions?clientId=${a.client.id}&pageSize=2&pageNumber=2`)).json();
    expect(p.items).toHaveLength(2);
    expect(p.total).toBe(4);
    const beyond = (await get(`/api/crm/requisitions?clientId=${a.client.id}&pageSize=2&pageNumber=9`)).json();
    expect(beyond).toMatchObject({ items: [], total: 4 });
    const closed = (await get(`/api/crm/requisitions?clientId=${a.client.id}&status=closed`)).json();
    expect(closed.items.map((i: { title: string }) => i.title)).toEqual(['Clinic Nurse']);
    const found = (await get(`/api/crm/requisitions?clientId=${a.client.id}&searchQuery=telemetry`)).json();
    expect(found.items.map((i: { _id: string }) => i._id)).toEqual([telemetryJob]);
    const odd = await get(`/api/crm/requisitions?clientId=${a.client.id}&searchQuery=${encodeURIComponent("%_\\' OR 1=1")}`);
    expect(odd.statusCode).toBe(200);
    expect(odd.json().total).toBe(0);
  });

  it('keeps tenants apart and needs the cultivate product', async () => {
    const other = await get(`/api/crm/requisitions?clientId=${a.client.id}`, b.recruiterAuth.headers);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Telemetry');
    const staff = await get(`/api/crm/requisitions?clientId=${a.client.id}`, a.staffAuth.headers);
    expect(staff.statusCode).toBe(200);
    const none = await createUser(t.app, { role: 'user', clientId: a.client.id });
    const refused = await get(`/api/crm/requisitions?clientId=${a.client.id}`, (await signIn(t.app, none.email)).headers);
    expect(refused.statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'GET', url: `/api/crm/requisitions?clientId=${a.client.id}` });
    expect(anon.statusCode).toBe(401);
  });
});

describe('GET and PUT /api/crm/requisition/{id}/keywords', () => {
  it('answers AI keywords weighted against the client’s other jobs, and no user keywords yet', async () => {
    const res = await get(`/api/crm/requisition/${telemetryJob}/keywords`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ _id: telemetryJob, clientId: a.client.id, userKeywords: [], updatedAt: null });
    const words = body.aiKeywords.map((k: { keyword: string }) => k.keyword);
    expect(words[0]).toBe('telemetry');
    expect(words.indexOf('nurse') === -1 || words.indexOf('nurse') > 0).toBe(true);
    expect(words).toContain('ACLS');
    // Computed once, then served from the row while the client's jobs are unchanged.
    expect(await countRows(t.app, 'requisition_keywords', `job_id = '${telemetryJob}'`)).toBe(1);
    const again = await get(`/api/crm/requisition/${telemetryJob}/keywords`);
    expect(again.json().aiKeywords).toEqual(body.aiKeywords);
  });

  it('recomputes the AI keywords when the client’s jobs change', async () => {
    const before = (await get(`/api/crm/requisition/${telemetryJob}/keywords`)).json().aiKeywords;
    const extra = await job(a.client.id, 'Telemetry Technician', '<p>Telemetry monitoring technician, telemetry strips.</p>');
    const after = (await get(`/api/crm/requisition/${telemetryJob}/keywords`)).json().aiKeywords;
    const w = (list: Array<{ keyword: string; weight: number }>, k: string) => list.find((x) => x.keyword === k)?.weight ?? 0;
    expect(after).not.toEqual(before);
    expect(w(after, 'telemetry')).toBeLessThanOrEqual(w(before, 'telemetry'));
    await t.app.db.execute(sql`DELETE FROM jobs WHERE client_id = ${a.client.id} AND id = ${extra}`);
  });

  it('saves the recruiter’s keywords (trimmed, without duplicates) and the AI keywords they removed', async () => {
    const res = await put(`/api/crm/requisition/${telemetryJob}/keywords`, {
      userKeywords: [' ICU ', 'telemetry', 'Telemetry', 'intensive  care', 'BLS'],
      removedAiKeywords: ['nurse'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.userKeywords).toEqual(['ICU', 'telemetry', 'intensive care', 'BLS']);
    expect(body.aiKeywords.map((k: { keyword: string }) => k.keyword)).not.toContain('nurse');
    expect(body.updatedAt).not.toBeNull();
    const read = (await get(`/api/crm/requisition/${telemetryJob}/keywords`)).json();
    expect(read.userKeywords).toEqual(['ICU', 'telemetry', 'intensive care', 'BLS']);
    expect(read.aiKeywords.map((k: { keyword: string }) => k.keyword)).not.toContain('nurse');
    expect(await countRows(t.app, 'activity_logs', `entity = 'requisition_keywords' AND entity_id = '${telemetryJob}'`)).toBe(1);
    // Sending only userKeywords leaves the removed AI keywords as they were.
    const only = await put(`/api/crm/requisition/${telemetryJob}/keywords`, { userKeywords: ['ICU', 'telemetry', 'intensive care', 'BLS'] });
    expect(only.json().aiKeywords.map((k: { keyword: string }) => k.keyword)).not.toContain('nurse');
  });

  it('answers the spec’s messages on failure', async () => {
    const missing = await get(`/api/crm/requisition/${crypto.randomUUID()}/keywords`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      errorMsg: { keywords: [messages.requisitions.keywordsFetchError], requisition: [messages.requisitions.requisitionNotFound] },
    });
    const malformed = await get('/api/crm/requisition/not-a-uuid/keywords');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errorMsg.keywords).toEqual([messages.requisitions.keywordsFetchError]);

    const tooLong = await put(`/api/crm/requisition/${telemetryJob}/keywords`, { userKeywords: ['x'.repeat(61)] });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      errorMsg: { keywords: [messages.requisitions.keywordsUpdateError], userKeywords: [messages.requisitions.keywordTooLong] },
    });
    const tooMany = await put(`/api/crm/requisition/${telemetryJob}/keywords`, { userKeywords: Array.from({ length: 51 }, (_v, i) => `k${i}`) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      errorMsg: { keywords: [messages.requisitions.keywordsUpdateError], userKeywords: [messages.requisitions.tooManyKeywords] },
    });
    const noBody = await put(`/api/crm/requisition/${telemetryJob}/keywords`, {});
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().errorMsg.keywords).toEqual([messages.requisitions.keywordsUpdateError]);
  });

  it('keeps tenants apart: another client’s requisition is a 404 with the spec’s message', async () => {
    const read = await get(`/api/crm/requisition/${jobOfB}/keywords`);
    expect(read.statusCode).toBe(404);
    expect(read.json().errorMsg.keywords).toEqual([messages.requisitions.keywordsFetchError]);
    const write = await put(`/api/crm/requisition/${jobOfB}/keywords`, { userKeywords: ['hijack'] });
    expect(write.statusCode).toBe(404);
    expect(write.json().errorMsg.keywords).toEqual([messages.requisitions.keywordsUpdateError]);
    // A hint naming the other client changes nothing.
    const hinted = await get(`/api/crm/requisition/${jobOfB}/keywords?clientId=${b.client.id}`);
    expect(hinted.statusCode).toBe(404);
    const byB = await get(`/api/crm/requisition/${telemetryJob}/keywords`, b.recruiterAuth.headers);
    expect(byB.statusCode).toBe(404);
    expect(await countRows(t.app, 'requisition_keywords', `job_id = '${jobOfB}' AND 'hijack' = ANY(user_keywords)`)).toBe(0);
  });

  it('lets a cultivate member read but not change keywords', async () => {
    const member = await createUser(t.app, { role: 'user', clientId: a.client.id, products: { cultivate: 'member' } });
    const h = (await signIn(t.app, member.email)).headers;
    expect((await get(`/api/crm/requisition/${telemetryJob}/keywords`, h)).statusCode).toBe(200);
    const res = await put(`/api/crm/requisition/${telemetryJob}/keywords`, { userKeywords: ['x'] }, h);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorMsg.keywords).toEqual([messages.requisitions.keywordsUpdateError]);
  });
});

describe('GET /api/crm/requisition/{jobId}/candidates', () => {
  it('ranks applicants by their match with both keyword lists and explains it', async () => {
    await put(`/api/crm/requisition/${telemetryJob}/keywords`, { userKeywords: ['telemetry', 'ICU', 'intensive care'], removedAiKeywords: [] });
    const res = await get(`/api/crm/requisition/${telemetryJob}/candidates`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totalCount).toBe(3);
    expect(body.results.map((c: { _id: string }) => c._id)).toEqual([ranked.anna, ranked.bilal, ranked.chen]);
    const [anna, bilal, chen] = body.results;
    expect(anna).toMatchObject({ _id: ranked.anna, doc_id: ranked.anna, firstName: 'Anna', lastName: 'Kowalczyk', applicationStatus: 'screening' });
    expect(anna.matched.find((x: { keyword: string }) => x.keyword === 'telemetry')).toEqual({
      keyword: 'telemetry',
      source: 'user',
      weight: 1,
      in: ['skills', 'resume'],
    });
    expect(anna.matched.find((x: { keyword: string }) => x.keyword === 'ICU')).toMatchObject({ source: 'user', in: ['skills'] });
    expect(anna.missing).toContainEqual({ keyword: 'intensive care', source: 'user' });
    // The score explained by the terms that made it, each with the points it brought.
    expect(anna.explanation).toMatch(
      /^\d+(\.\d)? % from \d+ matched terms: recruiter keywords (telemetry|ICU) \(\+[\d.]+\), (telemetry|ICU) \(\+[\d.]+\); AI keywords .+; missing recruiter keywords intensive care\.$/,
    );
    for (const m of anna.matched) expect(anna.explanation).toContain(`${m.keyword} (+`);
    expect(anna.snippet.toLowerCase()).toContain('telemetry');
    expect(anna.score).toBeGreaterThan(bilal.score);
    expect(bilal.score).toBeGreaterThan(chen.score);
    expect(chen).toMatchObject({ score: 0, matched: [] });
    expect(chen.explanation).toBe(
      `Matches none of the 3 recruiter keywords and ${chen.missing.length - 3} AI keywords; missing recruiter keywords telemetry, ICU, intensive care.`,
    );
  });

  it('pages and can leave out applicants who match nothing', async () => {
    const p = (await get(`/api/crm/requisition/${telemetryJob}/candidates?pageSize=1&pageNumber=2`)).json();
    expect(p.totalCount).toBe(3);
    expect(p.results.map((c: { _id: string }) => c._id)).toEqual([ranked.bilal]);
    const matched = (await get(`/api/crm/requisition/${telemetryJob}/candidates?matchedOnly=true`)).json();
    expect(matched.results.map((c: { _id: string }) => c._id)).toEqual([ranked.anna, ranked.bilal]);
  });

  it('keeps tenants apart', async () => {
    const res = await get(`/api/crm/requisition/${telemetryJob}/candidates`, b.recruiterAuth.headers);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Kowalczyk');
    const staffB = await get(`/api/crm/requisition/${telemetryJob}/candidates?clientId=${a.client.id}`, b.staffAuth.headers);
    expect(staffB.statusCode).toBe(404);
    const none = await get(`/api/crm/requisition/${crypto.randomUUID()}/candidates`);
    expect(none.json()).toEqual({ errorMsg: { requisition: [messages.requisitions.requisitionNotFound] } });
  });
});

describe('requirements a recruiter can trust: the ICU Registered Nurse posting', () => {
  let icuJob: string;
  const people: Record<string, string> = {};
  beforeAll(async () => {
    const name = a.client.name;
    icuJob = await job(
      a.client.id,
      'ICU Registered Nurse',
      `<p>${name} is hiring a calm, caring ICU Registered Nurse. Shifts Monday through Friday, some Saturdays. Bring clear thinking and join ${name}!</p>
       <h3>What you'll do</h3><ul><li>Care for ventilated patients and titrate drips</li><li>Assist with arterial lines and central lines</li><li>Chart in Epic</li></ul>
       <h3>Requirements</h3><ul><li>Active registered nurse license</li><li>2+ years of ICU experience</li><li>BLS and ACLS required; CCRN preferred</li></ul>
       <h3>Benefits</h3><ul><li>Medical, dental, 401k; paid every Friday</li></ul><p>${name} is an equal opportunity employer.</p>`,
    );
    const common = 'Available Monday to Friday. Calm and clear, I bring energy to every shift.';
    const resumes: Record<string, string> = {
      full: `Registered nurse, 4 years in a medical ICU. BLS, ACLS and CCRN. Arterial lines, central lines, Epic. ${common}`,
      icuRn: `RN in intensive care for 3 years. BLS. ${common}`,
      acls: `Registered nurse on a step-down unit. ACLS and BLS certified. ${common}`,
      bls: `Nursing student. BLS. ${common}`,
      none: `Retail associate. ${common}`,
    };
    for (const [who, resume] of Object.entries(resumes))
      people[who] = await applicant(a.client.id, icuJob, { first: who, last: 'Applicant', resume, skills: [] });
  }, 60_000);

  it('extracts licences, certifications and skills, never weekdays, the client’s name or generic verbs', async () => {
    const res = await get(`/api/crm/requisition/${icuJob}/keywords`);
    expect(res.statusCode, res.body).toBe(200);
    const words: string[] = res.json().aiKeywords.map((k: { keyword: string }) => k.keyword);
    for (const k of ['RN', 'ICU', 'BLS', 'ACLS', 'CCRN', 'arterial lines', 'central lines', 'Epic']) expect(words).toContain(k);
    expect(words.slice(0, 2).sort()).toEqual(['ICU', 'RN']);
    const banned = ['monday', 'friday', 'saturdays', 'bring', 'calm', 'clear', 'caring', 'join', 'hiring', 'medical', 'dental', 'paid'];
    const nameWords = a.client.name.toLowerCase().split(/\s+/);
    for (const w of words.flatMap((k) => k.toLowerCase().split(' '))) {
      expect(banned).not.toContain(w);
      expect(nameWords).not.toContain(w);
    }
  });

  it('scores applicants who match different terms differently, and explains each score by its terms', async () => {
    await put(`/api/crm/requisition/${icuJob}/keywords`, { userKeywords: [] });
    const body = (await get(`/api/crm/requisition/${icuJob}/candidates`)).json();
    expect(body.totalCount).toBe(5);
    type C = { _id: string; score: number; explanation: string; matched: Array<{ keyword: string }> };
    const by = (id: string) => body.results.find((c: C) => c._id === id) as C;
    const order = body.results.map((c: C) => c._id);
    expect(order).toEqual([people.full, people.icuRn, people.acls, people.bls, people.none]);
    const scores = body.results.map((c: C) => c.score);
    expect(new Set(scores).size).toBe(5);
    // "registered nurse" in a resume matches the RN keyword, "intensive care" matches ICU.
    expect(
      by(people.icuRn)
        .matched.map((m) => m.keyword)
        .sort(),
    ).toEqual(['BLS', 'ICU', 'RN']);
    expect(by(people.full).matched.map((m) => m.keyword)).toEqual(expect.arrayContaining(['RN', 'ICU', 'BLS', 'ACLS', 'CCRN', 'Epic']));
    for (const c of body.results as C[]) for (const m of c.matched) expect(c.explanation).toContain(`${m.keyword} (+`);
    expect(by(people.bls).explanation).toMatch(/^\d+(\.\d)? % from 1 matched term: AI keywords BLS \(\+[\d.]+\)\.$/);
    expect(by(people.none)).toMatchObject({ score: 0, matched: [] });
    expect(by(people.none).explanation).toMatch(/^Matches none of the \d+ AI keywords\.$/);
    // The strongest keyword matches somebody.
    const top = (await get(`/api/crm/requisition/${icuJob}/keywords`)).json().aiKeywords[0].keyword;
    expect(by(people.full).matched.map((m) => m.keyword)).toContain(top);
  });
});
