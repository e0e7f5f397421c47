import { ADMIN, bearer, expect, receivedMails, signIn, test, unique } from '../support/fixtures.ts';

/** In the browser: the public job search and apply on the demo career site, and the jobs screens of the portal. */
const SLUG = 'acme-health';
const UTM = 'utm_source=careersite&utm_medium=organic';

interface JobReply {
  _id: string;
  title: string;
  url: string;
  recruiterEmail: string | null;
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '700 px', width: 700, height: 900 },
]) {
  test(`career site search with keyword, radius and filters (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto(`/${SLUG}/search-page?v=acmehealth`); // the root shows the published Home page (decision 0030)
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/search-page\\?v=acmehealth&${UTM}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs at Acme Health' })).toBeVisible();
    await page.getByLabel('Keywords').fill('nurse');
    await page.getByLabel('City, state or ZIP').fill('Austin, TX');
    // Below 760 px the filters sit behind a "Filters" button; wider, they are always shown.
    if (viewport.width < 760) await page.locator('summary', { hasText: 'Filters' }).click();
    await page.getByLabel('Distance').selectOption('250');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /jobs? within 250 miles of Austin, TX/ })).toBeVisible();
    const results = page.locator('ul.jobs li');
    expect(await results.count()).toBeGreaterThan(0);
    await expect(results.first()).toContainText(/nurse/i);
    // Filter by employment type: every result carries it.
    if (viewport.width < 760 && !(await page.getByLabel('Employment type').isVisible())) await page.locator('summary', { hasText: 'Filters' }).click();
    await page.getByLabel('Employment type').selectOption('FULL_TIME');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/employmentType=FULL_TIME/);
    const metas = await page.locator('ul.jobs li .meta').allTextContents();
    for (const m of metas) expect(m).toContain('Full-time');
    // The carried utm_source survives navigation to a job page.
    await page.locator('ul.jobs li h3 a').first().click();
    await expect(page).toHaveURL(/\/job\/.+utm_source=careersite/);
    await expect(page.getByRole('heading', { level: 2, name: 'Apply for this job' })).toBeVisible();
  });
}

test('apply with a resume: thank-you page, the recruiter gets the email, the dashboard counts it', async ({ page, request }) => {
  const admin = await signIn(page, ADMIN);
  const client = (await (await request.get(`/api/client/get-by-slug?nameSlug=${SLUG}`)).json()) as { _id: string };
  const search = await request.get(`/api/search-jobs?nameSlug=${SLUG}&keywords=nurse&pageSize=1`);
  const [job] = ((await search.json()) as { results: JobReply[] }).results;
  const before = await (await request.get(`/api/jobs/dashboard?clientId=${client._id}&days=7`, { headers: bearer(admin) })).json();

  const email = `${unique('applicant')}@example.com`;
  await page.goto(`${job.url}?${UTM}`);
  await page.getByLabel('First name *').fill('Casey');
  await page.getByLabel('Last name *').fill('Candidate');
  await page.getByLabel('Email *').fill(email);
  await page.getByLabel('Phone').fill('+1 512 555 0123');
  await page
    .getByLabel(/^Resume/)
    .setInputFiles({ name: 'casey.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% Casey Candidate resume\n%%EOF\n') });
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you! Your application has been received.', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/thank-you\?utm_source=careersite/);

  await expect
    .poll(() => receivedMails().find((m) => (m.includes(email) || m.includes('Casey Candidate')) && m.includes('New application')) ?? '', { timeout: 15000 })
    .toContain('New application');
  const after = await (await request.get(`/api/jobs/dashboard?clientId=${client._id}&days=7`, { headers: bearer(admin) })).json();
  expect(after.totals.applications).toBe(before.totals.applications + 1);
});

test('portal: create a job with a rich-text description, find it in the list, bulk close it after confirming, undo', async ({ page }) => {
  await signIn(page, ADMIN);
  const title = unique('E2E Phlebotomist');
  await page.goto('/harvest/jobs/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('ZIP code').fill('78701');
  // No HTML box: a rich-text editor (decision 0053); Word's pasted markup is cleaned to plain structure.
  const editor = page.getByRole('textbox', { name: 'Description' });
  await editor.click();
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Draw blood');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' with care.');
  await editor.evaluate((el) => {
    const data = new DataTransfer();
    data.setData(
      'text/html',
      '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{margin:0}</style></head><body><!--StartFragment--><p class="MsoNormal" style="mso-line-height-alt:12pt"><span style="font-weight:bold;font-family:Calibri">Shifts</span><o:p></o:p></p><p class="MsoNormal"><span style="font-style:italic">Nights and weekends</span><o:p>&nbsp;</o:p></p><!--EndFragment--></body></html>',
    );
    data.setData('text/plain', 'Shifts Nights and weekends');
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(editor.locator('strong', { hasText: 'Shifts' })).toBeVisible();
  await expect(editor.locator('em', { hasText: 'Nights and weekends' })).toBeVisible();
  await expect(editor.locator('[style], [class*="Mso"], o\\:p')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create job' }).click();
  await expect(page.getByText('Job created successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/harvest\/jobs$/);
  await page.getByLabel('Search').fill(title);
  const row = page.getByTestId('job-row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Austin, TX');
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Close selected (1)' }).click();
  // A confirmation first; Cancel changes nothing.
  const dialog = page.getByRole('dialog', { name: 'Close this job?' });
  await expect(dialog).toContainText('1 of them is live');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByText('Open', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Close selected (1)' }).click();
  await page.getByRole('dialog', { name: 'Close this job?' }).getByRole('button', { name: 'Close job' }).click();
  await expect(page.getByText('1 job(s) closed.')).toBeVisible();
  await expect(row.getByText('Closed', { exact: true })).toBeVisible();
  // Undo within 10 s: the job is open again.
  await page.getByTestId('undo-toast').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('The job is back as it was')).toBeVisible();
  await expect(row.getByText('Open', { exact: true })).toBeVisible();
  // The status badge is never cut ("OP…").
  expect(await row.locator('.mantine-Badge-label').evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await page.getByRole('link', { name: title }).click();
  // A job opens on its board; the form is the Details tab.
  await expect(page.getByTestId('job-board')).toBeVisible();
  await page.getByRole('navigation', { name: 'Job' }).getByRole('link', { name: 'Details' }).click();
  await expect(page.getByRole('heading', { name: 'Edit job', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Description' }).locator('strong', { hasText: 'Draw blood' })).toBeVisible();
});

test('portal: a CSV import shows progress, and a bad file its per-line errors', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/harvest/jobs/imports');
  const ref = unique('CSV');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'jobs.csv', mimeType: 'text/csv', buffer: Buffer.from(`title,referenceNumber,zipCode\nImported Welder,${ref},60601\n`) });
  await page.getByRole('button', { name: 'Upload and import' }).click();
  await expect(page.getByText('The import has started.')).toBeVisible();
  await expect(page.getByTestId('import-row').first()).toContainText('Finished');
  await expect(page.getByTestId('import-row').first()).toContainText('1 of 1');

  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('title,referenceNumber\nNo reference,\n') });
  await page.getByRole('button', { name: 'Upload and import' }).click();
  await expect(page.getByTestId('import-row').first()).toContainText('Failed');
  await page.getByRole('button', { name: /Show 1 error/ }).click();
  await expect(page.getByTestId('import-errors')).toContainText('Row 2');
  await expect(page.getByTestId('import-errors')).toContainText('The reference number is missing');
  // The report downloads as CSV.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the errors (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('bad-errors.csv');
});

test('portal: the job form shows the contract rule for the recruiter email before anything is sent, then saves', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/harvest/jobs/new');
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/job/create')) sent.push(r.url());
  });
  const title = unique('E2E Draft rule');
  await page.getByLabel('Title').fill(title);
  // A draft, so the career site's listings stay as the other tests expect them.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Draft' }).click();
  const email = page.getByRole('textbox', { name: 'Recruiter email' });
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Create job' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
  await email.fill('recruiter@example.com');
  await page.getByRole('button', { name: 'Create job' }).click();
  await expect(page.getByText('Job created successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/harvest\/jobs$/);
  expect(sent).toHaveLength(1);
});
