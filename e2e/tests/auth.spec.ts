import { messages } from '@hh/contract/messages';
import {
  ADMIN,
  apiLogin,
  bearer,
  DEMO_PASSWORD,
  expect,
  SESSION_KEY,
  pauseSoon,
  signIn,
  test,
  unique,
  untilVisibleOnPausedClock,
} from '../support/fixtures.ts';
import { type RunningServer, startServer } from '../support/server.ts';

test('signs in with the login form and lands on the client home', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Portal');
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home-client-name')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('a wrong password shows the server message on the login form', async ({ page, consoleAllow }) => {
  consoleAllow.push(/status of 401/);
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByLabel(/^Password/).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('login-error')).toHaveText(messages.server.invalidCredentials);
  await expect(page).toHaveURL(/\/login$/);
});

test('an anonymous visitor is sent to /login, and a signed-in user on /login goes home', async ({ page }) => {
  // `index` is a guest route: / welcomes an anonymous visitor with the way in.
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await page.getByTestId('welcome-sign-in').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/clients');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, ADMIN);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home-client-name')).toBeVisible();
});

test('a 503 while the portal loads keeps the session: the reload that follows signs the user straight back in', async ({ page, consoleAllow }) => {
  consoleAllow.push(/status of 503/);
  await signIn(page, ADMIN);
  // The database is busy for exactly one answer: the first fetch of the signed-in user.
  let refused = 0;
  await page.route('**/api/user/fetch-logged-in', async (route) => {
    if (refused++ === 0) return route.fulfill({ status: 503, headers: { 'retry-after': '1' }, json: { errorMsg: { server: ['busy'] } } });
    return route.continue();
  });
  await page.goto('/');
  await expect(page.getByTestId('home-client-name')).toBeVisible();
  expect(refused).toBeGreaterThanOrEqual(2);
  expect(await page.evaluate((k) => localStorage.getItem(k), SESSION_KEY)).toContain('accessToken');
});

test('logging out from the user menu removes selectedClientId and returns to /login', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/');
  await expect(page.getByTestId('home-client-name')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('selectedClientId'))).toBeTruthy();
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('selectedClientId'))).toBeNull();
});

test('a user suspended by an admin is forced out with the server message', async ({ page, request, consoleAllow }) => {
  consoleAllow.push(/status of 403/);
  const admin = await apiLogin(request, ADMIN);
  const email = `${unique('suspend')}@e2e.test`;
  const created = await request.post('/api/user/create', {
    headers: bearer(admin),
    data: { email, password: 'e2e-password-1', basicInfo: { firstName: 'Sus', lastName: 'Pended' }, userTypeGlobal: 'recruiter' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const user = (await created.json()) as { _id: string };

  await signIn(page, email, 'e2e-password-1');
  // The portal's session check (every 30 s, ACCESS_TOKEN_CHECK_INTERVAL's default) runs on Playwright's clock, paused
  // until the suspension is made: otherwise a check could log the user out before the click below.
  await page.clock.install();
  await page.goto('/settings/my-profile');
  await expect(page.getByRole('heading', { name: 'My profile', exact: true })).toBeVisible();
  // The navigation is whole (it keeps its links' place until the client list answers, and the query
  // library delivers answers on timers, which a paused clock would hold): then the clock stops.
  const activityLog = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity log' });
  await expect(activityLog).toBeVisible();
  await pauseSoon(page, 5_000);

  const suspended = await request.patch('/api/user/update', { headers: bearer(admin), data: { _id: user._id, status: 'Suspended' } });
  expect(suspended.status(), await suspended.text()).toBe(200);

  // The next call the portal makes gets 403 errorMsg.auth: logout and the server's message (spec §6).
  const refused = page.waitForResponse((r) => r.status() === 403);
  await activityLog.click();
  await refused;
  // The notifications load with the first one and enter on timers: the paused clock moves on until it shows.
  await untilVisibleOnPausedClock(page, page.getByText(messages.server.userSuspended));
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('selectedClientId'))).toBeNull();
});

test.describe('session expiry', () => {
  // Decision: a second real server whose access tokens live 60 s (ACCESS_TOKEN_TTL=60), checked every second;
  // the test moves the page's clock past the expiry, so the wall clock never decides the outcome.
  let server: RunningServer;
  test.beforeAll(async () => {
    test.setTimeout(360_000); // a fresh server migrates and seeds the demo tenant: minutes on a busy 2-core machine
    server = await startServer({ ACCESS_TOKEN_TTL: '60', ACCESS_TOKEN_CHECK_INTERVAL: '1000' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('shows "Your session has expired!", resets state and lands on /login', async ({ page, consoleAllow }) => {
    consoleAllow.push(/status of 401/);
    await signIn(page, ADMIN, DEMO_PASSWORD, server.baseURL);
    // The portal's expiry check runs on Playwright's clock: once the page is shown, the test moves the
    // page's time past the token's lifetime, so a machine that loads the page slowly cannot expire it first.
    await page.clock.install();
    await page.goto(`${server.baseURL}/`);
    await expect(page.getByTestId('home-client-name')).toBeVisible();
    // The selection is stored by an effect right after the first render that shows it.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('selectedClientId'))).toBeTruthy();
    await page.clock.runFor(61_000);
    await expect(page.getByText(messages.session.expired)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('selectedClientId'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('auth._session.local'))).toBeNull();
  });
});

test.describe('refresh strategy', () => {
  // A third real server: AUTH_STRATEGY=refresh, access tokens of 20 s (long enough for a busy machine to load
  // the page), refresh every 0.75 × 2000 ms on the page's clock.
  let server: RunningServer;
  test.beforeAll(async () => {
    test.setTimeout(360_000); // a fresh server migrates and seeds the demo tenant: minutes on a busy 2-core machine
    server = await startServer({ AUTH_STRATEGY: 'refresh', ACCESS_TOKEN_TTL: '20', REFRESH_TOKEN_CHECK_INTERVAL: '2000' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('rotates tokens past the access-token lifetime, and a revoked session expires', async ({ page, request, consoleAllow }) => {
    consoleAllow.push(/status of 401/);
    const login = await signIn(page, ADMIN, DEMO_PASSWORD, server.baseURL);
    expect(login.tokens.refreshToken).toBeTruthy();
    // The portal's refresh timer runs on Playwright's clock: the test moves the page's time on by one
    // interval (0.75 × 2000 ms) and waits for that refresh, so a busy machine cannot starve the timer.
    await page.clock.install();
    // Every refresh the page makes, and the refresh token the last good one issued.
    let inFlight = 0;
    let lastIssued: string | undefined;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/refresh-token')) inFlight += 1;
    });
    page.on('response', async (r) => {
      if (!r.url().endsWith('/api/refresh-token')) return;
      if (r.status() === 200) lastIssued = ((await r.json()) as { tokens: { refreshToken?: string } }).tokens.refreshToken;
      inFlight -= 1;
    });
    await page.goto(`${server.baseURL}/`);
    await expect(page.getByTestId('home-client-name')).toBeVisible();
    // From here the page's time moves only when the test moves it: no refresh starts on its own.
    await pauseSoon(page, 2_000);
    const refreshOnce = async (status: number) => {
      const reply = page.waitForResponse((r) => r.url().endsWith('/api/refresh-token'), { timeout: 60_000 });
      let answered = false;
      void reply.then(
        () => (answered = true),
        () => undefined,
      );
      // One interval on the page's clock fires the refresh; a tick that comes while the previous refresh
      // is still finishing is skipped by the portal (one refresh at a time), so the clock is moved on
      // again until this refresh has answered.
      await expect
        .poll(
          async () => {
            if (!answered) await page.clock.runFor(1500);
            return answered;
          },
          { timeout: 60_000, intervals: [1000] },
        )
        .toBe(true);
      expect((await reply).status()).toBe(status);
    };
    for (let i = 0; i < 3; i++) await refreshOnce(200);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('auth._session.local') ?? '{}') as { refreshToken?: string });
    expect(stored.refreshToken).toBeTruthy();
    expect(stored.refreshToken).not.toBe(login.tokens.refreshToken);
    // The first access token (20 s) runs out on the server's clock; the page's rotated token still works.
    const firstToken = { Authorization: `Bearer ${login.tokens.accessToken}` };
    await expect.poll(async () => (await request.get(`${server.baseURL}/api/activity-logs`, { headers: firstToken })).status(), { timeout: 30_000 }).toBe(401);
    await refreshOnce(200);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity log' }).click();
    await expect(page.getByRole('heading', { name: 'Activity log', exact: true })).toBeVisible();
    await expect(page.getByText('Could not load this data')).toHaveCount(0);

    // Revoke the session from outside (logout with its refresh token): the next refresh fails. The token is
    // the one the last refresh issued, once the page has stored it and no refresh is on its way (a busy
    // machine once let a late refresh rotate the token after it was read, and the revoked one was stale).
    const storedToken = () => page.evaluate(() => (JSON.parse(localStorage.getItem('auth._session.local') ?? '{}') as { refreshToken?: string }).refreshToken);
    await expect.poll(async () => inFlight === 0 && lastIssued !== undefined && (await storedToken()) === lastIssued).toBe(true);
    const revoked = await request.post(`${server.baseURL}/api/logout`, { data: { refreshToken: lastIssued } });
    expect(revoked.status()).toBe(204);
    await refreshOnce(401);
    await untilVisibleOnPausedClock(page, page.getByText(messages.session.expired));
    await expect(page).toHaveURL(/\/login$/);
  });
});
