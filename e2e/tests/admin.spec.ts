import { ADMIN, apiLogin, bearer, expect, signIn, test, unique } from '../support/fixtures.ts';

test("an admin creates a user in /admin (the team screen's All users view) with product user types", async ({ page, request }) => {
  await signIn(page, ADMIN);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/team\?view=users$/);
  await expect(page.getByRole('tab', { name: 'All users' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  const email = `${unique('new')}@e2e.test`;
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByLabel('First name').fill('Nora');
  await dialog.getByLabel('Last name').fill('New');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel(/^Password/).fill('e2e-password-1');
  await dialog.getByRole('combobox', { name: 'Wave', exact: true }).click();
  await page.getByRole('option', { name: 'editor' }).click();
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('User created')).toBeVisible();
  await page.getByLabel('Search users').fill(email);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await expect(page.getByTestId('user-row')).toContainText('Nora New');

  // The server has the user with the chosen type, and the new user can sign in.
  const admin = await apiLogin(request, ADMIN);
  const found = await request.get(`/api/user?email=${encodeURIComponent(email)}`, { headers: bearer(admin) });
  expect(found.status()).toBe(200);
  expect(((await found.json()) as { userTypeWave: string }).userTypeWave).toBe('editor');
  await apiLogin(request, email, 'e2e-password-1');
});

test('the user form checks the email and password with the contract rules before sending anything', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/user/create')) sent.push(r.url());
  });
  await dialog.getByLabel('Email').fill('not-an-address');
  await dialog.getByLabel(/^Password/).fill('short');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog.getByText('Email is not valid')).toBeVisible();
  await expect(dialog.getByText('Password must be 8 to 128 characters')).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel(/^Password/)).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('user-form-errors-390.png') });
  // Corrected, the same form creates the user.
  await dialog.getByLabel('Email').fill(`${unique('rules')}@e2e.test`);
  await dialog.getByLabel(/^Password/).fill('e2e-password-1');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('User created')).toBeVisible();
  expect(sent).toHaveLength(1);
});
