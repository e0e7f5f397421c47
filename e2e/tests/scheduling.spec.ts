import { messages } from '@hh/contract/messages';
import { simpleParser } from 'mailparser';
import { screenAxe } from '../support/axe.ts';
import { ADMIN, apiLogin, bearer, expect, receivedMails, signIn, test } from '../support/fixtures.ts';
import { freshApplication } from '../support/scheduling-data.ts';

/**
 * Scheduling in the browser: the admin sends a scheduling link from the candidate drawer, the link
 * arrives at the loopback SMTP listener, the candidate opens it on a phone in New York (the page
 * names that zone), picks a time and books; the drawer then shows the booked interview. axe at 1280
 * and 390 px on the booking page and the panel; the interviewer finds it on My schedule.
 */
const SLUG = 'acme-health';
const STAFF = 'staff@demo.test';
const shots = (name: string) => test.info().outputPath(`${name}.png`);

test('a candidate books an interview from the emailed link on a phone, in their own time zone; the recruiter sees it; rescheduled and cancelled from the same link', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const admin = bearer(await apiLogin(request, ADMIN));
  const client = (await (await request.get(`/api/client/get-by-slug?nameSlug=${SLUG}`, { headers: admin })).json()) as { _id: string };
  const a = await freshApplication(client._id);

  // 1. The admin sends the link from the candidate drawer.
  await signIn(page, ADMIN);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/harvest/cultivate/candidates?candidate=${a.candidateId}`);
  await page.getByRole('tab', { name: /^Applications/ }).click();
  const panel = page.getByTestId('scheduling-panel');
  await expect(panel.getByText('No interview scheduled yet.')).toBeVisible({ timeout: 60_000 });
  const before = receivedMails().length;
  await panel.getByRole('button', { name: 'Send scheduling link' }).click();
  await panel.getByRole('combobox', { name: 'Interview' }).click();
  await page.getByRole('option', { name: /^Ward visit \(45 min/ }).click();
  await panel.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText(messages.scheduling.linkSent(a.email))).toBeVisible();
  await expect(panel.getByTestId('scheduling-list')).toContainText('Link sent');
  expect(await screenAxe(page, '[data-testid="scheduling-panel"]')).toEqual([]);
  await panel.screenshot({ path: shots('scheduling-panel-sent-1280') });

  let raw = '';
  await expect
    .poll(() => {
      raw =
        receivedMails()
          .slice(before)
          .find((m) => m.toLowerCase().includes(a.email.toLowerCase())) ?? '';
      return raw.length > 0;
    })
    .toBe(true);
  const mail = await simpleParser(raw);
  const link = (mail.text ?? '').match(/\/schedule\/([A-Za-z0-9_-]+)/);
  expect(link).not.toBeNull();

  // 2. The candidate, on a phone in New York, without signing in.
  const candidate = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 390, height: 844 }, timezoneId: 'America/New_York' });
  const booking = await candidate.newPage();
  const errors: string[] = [];
  booking.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  booking.on('pageerror', (e) => errors.push(e.message));
  await booking.goto(`/schedule/${link?.[1]}`);
  await expect(booking.getByRole('heading', { name: 'Choose a time for your interview', level: 1 })).toBeVisible();
  await expect(booking.getByText('Ward visit for Night Nurse, 45 minutes')).toBeVisible();
  await expect(booking.getByRole('combobox', { name: 'Your time zone' })).toHaveValue('America/New York');
  await expect(booking.getByText(/Times below are in America\/New York \((EST|EDT)\)\./)).toBeVisible();
  expect(await screenAxe(booking)).toEqual([]);
  await booking.screenshot({ path: shots('booking-page-390'), fullPage: true });
  await booking.setViewportSize({ width: 1280, height: 900 });
  expect(await screenAxe(booking)).toEqual([]);
  await booking.screenshot({ path: shots('booking-page-1280'), fullPage: true });
  await booking.setViewportSize({ width: 390, height: 844 });

  const slots = booking.getByTestId('schedule-slots');
  const firstDay = (await slots.getByRole('heading', { level: 2 }).first().textContent()) ?? '';
  const first = slots.getByRole('button').first();
  const time = (await first.textContent()) ?? '';
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(booking.getByTestId('schedule-confirm')).toContainText(`${firstDay} at ${time}`);
  await booking.screenshot({ path: shots('booking-page-chosen-390'), fullPage: true });
  await booking.getByRole('button', { name: 'Confirm this time' }).click();
  await expect(booking.getByTestId('schedule-done')).toContainText('Your interview is booked for');
  await expect(booking.getByTestId('schedule-booked')).toContainText(`${firstDay} at ${time}`);
  expect(await screenAxe(booking)).toEqual([]);
  await booking.screenshot({ path: shots('booking-page-booked-390'), fullPage: true });

  // 3. The recruiter sees the booked interview on the application.
  await page.reload();
  await page.getByRole('tab', { name: /^Applications/ }).click();
  await expect(page.getByTestId('scheduling-list')).toContainText('Booked', { timeout: 60_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await screenAxe(page, '[data-testid="scheduling-panel"]')).toEqual([]);
  await page.getByTestId('scheduling-panel').screenshot({ path: shots('scheduling-panel-booked-390') });

  // 4. The interviewer finds it on My schedule: in the week of seven columns at 1280 px (placed by its
  // time, reached by keyboard, its details in a popover), a day at a time at 390 px, and in the agenda.
  const staffContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await signIn(staff, STAFF);
  await staff.goto('/my-schedule');
  await expect(staff.getByTestId('interviews-time-zone')).toContainText('Times in', { timeout: 60_000 });
  const grid = staff.getByTestId('week-grid');
  await expect(grid.getByRole('region')).toHaveCount(7);
  const block = grid.getByRole('button', { name: /Ward visit with Rosa Park/ });
  for (let i = 0; i < 2 && !(await block.count()); i++) await staff.getByRole('button', { name: 'Next week' }).click();
  await block.focus();
  await staff.keyboard.press('Enter');
  await expect(staff.getByRole('dialog')).toContainText(/Ward visit with Rosa Park\S* \(Night Nurse\)/);
  expect(await screenAxe(staff, '[data-testid="week-grid"]')).toEqual([]);
  await staff.screenshot({ path: shots('my-schedule-week-1280'), fullPage: true });
  await staff.keyboard.press('Escape');
  await staff.setViewportSize({ width: 390, height: 844 });
  const day = staff.getByTestId('day-list');
  for (let i = 0; i < 6 && !(await day.getByTestId('day-interview').count()); i++) await day.getByRole('button', { name: 'Next day' }).click();
  await expect(day.getByTestId('day-interview')).toContainText('Ward visit with Rosa Park');
  expect(await screenAxe(staff, '[data-testid="day-list"]')).toEqual([]);
  await staff.screenshot({ path: shots('my-schedule-day-390'), fullPage: true });
  await staff.getByText('Agenda', { exact: true }).click();
  await expect(staff.getByTestId('my-scheduled-interviews')).toContainText('Ward visit with Rosa Park');
  await staffContext.close();

  // 5. The candidate moves the interview to another time, then cancels it; the recruiter sees it cancelled.
  await booking.getByRole('button', { name: 'Reschedule' }).click();
  const other = booking.getByTestId('schedule-slots').getByRole('button', { name: /^\d/ }).nth(1);
  const otherTime = (await other.textContent()) ?? '';
  await other.click();
  await booking.getByRole('button', { name: 'Confirm the new time' }).click();
  await expect(booking.getByTestId('schedule-done')).toContainText('Your interview is moved to');
  await expect(booking.getByTestId('schedule-booked')).toContainText(otherTime);
  await booking.getByRole('button', { name: 'Cancel the interview' }).click();
  await booking.getByRole('button', { name: 'Yes, cancel the interview' }).click();
  await expect(booking.getByTestId('schedule-done')).toHaveText(messages.scheduling.cancelledThanks);
  await expect(booking.getByText('This interview was cancelled.')).toBeVisible();
  expect(await screenAxe(booking)).toEqual([]);
  await booking.screenshot({ path: shots('booking-page-cancelled-390'), fullPage: true });
  expect(errors).toEqual([]);
  await candidate.close();
  await page.reload();
  await page.getByRole('tab', { name: /^Applications/ }).click();
  await expect(page.getByTestId('scheduling-list')).toContainText('Cancelled', { timeout: 60_000 });
});
