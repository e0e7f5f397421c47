import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createJobViaApi, createTenant, createUser, mailText, setupTestApp, signIn, startSmtp, type TestApp } from '../../test/helpers.ts';
import { applications, candidates } from '../db/schema/candidates.ts';
import { feedbackReminderJob } from './background/feedback-reminder.job.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
type Auth = Record<string, string>;
type Person = { id: string; email: string; auth: Auth };
/** Two interviewers and an outsider: users of client A without candidate rights (not the hiring team). */
let ann: Person;
let ben: Person;
let outsider: Person;
let jobId: string;
let otherJobId: string;
let appId: string;
let plan: {
  interviews: { id: string; name: string }[];
  attributes: { id: string; name: string; category: string }[];
};

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Auth, payload?: object) => t.app.inject({ method, url, headers, payload });

async function person(clientId: string): Promise<Person> {
  const u = await createUser(t.app, { role: 'user', clientId });
  return { id: u.id, email: u.email, auth: (await signIn(t.app, u.email)).headers };
}

async function applicationTo(clientId: string, job: string, name: string) {
  const [c] = await t.app.db
    .insert(candidates)
    .values({ clientId, email: `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@cand.example`, firstName: name, lastName: 'Rivera' })
    .returning();
  const [a] = await t.app.db.insert(applications).values({ clientId, candidateId: c.id, jobId: job }).returning();
  return a.id;
}

/** Waits for a mail to `to` whose text contains every one of `words`. */
async function mailTo(to: string, words: string[], timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const m = smtp.mails.find((x) => x.to.includes(to) && words.every((w) => mailText(x.raw).includes(w)));
    if (m) return mailText(m.raw);
    if (Date.now() > deadline) throw new Error(`no mail with ${words.join(', ')} to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupTestApp({ SMTP_URL: smtp.url });
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  ann = await person(A.client.id);
  ben = await person(A.client.id);
  outsider = await person(A.client.id);
  jobId = (await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, { title: 'ICU Nurse' }))._id;
  otherJobId = (await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, { title: 'ER Nurse' }))._id;
  appId = await applicationTo(A.client.id, jobId, 'Maya');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('interview plan', () => {
  it('saves interviews with interviewers and kit, and attributes by category; reads them back', async () => {
    const res = await call('PUT', `/api/jobs/${jobId}/interview-plan`, A.recruiterAuth.headers, {
      clientId: A.client.id,
      interviews: [
        {
          name: 'Clinical panel',
          durationMinutes: 60,
          interviewerIds: [ann.id, ben.id],
          kit: { focus: 'Triage under pressure', questions: ['Tell us about a code blue.'], goodLooksLike: 'Calm, structured answers' },
        },
        { name: 'Hiring manager', durationMinutes: 30, interviewerIds: [A.staff.id] },
      ],
      attributes: [
        { category: 'skills', name: 'Triage' },
        { category: 'qualifications', name: 'ICU certification' },
        { category: 'traits', name: 'Composure' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(messages.interviews.planSaved);
    expect(body.interviews.map((i: { name: string }) => i.name)).toEqual(['Clinical panel', 'Hiring manager']);
    expect(body.interviews[0].interviewers.map((p: { id: string }) => p.id).sort()).toEqual([ann.id, ben.id].sort());
    expect(body.interviews[0].kit).toEqual({
      focus: 'Triage under pressure',
      questions: ['Tell us about a code blue.'],
      goodLooksLike: 'Calm, structured answers',
    });
    expect(body.attributes.map((a: { category: string; name: string }) => `${a.category}:${a.name}`)).toEqual([
      'skills:Triage',
      'qualifications:ICU certification',
      'traits:Composure',
    ]);
    expect(body.interviewerOptions.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining([ann.id, ben.id, outsider.id, A.staff.id]));
    // The job's pipeline (the client's default template) has one interview stage: new interviews go to it.
    expect(body.stages).toEqual([{ id: expect.any(String), name: 'Interview' }]);
    expect(body.interviews.map((i: { stageId: string }) => i.stageId)).toEqual([body.stages[0].id, body.stages[0].id]);
    plan = body;
    const read = await call('GET', `/api/jobs/${jobId}/interview-plan?clientId=${A.client.id}`, A.staffAuth.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json().interviews).toEqual(body.interviews);
    expect(await countRows(t.app, 'activity_logs', `entity = 'interview-plan' AND entity_id = '${jobId}'`)).toBe(1);
  });

  it('refuses bad plans with a message naming the problem, and changes nothing', async () => {
    const url = `/api/jobs/${jobId}/interview-plan`;
    const h = A.recruiterAuth.headers;
    const foreign = await call('PUT', url, h, {
      clientId: A.client.id,
      interviews: [{ name: 'X', durationMinutes: 30, interviewerIds: [B.staff.id] }],
      attributes: [],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ errorMsg: { 'interviews.0.interviewerIds': [messages.interviews.interviewerNotMember(B.staff.id)] } });
    const ghost = '00000000-0000-4000-8000-000000000001';
    const unknown = await call('PUT', url, h, { clientId: A.client.id, interviews: [{ id: ghost, name: 'X', durationMinutes: 30 }], attributes: [] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ errorMsg: { 'interviews.0.id': [messages.interviews.unknownInterview(ghost)] } });
    const stage = await call('PUT', url, h, { clientId: A.client.id, interviews: [{ name: 'X', durationMinutes: 30, stageId: ghost }], attributes: [] });
    expect(stage.statusCode).toBe(400);
    expect(stage.json()).toEqual({ errorMsg: { 'interviews.0.stageId': [messages.interviews.stageNotInterview(ghost)] } });
    const short = await call('PUT', url, h, { clientId: A.client.id, interviews: [{ name: 'X', durationMinutes: 2 }], attributes: [] });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('An interview lasts at least 5 minutes');
    // Another tenant's job looks like a missing one; a user outside the hiring team may not read plans.
    const other = await call('GET', `/api/jobs/${jobId}/interview-plan?clientId=${B.client.id}`, B.staffAuth.headers);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ errorMsg: { job: [messages.interviews.jobNotFound] } });
    const notTeam = await call('GET', `/api/jobs/${jobId}/interview-plan?clientId=${A.client.id}`, ann.auth);
    expect(notTeam.statusCode).toBe(403);
    expect(await countRows(t.app, 'interviews', `job_id = '${jobId}'`)).toBe(2);
  });
});

describe('scorecards and the bias control', () => {
  const url = () => `/api/applications/${appId}/scorecards?clientId=${A.client.id}`;
  const card = (interviewId: string, overall: string, ratings: string[], notes = '') => ({
    clientId: A.client.id,
    applicationId: appId,
    interviewId,
    overall,
    notes,
    ratings: plan.attributes.flatMap((a, i) => (ratings[i] ? [{ attributeId: a.id, rating: ratings[i] }] : [])),
  });

  /** The application's card on the job board (the applications call), with an optional rating floor. */
  const boardCard = async (minRating?: number) => {
    const res = await call(
      'GET',
      `/api/applications?clientId=${A.client.id}&jobId=${jobId}${minRating ? `&minRating=${minRating}` : ''}`,
      A.recruiterAuth.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results.find((x: { _id: string }) => x._id === appId);
  };

  it('asks the interviewers for feedback by email with the link to the scorecard', async () => {
    // No card and nobody asked yet: the board shows neither a rating nor a marker.
    expect(await boardCard()).toMatchObject({ averageRating: null, awaitingFeedback: false });
    const res = await call('POST', `/api/applications/${appId}/feedback-requests`, A.recruiterAuth.headers, {
      clientId: A.client.id,
      interviewId: plan.interviews[0].id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ requested: 2, message: messages.interviews.feedbackRequested(2) });
    const mail = await mailTo(ann.email, ['Please fill in your scorecard', 'Maya Rivera']);
    expect(mail).toContain(`/interviews/${appId}/${plan.interviews[0].id}`);
    expect(mail).toContain('Clinical panel');
    // The link opens the portal's scorecard screen, not a career site's "not found" page.
    const link = await t.app.inject({ method: 'GET', url: `/interviews/${appId}/${plan.interviews[0].id}` });
    expect(link.statusCode).toBe(200);
    expect(link.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(link.body).toContain('window.__RUNTIME_CONFIG__');
    await mailTo(ben.email, ['Please fill in your scorecard', 'Maya Rivera']);
    // Asked already: nobody is asked twice.
    const again = await call('POST', `/api/applications/${appId}/feedback-requests`, A.recruiterAuth.headers, {
      clientId: A.client.id,
      interviewId: plan.interviews[0].id,
    });
    expect(again.json()).toEqual({ requested: 0, message: messages.interviews.feedbackRequested(0) });
    // Only the hiring team asks.
    const byAnn = await call('POST', `/api/applications/${appId}/feedback-requests`, ann.auth, { clientId: A.client.id });
    expect(byAnn.statusCode).toBe(403);
  });

  it('lists the application in each interviewer’s "My interviews", to submit', async () => {
    const res = await call('GET', `/api/my-interviews?clientId=${A.client.id}`, ann.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      expect.objectContaining({
        applicationId: appId,
        jobTitle: 'ICU Nurse',
        candidateName: 'Maya Rivera',
        interviewName: 'Clinical panel',
        state: 'to_submit',
        submittedAt: null,
      }),
    ]);
    const none = await call('GET', `/api/my-interviews?clientId=${A.client.id}`, outsider.auth);
    expect(none.json().results).toEqual([]);
  });

  it('hides the others’ cards until you submit yours; the hiring team sees every card', async () => {
    const before = await call('GET', url(), ann.auth);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({
      visibility: 'hidden',
      hiddenReason: messages.interviews.hiddenUntilSubmitted,
      scorecards: [],
      aggregate: [],
      overall: null,
      canRequest: false,
    });
    expect(
      before
        .json()
        .pending.map((p: { userId: string }) => p.userId)
        .sort(),
    ).toEqual([ann.id, ben.id].sort());

    const annCard = await call(
      'POST',
      '/api/scorecards',
      ann.auth,
      card(plan.interviews[0].id, 'strong_yes', ['strong_yes', 'yes', 'yes'], 'Excellent triage'),
    );
    expect(annCard.statusCode, annCard.body).toBe(200);
    expect(annCard.json()).toMatchObject({
      created: true,
      message: messages.interviews.scorecardSubmitted,
      scorecard: { overall: 'strong_yes', notes: 'Excellent triage' },
    });

    // Ben has not submitted: Ann's card (ratings, recommendation, notes) is hidden from him, and so is the aggregate.
    const benBefore = await call('GET', url(), ben.auth);
    expect(benBefore.json()).toMatchObject({
      visibility: 'hidden',
      hiddenReason: messages.interviews.hiddenUntilSubmitted,
      scorecards: [],
      mine: [],
      aggregate: [],
      overall: null,
    });
    expect(benBefore.body).not.toContain('Excellent triage');
    expect(benBefore.json().pending.map((p: { userId: string }) => p.userId)).toEqual([ben.id]);

    // The job board's card: Ann's rating so far, and Ben's feedback still awaited.
    expect(await boardCard()).toMatchObject({ averageRating: 4, awaitingFeedback: true });

    // Ann has submitted: she sees every card there is.
    const annAfter = await call('GET', url(), ann.auth);
    expect(annAfter.json()).toMatchObject({ visibility: 'all', hiddenReason: null });

    const benCard = await call('POST', '/api/scorecards', ben.auth, card(plan.interviews[0].id, 'no', ['no', 'yes', 'strong_no'], 'Unsure about ICU'));
    expect(benCard.statusCode).toBe(200);
    const benAfter = (await call('GET', url(), ben.auth)).json();
    expect(benAfter.visibility).toBe('all');
    expect(benAfter.scorecards.map((c: { notes: string }) => c.notes)).toEqual(['Excellent triage', 'Unsure about ICU']);
    expect(benAfter.pending).toEqual([]);
    expect(benAfter.aggregate[0]).toEqual({ attributeId: plan.attributes[0].id, counts: { strong_no: 0, no: 1, yes: 0, strong_yes: 1 }, average: 3 });
    expect(benAfter.aggregate[2]).toEqual({ attributeId: plan.attributes[2].id, counts: { strong_no: 1, no: 0, yes: 1, strong_yes: 0 }, average: 2 });
    expect(benAfter.overall).toEqual({ counts: { strong_no: 0, no: 1, yes: 0, strong_yes: 1 }, average: 3 });

    // The recruiter (hiring team) sees all without a card of their own.
    const team = (await call('GET', url(), A.recruiterAuth.headers)).json();
    expect(team).toMatchObject({ visibility: 'all', canRequest: true });
    expect(team.scorecards).toHaveLength(2);

    // The board: Strong yes (4) and No (2) average 3, nobody awaited; the rating filter keeps it at 3+, not at 4.
    expect(await boardCard()).toMatchObject({ averageRating: 3, awaitingFeedback: false });
    expect(await boardCard(3)).toMatchObject({ averageRating: 3 });
    expect(await boardCard(4)).toBeUndefined();
    const bad = await call('GET', `/api/applications?clientId=${A.client.id}&jobId=${jobId}&minRating=5`, A.recruiterAuth.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose a rating from 1 to 4');
  });

  it('resubmitting edits the card; one card per interviewer and interview', async () => {
    const res = await call('POST', '/api/scorecards', ann.auth, card(plan.interviews[0].id, 'yes', ['yes', 'yes', 'yes'], 'Good, on reflection'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      created: false,
      message: messages.interviews.scorecardUpdated,
      scorecard: { overall: 'yes', notes: 'Good, on reflection' },
    });
    expect(await countRows(t.app, 'scorecards', `application_id = '${appId}' AND interviewer_id = '${ann.id}'`)).toBe(1);
    expect(
      await countRows(
        t.app,
        'scorecard_ratings r JOIN scorecards s ON s.client_id = r.client_id AND s.id = r.scorecard_id',
        `s.client_id = '${A.client.id}' AND s.interviewer_id = '${ann.id}' AND r.rating = 'yes'`,
      ),
    ).toBe(3);
    const mine = await call('GET', `/api/my-interviews?clientId=${A.client.id}`, ann.auth);
    expect(mine.json().results[0]).toMatchObject({ state: 'submitted' });
  });

  it('refuses a scorecard for an interview the user is not on (403, naming it), and bad ratings', async () => {
    const notOn = await call('POST', '/api/scorecards', ann.auth, card(plan.interviews[1].id, 'yes', ['yes', 'yes', 'yes']));
    expect(notOn.statusCode).toBe(403);
    expect(notOn.json()).toEqual({ errorMsg: { interviewId: [messages.interviews.notOnInterview('Hiring manager')] } });
    const recruiter = await call('POST', '/api/scorecards', A.recruiterAuth.headers, card(plan.interviews[0].id, 'yes', ['yes', 'yes', 'yes']));
    expect(recruiter.statusCode).toBe(403);
    expect(recruiter.json()).toEqual({ errorMsg: { interviewId: [messages.interviews.notOnInterview('Clinical panel')] } });
    const ghost = '00000000-0000-4000-8000-000000000002';
    const badAttr = await call('POST', '/api/scorecards', ann.auth, {
      ...card(plan.interviews[0].id, 'yes', []),
      ratings: [{ attributeId: ghost, rating: 'yes' }],
    });
    expect(badAttr.statusCode).toBe(400);
    expect(badAttr.json()).toEqual({ errorMsg: { 'ratings.0.attributeId': [messages.interviews.attributeNotOnJob(ghost)] } });
    const twice = await call('POST', '/api/scorecards', ann.auth, {
      ...card(plan.interviews[0].id, 'yes', []),
      ratings: [
        { attributeId: plan.attributes[0].id, rating: 'yes' },
        { attributeId: plan.attributes[0].id, rating: 'no' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ errorMsg: { 'ratings.1.attributeId': [messages.interviews.attributeRatedTwice(plan.attributes[0].id)] } });
    const badScale = await call('POST', '/api/scorecards', ann.auth, { ...card(plan.interviews[0].id, 'maybe', []) });
    expect(badScale.statusCode).toBe(400);
    expect(badScale.body).toContain('Choose Strong no, No, Yes or Strong yes');
    // An interview of another job than the application's.
    const otherApp = await applicationTo(A.client.id, otherJobId, 'Leo');
    const cross = await call('POST', '/api/scorecards', A.staffAuth.headers, { ...card(plan.interviews[1].id, 'yes', []), applicationId: otherApp });
    expect(cross.statusCode).toBe(400);
    expect(cross.json()).toEqual({ errorMsg: { interviewId: [messages.interviews.interviewOtherJob('Hiring manager')] } });
    // Nothing was written by the refusals: still the two cards.
    expect(await countRows(t.app, 'scorecards', `application_id = '${appId}'`)).toBe(2);
  });

  it('an interviewer outside the hiring team sees only the applications they interview; other tenants see nothing', async () => {
    const out = await call('GET', url(), outsider.auth);
    expect(out.statusCode).toBe(404);
    expect(out.json()).toEqual({ errorMsg: { application: [messages.interviews.applicationNotFound] } });
    const outPost = await call('POST', '/api/scorecards', outsider.auth, card(plan.interviews[0].id, 'yes', []));
    expect(outPost.statusCode).toBe(404);
    const otherApp = await applicationTo(A.client.id, jobId, 'Zoe');
    const notAsked = await call('GET', `/api/applications/${otherApp}/scorecards?clientId=${A.client.id}`, ann.auth);
    expect(notAsked.statusCode).toBe(404);
    const tenantB = await call('GET', `/api/applications/${appId}/scorecards?clientId=${B.client.id}`, B.staffAuth.headers);
    expect(tenantB.statusCode).toBe(404);
    const tenantBSelecting = await call('GET', `/api/applications/${appId}/scorecards?clientId=${A.client.id}`, B.staffAuth.headers);
    expect(tenantBSelecting.statusCode).toBe(404);
    expect(tenantBSelecting.body).not.toContain('Maya');
  });

  it('keeps a plan’s interviews and attributes that have feedback (409) and changes nothing', async () => {
    const res = await call('PUT', `/api/jobs/${jobId}/interview-plan`, A.recruiterAuth.headers, { clientId: A.client.id, interviews: [], attributes: [] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errorMsg: { interviews: [messages.interviews.interviewHasScorecards('Clinical panel')] } });
    const keepInterviews = plan.interviews.map((i) => ({ id: i.id, name: i.name, durationMinutes: 45 }));
    const dropAttr = await call('PUT', `/api/jobs/${jobId}/interview-plan`, A.recruiterAuth.headers, {
      clientId: A.client.id,
      interviews: keepInterviews,
      attributes: plan.attributes.slice(1).map((a) => ({ id: a.id, category: a.category, name: a.name })),
    });
    expect(dropAttr.statusCode).toBe(409);
    expect(dropAttr.json()).toEqual({ errorMsg: { attributes: [messages.interviews.attributeHasRatings('Triage')] } });
    expect(await countRows(t.app, 'interviews', `job_id = '${jobId}' AND duration_minutes = 45`)).toBe(0);
  });
});

describe('reminders', () => {
  it('reminds an interviewer whose card is missing once the 24 h have passed, and nobody who has submitted', async () => {
    const app2 = await applicationTo(A.client.id, jobId, 'Nora');
    const req = await call('POST', `/api/applications/${app2}/feedback-requests`, A.recruiterAuth.headers, {
      clientId: A.client.id,
      interviewId: plan.interviews[0].id,
    });
    expect(req.json().requested).toBe(2);
    // The requests' own mails are delivered by the queue: wait for them, so only reminders come after.
    for (const u of [ann, ben]) await mailTo(u.email, ['Please fill in your scorecard', 'Nora Rivera']);
    const due = await t.app.db.execute(
      sql.raw(`SELECT next_reminder_at > now() + interval '23 hours 59 minutes' AS later FROM feedback_requests WHERE application_id = '${app2}'`),
    );
    expect((due.rows as { later: boolean }[]).every((r) => r.later)).toBe(true);
    // Ann submits; then the 24 h pass.
    const annCard = await call('POST', '/api/scorecards', ann.auth, {
      clientId: A.client.id,
      applicationId: app2,
      interviewId: plan.interviews[0].id,
      overall: 'yes',
      ratings: [],
    });
    expect(annCard.statusCode).toBe(200);
    await t.app.db.execute(sql.raw(`UPDATE feedback_requests SET next_reminder_at = now() - interval '1 minute' WHERE application_id = '${app2}'`));
    const before = smtp.mails.length;
    for (const u of [ann, ben])
      await feedbackReminderJob.handler(t.app, { clientId: A.client.id, applicationId: app2, interviewId: plan.interviews[0].id, userId: u.id });
    const mail = await mailTo(ben.email, ['Your scorecard is still missing', 'Nora Rivera']);
    expect(mail).toContain('Your scorecard is still missing');
    expect(mail).toContain(`/interviews/${app2}/${plan.interviews[0].id}`);
    expect(smtp.mails.slice(before).filter((m) => m.to.includes(ann.email) && mailText(m.raw).includes('still missing'))).toEqual([]);
    expect(
      await countRows(t.app, 'feedback_requests', `application_id = '${app2}' AND user_id = '${ben.id}' AND reminders_sent = 1 AND next_reminder_at > now()`),
    ).toBe(1);
    // Run again at once: not due yet, nothing sent.
    await feedbackReminderJob.handler(t.app, { clientId: A.client.id, applicationId: app2, interviewId: plan.interviews[0].id, userId: ben.id });
    expect(smtp.mails.slice(before).filter((m) => m.to.includes(ben.email))).toHaveLength(1);
  });
});
