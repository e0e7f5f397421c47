import type { Page, Request } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { ADMIN, apiLogin, bearer, expect, signIn, test } from '../support/fixtures.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * The career-site chatbot end to end, on a server of its own (the chatbot is turned on for the demo
 * client, which the shared server's other specs must not see): /chatbot-calendar sets the times it
 * may offer (its calls carry no X-Client-Url / X-Client-Id), the client's chatbot integration is
 * switched on, and on /acme-health/ the chat answers a job question and a benefits question, collects
 * a candidate (consent required) and books an interview time, at 1280 and at 390 px, axe clean.
 */
test.describe('Career-site chatbot', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    test.setTimeout(360_000); // a fresh server migrates and seeds the demo tenant: minutes on a busy 2-core machine
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** Books an interview in the chat at this width; returns the booking's reschedule/cancel link shown in the chat. */
  async function chat(page: Page, width: number, email: string): Promise<string> {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.goto(`${server.baseURL}/acme-health/`);
    const open = page.getByRole('button', { name: 'Chat with Ava' });
    await open.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Ava · Acme Health' });
    await expect(panel).toBeVisible();
    await expect(panel.getByLabel('Your question')).toBeFocused();
    const log = panel.getByRole('log', { name: 'Conversation' });
    await expect(log).toContainText('Hi! Looking for a job near you?');

    await page.keyboard.type('Do you have nurse jobs?');
    await page.keyboard.press('Enter');
    await expect(log).toContainText(/I found (one open job|\d+ open jobs) at Acme Health for “nurse”/);
    await expect(log.getByRole('link').first()).toHaveAttribute('href', /\/acme-health\/job\//);
    await panel.getByLabel('Your question').fill('What benefits do you offer?');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(log).toContainText('Benefits at Acme Health:');

    await panel.getByRole('button', { name: 'Leave my details for an interview' }).click();
    const details = panel.getByRole('form', { name: 'Your details' });
    await expect(details.getByLabel('First name')).toBeFocused();
    await details.getByLabel('First name').fill('Casey');
    await details.getByLabel('Last name').fill('Chatwell');
    await details.getByLabel('Email').fill(email);
    await details.getByLabel('Phone').fill('512 555 0142');
    await details.getByRole('button', { name: 'Save my details' }).click();
    await expect(details.getByRole('alert')).toHaveText('Please agree to the privacy notice so that we can keep your details');
    await details.getByRole('checkbox', { name: /By submitting this application, you agree that Acme Health stores/ }).check();
    await details.getByRole('button', { name: 'Save my details' }).click();
    await expect(log).toContainText('Thanks, Casey! We have your details.');
    const book = panel.getByRole('form', { name: 'Choose an interview time' });
    await expect(book.getByRole('group', { name: /Choose a time \(America\/Chicago\)/ })).toBeVisible();
    const times = book.getByRole('radio');
    await expect(times.first()).toBeFocused();
    expect(await times.count()).toBeGreaterThan(2);
    await times.nth(width > 500 ? 1 : 2).check();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`chatbot-times-${width}.png`) });
    await book.getByRole('button', { name: 'Book this time' }).click();
    await expect(log).toContainText(/Your interview is booked for .+ \((CST|CDT)\)\. A calendar invitation is on its way by email\./);
    const manage = log.getByRole('link', { name: 'Reschedule or cancel this interview' });
    await expect(manage).toHaveAttribute('href', /\/schedule\/chat\/[A-Za-z0-9_-]{75}$/);
    const href = (await manage.getAttribute('href')) ?? '';
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`chatbot-booked-${width}.png`) });
    // Escape closes the chat and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(open).toBeFocused();
    return href;
  }

  test('the chatbot calendar sets the times; the chat answers, collects a candidate and books a time at 1280 and 390 px', async ({
    page,
    request,
    consoleAllow,
  }) => {
    test.setTimeout(240_000);
    // This spec's own server answers the browser's /favicon.ico with 404; the details sent without consent answer 400 by design.
    consoleAllow.push(/status of 404/, /status of 400/);
    const admin = await apiLogin(request, ADMIN, undefined, server.baseURL);
    const client = (await (await request.get(`${server.baseURL}/api/client/get-by-slug?nameSlug=acme-health`, { headers: bearer(admin) })).json()) as {
      _id: string;
    };

    // /chatbot-calendar: every day 08:00–18:00 in Chicago, 30-minute interviews; no client headers on its calls.
    const chatbotCalls: Request[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/chatbot/')) chatbotCalls.push(r);
    });
    await signIn(page, ADMIN, undefined, server.baseURL);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.baseURL}/chatbot-calendar`);
    await expect(page.getByRole('heading', { name: 'Chatbot calendar' })).toBeVisible();
    await expect(page.getByTestId('availability-unsaved')).toBeVisible();
    await page.getByRole('combobox', { name: 'Time zone' }).fill('America/Chicago');
    await page.getByRole('option', { name: 'America/Chicago' }).click();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      await page.getByRole('button', { name: `Add time on ${day}` }).click();
      await page.getByLabel(`${day} from`).fill('08:00');
      await page.getByLabel(`${day} until`).fill('18:00');
    }
    await page.getByRole('button', { name: 'Save availability' }).click();
    await expect(page.getByText('Chatbot availability saved.')).toBeVisible();
    // A range that ends before it starts: the server's words.
    await page.getByRole('button', { name: 'Add time on Monday' }).click();
    await page.getByLabel('Monday from').nth(1).fill('19:00');
    await page.getByLabel('Monday until').nth(1).fill('18:30');
    await page.getByRole('button', { name: 'Save availability' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Monday from 19:00: a time range must end after it starts.' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove Monday 19:00 to 18:30' }).click();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('chatbot-calendar-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('chatbot-calendar-390.png'), fullPage: true });
    expect(chatbotCalls.length).toBeGreaterThanOrEqual(3);
    for (const r of chatbotCalls) {
      const h = await r.allHeaders();
      expect(h['x-client-id'], r.url()).toBeUndefined();
      expect(h['x-client-url'], r.url()).toBeUndefined();
    }

    // The client's chatbot switched on (its integrations form), with a name and a first message.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.baseURL}/clients/${client._id}/integrations/chatbot`);
    const form = page.getByRole('form', { name: 'Chatbot settings' });
    await form.getByRole('switch', { name: 'Chatbot on' }).click();
    await form.getByLabel('Name shown to candidates').fill('Ava');
    await form.getByLabel('First message').fill('Hi! Looking for a job near you?');
    await form.getByRole('button', { name: 'Save Chatbot' }).click();
    await expect(page.getByTestId('integration-status-chatbot')).toHaveText('On');

    await chat(page, 1280, 'casey.wide@example.test');
    const manage = await chat(page, 390, 'casey.narrow@example.test');

    // The link in the chat opens the booking page for that interview (no sign-in): the candidate cancels it.
    await page.goto(`${server.baseURL}${new URL(manage).pathname}`);
    await expect(page.getByRole('heading', { name: 'Your interview', level: 1 })).toBeVisible();
    await expect(page.getByText('Interview for Acme Health careers, 30 minutes')).toBeVisible();
    await expect(page.getByTestId('schedule-booked')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('chat-booking-page-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Cancel the interview' }).click();
    await page.getByRole('button', { name: 'Yes, cancel the interview' }).click();
    await expect(page.getByTestId('schedule-done')).toHaveText('Your interview is cancelled. The recruiters have been told.');
    await expect(page.getByText('This interview was cancelled. You can book a new one in the chat on the careers site.')).toBeVisible();
  });
});
