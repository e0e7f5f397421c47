import { messages } from '@hh/contract/messages';
import type { APIRequestContext, Page } from '@playwright/test';
import pg from 'pg';
import { axeViolations } from '../support/axe.ts';
import { ADMIN, apiLogin, bearer, expect, signIn, test, unique } from '../support/fixtures.ts';
import { openInApp } from '../support/in-app.ts';
import { portalRoutes } from '../support/portal-routes.ts';

/**
 * The navigation grouped by task, as each demo role sees it, and every core §2 route answering with
 * a screen (never "This page could not be found"). Screenshots land in this test's output folder.
 */
const shot = (name: string) => test.info().outputPath(`${name}.png`);
const NOT_FOUND = messages.errorScreen.pageNotFound;

async function axe(page: Page, selector: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return axeViolations(page, { include: [selector], exclude: ['[role="progressbar"]'] });
}

async function acme(request: APIRequestContext) {
  const admin = await apiLogin(request, ADMIN);
  const list = (await (await request.get('/api/client?search=Acme', { headers: bearer(admin) })).json()) as {
    results: Array<{ _id: string; nameSlug: string }>;
  };
  return { admin, client: list.results.find((c) => c.nameSlug === 'acme-health')! };
}

/** Sidebar links: every entry once (no label and no address twice). */
async function navLinks(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  // The label without the unread badge (its count follows messages other tests send meanwhile).
  const links = await nav.getByRole('link').evaluateAll((as) =>
    as.map((a) => {
      const copy = a.cloneNode(true) as HTMLElement;
      for (const b of copy.querySelectorAll('[data-testid="unread-badge"]')) b.remove();
      return { label: (copy.textContent ?? '').trim(), href: a.getAttribute('href') ?? '' };
    }),
  );
  expect(new Set(links.map((l) => l.href)).size, JSON.stringify(links)).toBe(links.length);
  expect(new Set(links.map((l) => l.label)).size, JSON.stringify(links)).toBe(links.length);
  return links;
}

/**
 * A screen has opened (its main area shows text; the router changes the address once the screen's code
 * has loaded) and it is not the 404 screen. Some screens keep a section loading, so "busy" is not waited on.
 */
async function expectScreen(page: Page, what: string, area = 'main') {
  await expect(page.locator(area).first(), what).toContainText(/\w{3}/);
  await expect(page.getByRole('heading', { name: NOT_FOUND }), what).toHaveCount(0);
}

const GROUPS_ACME = ['jobs', 'candidates', 'career-site', 'campaigns', 'video-profiles', 'reports'];

for (const who of [
  { email: ADMIN, name: 'admin', manager: true },
  { email: 'recruiter@demo.test', name: 'recruiter', manager: true },
  { email: 'staff@demo.test', name: 'staff', manager: false },
]) {
  test(`the ${who.name} walks the navigation grouped by task: each entry once, each one a working screen`, async ({ page, consoleAllow }) => {
    test.setTimeout(300_000);
    // Client staff open screens one of whose panels reads a call their role may not make (answered 403
    // and shown as such); the walk checks that every entry is a working screen.
    if (!who.manager) consoleAllow.push(/status of 403/);
    await signIn(page, who.email);
    await page.goto('/');
    await expect(page.getByTestId('home-client-name')).toHaveText('Acme Health');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const g of GROUPS_ACME) await expect(nav.getByTestId(`nav-group-${g}`), g).toBeVisible();
    // A group is a button that says whether it is open.
    await expect(nav.getByRole('button', { name: 'Video profiles' })).toHaveAttribute('aria-expanded', 'true');
    // No product names as sections, no duplicates.
    for (const old of ['Harvest', 'Cultivate', 'Wave', 'Media']) await expect(nav.getByText(old, { exact: true })).toHaveCount(0);
    const links = await navLinks(page);
    expect(links.map((l) => l.label)).toEqual(
      expect.arrayContaining(['Home', 'All jobs', 'Applications', 'All candidates', 'Pages and design', 'Activity log', 'Settings']),
    );
    await expect(nav.getByRole('link', { name: 'Clients' })).toHaveCount(who.manager ? 1 : 0);
    // Every entry is a screen of the accessibility walk, which opens each by its address (a screen reached
    // only by clicking once answered a reload with the career site's "not found").
    const walked = new Set(portalRoutes.map((r) => r.path.split('?')[0]));
    expect(links.map((l) => l.href.split('?')[0]).filter((h) => !walked.has(h))).toEqual([]);
    await page.screenshot({ path: shot(`nav-${who.name}-1280`), fullPage: true });
    expect(await axe(page, 'nav')).toEqual([]);

    for (const l of links) {
      await nav.locator(`a[href="${l.href}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${l.href.replace(/[?]/g, '\\?')}$`));
      await expectScreen(page, `${l.label} (${l.href})`);
      // Exactly one entry is the current page.
      await expect(nav.locator('[aria-current="page"]'), l.href).toHaveCount(1);
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(nav).toBeInViewport();
    await expect(nav.getByTestId('nav-group-video-profiles')).toBeVisible();
    expect(await axe(page, 'nav')).toEqual([]);
    await page.screenshot({ path: shot(`nav-${who.name}-390`) });
    await nav.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
    await expect(nav).not.toBeInViewport();
    await page.screenshot({ path: shot(`settings-${who.name}-390`), fullPage: true });
  });
}

/**
 * Core §2's routes (the signed-in ones, and the guest ones a signed-in user may open). Left out, with
 * the reason: /not-found is the "could not be found" screen itself.
 */
const EXCLUDED = {
  '/not-found': 'the not-found screen itself',
};
const CORE_ROUTES = [
  '/',
  '/activity-log',
  '/admin',
  '/chatbot-calendar',
  '/clients',
  '/clients/:clientId',
  '/clients/:clientId/integrations',
  '/clients/:clientId/integrations/chatbot',
  '/clients/:clientId/integrations/sap',
  '/clients/:clientId/integrations/twilio-sms',
  '/connect-calendar',
  '/create-wave-profile',
  '/crm-alerts-metrics',
  '/crm-alerts-setup',
  '/crm-growth-metrics',
  '/legal',
  '/my-schedule',
  '/recruiter-management',
  '/team',
  '/settings',
  '/settings/my-profile',
  '/settings/wave-profile',
  '/cultivate/conversations',
  '/cultivate/requisitions',
  '/harvest/dashboard',
  '/harvest/editor',
  '/harvest/editor/edit',
  '/harvest/editor/edit/Home',
  '/harvest/editor/preview',
  '/harvest/editor/preview/mobile/Home',
  '/harvest/motivator',
  '/harvest/motivator/motivator-search',
  '/harvest/motivator/:motivatorId',
  '/harvest/motivator/:motivatorId/preview',
  '/harvest/motivator/:motivatorId/preview/mobile',
  '/harvest/cultivate/campaigns',
  '/harvest/cultivate/candidates',
  '/harvest/media/candidates',
  '/harvest/media/planner',
  '/harvest/cultivate/indeed-apply/configure',
  '/harvest/media/indeed-apply/configure',
  '/wave/assign-profiles',
  '/wave/dashboard',
  '/wave/edit-profiles',
  '/wave/meet-the-team-setup',
  '/wave/publish-profiles',
  '/wave/widget-setup',
  // Last: with a single client it leaves the portal for that client's public page (core §2 /motivator-search/{nameSlug?}).
  '/motivator-search',
];
/** Opened on a client of their own (they create pages from templates). */
const TEMPLATE_ROUTES: Array<[string, string]> = [
  ['/harvest/additional-page-1', 'Additional page'],
  ['/harvest/dbo-benefit', 'Driver benefits'],
  ['/harvest/dbo-no', 'Not interested'],
  ['/harvest/dbo-talk-later', 'Talk later'],
  ['/harvest/dbo-talk-now', 'Talk now'],
  ['/harvest/dbo-yes', 'Interested'],
  ['/harvest/driver-referral', 'Driver referral'],
  ['/harvest/saved-jobs', 'Saved jobs'],
  ['/harvest/template-2', 'Second page template'],
  ['/harvest/thank-you', 'Thank you'],
];

test('every core §2 route answers with a screen, never "This page could not be found"', async ({ page, request }) => {
  test.setTimeout(900_000); // about fifty screens; on a loaded 2-core machine each can take seconds
  expect(Object.keys(EXCLUDED)).toHaveLength(1);
  const { client } = await acme(request);
  await signIn(page, ADMIN);
  await page.goto('/');
  await expect(page.getByTestId('home-client-name')).toBeVisible();
  for (const r of CORE_ROUTES) {
    const path = r.replace(':clientId', client._id).replace(':motivatorId', '00000000-0000-4000-8000-000000000000');
    if (!(await openInApp(page, path))) await page.goto(path);
    await expectScreen(page, path);
  }
  // The guest routes, as a signed-in user: guest-only ones send home, the others show their screen.
  for (const path of ['/login', '/password-reset', '/password-reset/send-request', '/user-invitation']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expectScreen(page, path);
  }
  await page.goto('/error');
  await expect(page.getByTestId('error-title')).toHaveText(messages.errorScreen.generic);
  // The public pages the server draws.
  await page.goto(`/meet-the-team/${client.nameSlug}`);
  await expectScreen(page, 'meet-the-team/{nameSlug}', 'body');
  await page.goto(`/motivator-search/${client.nameSlug}`);
  await expect(page.getByRole('heading', { name: NOT_FOUND })).toHaveCount(0);

  // /meet-the-team on the product host: an admin with several clients gets a chooser (a second client
  // is made here, so the test does not depend on what other files made before it).
  const admin = await apiLogin(request, ADMIN);
  const second = await request.post('/api/client/create', { headers: bearer(admin), data: { name: unique('Second') } });
  expect(second.status(), await second.text()).toBe(201);
  const res = await page.goto('/meet-the-team');
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId('meet-the-team-chooser')).toBeVisible();
  expect(await axe(page, 'body')).toEqual([]);
  await page.getByRole('link', { name: 'Acme Health' }).click();
  await expect(page).toHaveURL(new RegExp(`/meet-the-team/${client.nameSlug}$`));

  // /motivator-search without a company (core §2: `{nameSlug?}`): the same chooser, opening the motivator search page.
  const search = await page.goto('/motivator-search');
  expect(search?.status()).toBe(200);
  await expect(page.getByTestId('motivator-search-chooser')).toBeVisible();
  expect(await axe(page, 'body')).toEqual([]);
  await page.getByRole('link', { name: 'Acme Health' }).click();
  // The public page appends the site's utm values (core §2).
  await expect(page).toHaveURL(new RegExp(`/motivator-search/${client.nameSlug}(\\?|$)`));
  await expect(page.getByRole('heading', { name: NOT_FOUND })).toHaveCount(0);

  // /widget-preview without a widget says what to pick.
  await page.goto('/widget-preview');
  await expect(page.getByRole('heading', { name: 'Widget preview' })).toBeVisible();
  await expect(page.getByText('No widget chosen.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Widget setup' })).toHaveAttribute('href', '/wave/widget-setup');
  expect(await axe(page, 'body')).toEqual([]);
});

test("client staff on /meet-the-team and /motivator-search go straight to their client's page", async ({ page }) => {
  await signIn(page, 'staff@demo.test');
  await page.goto('/meet-the-team');
  await expect(page).toHaveURL(/\/meet-the-team\/acme-health$/);
  await page.goto('/motivator-search');
  await expect(page).toHaveURL(/\/motivator-search\/acme-health(\?|$)/);
});

test('the template routes open the page in the editor, creating it from its template once, named in words', async ({ page, request }) => {
  test.setTimeout(300_000);
  const admin = await apiLogin(request, ADMIN);
  const made = await request.post('/api/client/create', {
    headers: bearer(admin),
    data: { name: unique('Templates'), subscriptions: { harvest: true } },
  });
  expect(made.status(), await made.text()).toBe(201);
  const client = (await made.json()) as { _id: string };
  await signIn(page, ADMIN);
  await page.goto('/');
  // Once Home has its client, the choice is stored; then this test's client is chosen.
  await expect(page.getByTestId('home-client-name')).toBeVisible();
  await page.evaluate((id) => localStorage.setItem('selectedClientId', id), client._id);
  await page.reload();
  await expect(page.getByTestId('home-client-name')).toHaveText(/^Templates-/);
  for (const [path, words] of TEMPLATE_ROUTES) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`/harvest/editor/edit/${encodeURIComponent(words).replace(/[()]/g, '\\$&')}$`));
    await expect(page.getByRole('heading', { name: NOT_FOUND })).toHaveCount(0);
  }
  // Opened again, the page is found, not made twice.
  await page.goto('/harvest/dbo-talk-later');
  await expect(page).toHaveURL(/\/harvest\/editor\/edit\/Talk%20later$/);
  const t = (await (await request.get(`/api/page-templates?clientId=${client._id}`, { headers: bearer(admin) })).json()) as {
    results: Array<{ pages: Array<{ name: string }> }>;
  };
  const names = t.results[0].pages.map((p) => p.name);
  expect(names.filter((n) => n === 'Talk later')).toHaveLength(1);
  for (const [, words] of TEMPLATE_ROUTES) expect(names).toContain(words);
  // No template code reaches the screen.
  await page.goto('/harvest/editor');
  await expect(page.getByRole('heading', { name: 'Career site' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Pages/ }).getByText('Driver referral', { exact: true })).toBeVisible();
  for (const code of ['dbo-talk-later', 'template-2', 'driver-referral']) await expect(page.getByText(code, { exact: true })).toHaveCount(0);
});

test('words, not codes: activity, Home, sources and dates with the time zone named', async ({ page, request }) => {
  test.setTimeout(200_000);
  const admin = await apiLogin(request, ADMIN);
  const made = await request.post('/api/client/create', {
    headers: bearer(admin),
    data: { name: unique('Words'), subscriptions: { harvest: true }, timeZone: 'America/Chicago' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const client = (await made.json()) as { _id: string };
  const job = await request.post('/api/job/create', {
    headers: bearer(admin),
    data: { clientId: client._id, title: 'ICU Registered Nurse', zipCode: '78701', city: 'Austin', state: 'TX', employmentType: 'FULL_TIME' },
  });
  expect(job.status(), await job.text()).toBe(201);
  const cand = await request.post('/api/crm/candidates/create', {
    headers: bearer(admin),
    data: { clientId: client._id, firstName: 'Jordan', lastName: 'Rivera', email: `${unique('jordan')}@e2e.test`, source: 'careersite' },
  });
  expect(cand.status(), await cand.text()).toBe(201);
  // An application as the career site logs it (actor: the system).
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    await db.query(`INSERT INTO activity_logs (client_id, action, entity, entity_id, changes) VALUES ($1, 'create', 'application', 'e2e-app', $2::jsonb)`, [
      client._id,
      JSON.stringify({ jobId: ((await job.json()) as { _id: string })._id, candidateId: ((await cand.json()) as { _id: string })._id }),
    ]);
  } finally {
    await db.end();
  }
  for (const data of [
    { action: 'update', entity: 'user', changes: { userTypeHarvestPlus: { from: 'none', to: 'editor' } } },
    { action: 'update', entity: 'pageDesign' },
    { action: 'create', entity: 'publishedPage' },
  ]) {
    const r = await request.post('/api/activity-logs/create', { headers: bearer(admin), data: { clientId: client._id, ...data } });
    expect(r.status(), await r.text()).toBe(201);
  }

  await signIn(page, ADMIN);
  await page.goto('/');
  await expect(page.getByTestId('home-client-name')).toBeVisible();
  await page.evaluate((id) => localStorage.setItem('selectedClientId', id), client._id);
  await page.reload();
  await expect(page.getByTestId('home-client-name')).toHaveText(/^Words-/);
  const recent = page.getByTestId('home-activity');
  await expect(recent.filter({ hasText: 'Jordan Rivera applied to ICU Registered Nurse – Austin, TX' })).toHaveCount(1);
  // The time is in the client's zone and says so.
  await expect(recent.first().getByRole('cell').first()).toHaveText(/ (CST|CDT|GMT-[56])$/);
  await expect(page.getByText('system · create application')).toHaveCount(0);
  await page.screenshot({ path: shot('home-words-1280'), fullPage: true });

  await page.goto('/activity-log');
  const rows = page.getByTestId('log-row');
  await expect(rows.filter({ hasText: `${ADMIN} changed the user (Harvest Plus role)` })).toHaveCount(1);
  await expect(rows.filter({ hasText: `${ADMIN} changed the career-site design` })).toHaveCount(1);
  await expect(rows.filter({ hasText: `${ADMIN} created the published page` })).toHaveCount(1);
  for (const code of ['userTypeHarvestPlus', 'pageDesign', 'publishedPage']) await expect(page.getByText(code)).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shot('activity-words-390'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Sources in words.
  await page.goto('/harvest/cultivate/candidates');
  const row = page.getByTestId('candidate-row').filter({ hasText: 'Jordan Rivera' });
  await expect(row).toContainText('Career site');
  await expect(row).not.toContainText('careersite');
});
