import { ADMIN, apiLogin, bearer, expect, signIn, test, unique } from '../support/fixtures.ts';

test('an admin creates a user in /admin with product user types', async ({ page, request }) => {
  await signIn(page, ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin', exact: true })).toBeVisible();
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
