import { gunzipSync } from 'node:zlib';
import { messages } from '@hh/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFormQuestions } from '../db/schema/core.ts';
import { departments } from '../db/schema/jobs.ts';
import { countRows, createTenant, createUser, mailText, setupTestApp, signIn, startSmtp, type TestApp } from '../../test/helpers.ts';
import { makeTestVideo, multipartBody } from '../video/test-media.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
let webm: Buffer;
let questionIds: string[];
let departmentId: string;

type Auth = { headers: Record<string, string> };
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, auth?: Auth, payload?: unknown) =>
  t.app.inject({ method, url, headers: auth?.headers, payload: payload as never });

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupTestApp({ SMTP_URL: smtp.url });
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  webm = (await makeTestVideo({ format: 'webm', seconds: 1 })).bytes;
  const qs = await t.app.db
    .insert(clientFormQuestions)
    .values([
      { clientId: A.client.id, question: 'Why do you like working here?', position: 0 },
      { clientId: A.client.id, question: 'What does a day look like?', position: 1 },
    ])
    .returning();
  questionIds = qs.map((q) => q.id);
  [{ id: departmentId }] = await t.app.db.insert(departments).values({ clientId: A.client.id, name: 'Nursing' }).returning();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Uploads the test recording as `auth` and waits until it is ready. */
async function readyVideo(auth: Auth): Promise<string> {
  const u = (await call('POST', '/api/video/get-upload-url', auth, {})).json();
  const up = await t.app.inject({ method: 'POST', url: new URL(u.uploadUrl).pathname, ...multipartBody(webm) });
  expect(up.statusCode).toBe(201);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const r = (await call('GET', `/api/video/get-details?videoId=${u.videoId}`, auth)).json().result;
    if (r.state === 'ready') return u.videoId;
    if (r.state === 'failed' || Date.now() > deadline) throw new Error(`video ${r.state}`);
    await new Promise((res) => setTimeout(res, 300));
  }
}

async function employee(tenant = A, wave = 'member') {
  const u = await createUser(t.app, { role: 'user', clientId: tenant.client.id, products: { wave } });
  return { user: u, auth: await signIn(t.app, u.email) };
}

describe('wave profile create', () => {
  it('creates the caller profile "In Progress" (201), and a second gets 409 "You already have a Wave profile!"', async () => {
    const e = await employee();
    const res = await call('POST', '/api/profiles/wave/create', e.auth, {
      basicInfo: { firstName: 'Nia', lastName: 'Nurse' },
      title: 'Charge Nurse',
      university: 'UT Austin',
      interests: 'Running',
      departmentId,
      showNotification: false,
    });
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      clientId: A.client.id,
      status: 'In Progress',
      basicInfo: { firstName: 'Nia', lastName: 'Nurse' },
      title: 'Charge Nurse',
      department: 'Nursing',
      departmentId,
      createdBy: e.user.id,
      email: e.user.email,
      questions: [],
    });
    expect(p.profileId).toBe(p._id);
    const again = await call('POST', '/api/profiles/wave/create', e.auth, { title: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errorMsg: { waveProfile: [messages.wave.alreadyExists] } });
    expect(await countRows(t.app, 'wave_profiles', `created_by = '${e.user.id}'`)).toBe(1);
  });

  it('stores one video per questionnaire question, with the question text from the client form questions', async () => {
    const e = await employee();
    const videoId = await readyVideo(e.auth);
    const res = await call('POST', '/api/profiles/wave/create', e.auth, {
      basicInfo: { firstName: 'Q', lastName: 'A' },
      questions: [{ questionId: questionIds[0], question: 'ignored', videoId }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().questions).toEqual([{ questionId: questionIds[0], question: 'Why do you like working here?', videoId }]);
  });

  it('refuses another tenant: its client, its videos and its questions', async () => {
    const e = await employee();
    const foreign = await call('POST', '/api/profiles/wave/create', e.auth, { clientId: B.client.id });
    expect(foreign.statusCode).toBe(404);
    const bVideo = (await call('POST', '/api/video/get-upload-url', B.staffAuth, {})).json().videoId;
    const badVideo = await call('POST', '/api/profiles/wave/create', e.auth, { questions: [{ questionId: questionIds[0], question: 'q', videoId: bVideo }] });
    expect(badVideo.statusCode).toBe(400);
    const [bq] = await t.app.db.insert(clientFormQuestions).values({ clientId: B.client.id, question: 'B only' }).returning();
    const badQuestion = await call('POST', '/api/profiles/wave/create', e.auth, { questions: [{ questionId: bq.id, question: 'q', videoId: null }] });
    expect(badQuestion.statusCode).toBe(400);
    expect(await countRows(t.app, 'wave_profiles', `created_by = '${e.user.id}'`)).toBe(0);
    // a recruiter must name the client
    const noClient = await call('POST', '/api/profiles/wave/create', A.recruiterAuth, {});
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json().errorMsg.clientId[0]).toBe(messages.wave.noClient);
  });
});

describe('review workflow', () => {
  it('submit, approve (public), reject with a reason (emailed), edit and resubmit', async () => {
    const e = await employee();
    const videoId = await readyVideo(e.auth);
    const created = (
      await call('POST', '/api/profiles/wave/create', e.auth, {
        basicInfo: { firstName: 'Rita', lastName: 'Review' },
        title: 'Unit Manager',
        departmentId,
        profileVideo: videoId,
        questions: [{ questionId: questionIds[1], question: '', videoId }],
      })
    ).json();
    const id = created._id;

    // Only complete profiles go to review or live: 1 of 2 answers cannot be submitted, nor approved; the message names what is missing.
    const half = await call('PATCH', '/api/profiles/wave/update', e.auth, { _id: id, status: 'Pending Review' });
    expect(half.statusCode).toBe(400);
    expect(half.json()).toEqual({ errorMsg: { questions: [messages.waveReview.submitIncomplete(['Why do you like working here?'])] } });
    const early = await call('PATCH', '/api/profiles/wave/update', A.staffAuth, { _id: id, status: 'Approved' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ errorMsg: { questions: [messages.waveReview.approveIncomplete(['Why do you like working here?'], 2)] } });
    await call('PATCH', '/api/profiles/wave/update', e.auth, {
      _id: id,
      questions: [
        { questionId: questionIds[0], question: '', videoId },
        { questionId: questionIds[1], question: '', videoId },
      ],
    });

    // not yet public
    let page = await t.app.inject({ method: 'GET', url: `/meet-the-team/${A.client.nameSlug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Rita Review');

    // the owner may not approve
    const selfApprove = await call('PATCH', '/api/profiles/wave/update', e.auth, { _id: id, status: 'Approved' });
    expect(selfApprove.statusCode).toBe(403);
    expect(selfApprove.json().errorMsg.waveProfile[0]).toBe(messages.wave.notReviewer);

    const submitted = await call('PATCH', '/api/profiles/wave/update', e.auth, { _id: id, status: 'Pending Review' });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().status).toBe('Pending Review');

    // a colleague without Wave rights can neither see nor review it
    const colleague = await employee();
    expect((await call('PATCH', '/api/profiles/wave/update', colleague.auth, { _id: id, status: 'Approved' })).statusCode).toBe(404);
    expect((await call('GET', `/api/profiles/wave/get-by-id?profileId=${id}`, colleague.auth)).statusCode).toBe(404);

    // the client's Wave admin approves
    const approved = await call('PATCH', '/api/profiles/wave/update', A.staffAuth, { _id: id, status: 'Approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'Approved', reviewedBy: A.staff.id, rejectionReason: null });
    page = await t.app.inject({ method: 'GET', url: `/meet-the-team/${A.client.nameSlug}` });
    expect(page.body).toContain('Rita Review');
    expect(page.body).toContain('<h2 id="dep-0">Nursing</h2>');
    expect(page.body).toMatch(/<video controls preload="none" playsinline poster="[^"]+thumbnail\.jpg"/);
    expect(page.body).not.toContain('<script');
    // the first poster (the largest paint) is preloaded with the HTML
    const poster = page.body.match(/poster="([^"]+)"/)![1];
    expect(page.body).toContain(`<link rel="preload" as="image" href="${poster}" fetchpriority="high">`);
    // gzip for browsers that take it: the same page
    const zipped = await t.app.inject({ method: 'GET', url: `/meet-the-team/${A.client.nameSlug}`, headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(page.body);
    // its video is now public, without a signature
    const src = page.body.match(/<source src="([^"]+)"/)![1];
    const media = await t.app.inject({ method: 'GET', url: new URL(src).pathname, headers: { range: 'bytes=0-99' } });
    expect(media.statusCode).toBe(206);
    // now the colleague sees it (approved profiles are public)
    expect((await call('GET', `/api/profiles/wave/get-by-id?profileId=${id}`, colleague.auth)).statusCode).toBe(200);

    // reject needs a reason
    const noReason = await call('PATCH', '/api/profiles/wave/update', A.staffAuth, { _id: id, status: 'Rejected', rejectionReason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ errorMsg: { rejectionReason: [messages.wave.reasonRequired] } });
    const rejected = await call('PATCH', '/api/profiles/wave/update', A.recruiterAuth, {
      _id: id,
      status: 'Rejected',
      rejectionReason: 'Please re-record in a quieter room',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'Rejected', rejectionReason: 'Please re-record in a quieter room', reviewedBy: A.recruiter.id });
    const mail = await smtp.waitFor(e.user.email);
    expect(mailText(mail.raw)).toContain('Please re-record in a quieter room');
    expect(mailText(mail.raw)).toContain('/settings/wave-profile');
    page = await t.app.inject({ method: 'GET', url: `/meet-the-team/${A.client.nameSlug}` });
    expect(page.body).not.toContain('Rita Review');
    expect((await t.app.inject({ method: 'GET', url: new URL(src).pathname })).statusCode).toBe(404);

    // the owner edits and resubmits
    const edited = await call('PATCH', '/api/profiles/wave/update', e.auth, { _id: id, title: 'Senior Unit Manager', status: 'Pending Review' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'Pending Review', title: 'Senior Unit Manager' });
    // the owner may withdraw and resubmit, but never move out of Approved by status alone
    expect((await call('PATCH', '/api/profiles/wave/update', e.auth, { _id: id, status: 'In Progress' })).json().status).toBe('In Progress');
    expect((await call('PATCH', '/api/profiles/wave/update', e.auth, { _id: id, status: 'Pending Review' })).json().status).toBe('Pending Review');
    const approvedAgain = await call('PATCH', '/api/profiles/wave/update', A.staffAuth, { _id: id, status: 'Approved' });
    expect(approvedAgain.json().status).toBe('Approved');
    const stuck = await call('PATCH', '/api/profiles/wave/update', e.auth, { _id: id, status: 'In Progress' });
    expect(stuck.statusCode).toBe(400);
    expect(stuck.json()).toEqual({ errorMsg: { status: [messages.wave.badTransition('Approved', 'In Progress')] } });
    // an owner's content edit to an approved profile sends it back to review
    const changed = await call('PATCH', '/api/profiles/wave/update', e.auth, { _id: id, interests: 'Chess' });
    expect(changed.json().status).toBe('Pending Review');
    expect(await countRows(t.app, 'activity_logs', `entity = 'waveProfile' AND entity_id = '${id}' AND action IN ('approve','reject')`)).toBe(3);
  });

  it('keeps another tenant out of update and reads', async () => {
    const e = await employee();
    const id = (await call('POST', '/api/profiles/wave/create', e.auth, { title: 'Mine' })).json()._id;
    for (const auth of [B.staffAuth, B.recruiterAuth]) {
      const upd = await call('PATCH', '/api/profiles/wave/update', auth, { _id: id, status: 'Approved' });
      expect(upd.statusCode).toBe(404);
      expect(upd.json()).toEqual({ errorMsg: { waveProfile: [messages.wave.notFound] } });
      expect((await call('GET', `/api/profiles/wave/get-by-id?profileId=${id}`, auth)).statusCode).toBe(404);
      expect((await call('GET', `/api/profiles/wave/get-by-client-id?clientId=${A.client.id}`, auth)).statusCode).toBe(404);
      expect((await call('GET', `/api/create-edit-profiles?companyId=${A.client.id}`, auth)).statusCode).toBe(404);
      const all = (await call('GET', '/api/profiles/wave', auth)).json();
      expect(all.results.some((p: { _id: string }) => p._id === id)).toBe(false);
    }
  });
});

describe('lists and assignment', () => {
  it('assigns a profile by email (invite mail, invitedBy), lists it, and the invitee claims it on create', async () => {
    const email = `invitee-${Date.now()}@test.example`;
    const res = await call('POST', '/api/create-edit-profiles/create', A.staffAuth, {
      companyId: A.client.id,
      email,
      basicInfo: { firstName: 'Ivy', lastName: 'Invitee' },
      departmentId,
    });
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({ invitedBy: A.staff.id, createdBy: null, status: 'In Progress', email, department: 'Nursing' });
    const mail = await smtp.waitFor(email);
    // An address without an account gets an invitation (accepting it lands on /create-wave-profile).
    expect(mailText(mail.raw)).toContain('/user-invitation?token=');
    const dup = await call('POST', '/api/create-edit-profiles/create', A.staffAuth, { companyId: A.client.id, email: email.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errorMsg.waveProfile[0]).toBe(messages.wave.alreadyAssigned);
    // plain members may not assign
    const member = await employee();
    expect((await call('POST', '/api/create-edit-profiles/create', member.auth, { companyId: A.client.id, email: 'x@test.example' })).statusCode).toBe(403);
    expect((await call('GET', `/api/create-edit-profiles?companyId=${A.client.id}`, member.auth)).statusCode).toBe(403);

    const listed = (await call('GET', `/api/create-edit-profiles?companyId=${A.client.id}`, A.staffAuth)).json();
    expect(listed.results.map((x: { _id: string }) => x._id)).toContain(p._id);
    const byInviter = (await call('GET', `/api/profiles/wave/get-by-invited-by-id?invitedBy=${A.staff.id}`, A.staffAuth)).json();
    expect(byInviter.results.map((x: { _id: string }) => x._id)).toEqual([p._id]);

    // the invitee signs up (a user with that email) and saves: the assigned profile becomes theirs
    const u = await createUser(t.app, { role: 'user', clientId: A.client.id, products: { wave: 'member' } });
    await t.app.pool.query('UPDATE users SET email = $1 WHERE id = $2', [email, u.id]);
    const auth = await signIn(t.app, email);
    const claimed = await call('POST', '/api/profiles/wave/create', auth, { title: 'Therapist' });
    expect(claimed.statusCode).toBe(201);
    expect(claimed.json()).toMatchObject({ _id: p._id, createdBy: u.id, invitedBy: A.staff.id, title: 'Therapist' });
    const mine = (await call('GET', `/api/profiles/wave?createdBy=${u.id}`, auth)).json();
    expect(mine.totalCount).toBe(1);
    expect(mine.results[0]._id).toBe(p._id);
  });

  it('lists by client and status, client and department, department, all, and job data (public, approved only)', async () => {
    const e1 = await employee();
    const e2 = await employee();
    const v1 = await readyVideo(e1.auth);
    const p1 = (
      await call('POST', '/api/profiles/wave/create', e1.auth, {
        basicInfo: { firstName: 'Ann', lastName: 'One' },
        departmentId,
        questions: questionIds.map((questionId) => ({ questionId, question: '', videoId: v1 })),
      })
    ).json();
    const p2 = (await call('POST', '/api/profiles/wave/create', e2.auth, { basicInfo: { firstName: 'Ben', lastName: 'Two' } })).json();
    await call('PATCH', '/api/profiles/wave/update', A.staffAuth, { _id: p1._id, status: 'Approved' });

    const approved = (await call('GET', `/api/profiles/wave/get-by-client-id?clientId=${A.client.id}&status=Approved`, A.staffAuth)).json();
    expect(approved.results.every((p: { status: string }) => p.status === 'Approved')).toBe(true);
    expect(approved.results.map((p: { _id: string }) => p._id)).toContain(p1._id);
    const byDep = (await call('GET', `/api/profiles/wave/get-by-client-id?clientId=${A.client.id}&departmentId=${departmentId}`, A.staffAuth)).json();
    expect(byDep.results.map((p: { _id: string }) => p._id)).toContain(p1._id);
    expect(byDep.results.map((p: { _id: string }) => p._id)).not.toContain(p2._id);
    const dep = (await call('GET', `/api/profiles/wave/get-by-department-id?departmentId=${departmentId}`, A.recruiterAuth)).json();
    expect(dep.results.map((p: { _id: string }) => p._id)).toContain(p1._id);
    const all = (await call('GET', '/api/profiles/wave', A.staffAuth)).json();
    expect(all.totalCount).toBe(all.results.length);
    expect(all.results.map((p: { _id: string }) => p._id)).toEqual(expect.arrayContaining([p1._id, p2._id]));
    const byId = await call('GET', `/api/profiles/wave/get-by-id?profileId=${p2._id}`, A.staffAuth);
    expect(byId.json()._id).toBe(p2._id);

    const [job] = (
      await t.app.pool.query(`INSERT INTO jobs (client_id, title, department_id, reference_number) VALUES ($1, 'RN', $2, 'R-1') RETURNING id`, [
        A.client.id,
        departmentId,
      ])
    ).rows;
    const jobData = await t.app.inject({ method: 'GET', url: `/api/profiles/wave/get-by-job-data?nameSlug=${A.client.nameSlug}&jobId=${job.id}` });
    expect(jobData.statusCode).toBe(200);
    const ids = jobData.json().results.map((p: { _id: string }) => p._id);
    expect(ids).toContain(p1._id);
    expect(ids).not.toContain(p2._id);
    const none = await t.app.inject({ method: 'GET', url: `/api/profiles/wave/get-by-job-data?clientId=${B.client.id}` });
    expect(none.json()).toEqual({ results: [], totalCount: 0 });
    const invalid = await t.app.inject({ method: 'GET', url: '/api/profiles/wave/get-by-job-data' });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('dispatch-embed-code', () => {
  it('emails the embed code: "Email sent successfully"', async () => {
    const w = (await call('POST', '/api/widget/create', A.staffAuth, { clientId: A.client.id, embeddingPermissions: ['www.acme.example'] })).json().data;
    const to = `webmaster-${Date.now()}@test.example`;
    const res = await call('POST', '/api/profiles/wave/dispatch-embed-code', A.staffAuth, { clientId: A.client.id, widgetId: w._id, email: to });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.wave.embedSuccess });
    const text = mailText((await smtp.waitFor(to)).raw);
    expect(text).toContain(`data-widget-id="${w._id}"`);
    expect(text).toContain(`/widget/embed/${w._id}`);
    const foreign = await call('POST', '/api/profiles/wave/dispatch-embed-code', B.staffAuth, { clientId: A.client.id, widgetId: w._id, email: to });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('meet-the-team page', () => {
  it('answers an unknown client with the 404 page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/meet-the-team/no-such-client' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(messages.errorScreen.pageNotFound);
  });
});
