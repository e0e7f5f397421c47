import { messages } from '@hh/contract/messages';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, setupTestApp, signIn, type TestApp } from '../../test/helpers.ts';
import { ResumeParseError } from './errors.ts';
import { lyingDocx, operatorBombPdf, textBomb } from './pathological.ts';
import { PDF_LIMITS, checkPdf } from './pdf-guard.ts';
import { PARSE_PER_CLIENT, PARSE_PER_USER } from './routes.ts';
import { parseResumeInWorker, RESUME_WORKER_LIMITS } from './run-in-worker.ts';
import { checkZip, DOCX_MAX_INFLATED, inflateEntries } from './zip-guard.ts';

/**
 * The documents that froze the server (a text resume of 50,000 × 'a', a PDF whose content stream
 * inflates to millions of operators, a DOCX whose directory declares 4 KB but inflates to far more)
 * are parsed in a worker thread with time and memory limits, and refused with a 4xx naming the problem.
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
});
afterAll(async () => t?.close());

function post(bytes: Buffer, type: string, filename: string, headers: Record<string, string>) {
  const boundary = `b${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/resume-parser',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
  });
}

describe('DOCX: bytes counted while inflating', () => {
  it('a DOCX whose directory declares 4 KB but inflates to 256 MB passes the directory check and is stopped while inflating', async () => {
    const docx = await lyingDocx(256, 4096);
    expect(docx.length).toBeLessThan(2 * 1024 * 1024);
    expect(() => checkZip(docx)).not.toThrow(); // the directory alone says 4 KB
    const rss = process.memoryUsage().rss;
    let refusal: unknown;
    try {
      inflateEntries(docx);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(ResumeParseError);
    expect((refusal as ResumeParseError).status).toBe(413);
    // Stopped at DOCX_MAX_INFLATED (20 MB), nowhere near 256 MB.
    console.log(
      `[lying DOCX] ${docx.length} bytes; inflate stopped at ${DOCX_MAX_INFLATED / 1048576} MB; rss +${((process.memoryUsage().rss - rss) / 1e6).toFixed(0)} MB`,
    );
  }, 60_000);

  it('POST api/resume-parser answers 413 with the reason', async () => {
    const res = await post(await lyingDocx(64, 4096), DOCX, 'cv.docx', A.recruiterAuth.headers);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ errorMsg: { resume: [messages.requisitions.parseFailed, messages.requisitions.resumeExpandsTooMuch] } });
  }, 60_000);
});

describe('PDF: content operators counted before pdf.js reads the file', () => {
  it('a 21 KB PDF whose content inflates to 2,000,000 "0 0 Td" operators is refused (422, too complex)', async () => {
    const pdf = await operatorBombPdf(2_000_000);
    expect(pdf.length).toBeLessThan(64 * 1024);
    expect(() => checkPdf(pdf)).toThrow(messages.requisitions.resumeTooComplex);
    const res = await post(pdf, 'application/pdf', 'cv.pdf', A.recruiterAuth.headers);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errorMsg: { resume: [messages.requisitions.parseFailed, messages.requisitions.resumeTooComplex] } });
  }, 60_000);

  it('a PDF under the operator limit is read as before', async () => {
    const pdf = await operatorBombPdf(1_000);
    expect(() => checkPdf(pdf)).not.toThrow();
    expect(PDF_LIMITS.operators).toBeGreaterThan(1_000);
    const res = await post(pdf, 'application/pdf', 'cv.pdf', A.recruiterAuth.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Pat', lastName: 'Flood' });
  }, 60_000);
});

describe('the worker thread: time and memory limits per document', () => {
  it('the 50,000 × "a" text resume is read in the worker, fields and all', async () => {
    const started = performance.now();
    const r = await parseResumeInWorker(textBomb(), 'text/plain', 'cv.txt');
    console.log(`[worker] 50,000 × 'a' text resume parsed in ${(performance.now() - started).toFixed(0)} ms (worker start included)`);
    expect(r).toMatchObject({ firstName: 'Pat', lastName: 'Flood', email: '', fileType: 'txt' });
  });

  it('past the time limit the worker is terminated and the document refused (422, too complex)', async () => {
    const err = await parseResumeInWorker(textBomb(), 'text/plain', 'cv.txt', { ...RESUME_WORKER_LIMITS, timeoutMs: 1 }).catch((e) => e);
    expect(err).toBeInstanceOf(ResumeParseError);
    expect(err).toMatchObject({ status: 422, message: messages.requisitions.resumeTooComplex });
  });

  it('past the heap limit the worker dies, not the server (422, too complex)', async () => {
    // 8 MB of text split into lines and fields needs far more than a 4 MB old generation.
    const big = Buffer.from(`Pat Flood\n${'word '.repeat(1_600_000)}`);
    const err = await parseResumeInWorker(big, 'text/plain', 'cv.txt', {
      ...RESUME_WORKER_LIMITS,
      maxOldGenerationSizeMb: 4,
      maxYoungGenerationSizeMb: 1,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(ResumeParseError);
    expect(err).toMatchObject({ status: 422, message: messages.requisitions.resumeTooComplex });
    // The server goes on: the next document parses.
    expect(await parseResumeInWorker(Buffer.from('Ana Souza\nana@example.org\n'), 'text/plain')).toMatchObject({ firstName: 'Ana', email: 'ana@example.org' });
  }, 60_000);
});

describe('POST api/resume-parser is rate-limited per user and per client', () => {
  const notMultipart = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/resume-parser', headers: { ...headers, 'content-type': 'application/json' }, payload: '{}' });

  it(`one user: ${PARSE_PER_USER.max} calls a minute, then 429 with Retry-After`, async () => {
    const B = await createTenant(t.app);
    for (let i = 0; i < PARSE_PER_USER.max; i++) expect((await notMultipart(B.recruiterAuth.headers)).statusCode).not.toBe(429);
    const r = await notMultipart(B.recruiterAuth.headers);
    expect(r.statusCode).toBe(429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.stringify(r.json())).toContain(messages.security.tooManyRequests);
    // Another user is not held back by this one.
    expect((await notMultipart(B.staffAuth.headers)).statusCode).not.toBe(429);
  });

  it(`one client: ${PARSE_PER_CLIENT.max} calls a minute across its users, then 429`, async () => {
    const C = await createTenant(t.app);
    const users = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const u = await createUser(t.app, { role: 'user', clientId: C.client.id, products: { cultivate: 'member' } });
        return (await signIn(t.app, u.email)).headers;
      }),
    );
    let sent = 0;
    for (const headers of users) {
      for (let i = 0; i < PARSE_PER_USER.max && sent < PARSE_PER_CLIENT.max; i++, sent++) expect((await notMultipart(headers)).statusCode).not.toBe(429);
    }
    expect(sent).toBe(PARSE_PER_CLIENT.max);
    const r = await notMultipart(C.staffAuth.headers); // a fifth user of the same client
    expect(r.statusCode).toBe(429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  }, 60_000);
});
