import { messages } from '@hh/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, mailText, setupTestApp, signIn, startSmtp, type TestApp } from '../../test/helpers.ts';
import { jobs } from '../db/schema/jobs.ts';
import { offerApprovals, offers } from '../db/schema/offers.ts';
import { applicationOf, LETTER, offerOf, teamMember } from './offer-test-data.ts';
import { formatExpiry } from './merge.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://offers.test' });
  A = await createTenant(t.app);
  B = await createTenant(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const inAWeek = () => new Date(Date.now() + 7 * 86400_000).toISOString();
const err = (res: { json: () => unknown }) => (res.json() as { errorMsg: Record<string, string[]> }).errorMsg;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as object });

async function newTemplate(headers = A.recruiterAuth.headers, name = `Standard ${Math.random()}`) {
  const res = await call('POST', '/api/offer-templates', headers, { clientId: A.client.id, name, body: LETTER });
  expect(res.statusCode).toBe(201);
  return res.json() as { _id: string; name: string; body: string };
}

/** The text of the "approval needed" mail to `to` about an offer for job `jobId`, waited for up to 15 s. */
async function approvalMail(to: string, jobId: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const m = smtp.mails.find(
      (x) => x.to.includes(to) && mailText(x.raw).includes('waits for your approval') && mailText(x.raw).includes(`/harvest/jobs/${jobId}?`),
    );
    if (m) return mailText(m.raw);
    if (Date.now() > deadline) throw new Error(`no approval mail to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('offer templates', () => {
  it('creates, lists, renames and deletes a template; the letter is stored sanitised', async () => {
    const res = await call('POST', '/api/offer-templates', A.recruiterAuth.headers, {
      clientId: A.client.id,
      name: 'Nurse offer',
      body: '<p onclick="x()">Dear {{candidateName}}</p><script>alert(1)</script><ul><li><strong>{{salary}}</strong></li></ul>',
    });
    expect(res.statusCode).toBe(201);
    const tpl = res.json();
    expect(tpl.message).toBe(messages.offers.templateSaved);
    expect(tpl.body).toBe('<p>Dear {{candidateName}}</p><ul><li><strong>{{salary}}</strong></li></ul>');
    const dup = await call('POST', '/api/offer-templates', A.staffAuth.headers, { clientId: A.client.id, name: 'NURSE OFFER', body: LETTER });
    expect(dup.statusCode).toBe(409);
    expect(err(dup).name).toEqual([messages.offers.templateNameTaken('NURSE OFFER')]);
    const list = await call('GET', `/api/offer-templates?clientId=${A.client.id}`, A.staffAuth.headers);
    expect(list.json().results.map((x: { name: string }) => x.name)).toContain('Nurse offer');
    const upd = await call('PUT', `/api/offer-templates/${tpl._id}`, A.recruiterAuth.headers, {
      clientId: A.client.id,
      name: 'Nurse offer 2027',
      body: LETTER,
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().name).toBe('Nurse offer 2027');
    const del = await call('DELETE', `/api/offer-templates/${tpl._id}?clientId=${A.client.id}`, A.recruiterAuth.headers);
    expect(del.json().message).toBe(messages.offers.templateDeleted);
    const again = await call('DELETE', `/api/offer-templates/${tpl._id}?clientId=${A.client.id}`, A.recruiterAuth.headers);
    expect(again.statusCode).toBe(404);
    expect(err(again).offers).toEqual([messages.offers.templateNotFound]);
  });

  it('refuses an unknown merge field and an empty letter, naming the problem', async () => {
    const unknown = await call('POST', '/api/offer-templates', A.recruiterAuth.headers, { clientId: A.client.id, name: 'X', body: '<p>{{bonus}}</p>' });
    expect(unknown.statusCode).toBe(400);
    expect(err(unknown).body[0]).toMatch(/^Unknown merge field \{\{bonus\}\}: an offer letter can use \{\{candidateName\}\}/);
    const blank = await call('POST', '/api/offer-templates', A.recruiterAuth.headers, { clientId: A.client.id, name: 'Y', body: '<p><script>x</script></p>' });
    expect(blank.statusCode).toBe(400);
    expect(err(blank).body).toEqual([messages.offers.templateBlank]);
  });

  it('members read templates but only editors write them; another tenant sees nothing', async () => {
    const member = await createUser(t.app, { clientId: A.client.id, products: { harvest: 'member' } });
    const auth = (await signIn(t.app, member.email)).headers;
    expect((await call('GET', `/api/offer-templates?clientId=${A.client.id}`, auth)).statusCode).toBe(200);
    const w = await call('POST', '/api/offer-templates', auth, { clientId: A.client.id, name: 'Z', body: LETTER });
    expect(w.statusCode).toBe(403);
    expect((await call('GET', `/api/offer-templates?clientId=${A.client.id}`, B.recruiterAuth.headers)).statusCode).toBe(404);
  });
});

describe('offers and their approval chain', () => {
  it('creates an offer waiting for its first approver, and refuses bad chains and a second offer', async () => {
    const tpl = await newTemplate();
    const { application } = await applicationOf(t.app, A.client.id);
    const body = {
      clientId: A.client.id,
      applicationId: application.id,
      templateId: tpl._id,
      salary: 85000,
      currency: 'usd',
      startDate: '2027-02-01',
      managerName: 'Dana Smith',
      expiresAt: inAWeek(),
      approverUserIds: [A.staff.id, A.recruiter.id],
    };
    const outsider = await createUser(t.app, { role: 'recruiter' });
    const notMember = await call('POST', '/api/offers', A.recruiterAuth.headers, { ...body, approverUserIds: [outsider.id] });
    expect(notMember.statusCode).toBe(400);
    expect(err(notMember).approverUserIds).toEqual([messages.offers.approverNotMember]);
    const twice = await call('POST', '/api/offers', A.recruiterAuth.headers, { ...body, approverUserIds: [A.staff.id, A.staff.id] });
    expect(err(twice).approverUserIds).toEqual([messages.offers.approverTwice]);
    const past = await call('POST', '/api/offers', A.recruiterAuth.headers, { ...body, expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(err(past).expiresAt).toEqual([messages.offers.expiryPast]);
    const otherTenant = await call('POST', '/api/offers', B.recruiterAuth.headers, { ...body, clientId: B.client.id });
    expect(otherTenant.statusCode).toBe(404);
    expect(await t.app.db.$count(offers, eq(offers.applicationId, application.id))).toBe(0);

    const res = await call('POST', '/api/offers', A.recruiterAuth.headers, body);
    expect(res.statusCode).toBe(201);
    const o = res.json();
    expect(o).toMatchObject({
      status: 'pending_approval',
      currency: 'USD',
      currentApproverId: A.staff.id,
      canApprove: false,
      message: messages.offers.created,
    });
    expect(o.approvals.map((a: { userId: string }) => a.userId)).toEqual([A.staff.id, A.recruiter.id]);
    expect(o.letterHtml).toContain('85,000.00 USD');
    expect(o.letterHtml).toContain('February 1, 2027');
    // The first approver is told the offer waits for them, with the application's address in the portal.
    const asked = await approvalMail(A.staff.email, application.jobId);
    expect(asked).toContain('waits for your approval');
    expect(asked).toContain('85,000 USD');
    expect(asked).toContain(`http://offers.test/harvest/jobs/${application.jobId}?candidate=${application.candidateId}`);
    const second = await call('POST', '/api/offers', A.recruiterAuth.headers, body);
    expect(second.statusCode).toBe(409);
    expect(err(second).offers).toEqual([messages.offers.offerExists]);
    const read = await call('GET', `/api/applications/${application.id}/offer?clientId=${A.client.id}`, A.staffAuth.headers);
    expect(read.json().offer).toMatchObject({ _id: o._id, canApprove: true });
  });

  it('only the current approver approves; the creator out of turn and an outsider are refused with words', async () => {
    // The recruiter creates it and is second in the chain; the staff member approves first.
    const o = await offerOf(t.app, A.client.id, { approvers: [A.staff.id, A.recruiter.id], createdBy: A.recruiter.id });
    const url = `/api/offers/${o.offer.id}/approve`;
    const own = await call('POST', url, A.recruiterAuth.headers, { clientId: A.client.id });
    expect(own.statusCode).toBe(403);
    expect(err(own).offers).toEqual([messages.offers.ownOfferOutOfTurn(`${A.staff.firstName} ${A.staff.lastName}`)]);
    const admin = await createUser(t.app, { role: 'admin' });
    const notIn = await call('POST', url, (await signIn(t.app, admin.email)).headers, { clientId: A.client.id });
    expect(notIn.statusCode).toBe(403);
    expect(err(notIn).offers).toEqual([messages.offers.notApprover]);
    const otherTenant = await call('POST', url, B.recruiterAuth.headers, { clientId: A.client.id });
    expect(otherTenant.statusCode).toBe(404);

    const first = await call('POST', url, A.staffAuth.headers, { clientId: A.client.id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'pending_approval', currentApproverId: A.recruiter.id, message: messages.offers.approved });
    // Now it is the recruiter's turn, and they are told so.
    expect(await approvalMail(A.recruiter.email, o.job.id)).toContain('waits for your approval');
    const again = await call('POST', url, A.staffAuth.headers, { clientId: A.client.id });
    expect(again.statusCode).toBe(409);
    const second = await call('POST', url, A.recruiterAuth.headers, { clientId: A.client.id });
    expect(second.json()).toMatchObject({ status: 'approved', currentApproverId: null, message: messages.offers.fullyApproved });

    const events = await t.app.db.execute(
      sql`SELECT actor_id, data->>'position' AS position FROM candidate_events WHERE client_id = ${A.client.id} AND candidate_id = ${o.candidate.id} AND type = 'offer' AND data->>'action' = 'approved' ORDER BY created_at`,
    );
    expect(events.rows).toEqual([
      { actor_id: A.staff.id, position: '1' },
      { actor_id: A.recruiter.id, position: '2' },
    ]);
    const logs = await t.app.db.execute(sql`SELECT count(*)::int AS n FROM activity_logs WHERE entity_id = ${o.offer.id} AND action = 'offer-approved'`);
    expect(logs.rows[0]).toEqual({ n: 2 });
  });

  it('an edit after an approval restarts the chain and retires the links sent before', async () => {
    const member = await teamMember(t.app, A.client.id);
    const o = await offerOf(t.app, A.client.id, { approvers: [A.staff.id, member.id], approved: 1 });
    const res = await call('PUT', `/api/offers/${o.offer.id}`, A.recruiterAuth.headers, {
      clientId: A.client.id,
      applicationId: o.application.id,
      templateId: o.template.id,
      salary: 90000,
      currency: 'USD',
      startDate: '2027-02-01',
      managerName: 'Dana Smith',
      expiresAt: inAWeek(),
      approverUserIds: [A.staff.id, member.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending_approval', revision: 2, currentApproverId: A.staff.id, message: messages.offers.updated });
    const chain = await t.app.db
      .select()
      .from(offerApprovals)
      .where(and(eq(offerApprovals.clientId, A.client.id), eq(offerApprovals.offerId, o.offer.id)));
    expect(chain.every((a) => a.approvedAt === null)).toBe(true);
    // The chain's first approver is asked again, with the new terms.
    expect(await approvalMail(A.staff.email, o.job.id)).toContain('90,000 USD');
    // The link signed for revision 1 no longer opens the offer.
    await t.app.db.update(offers).set({ status: 'sent' }).where(eq(offers.id, o.offer.id));
    const old = await t.app.inject({ method: 'GET', url: `/api/offer-letters/${o.token}` });
    expect(old.statusCode).toBe(404);
    expect(err(old).offer).toEqual([messages.offers.linkInvalid]);
  });

  it('sends only an approved offer: the PDF letter arrives at the SMTP listener with the signed link; the candidate accepts', async () => {
    const pending = await offerOf(t.app, A.client.id);
    const early = await call('POST', `/api/offers/${pending.offer.id}/send`, A.recruiterAuth.headers, { clientId: A.client.id });
    expect(early.statusCode).toBe(409);
    expect(err(early).offers).toEqual([messages.offers.notApproved]);

    const o = await offerOf(t.app, A.client.id, { status: 'approved', approved: 1, openPositions: 1 });
    const sent = await call('POST', `/api/offers/${o.offer.id}/send`, A.recruiterAuth.headers, { clientId: A.client.id });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sent', message: messages.offers.sent(o.candidate.email) });
    const mail = await simpleParser((await smtp.waitFor(o.candidate.email)).raw);
    expect(mail.subject).toBe(`Your offer from ${A.client.name}: ICU Registered Nurse`);
    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.content.subarray(0, 4).toString()).toBe('%PDF');
    expect(pdf?.content.length).toBeGreaterThan(1000);
    const link = (mail.text ?? '').match(/http:\/\/offers\.test\/offer\/(\S+)/);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? '');

    const view = await t.app.inject({ method: 'GET', url: `/api/offer-letters/${token}` });
    expect(view.statusCode).toBe(200);
    expect(Object.keys(view.json()).sort()).toEqual(
      ['acceptedName', 'answeredAt', 'candidateName', 'companyName', 'expiresAt', 'jobTitle', 'letterHtml', 'state'].sort(),
    );
    expect(view.json()).toMatchObject({ state: 'open', jobTitle: 'ICU Registered Nurse' });
    const tampered = await t.app.inject({ method: 'GET', url: `/api/offer-letters/${token.slice(0, -2)}${token.endsWith('xx') ? 'yy' : 'xx'}` });
    expect(tampered.statusCode).toBe(404);
    expect(err(tampered).offer).toEqual([messages.offers.linkInvalid]);
    const file = await t.app.inject({ method: 'GET', url: `/api/offer-letters/${token}/pdf` });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.subarray(0, 4).toString()).toBe('%PDF');

    const fullName = `${o.candidate.firstName} ${o.candidate.lastName}`;
    const wrong = await t.app.inject({ method: 'POST', url: `/api/offer-letters/${token}/accept`, payload: { fullName: 'Someone Else' } });
    expect(wrong.statusCode).toBe(400);
    expect(err(wrong).fullName).toEqual([messages.offers.nameMismatch(fullName)]);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/offer-letters/${token}/accept`,
      payload: { fullName: `  ${fullName.toUpperCase()} ` },
      remoteAddress: '203.0.113.7',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: messages.offers.acceptedThanks, state: 'accepted' });
    const [row] = await t.app.db.select().from(offers).where(eq(offers.id, o.offer.id));
    expect(row).toMatchObject({ status: 'accepted', acceptedName: fullName.toUpperCase(), acceptedIp: '203.0.113.7' });
    expect(row.answeredAt).toBeInstanceOf(Date);
    const stage = await t.app.db.execute(
      sql`SELECT s.kind FROM applications a JOIN job_stages s ON s.client_id = a.client_id AND s.id = a.stage_id WHERE a.client_id = ${A.client.id} AND a.id = ${o.application.id}`,
    );
    expect(stage.rows).toEqual([{ kind: 'hired' }]);
    const [job] = await t.app.db
      .select({ n: jobs.openPositions })
      .from(jobs)
      .where(and(eq(jobs.clientId, A.client.id), eq(jobs.id, o.job.id)));
    expect(job.n).toBe(0);
    const panel = await call('GET', `/api/applications/${o.application.id}/offer?clientId=${A.client.id}`, A.recruiterAuth.headers);
    expect(panel.json().offer).toMatchObject({ status: 'accepted', jobOpenPositions: 0, jobStatus: 'open', acceptedIp: '203.0.113.7' });

    const twice = await t.app.inject({ method: 'POST', url: `/api/offer-letters/${token}/accept`, payload: { fullName } });
    expect(twice.statusCode).toBe(409);
    expect(err(twice).offer).toEqual([messages.offers.alreadyAccepted]);
    const decline = await t.app.inject({ method: 'POST', url: `/api/offer-letters/${token}/decline`, payload: {} });
    expect(err(decline).offer).toEqual([messages.offers.alreadyAccepted]);
    const edit = await call('POST', `/api/offers/${o.offer.id}/send`, A.recruiterAuth.headers, { clientId: A.client.id });
    expect(edit.statusCode).toBe(409);
    expect(err(edit).offers).toEqual([messages.offers.answered]);
  });

  it('a declined offer records the reason and cannot then be accepted', async () => {
    const o = await offerOf(t.app, A.client.id, { status: 'sent', approved: 1 });
    const res = await t.app.inject({ method: 'POST', url: `/api/offer-letters/${o.token}/decline`, payload: { reason: 'Took another job' } });
    expect(res.json()).toEqual({ message: messages.offers.declinedThanks, state: 'declined' });
    const [row] = await t.app.db.select().from(offers).where(eq(offers.id, o.offer.id));
    expect(row).toMatchObject({ status: 'declined', declineReason: 'Took another job' });
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/offer-letters/${o.token}/accept`,
      payload: { fullName: `${o.candidate.firstName} ${o.candidate.lastName}` },
    });
    expect(accept.statusCode).toBe(409);
    expect(err(accept).offer).toEqual([messages.offers.alreadyDeclined]);
    const view = await t.app.inject({ method: 'GET', url: `/api/offer-letters/${o.token}` });
    expect(view.json()).toMatchObject({ state: 'declined' });
  });

  it('an expired link says so with its date (410), and the application is left as it was', async () => {
    const expiresAt = new Date(Date.now() - 60_000);
    const o = await offerOf(t.app, A.client.id, { status: 'sent', approved: 1, expiresAt });
    const view = await t.app.inject({ method: 'GET', url: `/api/offer-letters/${o.token}` });
    expect(view.statusCode).toBe(410);
    expect(err(view).offer).toEqual([messages.offers.linkExpired(formatExpiry(expiresAt))]);
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/offer-letters/${o.token}/accept`,
      payload: { fullName: `${o.candidate.firstName} ${o.candidate.lastName}` },
    });
    expect(accept.statusCode).toBe(410);
    const [row] = await t.app.db.select().from(offers).where(eq(offers.id, o.offer.id));
    expect(row.status).toBe('sent');
  });

  it('a hiring-team member who is not an editor reads offers but cannot write or send them', async () => {
    const member = await createUser(t.app, { clientId: A.client.id, products: { harvest: 'member' } });
    const auth = (await signIn(t.app, member.email)).headers;
    const o = await offerOf(t.app, A.client.id, { status: 'approved', approved: 1 });
    expect((await call('GET', `/api/applications/${o.application.id}/offer?clientId=${A.client.id}`, auth)).statusCode).toBe(200);
    expect((await call('POST', `/api/offers/${o.offer.id}/send`, auth, { clientId: A.client.id })).statusCode).toBe(403);
    const approvers = await call('GET', `/api/offers/approvers?clientId=${A.client.id}`, auth);
    const ids = approvers.json().results.map((x: { _id: string }) => x._id);
    expect(ids).toEqual(expect.arrayContaining([A.staff.id, A.recruiter.id, member.id]));
    expect(ids).not.toContain(B.staff.id);
  });
});
