import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { ADMIN, apiLogin, bearer, expect, signIn, test } from './fixtures.ts';
import { openInApp, trackRequests } from './in-app.ts';
import { e2eDir } from './paths.ts';
import { guestRoutes, type PortalRole, type PortalRoute, portalRoutes } from './portal-routes.ts';

/**
 * axe-core (every rule: WCAG 2.2 A/AA and axe's best practices) on every portal screen of
 * support/portal-routes.ts, as the demo admin and as the demo client's staff, at 1280 and 390 px (a
 * phone): no violation of any impact, the shell (header, navbar) included, and the page never
 * scrolls sideways (a wide table scrolls inside its own region, with a cue). Each screen is also
 * photographed into e2e/screenshots/ (git-ignored) to be looked at, except in CI.
 */
const shots = path.join(e2eDir, 'screenshots');
const STAFF = 'staff@demo.test';
const widths = [1280, 700, 390] as const;
/**
 * axe runs at the widest and the narrowest width; 700 px (a tablet, the navbar's breakpoint) is checked
 * for sideways scroll only: its rules found nothing there that 390 px did not, and each audit costs
 * seconds on the suite's 2-core machine.
 */
const audited = (width: number) => width !== 700;
/** The photographs are for a person to look at; CI (CI=true) has no one to look, and skips them (about 230 full-page shots). */
const photograph = process.env.CI !== 'true';

/** Every rule, the whole document: a landmark, a table header or a name missing is found like a contrast failure. */
const audit = (page: Page) => axeViolations(page);
/** How far the page itself scrolls sideways (every screen holds at 390–700 px). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function ready(page: Page, r: Pick<PortalRoute, 'ready' | 'path'>) {
  if ('heading' in r.ready) await expect(page.getByRole('heading', { name: r.ready.heading, exact: true }).first(), r.path).toBeVisible({ timeout: 60_000 });
  else await expect(page.getByTestId(r.ready.testId), r.path).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]:visible'), `${r.path} still loading`).toHaveCount(0, { timeout: 30_000 });
}

/**
 * The screen at this width: loaded at the first (widest) one, then the window is narrowed as a person
 * turning a tablet or shrinking a window would, and the layout is given two frames to follow. One load
 * per screen instead of three: the media queries answer a resize as they answer a load.
 */
async function atWidth(page: Page, width: number, to: string) {
  await page.setViewportSize({ width, height: 900 });
  if (width === widths[0]) await page.goto(to);
  else await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

async function fillParams(request: Parameters<typeof apiLogin>[0]) {
  const admin = await apiLogin(request, ADMIN);
  const clients = (await (await request.get('/api/client?search=Acme', { headers: bearer(admin) })).json()) as {
    results: Array<{ _id: string; nameSlug: string }>;
  };
  const demo = clients.results.find((c) => c.nameSlug === 'acme-health');
  expect(demo).toBeTruthy();
  const jobs = (await (await request.get(`/api/job/list-by-client-id?clientId=${demo!._id}&pageSize=1`, { headers: bearer(admin) })).json()) as {
    results: Array<{ _id: string }>;
  };
  return (p: string) => p.replace(':clientId', demo!._id).replace(':jobId', jobs.results[0]._id);
}

/** The demo client's ids, looked up once per worker (the data they name is read, never changed). */
let filler: ReturnType<typeof fillParams> | undefined;

/** A signed-in page kept open for one role's whole walk in this worker, with the console errors it printed. */
interface Walker {
  page: Page;
  errors: string[];
  calls: ReturnType<typeof trackRequests>;
}
const walkers = new Map<PortalRole, Promise<Walker>>();
/**
 * The walk's tests: the suite's console guard watches the walker's page (below) instead of a fresh page
 * per test, which would cost each screen a browser context it never uses.
 */
const walkTest = test.extend<{ consoleGuard: undefined }>({
  // An override keeps the fixture's registration (still automatic); it no longer asks for `page`.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take a destructured first argument
  consoleGuard: async ({}, use) => use(undefined),
});

async function walkerFor(browser: Browser, role: PortalRole): Promise<Walker> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  const calls = trackRequests(page);
  await signIn(page, role === 'admin' ? ADMIN : STAFF);
  await page.goto('/');
  await expect(page.getByTestId('home-client-name')).toBeVisible({ timeout: 60_000 });
  return { page, errors, calls };
}

/**
 * One role's walk, for its own spec file (tests/portal-a11y-<role>.spec.ts, so the suite's shards can
 * share the walk): one test per screen, three widths each, so a slow machine gives each screen its own
 * time limit. The audits only read, so the walk keeps one signed-in page per role and opens each screen
 * inside it as the portal's own links do: the portal's code is loaded and started once, not once per
 * screen (most of a screen's time on the suite's 2-core machine). A screen whose address differs from
 * the previous one only in its search part is loaded afresh. Console errors of the page fail the screen
 * that printed them, as the suite's guard does for every other test.
 */
export function auditScreensAs(role: PortalRole) {
  walkTest.describe.configure({ mode: 'parallel' });
  walkTest.describe(`as ${role}`, () => {
    for (const r of portalRoutes.filter((x) => x.roles.includes(role))) {
      walkTest(`${r.path}: no axe violations at 1280 and 390 px, no sideways page scroll at 1280, 700 and 390 px`, async ({ browser, request }) => {
        walkTest.setTimeout(180_000);
        mkdirSync(shots, { recursive: true });
        filler ??= fillParams(request);
        const fill = await filler;
        if (!walkers.has(role)) walkers.set(role, walkerFor(browser, role));
        const { page, errors, calls } = await walkers.get(role)!;
        errors.length = 0;
        const found: string[] = [];
        for (const width of widths) {
          const t0 = Date.now();
          await page.setViewportSize({ width, height: 900 });
          if (width === widths[0]) {
            if (!(await openInApp(page, fill(r.path)))) await page.goto(fill(r.path));
            await ready(page, r);
            // Inside one page "networkidle" was reached long ago: the screen's own calls are waited on.
            await calls.settled();
          } else await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
          await ready(page, r);
          if (photograph) await page.screenshot({ path: path.join(shots, `${r.name}-${role}-${width}.png`), fullPage: true });
          if (audited(width)) for (const v of await audit(page)) found.push(`${width} px: ${v}`);
          const over = await sideways(page);
          if (over > 0) found.push(`${width} px: the page scrolls sideways by ${over} px`);
          if (process.env.E2E_VERBOSE) console.log(`${r.path} ${width} ${Date.now() - t0} ms`);
        }
        expect(found, found.join('\n')).toEqual([]);
        // The refusal a screen shows to a role without the right is its expected console error.
        const unexpected = errors.filter((e) => !(r.refused && /status of 403/.test(e)));
        expect(unexpected, 'unexpected browser console errors').toEqual([]);
      });
    }
  });
}

/** The signed-out screens, for their own spec file: one test per screen, as for the signed-in ones. */
export function auditGuestScreens() {
  test.describe.configure({ mode: 'parallel' });
  for (const r of guestRoutes) {
    test(`guest ${r.path}: no axe violations at 1280 and 390 px, no sideways page scroll at 1280, 700 and 390 px`, async ({ page }) => {
      test.setTimeout(180_000);
      mkdirSync(shots, { recursive: true });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const found: string[] = [];
      for (const width of widths) {
        await atWidth(page, width, r.path);
        await ready(page, r);
        if (photograph) await page.screenshot({ path: path.join(shots, `${r.name}-guest-${width}.png`), fullPage: true });
        if (audited(width)) for (const v of await audit(page)) found.push(`${width} px: ${v}`);
        const over = await sideways(page);
        if (over > 0) found.push(`${width} px: the page scrolls sideways by ${over} px`);
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  }
}
