import { randomBytes } from 'node:crypto';
import { smsMessages } from '@hh/contract/conversations-sms';
import { type LoopbackTwilio, startLoopbackTwilio } from '../../apps/server/src/conversations/sms/loopback-twilio.ts';
import { ADMIN, apiLogin, bearer, DEMO_PASSWORD, expect, signIn, test, unique } from '../support/fixtures.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * The client's Twilio settings screen (/clients/{id}/integrations/twilio-sms) against a server of its
 * own whose Twilio is the loopback stand-in (TWILIO_API_BASE): the secret is saved, never shown
 * again, and "Send a test message" shows Twilio's own answer.
 */
test.describe('Twilio SMS settings', () => {
  let server: RunningServer;
  let twilio: LoopbackTwilio;
  const hex = (n: number) => randomBytes(n).toString('hex');
  const account = { accountSid: `AC${hex(16)}`, authToken: hex(16) };

  test.beforeAll(async () => {
    test.setTimeout(360_000); // a fresh server migrates and seeds the demo tenant: minutes on a busy 2-core machine
    twilio = await startLoopbackTwilio({ publicUrl: 'http://localhost' });
    twilio.addAccount(account);
    server = await startServer({ TWILIO_API_BASE: twilio.url });
  });
  test.afterAll(async () => {
    await server?.stop();
    await twilio?.close();
  });

  test('saves the account with a sealed token, sends a test message and shows what Twilio said', async ({ page, request, consoleAllow }) => {
    // This spec's own server answers the browser's /favicon.ico with 404 (no product favicon at the bare host).
    consoleAllow.push(/status of 404/);
    const admin = await apiLogin(request, ADMIN, DEMO_PASSWORD, server.baseURL);
    const made = await request.post(`${server.baseURL}/api/client/create`, {
      headers: bearer(admin),
      data: { name: unique('Twilio'), subscriptions: { cultivate: true }, integrations: { twilioSms: { enabled: true } } },
    });
    expect(made.status(), await made.text()).toBe(201);
    const clientId = ((await made.json()) as { _id: string })._id;

    await signIn(page, ADMIN, DEMO_PASSWORD, server.baseURL);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.baseURL}/clients/${clientId}/integrations/twilio-sms`);
    const form = page.getByRole('form', { name: 'Twilio account' });
    await expect(form).toBeVisible();
    await form.getByLabel('Account SID').fill(account.accountSid);
    await form.getByLabel('Auth token').fill(account.authToken);
    await form.getByLabel('Sending number').fill('+1 312 555 0100');
    await form.getByRole('button', { name: 'Save Twilio account' }).click();
    await expect(page.getByText(smsMessages.settingsSaved)).toBeVisible();
    // The token is stored but never comes back to the page.
    await page.reload();
    await expect(form.getByLabel('Auth token')).toHaveValue('');
    await expect(form.getByText('Stored. Leave blank to keep it; type a new one to replace it.').first()).toBeVisible();
    await expect(page.locator('body')).not.toContainText(account.authToken);
    await expect(form.getByLabel('Sending number')).toHaveValue('+13125550100');
    await expect(page.getByTestId('twilio-inbound-url')).toContainText(`/api/conversations/sms/webhooks/${clientId}/inbound`);

    const tester = page.getByRole('form', { name: 'Send a test message' });
    await tester.getByLabel('Send a test message to').fill('555');
    await tester.getByRole('button', { name: 'Send a test message' }).click();
    await expect(tester.getByText('Enter the number as + and the country code')).toBeVisible();
    await tester.getByLabel('Send a test message to').fill('+13125550177');
    await tester.getByRole('button', { name: 'Send a test message' }).click();
    const result = page.getByTestId('twilio-test-result');
    await expect(result).toContainText('Twilio accepted the test message to +13125550177');
    const sent = twilio.sent.find((m) => m.to === '+13125550177');
    expect(sent?.from).toBe('+13125550100');
    await expect(result).toContainText(sent?.sid ?? 'missing');
    await page.screenshot({ path: test.info().outputPath('twilio-settings-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(result).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('twilio-settings-390.png'), fullPage: true });
  });
});
