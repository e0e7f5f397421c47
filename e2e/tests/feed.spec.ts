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
  // A job the feed carries now (open, not expired): earlier tests may add closed or newer jobs to the planner's first page.
  const before = await (await request.get('/acme-health/indeed-apply/xml')).text();
  const ref = /<referencenumber><!\[CDATA\[([^\]]+)\]\]>/.exec(before)?.[1];
  expect(ref, 'the demo feed carries at least one job').toBeTruthy();
  const list = await request.get(`/api/feed/job-planning?clientId=${clientId}&search=${encodeURIComponent(ref!)}&pageSize=1`, { headers: bearer(admin) });
  const [first] = ((await list.json()) as { results: Entry[] }).results;
  expect(first.referenceNumber).toBe(ref);

  await page.goto('/harvest/media/planner');
  await expect(page.getByRole('heading', { name: 'Media planner', exact: true })).toBeVisible();
  await expect(page.getByTestId('feed-url')).toHaveText(/\/acme-health\/indeed-apply\/xml$/);
  await page.getByRole('textbox', { name: 'Search jobs' }).fill(ref!);
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

  // The preview lists the jobs as Indeed would, with a link to the raw XML.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('feed-preview');
  await expect(preview.getByTestId('feed-job').first()).toContainText('Acme Health');
  await expect(preview).not.toContainText('<job>');
  await expect(preview).not.toContainText('HTTP 200');
  await expect(preview.getByRole('link', { name: 'View raw XML' })).toHaveAttribute('href', /\/feed|indeed/);
});

test('Indeed Apply questions are built with a form (types, choices, required) beside a live preview', async ({ page, request }) => {
  await signIn(page, ADMIN);
  await page.goto('/harvest/media/indeed-apply/configure');
  await expect(page.getByRole('heading', { name: 'Indeed Apply', exact: true })).toBeVisible();
  const preview = page.getByTestId('questions-preview').nth(1); // the "nursing" group
  await expect(preview.getByText('In which state is your license?')).toHaveCount(0);
  await preview.getByRole('combobox', { name: 'Do you hold an active RN license?' }).click();
  await page.getByRole('option', { name: 'Yes' }).click();
  await expect(preview.getByText('In which state is your license?')).toBeVisible();

  // A form, not JSON. Add a "one choice" question to the default set.
  await expect(page.getByRole('heading', { name: 'Default questions' })).toBeVisible();
  const defaults = page.getByTestId('default-questions');
  await expect(page.getByRole('textbox', { name: /JSON/ })).toHaveCount(0);
  await defaults.getByRole('button', { name: 'Add a question' }).click();
  const card = defaults.getByTestId('question-card').last();
  await card.getByRole('textbox', { name: 'Question' }).fill('Can you work night shifts?');
  await card
    .getByRole('textbox', { name: 'Type' })
    .or(card.getByRole('combobox', { name: 'Type' }))
    .first()
    .click();
  await page.getByRole('option', { name: 'One choice' }).click();
  await card.getByRole('checkbox', { name: 'An answer is required' }).check();
  await expect(card.getByRole('textbox', { name: 'Choice 1' })).toHaveValue('Yes');
  // A choice question with every choice removed: the server's rule is shown and Save waits.
  await card.getByRole('button', { name: 'Remove choice 2' }).click();
  await card.getByRole('button', { name: 'Remove choice 1' }).click();
  await expect(defaults.getByTestId('question-problem')).toContainText('needs at least one option');
  await expect(page.getByRole('button', { name: 'Save default questions' })).toBeDisabled();
  await card.getByRole('button', { name: 'Add a choice' }).click();
  await card.getByRole('textbox', { name: 'Choice 1' }).fill('Yes, any night');
  await expect(defaults.getByTestId('questions-preview').getByText('Can you work night shifts?')).toBeVisible();
  await page.getByRole('button', { name: 'Save default questions' }).click();
  await expect(page.getByText('Indeed Apply questions saved')).toBeVisible();

  const served = await request.get('/media/indeed-apply/questions?nameSlug=acme-health');
  expect(served.status()).toBe(200);
  const list = ((await served.json()) as { screenerQuestions: Array<Record<string, unknown>> }).screenerQuestions;
  expect(list.at(-1)).toMatchObject({
    type: 'select',
    question: 'Can you work night shifts?',
    required: true,
    options: [{ value: 'yes-any-night', label: 'Yes, any night' }],
  });
});

test('an Indeed screener question is picked from the question bank and served as Indeed reads it', async ({ page, request }) => {
  const admin = await signIn(page, ADMIN);
  const clients = await request.get('/api/client/get-by-slug?nameSlug=acme-health');
  const clientId = ((await clients.json()) as { _id: string })._id;
  const text = `Which shift suits you best? ${Date.now().toString(36)}`;
  const created = await request.post('/api/questions/create', {
    headers: bearer(admin),
    data: { clientId, destination: 'indeedScreener', question: text, answerType: 'singleChoice', options: ['Days', 'Nights'], required: true },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/harvest/media/indeed-apply/configure');
  const defaults = page.getByTestId('default-questions');
  await defaults.getByRole('button', { name: 'Pick from the bank' }).click();
  const dialog = page.getByRole('dialog', { name: 'Question bank: Indeed screener' });
  await dialog.getByRole('checkbox', { name: new RegExp(text.replace(/[?]/g, '\\?')) }).check();
  await dialog.getByRole('button', { name: 'Add 1 question' }).click();
  await expect(defaults.getByTestId('questions-preview').getByText(text)).toBeVisible();
  await page.getByRole('button', { name: 'Save default questions' }).click();
  await expect(page.getByText('Indeed Apply questions saved')).toBeVisible();

  const served = await request.get('/media/indeed-apply/questions?nameSlug=acme-health');
  const list = ((await served.json()) as { screenerQuestions: Array<Record<string, unknown>> }).screenerQuestions;
  expect(list.at(-1)).toMatchObject({
    type: 'select',
    question: text,
    required: true,
    options: [
      { value: 'days', label: 'Days' },
      { value: 'nights', label: 'Nights' },
    ],
  });
});

test('the cultivate route serves the same Indeed Apply screen', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/harvest/cultivate/indeed-apply/configure');
  await expect(page.getByRole('heading', { name: 'Indeed Apply', exact: true })).toBeVisible();
  await expect(page.getByText('Indeed Apply credentials')).toBeVisible();
});
