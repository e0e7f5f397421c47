import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, setupTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
let H: Record<string, string>;
let job1: string;
let job2: string;
const rnd = () => Math.random().toString(36).slice(2, 8);

const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers = H) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function create(over: Record<string, unknown> = {}, clientId = A.client.id, headers = H) {
  const res = await call(
    'POST',
    '/api/crm/candidates/create',
    { clientId, firstName: 'Ana', lastName: `Lopez${rnd()}`, email: `ana-${rnd()}@cand.example`, ...over },
    headers,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const dupsOf = async (id: string, clientId = A.client.id, headers = H) =>
  call('GET', `/api/crm/duplicates/candidate/${id}?clientId=${clientId}`, undefined, headers);
const get = async (id: string) => call('GET', `/api/crm/candidate/${id}?clientId=${A.client.id}`);
const timeline = async (id: string) =>
  (await call('GET', `/api/crm/candidate/${id}/timeline?clientId=${A.client.id}`)).json().results as Array<{
    _id: string;
    type: string;
    data: Record<string, unknown>;
  }>;

async function applyWithResume(candidateId: string, job: string, text: string) {
  const key = `resumes/${A.client.id}/${rnd()}.txt`;
  await t.app.storage.put(key, Buffer.from(text), 'text/plain');
  await t.app.db.execute(sql`INSERT INTO applications (client_id, candidate_id, job_id, resume_key, resume_name, resume_content_type, answers)
    VALUES (${A.client.id}, ${candidateId}, ${job}, ${key}, 'cv.txt', 'text/plain', ${JSON.stringify([{ question: 'Licensed?', answer: text }])}::jsonb)`);
  return key;
}

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  H = A.recruiterAuth.headers;
  const mk = async (title: string) =>
    (await call('POST', '/api/job/create', { clientId: A.client.id, title, zipCode: '78701', recruiterEmail: 'rita@a.example' }, A.staffAuth.headers)).json()
      ._id;
  job1 = await mk('ICU Nurse');
  job2 = await mk('Charge Nurse');
});
afterAll(async () => t?.close());

describe('duplicates: detection', () => {
  it('pairs the same normalised email (case, +tag, gmail dots and googlemail)', async () => {
    const u = rnd();
    const a = await create({ email: `Jane.Doe${u}+jobs@Gmail.com` });
    const b = await create({ email: `janedoe${u}@googlemail.com` });
    const res = await dupsOf(a._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((p: { candidates: Array<{ _id: string }> }) => p.candidates.map((c) => c._id))).toEqual([[a._id, b._id]]);
    expect(res.json().results[0].reasons).toEqual(['email']);
    const other = await create({ email: `jane.doe${u}@yahoo.com` });
    expect((await dupsOf(other._id)).json().totalCount).toBe(0);
  });

  it('pairs the same phone digits written differently, and not a short number', async () => {
    const n = Math.floor(Math.random() * 9000 + 1000);
    const a = await create({ phone: `(737) 555-${n}` });
    const b = await create({ phone: `+1 737.555.${n}` });
    expect((await dupsOf(b._id)).json().results).toMatchObject([{ reasons: ['phone'], _id: [a._id, b._id].sort().join(':') }]);
    const c = await create({ phone: '123' });
    await create({ phone: '123' });
    expect((await dupsOf(c._id)).json().totalCount).toBe(0);
  });

  it('pairs the same name in the same city (or zip), not the same name elsewhere', async () => {
    const last = `Kowal${rnd()}`;
    const a = await create({ firstName: 'Maria', lastName: last, address: { city: 'Austin', state: 'TX' } });
    const b = await create({ firstName: ' maria ', lastName: last.toUpperCase(), address: { city: 'austin', state: 'tx' } });
    const elsewhere = await create({ firstName: 'Maria', lastName: last, address: { city: 'Dallas', state: 'TX' } });
    const zipA = await create({ firstName: 'Maria', lastName: last, address: { zipCode: '10001-1234', city: 'New York', state: 'NY' } });
    const zipB = await create({ firstName: 'Maria', lastName: last, address: { zipCode: '10001' } });
    expect((await dupsOf(a._id)).json().results.map((p: { candidates: Array<{ _id: string }> }) => p.candidates[1]._id)).toEqual([b._id]);
    expect((await dupsOf(a._id)).json().results[0].reasons).toEqual(['nameLocation']);
    expect((await dupsOf(elsewhere._id)).json().totalCount).toBe(0);
    expect((await dupsOf(zipB._id)).json().results.map((p: { candidates: Array<{ _id: string }> }) => p.candidates[0]._id)).toEqual([zipA._id]);
  });

  it('lists the client’s pairs with paging and forgets a dismissed pair', async () => {
    const C = await createTenant(t.app);
    const h = C.recruiterAuth.headers;
    const x = await create({ phone: '512 555 7001' }, C.client.id, h);
    const y = await create({ phone: '5125557001', email: x.email.replace('@', '+2@') }, C.client.id, h);
    const z = await create({ phone: '512-555-7001' }, C.client.id, h);
    const list = await call('GET', `/api/crm/duplicates?clientId=${C.client.id}&pageSize=2`, undefined, h);
    expect(list.statusCode).toBe(200);
    expect(list.json().totalCount).toBe(3);
    expect(list.json().results).toHaveLength(2);
    const all = (await call('GET', `/api/crm/duplicates?clientId=${C.client.id}`, undefined, h)).json();
    const xy = all.results.find((p: { _id: string }) => p._id === [x._id, y._id].sort().join(':'));
    expect(xy.reasons).toEqual(['email', 'phone']);
    const d = await call('POST', '/api/crm/duplicates/dismiss', { clientId: C.client.id, candidateIds: [y._id, x._id] }, h);
    expect(d.statusCode).toBe(200);
    expect(d.json()).toEqual({ message: messages.crm.duplicateDismissed });
    const after = (await call('GET', `/api/crm/duplicates?clientId=${C.client.id}`, undefined, h)).json();
    expect(after.totalCount).toBe(2);
    expect((await dupsOf(z._id, C.client.id, h)).json().totalCount).toBe(2);
    expect((await dupsOf(x._id, C.client.id, h)).json().results.map((p: { candidates: Array<{ _id: string }> }) => p.candidates.map((c) => c._id))).toEqual([
      [x._id, z._id],
    ]);
  });
});

describe('duplicates: merge and undo', () => {
  it('merge keeps every application, file, tag, assigned job, note, favourite, list, follow-up and timeline entry; undo restores both exactly', async () => {
    const u = rnd();
    const s = await create({ email: `sam${u}@cand.example`, phone: '+1 512 555 0142', tags: ['nights'], skills: ['ICU'] });
    const m = await create({
      email: `Sam${u}+indeed@cand.example`,
      phone: '5125550142',
      tags: ['Nights', 'bilingual'],
      skills: ['Telemetry'],
      address: { city: 'Austin', state: 'TX', zipCode: '78701' },
      resumeText: 'Registered nurse, telemetry',
    });
    const sKey = await applyWithResume(s._id, job1, 'survivor resume');
    const mKey1 = await applyWithResume(m._id, job1, 'merged resume job 1');
    const mKey2 = await applyWithResume(m._id, job2, 'merged resume job 2');
    const fileKey = `resumes/${A.client.id}/${rnd()}.pdf`;
    await t.app.db.execute(sql`INSERT INTO files (client_id, owner_id, storage_key, content_type, size_bytes, kind)
      VALUES (${A.client.id}, ${m._id}, ${fileKey}, 'application/pdf', 10, 'candidate_file')`);
    expect((await call('POST', '/api/crm/candidates/notes', { clientId: A.client.id, candidateId: m._id, note: 'Met at the fair' })).statusCode).toBe(201);
    expect((await call('PATCH', `/api/candidates/update/${m._id}`, { clientId: A.client.id, favorite: true })).statusCode).toBe(201);
    const list = await call('POST', '/api/candidates-lists/create', { clientId: A.client.id, name: `L${u}`, candidateIds: [m._id] });
    expect(list.statusCode, list.body).toBe(201);
    const fu = await call('POST', '/api/candidates/follow-up', {
      clientId: A.client.id,
      candidateId: m._id,
      reminderDate: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(fu.statusCode, fu.body).toBe(201);

    const beforeS = (await get(s._id)).json();
    const beforeM = (await get(m._id)).json();
    const tlS = await timeline(s._id);
    const tlM = await timeline(m._id);
    expect(tlM.map((e) => e.type)).toEqual(expect.arrayContaining(['note', 'created', 'follow-up']));

    const res = await call('POST', '/api/crm/duplicates/merge', { clientId: A.client.id, survivorId: s._id, mergedId: m._id });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json();
    expect(r.message).toBe(messages.crm.mergeDone);
    expect(r.merge).toMatchObject({ survivorId: s._id, mergedId: m._id, reasons: ['email', 'phone'], actorEmail: A.recruiter.email, undoneAt: null });
    expect(new Date(r.merge.undoUntil).getTime() - new Date(r.merge.createdAt).getTime()).toBe(24 * 3_600_000);
    const c = r.candidate;
    expect(c.tags).toEqual(['nights', 'bilingual']);
    expect(c.skills).toEqual(['ICU', 'Telemetry']);
    expect(c.address).toMatchObject({ city: 'Austin', state: 'TX', zipCode: '78701' });
    expect(c.resumeText).toBe('Registered nurse, telemetry');
    expect(c.favorite).toBe(true);
    expect([...c.assignedJobs].sort()).toEqual([job1, job2].sort());
    expect(c.applications.map((a: { jobId: string }) => a.jobId).sort()).toEqual([job1, job2].sort());
    // Every file of both: the survivor's resume, the merged one's two resumes (one from an application to the same job) and its upload.
    expect(c.files.map((f: { blobPath: string }) => f.blobPath).sort()).toEqual([sKey, mKey1, mKey2, fileKey].sort());
    const resume = await call('GET', `/api/get-resume?blobPath=${encodeURIComponent(mKey1)}`);
    expect(resume.statusCode).toBe(200);
    expect(resume.body).toBe('merged resume job 1');

    // The merged candidate is gone from reads, lists and search; its timeline is the survivor's.
    expect((await get(m._id)).statusCode).toBe(404);
    const found = await call('GET', `/api/crm/candidates?clientId=${A.client.id}&searchQuery=${encodeURIComponent(`sam${u}`)}`);
    expect(found.json().results.map((x: { _id: string }) => x._id)).toEqual([s._id]);
    const tl = await timeline(s._id);
    expect(tl[0]).toMatchObject({
      type: 'merged',
      data: { mergedId: m._id, reasons: ['email', 'phone'], applications: 2, sameJobApplications: [{ jobId: job1 }] },
    });
    expect(tl.map((e) => e._id).sort()).toEqual([tl[0]._id, ...tlS.map((e) => e._id), ...tlM.map((e) => e._id)].sort());
    const members = await t.app.db.execute(
      sql`SELECT candidate_id FROM candidate_list_members WHERE client_id = ${A.client.id} AND list_id = ${list.json()._id}`,
    );
    expect(members.rows).toEqual([{ candidate_id: s._id }]);
    const fus = await t.app.db.execute(sql`SELECT candidate_id FROM candidate_follow_ups WHERE client_id = ${A.client.id} AND id = ${fu.json()._id}`);
    expect(fus.rows).toEqual([{ candidate_id: s._id }]);
    expect((await dupsOf(s._id)).json().totalCount).toBe(0);

    const merges = await call('GET', `/api/crm/duplicates/merges?clientId=${A.client.id}&candidateId=${s._id}`);
    expect(merges.json().results.map((x: { _id: string }) => x._id)).toEqual([r.merge._id]);

    // Undo: both exactly as before, each timeline on its own side plus one "unmerged" entry.
    const undo = await call('POST', `/api/crm/duplicates/merges/${r.merge._id}/undo`, { clientId: A.client.id });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().message).toBe(messages.crm.mergeUndone);
    expect(undo.json().merge.undoneAt).not.toBeNull();
    expect((await get(s._id)).json()).toEqual(beforeS);
    expect((await get(m._id)).json()).toEqual(beforeM);
    const tlS2 = await timeline(s._id);
    const tlM2 = await timeline(m._id);
    expect(tlS2[0]).toMatchObject({ type: 'unmerged', data: { mergeId: r.merge._id } });
    expect(tlM2[0]).toMatchObject({ type: 'unmerged' });
    expect(tlS2.slice(1).map((e) => e._id)).toEqual(tlS.map((e) => e._id));
    expect(tlM2.slice(1).map((e) => e._id)).toEqual(tlM.map((e) => e._id));
    expect(
      (await t.app.db.execute(sql`SELECT candidate_id FROM candidate_follow_ups WHERE client_id = ${A.client.id} AND id = ${fu.json()._id}`)).rows,
    ).toEqual([{ candidate_id: m._id }]);
    expect((await t.app.db.execute(sql`SELECT count(*)::int AS n FROM files WHERE client_id = ${A.client.id} AND storage_key = ${mKey1}`)).rows[0]).toEqual({
      n: 0,
    });
    expect((await dupsOf(s._id)).json().totalCount).toBe(1);

    const again = await call('POST', `/api/crm/duplicates/merges/${r.merge._id}/undo`, { clientId: A.client.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorMsg.merge).toEqual([messages.crm.mergeAlreadyUndone]);
  });

  it('the work on a merged application to the same job (stage history, scorecards and their ratings) goes with it and comes back on undo', async () => {
    const u = rnd();
    const s = await create({ email: `kim${u}@cand.example` });
    const m = await create({ email: `kim${u}+jobs@cand.example` });
    await applyWithResume(s._id, job1, 'survivor');
    await applyWithResume(m._id, job1, 'merged');
    const q = (x: ReturnType<typeof sql>) => t.app.db.execute<Record<string, unknown>>(x);
    const [{ id: appId }] = (await q(sql`SELECT id FROM applications WHERE client_id = ${A.client.id} AND candidate_id = ${m._id}`)).rows as Array<{
      id: string;
    }>;
    // Two moves on the board, an interview of the job's plan with its scorecard and one rating.
    await q(sql`INSERT INTO application_stage_events (client_id, application_id, job_id, outcome, at)
      VALUES (${A.client.id}, ${appId}, ${job1}, 'active', now() - interval '2 days'), (${A.client.id}, ${appId}, ${job1}, 'rejected', now() - interval '1 day')`);
    const [{ id: interviewId }] = (
      await q(sql`INSERT INTO interviews (client_id, job_id, name, duration_minutes) VALUES (${A.client.id}, ${job1}, 'Panel', 45) RETURNING id`)
    ).rows as Array<{ id: string }>;
    const [{ id: attributeId }] = (
      await q(sql`INSERT INTO scorecard_attributes (client_id, job_id, category, name) VALUES (${A.client.id}, ${job1}, 'skills', 'Triage') RETURNING id`)
    ).rows as Array<{ id: string }>;
    const [{ id: scorecardId }] = (
      await q(sql`INSERT INTO scorecards (client_id, application_id, interview_id, interviewer_id, overall, notes)
        VALUES (${A.client.id}, ${appId}, ${interviewId}, ${A.recruiter.id}, 'yes', 'Calm under pressure') RETURNING id`)
    ).rows as Array<{ id: string }>;
    await q(
      sql`INSERT INTO scorecard_ratings (client_id, scorecard_id, attribute_id, rating) VALUES (${A.client.id}, ${scorecardId}, ${attributeId}, 'strong_yes')`,
    );
    const work = async () => ({
      events: (await q(sql`SELECT outcome, at FROM application_stage_events WHERE client_id = ${A.client.id} AND application_id = ${appId} ORDER BY at`)).rows,
      scorecards: (await q(sql`SELECT id, overall, notes FROM scorecards WHERE client_id = ${A.client.id} AND application_id = ${appId}`)).rows,
      ratings: (await q(sql`SELECT rating FROM scorecard_ratings WHERE client_id = ${A.client.id} AND scorecard_id = ${scorecardId}`)).rows,
    });
    const before = await work();
    expect(before.events).toHaveLength(2);
    expect(before.scorecards).toEqual([{ id: scorecardId, overall: 'yes', notes: 'Calm under pressure' }]);

    const res = await call('POST', '/api/crm/duplicates/merge', { clientId: A.client.id, survivorId: s._id, mergedId: m._id });
    expect(res.statusCode, res.body).toBe(201);
    // The survivor's application to the job wins; the other one and its work are gone from the tables.
    expect(await work()).toEqual({ events: [], scorecards: [], ratings: [] });

    const undo = await call('POST', `/api/crm/duplicates/merges/${res.json().merge._id}/undo`, { clientId: A.client.id });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await work()).toEqual(before);
  });

  it('refuses an undo after 24 hours with a 409 that says why, and leaves the merge in place', async () => {
    const a = await create();
    const b = await create({ email: a.email.replace('@', '+x@') });
    const r = (await call('POST', '/api/crm/duplicates/merge', { clientId: A.client.id, survivorId: b._id, mergedId: a._id })).json();
    await t.app.db.execute(
      sql`UPDATE candidate_merges SET created_at = now() - interval '24 hours 1 minute' WHERE client_id = ${A.client.id} AND id = ${r.merge._id}`,
    );
    const undo = await call('POST', `/api/crm/duplicates/merges/${r.merge._id}/undo`, { clientId: A.client.id });
    expect(undo.statusCode).toBe(409);
    expect(undo.json()).toEqual({ errorMsg: { merge: [messages.crm.mergeUndoExpired] } });
    expect((await get(a._id)).statusCode).toBe(404);
    const listed = await call('GET', `/api/crm/duplicates/merges?clientId=${A.client.id}&candidateId=${b._id}`);
    expect(listed.json().totalCount).toBe(0);
  });

  it('a new application with the merged address makes a new, visible candidate that is offered again; the undo then says the address is taken', async () => {
    const a = await create({ email: `lee${rnd()}@cand.example` });
    const b = await create({ email: a.email.replace('@', '+1@') });
    const r = (await call('POST', '/api/crm/duplicates/merge', { clientId: A.client.id, survivorId: a._id, mergedId: b._id })).json();
    const again = await create({ email: b.email });
    expect((await dupsOf(again._id)).json().results.map((p: { candidates: Array<{ _id: string }> }) => p.candidates[0]._id)).toEqual([a._id]);
    const undo = await call('POST', `/api/crm/duplicates/merges/${r.merge._id}/undo`, { clientId: A.client.id });
    expect(undo.statusCode).toBe(409);
    expect(undo.json().errorMsg.merge).toEqual([messages.crm.mergeUndoEmailTaken(b.email)]);
  });

  it('refuses to merge a candidate with itself (400) or an unknown one (404)', async () => {
    const a = await create();
    const same = await call('POST', '/api/crm/duplicates/merge', { clientId: A.client.id, survivorId: a._id, mergedId: a._id });
    expect(same.statusCode).toBe(400);
    expect(same.json().errorMsg.mergedId).toEqual([messages.crm.mergeSame]);
    const gone = await call('POST', '/api/crm/duplicates/merge', {
      clientId: A.client.id,
      survivorId: a._id,
      mergedId: '00000000-0000-4000-8000-000000000000',
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errorMsg.mergedId).toEqual([messages.crm.candidateNotFound]);
  });
});

describe('duplicates: tenant isolation', () => {
  it('never pairs, merges or undoes across clients', async () => {
    const email = `iso${rnd()}@cand.example`;
    const a = await create({ email, phone: '+1 512 555 0188' });
    const b = await create({ email, phone: '+1 512 555 0188' }, B.client.id, B.recruiterAuth.headers);
    expect((await dupsOf(a._id)).json().totalCount).toBe(0);
    // B's recruiter names A's client: 404 (A is not among B's clients), never A's data.
    const asB = B.recruiterAuth.headers;
    expect((await call('GET', `/api/crm/duplicates?clientId=${A.client.id}`, undefined, asB)).statusCode).toBe(404);
    expect((await dupsOf(a._id, A.client.id, asB)).statusCode).toBe(404);
    expect((await dupsOf(a._id, B.client.id, asB)).statusCode).toBe(404);
    // A candidate of B named under A's client is missing.
    const cross = await call('POST', '/api/crm/duplicates/merge', { clientId: A.client.id, survivorId: a._id, mergedId: b._id });
    expect(cross.statusCode).toBe(404);
    const a2 = await create({ email: email.replace('@', '+2@') });
    const r = (await call('POST', '/api/crm/duplicates/merge', { clientId: A.client.id, survivorId: a._id, mergedId: a2._id })).json();
    const undoAsB = await call('POST', `/api/crm/duplicates/merges/${r.merge._id}/undo`, { clientId: B.client.id }, asB);
    expect(undoAsB.statusCode).toBe(404);
    expect(undoAsB.json().errorMsg.merge).toEqual([messages.crm.mergeNotFound]);
    expect((await call('POST', `/api/crm/duplicates/merges/${r.merge._id}/undo`, { clientId: A.client.id }, asB)).statusCode).toBe(404);
    expect((await call('GET', `/api/crm/duplicates/merges?clientId=${B.client.id}`, undefined, asB)).json().totalCount).toBe(0);
  });
});
