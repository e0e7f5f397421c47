import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { solveJobPageCaptcha } from '../../test/captcha.ts';
import { lyingDocx, operatorBombPdf, textBomb } from '../resume-parser/pathological.ts';

/**
 * Applying is stored and acknowledged first; the resume is read afterwards by the resume-parse queue
 * in a worker thread. So the documents that froze the server for everyone (a 50,000 × 'a' text
 * resume, an operator-bomb PDF, a DOCX whose directory lies) leave /health answering, and an
 * anonymous application under an existing candidate's email adds to that candidate without
 * overwriting what a recruiter has.
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
const jobs: Array<{ _id: string; url: string }> = [];

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  for (const title of ['Porter', 'Night Porter']) {
    jobs.push((await t.app.inject({ method: 'POST', url: '/api/job/create', headers: A.staffAuth.headers, payload: { clientId: A.client.id, title } })).json());
  }
});
afterAll(async () => t?.close());

async function apply(job: { _id: string; url: string }, fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const boundary = `----hh${randomBytes(8).toString('hex')}`;
  const all = { ...fields, altcha: await solveJobPageCaptcha(t.app, job.url) };
  const chunks: Buffer[] = Object.entries(all).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  chunks.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const started = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url: `/${A.client.nameSlug}/apply/${job._id}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'text/html' },
    payload: Buffer.concat(chunks),
    remoteAddress: `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
  });
  lastApplyMs = performance.now() - started; // the request alone (the captcha was solved before)
  return res;
}
let lastApplyMs = 0;

const rows = async <T>(q: string) => (await t.app.db.execute<T & Record<string, unknown>>(q as never)).rows;

/** Waits until the resume-parse job has run for every application of `email` (polls the rows). */
async function resumesParsed(email: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [r] = await rows<{ pending: number }>(
      `SELECT count(*)::int AS pending FROM applications a JOIN candidates c ON c.client_id = a.client_id AND c.id = a.candidate_id
        WHERE c.client_id = '${A.client.id}' AND lower(c.email) = lower('${email}') AND a.resume_parsed_at IS NULL`,
    );
    if (r.pending === 0) return;
    if (Date.now() > until) throw new Error(`the resumes of ${email} were not parsed within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('pathological resumes are parsed off the request path', () => {
  it('/health answers while the 50,000 × "a" text, the operator-bomb PDF and the lying DOCX are applied and parsed', async () => {
    const docs = [
      { email: 'text-bomb@x.example', file: { name: 'cv.txt', type: 'text/plain', data: textBomb() } },
      { email: 'pdf-bomb@x.example', file: { name: 'cv.pdf', type: 'application/pdf', data: await operatorBombPdf(2_000_000) } },
      { email: 'docx-bomb@x.example', file: { name: 'cv.docx', type: 'application/octet-stream', data: await lyingDocx(256, 4096) } },
    ];
    const health: number[] = [];
    const probe = async () => {
      const started = performance.now();
      const r = await t.app.inject({ method: 'GET', url: '/health' });
      health.push(performance.now() - started);
      expect(r.statusCode).toBe(200);
    };
    const applyTimes: number[] = [];
    for (const d of docs) {
      const res = await apply(jobs[0], { firstName: 'Pat', lastName: 'Flood', email: d.email }, d.file);
      applyTimes.push(lastApplyMs);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
      await probe();
    }
    // While the queue parses them in worker threads, /health keeps answering.
    const parsed = Promise.all(docs.map((d) => resumesParsed(d.email)));
    let done = false;
    void parsed.finally(() => {
      done = true;
    });
    while (!done) {
      await probe();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await parsed;
    console.log(
      `[apply] acknowledged in ${applyTimes.map((ms) => ms.toFixed(0)).join(' / ')} ms (text / PDF / DOCX); ` +
        `/health during the parses: ${health.length} probes, max ${Math.max(...health).toFixed(0)} ms, median ${health.sort((a, b) => a - b)[Math.floor(health.length / 2)].toFixed(0)} ms`,
    );
    const parses = await rows<{ email: string; resume_parse_error: string | null; resume_text: string }>(
      `SELECT c.email, a.resume_parse_error, c.resume_text FROM applications a JOIN candidates c ON c.client_id = a.client_id AND c.id = a.candidate_id
        WHERE c.client_id = '${A.client.id}' AND c.email LIKE '%-bomb@x.example' ORDER BY c.email`,
    );
    expect(parses.map((p) => [p.email, p.resume_parse_error])).toEqual([
      ['docx-bomb@x.example', 'The resume expands to far more data than a resume holds, so it was not read.'],
      [
        'pdf-bomb@x.example',
        'The resume needs more time or memory to read than a resume does, so it was not read. Please upload a simpler copy (PDF or DOCX).',
      ],
      ['text-bomb@x.example', null],
    ]);
    // The text resume was read (the first 200,000 characters at most) and kept for search.
    expect(parses[2].resume_text).toContain('Pat Flood');
  }, 180_000);
});

describe('an anonymous application never overwrites an existing candidate', () => {
  it("keeps the recruiter's name, phone and resume; adds the application and its file; proposes what differs", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/crm/candidates/create',
      headers: A.recruiterAuth.headers,
      payload: {
        clientId: A.client.id,
        firstName: 'Dana',
        lastName: 'Whitfield',
        email: 'dana.whitfield@x.example',
        phone: '+1 512 555 0101',
        resumeText: 'Charge nurse, 12 years, telemetry',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const danaId = created.json()._id as string;
    const hostile = Buffer.from('Mallory Impostor\nDANA.WHITFIELD@x.example\nI replace this resume\n');
    const res = await apply(
      jobs[1],
      { firstName: 'Mallory', lastName: 'Impostor', email: 'DANA.WHITFIELD@x.example', phoneNumber: '+1 999 555 0000' },
      { name: 'evil.txt', type: 'text/plain', data: hostile },
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
    await resumesParsed('dana.whitfield@x.example');

    const [dana] = await rows<{ first_name: string; last_name: string; phone: string; resume_text: string }>(
      `SELECT first_name, last_name, phone, resume_text FROM candidates WHERE client_id = '${A.client.id}' AND id = '${danaId}'`,
    );
    expect(dana).toEqual({ first_name: 'Dana', last_name: 'Whitfield', phone: '+1 512 555 0101', resume_text: 'Charge nurse, 12 years, telemetry' });
    const apps = await rows<{ id: string; resume_key: string; resume_name: string }>(
      `SELECT id, resume_key, resume_name FROM applications WHERE client_id = '${A.client.id}' AND candidate_id = '${danaId}' AND job_id = '${jobs[1]._id}'`,
    );
    expect(apps).toHaveLength(1);
    expect(apps[0].resume_name).toBe('evil.txt');
    expect(await t.app.storage.stat(apps[0].resume_key)).toEqual({ size: hostile.length });
    const [proposal] = await rows<{ application_id: string; status: string; changes: Record<string, unknown> }>(
      `SELECT application_id, status, changes FROM candidate_proposed_changes WHERE client_id = '${A.client.id}' AND candidate_id = '${danaId}'`,
    );
    expect(proposal).toMatchObject({ application_id: apps[0].id, status: 'open' });
    expect(proposal.changes).toMatchObject({ firstName: 'Mallory', lastName: 'Impostor', phone: '+1 999 555 0000' });
    expect(proposal.changes.resumeText).toContain('I replace this resume');

    // The CRM shows the recruiter's values, unchanged.
    const seen = await t.app.inject({ method: 'GET', url: `/api/crm/candidate/${danaId}?clientId=${A.client.id}`, headers: A.recruiterAuth.headers });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ firstName: 'Dana', lastName: 'Whitfield', phone: '+1 512 555 0101', resumeText: 'Charge nurse, 12 years, telemetry' });
  }, 120_000);

  it('a new candidate gets the parsed resume text once the job ran, and the CRM shows it', async () => {
    const res = await apply(
      jobs[0],
      { firstName: 'Noor', lastName: 'Haddad', email: 'noor.haddad@x.example' },
      { name: 'cv.txt', type: 'text/plain', data: Buffer.from('Noor Haddad\nnoor.haddad@x.example\nWard clerk with quokkaroster experience\n') },
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
    await resumesParsed('noor.haddad@x.example');
    const [c] = await rows<{ id: string }>(`SELECT id FROM candidates WHERE client_id = '${A.client.id}' AND email = 'noor.haddad@x.example'`);
    const seen = await t.app.inject({ method: 'GET', url: `/api/crm/candidate/${c.id}?clientId=${A.client.id}`, headers: A.recruiterAuth.headers });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().resumeText).toContain('quokkaroster');
    expect(await rows(`SELECT 1 FROM candidate_proposed_changes WHERE client_id = '${A.client.id}' AND candidate_id = '${c.id}'`)).toHaveLength(0);
  }, 120_000);
});

describe('erasure reaches proposed changes', () => {
  it('eraseProposedChanges deletes the rows of one candidate and names their files', async () => {
    const { eraseProposedChanges, removeProposalFiles } = await import('./index.ts');
    const [dana] = await rows<{ id: string }>(`SELECT id FROM candidates WHERE client_id = '${A.client.id}' AND email = 'dana.whitfield@x.example'`);
    await t.app.storage.put(`resumes/${A.client.id}/proposal-test.txt`, Buffer.from('x'));
    await t.app.db.execute(
      `UPDATE candidate_proposed_changes SET resume_key = 'resumes/${A.client.id}/proposal-test.txt' WHERE client_id = '${A.client.id}' AND candidate_id = '${dana.id}'` as never,
    );
    const keys = await t.app.db.transaction((tx) => eraseProposedChanges({ db: tx }, { clientId: A.client.id, candidateId: dana.id }));
    expect(keys).toEqual([`resumes/${A.client.id}/proposal-test.txt`]);
    await removeProposalFiles(t.app, keys);
    expect(await t.app.storage.stat(keys[0])).toBeNull();
    expect(await rows(`SELECT 1 FROM candidate_proposed_changes WHERE client_id = '${A.client.id}' AND candidate_id = '${dana.id}'`)).toHaveLength(0);
  });
});
