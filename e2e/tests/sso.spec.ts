import { messages } from '@hh/contract/messages';
import { type APIRequestContext, type Page, request as pwRequest } from '@playwright/test';
import { ADMIN, apiLogin, bearer, expect, signIn, test } from '../support/fixtures.ts';
import { startTestDns, type TestDns } from '../../apps/server/src/sso/test-dns.ts';
import { freePort, type RunningServer, startServer } from '../support/server.ts';
import { startTestProvider, type TestProvider } from '../support/test-provider.ts';

/**
 * Single sign-on against a real OpenID provider on loopback (oidc-provider), in the browser. This file
 * runs its own server with AUTH_STRATEGY=openid (the portal's third strategy, core spec §6), http
 * issuers allowed, the provider's loopback origin as the one test allowance of the guarded fetch
 * (SSO_TEST_ISSUER_ORIGINS), and a DNS server on loopback where the client publishes its domain's
 * TXT record before "Check now" proves it (docs/decisions/0402-sso-domain-proof.md).
 */
test.describe.configure({ mode: 'serial' });

let server: RunningServer;
let provider: TestProvider;
let dns: TestDns;
let api: APIRequestContext;
let base: string;
const DOMAIN = 'acme-sso.test';
const invited = `ann@${DOMAIN}`;
const existing = `sam@${DOMAIN}`;
let callbackUrl: string | null = null;

test.beforeAll(async () => {
  test.setTimeout(360_000); // a fresh server migrates and seeds the demo tenant: minutes on a busy 2-core machine
  dns = await startTestDns();
  const providerPort = await freePort();
  server = await startServer({
    AUTH_STRATEGY: 'openid',
    SSO_ALLOW_HTTP_ISSUER: 'true',
    SSO_TEST_ISSUER_ORIGINS: `http://127.0.0.1:${providerPort}`,
    SSO_DNS_SERVERS: dns.server,
    REFRESH_TOKEN_CHECK_INTERVAL: '60000',
  });
  base = server.baseURL;
  provider = await startTestProvider(base, providerPort);
  api = await pwRequest.newContext({ baseURL: base });
  const admin = await apiLogin(api, ADMIN, undefined, base);
  const clients = await (await api.get('/api/client', { headers: bearer(admin) })).json();
  const acme = clients.results.find((c: { nameSlug: string }) => c.nameSlug === 'acme-health');
  const settings = await api.patch('/api/sso/settings/update', {
    headers: bearer(admin),
    data: {
      clientId: acme._id,
      sso: true,
      issuer: provider.issuer,
      oidcClientId: provider.clientId,
      oidcClientSecret: provider.clientSecret,
      emailDomains: [DOMAIN],
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  // The domain is pending until its TXT record is published and checked.
  const [claim] = (await settings.json()).domains;
  expect(claim).toMatchObject({ domain: DOMAIN, status: 'pending' });
  dns.records.set(DOMAIN, [claim.txtRecord]);
  const check = await api.post('/api/sso/domains/check', { headers: bearer(admin), data: { clientId: acme._id, domain: DOMAIN } });
  expect(check.status(), await check.text()).toBe(200);
  expect((await check.json()).domain.status).toBe('verified');
  const inv = await api.post('/api/user-invitation/create', {
    headers: bearer(admin),
    data: { clientId: acme._id, emails: [invited], userTypeHarvest: 'editor' },
  });
  expect(inv.status(), await inv.text()).toBe(201);
  const user = await api.post('/api/user/create', {
    headers: bearer(admin),
    data: { email: existing, password: 'unused-password-1', userTypeGlobal: 'user', company: { companyInfo: acme._id } },
  });
  expect(user.status(), await user.text()).toBe(201);
});

test.beforeEach(({ consoleAllow }) => {
  consoleAllow.push(/ERR_NAME_NOT_RESOLVED/, /status of 404/);
});

test.afterAll(async () => {
  await api?.dispose();
  await provider?.stop();
  await server?.stop();
  await dns?.stop();
});

/** Starts "Sign in with SSO" on the login page and gets through whatever the provider shows (login, consent). */
async function ssoSignIn(page: Page, email: string) {
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Continue with SSO' }).click();
  await page.waitForURL((u) => u.origin === provider.issuer, { timeout: 30_000 });
  for (let step = 0; step < 4; step++) {
    await page.waitForLoadState('domcontentloaded');
    if (new URL(page.url()).origin === base) return;
    const before = page.url();
    const login = page.getByPlaceholder('Enter any login');
    if (await login.isVisible()) {
      await login.fill(email);
      await page.getByPlaceholder('and password').fill('any-password');
      await page.getByRole('button', { name: 'Sign-in' }).click();
    } else {
      await page.getByRole('button', { name: /continue/i }).click();
    }
    await page.waitForURL((u) => u.href !== before, { timeout: 30_000 });
  }
}

test('the full browser flow: an invited address signs in at the provider and lands signed in; sign-out also ends the provider session', async ({ page }) => {
  test.setTimeout(180_000);
  page.on('request', (r) => {
    if (r.url().startsWith(`${base}/sso/callback`)) callbackUrl = r.url();
  });
  await ssoSignIn(page, invited);
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(`${base}/`);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('auth._session.local') ?? '{}'));
  expect(stored.refreshToken, 'the openid session carries a refresh token').toBeTruthy();
  // The invitation was accepted by the sign-in: the account exists with the invited role.
  const me = await (await page.request.get(`${base}/api/user/fetch-logged-in`, { headers: { Authorization: `Bearer ${stored.accessToken}` } })).json();
  expect(me.user).toMatchObject({ email: invited, userTypeHarvest: 'editor', userTypeGlobal: 'user' });
  await page.screenshot({ path: test.info().outputPath('sso-landed.png') });

  // RP-initiated logout: the provider asks to confirm, then sends the browser back to /login.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL((u) => u.origin === provider.issuer, { timeout: 30_000 });
  await page.getByRole('button', { name: /yes, sign me out/i }).click();
  await page.waitForURL(`${base}/login`, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Sign in with SSO' })).toBeVisible();
  const after = await page.request.get(`${base}/api/user/fetch-logged-in`, { headers: { Authorization: `Bearer ${stored.accessToken}` } });
  expect(after.status()).toBe(401);
});

test('a replayed callback (the same state and code again) is refused', async ({ page }) => {
  expect(callbackUrl, 'the first test captured its callback address').toBeTruthy();
  await page.goto(callbackUrl as string);
  await expect(page.getByTestId('sso-error')).toHaveText(messages.team.ssoStateInvalid);
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
});

for (const tamper of ['bad-signature', 'wrong-audience', 'expired', 'replayed-nonce'] as const) {
  test(`an id_token with ${tamper.replace('-', ' ')} is refused with a clear message`, async ({ page }) => {
    test.setTimeout(120_000);
    provider.tamper = tamper;
    try {
      await ssoSignIn(page, existing);
      await expect(page).toHaveURL(/\/login\?ssoError=/, { timeout: 30_000 });
      await expect(page.getByTestId('sso-error')).toHaveText(messages.team.ssoFailed);
      await expect(page.getByTestId('user-menu')).toHaveCount(0);
    } finally {
      provider.tamper = 'none';
    }
  });
}

test('the existing member signs in through SSO when the provider is honest', async ({ page }) => {
  test.setTimeout(120_000);
  await ssoSignIn(page, existing);
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
});

test('an address on a domain without SSO is refused with a clear message', async ({ page }) => {
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  await page.getByLabel('Work email').fill('someone@unknown-company.test');
  await page.getByRole('button', { name: 'Continue with SSO' }).click();
  await expect(page.getByTestId('sso-error')).toHaveText(messages.team.ssoUnknownDomain);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('sso-unknown-390.png') });
});

test('the Single sign-on tab shows each domain’s state and TXT record, and "Check now" proves a pending one', async ({ page }) => {
  test.setTimeout(120_000);
  const admin = await signIn(page, ADMIN, undefined, base);
  const clients = await (await page.request.get(`${base}/api/client`, { headers: bearer(admin) })).json();
  const acme = clients.results.find((c: { nameSlug: string }) => c.nameSlug === 'acme-health');
  await page.goto(`${base}/clients/${acme._id}?tab=sso`);
  const screen = page.getByTestId('sso-settings');
  // The first visit loads the portal's client screens: a time limit, not a timing assertion.
  await expect(screen.getByTestId(`sso-domain-${DOMAIN}`)).toContainText('Verified', { timeout: 60_000 });

  // A second domain: saved as pending, with its own record to publish.
  const second = `careers-${Date.now().toString(36)}.test`;
  const domains = screen.getByLabel('Email domains', { exact: true });
  await domains.fill(second);
  await domains.press('Enter');
  await screen.getByRole('button', { name: 'Save single sign-on' }).click();
  const row = screen.getByTestId(`sso-domain-${second}`);
  await expect(row).toContainText('Pending');
  const record = (await row.getByTestId('sso-txt-record').textContent()) ?? '';
  expect(record).toMatch(/^hh-verification=[0-9a-f]{48}$/);

  await row.getByRole('button', { name: `Check now: ${second}` }).click();
  await expect(page.getByText(messages.team.ssoDomainNotYet(second, record))).toBeVisible();
  await expect(row).toContainText('Pending');

  dns.records.set(second, [record]);
  await row.getByRole('button', { name: `Check now: ${second}` }).click();
  await expect(page.getByText(messages.team.ssoDomainVerified(second))).toBeVisible();
  await expect(row).toContainText('Verified');
  await expect(row.getByRole('button', { name: /Check now/ })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('sso-settings.png'), fullPage: true });
});
