import { readFileSync } from 'node:fs';
import { messages } from '@hh/contract/messages';
import { ADMIN, apiLogin, bearer, expect, pauseSoon, signIn, test, unique } from '../support/fixtures.ts';

/** The portal's existing screens, finished (decisions 0050–0053; one check per finding). */

test('no React Router HydrateFallback warning on a portal load; Home is a work queue with links', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  await signIn(page, ADMIN);
  await page.goto('/');
  await expect(page.getByTestId('home-client-name')).toHaveText('Acme Health');
  await expect(page.getByRole('heading', { name: 'Waiting for you' })).toBeVisible();
  for (const id of ['applicants', 'jobs', 'review', 'unread', 'imports']) await expect(page.getByTestId(`queue-${id}`)).toBeVisible();
  await expect(page.getByTestId('queue-jobs')).toContainText(/Open jobs\s*\d+/);
  await expect(page.getByTestId('queue-applicants')).toContainText('Since');
  await expect(page.getByText('Subscriptions')).toHaveCount(0);
  await page.getByTestId('queue-jobs').getByRole('link').click();
  await expect(page).toHaveURL(/\/harvest\/jobs$/);
  expect(warnings.filter((w) => w.includes('HydrateFallback'))).toEqual([]);
});

test('the client page has no JSON box and the unread count is not editable; widget colours have human names', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/clients');
  await page.getByRole('link', { name: 'Acme Health' }).first().click();
  await expect(page.getByRole('heading', { name: 'Acme Health', exact: true })).toBeVisible();
  await expect(page.getByText('Advanced (JSON)')).toHaveCount(0);
  await expect(page.getByRole('spinbutton', { name: 'Unread conversations' })).toHaveCount(0);
  await expect(page.getByTestId('unread-conversations')).toContainText('counted from the conversations');
  await page.goto('/wave/widget-setup');
  await expect(page.getByRole('heading', { name: 'Widget setup', exact: true })).toBeVisible();
  await expect(page.getByLabel('Button background').first()).toBeVisible();
  await expect(page.getByText('buttonBackground')).toHaveCount(0);
});

test.describe('at 700 px', () => {
  test.use({ viewport: { width: 700, height: 900 } });

  test('the jobs table says it scrolls and the keyboard can scroll it; departments fit their cards', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/harvest/jobs');
    await expect(page.getByTestId('job-row').first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('scroll-cue')).toHaveText('Scroll sideways for more columns →');
    const region = page.getByRole('region', { name: 'Table (scrolls sideways)' });
    await region.focus();
    await page.keyboard.press('ArrowRight'); // the focused region scrolls sideways from the keyboard
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    // Scrolled to its end, the last column (Status) lies inside the region.
    const [status, regionBox] = [await page.getByRole('columnheader', { name: 'Status' }).boundingBox(), await region.boundingBox()];
    expect(status && regionBox && status.x >= regionBox.x && status.x + status.width <= regionBox.x + regionBox.width + 1, 'Status inside the region').toBe(
      true,
    );

    await page.goto('/harvest/departments');
    const card = page.getByTestId('department-row').first();
    await expect(card).toBeVisible();
    const box = await card.boundingBox();
    for (const el of [card.getByRole('button', { name: 'Save' }), card.getByRole('button', { name: /^Delete / })]) {
      const b = await el.boundingBox();
      expect(b && box && b.x >= box.x && b.x + b.width <= box.x + box.width + 1, 'inside its card').toBe(true);
    }
    const name = card.getByRole('textbox', { name: /^Name of / });
    expect(await name.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  });
});

test('a 403 says who can give access and offers no "Try again"', async ({ page, consoleAllow }) => {
  consoleAllow.push(/status of 403/);
  // The demo client has no Motivator subscription: its staff is refused by the API.
  await signIn(page, 'staff@demo.test');
  await page.goto('/harvest/motivator');
  const forbidden = page.getByTestId('forbidden-state');
  await expect(forbidden).toBeVisible();
  await expect(forbidden).toContainText('You do not have access to this');
  await expect(forbidden).toContainText('Ask an administrator');
  await expect(forbidden).toContainText('client menu');
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await forbidden.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page.getByTestId('home-client-name')).toBeVisible();
});

test('deleting a department waits 10 s with Undo: Undo keeps it, no Undo deletes it', async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = await apiLogin(request, ADMIN);
  const clients = (await (await request.get('/api/client?search=Acme', { headers: bearer(admin) })).json()) as {
    results: Array<{ _id: string; nameSlug: string }>;
  };
  const clientId = clients.results.find((c) => c.nameSlug === 'acme-health')!._id;
  const [keep, drop] = [unique('Keep'), unique('Drop')];
  for (const name of [keep, drop]) {
    const res = await request.post('/api/departments/create', { headers: bearer(admin), data: { clientId, name } });
    expect(res.status(), await res.text()).toBe(201);
  }
  const deletes: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/departments/delete')) deletes.push(r.url());
  });
  await signIn(page, ADMIN);
  await page.goto('/harvest/departments');
  const row = (name: string) => page.getByTestId('department-row').filter({ has: page.getByRole('textbox', { name: `Name of ${name}` }) });

  // Delete, then Undo: the row comes back and no DELETE ever leaves the browser.
  await row(keep)
    .getByRole('button', { name: `Delete ${keep}` })
    .click();
  await expect(row(keep)).toHaveCount(0);
  const toast = page.getByTestId('undo-toast').filter({ hasText: messages.recruiting.departmentDeleted });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(`${keep} is back.`)).toBeVisible();
  await expect(row(keep)).toHaveCount(1);

  // Delete without Undo: the DELETE goes when the 10 s are over, and the department is gone for good.
  await row(drop)
    .getByRole('button', { name: `Delete ${drop}` })
    .click();
  await expect(row(drop)).toHaveCount(0);
  const sent = await page.waitForResponse((r) => r.url().includes('/api/departments/delete'), { timeout: 15_000 });
  expect(sent.status()).toBe(200);
  expect(deletes).toHaveLength(1);
  await page.reload();
  await expect(row(keep)).toHaveCount(1);
  await expect(row(drop)).toHaveCount(0);
  const list = (await (await request.get(`/api/departments/get-by-client-id?clientId=${clientId}`, { headers: bearer(admin) })).json()) as {
    results: Array<{ name: string }>;
  };
  expect(list.results.map((d) => d.name)).toContain(keep);
  expect(list.results.map((d) => d.name)).not.toContain(drop);
});

test('suspending a user has Undo: the user is active again', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const email = `${unique('undo')}@e2e.test`;
  const created = await request.post('/api/user/create', {
    headers: bearer(admin),
    data: { email, password: 'first-password-1', basicInfo: { firstName: 'Una', lastName: 'Doe' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const user = (await created.json()) as { _id: string };
  await signIn(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('textbox', { name: 'Search users' }).fill(email);
  const row = page.getByTestId('user-row').filter({ hasText: email });
  // As a person would: wait for the search to narrow the list to this user before clicking (the rows
  // move when the results arrive).
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await row.getByRole('button', { name: 'Suspend' }).click();
  const toast = page.getByTestId('undo-toast').filter({ hasText: 'Una Doe is now suspended' });
  await expect(toast).toBeVisible();
  await expect(row).toContainText('Suspended');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Una Doe is active again')).toBeVisible();
  await expect(row).toContainText('Active');
  const back = (await (await request.get(`/api/user?userId=${user._id}`, { headers: bearer(admin) })).json()) as { status: string };
  expect(back.status).toBe('Active');
});

test('integrations are forms (no JSON box): Twilio SMS at its own address, checked, saved, and it turns on Conversations', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const res = await request.post('/api/client/create', { headers: bearer(admin), data: { name: unique('Integrations') } });
  expect(res.status(), await res.text()).toBe(201);
  const client = (await res.json()) as { _id: string };
  await signIn(page, ADMIN);
  await page.goto('/');
  await expect(page.getByTestId('home-client-name')).toBeVisible();
  await page.evaluate((id) => localStorage.setItem('selectedClientId', id), client._id);

  await page.goto(`/clients/${client._id}/integrations/twilio-sms`);
  await expect(page.getByRole('tab', { name: 'Integrations' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByTestId('integration-twilio-sms');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('integration-chatbot')).toHaveCount(0);
  await expect(page.locator('textarea')).toHaveCount(0);
  await expect(page.getByText('JSON')).toHaveCount(0);

  // The switch and its save; the Twilio account itself is the form below it (twilio-sms.spec.ts sends through it).
  await form.getByRole('switch', { name: 'SMS conversations on' }).click();
  await form.getByRole('button', { name: 'Save Twilio SMS' }).click();
  await expect(page.getByText('Twilio SMS settings saved')).toBeVisible();
  await expect(page.getByTestId('integration-status-twilio-sms')).toHaveText('On');
  const account = page.getByTestId('twilio-account');
  await expect(account.getByLabel('Sending number')).toBeVisible();
  await expect(account.getByLabel('Account SID')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('integration-status-twilio-sms')).toHaveText('On');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Conversations/ })).toBeVisible();
  const saved = (await (await request.get(`/api/client/get-by-id?clientId=${client._id}`, { headers: bearer(admin) })).json()) as {
    integrations: Record<string, unknown>;
  };
  expect(saved.integrations.twilioSms).toEqual({ enabled: true });

  // All three forms on the tab; the chatbot saves its own key and keeps Twilio's.
  await page.getByRole('link', { name: '← All integrations' }).click();
  const bot = page.getByTestId('integration-chatbot');
  await expect(page.getByTestId('integration-sap')).toBeVisible();
  await bot.getByLabel('Name shown to candidates').fill('Ava');
  await bot.getByRole('button', { name: 'Save Chatbot' }).click();
  await expect(page.getByText('Chatbot settings saved')).toBeVisible();
  const both = (await (await request.get(`/api/client/get-by-id?clientId=${client._id}`, { headers: bearer(admin) })).json()) as {
    integrations: Record<string, unknown>;
  };
  expect(both.integrations).toEqual({
    twilioSms: { enabled: true },
    chatbot: { enabled: false, botName: 'Ava', showOnJobPages: false },
  });
});

test('closing a job on its edit screen has Undo: the job is open again', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const clients = (await (await request.get('/api/client?search=Acme', { headers: bearer(admin) })).json()) as {
    results: Array<{ _id: string; nameSlug: string }>;
  };
  const clientId = clients.results.find((c) => c.nameSlug === 'acme-health')!._id;
  const title = unique('Undo Porter');
  const created = await request.post('/api/job/create', { headers: bearer(admin), data: { clientId, title, zipCode: '60601', status: 'open' } });
  expect(created.status(), await created.text()).toBe(201);
  const job = (await created.json()) as { _id: string; status: string };
  expect(job.status).toBe('open');
  await signIn(page, ADMIN);
  // The Undo window (10 s) runs on Playwright's clock: paused once the form is filled, moved on only
  // in small steps, so a slow machine never closes the window before the click.
  await page.clock.install();
  await page.goto(`/harvest/jobs/${job._id}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit job', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await page
    .locator('input')
    .and(page.getByLabel('Status', { exact: true }))
    .click();
  await page.getByRole('option', { name: 'Closed' }).click();
  await pauseSoon(page, 500);
  await page.getByRole('button', { name: 'Save job' }).click();
  const toast = page.getByTestId('undo-toast').filter({ hasText: `${title} is closed.` });
  // 200 ms of page time per step (the toast's entry), far inside the 10 s window.
  const until = async (what: () => Promise<void>) =>
    expect(async () => {
      await page.clock.runFor(200);
      await what();
    }).toPass({ timeout: 60_000 });
  await until(() => expect(toast).toBeVisible({ timeout: 1_000 }));
  const get = async () =>
    ((await (await request.get(`/api/job/get-by-id?clientId=${clientId}&jobId=${job._id}`, { headers: bearer(admin) })).json()) as { status: string }).status;
  expect(await get()).toBe('closed');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await until(() => expect(page.getByText(`${title} is open again.`)).toBeVisible({ timeout: 1_000 }));
  expect(await get()).toBe('open');
});

test('job imports: the CSV template downloads and imports as it is', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/harvest/jobs/imports');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the CSV template' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('jobs-template.csv');
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toMatch(/^title,referenceNumber,description,/);
  // The template's example job imports cleanly (a unique reference, so the demo's jobs are untouched).
  const ref = unique('TPL');
  await page.locator('input[type="file"]').setInputFiles({ name: 'template.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.replace('RN-1001', ref)) });
  await page.getByRole('button', { name: 'Upload and import' }).click();
  await expect(page.getByTestId('import-row').first()).toContainText('Finished');
  await expect(page.getByTestId('import-row').first()).toContainText('1 of 1');
});

test('the navigation marks only the most specific entry as the current page', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/harvest/jobs/imports');
  await expect(page.getByRole('heading', { name: 'Job imports', exact: true })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(nav.locator('[aria-current="page"]')).toHaveText('Job imports');
  await expect(nav.locator('a[data-active]')).toHaveCount(1);
  // A job's own screen still belongs to "Jobs".
  await page.goto('/harvest/jobs/new');
  await expect(page.getByRole('heading', { name: 'New job', exact: true })).toBeVisible();
  await expect(nav.locator('a[data-active]')).toHaveText('All jobs');
});

test('a delete still in its Undo window is sent when the user signs out', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const clients = (await (await request.get('/api/client?search=Acme', { headers: bearer(admin) })).json()) as {
    results: Array<{ _id: string; nameSlug: string }>;
  };
  const clientId = clients.results.find((c) => c.nameSlug === 'acme-health')!._id;
  const name = unique('Gone');
  const saved = await request.post('/api/categories/save', { headers: bearer(admin), data: { clientId, name } });
  expect(saved.status(), await saved.text()).toBeLessThan(300);
  await signIn(page, ADMIN);
  await page.goto('/harvest/departments');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByTestId('undo-toast').filter({ hasText: messages.jobs.categoryDeleted })).toBeVisible();
  const sent = page.waitForResponse((r) => r.url().includes('/api/categories/delete'));
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  expect((await sent).status()).toBe(200);
  await expect(page).toHaveURL(/\/login/);
  const cats = (await (await request.get(`/api/categories?clientId=${clientId}`, { headers: bearer(admin) })).json()) as { results: Array<{ name: string }> };
  expect(cats.results.map((c) => c.name)).not.toContain(name);
});

test('a poll that comes due while the sign-out is on its way is not sent, so no 401 reaches the console', async ({ page }) => {
  await page.clock.install();
  await signIn(page, ADMIN);
  await page.goto('/harvest/departments');
  await expect(page.getByRole('heading', { name: 'Departments', exact: true })).toBeVisible();
  // The server ends the session at once, but its reply is held: meanwhile the unread badge's poll
  // (every 30 s) comes due. Sent, it would carry the ended session's token and get a 401.
  const polls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/conversations/unread-count')) polls.push(r.url());
  });
  let signedOut: () => void = () => {};
  const ended = new Promise<void>((done) => {
    signedOut = done;
  });
  let pollDue: () => void = () => {};
  const due = new Promise<void>((done) => {
    pollDue = done;
  });
  await page.route('**/api/logout', async (route) => {
    const reply = await route.fetch();
    signedOut();
    await due;
    await route.fulfill({ response: reply });
  });
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await ended;
  const before = polls.length;
  await page.clock.fastForward(31_000);
  pollDue();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(polls.length, 'no poll sent after the session ended').toBe(before);
  await expect(page.getByText(messages.session.expired)).toHaveCount(0);
});

test('a department name is checked with the contract rule before anything is sent, then saved', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/harvest/departments');
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/departments/create')) sent.push(r.url());
  });
  const input = page.getByRole('textbox', { name: 'New department' });
  await input.fill('   ');
  await page.getByRole('button', { name: 'Add department' }).click();
  // The create schema's rule (a trimmed name of at least one character), shown under the field.
  await expect(page.getByText('This field is required')).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
  // At phone width the message sits under its field, uncut.
  await page.setViewportSize({ width: 390, height: 844 });
  const message = page.getByText('This field is required');
  const [msgBox, inputBox] = [await message.boundingBox(), await input.boundingBox()];
  expect(msgBox && inputBox && msgBox.y >= inputBox.y + inputBox.height && msgBox.x + msgBox.width <= 390, 'under its field, inside the page').toBe(true);
  await page.screenshot({ path: test.info().outputPath('department-rule-390.png') });
  const name = unique('Checked');
  await input.fill(name);
  await page.getByRole('button', { name: 'Add department' }).click();
  await expect(page.getByRole('textbox', { name: `Name of ${name}` })).toBeVisible();
  await expect(input).toHaveValue('');
  expect(sent).toHaveLength(1);
});
