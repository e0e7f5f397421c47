import type { Page } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { apiLogin, bearer, expect, signIn, test, unique } from '../support/fixtures.ts';

/**
 * The CRM's metrics screens: /crm-growth-metrics and /crm-alerts-metrics draw GET api/respondent-metrics
 * (new candidates per day by source, the funnel, first response, alert activity), and Home shows the
 * funnel. With SHOTS_DIR set, screenshots at 1280 and 390 px are written there for review.
 */
const RECRUITER = 'recruiter@demo.test';

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}
async function noSeriousAxe(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test('the growth and alert metrics show what the CRM holds, at both widths', async ({ page, request }) => {
  test.setTimeout(240_000);
  const login = await apiLogin(request, RECRUITER);
  const headers = bearer(login);
  const clients = await request.get('/api/client/get-by-slug?nameSlug=acme-health');
  const clientId = (await clients.json())._id as string;
  const word = unique('okapi').replace(/-/g, '');
  for (const [i, source] of ['indeed', 'referral', 'careersite'].entries()) {
    const r = await request.post('/api/crm/candidates/create', {
      headers,
      data: { clientId, firstName: 'Metric', lastName: `Person${i}`, email: `${unique('metric')}@example.com`, source, resumeText: `ICU nurse, ${word}.` },
    });
    expect(r.status(), await r.text()).toBe(201);
  }
  const alert = await request.post('/api/candidates/alerts/create', { headers, data: { clientId, name: `Okapi nurses ${word}`, searchQuery: word } });
  expect(alert.status(), await alert.text()).toBe(201);

  await signIn(page, RECRUITER);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/crm-growth-metrics');
    await expect(page.getByRole('heading', { name: 'Candidate growth', exact: true })).toBeVisible();
    await expect(page.getByTestId('metric-new')).toHaveText(/^[1-9][\d,.\s]*$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'New candidates per day, by source' })).toBeVisible();
    await expect(page.getByText('Indeed').first()).toBeVisible();
    // The demo's candidates here were added by a recruiter: no applications, so the section says what fills it.
    await expect(page.getByTestId('first-response-median').or(page.getByText('No applications in this period'))).toBeVisible();
    await shot(page, `growth-${width}`);
    await noSeriousAxe(page);
    // A custom period: the date fields appear, and a reversed one says what to do.
    await page.getByText('Custom', { exact: true }).click();
    await page.getByLabel('From').fill('2030-01-01');
    await expect(page.getByText('Pick a start date on or before the end date to see the figures.')).toBeVisible();
    await page.getByText('7 days', { exact: true }).click();
    await expect(page.getByTestId('metric-new')).toBeVisible();

    await page.goto('/crm-alerts-metrics');
    await expect(page.getByRole('heading', { name: 'Alert activity', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: `Okapi nurses ${word}` })).toBeVisible({ timeout: 30_000 });
    const row = page.getByRole('row').filter({ hasText: `Okapi nurses ${word}` });
    await expect(row.getByRole('cell').last()).toHaveText('3');
    await shot(page, `alerts-${width}`);
    await noSeriousAxe(page);

    await page.goto('/');
    await expect(page.getByTestId('home-funnel')).toBeVisible({ timeout: 30_000 });
    await shot(page, `home-funnel-${width}`);
  }
});
