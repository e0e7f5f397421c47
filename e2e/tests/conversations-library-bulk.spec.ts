import type { APIRequestContext, Page } from '@playwright/test';
import { screenAxe } from '../support/axe.ts';
import { ADMIN, apiLogin, bearer, expect, type LoginBody, mailText, receivedMails, signIn, test, unique } from '../support/fixtures.ts';

/**
 * The client's template library and the job board's bulk message, as the demo recruiter: a template
 * written with merge-field chips (never braces), previewed for a real candidate chosen by name and for
 * the sample recipient, tested to the recruiter's own address, created, renamed and deleted; then two
 * cards ticked on a job's board and
 * one message sent to both candidates through the queue, the job's title filled in for each.
 * axe (every impact) at 1280 and 390 px; with SHOTS_DIR set, screenshots are written there.
 */
const RECRUITER = 'recruiter@demo.test';

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}

/** The first mail at the loopback SMTP listener holding every one of these texts (decoded). */
async function mailWith(...texts: string[]): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = receivedMails()
          .map(mailText)
          .find((m) => texts.every((x) => m.includes(x)));
        return !!found;
      },
      { timeout: 60_000, message: `a mail with ${texts.join(' and ')}` },
    )
    .toBe(true);
  return found as string;
}

async function demoClient(request: APIRequestContext, login: LoginBody): Promise<string> {
  const clients = (await (await request.get('/api/client?search=Acme', { headers: bearer(login) })).json()) as {
    results: Array<{ _id: string; nameSlug: string }>;
  };
  return clients.results.find((c) => c.nameSlug === 'acme-health')!._id;
}

test('the recruiter writes a library template with chips, previews it, tests it, saves, renames and deletes it', async ({ page, request, consoleAllow }) => {
  test.setTimeout(180_000);
  // The live preview answers 400 while a draft is briefly invalid; the browser logs that answer.
  consoleAllow.push(/status of 400/);
  const login = await apiLogin(request, RECRUITER);
  const clientId = await demoClient(request, login);
  const name = unique('Next steps');
  const renamed = `${name} (v2)`;
  // A real candidate the preview can be filled for (found in the picker by name).
  const last = unique('Previewed').replace(/[^A-Za-z]/g, '');
  const made = await request.post('/api/crm/candidates/create', {
    headers: bearer(login),
    data: { clientId, firstName: 'Priya', lastName: last, email: `${last.toLowerCase()}@e2e.test`, source: 'careersite' },
  });
  expect(made.status(), await made.text()).toBe(201);

  await signIn(page, RECRUITER);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/settings/email-templates/library');
  await expect(page.getByRole('heading', { name: 'Template library', exact: true })).toBeVisible();
  await page.getByTestId('library-new').click();
  const editor = page.getByTestId('library-editor');
  await editor.getByTestId('library-name').fill(name);
  // The subject and the body take merge fields as chips from the buttons, where the cursor is.
  await editor.getByTestId('library-subject').click();
  await page.keyboard.type('Next steps for ');
  await editor.getByTestId('merge-jobTitle').click();
  await expect(editor.getByTestId('library-subject').locator('[data-merge-field="jobTitle"]')).toHaveText('Job title');
  await editor.getByTestId('library-body').click();
  await page.keyboard.type('Hi ');
  await editor.getByTestId('merge-firstName').click();
  await page.keyboard.type(', thank you for your time. ');
  await editor.getByTestId('merge-recruiterName').click();
  await expect(editor.getByTestId('library-body').locator('[data-merge-field="firstName"]')).toHaveText('Candidate first name');

  // The preview: a real candidate of the client (the newest by default, another found by name), or
  // the sample recipient; the recruiter as the sender; the client's layout.
  const preview = page.getByTestId('library-preview');
  const recipient = preview.getByTestId('library-recipient');
  await expect(recipient).toBeEnabled();
  await expect(recipient).not.toHaveValue(/^Sample:/);
  await recipient.fill(last);
  await page.getByRole('option', { name: new RegExp(`Priya ${last}`) }).click();
  await expect(preview.getByTestId('library-sample')).toHaveText(
    `As Priya ${last} (no application yet, so the job title is empty) gets it from Riley Recruiter.`,
  );
  await expect(
    page.frameLocator('[data-testid="library-preview-frame"]').getByText('Hi Priya, thank you for your time. Riley Recruiter', { exact: true }),
  ).toBeVisible();
  await recipient.click();
  await page.getByRole('option', { name: 'Sample: Alex Morgan, Registered Nurse' }).click();
  await expect(preview.getByTestId('library-sample')).toHaveText('As Alex Morgan, a sample candidate for Registered Nurse, gets it from Riley Recruiter.');
  await expect(preview.getByTestId('library-preview-subject')).toHaveText('Next steps for Registered Nurse');
  await expect(
    page.frameLocator('[data-testid="library-preview-frame"]').getByText('Hi Alex, thank you for your time. Riley Recruiter', { exact: true }),
  ).toBeVisible();
  await shot(page, 'library-editor-1280');
  expect(await screenAxe(page)).toEqual([]);

  // Send me a test: the filled draft at the recruiter's own address.
  await editor.getByTestId('library-test').click();
  await expect(page.getByText(`A test email was sent to ${RECRUITER}.`)).toBeVisible();
  const test1 = await mailWith('Subject: [Test] Next steps for Registered Nurse', 'Hi Alex, thank you for your time. Riley Recruiter');
  expect(test1.toLowerCase()).toContain(RECRUITER);

  // Saved with the spec's fields: the chips are stored as merge fields, never as their labels.
  await editor.getByTestId('library-save').click();
  const item = page.getByTestId('library-item').filter({ hasText: name });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Subject: Next steps for [Job title]');
  const list = (await (await request.get(`/api/email-templates?clientId=${clientId}`, { headers: bearer(login) })).json()) as {
    results: Array<{ _id: string; name: string; subject: string; emailValue: string }>;
  };
  const saved = list.results.find((t) => t.name === name);
  expect(saved?.subject).toBe('Next steps for {{jobTitle}}');
  expect(saved?.emailValue).toContain('{{firstName}}');
  expect(saved?.emailValue).toContain('{{recruiterName}}');

  // Renamed: the same template (the editor now edits the saved one).
  await expect(editor.getByTestId('library-save')).toHaveText('Save changes');
  await editor.getByTestId('library-name').fill(renamed);
  await editor.getByTestId('library-save').click();
  await expect(page.getByTestId('library-item').filter({ hasText: renamed })).toBeVisible();
  await expect(page.getByTestId('library-item').filter({ hasText: name })).toHaveCount(1);

  // 390 px: the list and the editor one above the other, nothing cut off.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(editor).toBeVisible();
  await shot(page, 'library-editor-390');
  expect(await screenAxe(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

  await editor.getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('library-delete-confirm').click();
  await expect(page.getByTestId('library-item').filter({ hasText: renamed })).toHaveCount(0);
  const after = (await (await request.get(`/api/email-templates?clientId=${clientId}`, { headers: bearer(login) })).json()) as {
    results: Array<{ _id: string }>;
  };
  expect(after.results.some((t) => t._id === saved?._id)).toBe(false);
});

test('two cards ticked on a job board get one message each, the job title filled in, through the queue', async ({ page, request }) => {
  test.setTimeout(240_000);
  const admin = await apiLogin(request, ADMIN);
  const clientId = await demoClient(request, admin);
  const res = await request.get(`/api/applications?clientId=${clientId}&outcome=active&limit=500`, { headers: bearer(admin) });
  expect(res.status(), await res.text()).toBe(200);
  const apps = (
    (await res.json()) as { results: Array<{ _id: string; candidateId: string; candidateName: string; email: string; jobId: string; jobTitle: string }> }
  ).results;
  // A job with two candidates with email addresses (different people).
  const byJob = new Map<string, typeof apps>();
  for (const a of apps) if (a.email) byJob.set(a.jobId, [...(byJob.get(a.jobId) ?? []).filter((x) => x.candidateId !== a.candidateId), a]);
  const [jobId, two] = [...byJob.entries()].find(([, list]) => list.length >= 2) ?? [];
  expect(two, 'a demo job with two candidates').toBeTruthy();
  const [a, b] = (two as typeof apps).slice(0, 2);
  const tag = unique('Shift');

  await signIn(page, RECRUITER);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/harvest/jobs/${jobId}`);
  for (const x of [a, b]) {
    const card = page.getByTestId('board-card').filter({ has: page.getByRole('button', { name: x.candidateName, exact: true }) });
    await card
      .first()
      .getByRole('checkbox', { name: `Select ${x.candidateName}` })
      .check({ timeout: 60_000 });
  }
  const bar = page.getByTestId('board-bulk-bar');
  await expect(bar).toContainText('2 selected');
  await bar.getByTestId('bulk-message').click();
  const dialog = page.getByRole('dialog', { name: 'Message 2 candidates' });
  await dialog.getByTestId('compose-subject').click();
  await page.keyboard.type(`${tag}: `);
  await dialog.getByTestId('merge-jobTitle').click();
  await dialog.getByTestId('compose-body').click();
  await page.keyboard.type('Hello ');
  await dialog.getByTestId('merge-firstName').click();
  await page.keyboard.type(', the next shift for ');
  await dialog.getByTestId('merge-jobTitle').click();
  await page.keyboard.type(' is on Monday.');
  // The preview per recipient: the job's title from the board, each candidate's own name.
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('preview-subject')).toHaveText(`${tag}: ${a.jobTitle}`);
  await expect(dialog.getByTestId('preview-body')).toContainText(`the next shift for ${a.jobTitle} is on Monday.`);
  await shot(page, 'board-bulk-compose-1280');
  expect(await screenAxe(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByTestId('compose-send').click();
  await expect(page.getByText('2 messages are on their way.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Each candidate gets the message once, filled in for them.
  for (const x of [a, b]) {
    // The address and the sentence (a first name such as María is UTF-8 in quoted-printable, read byte by byte here).
    const mail = await mailWith(`Subject: ${tag}: ${x.jobTitle}`, `, the next shift for ${x.jobTitle} is on Monday.`, x.email);
    expect(mail).toMatch(/Hello \S+, the next shift for/);
    expect(
      receivedMails()
        .map(mailText)
        .filter((m) => m.includes(`Subject: ${tag}: `) && m.toLowerCase().includes(x.email.toLowerCase())),
    ).toHaveLength(1);
  }

  // 390 px: the selection stays after the send; the bar still offers Message, and the composer fills the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('board-bulk-bar')).toContainText('2 selected');
  await page.getByTestId('board-bulk-bar').getByTestId('bulk-message').click();
  const again = page.getByRole('dialog', { name: 'Message 2 candidates' });
  await expect(again.getByTestId('compose')).toBeVisible();
  await shot(page, 'board-bulk-compose-390');
  expect(await screenAxe(page, '[role="dialog"]')).toEqual([]);
});
