import { expect, signIn, test } from '../support/fixtures.ts';

/**
 * One definition per figure: "applications in the last 30 days" reads the same on Home, the Dashboard
 * and Hiring reports (they once gave 7, 2 and 19), and the report's drill-through lists exactly the
 * applications behind it. The period is the client's last 30 days in its own time zone everywhere.
 */
test('Home, the Dashboard and Hiring reports give the same number of applications, and the drill-through lists them', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'recruiter@demo.test');

  await page.goto('/');
  const home = page.getByTestId('queue-applications-30');
  await expect(home).toBeVisible({ timeout: 60_000 });
  // The figure has loaded when its hint names the period.
  await expect(home).toContainText('(');
  const homeValue = Number((await page.getByTestId('queue-applications-30-value').textContent())?.trim());

  await page.goto('/harvest/dashboard');
  const dashboard = page.getByTestId('total-applications');
  await expect(dashboard).toBeVisible({ timeout: 60_000 });
  const dashboardValue = Number((await dashboard.textContent())?.trim());

  await page.goto('/reports');
  const report = page.getByTestId('report-applications');
  await expect(report).toBeVisible({ timeout: 60_000 });
  const reportValue = Number((await report.textContent())?.trim());

  // The demo client has applications in the period: equal zeros would prove nothing.
  expect(reportValue).toBeGreaterThan(0);
  expect({ home: homeValue, dashboard: dashboardValue }).toEqual({ home: reportValue, dashboard: reportValue });

  await page
    .getByRole('button', { name: `Applications ${reportValue}`, exact: false })
    .first()
    .click();
  const drill = page.getByRole('dialog');
  await expect(drill.getByTestId('drill-count')).toHaveText(`${reportValue} ${reportValue === 1 ? 'application' : 'applications'}`);
});
