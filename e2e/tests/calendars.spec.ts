import { startRadicale, type Radicale } from '../../apps/server/test/radicale.ts';
import { axeViolations } from '../support/axe.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * /connect-calendar and /my-schedule against a real CalDAV server (Debian's Radicale on loopback),
 * with a server of its own that may reach 127.0.0.1 (OUTBOUND_ALLOW; the guarded outbound client
 * refuses loopback otherwise): connect the calendar with an app password, see its busy time on the
 * agenda in the person's time zone, save working hours. axe finds nothing at 1280 and 390 px.
 */
const STAFF = 'staff@demo.test';

test.describe('Calendars', () => {
  let server: RunningServer;
  let radicale: Radicale;
  let calendarUrl: string;

  test.beforeAll(async () => {
    test.setTimeout(360_000); // a fresh server migrates and seeds the demo tenant: minutes on a busy 2-core machine
    radicale = await startRadicale('nina', 'nina-app-pass');
    calendarUrl = await radicale.createCalendar('Clinic');
    server = await startServer({ OUTBOUND_ALLOW: '127.0.0.1' });
  });
  test.afterAll(async () => {
    await server?.stop();
    await radicale?.stop();
  });

  test('connects a Radicale calendar, shows its busy time on My schedule, saves working hours', async ({ page, consoleAllow }) => {
    // This spec's own server answers the browser's /favicon.ico with 404; a refused connection answers 400 by design.
    consoleAllow.push(/status of 404/, /status of 400/);
    // A busy hour three days from now at 14:00 UTC.
    const start = new Date();
    start.setUTCDate(start.getUTCDate() + 3);
    start.setUTCHours(14, 0, 0, 0);
    await radicale.putEvent(calendarUrl, { uid: 'e2e-busy', start, end: new Date(start.getTime() + 3_600_000), summary: 'Private appointment' });

    await signIn(page, STAFF, undefined, server.baseURL);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.baseURL}/connect-calendar`);
    await expect(page.getByRole('heading', { name: 'Connect a calendar' })).toBeVisible();
    await expect(page.getByText('No calendars connected yet')).toBeVisible();

    // A wrong app password: the message in words, nothing connected.
    await page.getByLabel('Server URL').fill(radicale.url);
    await page.getByLabel('User name').fill(radicale.username);
    await page.getByLabel('App password').fill('not-the-password');
    await page.getByRole('button', { name: 'Find calendars' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'refused this user name and app password' })).toBeVisible();

    await page.getByLabel('App password').fill(radicale.password);
    await page.getByRole('button', { name: 'Find calendars' }).click();
    await expect(page.getByRole('combobox', { name: 'Calendar' })).toHaveValue('Clinic');
    await page.getByRole('button', { name: 'Connect calendar' }).click();
    const row = page.getByTestId('calendar-connection');
    await expect(row).toContainText('Clinic');
    await expect(row.getByTestId('calendar-health')).toContainText('1 busy time in the next 60 days');
    await row.getByRole('button', { name: 'Sync now: Clinic' }).click();
    await expect(page.getByText('Calendar synced: 1 busy time in the next 60 days.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('connect-calendar-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('connect-calendar-390.png'), fullPage: true });

    // My schedule: the busy hour, in the person's time zone (New York once saved), never the event's title.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.baseURL}/my-schedule`);
    await expect(page.getByRole('heading', { name: 'My schedule' })).toBeVisible();
    await expect(page.getByTestId('busy-time')).toHaveCount(1);
    await expect(page.getByTestId('busy-time')).toContainText('Busy · Clinic');
    await expect(page.locator('body')).not.toContainText('Private appointment');

    await page.getByRole('combobox', { name: 'Time zone' }).fill('America/New_York');
    await page.getByRole('option', { name: 'America/New_York' }).click();
    await page.getByRole('checkbox', { name: 'Saturday' }).check();
    await page.getByLabel('Saturday start').fill('10:00');
    await page.getByLabel('Saturday end').fill('14:00');
    await page.getByLabel('Buffer after interviews (minutes)').fill('15');
    await page.getByRole('button', { name: 'Save working hours' }).click();
    await expect(page.getByText('Working hours saved.')).toBeVisible();
    await expect(page.getByTestId('schedule-time-zone')).toContainText('America/New_York');
    // The agenda writes the hour in the user's locale with the zone named ("9:00 – 10:00 AM EST").
    const local = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' }).format(start);
    await expect(page.getByTestId('busy-time')).toContainText(local.split(/\s/)[0]);
    await expect(page.getByTestId('busy-time')).toContainText(/ E[SD]T/);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Saturday' })).toBeChecked();
    await expect(page.getByLabel('Buffer after interviews (minutes)')).toHaveValue('15');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('my-schedule-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('busy-time')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('my-schedule-390.png'), fullPage: true });
  });
});
