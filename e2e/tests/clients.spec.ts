import path from 'node:path';
import { URL_MESSAGE } from '@hh/contract/common';
import { messages } from '@hh/contract/messages';
import { e2eDir } from '../support/paths.ts';
import { ADMIN, apiLogin, bearer, expect, signIn, test, unique } from '../support/fixtures.ts';

test('creates a client, edits it and uploads its logo', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/clients');
  await expect(page.getByRole('heading', { name: 'Clients', exact: true })).toBeVisible();
  const name = unique('Client');
  await page.getByRole('button', { name: 'New client' }).click();
  const dialog = page.getByRole('dialog', { name: 'New client' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create client' }).click();
  await expect(page.getByText(messages.clients.createSuccess)).toBeVisible();
  await expect(page.getByTestId('client-title')).toHaveText(name);

  // Edit: industry and utm_source, then save.
  await page.getByLabel('Industry').fill('Logistics');
  await page.getByLabel('utm_source').fill('e2e-source');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(messages.clients.updateSuccess)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Industry')).toHaveValue('Logistics');
  await expect(page.getByLabel('utm_source')).toHaveValue('e2e-source');

  // Logo upload through the image endpoint, then the client update.
  await page.getByRole('tab', { name: 'Logo' }).click();
  await page.locator('input[type="file"]').setInputFiles(path.join(e2eDir, 'fixtures/logo.png'));
  const logo = page.getByTestId('client-logo');
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});

test('a duplicate slug shows the server message under errorMsg.clients', async ({ page, request, consoleAllow }) => {
  consoleAllow.push(/status of 409/);
  const admin = await apiLogin(request, ADMIN);
  const slug = unique('dup').toLowerCase();
  const first = await request.post('/api/client/create', { headers: bearer(admin), data: { name: slug, nameSlug: slug } });
  expect(first.status(), await first.text()).toBe(201);
  await signIn(page, ADMIN);
  await page.goto('/clients');
  await page.getByRole('button', { name: 'New client' }).click();
  const dialog = page.getByRole('dialog', { name: 'New client' });
  await dialog.getByLabel('Name').fill(`${slug} again`);
  await dialog.getByLabel('URL slug').fill(slug);
  await dialog.getByRole('button', { name: 'Create client' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: messages.server.slugTaken(slug) })
      .first(),
  ).toBeVisible();
});

test('the form checks the slug with the contract rule before sending anything', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/clients');
  await page.getByRole('button', { name: 'New client' }).click();
  const dialog = page.getByRole('dialog', { name: 'New client' });
  await dialog.getByLabel('Name').fill(unique('Slug rule'));
  await dialog.getByLabel('URL slug').fill('Not A Slug!');
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/client/create')) sent.push(r.url());
  });
  await dialog.getByRole('button', { name: 'Create client' }).click();
  await expect(dialog.getByText('nameSlug may contain only lower-case letters, digits and single hyphens')).toBeVisible();
  await expect(dialog.getByLabel('URL slug')).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
  // Corrected, the same form creates the client.
  await dialog.getByLabel('URL slug').fill(unique('good-slug').toLowerCase());
  await dialog.getByRole('button', { name: 'Create client' }).click();
  await expect(page.getByText(messages.clients.createSuccess)).toBeVisible();
  expect(sent).toHaveLength(1);
});

test('the client form shows the contract rules for addresses and the GA4 id before saving', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const name = unique('Rules');
  const res = await request.post('/api/client/create', { headers: bearer(admin), data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  const client = await res.json();
  await signIn(page, ADMIN);
  await page.goto(`/clients/${client._id}`);
  const patches: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes('/api/client/update')) patches.push(r.url());
  });
  await page.getByLabel('Jobs feed URL').fill('javascript:alert(1)');
  await page.getByLabel('Google Analytics 4 measurement ID').fill('UA-12345');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(URL_MESSAGE)).toBeVisible();
  await expect(page.getByText('ga4MeasurementId must look like G-XXXXXXX')).toBeVisible();
  await expect(page.getByLabel('Jobs feed URL')).toHaveAttribute('aria-invalid', 'true');
  expect(patches).toEqual([]);
  await page.getByLabel('Jobs feed URL').fill('https://jobs.example.com/feed.xml');
  await page.getByLabel('Google Analytics 4 measurement ID').fill('G-ABC1234');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(messages.clients.updateSuccess)).toBeVisible();
  expect(patches).toHaveLength(1);
});

test('the client switcher changes the selected client and the navigation', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const name = unique('Wave-only');
  const res = await request.post('/api/client/create', {
    headers: bearer(admin),
    data: { name, subscriptions: { wave: true, harvest: false, cultivate: false, harvestPlus: false, motivator: false, media: false } },
  });
  expect(res.status(), await res.text()).toBe(201);
  const created = (await res.json()) as { _id: string };

  await signIn(page, ADMIN);
  await page.goto('/');
  await expect(page.getByTestId('nav-group-jobs')).toBeVisible();
  // The demo client has its SMS integration on: the navigation has the conversations inbox.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Conversations/ })).toHaveCount(1);
  // Every API call carries X-Client-Id (the selected client) and X-Client-Url (core spec §7).
  const tagged = page.waitForRequest((r) => r.url().includes('/api/') && r.headers()['x-client-id'] === created._id);
  await page.getByTestId('client-switcher').click();
  await page.getByRole('option', { name }).click();
  const call = await tagged;
  expect(call.headers()['x-client-url']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  await expect(page.getByTestId('home-client-name')).toHaveText(name);
  expect(await page.evaluate(() => localStorage.getItem('selectedClientId'))).toBe(created._id);
  // Wave only: the video profiles group, no jobs, candidates or career site.
  await expect(page.getByTestId('nav-group-video-profiles')).toBeVisible();
  await expect(page.getByTestId('nav-group-jobs')).toHaveCount(0);
  await expect(page.getByTestId('nav-group-candidates')).toHaveCount(0);
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Conversations/ })).toHaveCount(0);

  // The choice survives a reload (localStorage).
  await page.reload();
  await expect(page.getByTestId('home-client-name')).toHaveText(name);
});

test('the unread count is counted from the messages, not a stored number: a new client with SMS on shows 0 and no badge, and Home opens its inbox', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN);
  const res = await request.post('/api/client/create', {
    headers: bearer(admin),
    data: {
      name: unique('Unread'),
      subscriptions: { cultivate: true },
      integrations: { twilioSms: { enabled: true } },
      // A stored number is not what the portal shows: the count comes from the client's messages.
      unreadConversationsCount: 12,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { _id: string })._id;
  await signIn(page, ADMIN);
  await page.goto('/');
  await expect(page.getByTestId('home-client-name')).toBeVisible();
  await page.evaluate((clientId) => localStorage.setItem('selectedClientId', clientId), id);
  await page.reload();
  const card = page.getByTestId('queue-unread');
  await expect(card).toContainText('Unread conversations');
  await expect(card).toContainText('0');
  await expect(card).not.toContainText('12');
  // The badge is blank at 0; the navigation has the inbox because the client's SMS integration is on.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /^Conversations/ })).toBeVisible();
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  await card.click();
  await expect(page).toHaveURL(/\/cultivate\/conversations\?unread=true$/);
  await expect(page.getByRole('heading', { name: 'Conversations', exact: true })).toBeVisible();
});

test('a refreshed client list that sorts a new client first does not move the selection (no client chosen yet)', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const res = await request.post('/api/client/create', { headers: bearer(admin), data: { name: unique('Sorts first') } });
  expect(res.status(), await res.text()).toBe(201);
  const added = (await res.json()) as { _id: string; name: string };
  // The first answer is the list from before the client existed; every later one has it first.
  let calls = 0;
  await page.route(/\/api\/client\?/, async (route) => {
    const real = await route.fetch();
    const body = (await real.json()) as { results: Array<{ _id: string; name: string }> };
    const others = body.results.filter((c) => c._id !== added._id);
    const first = body.results.find((c) => c._id === added._id);
    calls += 1;
    await route.fulfill({ response: real, json: { ...body, results: calls === 1 || !first ? others : [first, ...others] } });
  });
  await signIn(page, ADMIN);
  await page.goto(`/clients/${added._id}?tab=products`);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('selectedClientId'))).toBeTruthy();
  const chosen = await page.evaluate(() => localStorage.getItem('selectedClientId'));
  expect(chosen).not.toBe(added._id);
  const switcher = page.getByTestId('client-switcher');
  const chosenName = await switcher.inputValue();

  // A change to the new client refreshes the list, which now has the new client first.
  const refreshed = page.waitForResponse((r) => /\/api\/client\?/.test(r.url()));
  await page.getByRole('switch', { name: 'Wave' }).click();
  await expect(page.getByText(messages.clients.updateSuccess)).toBeVisible();
  await refreshed;
  await expect.poll(() => calls).toBeGreaterThanOrEqual(2);
  // The refreshed list is on the screen (the new client is among the switcher's options)...
  await switcher.click();
  await expect(page.getByRole('option', { name: added.name })).toBeVisible();
  await page.keyboard.press('Escape');
  // ...and the choice has not moved.
  await expect(switcher).toHaveValue(chosenName);
  expect(await page.evaluate(() => localStorage.getItem('selectedClientId'))).toBe(chosen);
});
