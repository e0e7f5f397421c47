import { axeViolations } from '../support/axe.ts';
import { apiLogin, bearer, expect, signIn, test, unique } from '../support/fixtures.ts';

/** Global search (Ctrl/Cmd+K): candidates, jobs and screens of the selected client, with recent items. */
const RECRUITER = 'recruiter@demo.test';
const shots = (name: string) => test.info().outputPath(`${name}.png`);

test('a recruiter presses Ctrl+K, finds a candidate by name and opens them; the candidate is then under Recent; jobs and screens are found too', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const login = await apiLogin(request, RECRUITER);
  const clients = (await (await request.get('/api/client?pageSize=100', { headers: bearer(login) })).json()) as {
    results: Array<{ _id: string; nameSlug: string }>;
  };
  const clientId = clients.results.find((c) => c.nameSlug === 'acme-health')?._id;
  expect(clientId).toBeTruthy();
  // A last name no demo candidate has, so the search finds exactly this one.
  const lastName = `Zephyrine${unique('x')
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;
  const email = `${unique('palette')}@e2e.test`;
  const created = await request.post('/api/crm/candidates/create', {
    headers: bearer(login),
    data: { clientId, firstName: 'Marisol', lastName, email, source: 'careersite' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const candidateId = ((await created.json()) as { _id: string })._id;

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, RECRUITER);
  await page.goto('/');
  await expect(page.getByTestId('home-client-name')).toHaveText('Acme Health');

  // Nothing typed and nothing opened yet: the empty state says what to type.
  await page.keyboard.press('Control+K');
  const box = page.getByRole('textbox', { name: 'Search candidates, jobs and screens' });
  await expect(box).toBeFocused();
  await expect(page.getByText('Type a name, an email, a job title or a screen.')).toBeVisible();

  await box.fill(lastName);
  const palette = page.getByRole('dialog', { name: 'Global search' });
  const items = palette.getByTestId('global-search-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(`Marisol ${lastName}`);
  await expect(items.first()).toContainText(email);
  await expect(items.first()).toContainText('Candidate');
  await page.screenshot({ path: shots('global-search-candidate-1280') });
  expect(await axeViolations(page, { include: ['.mantine-Spotlight-content'] })).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/harvest/cultivate/candidates\\?candidate=${candidateId}$`));
  await expect(page.getByRole('dialog', { name: `Marisol ${lastName}` })).toBeVisible({ timeout: 60_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: `Marisol ${lastName}` })).toBeHidden();

  // Opened once: it is the first recent item next time.
  await page.getByTestId('global-search-button').click();
  await expect(palette.getByRole('group')).toHaveCount(1);
  await expect(palette.getByRole('group', { name: 'Recent' }).getByTestId('global-search-item')).toHaveCount(1);
  await expect(items.first()).toContainText(`Marisol ${lastName}`);

  // A job by its title, and a screen by words of its name.
  await box.fill('Registered Nurse');
  await expect(palette.getByRole('group', { name: 'Jobs' }).getByTestId('global-search-item').first()).toContainText('Registered Nurse');
  await box.fill('all cand');
  const screen = items.filter({ hasText: 'All candidates' });
  await expect(screen).toHaveCount(1);
  await screen.click();
  await expect(page).toHaveURL(/\/harvest\/cultivate\/candidates$/);

  // Nothing found: the message says what to try.
  await page.keyboard.press('Control+K');
  await box.fill('qqqzzzxxy');
  await expect(page.getByText('Nothing matches “qqqzzzxxy”. Try a last name, an email or a job title.')).toBeVisible();
  await page.keyboard.press('Escape');

  // On a phone: the header's search button opens the same search.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('global-search-button').click();
  await box.fill(lastName);
  await expect(items).toHaveCount(1);
  await page.screenshot({ path: shots('global-search-390') });
  expect(await axeViolations(page, { include: ['.mantine-Spotlight-content'] })).toEqual([]);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways).toBeLessThanOrEqual(0);
});
