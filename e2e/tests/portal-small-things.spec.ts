import type { Page } from '@playwright/test';
import { messages } from '@hh/contract/messages';
import { ADMIN, apiLogin, bearer, expect, SESSION_KEY, signIn, test, unique } from '../support/fixtures.ts';

/**
 * Small things that lose work or trust: the periodic token check asks the server, so a token revoked
 * there ends the session at the next check; opening the applications inbox marks nothing read. With
 * SHOTS_DIR set, screenshots are written there for review.
 */
const SLUG = 'acme-health';
const RECRUITER = 'recruiter@demo.test';
/** ACCESS_TOKEN_CHECK_INTERVAL of the suite's server (its default). */
const CHECK_MS = 30_000;

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}

test('the periodic token check notices a token revoked on the server (core §4)', async ({ page, request, consoleAllow }) => {
  consoleAllow.push(/status of 401/);
  const login = await signIn(page, ADMIN);
  // The check timer runs on Playwright's clock: each check is one interval of page time and a waited reply.
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByTestId('home-client-name')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('selectedClientId'))).toBeTruthy();
  const checkOnce = async (status: number) => {
    const reply = page.waitForResponse((r) => r.url().endsWith('/api/user/fetch-logged-in'), { timeout: 30_000 });
    await page.clock.runFor(CHECK_MS);
    expect((await reply).status()).toBe(status);
  };
  // A valid token: the check asks the server and the session stays.
  await checkOnce(200);
  await expect(page.getByTestId('home-client-name')).toBeVisible();

  // The session is ended elsewhere (a logout with this access token). The token has not expired, and
  // the user makes no call: the next check notices it.
  const revoked = await request.post('/api/logout', { headers: bearer(login), data: {} });
  expect(revoked.status()).toBe(204);
  // Only the check may notice: the screen's own polls come due on the same 30 s (the unread badge's),
  // and whichever timer ran first would end the session. They are held unanswered from here on.
  await page.route(/\/api\//, async (route) => {
    if (/\/api\/(user\/fetch-logged-in|logout)$/.test(route.request().url())) await route.continue();
  });
  await checkOnce(401);
  await expect(page.getByText(messages.session.expired)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('selectedClientId'))).toBeNull();
  expect(await page.evaluate((k) => localStorage.getItem(k), SESSION_KEY)).toBeNull();
});

test('opening the applications inbox marks nothing read; opening an application does', async ({ page, request }) => {
  test.setTimeout(240_000);
  const admin = await signIn(page, RECRUITER);
  const client = (await (await request.get(`/api/client/get-by-slug?nameSlug=${SLUG}`)).json()) as { _id: string };
  const title = unique('Inbox Nurse');
  const created = await request.post('/api/job/create', {
    headers: bearer(admin),
    data: { clientId: client._id, title, description: '<p>Registered nurse, day shifts.</p>', zipCode: '78701', city: 'Austin', state: 'TX' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const job = (await created.json()) as { _id: string; url: string };

  // A seeker applies on the career site (the form solves the proof-of-work captcha).
  await page.goto(job.url);
  await page.getByLabel('First name *').fill('Nora');
  await page.getByLabel('Last name *').fill('Unread');
  await page.getByLabel('Email *').fill(`${unique('nora')}@example.com`);
  await page.getByLabel(/^Resume/).setInputFiles({ name: 'nora.txt', mimeType: 'text/plain', buffer: Buffer.from('Nora Unread\nICU nurse.\n') });
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you! Your application has been received.', exact: true })).toBeVisible();

  const statuses = async () => {
    const res = await request.get(`/api/crm/applications?clientId=${client._id}&jobId=${job._id}`, { headers: bearer(admin) });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { results: { status: string }[] }).results.map((r) => r.status);
  };

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto(`/harvest/applications?jobId=${job._id}`);
    const row = page.getByTestId('application-row').filter({ hasText: 'Nora Unread' });
    await expect(row).toBeVisible({ timeout: 30_000 });
    if (width === 1280) {
      await expect(row.getByText('New', { exact: true })).toBeVisible();
      await expect(page.getByTestId('inbox-pick')).toBeVisible();
      // Whatever the inbox loaded, the newest application is still unread on the server.
      await page.waitForLoadState('networkidle');
      expect(await statuses()).toEqual(['new']);
      await shot(page, `inbox-unread-${width}`);
      const marked = page.waitForResponse((r) => r.url().includes('/api/crm/applications') && r.request().method() !== 'GET');
      await row.getByRole('button', { name: 'Nora Unread' }).click();
      expect((await marked).status()).toBe(200);
      await expect(page.getByRole('heading', { level: 2, name: 'Nora Unread' })).toBeVisible();
      await expect(row.getByText('New', { exact: true })).toHaveCount(0);
      expect(await statuses()).toEqual(['reviewed']);
    } else {
      await row.getByRole('button', { name: 'Nora Unread' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Nora Unread' })).toBeVisible();
    }
    await shot(page, `inbox-read-${width}`);
  }
});

test('a member sees no merge, undo or forward, and no campaign send, each with the reason (recruiters: crm-duplicates, crm-campaign)', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const recruiter = await apiLogin(request, RECRUITER);
  const clientId = ((await (await request.get(`/api/client/get-by-slug?nameSlug=${SLUG}`)).json()) as { _id: string })._id;
  // Client staff with the member role in Harvest and Cultivate: the daily work on candidates, no more.
  const email = `${unique('member')}@e2e.test`;
  const created = await request.post('/api/user/create', {
    headers: bearer(await apiLogin(request, ADMIN)),
    data: {
      email,
      password: 'member-password-1',
      basicInfo: { firstName: 'Mel', lastName: 'Member' },
      userTypeGlobal: 'user',
      userTypeHarvest: 'member',
      userTypeCultivate: 'member',
      company: { companyInfo: clientId },
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // Two records of one person, and a list with a campaign draft on it.
  const last = unique('Duval').replace(/[^A-Za-z]/g, '');
  const mk = async (mail: string) => {
    const r = await request.post('/api/crm/candidates/create', {
      headers: bearer(recruiter),
      data: { clientId, firstName: 'Remy', lastName: last, email: mail, phone: '+1 512 555 0166', address: { zipCode: '78701' } },
    });
    expect(r.status(), await r.text()).toBe(201);
    return ((await r.json()) as { _id: string })._id;
  };
  const first = await mk(`remy.${last.toLowerCase()}@gmail.com`);
  await mk(`remy${last.toLowerCase()}+jobs@gmail.com`);
  const list = await request.post('/api/candidates-lists/create', {
    headers: bearer(recruiter),
    data: { clientId, name: unique('Members list'), candidateIds: [first] },
  });
  expect(list.status(), await list.text()).toBe(201);
  const listId = ((await list.json()) as { _id: string })._id;
  const draft = await request.post('/api/candidates-list/campaigndraft', {
    headers: bearer(recruiter),
    data: { clientId, listId, name: unique('Member campaign'), subject: 'Hello {{firstName}}', body: '<p>New jobs near you.</p>' },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const draftId = ((await draft.json()) as { _id: string })._id;

  await signIn(page, email, 'member-password-1');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    // The drawer: the duplicate can be compared and dismissed, not merged; no forward form.
    await page.goto(`/harvest/cultivate/candidates?candidate=${first}`);
    const drawer = page.getByRole('dialog', { name: `Remy ${last}` });
    await expect(drawer).toBeVisible({ timeout: 60_000 });
    await expect(drawer.getByTestId('duplicate-notice')).toBeVisible();
    await drawer.getByRole('tab', { name: 'Follow-up & share' }).click();
    await expect(drawer.getByTestId('forward-needs-editor')).toHaveText(messages.crm.forwardNeedsEditor);
    await expect(drawer.getByRole('button', { name: 'Forward with resume' })).toHaveCount(0);
    await expect(drawer.getByLabel('To (email addresses)')).toHaveCount(0);
    await shot(page, `member-forward-${width}`);

    // The duplicates page: pairs to dismiss, the reason once, no Merge or Undo.
    await page.goto('/harvest/cultivate/candidates/duplicates');
    const pair = page.getByTestId('duplicate-pair').filter({ hasText: `remy.${last.toLowerCase()}@gmail.com` });
    await expect(pair).toBeVisible({ timeout: 30_000 });
    await expect(pair.getByRole('button', { name: 'Not the same person' })).toBeVisible();
    await expect(page.getByTestId('merge-button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    await expect(page.getByTestId('merge-needs-editor')).toHaveText(messages.crm.mergeNeedsEditor);
    await shot(page, `member-duplicates-${width}`);

    // The campaign: save and test, not send to the list.
    await page.goto(`/harvest/cultivate/campaigns?draft=${draftId}`);
    await expect(page.getByRole('heading', { name: 'Edit campaign', exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Send test' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Send to \d+ candidate/ })).toHaveCount(0);
    await expect(page.getByTestId('send-needs-admin')).toHaveText(messages.crm.sendCampaignNeedsAdmin);
    await shot(page, `member-campaign-${width}`);
  }
});

test("the design screen offers §9's licensed fonts drawn with the closest free face, and shows the colours on a hero and a button", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await signIn(page, ADMIN);
  const headers = bearer(admin);
  const subscriptions = { harvest: true, wave: false, motivator: false, cultivate: false, harvestPlus: false, media: false };
  const created = await request.post('/api/client/create', { headers, data: { name: unique('Design'), subscriptions } });
  expect(created.status(), await created.text()).toBe(201);
  const client = (await created.json()) as { _id: string };
  const template = await request.post('/api/page-templates/create', { headers, data: { clientId: client._id, fromDefaults: ['Home'] } });
  expect(template.status(), await template.text()).toBe(201);
  const templateId = ((await template.json()) as { _id: string })._id;
  const design = await request.post('/api/page-design-options/create', {
    headers,
    data: { clientId: client._id, templateId, activeDesign: { colors: { primary: '#d9480f', secondary: '#1b4332' }, buttonStyle: 'pill' } },
  });
  expect(design.status(), await design.text()).toBe(201);

  await page.addInitScript((id) => localStorage.setItem('selectedClientId', id), client._id);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto('/harvest/editor');
    const sample = page.getByTestId('font-sample');
    await expect(sample).toContainText('Search jobs');
    // The colours at work: the hero in the heading-and-hero colour, the button in the button colour and shape.
    const hero = sample.getByTestId('sample-hero');
    const button = sample.getByTestId('sample-button');
    await expect(hero).toHaveCSS('background-color', 'rgb(27, 67, 50)');
    await expect(hero).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(button).toHaveCSS('background-color', 'rgb(217, 72, 15)');
    await expect(button).toHaveCSS('border-radius', '999px');
    // Gotham is offered, saying which free face draws it, and the sample uses that face.
    await page.getByRole('combobox', { name: 'Heading font' }).click();
    const option = page.getByRole('option', { name: 'Gotham (drawn with Montserrat, the closest free face)' });
    await expect(option).toBeVisible();
    await option.click();
    const heading = sample.getByText(/^Careers at /);
    await expect(heading).toHaveCSS('font-family', /^"?Montserrat"?,/);
    await expect(page.getByRole('combobox', { name: 'Heading font' })).toHaveValue('Gotham (drawn with Montserrat, the closest free face)');
    await shot(page, `design-sample-${width}`);
  }
});
