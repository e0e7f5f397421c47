import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, setupTestApp, type TestApp } from '../../../test/helpers.ts';

/**
 * Erasure erases everywhere (DESIGN "Security by construction"): a merge undo cannot bring an erased
 * person back, and the typo-search vocabulary and the outbox keep nothing of them.
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let H: Record<string, string>;
let job: string;
const letters = (n = 8) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const rnd = () => Math.random().toString(36).slice(2, 8);

const call = (method: 'GET' | 'POST', url: string, payload?: object, headers = H) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function create(over: Record<string, unknown>) {
  const res = await call('POST', '/api/crm/candidates/create', { clientId: A.client.id, firstName: 'Ana', email: `ana-${rnd()}@cand.example`, ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; email: string };
}

async function applyWithResume(candidateId: string, text: string) {
  const key = `resumes/${A.client.id}/${rnd()}.txt`;
  await t.app.storage.put(key, Buffer.from(text), 'text/plain');
  await t.app.db.execute(sql`INSERT INTO applications (client_id, candidate_id, job_id, resume_key, resume_name, resume_content_type)
    VALUES (${A.client.id}, ${candidateId}, ${job}, ${key}, 'cv.txt', 'text/plain')`);
  return key;
}

const words = async (list: string[]) =>
  (
    await t.app.db.execute<{ word: string }>(
      sql`SELECT word FROM candidate_words WHERE client_id = ${A.client.id} AND word = ANY(${`{${list.join(',')}}`}::text[]) ORDER BY word`,
    )
  ).rows.map((r) => r.word);

const search = async (q: string) => {
  const res = await call('GET', `/api/crm/candidates?clientId=${A.client.id}&searchQuery=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { results: Array<{ _id: string }>; corrections?: Array<{ term: string; suggestions: string[] }> };
};

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  H = A.recruiterAuth.headers;
  const res = await call(
    'POST',
    '/api/job/create',
    { clientId: A.client.id, title: 'ICU Nurse', zipCode: '78701', recruiterEmail: 'rita@a.example' },
    A.staffAuth.headers,
  );
  job = res.json()._id;
});
afterAll(async () => t?.close());

describe('erasure after a merge', () => {
  it('merge M into S, erase S, undo: refused with 409, and nothing of S or M comes back', async () => {
    const sName = `Q${letters()}`;
    const mName = `W${letters()}`;
    const sWord = `x${letters(9)}`;
    const phone = `+1 512 555 ${Math.floor(Math.random() * 9000 + 1000)}`;
    const s = await create({ lastName: sName, phone, resumeText: `Pediatric nurse, ${sWord} certified`, skills: ['Phlebotomy', 'Telemetry'] });
    const m = await create({ lastName: mName, phone, resumeText: 'Night shift charge nurse', skills: ['Triage'] });
    // Another live candidate shares a skill and a resume word: those words stay in the vocabulary.
    await create({ lastName: `Other${letters()}`, skills: ['Phlebotomy'], resumeText: 'Pediatric ward' });
    const sKey = await applyWithResume(s._id, 'S resume');
    await applyWithResume(m._id, 'M resume');
    expect(await words([sName.toLowerCase(), mName.toLowerCase(), sWord, 'phlebotomy', 'pediatric'])).toEqual(
      [sName.toLowerCase(), mName.toLowerCase(), sWord, 'phlebotomy', 'pediatric'].sort(),
    );
    // Typo search suggests the surname before the erasure ("Qabcdefgh" typed without its last letter).
    const typo = sName.toLowerCase().slice(0, -1);
    expect((await search(typo)).corrections?.[0]?.suggestions).toContain(sName.toLowerCase());

    // Mails naming them, sitting in the outbox (no SMTP_URL): a forward with the resume, a mail to M's
    // own address (sent before the merge hid it), and one about someone else that must stay.
    const fwd = await call('POST', '/api/crm/forward-profile', { clientId: A.client.id, candidateId: s._id, to: ['hm@a.example'], includeResume: true });
    expect(fwd.statusCode, fwd.body).toBe(200);
    await t.app.mail.send({ to: m.email, clientId: A.client.id, subject: 'Thank you for applying', text: 'We received your application.' });
    await t.app.mail.send({ to: 'hm@a.example', clientId: A.client.id, subject: 'About S', text: `Please look at ${s.email} again.` });
    await t.app.mail.send({ to: 'hm@a.example', clientId: A.client.id, subject: 'Someone else', text: 'Please call jo@other.example.' });

    const merge = await call('POST', '/api/crm/duplicates/merge', { clientId: A.client.id, survivorId: s._id, mergedId: m._id });
    expect(merge.statusCode, merge.body).toBe(201);
    const mergeId = merge.json().merge._id;

    const erase = await call('POST', '/api/crm/privacy/candidate/erase', { clientId: A.client.id, candidateId: s._id, confirm: s.email });
    expect(erase.statusCode, erase.body).toBe(200);

    const undo = await call('POST', `/api/crm/duplicates/merges/${mergeId}/undo`, { clientId: A.client.id });
    expect(undo.statusCode).toBe(409);
    expect(undo.json()).toEqual({ errorMsg: { merge: [messages.crm.mergeUndoErased] } });

    const rows = await t.app.db.execute<{
      id: string;
      phone: string | null;
      resume_text: string;
      skills: string[];
      last_name: string;
      merged_into: string | null;
    }>(
      sql`SELECT id, phone, resume_text, skills, last_name, merged_into FROM candidates WHERE client_id = ${A.client.id} AND id IN (${s._id}, ${m._id}) ORDER BY id`,
    );
    for (const r of rows.rows) expect(r).toMatchObject({ phone: null, resume_text: '', skills: [], last_name: 'candidate' });
    expect(rows.rows.find((r) => r.id === m._id)?.merged_into).toBe(s._id);
    // The snapshot the undo would have used is gone.
    const snap = await t.app.db.execute<{ undo: unknown; undone_at: Date | null }>(
      sql`SELECT undo, undone_at FROM candidate_merges WHERE client_id = ${A.client.id} AND id = ${mergeId}`,
    );
    expect(snap.rows[0]).toEqual({ undo: { erased: true }, undone_at: null });
    const anywhere = await t.app.db.execute(
      sql`SELECT 1 FROM candidate_merges WHERE client_id = ${A.client.id} AND (undo::text ILIKE ${`%${sName}%`} OR undo::text LIKE ${`%${phone}%`})`,
    );
    expect(anywhere.rows).toEqual([]);

    // The vocabulary: their own words are gone; words another candidate holds stay.
    expect(await words([sName.toLowerCase(), mName.toLowerCase(), sWord, 'phlebotomy', 'pediatric', 'triage'])).toEqual(['pediatric', 'phlebotomy']);
    const after = await search(typo);
    expect(JSON.stringify(after.corrections ?? [])).not.toContain(sName.toLowerCase());
    expect(after.results).toEqual([]);

    // The outbox: nothing to, about or carrying the files of S or M; the unrelated mail stays.
    const out = await t.app.db.execute<{ subject: string; to_address: string }>(
      sql`SELECT subject, to_address FROM outbox WHERE client_id = ${A.client.id} ORDER BY created_at`,
    );
    expect(out.rows).toEqual([{ subject: 'Someone else', to_address: 'hm@a.example' }]);
    const naming = await t.app.db.execute(sql`
      SELECT 1 FROM outbox WHERE lower(to_address) IN (${s.email.toLowerCase()}, ${m.email.toLowerCase()})
          OR text_body ILIKE ${`%${sName}%`} OR text_body ILIKE ${`%${mName}%`} OR subject ILIKE ${`%${sName}%`}
          OR attachments::text LIKE ${`%${sKey}%`}`);
    expect(naming.rows).toEqual([]);
    expect(await t.app.storage.stat(sKey).catch(() => null)).toBeFalsy();
  });

  it('refuses the undo when the merged side was erased through the survivor, and a plain undo still works', async () => {
    const phone = `+1 737 555 ${Math.floor(Math.random() * 9000 + 1000)}`;
    const s = await create({ lastName: `S${letters()}`, phone });
    const m = await create({ lastName: `M${letters()}`, phone });
    const merge = await call('POST', '/api/crm/duplicates/merge', { clientId: A.client.id, survivorId: s._id, mergedId: m._id });
    const ok = await call('POST', `/api/crm/duplicates/merges/${merge.json().merge._id}/undo`, { clientId: A.client.id });
    expect(ok.statusCode, ok.body).toBe(200);

    const again = await call('POST', '/api/crm/duplicates/merge', { clientId: A.client.id, survivorId: m._id, mergedId: s._id });
    expect(again.statusCode, again.body).toBe(201);
    await t.app.db.execute(sql`UPDATE candidates SET anonymized_at = now() WHERE client_id = ${A.client.id} AND id = ${s._id}`);
    const undo = await call('POST', `/api/crm/duplicates/merges/${again.json().merge._id}/undo`, { clientId: A.client.id });
    expect(undo.statusCode).toBe(409);
    expect(undo.json().errorMsg.merge).toEqual([messages.crm.mergeUndoErased]);
  });
});
