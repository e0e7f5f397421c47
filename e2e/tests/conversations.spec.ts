import type { APIRequestContext, Page } from '@playwright/test';
import pg from 'pg';
import { axeViolations } from '../support/axe.ts';
import { apiLogin, bearer, expect, type LoginBody, signIn, test, unique, waitForMail } from '../support/fixtures.ts';

/**
 * Conversations in the browser, as the demo client's recruiter (its SMS integration is on): a
 * candidate's email arrives, the badge follows without a reload (the page's clock moves the 30 s poll
 * on), the inbox shows the thread in bold, the reply goes out through the mail path and shows as
 * sent; the candidate drawer writes to a candidate too. axe at 1280 and 390 px; with SHOTS_DIR set,
 * screenshots of each width are written there for review.
 */
const RECRUITER = 'recruiter@demo.test';
const SLUG = 'acme-health';

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}

async function demoClient(request: APIRequestContext, login: LoginBody): Promise<string> {
  const res = await request.get('/api/client?pageSize=100', { headers: bearer(login) });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { results: Array<{ _id: string; nameSlug: string }> };
  const client = body.results.find((c) => c.nameSlug === SLUG);
  if (!client) throw new Error('the demo client is missing');
  return client._id;
}

async function newCandidate(request: APIRequestContext, login: LoginBody, clientId: string, firstName: string, phone = '+15125550142') {
  const email = `${unique(firstName.toLowerCase())}@e2e.test`;
  const res = await request.post('/api/crm/candidates/create', {
    headers: bearer(login),
    data: { clientId, firstName, lastName: 'Candidate', email, phone, source: 'careersite' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { _id: string })._id, email };
}

async function unreadCount(request: APIRequestContext, login: LoginBody, clientId: string): Promise<number> {
  const res = await request.get(`/api/conversations/unread-count?clientId=${clientId}`, { headers: bearer(login) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { unreadConversationsCount: number }).unreadConversationsCount;
}

/**
 * An email from the candidate as the inbound mail path stores it (the thread, the message 'received',
 * the thread's unread count up by one): written to the database, because the run's server has no
 * inbound SMTP port. The API tests deliver real mail to that listener.
 */
async function inboundEmail(clientId: string, candidateId: string, from: string, subject: string, text: string) {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    await db.query('BEGIN');
    const thread = await db.query<{ id: string }>(
      `INSERT INTO conversation_threads (client_id, candidate_id) VALUES ($1, $2)
       ON CONFLICT (client_id, candidate_id) DO UPDATE SET candidate_id = EXCLUDED.candidate_id RETURNING id`,
      [clientId, candidateId],
    );
    const threadId = thread.rows[0]?.id;
    await db.query(
      `INSERT INTO conversation_messages (client_id, thread_id, candidate_id, channel, direction, from_address, to_address, subject, body_text, status, sent_at)
       VALUES ($1, $2, $3, 'email', 'in', $4, 'reply@inbound.test', $5, $6, 'received', now())`,
      [clientId, threadId, candidateId, from, subject, text],
    );
    await db.query(
      `UPDATE conversation_threads SET last_message_at = now(), last_channel = 'email', last_direction = 'in', last_preview = $3, unread_count = unread_count + 1
       WHERE client_id = $1 AND id = $2`,
      [clientId, threadId, text.slice(0, 140)],
    );
    await db.query('COMMIT');
    return threadId as string;
  } finally {
    await db.end();
  }
}

// The badge's text, with the words a screen reader hears after the count.
const badgeText = (n: number) => (n <= 0 ? '' : `${n > 9 ? '9+' : String(n)} unread`);

test('an email from a candidate shows in the inbox and the badge; the reply goes out and shows as sent', async ({ page, request }) => {
  test.setTimeout(240_000);
  const login = await apiLogin(request, RECRUITER);
  const clientId = await demoClient(request, login);
  const cand = await newCandidate(request, login, clientId, 'Avery');
  const before = await unreadCount(request, login, clientId);

  // The page's timers run on Playwright's clock: the badge's 30 s poll is moved on, never waited for.
  await page.clock.install();
  await signIn(page, RECRUITER);
  await page.goto('/');
  await expect(page.getByTestId('home-client-name')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  const link = nav.getByRole('link', { name: /^Conversations/ });
  await expect(link).toBeVisible();
  await page.clock.runFor(1_000);
  if (before > 0) await expect(link.getByTestId('unread-badge')).toHaveText(badgeText(before));
  else await expect(link.getByTestId('unread-badge')).toHaveCount(0);

  await inboundEmail(clientId, cand.id, cand.email, 'About the night shift', 'Hello, is the night shift still open? Avery');
  const after = await unreadCount(request, login, clientId);
  expect(after).toBe(before + 1);
  // No reload: the poll picks the new count up.
  await page.clock.runFor(31_000);
  await expect(link.getByTestId('unread-badge')).toHaveText(badgeText(after));

  // The inbox: the thread is first (newest) and bold (unread); opening it shows the message and reads it.
  await link.click();
  await expect(page.getByRole('heading', { name: 'Conversations', exact: true })).toBeVisible();
  const row = page.getByTestId('thread-row').filter({ hasText: 'Avery Candidate' });
  await expect(row).toHaveAttribute('data-unread', 'true');
  await expect(page.getByTestId('thread-row').first()).toContainText('Avery Candidate');
  await shot(page, 'conversations-inbox-1280');
  expect(await axeViolations(page)).toEqual([]);
  await row.click();
  const pane = page.getByTestId('thread-pane');
  await expect(pane.getByTestId('message').filter({ hasText: 'is the night shift still open?' })).toBeVisible();
  await expect(pane.getByTestId('message').getByText('About the night shift', { exact: true })).toBeVisible();
  // The reply's subject starts as "Re:" and the thread's subject.
  await expect(pane.getByTestId('compose-subject')).toHaveText('Re: About the night shift');
  await expect(row).toHaveAttribute('data-unread', 'false');
  await expect.poll(() => unreadCount(request, login, clientId)).toBe(before);
  await expect(page.getByTestId('candidate-panel')).toContainText(cand.email);

  // The reply, with the first name as a chip: it goes out through the mail path and shows as sent.
  const compose = pane.getByTestId('compose');
  await compose.getByTestId('compose-body').click();
  await page.keyboard.type('Hi ');
  await compose.getByTestId('merge-firstName').click();
  await page.keyboard.type(', yes: it starts at 7 pm.');
  await expect(compose.getByTestId('compose-body').locator('[data-merge-field="firstName"]')).toHaveText('Candidate first name');
  await compose.getByRole('button', { name: 'Preview' }).click();
  await expect(compose.getByTestId('preview-body')).toContainText('Hi Avery, yes: it starts at 7 pm.');
  await compose.getByTestId('compose-send').click();
  const mail = await waitForMail(cand.email);
  expect(mail).toContain('Hi Avery, yes: it starts at 7 pm.');
  const reply = pane.getByTestId('message').filter({ hasText: 'yes: it starts at 7 pm.' });
  await expect(reply).toBeVisible();
  await expect(async () => {
    await page.clock.runFor(31_000);
    await expect(reply.getByTestId('delivery-state')).toHaveAttribute('data-status', 'sent', { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await shot(page, 'conversations-thread-1280');
  expect(await axeViolations(page)).toEqual([]);

  // The filters live in the address: Unread leaves out the thread just read.
  const unreadChip = page.getByTestId('inbox-filters').getByText('Unread', { exact: true });
  await unreadChip.click();
  await expect(page).toHaveURL(/[?&]unread=true/);
  await expect(page.getByTestId('thread-row').filter({ hasText: 'Avery Candidate' })).toHaveCount(0);
  await unreadChip.click();
  await expect(page).not.toHaveURL(/unread=/);
  await expect(row).toBeVisible();

  // 390 px: one pane at a time, with a way back to the list.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(pane).toBeVisible();
  await expect(page.getByTestId('thread-list')).toHaveCount(0);
  await shot(page, 'conversations-thread-390');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(page.getByTestId('thread-list')).toBeVisible();
  await expect(pane).toHaveCount(0);
  await shot(page, 'conversations-inbox-390');
  expect(await axeViolations(page)).toEqual([]);
});

test('the candidate drawer writes to a candidate; the message is in its thread; a landline cannot be texted', async ({ page, request }) => {
  test.setTimeout(180_000);
  const login = await apiLogin(request, RECRUITER);
  const clientId = await demoClient(request, login);
  const cand = await newCandidate(request, login, clientId, 'Blake');
  await signIn(page, RECRUITER);
  await page.goto(`/harvest/cultivate/candidates?candidate=${cand.id}`);
  const drawer = page.getByRole('dialog', { name: 'Blake Candidate' });
  await drawer.getByTestId('message-candidate').click();
  const dialog = page.getByRole('dialog', { name: 'Messages with Blake Candidate' });
  await expect(dialog.getByText('No messages with Blake yet.', { exact: false })).toBeVisible();
  // A text shows its segment count as it is typed (the client's SMS integration is on).
  await dialog.getByText('SMS', { exact: true }).click();
  await dialog.getByTestId('compose-sms').click();
  await page.keyboard.type('Hello Blake');
  await expect(dialog.getByTestId('sms-segments')).toContainText('1 message (11 of 160 characters)');
  await dialog.getByText('Email', { exact: true }).click();
  await dialog.getByTestId('compose-subject').click();
  await page.keyboard.type('Your application');
  await dialog.getByTestId('compose-body').click();
  await page.keyboard.type('Thank you for applying. Could we talk on Monday?');
  await dialog.getByTestId('compose-send').click();
  const mail = await waitForMail(cand.email);
  expect(mail).toContain('Could we talk on Monday?');
  expect(mail).toContain('Subject: Your application');
  await expect(dialog.getByTestId('message').filter({ hasText: 'Could we talk on Monday?' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Open in Conversations' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // A Berlin landline: the composer's own check (the server's, by the country's plan) says so before any text is written.
  const landline = await newCandidate(request, login, clientId, 'Greta', '+49 30 1234567');
  await page.goto(`/harvest/cultivate/candidates?candidate=${landline.id}`);
  await page.getByRole('dialog', { name: 'Greta Candidate' }).getByTestId('message-candidate').click();
  const toGreta = page.getByRole('dialog', { name: 'Messages with Greta Candidate' });
  await toGreta.getByText('SMS', { exact: true }).click();
  await expect(toGreta.getByTestId('bad-number')).toContainText('"+49 30 1234567" is not a mobile number for Germany');
  await expect(toGreta.getByTestId('compose-send')).toBeDisabled();
});
