import { messages } from '@hh/contract/messages';
import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTenant, mailText, setupTestApp, startSmtp, type TestApp } from '../../test/helpers.ts';
import { solveJobPageCaptcha } from '../../test/captcha.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let A: Awaited<ReturnType<typeof createTenant>>;
let job: { _id: string; url: string };
let questionId: string;
const RECRUITER = 'rita.recruiter@a.example';

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupTestApp({ SMTP_URL: smtp.url });
  A = await createTenant(t.app);
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/job/create',
    headers: A.staffAuth.headers,
    payload: { clientId: A.client.id, title: 'Registered Nurse', zipCode: '78701', recruiterEmail: RECRUITER, recruiterName: 'Rita' },
  });
  job = r.json();
  const pq = await t.app.inject({
    method: 'POST',
    url: '/api/prequalification-questions/create',
    headers: A.staffAuth.headers,
    payload: { clientId: A.client.id, jobId: job._id, questions: [{ question: 'Do you hold an RN license?', type: 'yesno' }] },
  });
  questionId = pq.json().questions[0].id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const solvedCaptcha = () => solveJobPageCaptcha(t.app, job.url);

/** Waits until the resume-parse job has run for the applications of `email` (polls the rows). */
async function resumeParsed(email: string, timeoutMs = 25_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await t.app.db.execute<{ pending: number }>(
      `SELECT count(*)::int AS pending FROM applications a JOIN candidates c ON c.client_id = a.client_id AND c.id = a.candidate_id
        WHERE c.client_id = '${A.client.id}' AND c.email = '${email}' AND a.resume_parsed_at IS NULL` as never,
    );
    if (r.rows[0].pending === 0) return;
    if (Date.now() > until) throw new Error(`the resume of ${email} was not parsed within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer }) {
  const boundary = `----hh${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'text/html' } };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const apply = async (fields: Record<string, string>, file?: { name: string; data: Buffer }) => {
  const body = multipart(fields, file);
  return t.app.inject({ method: 'POST', url: `/${A.client.nameSlug}/apply/${job._id}`, ...body });
};
const base = (over: Record<string, string> = {}) => ({
  firstName: 'Pat',
  lastName: 'Applicant',
  email: 'pat@applicant.example',
  phoneNumber: '+1 512 555 0199',
  [`q_${questionId}`]: 'Yes',
  tracking_utm_source: 'news',
  ...over,
});

describe('apply on the job page', () => {
  it('creates the candidate and the application, stores the resume and emails the recruiter', async () => {
    const res = await apply({ ...base(), altcha: await solvedCaptcha() }, { name: 'cv.pdf', data: PDF });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/${A.client.nameSlug}/apply/${job._id}/thank-you?utm_source=news`);
    const thanks = await t.app.inject({ method: 'GET', url: res.headers.location as string });
    expect(thanks.body).toContain(messages.jobs.applySuccess);
    expect(await countRows(t.app, 'candidates', `client_id = '${A.client.id}' AND email = 'pat@applicant.example' AND first_name = 'Pat'`)).toBe(1);
    const rows = await t.app.db.execute<{ answers: unknown; resume_key: string; resume_content_type: string; tracking: unknown }>(
      `SELECT answers, resume_key, resume_content_type, tracking FROM applications WHERE client_id = '${A.client.id}' AND job_id = '${job._id}'` as never,
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].answers).toEqual([{ questionId, question: 'Do you hold an RN license?', answer: 'Yes' }]);
    expect(rows.rows[0].resume_content_type).toBe('application/pdf');
    expect(rows.rows[0].tracking).toEqual({ utm_source: 'news' });
    expect(await t.app.storage.stat(rows.rows[0].resume_key)).toEqual({ size: PDF.length });
    const mail = await smtp.waitFor(RECRUITER);
    const text = mailText(mail.raw);
    expect(text).toContain('Subject: New application: Registered Nurse');
    expect(text).toContain('Pat Applicant applied for Registered Nurse');
    expect(text).toContain('cv.pdf');
  });

  it('confirms to the applicant in the client branding and records the application in the timeline', async () => {
    const mail = mailText((await smtp.waitFor('pat@applicant.example')).raw);
    expect(mail).toContain(`Subject: ${A.client.name}: we received your application for`);
    expect(mail).toContain('Thank you for applying for Registered Nurse');
    const r = await t.app.db.execute<{ type: string }>(
      `SELECT e.type FROM candidate_events e JOIN candidates c ON c.client_id = e.client_id AND c.id = e.candidate_id
        WHERE c.client_id = '${A.client.id}' AND c.email = 'pat@applicant.example'` as never,
    );
    expect(r.rows.map((x) => x.type)).toContain('applied');
  });

  it('notifies the client users with candidate rights when the job has no recruiter', async () => {
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/job/create',
      headers: A.staffAuth.headers,
      payload: { clientId: A.client.id, title: 'Porter', zipCode: '78701' },
    });
    const jobId = bare.json()._id;
    const page = await t.app.inject({ method: 'GET', url: bare.json().url, headers: { accept: 'text/html' } });
    // The page names where its script fetches the captcha challenge (a cached page holds none itself).
    const m = /data-challenge-url="([^"]+)"/.exec(page.body);
    expect(m).not.toBeNull();
    const saved = job;
    job = bare.json();
    try {
      const body = multipart({ ...base({ email: 'porter@applicant.example' }), altcha: await solvedCaptcha() }, { name: 'cv.pdf', data: PDF });
      const res = await t.app.inject({ method: 'POST', url: `/${A.client.nameSlug}/apply/${jobId}`, ...body });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
    } finally {
      job = saved;
    }
    const toStaff = mailText((await smtp.waitFor(A.staff.email)).raw);
    expect(toStaff).toContain('Subject: New application: Porter');
    const toRecruiter = mailText((await smtp.waitFor(A.recruiter.email)).raw);
    expect(toRecruiter).toContain('Pat Applicant applied for Porter');
  });

  it('applying to the same job again keeps the one application as it was and proposes the new name and file', async () => {
    const res = await apply(
      { ...base({ email: 'PAT@applicant.example', firstName: 'Patricia' }), altcha: await solvedCaptcha() },
      { name: 'cv.txt', data: Buffer.from('My resume\nExperience: 5 years') },
    );
    expect(res.statusCode, res.body).toBe(303);
    expect(await countRows(t.app, 'candidates', `client_id = '${A.client.id}' AND lower(email) = 'pat@applicant.example'`)).toBe(1);
    // An anonymous form proves nothing about the email: the name stays, the new one is proposed.
    expect(await countRows(t.app, 'candidates', `client_id = '${A.client.id}' AND lower(email) = 'pat@applicant.example' AND first_name = 'Pat'`)).toBe(1);
    expect(await countRows(t.app, 'applications', `client_id = '${A.client.id}' AND job_id = '${job._id}'`)).toBe(1);
    expect(await countRows(t.app, 'applications', `client_id = '${A.client.id}' AND resume_content_type LIKE 'text/plain%'`)).toBe(0);
    const p = await t.app.db.execute<{ changes: Record<string, unknown>; resume_key: string; resume_content_type: string }>(
      `SELECT changes, resume_key, resume_content_type FROM candidate_proposed_changes WHERE client_id = '${A.client.id}' AND job_id = '${job._id}'` as never,
    );
    expect(p.rows).toHaveLength(1);
    expect(p.rows[0].changes).toMatchObject({ firstName: 'Patricia' });
    expect(p.rows[0].resume_content_type).toMatch(/^text\/plain/);
    expect(await t.app.storage.stat(p.rows[0].resume_key)).not.toBeNull();
  });

  it('accepts DOCX, DOC and RTF by their bytes', async () => {
    const docx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....[Content_Types].xml....word/document.xml....')]);
    const doc = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64)]);
    const rtf = Buffer.from('{\\rtf1\\ansi My resume}');
    for (const [i, data] of [docx, doc, rtf].entries()) {
      const res = await apply({ ...base({ email: `f${i}@x.example` }), altcha: await solvedCaptcha() }, { name: 'resume.bin', data });
      expect(res.statusCode, res.body).toBe(303);
    }
  });

  it('reads the text of a PDF resume for search; an unreadable one keeps the application without text', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([595, 842]).drawText('Charge nurse with quokkatelemetry experience', { x: 50, y: 780, size: 12, font });
    const pdf = Buffer.from(await doc.save());
    const res = await apply({ ...base({ email: 'pdf-text@x.example' }), altcha: await solvedCaptcha() }, { name: 'cv.pdf', data: pdf });
    expect(res.statusCode, res.body).toBe(303);
    // The resume is read after the application is stored (the resume-parse queue): wait for its job.
    await resumeParsed('pdf-text@x.example');
    await resumeParsed('f0@x.example');
    const text = async (email: string) =>
      (await t.app.db.execute<{ resume_text: string }>(`SELECT resume_text FROM candidates WHERE client_id = '${A.client.id}' AND email = '${email}'` as never))
        .rows[0]?.resume_text;
    expect(await text('pdf-text@x.example')).toContain('quokkatelemetry');
    // The damaged DOCX of the test before could not be read: the application was kept, with no resume text.
    expect(await text('f0@x.example')).toBe('');
  });

  it('refuses a resume whose bytes are not an accepted type, whatever its name', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const res = await apply({ ...base({ email: 'png@x.example' }), altcha: await solvedCaptcha() }, { name: 'cv.pdf', data: png });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(messages.jobs.resumeType);
    expect(await countRows(t.app, 'candidates', `email = 'png@x.example'`)).toBe(0);
  });

  it('accepts a resume of 9 MB (above the 5 MB image limit)', async () => {
    const nine = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(9 * 1024 * 1024, 0x20)]);
    const res = await apply({ ...base({ email: 'nine@x.example' }), altcha: await solvedCaptcha() }, { name: 'cv.pdf', data: nine });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
  });

  it('refuses a resume over 10 MB with 413', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0x41);
    const res = await apply({ ...base({ email: 'big@x.example' }), altcha: 'x' }, { name: 'cv.txt', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.body).toContain(messages.jobs.resumeTooLarge);
    expect(await countRows(t.app, 'candidates', `email = 'big@x.example'`)).toBe(0);
  });

  it('requires the prequalification answers, the contact fields and a resume', async () => {
    const res = await apply({ ...base({ email: 'not-an-email', [`q_${questionId}`]: '' }), altcha: await solvedCaptcha() });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(messages.jobs.applyMissingAnswer('Do you hold an RN license?'));
    expect(res.body).toContain('Please enter a valid email address');
    expect(res.body).toContain(messages.jobs.resumeMissing);
    // The form comes back filled in.
    expect(res.body).toContain('value="Pat"');
  });

  it('refuses a missing, forged or replayed captcha', async () => {
    const none = await apply({ ...base({ email: 'bot@x.example' }) }, { name: 'cv.pdf', data: PDF });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain(messages.jobs.captchaFailed);
    const forged = Buffer.from(
      JSON.stringify({ challenge: { parameters: { algorithm: 'SHA-256' }, signature: 'x' }, solution: { counter: 1, derivedKey: 'ab' } }),
    ).toString('base64');
    expect((await apply({ ...base({ email: 'bot@x.example' }), altcha: forged }, { name: 'cv.pdf', data: PDF })).statusCode).toBe(400);
    const solved = await solvedCaptcha();
    expect((await apply({ ...base({ email: 'once@x.example' }), altcha: solved }, { name: 'cv.pdf', data: PDF })).statusCode).toBe(303);
    const replay = await apply({ ...base({ email: 'twice@x.example' }), altcha: solved }, { name: 'cv.pdf', data: PDF });
    expect(replay.statusCode).toBe(400);
    expect(await countRows(t.app, 'candidates', `email IN ('bot@x.example', 'twice@x.example')`)).toBe(0);
  });

  it('does not take applications for a closed job', async () => {
    await t.app.inject({ method: 'POST', url: '/api/job/bulk-close', headers: A.staffAuth.headers, payload: { clientId: A.client.id, jobIds: [job._id] } });
    const res = await apply({ ...base({ email: 'late@x.example' }), altcha: 'x' }, { name: 'cv.pdf', data: PDF });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This job is no longer available');
  });
});
