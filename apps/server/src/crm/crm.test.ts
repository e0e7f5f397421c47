import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTenant, createUser, mailText, setupTestApp, signIn, startSmtp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
let H: Record<string, string>;
let jobId: string;
const m = messages.recruiting;

const call = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, headers = H) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function create(over: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/crm/candidates/create', {
    clientId: A.client.id,
    firstName: 'Ana',
    lastName: 'Lopez',
    email: `ana-${Math.random().toString(36).slice(2, 8)}@cand.example`,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupTestApp({ SMTP_URL: smtp.url });
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  H = A.recruiterAuth.headers;
  const j = await call(
    'POST',
    '/api/job/create',
    { clientId: A.client.id, title: 'ICU Nurse', zipCode: '78701', recruiterEmail: 'rita@a.example' },
    A.staffAuth.headers,
  );
  jobId = j.json()._id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('candidates: create, read, update', () => {
  it('creates a candidate with the spec message, geocodes the zip and refuses a second one with the same email', async () => {
    const c = await create({
      email: 'Maria.Kowalski@Cand.example',
      phone: '+1 512 555 0100',
      address: { zipCode: '78701' },
      tags: ['nights'],
      skills: ['Telemetry'],
    });
    expect(c.message).toBe('Candidate created successfully.');
    expect(c).toMatchObject({
      email: 'maria.kowalski@cand.example',
      status: 'New',
      source: 'manual',
      tags: ['nights'],
      skills: ['Telemetry'],
      favorite: false,
    });
    expect(c.address).toMatchObject({ city: 'Austin', state: 'TX', zipCode: '78701' });
    const dup = await call('POST', '/api/crm/candidates/create', {
      clientId: A.client.id,
      firstName: 'M',
      lastName: 'K',
      email: 'MARIA.kowalski@cand.example',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errorMsg.email).toEqual([messages.crm.candidateEmailTaken('maria.kowalski@cand.example')]);
  });

  it('PATCH api/candidates/update answers 200 and PATCH api/candidates/update/{id} answers 201, both with the spec message', async () => {
    const c = await create();
    const a = await call('PATCH', '/api/candidates/update', { clientId: A.client.id, _id: c._id, phone: '+1 555 0101', status: 'Screening' });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({ message: 'Candidate updated successfully.', phone: '+1 555 0101', status: 'Screening' });
    const b = await call('PATCH', `/api/candidates/update/${c._id}`, { clientId: A.client.id, favorite: true, assignedJobs: [jobId] });
    expect(b.statusCode, b.body).toBe(201);
    expect(b.json()).toMatchObject({ message: 'Candidate updated successfully.', favorite: true, assignedJobs: [jobId] });
    // Favourites are per recruiter: the staff member does not see it as theirs.
    const asStaff = await call('GET', `/api/crm/candidate/${c._id}?clientId=${A.client.id}`, undefined, A.staffAuth.headers);
    expect(asStaff.json().favorite).toBe(false);
  });

  it('refuses a status outside the client pipeline, another tenant and unknown ids', async () => {
    const c = await create();
    const bad = await call('PATCH', '/api/candidates/update', { clientId: A.client.id, _id: c._id, status: 'Maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorMsg.status).toEqual([messages.crm.statusUnknown('Maybe')]);
    const other = await call('PATCH', '/api/candidates/update', { clientId: A.client.id, _id: c._id, phone: '1' }, B.recruiterAuth.headers);
    expect(other.statusCode).toBe(404);
    const wrongClient = await call('PATCH', '/api/candidates/update', { clientId: B.client.id, _id: c._id, phone: '1' }, B.recruiterAuth.headers);
    expect(wrongClient.statusCode).toBe(404);
    expect(wrongClient.json().errorMsg.candidates).toEqual([messages.crm.candidateNotFound]);
  });

  it('bulk-tags and moves many candidates with PATCH api/crm/candidates and writes each change to the timeline', async () => {
    const x = await create();
    const y = await create();
    const res = await call('PATCH', '/api/crm/candidates', { clientId: A.client.id, _ids: [x._id, y._id], addTags: ['shortlist'], status: 'Interview' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Candidate updated successfully.');
    expect(res.json().updated).toBe(2);
    for (const r of res.json().results) expect(r).toMatchObject({ status: 'Interview', tags: ['shortlist'] });
    const tl = await call('GET', `/api/crm/candidate/${x._id}/timeline?clientId=${A.client.id}`);
    const types = tl.json().results.map((e: { type: string }) => e.type);
    expect(types).toEqual(expect.arrayContaining(['created', 'status', 'tags']));
    const status = tl.json().results.find((e: { type: string }) => e.type === 'status');
    expect(status).toMatchObject({ actorEmail: A.recruiter.email, data: { from: 'New', to: 'Interview' } });
  });

  it('client staff without harvest or cultivate rights may not see candidates', async () => {
    const staff = await createUser(t.app, { role: 'user', clientId: A.client.id, products: { wave: 'admin' } });
    const auth = await signIn(t.app, staff.email);
    const res = await call('GET', `/api/get-candidates?clientId=${A.client.id}`, undefined, auth.headers);
    expect(res.statusCode).toBe(403);
  });
});

describe('list and search', () => {
  let C: Awaited<ReturnType<typeof createTenant>>;
  const q = (qs: string) => call('GET', `/api/crm/candidates?clientId=${C.client.id}&${qs}`, undefined, C.recruiterAuth.headers);
  beforeAll(async () => {
    C = await createTenant(t.app);
    const mk = (p: Record<string, unknown>) =>
      call('POST', '/api/crm/candidates/create', { clientId: C.client.id, ...p }, C.recruiterAuth.headers).then((r) => {
        expect(r.statusCode, r.body).toBe(201);
        return r.json();
      });
    await mk({
      firstName: 'Ruth',
      lastName: 'Okafor',
      email: 'ruth@x.example',
      address: { zipCode: '78701' },
      resumeText: 'Registered nurse with 6 years in the intensive care unit. Telemetry certified.',
      skills: ['ICU'],
      status: 'Screening',
    });
    await mk({
      firstName: 'Tom',
      lastName: 'Berg',
      email: 'tom@x.example',
      address: { zipCode: '10001' },
      resumeText: 'Registered nurse, ICU, travel contracts only.',
      tags: ['travel'],
    });
    await mk({
      firstName: 'Lena',
      lastName: 'Kowalski',
      email: 'lena@x.example',
      address: { zipCode: '78704' },
      resumeText: 'Licensed practical nurse in a clinic.',
      source: 'referral',
    });
    await mk({ firstName: 'Sam', lastName: 'Diaz', email: 'sam@x.example', phone: '(512) 555-0142', resumeText: 'Warehouse associate, forklift.' });
  });

  it('GET api/get-candidates pages and sorts with the spec query names and answers results and totalCount', async () => {
    const res = await call(
      'GET',
      `/api/get-candidates?clientId=${C.client.id}&pageNumber=2&pageSize=3&sortBy=lastName&sortDir=asc`,
      undefined,
      C.recruiterAuth.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totalCount).toBe(4);
    expect(res.json().results.map((r: { lastName: string }) => r.lastName)).toEqual(['Okafor']);
    const first = await call('GET', `/api/get-candidates?clientId=${C.client.id}&pageSize=3&sortBy=lastName&sortDir=asc`, undefined, C.recruiterAuth.headers);
    expect(first.json().results.map((r: { lastName: string }) => r.lastName)).toEqual(['Berg', 'Diaz', 'Kowalski']);
    expect(first.json().results[0]._id).toBe(first.json().results[0].doc_id);
  });

  it('answers a bad list query with the spec error text', async () => {
    const res = await call('GET', `/api/get-candidates?clientId=${C.client.id}&sortBy=shoeSize`, undefined, C.recruiterAuth.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorMsg.sortBy).toEqual([m.candidatesFetchError]);
    const page = await call('GET', `/api/get-candidates?clientId=${C.client.id}&pageSize=5000`, undefined, C.recruiterAuth.headers);
    expect(page.json().errorMsg.pageSize).toEqual([m.candidatesFetchError]);
  });

  it('filters by comma-joined status, favourites and assigned jobs', async () => {
    const st = await q('status=Screening,Offer');
    expect(st.json().results.map((r: { firstName: string }) => r.firstName)).toEqual(['Ruth']);
    expect((await q('favorites=true')).json().totalCount).toBe(0);
    const none = await q(`assignedJobs=${jobId}`);
    expect(none.json().totalCount).toBe(0);
  });

  it('searches resume text with phrases, boolean operators and negation, and shows why each matched', async () => {
    const r = await q(`searchQuery=${encodeURIComponent('"registered nurse" AND (icu OR "intensive care") -travel')}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().results.map((x: { firstName: string }) => x.firstName)).toEqual(['Ruth']);
    expect(r.json().results[0].highlight).toContain('<mark>');
    const or = await q(`searchQuery=${encodeURIComponent('forklift OR clinic')}&sortBy=firstName&sortDir=asc`);
    expect(or.json().results.map((x: { firstName: string }) => x.firstName)).toEqual(['Lena', 'Sam']);
  });

  it('finds by name prefix, email and phone digits', async () => {
    expect((await q('searchQuery=Kowal')).json().results.map((x: { firstName: string }) => x.firstName)).toEqual(['Lena']);
    expect((await q('searchQuery=tom%40x.example')).json().results.map((x: { firstName: string }) => x.firstName)).toEqual(['Tom']);
    expect((await q('searchQuery=5125550142')).json().results.map((x: { firstName: string }) => x.firstName)).toEqual(['Sam']);
  });

  it('searches a radius around a zip code and sorts by distance', async () => {
    const r = await q('zipCode=78701&radius=10&sortBy=distance&sortDir=asc');
    expect(r.json().results.map((x: { firstName: string }) => x.firstName)).toEqual(['Ruth', 'Lena']);
    expect(r.json().results[1].distance).toBeGreaterThan(0);
    const bad = await q('zipCode=00000&radius=10');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorMsg.zipCode).toEqual([m.zipValidationError]);
  });

  it('accepts any search text without a server error', async () => {
    for (const s of ['"', '((((', ')))', '-', 'AND OR NOT', "'; DROP TABLE candidates; --", '\\', ':*', '!!&|', 'a'.repeat(500), '-travel']) {
      const r = await q(`searchQuery=${encodeURIComponent(s)}`);
      expect(r.statusCode, `${s}: ${r.body}`).toBe(200);
    }
  });

  it('gives the client facets with counts', async () => {
    const r = await call('GET', `/api/crm/filter-facets?clientId=${C.client.id}`, undefined, C.recruiterAuth.headers);
    expect(r.statusCode, r.body).toBe(200);
    const f = r.json();
    expect(f.total).toBe(4);
    expect(f.status.slice(0, 2)).toEqual([
      { value: 'New', count: 3 },
      { value: 'Screening', count: 1 },
    ]);
    expect(f.source).toEqual(
      expect.arrayContaining([
        { value: 'manual', count: 3 },
        { value: 'referral', count: 1 },
      ]),
    );
    expect(f.tags).toEqual([{ value: 'travel', count: 1 }]);
    expect(f.city).toEqual(expect.arrayContaining([{ value: 'Austin', count: 2 }]));
    expect(f.skills).toEqual([{ value: 'ICU', count: 1 }]);
  });
});

describe('tags, sources, alerts', () => {
  it('creates and lists tags (`{id}` is the client)', async () => {
    const r = await call('POST', '/api/crm/candidates-tags/create', { clientId: A.client.id, name: 'Bilingual' });
    expect(r.statusCode).toBe(201);
    const again = await call('POST', '/api/crm/candidates-tags/create', { clientId: A.client.id, name: 'bilingual' });
    expect(again.statusCode).toBe(409);
    const list = await call('GET', `/api/crm/candidates-tags/${A.client.id}`);
    expect(list.json().results.map((x: { name: string }) => x.name)).toContain('Bilingual');
    expect((await call('GET', `/api/crm/candidates-tags/${A.client.id}`, undefined, B.recruiterAuth.headers)).statusCode).toBe(404);
  });

  it('adds a response source with the spec message and lists the defaults with it', async () => {
    const r = await call('POST', '/api/crm/response-sources/create', { clientId: A.client.id, name: 'Job fair' });
    expect(r.statusCode).toBe(201);
    expect(r.json().message).toBe('New source added successfuly.');
    const list = await call('GET', `/api/crm/response-sources/${A.client.id}`);
    expect(list.json().results.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['Job fair', 'careersite', 'indeed']));
  });

  it('creates and updates alerts with the spec messages, per candidate and per client', async () => {
    const c = await create();
    const a = await call('POST', '/api/candidates/alerts/create', { clientId: A.client.id, candidateId: c._id, name: 'Watch Ana' });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json()).toMatchObject({ message: 'Alert created successfully.', email: A.recruiter.email, candidateId: c._id });
    const s = await call('POST', '/api/candidates/alerts/create', {
      clientId: A.client.id,
      name: 'ICU nurses',
      searchQuery: 'icu',
      filters: { status: ['New'] },
    });
    const u = await call('PATCH', '/api/candidates/alerts/update', { clientId: A.client.id, _id: s.json()._id, frequency: 'weekly' });
    expect(u.json()).toMatchObject({ message: 'Alert updated successfully.', frequency: 'weekly' });
    const byCandidate = await call('GET', `/api/candidates/alerts/${c._id}`);
    expect(byCandidate.json().results.map((x: { name: string }) => x.name)).toEqual(['Watch Ana']);
    const byClient = await call('GET', `/api/candidates/alerts/${A.client.id}`);
    expect(byClient.json().totalCount).toBe(2);
    expect((await call('GET', `/api/candidates/alerts/${c._id}`, undefined, B.recruiterAuth.headers)).statusCode).toBe(404);
    const missing = await call('PATCH', '/api/candidates/alerts/update', { clientId: A.client.id, _id: c._id, active: false });
    expect(missing.json().errorMsg.alerts).toEqual([messages.crm.alertNotFound]);
  });
});

describe('follow-up, forward, refer', () => {
  it('flags a follow-up with the date as MM/DD/YYYY and emails the recruiter on that date', async () => {
    const c = await create({ firstName: 'Flo' });
    const today = new Date().toISOString().slice(0, 10);
    const r = await call('POST', '/api/candidates/follow-up', { clientId: A.client.id, candidateId: c._id, reminderDate: today, note: 'Call back' });
    expect(r.statusCode, r.body).toBe(201);
    const [y, mo, d] = today.split('-');
    expect(r.json().message).toBe(`Candidate flagged for follow-up. Reminder set for ${mo}/${d}/${y}.`);
    const mail = await smtp.waitFor(A.recruiter.email);
    expect(mailText(mail.raw)).toContain('Follow up with Flo Lopez'.replace('Follow up with', 'follow up with'));
    const later = await call('POST', '/api/candidates/follow-up', { clientId: A.client.id, candidateId: c._id, reminderDate: '2099-12-31' });
    expect(later.json().message).toBe('Candidate flagged for follow-up. Reminder set for 12/31/2099.');
    const past = await call('POST', '/api/candidates/follow-up', { clientId: A.client.id, candidateId: c._id, reminderDate: '2001-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().errorMsg.reminderDate).toEqual([messages.crm.reminderDatePast]);
  });

  it('forwards a profile with the resume attached and refers a candidate to a job', async () => {
    const c = await create({ firstName: 'Fern', email: 'fern@cand.example' });
    const key = `resumes/${A.client.id}/fern.txt`;
    await t.app.storage.put(key, Buffer.from('Fern resume'));
    await t.app.db.execute(sql`INSERT INTO applications (client_id, candidate_id, job_id, resume_key, resume_name, resume_content_type)
      VALUES (${A.client.id}, ${c._id}, ${jobId}, ${key}, 'fern-cv.txt', 'text/plain')`);
    const f = await call('POST', '/api/crm/forward-profile', { clientId: A.client.id, candidateId: c._id, to: ['hm@a.example'], message: 'Worth a call' });
    expect(f.statusCode, f.body).toBe(200);
    expect(f.json().message).toBe('Email sent successfully.');
    const fm = mailText((await smtp.waitFor('hm@a.example')).raw);
    expect(fm).toContain('Worth a call');
    expect(fm).toContain('fern-cv.txt');
    const r = await call('POST', '/api/candidates/refer', { clientId: A.client.id, candidateId: c._id, jobId });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe('An email was sent to the candidate.');
    const rm = mailText((await smtp.waitFor('fern@cand.example')).raw);
    expect(rm).toContain('ICU Nurse');
    expect(rm).toContain(`/${A.client.nameSlug}/job/`);
    const tl = await call('GET', `/api/crm/candidate/${c._id}/timeline?clientId=${A.client.id}`);
    expect(tl.json().results.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['forward', 'referral']));
  });

  it("uses the client's referral and follow-up templates when it has them, merge values escaped", async () => {
    const save = async (name: string, subject: string, emailValue: string) => {
      const r = await call('POST', '/api/email-templates/create', { clientId: A.client.id, name, subject, emailValue });
      expect(r.statusCode, r.body).toBe(201);
    };
    await save('referral', 'A role for you: {{jobTitle}}', '<p>Dear {{firstName}}, {{clientName}} picked this for you.</p><p>{{message}}</p><p>{{link}}</p>');
    await save('followUp', 'Ring {{candidateName}} today', '<p>Time to call {{candidateName}}. {{note}}</p><p>{{link}}</p>');
    try {
      const c = await create({ firstName: 'Rex <i>', lastName: 'Tmpl', email: 'rex-tmpl@cand.example' });
      const r = await call('POST', '/api/candidates/refer', { clientId: A.client.id, candidateId: c._id, jobId, message: 'Think about it' });
      expect(r.statusCode, r.body).toBe(200);
      const rm = mailText((await smtp.waitFor('rex-tmpl@cand.example')).raw);
      expect(rm).toMatch(/^Subject: A role for you: ICU Nurse\r?$/m);
      expect(rm).toContain(`Dear Rex &lt;i&gt;, ${A.client.name} picked this for you.`);
      expect(rm).toContain('Think about it');
      expect(rm).toContain(`/${A.client.nameSlug}/job/`);

      const today = new Date().toISOString().slice(0, 10);
      const f = await call('POST', '/api/candidates/follow-up', { clientId: A.client.id, candidateId: c._id, reminderDate: today, note: 'About nights' });
      expect(f.statusCode, f.body).toBe(201);
      let fm = '';
      const deadline = Date.now() + 10_000;
      while (!fm && Date.now() < deadline) {
        fm = smtp.mails.map((x) => mailText(x.raw)).find((x) => x.includes('Ring Rex')) ?? '';
        if (!fm) await new Promise((res) => setTimeout(res, 100));
      }
      expect(fm).toMatch(/^Subject: Ring Rex <i> Tmpl today\r?$/m);
      expect(fm).toContain('Time to call Rex &lt;i&gt; Tmpl. About nights');
      expect(fm).toContain(`/harvest/cultivate/candidates?candidate=${c._id}`);
    } finally {
      for (const name of ['referral', 'followUp']) await call('DELETE', `/api/email-templates/delete?clientId=${A.client.id}&name=${name}`);
    }
  });
});

describe('files', () => {
  it('streams a resume only to signed-in users with rights, never cached; guessed paths are 404', async () => {
    const c = await create();
    const key = `resumes/${A.client.id}/secret-cv.txt`;
    await t.app.storage.put(key, Buffer.from('Private resume'));
    await t.app.db.execute(sql`INSERT INTO applications (client_id, candidate_id, job_id, resume_key, resume_name, resume_content_type)
      VALUES (${A.client.id}, ${c._id}, ${jobId}, ${key}, 'cv.txt', 'text/plain; charset=utf-8')`);
    const url = `/api/get-resume?blobPath=${encodeURIComponent(key)}`;
    const ok = await call('GET', url);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('Private resume');
    expect(ok.headers['cache-control']).toBe('private, no-store');
    const file = await call('GET', `/api/get-file?blobPath=${encodeURIComponent(key)}`, undefined, A.staffAuth.headers);
    expect(file.headers['content-disposition']).toBe('attachment; filename="cv.txt"');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await call('GET', url, undefined, B.recruiterAuth.headers)).statusCode).toBe(404);
    // A stored file that is no candidate's (a logo, another key) is not served by guessing its path.
    await t.app.storage.put(`resumes/${A.client.id}/orphan.txt`, Buffer.from('x'));
    const guess = await call('GET', `/api/get-resume?blobPath=${encodeURIComponent(`resumes/${A.client.id}/orphan.txt`)}`);
    expect(guess.statusCode).toBe(404);
    expect(guess.json().errorMsg.file).toEqual([messages.crm.fileNotFound]);
    expect((await call('GET', `/api/get-resume?blobPath=${encodeURIComponent('../../etc/passwd')}`)).statusCode).toBe(404);
  });
});

describe('lists, campaign drafts, counts, metrics', () => {
  it('saves lists, reads them by recruiter and creates a campaign draft that answers campaignDraftUrl', async () => {
    const c = await create();
    const l = await call('POST', '/api/candidates-lists/create', { clientId: A.client.id, name: 'Nurses', candidateIds: [c._id] });
    expect(l.statusCode, l.body).toBe(201);
    const lists = await call('GET', `/api/candidates-lists?clientId=${A.client.id}&recruiterEmail=${encodeURIComponent(A.recruiter.email)}`);
    expect(lists.json().results[0]).toMatchObject({ name: 'Nurses', candidateIds: [c._id], totalCount: 1 });
    expect((await call('GET', `/api/candidates-lists?clientId=${A.client.id}&recruiterEmail=nobody%40x.example`)).json().totalCount).toBe(0);
    const d = await call('POST', '/api/candidates-list/campaigndraft', { clientId: A.client.id, listId: l.json()._id });
    expect(d.statusCode, d.body).toBe(201);
    expect(d.json().campaignDraftUrl).toMatch(/\/harvest\/cultivate\/campaigns\?draft=[0-9a-f-]{36}$/);
    const bad = await call('POST', '/api/candidates-list/campaigndraft', { clientId: A.client.id, listId: c._id });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().errorMsg.campaignDraft).toEqual([m.campaignDraftError]);
  });

  it('counts applicants (new and total) per job, and the inbox marks them opened', async () => {
    const c = await create();
    await t.app.db.execute(sql`INSERT INTO applications (client_id, candidate_id, job_id) VALUES (${A.client.id}, ${c._id}, ${jobId})`);
    const before = (await call('GET', `/api/candidates/applicant-count?clientId=${A.client.id}`)).json();
    const job = before.jobs.find((j: { jobId: string }) => j.jobId === jobId);
    expect(job.new).toBeGreaterThanOrEqual(1);
    const inbox = await call('GET', `/api/crm/applications?clientId=${A.client.id}&jobId=${jobId}&onlyNew=true`);
    const mine = inbox.json().results.find((x: { candidateId: string }) => x.candidateId === c._id);
    expect(mine).toMatchObject({ jobTitle: 'ICU Nurse', status: 'new' });
    await call('PATCH', '/api/crm/applications/update', { clientId: A.client.id, _id: mine._id, status: 'reviewed' });
    const after = (await call('GET', `/api/candidates/applicant-count?clientId=${A.client.id}`)).json();
    expect(after.jobs.find((j: { jobId: string }) => j.jobId === jobId).new).toBe(job.new - 1);
    // Without clientId: the caller's own clients only.
    const bScope = (await call('GET', '/api/candidates/applicant-count', undefined, B.recruiterAuth.headers)).json();
    expect(bScope.jobs.find((j: { jobId: string }) => j.jobId === jobId)).toBeUndefined();
  });

  it('gives respondent metrics and answers a bad period with the spec message', async () => {
    const r = await call('GET', `/api/respondent-metrics?clientId=${A.client.id}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().total).toBeGreaterThan(0);
    expect(r.json().bySource).toEqual(expect.arrayContaining([expect.objectContaining({ value: 'manual' })]));
    const bad = await call('GET', `/api/respondent-metrics?clientId=${A.client.id}&from=yesterday`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorMsg.from).toEqual([m.respondentMetricsError]);
    const reversed = await call('GET', `/api/respondent-metrics?clientId=${A.client.id}&from=2026-02-01&to=2026-01-01`);
    expect(reversed.json().errorMsg.respondentMetrics).toEqual([m.respondentMetricsError]);
  });

  it('lists requisitions with candidate counts for the selected client', async () => {
    const r = await call('GET', '/api/crm/candidates/requisitions', undefined, { ...H, 'x-client-id': A.client.id });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().results.find((x: { _id: string }) => x._id === jobId).candidates).toBeGreaterThan(0);
    // Job pickers name a job "Title – City (requisition id)", so the list carries the city and requisition id.
    expect(r.json().results.find((x: { _id: string }) => x._id === jobId)).toMatchObject({ title: 'ICU Nurse', city: 'Austin', requisitionId: null });
    const other = await call('GET', '/api/crm/candidates/requisitions', undefined, { ...B.recruiterAuth.headers, 'x-client-id': A.client.id });
    expect(other.statusCode).toBe(404);
  });

  it('renames a pipeline status and moves its candidates with it', async () => {
    const c = await create();
    await call('PATCH', '/api/candidates/update', { clientId: A.client.id, _id: c._id, status: 'Offer' });
    const statuses = ['New', 'Phone screen', 'Interview', 'Offered', 'Hired', 'Rejected'].map((name) => ({
      name,
      ...(name === 'Phone screen' ? { from: 'Screening' } : name === 'Offered' ? { from: 'Offer' } : {}),
    }));
    const r = await call('PUT', '/api/crm/pipeline', { clientId: A.client.id, statuses });
    expect(r.statusCode, r.body).toBe(200);
    expect((await call('GET', `/api/crm/candidate/${c._id}?clientId=${A.client.id}`)).json().status).toBe('Offered');
    const drop = await call('PUT', '/api/crm/pipeline', { clientId: A.client.id, statuses: [{ name: 'New' }] });
    expect(drop.statusCode).toBe(400);
    expect(await countRows(t.app, 'crm_settings', `client_id = '${A.client.id}'`)).toBe(1);
  });
});
