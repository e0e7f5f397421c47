import type { Page } from '@playwright/test';
import { bearer, expect, mailText, receivedMails, signIn, test, unique } from '../support/fixtures.ts';
import { axeViolations } from '../support/axe.ts';

/**
 * The candidate CRM in the browser (decision 0012): a seeker applies on the career site; the recruiter finds the application
 * in the inbox and the candidate in the CRM, moves them through the pipeline, tags them and sets a
 * follow-up. With SHOTS_DIR set, screenshots of each screen are written there for review.
 */
const SLUG = 'acme-health';
const RECRUITER = 'recruiter@demo.test';

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}

/** No axe violations, whatever their impact, on the whole page. */
async function noSeriousAxe(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test('a seeker applies; the recruiter finds them, moves them through the pipeline, tags them and sets a follow-up', async ({ page, request }) => {
  test.setTimeout(300_000);
  const word = unique('zebrafish').replace(/-/g, '');
  const email = `${unique('seeker')}@example.com`;
  const search = await request.get(`/api/search-jobs?nameSlug=${SLUG}&keywords=nurse&pageSize=1`);
  const [job] = (await search.json()).results as Array<{ _id: string; title: string; url: string }>;

  // The seeker applies with a plain-text resume.
  await page.goto(job.url);
  await page.getByLabel('First name *').fill('Quinn');
  await page.getByLabel('Last name *').fill('Seeker');
  await page.getByLabel('Email *').fill(email);
  await page.getByLabel('Phone').fill('+1 512 555 0188');
  await page
    .getByLabel(/^Resume/)
    .setInputFiles({ name: 'quinn.txt', mimeType: 'text/plain', buffer: Buffer.from(`Quinn Seeker\nICU nurse, ${word} research, telemetry.\n`) });
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you! Your application has been received.', exact: true })).toBeVisible();
  await expect
    .poll(
      () =>
        receivedMails()
          .map(mailText)
          .find((m) => m.includes(`To: ${email}`)) ?? '',
      { timeout: 15_000 },
    )
    .toContain('Thank you for applying for');

  // The recruiter's inbox shows it first, with the resume.
  const login = await signIn(page, RECRUITER);
  // The job page in the portal counts the new applicant.
  await page.goto(`/harvest/jobs/${job._id}`);
  await expect(page.getByTestId('applicant-count')).toHaveText(/^Applicants: [1-9]\d* new \/ [1-9]\d* total$/, { timeout: 30_000 });
  await page.goto('/harvest/applications');
  await expect(page.getByRole('heading', { name: 'Applications', exact: true })).toBeVisible();
  await expect(page.getByTestId('application-row').first()).toContainText('Quinn Seeker', { timeout: 30_000 });
  // Opening the inbox reads nothing; opening the application does.
  await page.getByTestId('application-row').first().getByRole('button', { name: 'Quinn Seeker' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Quinn Seeker' })).toBeVisible();
  await expect(page.getByText(`ICU nurse, ${word} research, telemetry.`)).toBeVisible();
  await shot(page, 'inbox-1280');
  await noSeriousAxe(page);

  // The candidate list finds them by a word of the resume, with the match shown.
  await page.goto('/harvest/cultivate/candidates');
  await expect(page.getByRole('heading', { name: 'Candidates', exact: true })).toBeVisible();
  await page.getByLabel('Search').fill(word);
  await expect(page.getByTestId('candidate-row')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('match-snippet')).toContainText(word);
  await shot(page, 'candidates-1280');
  await noSeriousAxe(page);
  await page.getByRole('button', { name: 'Quinn Seeker', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Quinn Seeker' });
  await expect(drawer).toBeVisible();

  // Move through the pipeline.
  await drawer.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Screening' }).click();
  await expect(page.getByText('Candidate updated successfully.').first()).toBeVisible();
  await expect(drawer.getByRole('combobox', { name: 'Status' })).toHaveValue('Screening');

  // Tag.
  await drawer.getByRole('combobox', { name: 'Tags' }).fill('icu-pool');
  await drawer.getByRole('combobox', { name: 'Tags' }).press('Enter');
  // Enter saves the tag, as Status saves at once: no separate save button to forget.
  // Tab leaves the field, as a person would, closing its suggestion list over the tabs below.
  await drawer.getByRole('combobox', { name: 'Tags' }).press('Tab');
  await expect(page.getByText('Candidate updated successfully.').first()).toBeVisible();
  await expect(page.getByTestId('candidate-row').first()).toContainText('icu-pool');
  await shot(page, 'drawer-1280');

  // Follow-up, with the spec's message and date format.
  await drawer.getByRole('tab', { name: 'Follow-up & share' }).click();
  const d = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  await drawer.getByLabel('Remind me on').fill(d);
  await drawer.getByRole('button', { name: 'Set follow-up' }).click();
  await expect(page.getByText(`Candidate flagged for follow-up. Reminder set for ${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}.`)).toBeVisible();

  // The timeline shows who did what.
  await drawer.getByRole('tab', { name: 'Notes & timeline' }).click();
  const tl = drawer.getByTestId('timeline');
  await expect(tl).toContainText('Status moved from New to Screening');
  await expect(tl).toContainText('Tagged icu-pool');
  await expect(tl).toContainText(`Follow-up set for ${d}`);
  await expect(tl).toContainText(`Applied for ${job.title}`);
  await shot(page, 'timeline-1280');

  // The API agrees.
  const res = await request.get(
    `/api/crm/candidates?clientId=${(await (await request.get(`/api/client/get-by-slug?nameSlug=${SLUG}`)).json())._id}&searchQuery=${word}`,
    {
      headers: bearer(login),
    },
  );
  const [c] = (await res.json()).results;
  expect(c).toMatchObject({ status: 'Screening', tags: ['icu-pool'], email });

  // A tag typed but not added when the drawer closes is saved, not lost.
  await drawer.getByRole('tab', { name: 'Applications' }).click();
  await drawer.getByRole('combobox', { name: 'Tags' }).fill('night-shift');
  await page.getByRole('button', { name: 'Close candidate' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('candidate-row').first()).toContainText('night-shift');
  await expect
    .poll(async () => ((await (await request.get(res.url(), { headers: bearer(login) })).json()).results[0]?.tags ?? []) as string[])
    .toEqual(['icu-pool', 'night-shift']);
});

test('the candidate screens at a phone width', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, RECRUITER);
  await page.goto('/harvest/cultivate/candidates');
  await expect(page.getByRole('heading', { name: 'Candidates', exact: true })).toBeVisible();
  await expect(page.getByTestId('candidate-row').first()).toBeVisible({ timeout: 30_000 });
  await shot(page, 'candidates-390');
  await page.getByTestId('candidate-row').first().getByRole('button').nth(1).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shot(page, 'drawer-390');
  await page.goto('/harvest/applications');
  await expect(page.getByTestId('application-row').first()).toBeVisible({ timeout: 30_000 });
  await shot(page, 'inbox-390');
  await noSeriousAxe(page);
});

test('the new-candidate form checks the email with the contract rule before sending anything', async ({ page }) => {
  await signIn(page, RECRUITER);
  await page.goto('/harvest/cultivate/candidates');
  await expect(page.getByRole('heading', { name: 'Candidates', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'New candidate' }).click();
  const dialog = page.getByRole('dialog', { name: 'New candidate' });
  await dialog.getByLabel('First name').fill('Rule');
  await dialog.getByLabel('Last name').fill('Checked');
  await dialog.getByLabel('Email').fill('not-an-email');
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/crm/candidates/create')) sent.push(r.url());
  });
  await dialog.getByRole('button', { name: 'Create candidate' }).click();
  await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
  // Corrected, the same form creates the candidate.
  await dialog.getByLabel('Email').fill(`${unique('rule')}@example.com`);
  await dialog.getByRole('button', { name: 'Create candidate' }).click();
  await expect(page.getByText('Candidate created successfully.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(sent).toHaveLength(1);
});
