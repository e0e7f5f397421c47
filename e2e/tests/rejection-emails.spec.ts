import { ADMIN, apiLogin, bearer, expect, signIn, test, unique } from '../support/fixtures.ts';

/**
 * A rejection made with an email waits until its time (the next morning by default) and can be
 * cancelled meanwhile: the recruiter rejects from the job's board with a template, finds the email
 * waiting under Jobs › Rejection emails, cancels it, and the server holds it as cancelled.
 */
test('a rejection email waits under Rejection emails and is cancelled there before it is sent', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await apiLogin(request, ADMIN);
  const clients = (await (await request.get('/api/client?search=Acme', { headers: bearer(admin) })).json()) as {
    results: Array<{ _id: string; nameSlug: string }>;
  };
  const clientId = clients.results.find((c) => c.nameSlug === 'acme-health')!._id;
  const subject = unique('Your application at Acme');
  const template = await request.post('/api/email-templates/create', {
    headers: bearer(admin),
    data: { clientId, name: unique('Rejection'), subject, emailValue: '<p>Thank you for applying. We chose another candidate.</p>' },
  });
  expect(template.status(), await template.text()).toBe(201);
  const apps = (await (await request.get(`/api/applications?clientId=${clientId}&outcome=active&limit=1`, { headers: bearer(admin) })).json()) as {
    results: Array<{ _id: string; candidateName: string; jobId: string }>;
  };
  const app = apps.results[0];
  expect(app, 'the demo client has an active application').toBeTruthy();

  await signIn(page, 'recruiter@demo.test');
  await page.goto(`/harvest/jobs/${app.jobId}`);
  const card = page.getByTestId('board-card').filter({ has: page.getByRole('button', { name: app.candidateName, exact: true }) });
  await card.getByRole('checkbox', { name: `Select ${app.candidateName}` }).check({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Reject…' }).click();
  const dialog = page.getByRole('dialog', { name: `Reject ${app.candidateName}` });
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('combobox', { name: 'Rejection email' }).click();
  await page.getByRole('option', { name: subject }).click();
  await expect(dialog.getByText('You can cancel the email until it is sent, under Jobs › Rejection emails.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(page.getByText('One email is scheduled; cancel it under Jobs › Rejection emails until sent.')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rejection emails' }).click();
  await expect(page.getByRole('heading', { name: 'Rejection emails', exact: true })).toBeVisible();
  const row = page.getByTestId('rejection-email').filter({ hasText: subject });
  await expect(row).toContainText(app.candidateName);
  await expect(row).toContainText('Scheduled');
  await expect(row).toContainText('Goes out');
  await row.getByRole('button', { name: `Cancel the email to ${app.candidateName}` }).click();
  await expect(page.getByText(`Rejection email cancelled. ${app.candidateName} will not receive it.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await page
    .locator('label')
    .filter({ hasText: /^Cancelled$/ })
    .click();
  await expect(page.getByTestId('rejection-email').filter({ hasText: subject })).toContainText('Cancelled');

  // The server holds it as cancelled: the queue job will not send it.
  const held = (await (await request.get(`/api/applications/rejection-emails?clientId=${clientId}&status=cancelled`, { headers: bearer(admin) })).json()) as {
    results: Array<{ subject: string; status: string; applicationId: string }>;
  };
  expect(held.results.find((e) => e.subject === subject)).toMatchObject({ status: 'cancelled', applicationId: app._id });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: test.info().outputPath(`rejection-emails-${width}.png`), fullPage: true });
  }

  // The demo application goes back to its board for the files that follow.
  const reopen = await request.post('/api/applications/reopen', { headers: bearer(admin), data: { clientId, applicationIds: [app._id] } });
  expect(reopen.status(), await reopen.text()).toBe(200);
});
