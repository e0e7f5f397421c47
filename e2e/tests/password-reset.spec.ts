import { messages } from '@hh/contract/messages';
import { ADMIN, apiLogin, bearer, expect, test, unique, waitForMail } from '../support/fixtures.ts';

test('forgot password: the emailed link sets a new password', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const email = `${unique('reset')}@e2e.test`;
  const created = await request.post('/api/user/create', { headers: bearer(admin), data: { email, password: 'old-password-1', userTypeGlobal: 'recruiter' } });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/password-reset\/send-request$/);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(messages.server.resetRequested)).toBeVisible();

  // The real SMTP listener received the mail; follow its link.
  const mail = await waitForMail(email);
  const link = mail.match(/https?:\/\/[^\s"<>]+\/password-reset\?token=[^\s"<>]+/)?.[0];
  expect(link, 'reset link in the mail').toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel(/^New password/).fill('new-password-1');
  await page.getByLabel(/^Confirm password/).fill('new-password-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(messages.accounts.passwordResetSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await apiLogin(request, email, 'new-password-1');
});

test('a used or invalid reset link shows the spec error', async ({ page, consoleAllow }) => {
  consoleAllow.push(/status of 400/);
  await page.goto('/password-reset?token=not-a-real-token-0000');
  await page.getByLabel(/^New password/).fill('new-password-1');
  await page.getByLabel(/^Confirm password/).fill('new-password-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: messages.accounts.passwordResetError }).first()).toBeVisible();
});
