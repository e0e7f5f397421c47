import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-password-1';
export const ADMIN = 'admin@demo.test';
export const SESSION_KEY = 'auth._session.local';

export interface LoginBody {
  tokens: { accessToken: string; refreshToken?: string; expiresIn: number };
  user: { _id: string; email: string };
}

/** POST /api/login over HTTP (CONVENTIONS §14); the reply's cookie lands in `request`'s jar. */
export async function apiLogin(request: APIRequestContext, email: string, password = DEMO_PASSWORD, base = ''): Promise<LoginBody> {
  const res = await request.post(`${base}/api/login`, { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as LoginBody;
}

/** Headers for API calls made by a test as a signed-in user. */
export const bearer = (login: LoginBody) => ({ Authorization: `Bearer ${login.tokens.accessToken}`, 'X-Client-Url': 'e2e' });

/**
 * Signs the page's browser context in over HTTP: the login reply's cookie goes into the context's
 * jar and its tokens into localStorage (once, before the app boots), as the portal's login would.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, base = '') {
  const login = await apiLogin(page.request, email, password, base);
  const value = JSON.stringify({
    accessToken: login.tokens.accessToken,
    refreshToken: login.tokens.refreshToken,
    expiresAt: Date.now() + login.tokens.expiresIn * 1000,
  });
  await page.context().addInitScript(
    ({ key, v }) => {
      // Frames without storage (a PDF resume shown from a blob: URL, an opaque origin) have nothing to seed.
      let storage: Storage | null = null;
      try {
        storage = window.sessionStorage;
      } catch {
        // access denied in a sandboxed frame
      }
      if (!storage) return;
      if (sessionStorage.getItem('e2e.seeded')) return;
      sessionStorage.setItem('e2e.seeded', '1');
      localStorage.setItem(key, v);
    },
    { key: SESSION_KEY, v: value },
  );
  return login;
}

/**
 * For a page whose clock the test has paused: moves its time on in small steps until `target` shows (a
 * notification's container loads with the first notification, and its entry runs on timers).
 */
export async function untilVisibleOnPausedClock(page: Page, target: Locator) {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(500);
        return target.isVisible();
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);
}

/**
 * Pauses the page's installed clock `ms` from the page's own now (not the test process's: a loaded
 * machine once had the page's time past `Date.now() + 2 s` of the test, and pauseAt refuses the past).
 * Tried again from a fresh reading if the page's time overtook the target meanwhile.
 */
export async function pauseSoon(page: Page, ms: number) {
  for (let attempt = 0; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + ms);
      return;
    } catch (err) {
      if (attempt >= 3 || !String(err).includes('past')) throw err;
    }
  }
}

/** Mails received by the loopback SMTP listener (raw .eml text), oldest first. */
export function receivedMails(): string[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (global setup did not run)');
  return readdirSync(dir)
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));
}

/** The decoded text of a raw mail (quoted-printable soft breaks and escapes undone). */
export function mailText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

/** Waits until a mail to `to` arrives at the loopback SMTP listener and returns its decoded text. */
export async function waitForMail(to: string, timeoutMs = 15_000): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = receivedMails()
          .map(mailText)
          .find((m) => m.toLowerCase().includes(to.toLowerCase()));
        return !!found;
      },
      { timeout: timeoutMs, message: `a mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Playwright runs a context's init scripts (signIn's storage seeding) in every frame; in a sandboxed
 * frame without allow-scripts (the portal's email previews) Chromium blocks them and logs this line.
 * It is the harness's own script being refused, as the sandbox intends, never the page's.
 */
const harnessNoise = /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed and the 'allow-scripts' permission is not set\.$/;

interface Fixtures {
  /** Patterns of console errors this test expects (e.g. the 401 of a wrong password). */
  consoleAllow: RegExp[];
  consoleGuard: undefined;
}

/**
 * Every test: the base URL of the server from global setup, and unexpected browser console errors
 * or page errors fail the test (CONVENTIONS §15).
 */
export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take a destructured first argument
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take a destructured first argument
  consoleAllow: async ({}, use) => {
    await use([]);
  },
  consoleGuard: [
    async ({ page, consoleAllow }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      await use(undefined);
      const unexpected = errors.filter((e) => !harnessNoise.test(e) && !consoleAllow.some((re) => re.test(e)));
      expect(unexpected, 'unexpected browser console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
