import type { Page } from '@playwright/test';
import { ADMIN, bearer, expect, signIn, test, unique } from '../support/fixtures.ts';

/**
 * Codes never reach the screen and times say their zone: the jobs list, the report's drill-through,
 * a Wave profiles screen and a page's versions read the contract's words ("Career site", "Open",
 * "In progress", not "careersite", "open", "In Progress") and write a time with its zone named, in the
 * user's locale. The browser is in Chicago (en-US) so the zone the page history names is known.
 */
test.use({ timezoneId: 'America/Chicago', locale: 'en-US' });

const SUBSCRIPTIONS = { harvest: true, wave: true, motivator: false, cultivate: false, harvestPlus: false, media: false };
/** "Nov 23, 2026, 9:05 AM CST": a date, a time and a zone's short name (or its offset). */
const NAMED_ZONE = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M (?:[A-Z]{2,5}|GMT[+-]\d{1,2}(?::\d{2})?)$/;

/**
 * The screen at 390 px scrolls nowhere sideways (its tables scroll inside themselves); with SHOTS_DIR
 * set, it is photographed at 390 and 1280 px.
 */
async function fitsBothWidths(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  // The shell folds its navigation away after the resize (a media query, then its own layout): read
  // the width once that has happened, not in the frame of the resize.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: `${name} at 390 px scrolls sideways` })
    .toBeLessThanOrEqual(0);
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-1280.png` });
}

test('jobs, the drill-through, Wave profiles and page versions show words and named zones', async ({ page, request }) => {
  const admin = await signIn(page, ADMIN);
  const headers = bearer(admin);
  const made = await request.post('/api/client/create', {
    headers,
    data: { name: unique('Words'), subscriptions: SUBSCRIPTIONS, timeZone: 'America/Chicago' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const clientId = ((await made.json()) as { _id: string })._id;
  const title = unique('Night Nurse');
  const job = await request.post('/api/job/create', {
    headers,
    data: { clientId, title, zipCode: '78701', city: 'Austin', state: 'TX', employmentType: 'FULL_TIME', status: 'open' },
  });
  expect(job.status(), await job.text()).toBe(201);
  const email = `${unique('wave')}@e2e.test`;
  const profile = await request.post('/api/create-edit-profiles/create', {
    headers,
    data: { companyId: clientId, email, basicInfo: { firstName: 'Wren', lastName: 'Adler' } },
  });
  expect(profile.status(), await profile.text()).toBe(201);
  const template = await request.post('/api/page-templates/create', { headers, data: { clientId, fromDefaults: ['Home'] } });
  expect(template.status(), await template.text()).toBe(201);
  const templateId = ((await template.json()) as { _id: string })._id;
  const published = await request.post('/api/published-page-templates', { headers, data: { clientId, templateId, pageName: 'Home' } });
  expect(published.status(), await published.text()).toBe(201);
  const clients = (await (await request.get('/api/client?search=Acme', { headers })).json()) as { results: Array<{ _id: string; nameSlug: string }> };
  const demoId = clients.results.find((c) => c.nameSlug === 'acme-health')?._id;
  expect(demoId, 'the demo client').toBeTruthy();

  await page.addInitScript((id) => {
    if (!sessionStorage.getItem('e2e.client')) {
      sessionStorage.setItem('e2e.client', '1');
      localStorage.setItem('selectedClientId', id);
    }
  }, clientId);

  // 1. The jobs list: the status in words.
  await page.goto(`/harvest/jobs?search=${encodeURIComponent(title)}`);
  const jobRow = page.getByTestId('job-row').filter({ hasText: title });
  await expect(jobRow.getByText('Open', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(jobRow.getByText('open', { exact: true })).toHaveCount(0);

  // 2. The Wave profile screens: "In progress", "Waiting for review", the contract's words, not the
  //    stored "In Progress" and "Pending Review".
  await page.goto('/wave/edit-profiles');
  const profileRow = page.getByRole('row').filter({ hasText: email });
  await expect(profileRow.getByText('In progress', { exact: true })).toBeVisible();
  await expect(profileRow.getByText('In Progress', { exact: true })).toHaveCount(0);
  await fitsBothWidths(page, 'wave-edit-profiles');
  await page.goto('/wave/publish-profiles');
  await expect(page.getByRole('radio', { name: 'Waiting for review' })).toBeChecked();
  await expect(page.getByText('No profiles waiting for review')).toBeVisible();
  await fitsBothWidths(page, 'wave-publish-profiles');
  await page.goto('/wave/dashboard');
  await expect(page.getByTestId('status-legend')).toContainText('In progress: 1');
  await expect(page.getByTestId('status-legend')).toContainText('Waiting for review: 0');
  await fitsBothWidths(page, 'wave-dashboard');

  // 3. A page's versions: the time in the user's locale, the zone named (the browser's, Chicago).
  await page.goto('/harvest/editor');
  await page.getByTestId('page-row').filter({ hasText: 'Home' }).getByRole('button', { name: 'Versions of Home' }).click();
  const version = page.getByTestId('version-row').first().getByRole('cell').nth(2);
  await expect(version).toHaveText(NAMED_ZONE);
  await expect(version).toHaveText(/ C[SD]T$/);
  await fitsBothWidths(page, 'page-versions');

  // 4. The report's drill-through on the demo client (applications from the career site): sources in
  //    words, the applied time in the report's zone, named.
  await page.evaluate((id) => localStorage.setItem('selectedClientId', id), demoId as string);
  await page.goto('/reports');
  await page.getByTestId('report-applications').click();
  const drill = page.getByRole('dialog');
  const rows = drill.getByTestId('drill-row');
  await expect(rows.first()).toBeVisible();
  await expect(drill.getByRole('cell', { name: 'Career site', exact: true }).first()).toBeVisible();
  for (const code of ['careersite', 'indeed', 'referral', 'manual']) await expect(drill.getByRole('cell', { name: code, exact: true })).toHaveCount(0);
  await expect(rows.first().getByRole('cell').nth(4)).toHaveText(NAMED_ZONE);
  await fitsBothWidths(page, 'report-drill');
});
