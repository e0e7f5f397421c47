import { messages } from '@hh/contract/messages';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createClient, createTenant, createUser, setupTestApp, signIn, type TestApp } from '../../../test/helpers.ts';
import { signIndeedBody } from '../../feed/receive-indeed-application.ts';
import { depsOf } from '../../core/deps.ts';
import { runRetention } from './retention.ts';
import { solveJobPageCaptcha } from '../../../test/captcha.ts';

let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
let H: Record<string, string>;
let job: { _id: string; url: string };

const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, headers = H) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const rand = () => randomBytes(4).toString('hex');

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  H = A.recruiterAuth.headers;
  const r = await call(
    'POST',
    '/api/job/create',
    { clientId: A.client.id, title: 'ICU Nurse', zipCode: '78701', recruiterEmail: 'rita@a.example' },
    A.staffAuth.headers,
  );
  job = r.json();
});
afterAll(async () => t?.close());

const solvedCaptcha = () => solveJobPageCaptcha(t.app, job.url);

async function applyOnSite(email: string, resume = Buffer.from('Pat Applicant\nICU nurse, 6 years of telemetry.\n')) {
  const boundary = `----hh${rand()}`;
  const fields = { firstName: 'Pat', lastName: 'Applicant', email, phoneNumber: '+1 512 555 0199', altcha: await solvedCaptcha() };
  const chunks: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="pat cv.txt"\r\nContent-Type: text/plain\r\n\r\n`));
  chunks.push(resume, Buffer.from(`\r\n--${boundary}--\r\n`));
  const res = await t.app.inject({
    method: 'POST',
    url: `/${A.client.nameSlug}/apply/${job._id}`,
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'text/html' },
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
  const r = await t.app.db.execute<{ id: string }>(sql`SELECT id FROM candidates WHERE client_id = ${A.client.id} AND email = ${email}`);
  return r.rows[0].id;
}

async function createByHand(clientId = A.client.id, headers = H) {
  const res = await call(
    'POST',
    '/api/crm/candidates/create',
    { clientId, firstName: 'Ana', lastName: 'Lopez', email: `ana-${rand()}@cand.example`, tags: ['nights'] },
    headers,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; email: string };
}

/** A candidate with an applied resume, an uploaded file, a tag, a note and an answered application. */
async function fullCandidate() {
  const email = `pat-${rand()}@applicant.example`;
  const id = await applyOnSite(email);
  const fileKey = `candidates/${A.client.id}/${rand()}/certificate.txt`;
  await t.app.storage.put(fileKey, Buffer.from('BLS certificate 2025'), 'text/plain');
  await t.app.db.execute(sql`INSERT INTO files (client_id, owner_id, storage_key, content_type, size_bytes, kind)
    VALUES (${A.client.id}, ${id}, ${fileKey}, 'text/plain', 20, 'candidate_file')`);
  await t.app.db.execute(sql`UPDATE applications SET answers = '[{"questionId":"q1","question":"Licensed?","answer":"Yes, Texas RN 123456"}]'::jsonb
    WHERE client_id = ${A.client.id} AND candidate_id = ${id}`);
  expect((await call('PATCH', '/api/crm/candidates', { clientId: A.client.id, _id: id, addTags: ['icu'] })).statusCode).toBe(200);
  expect(
    (await call('POST', '/api/crm/candidates/notes', { clientId: A.client.id, candidateId: id, note: 'Called Pat at home, lives on Elm St' })).statusCode,
  ).toBe(201);
  const keys = await t.app.db.execute<{ resume_key: string }>(
    sql`SELECT resume_key FROM applications WHERE client_id = ${A.client.id} AND candidate_id = ${id}`,
  );
  // The resume is parsed after the application is stored (a queued job): wait for its text.
  await expect
    .poll(
      async () =>
        (
          await t.app.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM applications
          WHERE client_id = ${A.client.id} AND candidate_id = ${id} AND resume_parsed_at IS NOT NULL`)
        ).rows[0].n,
      { timeout: 20_000 },
    )
    .toBe(1);
  return { id, email, resumeKey: keys.rows[0].resume_key, fileKey };
}

describe('consent on every apply path', () => {
  it('the apply form shows the consent sentence with a link to the notice, and the application records that text and time', async () => {
    const page = await t.app.inject({ method: 'GET', url: job.url, headers: { accept: 'text/html' } });
    const sentence = messages.privacy.consentSentence(A.client.name);
    const [before] = sentence.split(messages.privacy.noticeLinkText);
    expect(page.body).toContain(
      `<p class="meta" id="apply-consent">${before}<a href="/${A.client.nameSlug}/privacy" target="_blank" rel="noopener">candidate privacy notice</a>.</p>`,
    );
    expect(page.body).toContain(`<a href="/${A.client.nameSlug}/privacy">Candidate privacy notice</a>`); // footer
    const t0 = Date.now();
    const id = await applyOnSite(`consent-${rand()}@applicant.example`);
    const rows = await t.app.db.execute<{ source: string; text: string; notice_url: string; given_at: Date; application_id: string | null }>(
      sql`SELECT source, text, notice_url, given_at, application_id FROM candidate_consents WHERE client_id = ${A.client.id} AND candidate_id = ${id}`,
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]).toMatchObject({ source: 'careersite', text: sentence, notice_url: `http://localhost:3000/${A.client.nameSlug}/privacy` });
    expect(rows.rows[0].application_id).toBeTruthy();
    expect(new Date(rows.rows[0].given_at).getTime()).toBeGreaterThanOrEqual(t0 - 1000);
    const cand = await call('GET', `/api/crm/candidate/${id}?clientId=${A.client.id}`);
    expect(cand.json().consent).toMatchObject({ text: sentence, source: 'careersite' });
  });

  it('Indeed Apply records that consent was given on Indeed, naming the notice', async () => {
    const secret = 'privacy-secret-1';
    await t.app.db.execute(sql`UPDATE clients SET indeed_api_token = 'tok-priv', indeed_api_secret = ${secret} WHERE id = ${A.client.id}`);
    const body = JSON.stringify({
      id: `apply-${rand()}`,
      job: { jobId: job._id, jobTitle: 'ICU Nurse', jobCompany: 'A', jobUrl: 'https://x.example' },
      applicant: { fullName: 'Ida Indeed', email: `ida-${rand()}@example.com` },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/indeed-apply/${A.client.nameSlug}`,
      payload: body,
      headers: { 'content-type': 'application/json', 'x-indeed-signature': signIndeedBody(body, secret) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = await call('GET', `/api/crm/privacy/candidate/${res.json().candidateId}?clientId=${A.client.id}`);
    expect(p.statusCode).toBe(200);
    expect(p.json().consents).toEqual([
      expect.objectContaining({ source: 'indeed', text: messages.privacy.consentIndeed(A.client.name), applicationId: res.json().applicationId }),
    ]);
  });

  it('a candidate entered in the CRM records who entered them', async () => {
    const c = await createByHand();
    const p = (await call('GET', `/api/crm/privacy/candidate/${c._id}?clientId=${A.client.id}`)).json();
    expect(p.consents).toEqual([expect.objectContaining({ source: 'manual', text: messages.privacy.consentManual(A.client.name, A.recruiter.email) })]);
  });
});

describe('the client candidate privacy notice', () => {
  it('is saved sanitised and served on the product host and on the client domain, with the default before one is written', async () => {
    const D = await createClient(t.app, { createdBy: A.recruiter.id, domainURL: `careers-${rand()}.example` });
    const before = await t.app.inject({ method: 'GET', url: `/${D.nameSlug}/privacy` });
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('<h1>Candidate privacy notice</h1>');
    expect(before.body).toContain('until you ask us to delete it');

    const res = await call('PUT', '/api/crm/privacy/settings', {
      clientId: D.id,
      retentionMonths: 18,
      privacyNotice:
        '<h2>Our notice</h2><p>We keep <strong>little</strong>.<script>alert(1)</script><img src=x onerror=alert(1)></p><a href="javascript:alert(1)">x</a>',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: messages.privacy.settingsSaved,
      retentionMonths: 18,
      privacyNotice: '<h2>Our notice</h2><p>We keep <strong>little</strong>.</p><a rel="nofollow noopener">x</a>',
      privacyNoticeUrl: `https://${D.domainURL}/privacy`,
    });
    const onProduct = await t.app.inject({ method: 'GET', url: `/${D.nameSlug}/privacy` });
    expect(onProduct.body).toContain('<h2>Our notice</h2><p>We keep <strong>little</strong>.</p>');
    expect(onProduct.body).not.toContain('alert(1)');
    const onDomain = await t.app.inject({ method: 'GET', url: '/privacy', headers: { host: D.domainURL as string } });
    expect(onDomain.statusCode).toBe(200);
    expect(onDomain.body).toContain('<h2>Our notice</h2>');
    expect(onDomain.body).toContain('<a href="/privacy">Candidate privacy notice</a>');
    const search = await t.app.inject({ method: 'GET', url: `/${D.nameSlug}/search-page` });
    expect(search.body).toContain(`<a href="/${D.nameSlug}/privacy">Candidate privacy notice</a>`);

    const got = await call('GET', `/api/crm/privacy/settings?clientId=${D.id}`);
    expect(got.json()).toMatchObject({
      retentionMonths: 18,
      privacyNotice: '<h2>Our notice</h2><p>We keep <strong>little</strong>.</p><a rel="nofollow noopener">x</a>',
    });
  });

  it('refuses a bad retention with its message, and a member without admin rights', async () => {
    const bad = await call('PUT', '/api/crm/privacy/settings', { clientId: A.client.id, retentionMonths: 0, privacyNotice: '' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errorMsg)).toContain(messages.privacy.retentionRange);
    const member = await createUser(t.app, { role: 'user', clientId: A.client.id, products: { harvest: 'editor' } });
    const mh = (await signIn(t.app, member.email)).headers;
    const res = await call('PUT', '/api/crm/privacy/settings', { clientId: A.client.id, retentionMonths: 12, privacyNotice: '' }, mh);
    expect(res.statusCode).toBe(403);
    expect((await call('GET', `/api/crm/privacy/settings?clientId=${A.client.id}`, undefined, mh)).statusCode).toBe(200);
    expect((await call('GET', `/api/crm/privacy/settings?clientId=${A.client.id}`, undefined, B.recruiterAuth.headers)).statusCode).toBe(404);
  });
});

describe('export', () => {
  it('answers every field, applications with answers, tags, timeline, consents and files, and the audit records it', async () => {
    const c = await fullCandidate();
    const res = await call('GET', `/api/crm/privacy/candidate/${c.id}/export?clientId=${A.client.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="candidate-${c.id}.json"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const x = res.json();
    expect(x.exportedBy).toBe(A.recruiter.email);
    expect(x.candidate).toMatchObject({ _id: c.id, firstName: 'Pat', lastName: 'Applicant', email: c.email, phone: '+1 512 555 0199', tags: ['icu'] });
    expect(x.candidate.resumeText).toContain('telemetry');
    expect(x.candidate.applications).toEqual([
      expect.objectContaining({
        jobId: job._id,
        jobTitle: 'ICU Nurse',
        answers: [{ questionId: 'q1', question: 'Licensed?', answer: 'Yes, Texas RN 123456' }],
      }),
    ]);
    expect(x.consents).toEqual([expect.objectContaining({ source: 'careersite', text: messages.privacy.consentSentence(A.client.name) })]);
    expect(x.timeline.map((e: { type: string }) => e.type)).toEqual(['applied', 'tags', 'note']);
    expect(x.timeline[2].data).toEqual({ note: 'Called Pat at home, lives on Elm St' });
    expect(x.files.map((f: { blobPath: string }) => f.blobPath).sort()).toEqual([c.resumeKey, c.fileKey].sort());
    const p = (await call('GET', `/api/crm/privacy/candidate/${c.id}?clientId=${A.client.id}`)).json();
    expect(p.audit.map((a: { action: string; actorEmail: string }) => [a.action, a.actorEmail])).toEqual([['exported', A.recruiter.email]]);
  });

  it('zips the files (streamed) with their contents, and the audit records it', async () => {
    const c = await fullCandidate();
    const res = await call('GET', `/api/crm/privacy/candidate/${c.id}/files?clientId=${A.client.id}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="candidate-${c.id}-files.zip"`);
    const zip = await JSZip.loadAsync(res.rawPayload);
    expect(Object.keys(zip.files).sort()).toEqual(['certificate.txt', 'pat cv.txt']);
    expect(await zip.file('certificate.txt')?.async('string')).toBe('BLS certificate 2025');
    expect(await zip.file('pat cv.txt')?.async('string')).toContain('ICU nurse, 6 years of telemetry.');
    const log = await t.app.db.execute(sql`SELECT action, actor_email FROM candidate_privacy_log WHERE client_id = ${A.client.id} AND candidate_id = ${c.id}`);
    expect(log.rows).toEqual([{ action: 'exported-files', actor_email: A.recruiter.email }]);
  });

  it('a candidate with no files gets a 404 with the message', async () => {
    const c = await createByHand();
    const res = await call('GET', `/api/crm/privacy/candidate/${c._id}/files?clientId=${A.client.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().errorMsg.file).toEqual([messages.privacy.noFiles]);
  });
});

describe('erasure', () => {
  const countsOf = async () =>
    (
      await t.app.db.execute(sql`SELECT job_id, source, status, count(*)::int AS n FROM applications WHERE client_id = ${A.client.id}
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`)
    ).rows;

  it('needs the typed email, then removes personal data and files, keeps the counts and records it; a second time is 409', async () => {
    const c = await fullCandidate();
    const before = await countsOf();
    const candidatesBefore = await countRows(t.app, 'candidates', `client_id = '${A.client.id}'`);
    const wrong = await call('POST', '/api/crm/privacy/candidate/erase', { clientId: A.client.id, candidateId: c.id, confirm: 'someone@else.example' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorMsg.confirm).toEqual([messages.privacy.eraseConfirmMismatch]);
    expect(await t.app.storage.stat(c.resumeKey)).not.toBeNull();

    const res = await call('POST', '/api/crm/privacy/candidate/erase', { clientId: A.client.id, candidateId: c.id, confirm: ` ${c.email.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: messages.privacy.erased, candidateId: c.id, filesRemoved: 2 });

    expect(await t.app.storage.stat(c.resumeKey)).toBeNull();
    expect(await t.app.storage.stat(c.fileKey)).toBeNull();
    expect(await countRows(t.app, 'files', `client_id = '${A.client.id}' AND owner_id = '${c.id}'`)).toBe(0);
    const [row] = (
      await t.app.db.execute(sql`SELECT first_name, last_name, email, phone, resume_text, tags, anonymized_at IS NOT NULL AS anon FROM candidates
        WHERE client_id = ${A.client.id} AND id = ${c.id}`)
    ).rows;
    expect(row).toEqual({ first_name: 'Erased', last_name: 'candidate', email: `${c.id}@erased.invalid`, phone: null, resume_text: '', tags: [], anon: true });
    const [app] = (
      await t.app.db.execute(sql`SELECT answers, resume_key, tracking FROM applications WHERE client_id = ${A.client.id} AND candidate_id = ${c.id}`)
    ).rows;
    expect(app).toEqual({ answers: [], resume_key: null, tracking: {} });
    expect(await countsOf()).toEqual(before);
    expect(await countRows(t.app, 'candidates', `client_id = '${A.client.id}'`)).toBe(candidatesBefore);
    const events = (
      await t.app.db.execute<{ type: string; data: Record<string, unknown> }>(
        sql`SELECT type, data FROM candidate_events WHERE client_id = ${A.client.id} AND candidate_id = ${c.id} ORDER BY created_at`,
      )
    ).rows;
    expect(events.map((e) => e.type)).toEqual(['applied', 'tags', 'note', 'erased']);
    expect(JSON.stringify(events)).not.toContain('Elm St');
    expect(events[0].data).toMatchObject({ jobId: job._id, jobTitle: 'ICU Nurse', source: 'careersite' });
    expect(await countRows(t.app, 'activity_logs', `client_id = '${A.client.id}' AND action = 'erase' AND entity_id = '${c.id}'`)).toBe(1);
    const p = (await call('GET', `/api/crm/privacy/candidate/${c.id}?clientId=${A.client.id}`)).json();
    expect(p.anonymizedAt).toBeTruthy();
    expect(p.audit[0]).toMatchObject({ action: 'erased', actorEmail: A.recruiter.email });

    const again = await call('POST', '/api/crm/privacy/candidate/erase', { clientId: A.client.id, candidateId: c.id, confirm: c.email });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorMsg.candidates).toEqual([messages.privacy.alreadyErased]);
  });

  it('is refused to a harvest editor (admin only) and to another tenant', async () => {
    const c = await createByHand();
    const editor = await createUser(t.app, { role: 'user', clientId: A.client.id, products: { harvest: 'editor' } });
    const eh = (await signIn(t.app, editor.email)).headers;
    expect((await call('POST', '/api/crm/privacy/candidate/erase', { clientId: A.client.id, candidateId: c._id, confirm: c.email }, eh)).statusCode).toBe(403);
    expect((await call('GET', `/api/crm/privacy/candidate/${c._id}/export?clientId=${A.client.id}`, undefined, eh)).statusCode).toBe(200);
    for (const h of [B.recruiterAuth.headers, B.staffAuth.headers]) {
      expect((await call('POST', '/api/crm/privacy/candidate/erase', { clientId: A.client.id, candidateId: c._id, confirm: c.email }, h)).statusCode).toBe(404);
      expect((await call('GET', `/api/crm/privacy/candidate/${c._id}/export?clientId=${A.client.id}`, undefined, h)).statusCode).toBe(404);
      // Naming their own client does not reach A's candidate either.
      expect((await call('GET', `/api/crm/privacy/candidate/${c._id}/export?clientId=${B.client.id}`, undefined, h)).statusCode).toBe(404);
      expect((await call('GET', `/api/crm/privacy/candidate/${c._id}/files?clientId=${B.client.id}`, undefined, h)).statusCode).toBe(404);
      expect((await call('GET', `/api/crm/privacy/candidate/${c._id}?clientId=${B.client.id}`, undefined, h)).statusCode).toBe(404);
    }
    const [row] = (await t.app.db.execute(sql`SELECT anonymized_at FROM candidates WHERE client_id = ${A.client.id} AND id = ${c._id}`)).rows;
    expect(row).toEqual({ anonymized_at: null });
  });
});

describe('audit', () => {
  it('records a view once per user in ten minutes; a harvest member sees consents but not the audit, and cannot export', async () => {
    const c = await createByHand();
    for (let i = 0; i < 3; i++) expect((await call('GET', `/api/crm/candidate/${c._id}?clientId=${A.client.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/crm/candidate/${c._id}?clientId=${A.client.id}`, undefined, A.staffAuth.headers)).statusCode).toBe(200);
    const p = (await call('GET', `/api/crm/privacy/candidate/${c._id}?clientId=${A.client.id}`)).json();
    expect(p.audit.map((a: { action: string; actorEmail: string }) => [a.action, a.actorEmail]).sort()).toEqual(
      [
        ['viewed', A.recruiter.email],
        ['viewed', A.staff.email],
      ].sort(),
    );
    expect(p).toMatchObject({ auditTotal: 2, canExport: true, canErase: true });
    const member = await createUser(t.app, { role: 'user', clientId: A.client.id, products: { harvest: 'member' } });
    const mh = (await signIn(t.app, member.email)).headers;
    const mp = (await call('GET', `/api/crm/privacy/candidate/${c._id}?clientId=${A.client.id}`, undefined, mh)).json();
    expect(mp).toMatchObject({ audit: [], auditTotal: 0, canExport: false, canErase: false });
    expect(mp.consents).toHaveLength(1);
    expect((await call('GET', `/api/crm/privacy/candidate/${c._id}/export?clientId=${A.client.id}`, undefined, mh)).statusCode).toBe(403);
  });
});

describe('retention', () => {
  it('anonymises only the candidates of clients with retention that had no activity for that many months', async () => {
    const R = await createTenant(t.app);
    const rh = R.recruiterAuth.headers;
    expect((await call('PUT', '/api/crm/privacy/settings', { clientId: R.client.id, retentionMonths: 6, privacyNotice: '' }, rh)).statusCode).toBe(200);
    const stale = await createByHand(R.client.id, rh);
    const recentNote = await createByHand(R.client.id, rh);
    const fresh = await createByHand(R.client.id, rh);
    const otherClientStale = await createByHand(B.client.id, B.recruiterAuth.headers); // B keeps candidates (no retention)
    const old = new Date(Date.now() - 8 * 31 * 86_400_000);
    for (const [clientId, id] of [
      [R.client.id, stale._id],
      [R.client.id, recentNote._id],
      [B.client.id, otherClientStale._id],
    ]) {
      await t.app.db.execute(
        sql`UPDATE candidates SET last_activity_at = ${old}, updated_at = ${old}, created_at = ${old} WHERE client_id = ${clientId} AND id = ${id}`,
      );
      await t.app.db.execute(sql`UPDATE candidate_events SET created_at = ${old} WHERE client_id = ${clientId} AND candidate_id = ${id}`);
    }
    // A recent note is activity; a recent view is not.
    expect(
      (await call('POST', '/api/crm/candidates/notes', { clientId: R.client.id, candidateId: recentNote._id, note: 'Still interested' }, rh)).statusCode,
    ).toBe(201);
    expect((await call('GET', `/api/crm/candidate/${stale._id}?clientId=${R.client.id}`, undefined, rh)).statusCode).toBe(200);

    await runRetention(depsOf(t.app));
    const anon = async (clientId: string, id: string) =>
      (
        await t.app.db.execute<{ a: boolean; first_name: string }>(
          sql`SELECT anonymized_at IS NOT NULL AS a, first_name FROM candidates WHERE client_id = ${clientId} AND id = ${id}`,
        )
      ).rows[0];
    expect(await anon(R.client.id, stale._id)).toEqual({ a: true, first_name: 'Erased' });
    expect(await anon(R.client.id, recentNote._id)).toEqual({ a: false, first_name: 'Ana' });
    expect(await anon(R.client.id, fresh._id)).toEqual({ a: false, first_name: 'Ana' });
    expect(await anon(B.client.id, otherClientStale._id)).toEqual({ a: false, first_name: 'Ana' });
    const log = await t.app.db.execute(
      sql`SELECT action, actor_email FROM candidate_privacy_log WHERE client_id = ${R.client.id} AND candidate_id = ${stale._id} ORDER BY created_at`,
    );
    expect(log.rows).toEqual([
      { action: 'viewed', actor_email: R.recruiter.email },
      { action: 'anonymised', actor_email: null },
    ]);
    // A second run finds nothing more to do.
    const again = await runRetention(depsOf(t.app));
    expect(again.anonymised).toBe(0);
  });
});
