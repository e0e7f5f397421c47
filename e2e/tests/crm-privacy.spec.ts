import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import JSZip from 'jszip';
import { messages } from '@hh/contract/messages';
import { bearer, expect, signIn, test, unique } from '../support/fixtures.ts';
import { axeViolations } from '../support/axe.ts';

/**
 * Decision 0012 "Privacy" in the browser: a seeker applies (the form shows the consent sentence and links
 * the client's notice); the recruiter opens the candidate's Privacy tab, sees the consent, downloads
 * the data (JSON) and the files (zip), and erases the candidate with the typed confirmation.
 * With SHOTS_DIR set, screenshots are written there for review.
 */
const SLUG = 'acme-health';
const RECRUITER = 'recruiter@demo.test';

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}

test('a recruiter exports and erases a candidate from the drawer', async ({ page, request }) => {
  test.setTimeout(240_000);
  const email = `${unique('privacy')}@example.com`;
  const last = unique('Eraser').replace(/-/g, '');
  const search = await request.get(`/api/search-jobs?nameSlug=${SLUG}&keywords=nurse&pageSize=1`);
  const [job] = (await search.json()).results as Array<{ _id: string; url: string }>;

  // The apply form: the consent sentence links the client's notice, which opens.
  await page.goto(job.url);
  const consent = page.locator('#apply-consent');
  await expect(consent).toContainText('By submitting this application, you agree that');
  await expect(consent.getByRole('link', { name: 'candidate privacy notice' })).toHaveAttribute('href', `/${SLUG}/privacy`);
  await consent.scrollIntoViewIfNeeded();
  if (process.env.SHOTS_DIR) await consent.screenshot({ path: `${process.env.SHOTS_DIR}/apply-consent.png` });
  await page.getByLabel('First name *').fill('Robin');
  await page.getByLabel('Last name *').fill(last);
  await page.getByLabel('Email *').fill(email);
  await page.getByLabel(/^Resume/).setInputFiles({ name: 'robin.txt', mimeType: 'text/plain', buffer: Buffer.from('Robin, ICU nurse.\n') });
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you! Your application has been received.', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Candidate privacy notice' }).click();
  await expect(page.getByRole('heading', { name: 'Candidate privacy notice', level: 1 })).toBeVisible();

  const login = await signIn(page, RECRUITER);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/harvest/cultivate/candidates');
  await page.getByLabel('Search').fill(last);
  await expect(page.getByTestId('candidate-row')).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole('button', { name: `Robin ${last}`, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `Robin ${last}` });
  await drawer.getByRole('tab', { name: 'Privacy' }).click();
  const section = drawer.getByTestId('candidate-privacy');
  await expect(section.getByText('Career site')).toBeVisible();
  await expect(section.getByText(/By submitting this application/)).toBeVisible();
  // Opening the drawer is in the audit.
  await expect(section.getByTestId('privacy-audit')).toContainText('Viewed');

  // Export: the JSON holds the candidate; the zip holds the resume.
  const [json] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download data (JSON)' }).click()]);
  const data = JSON.parse(readFileSync(await json.path(), 'utf8'));
  expect(data.candidate).toMatchObject({ email, lastName: last });
  expect(data.consents[0].source).toBe('careersite');
  const [zipDl] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download files (ZIP)' }).click()]);
  const zip = await JSZip.loadAsync(readFileSync(await zipDl.path()));
  expect(Object.keys(zip.files)).toEqual(['robin.txt']);
  await expect(section.getByTestId('privacy-audit')).toContainText('Exported files');
  await expect(section.getByTestId('privacy-audit')).toContainText('Exported data');
  await shot(page, 'privacy-drawer-1280');
  expect(await axeViolations(page)).toEqual([]);

  // Erase: the button stays off until the email is typed.
  await section.getByRole('button', { name: 'Erase candidate…' }).click();
  const modal = page.getByRole('dialog', { name: 'Erase this candidate?' });
  const confirmBtn = modal.getByRole('button', { name: 'Erase permanently' });
  await modal.getByLabel('Type the candidate’s email address to confirm').fill('wrong@example.com');
  await expect(confirmBtn).toBeDisabled();
  await modal.getByLabel('Type the candidate’s email address to confirm').fill(email);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'privacy-erase-390');
  await confirmBtn.click();
  await expect(page.getByText('The candidate’s personal data and files were erased. Anonymous counts are kept.').first()).toBeVisible();
  // The drawer now shows the placeholder name; the privacy section says what happened.
  const erased = page.getByRole('dialog', { name: 'Erased candidate' }).getByTestId('candidate-privacy');
  await expect(erased.getByText('Personal data erased')).toBeVisible();
  await expect(erased.getByTestId('privacy-audit')).toContainText('Erased');
  await shot(page, 'privacy-erased-390');

  // The server agrees: the person is gone, the resume file too.
  const cands = await request.get(`/api/crm/candidates?clientId=${data.candidate.clientId}&searchQuery=${last}`, { headers: bearer(login) });
  expect((await cands.json()).totalCount).toBe(0);
  const file = await request.get(`/api/get-resume?blobPath=${encodeURIComponent(data.files[0].blobPath)}`, { headers: bearer(login) });
  expect(file.status()).toBe(404);
});

test('a client admin writes the candidate privacy notice and the career site shows it', async ({ page, request }) => {
  const login = await signIn(page, 'admin@demo.test');
  const clients = await request.get('/api/client/get-by-slug?nameSlug=acme-health', { headers: bearer(login) });
  const clientId = (await clients.json())._id as string;
  const word = unique('notice');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/clients/${clientId}?tab=privacy`);
    await expect(page.getByTestId('privacy-settings')).toBeVisible();
    await shot(page, `privacy-settings-${width}`);
  }
  const editor = page.getByTestId('rich-text-content');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(`We keep applications for two years. Reference ${word}.`);
  // The retention's range is the contract's rule, shown under its field before anything is sent.
  const months = page.getByLabel('Anonymise candidates after this many months without activity');
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/crm/privacy/settings') && r.method() === 'PUT') sent.push(r.url());
  });
  await months.fill('200');
  await page.getByRole('button', { name: 'Save privacy settings' }).click();
  await expect(page.getByText(messages.privacy.retentionRange)).toBeVisible();
  await expect(months).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
  await months.fill('');
  await page.getByRole('button', { name: 'Save privacy settings' }).click();
  await expect(page.getByText('Privacy settings saved.').first()).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/acme-health/privacy');
  await expect(page.getByText(`We keep applications for two years. Reference ${word}.`)).toBeVisible();
  await shot(page, 'site-privacy-390');
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/legal');
  await expect(page.getByTestId('client-notices').getByRole('link', { name: 'Acme Health: candidate privacy notice' })).toHaveAttribute(
    'href',
    '/acme-health/privacy',
  );
  await shot(page, 'legal-1280');
});
