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
  // The failure is said once: beside the form, not again in a toast.
  await expect(page.getByText(messages.accounts.passwordResetError)).toHaveCount(1);
});

test('the reset forms check the email and the password length with the contract rules before sending anything', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const email = `${unique('rules')}@e2e.test`;
  const created = await request.post('/api/user/create', { headers: bearer(admin), data: { email, password: 'old-password-1', userTypeGlobal: 'recruiter' } });
  expect(created.status(), await created.text()).toBe(201);
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/password-reset')) sent.push(r.url());
  });

  await page.goto('/password-reset/send-request');
  await page.getByLabel(/^Email/).fill('nobody-at-all');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email is not valid')).toBeVisible();
  await expect(page.getByLabel(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(messages.server.resetRequested)).toBeVisible();
  expect(sent).toHaveLength(1);

  const mail = await waitForMail(email);
  const link = new URL(mail.match(/https?:\/\/[^\s"<>]+\/password-reset\?token=[^\s"<>]+/)?.[0] ?? '');
  await page.goto(link.pathname + link.search);
  await page.getByLabel(/^New password/).fill('short');
  await page.getByLabel(/^Confirm password/).fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(messages.server.passwordLength)).toBeVisible();
  await expect(page.getByLabel(/^New password/)).toHaveAttribute('aria-invalid', 'true');
  // The form's own check: the two passwords match.
  await page.getByLabel(/^New password/).fill('new-password-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  expect(sent).toHaveLength(1);
  await page.getByLabel(/^Confirm password/).fill('new-password-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(messages.accounts.passwordResetSuccess)).toBeVisible();
  expect(sent).toHaveLength(2);
  await apiLogin(request, email, 'new-password-2');
});
