import { messages } from '@hh/contract/messages';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { users } from '../db/schema/core.ts';
import { clientSsoSettings } from '../db/schema/team.ts';
import { countRows, createTenant, createUser, setupTestApp, signIn, type TestApp } from '../../test/helpers.ts';
import { startTestDns, type TestDns } from './test-dns.ts';
import { startTestIdp, type TestIdp } from './test-idp.ts';

/**
 * Single sign-on by construction (docs/decisions/0402-sso-domain-proof.md, docs/security.md
 * "Single sign-on"): a client signs in only its own users, through domains it proved by DNS, with a
 * verified `email` claim, the subject linked at the first sign-in; every provider URL through the
 * guarded fetch; the public calls rate-limited and discovery the same for every domain.
 *
 * The provider (test-idp.ts) and the DNS server (test-dns.ts) are real servers on loopback; the
 * provider's origin is the one test allowance (SSO_TEST_ISSUER_ORIGINS), so any other loopback
 * address stays refused in this same app.
 */
let t: TestApp;
let idp: TestIdp;
let dns: TestDns;
let internal: http.Server;
let internalHits: string[] = [];
let internalUrl = '';
let addr = 0;
/** Each call from its own address unless a test says otherwise: the per-address limits are tested on their own. */
const nextAddress = () => {
  addr++;
  return `10.77.${(addr >> 8) & 255}.${addr & 255}`;
};

beforeAll(async () => {
  idp = await startTestIdp();
  dns = await startTestDns();
  internal = http.createServer((req, res) => {
    internalHits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((r) => internal.listen(0, '127.0.0.1', () => r()));
  internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
  t = await setupTestApp({ SSO_ALLOW_HTTP_ISSUER: 'true', SSO_TEST_ISSUER_ORIGINS: idp.issuer, SSO_DNS_SERVERS: dns.server });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await idp?.stop();
  await dns?.stop();
  await new Promise((r) => internal?.close(r));
});
beforeEach(() => {
  idp.login = null;
  idp.metadata = {};
  idp.claims = (login) => ({ sub: `sub-${login}`, email: login, email_verified: true });
  internalHits = [];
});

let seq = 0;
const uniqueDomain = () => `d${Date.now().toString(36)}${++seq}.test`;

async function saveSettings(headers: Record<string, string>, clientId: string, emailDomains: string[], extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/sso/settings/update',
    headers,
    remoteAddress: nextAddress(),
    payload: { clientId, sso: true, issuer: idp.issuer, oidcClientId: idp.clientId, oidcClientSecret: idp.clientSecret, emailDomains, ...extra },
  });
}

async function checkNow(headers: Record<string, string>, clientId: string, domain: string) {
  return t.app.inject({ method: 'POST', url: '/api/sso/domains/check', headers, remoteAddress: nextAddress(), payload: { clientId, domain } });
}

/** Publishes the claim's TXT record on the test DNS and presses "Check now". */
async function prove(headers: Record<string, string>, clientId: string, domain: string) {
  const settings = await t.app.inject({ method: 'GET', url: `/api/sso/settings?clientId=${clientId}`, headers });
  const claim = settings.json().domains.find((d: { domain: string }) => d.domain === domain);
  dns.records.set(domain, [...(dns.records.get(domain) ?? []), claim.txtRecord]);
  const res = await checkNow(headers, clientId, domain);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().domain.status).toBe('verified');
}

type Outcome = { refused: string } | { session: { user: { _id: string; email: string }; tokens: { accessToken: string } } };

/** The whole flow as a browser would run it: /sso/start, the provider, /sso/callback, POST /api/sso/exchange. */
async function ssoSignIn(email: string): Promise<Outcome> {
  const start = await t.app.inject({ method: 'GET', url: `/sso/start?email=${encodeURIComponent(email)}`, remoteAddress: nextAddress() });
  expect(start.statusCode).toBe(302);
  const toProvider = String(start.headers.location);
  if (toProvider.startsWith('/login')) return { refused: new URL(toProvider, 'http://x').searchParams.get('ssoError') ?? '' };
  const auth = await fetch(toProvider, { redirect: 'manual' });
  const callback = new URL(String(auth.headers.get('location')));
  const back = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, remoteAddress: nextAddress() });
  expect(back.statusCode).toBe(302);
  const landing = String(back.headers.location);
  if (!landing.startsWith('/login#sso=')) return { refused: new URL(landing, 'http://x').searchParams.get('ssoError') ?? '' };
  const exchange = await t.app.inject({
    method: 'POST',
    url: '/api/sso/exchange',
    remoteAddress: nextAddress(),
    payload: { ticket: landing.slice('/login#sso='.length) },
  });
  expect(exchange.statusCode, exchange.body).toBe(200);
  return { session: exchange.json() };
}

describe('a recruiter cannot become the global admin through SSO (the attack as reported)', () => {
  it('their own client, their own provider, emailDomains ["demo.test"]: admin@demo.test gets no session, before or after any proof', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    await t.app.db.update(users).set({ email: 'admin@demo.test' }).where(eq(users.id, admin.id));
    const recruiter = await createUser(t.app, { role: 'recruiter' });
    const r = await signIn(t.app, recruiter.email);
    const created = await t.app.inject({ method: 'POST', url: '/api/client/create', headers: r.headers, payload: { name: `Mallory ${Date.now()}` } });
    expect(created.statusCode, created.body).toBe(201);
    const clientId = created.json()._id;

    const saved = await saveSettings(r.headers, clientId, ['demo.test']);
    expect(saved.statusCode, saved.body).toBe(200);
    const before = idp.requests.length;
    expect(await ssoSignIn('admin@demo.test')).toEqual({ refused: messages.team.ssoUnknownDomain });
    expect(idp.requests.length, 'an unproved domain never reaches the provider').toBe(before);
    // The claim is stored, pending, with the record that would prove it.
    expect(saved.json().domains).toEqual([
      { domain: 'demo.test', status: 'pending', txtRecord: expect.stringMatching(/^hh-verification=[0-9a-f]{48}$/), checkedAt: null, verifiedAt: null },
    ]);

    // Even with the domain proved (the worst case: the recruiter runs demo.test's DNS), the
    // provider's word cannot sign in an account outside the client.
    await prove(r.headers, clientId, 'demo.test');
    expect(await ssoSignIn('admin@demo.test')).toEqual({ refused: messages.team.ssoNoAccount });
    expect(await countRows(t.app, 'sso_tickets', `user_id = '${admin.id}'`)).toBe(0);
    expect(await countRows(t.app, 'auth_sessions', `user_id = '${admin.id}'`)).toBe(0);
    expect(await countRows(t.app, 'sso_identities', `user_id = '${admin.id}'`)).toBe(0);
  });

  it('a user of another client and a recruiter on the proved domain are refused too', async () => {
    const A = await createTenant(t.app);
    const B = await createTenant(t.app);
    const domain = uniqueDomain();
    const other = await createUser(t.app, { role: 'user', clientId: B.client.id });
    await t.app.db
      .update(users)
      .set({ email: `bob@${domain}` })
      .where(eq(users.id, other.id));
    const rec = await createUser(t.app, { role: 'recruiter' });
    await t.app.db
      .update(users)
      .set({ email: `rita@${domain}` })
      .where(eq(users.id, rec.id));
    expect((await saveSettings(A.recruiterAuth.headers, A.client.id, [domain])).statusCode).toBe(200);
    await prove(A.recruiterAuth.headers, A.client.id, domain);
    expect(await ssoSignIn(`bob@${domain}`)).toEqual({ refused: messages.team.ssoNoAccount });
    expect(await ssoSignIn(`rita@${domain}`)).toEqual({ refused: messages.team.ssoNoAccount });
    expect(await countRows(t.app, 'sso_tickets', `user_id IN ('${other.id}', '${rec.id}')`)).toBe(0);
  });

  it('an invitation of the attacker’s client cannot take the address of an existing account', async () => {
    const A = await createTenant(t.app);
    const domain = uniqueDomain();
    const victim = await createUser(t.app, { role: 'admin' });
    await t.app.db
      .update(users)
      .set({ email: `root@${domain}` })
      .where(eq(users.id, victim.id));
    expect((await saveSettings(A.recruiterAuth.headers, A.client.id, [domain])).statusCode).toBe(200);
    await prove(A.recruiterAuth.headers, A.client.id, domain);
    const inv = await t.app.inject({
      method: 'POST',
      url: '/api/user-invitation/create',
      headers: A.recruiterAuth.headers,
      payload: { clientId: A.client.id, emails: [`root@${domain}`], userTypeHarvest: 'editor' },
    });
    expect(inv.statusCode, inv.body).toBeLessThan(500);
    expect(await ssoSignIn(`root@${domain}`)).toEqual({ refused: messages.team.ssoNoAccount });
    expect(await countRows(t.app, 'sso_tickets', `user_id = '${victim.id}'`)).toBe(0);
  });
});

describe('the client’s own users sign in, and the subject is linked', () => {
  it('a member signs in; the first verified sign-in links iss + sub; a different sub for that user is refused', async () => {
    const A = await createTenant(t.app);
    const domain = uniqueDomain();
    const member = await createUser(t.app, { role: 'user', clientId: A.client.id });
    const email = `sam@${domain}`;
    await t.app.db.update(users).set({ email }).where(eq(users.id, member.id));
    expect((await saveSettings(A.recruiterAuth.headers, A.client.id, [domain])).statusCode).toBe(200);
    await prove(A.recruiterAuth.headers, A.client.id, domain);

    const first = await ssoSignIn(email);
    expect(first).toMatchObject({ session: { user: { _id: member.id, email } } });
    const links = await t.app.pool.query('SELECT client_id, issuer, subject, user_id FROM sso_identities WHERE user_id = $1', [member.id]);
    expect(links.rows).toEqual([{ client_id: A.client.id, issuer: idp.issuer, subject: `sub-${email}`, user_id: member.id }]);
    // The link is what signs in from now on: the same subject again is the same user.
    expect(await ssoSignIn(email)).toMatchObject({ session: { user: { _id: member.id } } });

    idp.claims = (login) => ({ sub: 'someone-else-at-the-provider', email: login, email_verified: true });
    expect(await ssoSignIn(email)).toEqual({ refused: messages.team.ssoSubjectMismatch });
  });

  it('an open invitation of the client is accepted on the spot and linked', async () => {
    const A = await createTenant(t.app);
    const domain = uniqueDomain();
    expect((await saveSettings(A.recruiterAuth.headers, A.client.id, [domain])).statusCode).toBe(200);
    await prove(A.recruiterAuth.headers, A.client.id, domain);
    const email = `ann@${domain}`;
    const inv = await t.app.inject({
      method: 'POST',
      url: '/api/user-invitation/create',
      headers: A.recruiterAuth.headers,
      payload: { clientId: A.client.id, emails: [email], userTypeHarvest: 'editor' },
    });
    expect(inv.statusCode, inv.body).toBe(201);
    const out = await ssoSignIn(email);
    expect(out).toMatchObject({ session: { user: { email, userTypeGlobal: 'user', userTypeHarvest: 'editor' } } });
    expect(await countRows(t.app, 'sso_identities', `client_id = '${A.client.id}' AND subject = 'sub-${email}'`)).toBe(1);
  });
});

describe('only a verified `email` claim counts', () => {
  let member: { email: string; id: string };
  let A: Awaited<ReturnType<typeof createTenant>>;
  beforeAll(async () => {
    A = await createTenant(t.app);
    const domain = uniqueDomain();
    const u = await createUser(t.app, { role: 'user', clientId: A.client.id });
    member = { id: u.id, email: `kim@${domain}` };
    await t.app.db.update(users).set({ email: member.email }).where(eq(users.id, u.id));
    expect((await saveSettings(A.recruiterAuth.headers, A.client.id, [domain])).statusCode).toBe(200);
    await prove(A.recruiterAuth.headers, A.client.id, domain);
  });

  it.each([
    ['email_verified missing', { email_verified: undefined }],
    ['email_verified false', { email_verified: false }],
    ['email_verified "true" (a string)', { email_verified: 'true' }],
  ])('%s: refused with the message, no session', async (_name, patch) => {
    idp.claims = (login) => JSON.parse(JSON.stringify({ sub: `sub-${login}`, email: login, ...patch }));
    expect(await ssoSignIn(member.email)).toEqual({ refused: messages.team.ssoEmailUnverified });
    expect(await countRows(t.app, 'sso_tickets', `user_id = '${member.id}'`)).toBe(0);
  });

  it('upn, preferred_username and proxyAddresses without `email` are not an address: refused', async () => {
    idp.claims = (login) => ({ sub: `sub-${login}`, upn: login, preferred_username: login, proxyAddresses: [`SMTP:${login}`], email_verified: true });
    expect(await ssoSignIn(member.email)).toEqual({ refused: messages.team.ssoEmailUnverified });
    expect(await countRows(t.app, 'sso_tickets', `user_id = '${member.id}'`)).toBe(0);
  });
});

describe('the issuer cannot reach inside (SSRF)', () => {
  it.each([
    ['a loopback address', () => `${internalUrl}/realm`],
    ['localhost by name', () => `${internalUrl.replace('127.0.0.1', 'localhost')}/realm`],
    ['the metadata address', () => 'http://169.254.169.254/latest'],
    ['a private network', () => 'https://10.1.2.3/realm'],
    ['hex loopback', () => internalUrl.replace('127.0.0.1', '0x7f000001')],
  ])('%s as issuer: 400 naming the issuer on save, and the listener hears nothing', async (_name, issuer) => {
    const A = await createTenant(t.app);
    const res = await saveSettings(A.recruiterAuth.headers, A.client.id, [uniqueDomain()], { issuer: issuer() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorMsg.issuer).toEqual([messages.team.ssoIssuerPrivate(issuer().replace(/\/$/, ''))]);
    expect(internalHits).toEqual([]);
  });

  it('an issuer saved before this rule (a row already in the database) is not fetched at /sso/start', async () => {
    const A = await createTenant(t.app);
    const domain = uniqueDomain();
    expect((await saveSettings(A.recruiterAuth.headers, A.client.id, [domain])).statusCode).toBe(200);
    await prove(A.recruiterAuth.headers, A.client.id, domain);
    await t.app.db
      .update(clientSsoSettings)
      .set({ issuer: `${internalUrl}/realm`, updatedAt: new Date() })
      .where(eq(clientSsoSettings.clientId, A.client.id));
    expect(await ssoSignIn(`x@${domain}`)).toEqual({ refused: messages.team.ssoFailed });
    expect(internalHits).toEqual([]);
  });

  it.each([
    ['jwks_uri', (u: string) => ({ jwks_uri: `${u}/jwks` })],
    ['token_endpoint', (u: string) => ({ token_endpoint: `${u}/token` })],
    ['all three', (u: string) => ({ jwks_uri: `${u}/jwks`, token_endpoint: `${u}/token`, userinfo_endpoint: `${u}/userinfo` })],
  ])('a public issuer whose discovery points %s inside: never fetched, the sign-in refused', async (_name, inside) => {
    const A = await createTenant(t.app);
    const domain = uniqueDomain();
    const u = await createUser(t.app, { role: 'user', clientId: A.client.id });
    await t.app.db
      .update(users)
      .set({ email: `lee@${domain}` })
      .where(eq(users.id, u.id));
    // A fresh secret makes a fresh discovery (the cache is per issuer, client id and settings).
    expect((await saveSettings(A.recruiterAuth.headers, A.client.id, [domain])).statusCode).toBe(200);
    await prove(A.recruiterAuth.headers, A.client.id, domain);
    idp.metadata = inside(internalUrl);
    expect(await ssoSignIn(`lee@${domain}`)).toEqual({ refused: messages.team.ssoFailed });
    expect(internalHits).toEqual([]);
  });
});

describe('one domain, one client: claims are proved by DNS', () => {
  it('"Check now" reports a missing record, then proves the domain; GET shows the state', async () => {
    const A = await createTenant(t.app);
    const domain = uniqueDomain();
    expect((await saveSettings(A.recruiterAuth.headers, A.client.id, [domain])).statusCode).toBe(200);
    const settings = (await t.app.inject({ method: 'GET', url: `/api/sso/settings?clientId=${A.client.id}`, headers: A.recruiterAuth.headers })).json();
    const record = settings.domains[0].txtRecord;
    dns.records.set(domain, ['v=spf1 -all', 'hh-verification=not-this-one']);
    const miss = await checkNow(A.recruiterAuth.headers, A.client.id, domain);
    expect(miss.statusCode).toBe(200);
    expect(miss.json()).toMatchObject({ domain: { domain, status: 'pending', txtRecord: record }, message: messages.team.ssoDomainNotYet(domain, record) });
    expect(miss.json().domain.checkedAt).not.toBeNull();
    expect(dns.asked).toContain(domain);
    dns.records.set(domain, ['v=spf1 -all', record]);
    const hit = await checkNow(A.recruiterAuth.headers, A.client.id, domain);
    expect(hit.json()).toMatchObject({ domain: { domain, status: 'verified' }, message: messages.team.ssoDomainVerified(domain) });
    const after = (await t.app.inject({ method: 'GET', url: `/api/sso/settings?clientId=${A.client.id}`, headers: A.recruiterAuth.headers })).json();
    expect(after.domains[0]).toMatchObject({ domain, status: 'verified', txtRecord: record });
    expect(await countRows(t.app, 'sso_domains', `domain = '${domain}' AND client_id = '${A.client.id}'`)).toBe(1);
  });

  it('a domain another client proved: 409 naming it on save, and on a later proof', async () => {
    const A = await createTenant(t.app);
    const B = await createTenant(t.app);
    const domain = uniqueDomain();
    expect((await saveSettings(A.recruiterAuth.headers, A.client.id, [domain])).statusCode).toBe(200);
    // Both may hold a pending claim: a claim alone must not let anyone squat a domain.
    expect((await saveSettings(B.recruiterAuth.headers, B.client.id, [domain])).statusCode).toBe(200);
    await prove(A.recruiterAuth.headers, A.client.id, domain);
    // B publishes its own record too, but A proved first.
    const bRecord = (await t.app.inject({ method: 'GET', url: `/api/sso/settings?clientId=${B.client.id}`, headers: B.recruiterAuth.headers })).json()
      .domains[0].txtRecord;
    dns.records.set(domain, [...(dns.records.get(domain) ?? []), bRecord]);
    const late = await checkNow(B.recruiterAuth.headers, B.client.id, domain);
    expect(late.statusCode).toBe(409);
    expect(late.json().errorMsg.domain).toEqual([messages.team.ssoDomainTaken(domain)]);
    const again = await saveSettings(B.recruiterAuth.headers, B.client.id, [domain, uniqueDomain()]);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorMsg.emailDomains).toEqual([messages.team.ssoDomainTaken(domain)]);
    const owners = await t.app.pool.query('SELECT client_id FROM sso_domains WHERE domain = $1', [domain]);
    expect(owners.rows).toEqual([{ client_id: A.client.id }]);
  });

  it('a domain that is not the client’s claim: 404 naming it; another tenant’s claim is not reachable', async () => {
    const A = await createTenant(t.app);
    const B = await createTenant(t.app);
    const domain = uniqueDomain();
    expect((await saveSettings(A.recruiterAuth.headers, A.client.id, [domain])).statusCode).toBe(200);
    const res = await checkNow(B.recruiterAuth.headers, B.client.id, domain);
    expect(res.statusCode).toBe(404);
    expect(res.json().errorMsg.domain).toEqual([messages.team.ssoDomainNotClaimed(domain)]);
    expect((await checkNow(B.recruiterAuth.headers, A.client.id, domain)).statusCode).toBe(404);
  });

  it('a domain taken off the list loses its claim and its proof', async () => {
    const A = await createTenant(t.app);
    const [d1, d2] = [uniqueDomain(), uniqueDomain()];
    expect((await saveSettings(A.recruiterAuth.headers, A.client.id, [d1, d2])).statusCode).toBe(200);
    await prove(A.recruiterAuth.headers, A.client.id, d1);
    const res = await saveSettings(A.recruiterAuth.headers, A.client.id, [d2]);
    expect(res.json().emailDomains).toEqual([d2]);
    expect(await countRows(t.app, 'sso_domains', `domain = '${d1}'`)).toBe(0);
    expect(await ssoSignIn(`x@${d1}`)).toEqual({ refused: messages.team.ssoUnknownDomain });
  });
});

describe('the public SSO calls', () => {
  it('discovery answers the same for a domain with SSO, one without, and one pending', async () => {
    const A = await createTenant(t.app);
    const [proved, pending] = [uniqueDomain(), uniqueDomain()];
    expect((await saveSettings(A.recruiterAuth.headers, A.client.id, [proved, pending])).statusCode).toBe(200);
    await prove(A.recruiterAuth.headers, A.client.id, proved);
    const answers = [];
    for (const d of [proved, pending, 'no-sso-here.example']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/sso/discover?email=pat@${d}`, remoteAddress: nextAddress() });
      expect(res.statusCode).toBe(200);
      answers.push(res.body.replaceAll(encodeURIComponent(`pat@${d}`), 'ADDRESS'));
    }
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0])).toEqual({ sso: true, startUrl: '/sso/start?email=ADDRESS' });
  });

  it.each([
    ['GET /api/sso/discover', { method: 'GET', url: '/api/sso/discover?email=pat@example.com' }],
    ['GET /sso/start', { method: 'GET', url: '/sso/start?email=pat@example.com' }],
    ['POST /api/sso/exchange', { method: 'POST', url: '/api/sso/exchange', payload: { ticket: 'a-made-up-ticket-a-made-up-ticket' } }],
  ] as const)('%s: 429 with Retry-After after rapid calls from one address', async (_name, call) => {
    const remoteAddress = nextAddress();
    const statuses: number[] = [];
    let limited: { headers: Record<string, unknown>; body: string } | null = null;
    for (let i = 0; i < 80; i++) {
      const res = await t.app.inject({ ...call, remoteAddress });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) limited ??= res;
    }
    expect(statuses.slice(0, 60).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(60).every((s) => s === 429)).toBe(true);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(limited?.body ?? '{}').errorMsg).toBeDefined();
  });
});

describe('configuration', () => {
  it('the loopback allowance is test-only: refused with NODE_ENV=production, and only loopback origins may be listed', () => {
    expect(() => loadConfig({}, { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SSO_TEST_ISSUER_ORIGINS: 'http://127.0.0.1:4455' })).toThrow(
      /SSO_TEST_ISSUER_ORIGINS: a test-only setting/,
    );
    expect(() => loadConfig({}, { JWT_SECRET: 'x'.repeat(40), SSO_TEST_ISSUER_ORIGINS: 'http://10.0.0.5:80' })).toThrow(/only loopback origins/);
    expect(() => loadConfig({}, { JWT_SECRET: 'x'.repeat(40), SSO_TEST_ISSUER_ORIGINS: 'http://169.254.169.254:80' })).toThrow(/only loopback origins/);
    expect(loadConfig({}, { JWT_SECRET: 'x'.repeat(40) }).SSO_TEST_ISSUER_ORIGINS).toEqual([]);
  });
});
