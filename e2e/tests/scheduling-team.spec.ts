import { messages } from '@hh/contract/messages';
import { simpleParser } from 'mailparser';
import { screenAxe } from '../support/axe.ts';
import { ADMIN, apiLogin, bearer, expect, receivedMails, signIn, test } from '../support/fixtures.ts';
import { freshApplication } from '../support/scheduling-data.ts';

/**
 * The hiring team's side of scheduling in the browser: the admin proposes three free times from the
 * candidate drawer; the candidate opens one time's own link from the email on a phone (that time is
 * chosen already) and confirms it; the admin then moves the booked interview to another free time
 * and cancels it from the drawer, and the candidate is mailed each change. axe at 1280 and 390 px.
 */
const SLUG = 'acme-health';
const shots = (name: string) => test.info().outputPath(`${name}.png`);

/** The newest mail to `to` whose subject starts with `subject`, parsed (polled at the loopback SMTP listener). */
async function mailTo(to: string, subject: string, after = 0) {
  let found: Awaited<ReturnType<typeof simpleParser>> | null = null;
  await expect
    .poll(
      async () => {
        for (const raw of receivedMails().slice(after).reverse()) {
          if (!raw.toLowerCase().includes(to.toLowerCase())) continue;
          const parsed = await simpleParser(raw);
          if (parsed.subject?.startsWith(subject)) {
            found = parsed;
            return true;
          }
        }
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found as unknown as Awaited<ReturnType<typeof simpleParser>>;
}

test('the recruiter proposes times, the candidate books one from its link, then the recruiter moves and cancels it from the drawer', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const admin = bearer(await apiLogin(request, ADMIN));
  const client = (await (await request.get(`/api/client/get-by-slug?nameSlug=${SLUG}`, { headers: admin })).json()) as { _id: string };
  const a = await freshApplication(client._id, 'propose');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  // 1. Propose three free times from the drawer.
  await signIn(page, ADMIN);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/harvest/cultivate/candidates?candidate=${a.candidateId}`);
  await page.getByRole('tab', { name: /^Applications/ }).click();
  const panel = page.getByTestId('scheduling-panel');
  await expect(panel.getByText('No interview scheduled yet.')).toBeVisible({ timeout: 60_000 });
  const before = receivedMails().length;
  await panel.getByRole('button', { name: 'Propose times' }).click();
  const form = panel.getByTestId('propose-times');
  await expect(form.getByRole('combobox', { name: 'Interview' })).toHaveValue(/^Ward visit \(45 min/);
  // Each time is a chip: a checkbox drawn as its label (the input itself is visually hidden).
  const chips = form.getByRole('checkbox');
  await expect(chips.first()).toBeAttached({ timeout: 30_000 });
  for (const i of [0, 1, 2]) await form.locator('input[type="checkbox"] + label').nth(i).click();
  for (const i of [0, 1, 2]) await expect(chips.nth(i)).toBeChecked();
  await expect(form).toContainText('(3 chosen)');
  expect(await screenAxe(page, '[data-testid="scheduling-panel"]')).toEqual([]);
  await panel.screenshot({ path: shots('propose-times-1280') });
  await form.getByRole('button', { name: 'Send the times' }).click();
  await expect(page.getByText(messages.scheduling.timesProposed(3, a.email))).toBeVisible();
  await expect(panel.getByTestId('scheduling-list')).toContainText('Times proposed, waiting for the candidate');

  // 2. The candidate opens the second time's link on a phone: that time is chosen; one tap books it.
  const mail = await mailTo(a.email, 'Proposed times for your interview', before);
  const links = [...(mail.text ?? '').matchAll(/(\/schedule\/[A-Za-z0-9_-]+\?time=\S+)/g)].map((m) => m[1]);
  expect(links).toHaveLength(3);
  const candidate = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 390, height: 844 }, timezoneId: 'Europe/Berlin' });
  const booking = await candidate.newPage();
  booking.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  booking.on('pageerror', (e) => errors.push(e.message));
  await booking.goto(links[1]);
  await expect(booking.getByTestId('schedule-confirm')).toBeVisible();
  await expect(booking.getByTestId('schedule-slots').getByRole('button')).toHaveCount(3);
  await expect(booking.getByTestId('schedule-slots').getByRole('button').nth(1)).toHaveAttribute('aria-pressed', 'true');
  expect(await screenAxe(booking)).toEqual([]);
  await booking.screenshot({ path: shots('proposed-link-390'), fullPage: true });
  await booking.getByRole('button', { name: 'Confirm this time' }).click();
  await expect(booking.getByTestId('schedule-done')).toContainText('Your interview is booked for');
  await candidate.close();

  // 3. The recruiter moves it to another free time from the drawer (on a phone-sized screen).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole('tab', { name: /^Applications/ }).click();
  const list = page.getByTestId('scheduling-list');
  await expect(list).toContainText('Booked', { timeout: 60_000 });
  const afterBooking = receivedMails().length;
  await list.getByRole('button', { name: 'Move Ward visit' }).click();
  const actions = list.getByTestId('booked-actions');
  await actions.getByRole('combobox', { name: /^New time \(/ }).click();
  const option = page.getByRole('option').nth(4);
  // "10:15 AM, Tuesday, December 1": the list then names it "Tuesday, December 1 at 10:15 AM (…)".
  const [time, ...day] = ((await option.textContent()) ?? '').split(', ');
  const chosen = `${day.join(', ')} at ${time}`;
  await option.click();
  expect(await screenAxe(page, '[data-testid="scheduling-panel"]')).toEqual([]);
  await page.getByTestId('scheduling-panel').screenshot({ path: shots('move-booked-390') });
  await actions.getByRole('button', { name: 'Move the interview' }).click();
  await expect(page.getByText(/^Interview moved to /)).toBeVisible();
  await expect(list).toContainText(chosen);
  const moved = await mailTo(a.email, 'Moved: Ward visit', afterBooking);
  expect(moved.attachments.find((x) => x.filename?.endsWith('.ics'))?.content.toString('utf8')).toContain('SEQUENCE:1');

  // 4. And cancels it: the candidate gets the cancellation.
  await list.getByRole('button', { name: 'Cancel Ward visit' }).click();
  await list.getByRole('button', { name: 'Cancel the interview' }).click();
  await expect(page.getByText(messages.scheduling.teamCancelled)).toBeVisible();
  await expect(list).toContainText('Cancelled');
  const cancelled = await mailTo(a.email, 'Cancelled: Ward visit', afterBooking);
  expect(cancelled.attachments.find((x) => x.filename?.endsWith('.ics'))?.content.toString('utf8')).toContain('METHOD:CANCEL');
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await screenAxe(page, '[data-testid="scheduling-panel"]')).toEqual([]);
  await page.getByTestId('scheduling-panel').screenshot({ path: shots('cancelled-by-team-1280') });
  expect(errors).toEqual([]);
});
