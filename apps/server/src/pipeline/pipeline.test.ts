import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobViaApi, createTenant, createUser, mailText, setupTestApp, signIn, startSmtp, type TestApp } from '../../test/helpers.ts';
import { depsOf } from '../core/deps.ts';
import { emailTemplates } from '../db/schema/team.ts';
import { sendRejectionEmail } from './rejection-emails.ts';
import { nextMorning } from './send-time.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
let H: Record<string, string>;
const p = messages.pipeline;
const rand = () => Math.random().toString(36).slice(2, 8);

const call = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, headers = H) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const ok = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, headers = H) => {
  const r = await call(method, url, payload, headers);
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
};

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupTestApp({ SMTP_URL: smtp.url });
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  H = A.recruiterAuth.headers;
  await t.app.db.execute(sql`UPDATE clients SET time_zone = 'America/Chicago' WHERE id = ${A.client.id}`);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A job of A (created through the API: no stages until first read) with `n` applications from new candidates. */
async function jobWithApplications(n: number, extra: Record<string, unknown> = {}, source = 'careersite') {
  const job = await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, { title: `Nurse ${rand()}`, ...extra });
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const c = await t.app.db.execute<{ id: string }>(sql`INSERT INTO candidates (client_id, first_name, last_name, email, tags)
      VALUES (${A.client.id}, 'Cand', ${`N${i}-${rand()}`}, ${`c-${rand()}@cand.example`}, ${i % 2 ? '{nights}' : '{}'}::text[]) RETURNING id`);
    const a = await t.app.db.execute<{ id: string }>(sql`INSERT INTO applications (client_id, candidate_id, job_id, source)
      VALUES (${A.client.id}, ${c.rows[0].id}, ${job._id}, ${source}) RETURNING id`);
    ids.push(a.rows[0].id);
  }
  return { jobId: job._id as string, ids };
}
const pipelineOf = (jobId: string) => ok('GET', `/api/jobs/${jobId}/pipeline?clientId=${A.client.id}`);

describe('job pipelines', () => {
  it('a new job opens with the default stages and counts its active applications', async () => {
    const { jobId } = await jobWithApplications(3);
    const r = await pipelineOf(jobId);
    expect(r.stages.map((s: { name: string; kind: string }) => `${s.name}:${s.kind}`)).toEqual([
      'Applied:applied',
      'Screening:screening',
      'Interview:interview',
      'Offer:offer',
      'Hired:hired',
    ]);
    expect(r.stages.map((s: { count: number }) => s.count)).toEqual([3, 0, 0, 0, 0]);
    // Another client's job: 404 (the caller of B does not learn it exists).
    const other = await call('GET', `/api/jobs/${jobId}/pipeline?clientId=${B.client.id}`, undefined, B.recruiterAuth.headers);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ errorMsg: { jobId: [p.jobNotFound] } });
  });

  it('adds, renames, reorders and removes stages; a stage with applications cannot be removed', async () => {
    const { jobId, ids } = await jobWithApplications(3);
    const before = (await pipelineOf(jobId)).stages;
    const [applied, screening, interview, offer, hired] = before;
    // Three applications into Screening.
    for (const id of ids) await ok('PATCH', `/api/applications/${id}/stage`, { clientId: A.client.id, stageId: screening._id });
    const refused = await call('PUT', `/api/jobs/${jobId}/pipeline`, {
      clientId: A.client.id,
      stages: [applied, interview, offer, hired].map((s) => ({ id: s._id, name: s.name, kind: s.kind })),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errorMsg: { stages: ['Move the 3 applications in Screening first.'] } });
    expect((await pipelineOf(jobId)).stages.map((s: { name: string }) => s.name)).toEqual(['Applied', 'Screening', 'Interview', 'Offer', 'Hired']);

    const saved = await ok('PUT', `/api/jobs/${jobId}/pipeline`, {
      clientId: A.client.id,
      stages: [
        { id: applied._id, name: 'Applied', kind: 'applied' },
        { id: screening._id, name: 'Phone screen', kind: 'screening' },
        { name: 'Assessment', kind: 'other' },
        { id: offer._id, name: 'Offer', kind: 'offer' },
        { id: interview._id, name: 'Interview', kind: 'interview' },
        { id: hired._id, name: 'Hired', kind: 'hired' },
      ],
    });
    expect(saved.message).toBe(p.pipelineSaved);
    expect(saved.stages.map((s: { name: string; count: number }) => `${s.name}=${s.count}`)).toEqual([
      'Applied=0',
      'Phone screen=3',
      'Assessment=0',
      'Offer=0',
      'Interview=0',
      'Hired=0',
    ]);
    // Removing an empty stage works; names must differ; ids must be this job's.
    const removed = await ok('PUT', `/api/jobs/${jobId}/pipeline`, {
      clientId: A.client.id,
      stages: saved.stages
        .filter((s: { name: string }) => s.name !== 'Assessment')
        .map((s: { _id: string; name: string; kind: string }) => ({ id: s._id, name: s.name, kind: s.kind })),
    });
    expect(removed.stages).toHaveLength(5);
    const dup = await call('PUT', `/api/jobs/${jobId}/pipeline`, {
      clientId: A.client.id,
      stages: [
        { name: 'A', kind: 'applied' },
        { name: 'a', kind: 'other' },
      ],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ errorMsg: { stages: [p.stageNamesUnique] } });
    const other = await jobWithApplications(0);
    const foreignId = (await pipelineOf(other.jobId)).stages[0]._id;
    const foreign = await call('PUT', `/api/jobs/${jobId}/pipeline`, { clientId: A.client.id, stages: [{ id: foreignId, name: 'Applied', kind: 'applied' }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ errorMsg: { stages: [p.stageUnknown] } });
    const activity = await t.app.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM activity_logs WHERE client_id = ${A.client.id} AND entity = 'job-pipeline' AND entity_id = ${jobId}`,
    );
    expect(activity.rows[0].n).toBe(2);
  });
});

describe('pipeline templates', () => {
  it('creates templates with one default per client; new jobs get the default; a template applies to a job', async () => {
    const empty = await ok('GET', `/api/pipeline-templates?clientId=${A.client.id}`);
    expect(empty.defaultStages.map((s: { name: string }) => s.name)).toEqual(['Applied', 'Screening', 'Interview', 'Offer', 'Hired']);
    const stages = [
      { name: 'Applied', kind: 'applied' },
      { name: 'Nurse manager interview', kind: 'interview' },
      { name: 'Hired', kind: 'hired' },
    ];
    const first = await call('POST', '/api/pipeline-templates', { clientId: A.client.id, name: 'Nursing', stages, isDefault: true });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ name: 'Nursing', isDefault: true, message: p.templateCreated });
    const second = await ok('POST', '/api/pipeline-templates', { clientId: A.client.id, name: 'Short', stages: stages.slice(0, 1), isDefault: true });
    const list = await ok('GET', `/api/pipeline-templates?clientId=${A.client.id}`);
    expect(list.results.filter((x: { isDefault: boolean }) => x.isDefault).map((x: { name: string }) => x.name)).toEqual(['Short']);
    const taken = await call('POST', '/api/pipeline-templates', { clientId: A.client.id, name: 'nursing', stages });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ errorMsg: { name: [p.templateNameTaken] } });
    const upd = await ok('PUT', `/api/pipeline-templates/${first.json()._id}`, { clientId: A.client.id, name: 'Nursing', stages, isDefault: true });
    expect(upd.message).toBe(p.templateUpdated);
    // A new job takes the client's default template.
    const { jobId } = await jobWithApplications(1);
    expect((await pipelineOf(jobId)).stages.map((s: { name: string }) => s.name)).toEqual(['Applied', 'Nurse manager interview', 'Hired']);
    // Apply "Short" to it: Applied is kept (with its application), the others go (they are empty).
    const applied = await ok('POST', `/api/jobs/${jobId}/pipeline/apply-template`, { clientId: A.client.id, templateId: second._id });
    expect(applied.message).toBe(p.templateApplied('Short'));
    expect(applied.stages.map((s: { name: string; count: number }) => `${s.name}=${s.count}`)).toEqual(['Applied=1']);
    // B cannot see, change or apply A's templates.
    const bList = await ok('GET', `/api/pipeline-templates?clientId=${B.client.id}`, undefined, B.recruiterAuth.headers);
    expect(bList.results).toEqual([]);
    const bDel = await call('DELETE', `/api/pipeline-templates/${second._id}?clientId=${B.client.id}`, undefined, B.recruiterAuth.headers);
    expect(bDel.statusCode).toBe(404);
    expect(bDel.json()).toEqual({ errorMsg: { id: [p.templateNotFound] } });
    const del = await ok('DELETE', `/api/pipeline-templates/${second._id}?clientId=${A.client.id}`);
    expect(del.message).toBe(p.templateDeleted);
    await ok('DELETE', `/api/pipeline-templates/${first.json()._id}?clientId=${A.client.id}`);
  });
});

describe('applications', () => {
  it('lists with candidate, source, stage, days in stage and outcome; filters and pages', async () => {
    const { jobId, ids } = await jobWithApplications(5, {}, 'indeed');
    await t.app.db.execute(sql`UPDATE applications SET created_at = now() - interval '10 days' WHERE client_id = ${A.client.id} AND id = ${ids[0]}`);
    const all = await ok('GET', `/api/applications?clientId=${A.client.id}&jobId=${jobId}`);
    expect(all.results).toHaveLength(5);
    expect(all.results[0]).toMatchObject({ jobId, source: 'indeed', stageName: 'Applied', stageKind: 'applied', outcome: 'active', daysInStage: 0 });
    expect(all.results[0].candidateName).toMatch(/^Cand N/);
    const old = await ok('GET', `/api/applications?clientId=${A.client.id}&jobId=${jobId}&minDaysInStage=7`);
    expect(old.results.map((a: { _id: string }) => a._id)).toEqual([ids[0]]);
    expect(old.results[0].daysInStage).toBe(10);
    const tagged = await ok('GET', `/api/applications?clientId=${A.client.id}&jobId=${jobId}&tag=Nights`);
    expect(tagged.results).toHaveLength(2);
    const src = await ok('GET', `/api/applications?clientId=${A.client.id}&jobId=${jobId}&source=careersite`);
    expect(src.results).toHaveLength(0);
    // Pages of two, each application once.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { results: { _id: string }[]; nextCursor: string | null } = await ok(
        'GET',
        `/api/applications?clientId=${A.client.id}&jobId=${jobId}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.results.map((a) => a._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual([...ids].sort());
    const badCursor = await call('GET', `/api/applications?clientId=${A.client.id}&cursor=nonsense`);
    expect(badCursor.statusCode).toBe(400);
    // B's staff see none of A's; naming A's client is a 404.
    const asB = await call('GET', `/api/applications?clientId=${A.client.id}`, undefined, B.staffAuth.headers);
    expect(asB.statusCode).toBe(404);
    const bOwn = await ok('GET', `/api/applications?clientId=${B.client.id}`, undefined, B.staffAuth.headers);
    expect(bOwn.results).toEqual([]);
  });

  it('moves with the right refusals: another job’s stage, a removed stage, another client’s application, a stale expected stage', async () => {
    const { jobId, ids } = await jobWithApplications(2);
    const stages = (await pipelineOf(jobId)).stages;
    const other = await jobWithApplications(0);
    const otherStage = (await pipelineOf(other.jobId)).stages[1]._id;
    const wrongJob = await call('PATCH', `/api/applications/${ids[0]}/stage`, { clientId: A.client.id, stageId: otherStage });
    expect(wrongJob.statusCode).toBe(400);
    expect(wrongJob.json()).toEqual({ errorMsg: { stageId: [p.stageOfAnotherJob] } });
    const gone = await call('PATCH', `/api/applications/${ids[0]}/stage`, { clientId: A.client.id, stageId: '00000000-0000-4000-8000-000000000001' });
    expect(gone.statusCode).toBe(400);
    expect(gone.json()).toEqual({ errorMsg: { stageId: [p.stageNotFound] } });
    const asB = await call('PATCH', `/api/applications/${ids[0]}/stage`, { clientId: B.client.id, stageId: stages[1]._id }, B.recruiterAuth.headers);
    expect(asB.statusCode).toBe(404);
    expect(asB.json()).toEqual({ errorMsg: { applicationId: [p.applicationNotFound] } });

    const moved = await ok('PATCH', `/api/applications/${ids[0]}/stage`, { clientId: A.client.id, stageId: stages[2]._id, expectedStageId: stages[0]._id });
    expect(moved.message).toBe(p.moved('Interview'));
    expect(moved.application).toMatchObject({ stageId: stages[2]._id, stageName: 'Interview', version: 1 });
    const stale = await call('PATCH', `/api/applications/${ids[0]}/stage`, { clientId: A.client.id, stageId: stages[3]._id, expectedStageId: stages[0]._id });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ errorMsg: { stageId: ['Someone moved this application to Interview a moment ago.'] } });

    // Two recruiters move the same application at once, each from what they saw: exactly one wins.
    const both = await Promise.all(
      [stages[1]._id, stages[3]._id].map((stageId) =>
        call('PATCH', `/api/applications/${ids[1]}/stage`, { clientId: A.client.id, stageId, expectedStageId: stages[0]._id }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.statusCode === 200)?.json().application.stageName;
    expect(both.find((r) => r.statusCode === 409)?.json()).toEqual({ errorMsg: { stageId: [p.stageMovedMeanwhile(winner)] } });
    const ev = await t.app.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM application_stage_events WHERE client_id = ${A.client.id} AND application_id = ${ids[1]}`,
    );
    expect(ev.rows[0].n).toBe(1);

    // Recorded on the candidate's timeline (who, from, to) and in the activity log.
    const cand = (await t.app.db.execute<{ candidate_id: string }>(sql`SELECT candidate_id FROM applications WHERE id = ${ids[0]}`)).rows[0].candidate_id;
    const tl = await ok('GET', `/api/crm/candidate/${cand}/timeline?clientId=${A.client.id}`);
    expect(tl.results[0]).toMatchObject({ type: 'stage', actorEmail: A.recruiter.email, data: { action: 'move', from: 'Applied', to: 'Interview', jobId } });
    const log = await t.app.db.execute<{ action: string; actor_email: string }>(
      sql`SELECT action, actor_email FROM activity_logs WHERE client_id = ${A.client.id} AND entity = 'application' AND entity_id = ${ids[0]}`,
    );
    expect(log.rows).toEqual([{ action: 'move', actor_email: A.recruiter.email }]);
  });

  it('advances, withdraws, rejects with a reason and reopens in bulk', async () => {
    const { jobId, ids } = await jobWithApplications(3);
    const adv = await ok('POST', '/api/applications/advance', { clientId: A.client.id, applicationIds: ids });
    expect(adv).toMatchObject({ count: 3, skipped: [], message: p.advanced(3) });
    expect((await pipelineOf(jobId)).stages.map((s: { count: number }) => s.count)).toEqual([0, 3, 0, 0, 0]);
    const w = await ok('POST', '/api/applications/withdraw', { clientId: A.client.id, applicationIds: [ids[0]] });
    expect(w).toMatchObject({ count: 1, message: p.withdrawn(1) });
    const reasons = (await ok('GET', `/api/rejection-reasons?clientId=${A.client.id}`)).results;
    expect(reasons.map((r: { label: string }) => r.label)).toEqual(['Not qualified', 'Salary', 'Withdrew', 'Hired elsewhere']);
    const rej = await ok('POST', '/api/applications/reject', { clientId: A.client.id, applicationIds: ids, reasonId: reasons[1]._id });
    expect(rej).toMatchObject({ count: 2, emailsScheduled: 0, sendAt: null, message: p.rejected(2) });
    expect(rej.skipped).toEqual([{ applicationId: ids[0], reason: p.notActive('withdrawn') }]);
    const rejected = await ok('GET', `/api/applications?clientId=${A.client.id}&jobId=${jobId}&outcome=rejected`);
    expect(rejected.results.map((a: { rejectionReasonId: string; stageName: string }) => [a.rejectionReasonId, a.stageName])).toEqual([
      [reasons[1]._id, 'Screening'],
      [reasons[1]._id, 'Screening'],
    ]);
    expect((await pipelineOf(jobId)).stages.map((s: { count: number }) => s.count)).toEqual([0, 0, 0, 0, 0]);
    // A rejected application cannot be moved until reopened.
    const stages = (await pipelineOf(jobId)).stages;
    const blocked = await call('PATCH', `/api/applications/${ids[1]}/stage`, { clientId: A.client.id, stageId: stages[2]._id });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toEqual({ errorMsg: { stageId: [p.notActive('rejected')] } });
    const re = await ok('POST', '/api/applications/reopen', { clientId: A.client.id, applicationIds: [ids[0], ids[1]] });
    expect(re).toMatchObject({ count: 2, message: p.reopened(2) });
    expect((await pipelineOf(jobId)).stages.map((s: { count: number }) => s.count)).toEqual([0, 2, 0, 0, 0]);
    // A reason of the list, nothing else; an application of B: 404 and nothing changes.
    const badReason = await call('POST', '/api/applications/reject', {
      clientId: A.client.id,
      applicationIds: ids,
      reasonId: '00000000-0000-4000-8000-000000000002',
    });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json()).toEqual({ errorMsg: { reasonId: [p.reasonNotFound] } });
    const bJob = await createJobViaApi(t.app, B.staffAuth.headers, B.client.id, { title: 'B job' });
    const bc = await t.app.db.execute<{ id: string }>(sql`INSERT INTO candidates (client_id, email) VALUES (${B.client.id}, 'b@cand.example') RETURNING id`);
    const ba = await t.app.db.execute<{ id: string }>(
      sql`INSERT INTO applications (client_id, candidate_id, job_id) VALUES (${B.client.id}, ${bc.rows[0].id}, ${bJob._id}) RETURNING id`,
    );
    const mixed = await call('POST', '/api/applications/advance', { clientId: A.client.id, applicationIds: [ids[0], ba.rows[0].id] });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toEqual({ errorMsg: { applicationIds: [p.someNotFound(1)] } });
    expect((await pipelineOf(jobId)).stages.map((s: { count: number }) => s.count)).toEqual([0, 2, 0, 0, 0]);
  });

  it('edits the client’s rejection reasons: relabel, add, reorder; a reason left out is archived', async () => {
    const C = await createTenant(t.app);
    const h = C.recruiterAuth.headers;
    const cur = (await ok('GET', `/api/rejection-reasons?clientId=${C.client.id}`, undefined, h)).results;
    const saved = await ok(
      'PUT',
      '/api/rejection-reasons',
      {
        clientId: C.client.id,
        reasons: [{ id: cur[1]._id, label: 'Salary expectations' }, { id: cur[0]._id, label: 'Not qualified' }, { label: 'No work permit' }],
      },
      h,
    );
    expect(saved.message).toBe(p.reasonsSaved);
    expect(saved.results.map((r: { label: string; archived: boolean }) => `${r.label}${r.archived ? ' (x)' : ''}`)).toEqual([
      'Salary expectations',
      'Not qualified',
      'No work permit',
      'Withdrew (x)',
      'Hired elsewhere (x)',
    ]);
    const dup = await call('PUT', '/api/rejection-reasons', { clientId: C.client.id, reasons: [{ label: 'A' }, { label: 'a' }] }, h);
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ errorMsg: { reasons: [p.reasonLabelsUnique] } });
    // A client member without an editor role reads the list but cannot change it.
    const member = await createUser(t.app, { role: 'user', clientId: C.client.id, products: { harvest: 'member', cultivate: 'none' } });
    const mh = (await signIn(t.app, member.email)).headers;
    await ok('GET', `/api/rejection-reasons?clientId=${C.client.id}`, undefined, mh);
    const denied = await call('PUT', '/api/rejection-reasons', { clientId: C.client.id, reasons: [{ label: 'X' }] }, mh);
    expect(denied.statusCode).toBe(403);
  });
});

describe('rejection emails', () => {
  it('defaults to 09:00 the next morning in the client’s time zone', () => {
    // 18:30 in Chicago on 1 July (UTC-5) -> 09:00 on 2 July = 14:00 UTC.
    expect(nextMorning('America/Chicago', new Date('2026-07-01T23:30:00Z')).toISOString()).toBe('2026-07-02T14:00:00.000Z');
    // 02:00 UTC on 2 July is still 1 July in Chicago.
    expect(nextMorning('America/Chicago', new Date('2026-07-02T02:00:00Z')).toISOString()).toBe('2026-07-02T14:00:00.000Z');
    // Across the autumn clock change (UTC-5 -> UTC-6 on 1 November).
    expect(nextMorning('America/Chicago', new Date('2026-10-31T20:00:00Z')).toISOString()).toBe('2026-11-01T15:00:00.000Z');
    expect(nextMorning(null, new Date('2026-07-01T23:30:00Z')).toISOString()).toBe('2026-07-02T09:00:00.000Z');
    expect(nextMorning('Not/AZone', new Date('2026-07-01T08:00:00Z')).toISOString()).toBe('2026-07-02T09:00:00.000Z');
  });

  it('are scheduled for the next morning, listed, cancellable until sent, and sent by the queue job at their time', async () => {
    const { jobId, ids } = await jobWithApplications(2);
    const [tpl] = await t.app.db
      .insert(emailTemplates)
      .values({
        clientId: A.client.id,
        name: `Rejection ${rand()}`,
        subject: 'Your application for {{jobTitle}}',
        emailValue: 'Dear {{firstName}}, thank you for applying.',
      })
      .returning();
    const reasons = (await ok('GET', `/api/rejection-reasons?clientId=${A.client.id}`)).results;
    const missingTpl = await call('POST', '/api/applications/reject', {
      clientId: A.client.id,
      applicationIds: ids,
      reasonId: reasons[0]._id,
      emailTemplateId: '00000000-0000-4000-8000-000000000003',
    });
    expect(missingTpl.statusCode).toBe(400);
    expect(missingTpl.json()).toEqual({ errorMsg: { emailTemplateId: [p.emailTemplateNotFound] } });
    const past = await call('POST', '/api/applications/reject', {
      clientId: A.client.id,
      applicationIds: ids,
      reasonId: reasons[0]._id,
      emailTemplateId: tpl.id,
      sendAt: '2020-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ errorMsg: { sendAt: [p.sendAtPast] } });
    expect((await ok('GET', `/api/applications?clientId=${A.client.id}&jobId=${jobId}&outcome=active`)).results).toHaveLength(2);

    const rej = await ok('POST', '/api/applications/reject', { clientId: A.client.id, applicationIds: ids, reasonId: reasons[0]._id, emailTemplateId: tpl.id });
    expect(rej).toMatchObject({ count: 2, emailsScheduled: 2 });
    expect(rej.sendAt).toBe(nextMorning('America/Chicago').toISOString());
    const listed = (await ok('GET', `/api/applications/rejection-emails?clientId=${A.client.id}&status=scheduled`)).results.filter(
      (e: { applicationId: string }) => ids.includes(e.applicationId),
    );
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ status: 'scheduled', subject: 'Your application for {{jobTitle}}', sendAt: rej.sendAt });
    const [keep, cancel] = listed;
    const cancelled = await ok('POST', `/api/applications/rejection-emails/${cancel._id}/cancel`, { clientId: A.client.id });
    expect(cancelled).toMatchObject({ status: 'cancelled', message: p.rejectionEmailCancelled });
    const again = await call('POST', `/api/applications/rejection-emails/${cancel._id}/cancel`, { clientId: A.client.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errorMsg: { id: [p.rejectionEmailAlready('cancelled')] } });
    const asB = await call('POST', `/api/applications/rejection-emails/${keep._id}/cancel`, { clientId: B.client.id }, B.recruiterAuth.headers);
    expect(asB.statusCode).toBe(404);

    // Run early, the job sends nothing; at its time (moved into the past here), it sends once.
    const deps = depsOf(t.app);
    await sendRejectionEmail(deps, { clientId: A.client.id, id: keep._id });
    expect(smtp.mails.find((m) => m.to.includes(keep.toEmail))).toBeUndefined();
    await t.app.db.execute(
      sql`UPDATE rejection_emails SET send_at = now() - interval '1 second' WHERE client_id = ${A.client.id} AND id IN (${keep._id}, ${cancel._id})`,
    );
    await sendRejectionEmail(deps, { clientId: A.client.id, id: keep._id });
    await sendRejectionEmail(deps, { clientId: A.client.id, id: keep._id });
    await sendRejectionEmail(deps, { clientId: A.client.id, id: cancel._id });
    const mail = await smtp.waitFor(keep.toEmail);
    const text = mailText(mail.raw);
    expect(text).toContain('thank you for applying');
    expect(text).toMatch(/Subject: Your application for Nurse /);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.mails.filter((m) => m.to.includes(keep.toEmail))).toHaveLength(1);
    expect(smtp.mails.filter((m) => m.to.includes(cancel.toEmail))).toHaveLength(0);
    const sent = (await ok('GET', `/api/applications/rejection-emails?clientId=${A.client.id}`)).results.find((e: { _id: string }) => e._id === keep._id);
    expect(sent.status).toBe('sent');
    const late = await call('POST', `/api/applications/rejection-emails/${keep._id}/cancel`, { clientId: A.client.id });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ errorMsg: { id: [p.rejectionEmailAlready('sent')] } });
  });

  it('reopening cancels a rejection email not yet sent', async () => {
    const { ids } = await jobWithApplications(1);
    const [tpl] = await t.app.db
      .insert(emailTemplates)
      .values({ clientId: A.client.id, name: `Rej ${rand()}`, subject: 'Update', emailValue: 'Thanks' })
      .returning();
    const reasons = (await ok('GET', `/api/rejection-reasons?clientId=${A.client.id}`)).results;
    const sendAt = new Date(Date.now() + 3_600_000).toISOString();
    const rej = await ok('POST', '/api/applications/reject', {
      clientId: A.client.id,
      applicationIds: ids,
      reasonId: reasons[0]._id,
      emailTemplateId: tpl.id,
      sendAt,
    });
    expect(rej.sendAt).toBe(sendAt);
    await ok('POST', '/api/applications/reopen', { clientId: A.client.id, applicationIds: ids });
    const r = await t.app.db.execute<{ status: string }>(
      sql`SELECT status FROM rejection_emails WHERE client_id = ${A.client.id} AND application_id = ${ids[0]}`,
    );
    expect(r.rows).toEqual([{ status: 'cancelled' }]);
  });
});

describe('the CRM candidate list', () => {
  it('shows each application’s stage per job; a candidate without applications keeps the CRM status', async () => {
    const one = await jobWithApplications(1);
    const two = await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, { title: `Second ${rand()}` });
    const cand = (await t.app.db.execute<{ candidate_id: string }>(sql`SELECT candidate_id FROM applications WHERE id = ${one.ids[0]}`)).rows[0].candidate_id;
    const last = (await t.app.db.execute<{ last_name: string }>(sql`SELECT last_name FROM candidates WHERE id = ${cand}`)).rows[0].last_name;
    const second = await t.app.db.execute<{ id: string }>(
      sql`INSERT INTO applications (client_id, candidate_id, job_id) VALUES (${A.client.id}, ${cand}, ${two._id}) RETURNING id`,
    );
    const stages = (await pipelineOf(one.jobId)).stages;
    await ok('PATCH', `/api/applications/${one.ids[0]}/stage`, { clientId: A.client.id, stageId: stages[3]._id });
    const sourced = await ok('POST', '/api/crm/candidates/create', {
      clientId: A.client.id,
      firstName: 'Sourced',
      lastName: `Only ${rand()}`,
      email: `s-${rand()}@cand.example`,
      status: 'Screening',
    });
    const list = await ok('GET', `/api/crm/candidates?clientId=${A.client.id}&pageSize=100`);
    const row = list.results.find((c: { _id: string }) => c._id === cand);
    expect(row, last).toBeDefined();
    const byJob = Object.fromEntries(
      row.applications.map((a: { jobId: string; stageName: string; outcome: string }) => [a.jobId, `${a.stageName}/${a.outcome}`]),
    );
    // The second job's pipeline was never opened: its application shows the first stage all the same.
    expect(byJob).toEqual({ [one.jobId]: 'Offer/active', [two._id]: 'Applied/active' });
    expect(row.applications.find((a: { _id: string }) => a._id === second.rows[0].id).stageName).toBe('Applied');
    const s = list.results.find((c: { _id: string }) => c._id === sourced._id);
    expect(s).toMatchObject({ status: 'Screening', applications: [] });
  });
});
