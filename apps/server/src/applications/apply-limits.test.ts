import { messages } from '@hh/contract/messages';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { solveJobPageCaptcha } from '../../test/captcha.ts';

/** Anonymous applications are limited per address, per job, and by a daily storage quota. */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let job: { _id: string; url: string };

beforeAll(async () => {
  t = await setupTestApp({ APPLY_DAILY_STORAGE_MB: '1' });
  A = await createTenant(t.app);
  job = (
    await t.app.inject({ method: 'POST', url: '/api/job/create', headers: A.staffAuth.headers, payload: { clientId: A.client.id, title: 'Porter' } })
  ).json();
});
afterAll(async () => t?.close());

const solvedCaptcha = () => solveJobPageCaptcha(t.app, job.url);

async function apply(ip: string, resume: Buffer) {
  const boundary = `----hh${randomBytes(8).toString('hex')}`;
  const fields = { firstName: 'Pat', lastName: 'Flood', email: `p${randomBytes(4).toString('hex')}@x.example`, altcha: await solvedCaptcha() };
  const chunks: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  chunks.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    resume,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return t.app.inject({
    method: 'POST',
    url: `/${A.client.nameSlug}/apply/${job._id}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'text/html' },
    payload: Buffer.concat(chunks),
    remoteAddress: ip,
  });
}
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(Math.max(0, size - 16), 32), Buffer.from('\n%%EOF\n')]);

describe('apply limits', () => {
  it('one address: 10 applications an hour, the 11th is 429 with Retry-After and the message on the page', async () => {
    for (let i = 0; i < 10; i++) expect((await apply('198.51.100.7', pdf(200))).statusCode).toBe(303);
    const r = await apply('198.51.100.7', pdf(200));
    expect(r.statusCode).toBe(429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(r.body).toContain(messages.security.applyTooMany);
  }, 180_000);

  it('one client: resumes over the daily storage quota (1 MB here) are refused, nothing stored', async () => {
    expect((await apply('198.51.100.8', pdf(450 * 1024))).statusCode).toBe(303);
    expect((await apply('198.51.100.9', pdf(450 * 1024))).statusCode).toBe(303);
    const before = await countRows(t.app, 'applications', `client_id = '${A.client.id}'`);
    const r = await apply('198.51.100.10', pdf(450 * 1024));
    expect(r.statusCode).toBe(429);
    expect(r.body).toContain(messages.security.storageQuota);
    expect(await countRows(t.app, 'applications', `client_id = '${A.client.id}'`)).toBe(before);
  }, 120_000);
});
