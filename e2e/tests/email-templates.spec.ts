import { messages } from '@hh/contract/messages';
import type { Page } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { ADMIN, apiLogin, bearer, expect, mailText, receivedMails, signIn, test, unique } from '../support/fixtures.ts';

/** Decision 0042 in the browser: the email templates and question bank screens, and a product mail sent with the client's template. */
const SLUG = 'acme-health';
const shots = (name: string) => test.info().outputPath(`${name}.png`);

async function seriousViolations(page: Page, selector = 'main') {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return axeViolations(page, { include: [selector] });
}

test('an admin writes the "application received" template; a seeker applies and the mail at the SMTP listener uses it', async ({
  page,
  browser,
  consoleAllow,
}) => {
  test.setTimeout(180_000);
  // The live preview answers 400 while the half-edited template is invalid (the body emptied before
  // it is retyped); the browser logs that answer.
  consoleAllow.push(/status of 400/);
  await signIn(page, ADMIN);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/settings/email-templates');
  await expect(page.getByRole('heading', { name: 'Email templates', exact: true })).toBeVisible();
  await page.getByTestId('template-kind-applicationReceived').click();
  await expect(page.getByRole('heading', { name: 'Application received' })).toBeVisible();
  await expect(page.getByTestId('preview-subject')).toHaveText('Acme Health: we received your application for Registered Nurse');

  // Subject with a merge field typed, one inserted by its button at the cursor.
  const tag = unique('tpl');
  const subject = page.getByLabel('Subject');
  // A blank subject is refused with the contract's rule, under the field, before anything is sent.
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/email-templates/create')) saves.push(r.url());
  });
  await subject.fill('   ');
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await expect(subject).toHaveAttribute('aria-invalid', 'true');
  expect(saves).toEqual([]);
  await subject.fill(`Thanks from {{clientName}} ${tag}, `);
  await subject.focus();
  await subject.press('End');
  await page.getByTestId('merge-firstName').click();
  await expect(subject).toHaveValue(`Thanks from {{clientName}} ${tag}, {{firstName}}`);

  // The body: rich text, bold typed with the toolbar, a merge field inserted by button.
  const body = page.getByTestId('template-body');
  await body.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type('We have your application for ');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.getByTestId('merge-jobTitle').click();
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('. Talk soon!');
  await expect(body.locator('strong')).toHaveText('{{jobTitle}}');

  // The preview is the mail as sent, filled with sample values.
  await expect(page.getByTestId('preview-subject')).toHaveText(`Thanks from Acme Health ${tag}, Alex`);
  await expect(page.getByTestId('preview-frame')).toHaveAttribute(
    'srcdoc',
    /<p>We have your application for <strong>Registered Nurse<\/strong>\. Talk soon!<\/p>/,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: shots('email-templates-1280'), fullPage: true });

  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText(messages.recruiting.templateCreated)).toBeVisible();
  expect(saves).toHaveLength(1);
  await expect(page.getByTestId('template-kind-applicationReceived')).toContainText('Custom');

  // A test goes to the admin's own address, from the draft.
  await page.getByRole('button', { name: 'Send me a test' }).click();
  await expect(page.getByText(messages.team.templateTestSent(ADMIN))).toBeVisible();
  await expect
    .poll(
      () =>
        receivedMails()
          .map(mailText)
          .some((m) => m.includes(`[Test] Thanks from Acme Health ${tag}, Alex`)),
      { timeout: 15_000 },
    )
    .toBe(true);

  // A seeker applies on the career site, in a context of their own.
  const seeker = await browser.newContext();
  const site = await seeker.newPage();
  const search = await site.request.get(`/api/search-jobs?nameSlug=${SLUG}&keywords=nurse&pageSize=1`);
  const [job] = ((await search.json()) as { results: Array<{ url: string; title: string }> }).results;
  const email = `${unique('seeker')}@example.com`;
  await site.goto(job.url);
  await site.getByLabel('First name *').fill('Robin');
  await site.getByLabel('Last name *').fill('Seeker');
  await site.getByLabel('Email *').fill(email);
  await site
    .getByLabel(/^Resume/)
    .setInputFiles({ name: 'robin.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% Robin Seeker resume\n%%EOF\n') });
  await site.getByRole('button', { name: 'Submit application' }).click();
  await expect(site.getByRole('heading', { name: 'Thank you! Your application has been received.', exact: true })).toBeVisible();
  await seeker.close();

  let mail = '';
  await expect
    .poll(
      () => {
        mail =
          receivedMails()
            .map(mailText)
            .find((m) => m.includes(`To: ${email}`)) ?? '';
        return mail;
      },
      { timeout: 20_000, message: `the confirmation to ${email}` },
    )
    .toContain(`Subject: Thanks from Acme Health ${tag}, Robin`);
  expect(mail).toContain(`We have your application for ${job.title}. Talk soon!`); // the plain-text part
  expect(mail).toContain(`<strong>${job.title}</strong>`); // the HTML part
  expect(mail).toContain('Sent by Acme Health through Humanize Hiring.'); // still in the client's branding

  // 390 px, then back to the product's text so other tests see the default mail.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByTestId('template-kind-applicationReceived').click();
  await expect(page.getByLabel('Subject')).toHaveValue(`Thanks from {{clientName}} ${tag}, {{firstName}}`);
  await page.screenshot({ path: shots('email-templates-390'), fullPage: true });
  await page.getByRole('button', { name: "Use the product's text" }).click();
  await page.getByRole('button', { name: 'Remove my template' }).click();
  await expect(page.getByText(messages.team.templateDeleted)).toBeVisible();
  await expect(page.getByTestId('template-kind-applicationReceived')).toContainText('Default');
});

test('the question bank: a question created for the prequalification is picked in the prequalification editor', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/settings/question-bank');
  await expect(page.getByRole('heading', { name: 'Question bank', exact: true })).toBeVisible();
  const text = `Can you work night shifts? ${unique('q')}`;
  await page.getByRole('button', { name: 'New question' }).click();
  const dialog = page.getByRole('dialog', { name: 'New question' });
  // A blank question is refused with the contract's rule, under the field, before anything is sent.
  const created: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/questions/create')) created.push(r.url());
  });
  await dialog.getByRole('textbox', { name: 'Question', exact: true }).fill('   ');
  await dialog.getByRole('button', { name: 'Create question' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Question', exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect(created).toEqual([]);
  await dialog.getByRole('textbox', { name: 'Question', exact: true }).fill(text);
  await dialog.getByRole('combobox', { name: 'Used in' }).click();
  await page.getByRole('option', { name: 'Prequalification' }).click();
  await dialog.getByRole('combobox', { name: 'Answer' }).click();
  await page.getByRole('option', { name: 'Yes / No' }).click();
  await dialog.getByLabel('An answer is required').check();
  await dialog.getByRole('button', { name: 'Create question' }).click();
  await expect(page.getByText(messages.recruiting.questionCreated)).toBeVisible();
  expect(created).toHaveLength(1);
  const row = page.getByTestId('bank-row').filter({ hasText: text });
  await expect(row).toContainText('Prequalification');
  await expect(row).toContainText('Yes / No');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: shots('questions-1280'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shots('questions-390'), fullPage: true });

  // The prequalification editor picks it from the bank (filtered by destination).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/harvest/prequalification');
  await expect(page.getByRole('heading', { name: 'Prequalification questions' })).toBeVisible();
  const before = await page.getByTestId('question').count();
  await page.getByRole('button', { name: 'Pick from the bank' }).click();
  const picker = page.getByRole('dialog', { name: 'Question bank: Prequalification' });
  await picker.getByRole('checkbox', { name: text }).check();
  await page.screenshot({ path: shots('bank-picker-1280') });
  await picker.getByRole('button', { name: 'Add 1 question' }).click();
  await expect(page.getByTestId('question')).toHaveCount(before + 1);
  await expect(page.getByRole('textbox', { name: `Question ${before + 1}`, exact: true })).toHaveValue(text);

  // Clean up: the bank question goes.
  await page.goto('/settings/question-bank');
  await page.getByRole('button', { name: `Delete “${text}”` }).click();
  await page.getByRole('button', { name: 'Delete question' }).click();
  await expect(page.getByTestId('bank-row').filter({ hasText: text })).toHaveCount(0);
});

test('a prequalification question is checked with the contract rule before anything is sent, then saved', async ({ page, request }) => {
  // A department of its own, so the client's and the jobs' questions (which the apply tests use) stay as they are.
  const admin = await apiLogin(request, ADMIN);
  const clients = (await (await request.get('/api/client?search=Acme', { headers: bearer(admin) })).json()) as {
    results: Array<{ _id: string; nameSlug: string }>;
  };
  const clientId = clients.results.find((c) => c.nameSlug === SLUG)!._id;
  const department = unique('Prequal');
  const res = await request.post('/api/departments/create', { headers: bearer(admin), data: { clientId, name: department } });
  expect(res.status(), await res.text()).toBe(201);

  await signIn(page, ADMIN);
  await page.goto('/harvest/prequalification');
  await page.getByRole('combobox', { name: 'Applies to' }).click();
  await page.getByRole('option', { name: 'One department' }).click();
  await page.getByRole('combobox', { name: 'Department' }).click();
  await page.getByRole('option', { name: department }).click();
  await expect(page.getByText('Not saved yet')).toBeVisible();
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/prequalification-questions/')) sent.push(r.url());
  });
  await page.getByRole('button', { name: 'Add question' }).click();
  const question = page.getByRole('textbox', { name: 'Question 1', exact: true });
  await question.fill('   ');
  await page.getByRole('button', { name: 'Save questions' }).click();
  // The schema's rule for a question's text, shown under that question.
  await expect(page.getByTestId('question').getByText('This field is required')).toBeVisible();
  await expect(question).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
  await question.fill('Do you hold a forklift licence?');
  await page.getByRole('button', { name: 'Save questions' }).click();
  await expect(page.getByText(messages.recruiting.prequalificationSaved)).toBeVisible();
  await expect(page.getByText('Saved set')).toBeVisible();
  expect(sent).toHaveLength(1);
});
