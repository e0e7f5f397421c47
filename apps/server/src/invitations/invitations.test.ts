import { messages } from '@hh/contract/messages';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, mailText, setupTestApp, signIn, startSmtp, TEST_PASSWORD, type TestApp } from '../../test/helpers.ts';
import { argon2Stats } from '../auth/passwords.ts';
import { clients, users } from '../db/schema/core.ts';
import { userInvitations } from '../db/schema/team.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: { headers: Record<string, string> };
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupTestApp({ SMTP_URL: smtp.url, INVITATION_TTL_DAYS: '3' });
  admin = await signIn(t.app, (await createUser(t.app, { role: 'admin' })).email);
  A = await createTenant(t.app);
  B = await createTenant(t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const uniq = () => `inv-${Math.random().toString(36).slice(2, 10)}@test.example`;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: object) => t.app.inject({ method, url, headers, payload });

/** The link in the invitation mail to `to` (the n-th one received), and the mail's text. */
async function linkFor(to: string, nth = 1) {
  await smtp.waitFor(to);
  const deadline = Date.now() + 15000;
  while (smtp.mails.filter((m) => m.to.includes(to)).length < nth && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const mail = smtp.mails.filter((m) => m.to.includes(to))[nth - 1];
  const text = mailText(mail.raw);
  const m = /(http:\/\/[^\s"<]+\/user-invitation\?token=[^\s"<]+)/.exec(text);
  if (!m) throw new Error(`no link in mail: ${text}`);
  const url = new URL(m[1]);
  return { text, url, token: url.searchParams.get('token') as string };
}

describe('POST /api/user-invitation/create', () => {
  it('sends several invitations at once with role data; the mail carries a single-use link to /user-invitation', async () => {
    const [e1, e2] = [uniq(), uniq()];
    const res = await call('POST', '/api/user-invitation/create', A.recruiterAuth.headers, {
      clientId: A.client.id,
      emails: [e1.toUpperCase(), e2],
      userTypeWave: 'editor',
      userTypeHarvest: 'member',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Invitation(s) sent successfully.');
    expect(body.totalCount).toBe(2);
    expect(body.results[0]).toMatchObject({ email: e1, status: 'Pending', userTypeWave: 'editor', userTypeHarvest: 'member', userTypeCultivate: 'none' });
    expect(JSON.stringify(body)).not.toContain('token');
    const days = (Date.parse(body.results[0].expiresAt) - Date.now()) / 86400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThanOrEqual(3);
    const { text, url } = await linkFor(e1);
    expect(url.pathname).toBe('/user-invitation');
    expect(text).toContain(`invited you to join ${A.client.name}`);
    await linkFor(e2);
  });

  it("the mail gives the expiry as people write it, with its zone named (the client's own zone when it has one), never the GMT machine form", async () => {
    // UTF-8 as the mail carries it (Intl puts a narrow no-break space before AM/PM).
    const expiryIn = async (tenant: typeof A, zone: string) => {
      const email = uniq();
      const res = await call('POST', '/api/user-invitation/create', tenant.recruiterAuth.headers, { clientId: tenant.client.id, emails: [email] });
      expect(res.statusCode, res.body).toBe(201);
      const at = new Date(res.json().results[0].expiresAt);
      const text = Buffer.from((await linkFor(email)).text, 'latin1').toString('utf8');
      const day = at.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: zone });
      return { text, day, at };
    };
    const utc = await expiryIn(A, 'UTC');
    expect(utc.text).toMatch(new RegExp(`expires on ${utc.day} at \\d{1,2}:\\d{2}\\s[AP]M \\(UTC\\)\\.`));
    expect(utc.text).not.toContain(utc.at.toUTCString());
    expect(utc.text).not.toContain('GMT');
    // A client in Chicago reads it in Chicago's time, named as such.
    const C = await createTenant(t.app);
    await t.app.db.update(clients).set({ timeZone: 'America/Chicago' }).where(eq(clients.id, C.client.id));
    const chicago = await expiryIn(C, 'America/Chicago');
    const hour = chicago.at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'America/Chicago' }).replace(/\s/g, '\\s');
    expect(chicago.text).toMatch(new RegExp(`expires on ${chicago.day} at ${hour} \\(C[SD]T\\)\\.`));
    expect(chicago.text).not.toContain('GMT');
  });

  it('client staff may not invite (403 under auth: the portal logs them out); another tenant gets 404', async () => {
    const staff = await call('POST', '/api/user-invitation/create', A.staffAuth.headers, { clientId: A.client.id, emails: [uniq()] });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().errorMsg.auth).toEqual([messages.server.forbidden]);
    const other = await call('POST', '/api/user-invitation/create', B.recruiterAuth.headers, { clientId: A.client.id, emails: [uniq()] });
    expect(other.statusCode).toBe(404);
    const bad = await call('POST', '/api/user-invitation/create', A.recruiterAuth.headers, { clientId: A.client.id, emails: ['not-an-address'] });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the invitation lifecycle', () => {
  it('accept: the guest page shows who invited whom to which client; name and password set; signed in; the link cannot be used again', async () => {
    const email = uniq();
    await call('POST', '/api/user-invitation/create', A.recruiterAuth.headers, { clientId: A.client.id, emails: [email], userTypeCultivate: 'admin' });
    const { token } = await linkFor(email);
    const page = await call('GET', `/api/user-invitation/get-by-token?token=${encodeURIComponent(token)}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ email, clientName: A.client.name, invitedByName: `Test ${A.recruiter.lastName}`, purpose: 'team', sso: false });
    const accept = await call('POST', '/api/user-invitation/accept', {}, { token, firstName: 'Ada', lastName: 'Lovelace', password: 'a-long-password-1' });
    expect(accept.statusCode).toBe(200);
    const body = accept.json();
    expect(body.redirectTo).toBe('/');
    expect(body.user).toMatchObject({ email, basicInfo: { firstName: 'Ada', lastName: 'Lovelace' }, userTypeGlobal: 'user', userTypeCultivate: 'admin' });
    expect(body.user.company.companyInfo).toBe(A.client.id);
    expect(accept.headers['set-cookie']).toBeDefined();
    const me = await call('GET', '/api/user/fetch-logged-in', { authorization: `Bearer ${body.tokens.accessToken}` });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(email);
    // The new member sees their client.
    const client = await call('GET', `/api/client/get-by-id?clientId=${A.client.id}`, { authorization: `Bearer ${body.tokens.accessToken}` });
    expect(client.statusCode).toBe(200);
    // The password works at the login.
    await signIn(t.app, email, 'a-long-password-1');
    // Single use.
    const again = await call('POST', '/api/user-invitation/accept', {}, { token, firstName: 'Eve', lastName: 'X', password: 'a-long-password-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errorMsg.invitations).toEqual([messages.team.invitationInvalid]);
    const list = await call('GET', `/api/user-invitation?clientId=${A.client.id}&status=Accepted`, A.recruiterAuth.headers);
    expect(list.json().results.map((r: { email: string }) => r.email)).toContain(email);
  });

  it('resend: a fresh link and expiry; the old link stops working; the message is the spec’s', async () => {
    const email = uniq();
    const created = await call('POST', '/api/user-invitation/create', A.recruiterAuth.headers, { clientId: A.client.id, emails: [email] });
    const id = created.json().results[0]._id;
    const first = await linkFor(email);
    const res = await call('PATCH', '/api/user-invitation/update', A.recruiterAuth.headers, {
      clientId: A.client.id,
      _id: id,
      resend: true,
      userTypeWave: 'admin',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Invitations updated.');
    expect(res.json().invitation).toMatchObject({ sentCount: 2, userTypeWave: 'admin' });
    const second = await linkFor(email, 2);
    expect(second.token).not.toBe(first.token);
    const old = await call('GET', `/api/user-invitation/get-by-token?token=${encodeURIComponent(first.token)}`);
    expect(old.statusCode).toBe(400);
    const ok = await call('GET', `/api/user-invitation/get-by-token?token=${encodeURIComponent(second.token)}`);
    expect(ok.statusCode).toBe(200);
  });

  it('revoke: the link stops working and the invitation cannot be changed any more', async () => {
    const email = uniq();
    const created = await call('POST', '/api/user-invitation/create', A.recruiterAuth.headers, { clientId: A.client.id, emails: [email] });
    const id = created.json().results[0]._id;
    const { token } = await linkFor(email);
    const del = await call('DELETE', '/api/user-invitation/delete', A.recruiterAuth.headers, { clientId: A.client.id, _id: id });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ message: 'Invitations updated.', invitation: { status: 'Revoked' } });
    const accept = await call('POST', '/api/user-invitation/accept', {}, { token, firstName: 'A', lastName: 'B', password: 'a-long-password-1' });
    expect(accept.statusCode).toBe(400);
    expect(accept.json().errorMsg.invitations).toEqual([messages.team.invitationInvalid]);
    const upd = await call('PATCH', '/api/user-invitation/update', A.recruiterAuth.headers, { clientId: A.client.id, _id: id, resend: true });
    expect(upd.statusCode).toBe(409);
    expect(upd.json().errorMsg.invitations).toEqual(['An error occurred while sending the invitation(s). Please check you data.']);
  });

  it('expire: past its expiry the link is refused and the invitation reads Expired', async () => {
    const email = uniq();
    const created = await call('POST', '/api/user-invitation/create', A.recruiterAuth.headers, { clientId: A.client.id, emails: [email] });
    const id = created.json().results[0]._id;
    const { token } = await linkFor(email);
    await t.app.db
      .update(userInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(userInvitations.clientId, A.client.id), eq(userInvitations.id, id)));
    const accept = await call('POST', '/api/user-invitation/accept', {}, { token, firstName: 'A', lastName: 'B', password: 'a-long-password-1' });
    expect(accept.statusCode).toBe(400);
    const got = await call('GET', `/api/user-invitation/get-by-id?clientId=${A.client.id}&invitationId=${id}`, A.recruiterAuth.headers);
    expect(got.json().status).toBe('Expired');
    const tampered = await call('GET', `/api/user-invitation/get-by-token?token=${encodeURIComponent(`${token.slice(0, -3)}abc`)}`);
    expect(tampered.statusCode).toBe(400);
  });

  it('an existing user is not given a second account: the client is added to their rights', async () => {
    const other = await createTenant(t.app);
    const loneStaff = await createUser(t.app, { role: 'user' });
    const res = await call('POST', '/api/user-invitation/create', A.recruiterAuth.headers, {
      clientId: A.client.id,
      emails: [other.recruiter.email, loneStaff.email],
      userTypeHarvest: 'editor',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().existingUsers).toEqual([other.recruiter.email, loneStaff.email]);
    expect(res.json().results.every((r: { status: string }) => r.status === 'Accepted')).toBe(true);
    const [c] = await t.app.db.select().from(clients).where(eq(clients.id, A.client.id));
    expect(c.accountManagers).toContain(other.recruiter.id);
    const [u] = await t.app.db.select().from(users).where(eq(users.id, loneStaff.id));
    expect(u.clientId).toBe(A.client.id);
    expect(u.userTypeHarvest).toBe('editor');
    const seen = await call('GET', `/api/client/get-by-id?clientId=${A.client.id}`, other.recruiterAuth.headers);
    expect(seen.statusCode).toBe(200);
    const mail = await smtp.waitFor(loneStaff.email);
    expect(mailText(mail.raw)).toContain(`You now have access to ${A.client.name}`);
    // A staff member of another client belongs there: refused with the spec's message.
    const refused = await call('POST', '/api/user-invitation/create', A.recruiterAuth.headers, { clientId: A.client.id, emails: [B.staff.email] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorMsg.invitations).toEqual(['An error occurred while sending the invitation(s). Please check you data.']);
  });
});

describe('reads and tenant isolation', () => {
  it('get-by-emails and get-by-microsoft-emails (primary and aliases); another tenant sees nothing', async () => {
    const email = uniq();
    await call('POST', '/api/user-invitation/create', A.recruiterAuth.headers, { clientId: A.client.id, emails: [email] });
    const byEmails = await call('GET', `/api/user-invitation/get-by-emails?clientId=${A.client.id}&emails=${email},nobody@x.example`, A.recruiterAuth.headers);
    expect(byEmails.json().results.map((r: { email: string }) => r.email)).toEqual([email]);
    const ms = await call(
      'GET',
      `/api/user-invitation/get-by-microsoft-emails?clientId=${A.client.id}&emails=${encodeURIComponent(`SMTP:primary@x.example,smtp:${email.toUpperCase()}`)}`,
      A.recruiterAuth.headers,
    );
    expect(ms.statusCode).toBe(200);
    expect(ms.json().results.map((r: { email: string }) => r.email)).toEqual([email]);
    const asB = await call('GET', `/api/user-invitation/get-by-emails?clientId=${A.client.id}&emails=${email}`, B.recruiterAuth.headers);
    expect(asB.statusCode).toBe(404);
    const listB = await call('GET', `/api/user-invitation?clientId=${B.client.id}`, B.recruiterAuth.headers);
    expect(listB.json().results.map((r: { email: string }) => r.email)).not.toContain(email);
    const id = byEmails.json().results[0]._id;
    const byIdAsB = await call('GET', `/api/user-invitation/get-by-id?clientId=${B.client.id}&invitationId=${id}`, B.recruiterAuth.headers);
    expect(byIdAsB.statusCode).toBe(404);
    const delAsB = await call('DELETE', '/api/user-invitation/delete', B.recruiterAuth.headers, { clientId: B.client.id, _id: id });
    expect(delAsB.statusCode).toBe(404);
    const admins = await call('GET', `/api/user-invitation?clientId=${A.client.id}&search=${email.slice(0, 8)}`, admin.headers);
    expect(admins.json().results.map((r: { email: string }) => r.email)).toContain(email);
  });
});

describe('GET /api/team and suspension', () => {
  it('members with roles, last sign-in and status, and pending invitations; suspending ends the member’s sessions at once', async () => {
    const T = await createTenant(t.app);
    const email = uniq();
    await call('POST', '/api/user-invitation/create', T.recruiterAuth.headers, { clientId: T.client.id, emails: [email] });
    const res = await call('GET', `/api/team?clientId=${T.client.id}`, T.recruiterAuth.headers);
    expect(res.statusCode).toBe(200);
    const { members, invitations } = res.json();
    const staff = members.find((m: { _id: string }) => m._id === T.staff.id);
    expect(staff).toMatchObject({ status: 'Active', userTypeWave: 'admin', manager: false });
    expect(staff.lastSignInAt).not.toBeNull();
    expect(members.find((m: { _id: string }) => m._id === T.recruiter.id)).toMatchObject({ manager: true });
    expect(invitations.map((i: { email: string }) => i.email)).toEqual([email]);
    const search = await call('GET', `/api/team?clientId=${T.client.id}&search=${encodeURIComponent(T.staff.lastName)}`, T.recruiterAuth.headers);
    expect(search.json().members.map((m: { _id: string }) => m._id)).toEqual([T.staff.id]);
    const asStaff = await call('GET', `/api/team?clientId=${T.client.id}`, T.staffAuth.headers);
    expect(asStaff.statusCode).toBe(403);
    // Suspend (the team screen uses PATCH /api/user/update): the member's next call is refused at once.
    const before = await call('GET', '/api/user/fetch-logged-in', T.staffAuth.headers);
    expect(before.statusCode).toBe(200);
    const sus = await call('PATCH', '/api/user/update', T.recruiterAuth.headers, { _id: T.staff.id, status: 'Suspended' });
    expect(sus.statusCode).toBe(200);
    const after = await call('GET', '/api/user/fetch-logged-in', T.staffAuth.headers);
    expect(after.statusCode).toBe(403);
    expect(after.json().errorMsg.auth).toEqual([messages.server.userSuspended]);
    const listed = await call('GET', `/api/team?clientId=${T.client.id}`, T.recruiterAuth.headers);
    expect(listed.json().members.find((m: { _id: string }) => m._id === T.staff.id).status).toBe('Suspended');
  });
});

describe('wave invitations use the same flow', () => {
  it('an employee assigned a profile without an account accepts, sets a password and lands on /create-wave-profile with the profile', async () => {
    const email = uniq();
    const assign = await call('POST', '/api/create-edit-profiles/create', A.staffAuth.headers, {
      companyId: A.client.id,
      email,
      basicInfo: { firstName: 'Wes', lastName: 'Wave' },
    });
    expect(assign.statusCode).toBe(201);
    const { token, text } = await linkFor(email);
    expect(text).toContain(`invited you to join ${A.client.name}`);
    const page = await call('GET', `/api/user-invitation/get-by-token?token=${encodeURIComponent(token)}`);
    expect(page.json()).toMatchObject({ purpose: 'wave', firstName: 'Wes', lastName: 'Wave' });
    const accept = await call('POST', '/api/user-invitation/accept', {}, { token, firstName: 'Wes', lastName: 'Wave', password: 'wave-password-1' });
    expect(accept.statusCode).toBe(200);
    expect(accept.json().redirectTo).toBe('/create-wave-profile');
    expect(accept.json().user.userTypeWave).toBe('member');
    const auth = { authorization: `Bearer ${accept.json().tokens.accessToken}` };
    const mine = await call('GET', `/api/profiles/wave?createdBy=${accept.json().user._id}`, auth);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().results[0]).toMatchObject({ email, status: 'In Progress' });
  });
});

describe('the public guest calls under abuse', () => {
  const fromAddress = (remoteAddress: string, method: Method, url: string, payload?: object) => t.app.inject({ method, url, payload, remoteAddress });

  it('300 parallel accepts with a made-up token: refused before any argon2 work (400, then 429), while a login at the same time succeeds', async () => {
    const member = await createUser(t.app, { role: 'user', clientId: A.client.id, products: { harvest: 'member' } });
    // A real invitation's ids with a guessed secret, and ids that do not exist: both look like links.
    const email = uniq();
    await call('POST', '/api/user-invitation/create', A.recruiterAuth.headers, { clientId: A.client.id, emails: [email] });
    const { token } = await linkFor(email);
    const [clientId, invitationId] = token.split('.');
    const tokens = [`${clientId}.${invitationId}.${'g'.repeat(43)}`, `${A.client.id}.${randomUUID()}.${'x'.repeat(43)}`];
    const before = argon2Stats();

    const flood = Array.from({ length: 300 }, (_, i) =>
      fromAddress('198.51.100.7', 'POST', '/api/user-invitation/accept', {
        token: tokens[i % 2],
        firstName: 'Eve',
        lastName: 'Flood',
        password: 'a-long-password-1',
      }),
    );
    const login = t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: '198.51.100.8', payload: { email: member.email, password: TEST_PASSWORD } });
    const [replies, signedIn] = await Promise.all([Promise.all(flood), login]);

    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().tokens.accessToken).toEqual(expect.any(String));
    // Every one refused: the link's own 400 while the address is under its limit, 429 past it. (Requests
    // injected in one burst may all read the limiter's counter after the burst, so at most 10 are 400s.)
    const refused = replies.filter((r) => r.statusCode === 400);
    const limited = replies.filter((r) => r.statusCode === 429);
    expect(refused.length + limited.length).toBe(300);
    expect(refused.length).toBeLessThanOrEqual(10);
    expect(limited.length).toBeGreaterThanOrEqual(290);
    for (const r of refused) expect(r.json()).toEqual({ errorMsg: { invitations: [messages.team.invitationInvalid] } });
    expect(limited[0].headers['retry-after']).toMatch(/^\d+$/);
    expect(JSON.stringify(limited[0].json())).toContain(messages.security.tooManyRequests);
    // No accept hashed a password; the one verification is the login's.
    const after = argon2Stats();
    expect(after.hashes - before.hashes).toBe(0);
    expect(after.verifies - before.verifies).toBe(1);
    // The invitation is still usable by its owner.
    const page = await fromAddress('198.51.100.9', 'GET', `/api/user-invitation/get-by-token?token=${encodeURIComponent(token)}`);
    expect(page.statusCode).toBe(200);
  });

  it('a valid link still costs one argon2 hash, and only after the token matched', async () => {
    const email = uniq();
    await call('POST', '/api/user-invitation/create', A.recruiterAuth.headers, { clientId: A.client.id, emails: [email] });
    const { token } = await linkFor(email);
    const before = argon2Stats().hashes;
    const ok = await fromAddress('198.51.100.10', 'POST', '/api/user-invitation/accept', {
      token,
      firstName: 'Ann',
      lastName: 'Real',
      password: 'a-long-password-1',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(argon2Stats().hashes - before).toBe(1);
    const used = await fromAddress('198.51.100.10', 'POST', '/api/user-invitation/accept', {
      token,
      firstName: 'Ann',
      lastName: 'Real',
      password: 'a-long-password-1',
    });
    expect(used.statusCode).toBe(400);
    expect(argon2Stats().hashes - before).toBe(1);
  });

  it('accept is limited per address: the 11th try in a minute is a 429 before the token is even read', async () => {
    const body = { token: `${A.client.id}.${randomUUID()}.${'y'.repeat(43)}`, firstName: 'Eve', lastName: 'Guess', password: 'a-long-password-1' };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await fromAddress('198.51.100.30', 'POST', '/api/user-invitation/accept', body)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
  });

  it('get-by-token is limited per address: past 30 a minute, 429 with Retry-After; another address is not affected', async () => {
    const url = `/api/user-invitation/get-by-token?token=${A.client.id}.${randomUUID()}.guess`;
    const replies = [];
    for (let i = 0; i < 40; i++) replies.push(await fromAddress('198.51.100.20', 'GET', url));
    expect(replies.filter((r) => r.statusCode === 400)).toHaveLength(30);
    const limited = replies.filter((r) => r.statusCode === 429);
    expect(limited).toHaveLength(10);
    expect(limited[0].headers['retry-after']).toMatch(/^\d+$/);
    expect(limited[0].json()).toEqual({ errorMsg: expect.anything() });
    expect(JSON.stringify(limited[0].json())).toContain(messages.security.tooManyRequests);
    expect((await fromAddress('198.51.100.21', 'GET', url)).statusCode).toBe(400);
  });
});
