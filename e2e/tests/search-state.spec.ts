import { ADMIN, expect, signIn, test } from '../support/fixtures.ts';

/**
 * A list's search, filters, sort and page live in the address (useSearchState, decision 0010's portal
 * half): a filtered list opened from a link shows that filter, typing writes it back, and a value the
 * contract refuses falls back to the default instead of breaking the screen.
 */
test('the jobs list reads its search from a shared link, writes what is typed, and ignores a refused value', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/harvest/jobs?search=Nurse&sortBy=title&sortDir=asc');
  const search = page.getByRole('textbox', { name: 'Search' });
  await expect(search).toHaveValue('Nurse');
  const rows = page.getByTestId('job-row');
  await expect(rows.first()).toContainText(/nurs/i);
  const titles = await rows.allInnerTexts();
  expect(titles.every((t) => /nurs/i.test(t))).toBe(true);

  // Typing replaces the search in the address (and goes back to page one).
  await search.fill('Therapist');
  await expect(page).toHaveURL(/[?&]search=Therapist(&|$)/);
  await expect(page).toHaveURL(/sortBy=title/);
  await expect(rows.first()).toContainText(/therapist/i);

  // A value the contract refuses (an unknown sort) is ignored: the list opens with the default sort.
  await page.goto('/harvest/jobs?sortBy=salary-desc-please');
  await expect(page.getByRole('heading', { name: 'Jobs', exact: true })).toBeVisible();
  await expect(rows.first()).toBeVisible();
});

test('the candidate list opens with the search of a shared link', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/harvest/cultivate/candidates?searchQuery=nurse');
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('nurse');
  await page.getByRole('textbox', { name: 'Search' }).fill('"registered nurse"');
  await expect(page).toHaveURL(/searchQuery=%22registered(\+|%20)nurse%22/);
});

test('the users list keeps its search and filters in the address', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(`/team?view=users&search=${encodeURIComponent(ADMIN)}`);
  await expect(page.getByLabel('Search users')).toHaveValue(ADMIN);
  await expect(page.getByTestId('user-row')).toHaveCount(1);

  // A filter chosen on screen goes to the address and survives a reload.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Suspended' }).click();
  await expect(page).toHaveURL(/[?&]status=Suspended(&|$)/);
  await expect(page.getByText('No users found')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Suspended');
  await expect(page.getByLabel('Search users')).toHaveValue(ADMIN);
  await expect(page.getByText('No users found')).toBeVisible();

  // A value the contract refuses (an unknown status) is ignored: every status is listed.
  await page.goto(`/team?view=users&search=${encodeURIComponent(ADMIN)}&status=Sleeping`);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
});
