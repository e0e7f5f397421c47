import { ADMIN, bearer, expect, signIn, test } from '../support/fixtures.ts';

interface Entry {
  _id: string;
  title: string;
  referenceNumber: string;
  indeedApply: boolean;
}

test('the media planner saves a budget that the Indeed feed then carries as its campaign', async ({ page, request }) => {
  const admin = await signIn(page, ADMIN);
  const clients = await request.get('/api/client/get-by-slug?nameSlug=acme-health');
  const clientId = ((await clients.json()) as { _id: string })._id;
  const list = await request.get(`/api/feed/job-planning?clientId=${clientId}&pageSize=1`, { headers: bearer(admin) });
  const [first] = ((await list.json()) as { results: Entry[] }).results;

  await page.goto('/harvest/media/planner');
  await expect(page.getByRole('heading', { name: 'Media planner', exact: true })).toBeVisible();
  await expect(page.getByTestId('feed-url')).toHaveText(/\/acme-health\/indeed-apply\/xml$/);
  const budget = page.getByLabel(`Budget of ${first.title}`).first();
  await budget.fill('12 dollars');
  await expect(page.getByText('Budget must be a dollar amount, such as 250 or 1,250.50')).toBeVisible();
  await budget.fill('1,075.5');
  await page.getByRole('row').filter({ has: budget }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Job planning saved')).toBeVisible();

  const feed = await request.get('/acme-health/indeed-apply/xml');
  expect(feed.status()).toBe(200);
  const xml = await feed.text();
  const job = xml.split('<job>').find((j) => j.includes(`<referencenumber><![CDATA[${first.referenceNumber}]]>`));
  expect(job).toContain(`<campaign><![CDATA[${first.indeedApply ? 'IA' : ''}1075.50]]></campaign>`);
  expect(job).toContain('utm_medium=sponsored_ppc');

  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('feed-preview')).toContainText('<source><publisher><![CDATA[Acme Health]]></publisher>');
});

test('Indeed Apply configure validates the JSON live and previews conditional questions', async ({ page, request }) => {
  await signIn(page, ADMIN);
  await page.goto('/harvest/media/indeed-apply/configure');
  await expect(page.getByRole('heading', { name: 'Indeed Apply', exact: true })).toBeVisible();
  const preview = page.getByTestId('questions-preview').nth(1); // the "nursing" group
  await expect(preview.getByText('In which state is your license?')).toHaveCount(0);
  await preview.getByRole('combobox', { name: 'Do you hold an active RN license?' }).click();
  await page.getByRole('option', { name: 'Yes' }).click();
  await expect(preview.getByText('In which state is your license?')).toBeVisible();

  const editor = page.getByRole('textbox', { name: 'Questions (JSON)' }).first();
  const original = await editor.inputValue();
  await editor.fill('[{"id":"a","type":"slider","question":"Q"}]');
  await expect(page.getByText('Question 1 ("a") has an unknown type "slider"', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save default questions' })).toBeDisabled();
  await editor.fill(original);
  await page.getByRole('button', { name: 'Save default questions' }).click();
  await expect(page.getByText('Indeed Apply questions saved')).toBeVisible();

  const served = await request.get('/media/indeed-apply/questions?nameSlug=acme-health');
  expect(served.status()).toBe(200);
  expect(((await served.json()) as { screenerQuestions: unknown[] }).screenerQuestions).toEqual(JSON.parse(original));
});

test('the cultivate route serves the same Indeed Apply screen', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/harvest/cultivate/indeed-apply/configure');
  await expect(page.getByRole('heading', { name: 'Indeed Apply', exact: true })).toBeVisible();
  await expect(page.getByText('Indeed Apply credentials')).toBeVisible();
});
