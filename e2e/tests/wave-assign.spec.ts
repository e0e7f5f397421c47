import { messages } from '@hh/contract/messages';
import { ADMIN, expect, signIn, test, unique } from '../support/fixtures.ts';

/**
 * `/wave/assign-profiles`: the invite form checks the email with the contract's rule before sending,
 * sends the invitation, lists it, and shows the server's refusal of a second invitation under the email.
 */
test('assign a profile: a malformed email is refused before sending, a good one is invited once', async ({ page, consoleAllow }) => {
  consoleAllow.push(/status of 409/);
  await signIn(page, ADMIN);
  await page.goto('/wave/assign-profiles');
  const email = page.getByRole('textbox', { name: 'Email' });
  const send = page.getByRole('button', { name: 'Send invitation' });

  let posts = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/create-edit-profiles/create')) posts++;
  });
  await email.fill('not-an-email');
  await send.click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(posts).toBe(0);

  const address = `${unique('wave')}@e2e.test`;
  await email.fill(address);
  await page.getByRole('textbox', { name: 'First name' }).fill('Wanda');
  await send.click();
  await expect(page.getByText(`Invitation sent to ${address}`)).toBeVisible();
  await expect(email).toHaveValue('');
  await expect(page.getByRole('row').filter({ hasText: address })).toContainText('Wanda');

  await email.fill(address);
  await send.click();
  await expect(page.getByText(messages.wave.alreadyAssigned).first()).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
});
