import { messages } from '@hh/contract/messages';
import { ADMIN, bearer, expect, signIn, test, unique } from '../support/fixtures.ts';
import { openInApp } from '../support/in-app.ts';

/**
 * A save says what happened. The API keeps the spec's combined texts ("Page created or updated
 * successfully.", "Motivator created, updated or deleted successfully."), verbatim; the portal names
 * the one thing that happened instead, as the departments screen does. Seeded through the API on a
 * client of this test's own, so nothing depends on what other files did.
 */
test('adding a page says it was created and deleting a motivator says it was deleted, not the combined server texts', async ({ page, request }) => {
  const login = await signIn(page, ADMIN);
  const headers = bearer(login);
  const made = await request.post('/api/client/create', {
    headers,
    data: { name: unique('Messages'), subscriptions: { harvest: true, motivator: true } },
  });
  expect(made.status(), await made.text()).toBe(201);
  const clientId = ((await made.json()) as { _id: string })._id;
  const template = await request.post('/api/page-templates/create', { headers, data: { clientId, fromDefaults: ['Home'] } });
  expect(template.status(), await template.text()).toBe(201);
  const motivator = await request.post('/api/motivators/create', { headers, data: { clientId, name: 'Sign-on bonus' } });
  expect(motivator.status(), await motivator.text()).toBe(201);
  // The API reply keeps the spec's text.
  expect(((await motivator.json()) as { message?: string }).message).toBe(messages.pages.motivatorSaved);
  await page.addInitScript((id) => localStorage.setItem('selectedClientId', id), clientId);

  await page.goto('/harvest/editor');
  await page.getByRole('textbox', { name: 'New page name' }).fill('Our benefits');
  await page.getByRole('button', { name: 'Add page' }).click();
  await expect(page.getByText(messages.recruiting.pageCreated, { exact: true })).toBeVisible();
  await expect(page.getByText(messages.pages.pageSaved)).toHaveCount(0);
  await expect(page.getByRole('region', { name: /^Pages/ }).getByText('Our benefits', { exact: true })).toBeVisible();

  await openInApp(page, '/harvest/motivator');
  await page.getByRole('button', { name: 'Delete Sign-on bonus' }).click();
  await expect(page.getByText(messages.recruiting.motivatorDeleted, { exact: true })).toBeVisible();
  await expect(page.getByText(messages.pages.motivatorSaved)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete Sign-on bonus' })).toHaveCount(0);
});
