import { messages } from '@hh/contract/messages';
import { ADMIN, apiLogin, bearer, expect, signIn, test, unique } from '../support/fixtures.ts';

async function newClient(request: Parameters<typeof apiLogin>[0]) {
  const admin = await apiLogin(request, ADMIN);
  const res = await request.post('/api/client/create', { headers: bearer(admin), data: { name: unique('Content') } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { _id: string };
}

test('form questions: add, update and remove show the spec messages', async ({ page, request }) => {
  const client = await newClient(request);
  await signIn(page, ADMIN);
  await page.goto(`/clients/${client._id}?tab=questions`);
  await expect(page.getByText('No questions yet')).toBeVisible();
  // A blank question is refused with the contract's rule, under the field, before anything is sent.
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/client/create-form-question')) sent.push(r.url());
  });
  await page.getByLabel('New question').fill('   ');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await expect(page.getByLabel('New question')).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
  await page.getByLabel('New question').fill('Why do you want to work here?');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(messages.formQuestions.addSuccess)).toBeVisible();
  expect(sent).toHaveLength(1);
  await expect(page.getByTestId('form-question')).toContainText('Why do you want to work here?');

  await page.getByRole('button', { name: 'Edit question' }).click();
  await page.getByLabel('Question', { exact: true }).fill('What motivates you?');
  await page.getByRole('button', { name: 'Save question' }).click();
  await expect(page.getByText(messages.formQuestions.updateSuccess)).toBeVisible();
  await expect(page.getByTestId('form-question')).toContainText('What motivates you?');

  await page.getByRole('button', { name: 'Remove question' }).click();
  await expect(page.getByText(messages.formQuestions.removeSuccess)).toBeVisible();
  await expect(page.getByText('No questions yet')).toBeVisible();
});

test('media library: the first item creates the library, later items update it', async ({ page, request }) => {
  const client = await newClient(request);
  await signIn(page, ADMIN);
  await page.goto(`/clients/${client._id}?tab=media`);
  await expect(page.getByText('This client has no media library yet.')).toBeVisible();
  await page.getByLabel('URL').fill('https://cdn.example.com/team.jpg');
  await page.getByLabel('Name').fill('Team photo');
  await page.getByRole('button', { name: 'Create library' }).click();
  await expect(page.getByText(messages.mediaLibrary.createSuccess)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Team photo' })).toBeVisible();
  await page.getByLabel('URL').fill('https://cdn.example.com/office.jpg');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(messages.clients.updateSuccess)).toBeVisible();
  await expect(page.getByText('images (2)')).toBeVisible();

  // A removal has Undo; Undo saves the list as it was.
  await page.getByRole('button', { name: 'Remove Team photo' }).click();
  const toast = page.getByTestId('undo-toast').filter({ hasText: 'Team photo was removed.' });
  await expect(toast).toBeVisible();
  await expect(page.getByText('images (1)')).toBeVisible();
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Team photo is back.')).toBeVisible();
  await expect(page.getByText('images (2)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Team photo' })).toBeVisible();
});

test('a subscription switch changes the navigation, and the activity log shows the change', async ({ page, request }) => {
  const client = await newClient(request);
  await signIn(page, ADMIN);
  await page.goto('/');
  await expect(page.getByTestId('home-client-name')).toBeVisible();
  await page.evaluate((id) => localStorage.setItem('selectedClientId', id), client._id);
  await page.goto(`/clients/${client._id}?tab=products`);
  await expect(page.getByTestId('nav-group-video-profiles')).toHaveCount(0);
  await page.getByRole('switch', { name: 'Wave' }).click();
  await expect(page.getByText(messages.clients.updateSuccess)).toBeVisible();
  await expect(page.getByTestId('nav-group-video-profiles')).toBeVisible();
  // Motivator has its screens: switching it on adds its area with working links, never "No pages yet".
  await page.getByRole('switch', { name: 'Motivator' }).click();
  await expect(page.getByText(messages.clients.updateSuccess).first()).toBeVisible();
  await expect(page.getByTestId('nav-group-career-site')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Motivators', exact: true })).toBeVisible();
  await expect(page.getByText('No pages yet')).toHaveCount(0);

  // The activity log of the selected client shows the create and the updates; all on one day, so a
  // sentence instead of a one-bar chart.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity log' }).click();
  await expect(page.getByTestId('events-summary')).toContainText(/\d+ events on /);
  await expect(page.getByRole('heading', { name: 'Events per day', exact: true })).toHaveCount(0);
  const rows = page.getByRole('row').filter({ hasText: 'admin@demo.test' });
  // In words (the activity codes through the contract's labels).
  await expect(rows.filter({ hasText: 'admin@demo.test created the client' })).toHaveCount(1);
  await expect(rows.filter({ hasText: /admin@demo\.test changed the client \(products/ })).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Changed' }).click();
  await expect(rows.filter({ hasText: 'created the client' })).toHaveCount(0);
});

test('my profile: update, a wrong current password, then a password change that signs out', async ({ page, request, consoleAllow }) => {
  consoleAllow.push(/status of 400/);
  // The password change ends the session by design: the portal's next call with the old token is a 401.
  consoleAllow.push(/status of 401/);
  const admin = await apiLogin(request, ADMIN);
  const email = `${unique('me')}@e2e.test`;
  const created = await request.post('/api/user/create', {
    headers: bearer(admin),
    data: { email, password: 'first-password-1', userTypeGlobal: 'recruiter' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signIn(page, email, 'first-password-1');
  await page.goto('/settings/my-profile');
  await page.getByLabel('First name').fill('Mia');
  await page.getByLabel('Department').fill('Talent');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText(messages.accounts.profileSuccess)).toBeVisible();
  await expect(page.getByTestId('user-menu')).toContainText('Mia');

  await page.getByLabel(/^Current password/).fill('wrong-password-1');
  await page.getByLabel(/^New password/).fill('second-password-1');
  await page.getByLabel(/^Confirm new password/).fill('second-password-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(messages.accounts.passwordUpdateError)).toBeVisible();

  await page.getByLabel(/^Current password/).fill('first-password-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(messages.accounts.passwordUpdateSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await apiLogin(request, email, 'second-password-1');
});

test('user settings: the first save creates them, the next updates them, and they persist per client', async ({ page, request }) => {
  const client = await newClient(request);
  const admin = await apiLogin(request, ADMIN);
  const email = `${unique('cols')}@e2e.test`;
  const created = await request.post('/api/user/create', {
    headers: bearer(admin),
    data: { email, password: 'first-password-1', userTypeGlobal: 'user', company: { companyInfo: client._id } },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signIn(page, email, 'first-password-1');
  await page.goto('/settings/my-profile');
  await page.getByRole('checkbox', { name: 'Recruiter' }).check();
  await page.getByTestId('user-settings-save').click();
  await expect(page.getByText(messages.userSettings.createSuccess)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Location' }).uncheck();
  await page.getByTestId('user-settings-save').click();
  await expect(page.getByText(messages.userSettings.updateSuccess)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Recruiter' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Location' })).not.toBeChecked();
  const me = await apiLogin(request, email, 'first-password-1');
  const stored = await request.get(`/api/user-settings?clientId=${client._id}`, { headers: bearer(me) });
  expect((await stored.json()).crm.requisitions.columns).toEqual(['title', 'status', 'candidates', 'recruiter']);
});

test('activity log: a note added by hand appears in the log; a refused note shows the spec message', async ({ page, consoleAllow }) => {
  consoleAllow.push(/status of 400/);
  await signIn(page, ADMIN);
  // The client list answers late (as on a loaded server): a note typed meanwhile still lands on the selected client.
  let releaseClients = () => {};
  const clientsHeld = new Promise<void>((resolve) => {
    releaseClients = resolve;
  });
  await page.route(/\/api\/client\?/, async (route) => {
    await clientsHeld;
    await route.continue();
  });
  await page.goto('/activity-log');
  const note = unique('Called the hiring manager');
  await page.getByLabel('Add a note to the log').fill(note);
  await expect(page.getByTestId('log-note-add')).toBeDisabled();
  releaseClients();
  await page.getByLabel('Add a note to the log').fill(note);
  const created = page.waitForResponse((r) => r.url().includes('/api/activity-logs/create'));
  await page.getByTestId('log-note-add').click();
  // The note is written for the client the page shows (a failure says what the server answered).
  const answer = await created;
  expect(answer.status(), await answer.text()).toBe(201);
  await expect(page.getByText(note)).toBeVisible();

  await page.route('**/api/activity-logs/create', (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ errorMsg: { body: ['refused'] } }) }),
  );
  await page.getByLabel('Add a note to the log').fill('This one is refused');
  await page.getByTestId('log-note-add').click();
  await expect(page.getByText(messages.logs.createError)).toBeVisible();
});
