import type { Browser, Page } from '@playwright/test';
import { messages } from '@hh/contract/messages';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { screenAxe } from '../support/axe.ts';
import { ADMIN, apiLogin, bearer, expect, receivedMails, signIn, test, unique } from '../support/fixtures.ts';

/**
 * Offers in the browser: a template written with merge-field chips, an offer written on an
 * application in the candidate drawer, approved by two approvers in turn (the second cannot approve
 * before the first), sent as a PDF letter (received at the loopback SMTP listener), and accepted by
 * the candidate on the public offer page at phone width. axe at 1280 and 390 px on every offer screen.
 */
const SLUG = 'acme-health';
const STAFF = 'staff@demo.test';
const RECRUITER = 'recruiter@demo.test';
const shots = (name: string) => test.info().outputPath(`${name}.png`);

/** A fresh candidate applied to a fresh job of the demo client (written to the database: no API makes an application without the apply form). */
async function freshApplication(clientId: string) {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    const tag = unique('offer');
    const email = `${tag}@candidates.test`;
    const cand = await db.query<{ id: string; last_name: string }>(
      `INSERT INTO candidates (client_id, first_name, last_name, email) VALUES ($1, 'Nora', $2, $3) RETURNING id, last_name`,
      [clientId, `Quinn${tag.slice(-4)}`, email],
    );
    const job = await db.query<{ id: string }>(
      `INSERT INTO jobs (client_id, title, reference_number, city, state, open_positions) VALUES ($1, 'Charge Nurse', $2, 'Austin', 'TX', 1) RETURNING id`,
      [clientId, `E2E-${tag}`],
    );
    const app = await db.query<{ id: string }>(`INSERT INTO applications (client_id, candidate_id, job_id) VALUES ($1, $2, $3) RETURNING id`, [
      clientId,
      cand.rows[0].id,
      job.rows[0].id,
    ]);
    return { candidateId: cand.rows[0].id, applicationId: app.rows[0].id, jobId: job.rows[0].id, email, name: `Nora ${cand.rows[0].last_name}` };
  } finally {
    await db.end();
  }
}

/** A second signed-in browser (each person their own context), failing the test on its console errors. */
async function pageAs(browser: Browser, email: string, errors: string[]) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${email}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${email}: ${e.message}`));
  await signIn(page, email);
  return page;
}

async function openOfferPanel(page: Page, candidateId: string) {
  await page.goto(`/harvest/cultivate/candidates?candidate=${candidateId}`);
  await page.getByRole('tab', { name: /^Applications/ }).click();
}

test('an offer goes through two approvers in turn, is mailed as a PDF and accepted on the public page', async ({ page, browser, request }) => {
  test.setTimeout(480_000);
  const admin = bearer(await apiLogin(request, ADMIN));
  const client = (await (await request.get(`/api/client/get-by-slug?nameSlug=${SLUG}`, { headers: admin })).json()) as { _id: string };
  const a = await freshApplication(client._id);
  const otherErrors: string[] = [];

  // 1. The admin writes a template: the starter letter, one more merge field inserted as a chip.
  await signIn(page, ADMIN);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/settings/offer-templates');
  await expect(page.getByRole('heading', { name: 'Offer templates', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'New template' }).click();
  const templateName = unique('Nurse offer');
  await page.getByRole('textbox', { name: 'Name' }).fill(templateName);
  const body = page.getByTestId('offer-template-body');
  await expect(body.locator('[data-merge-field="candidateName"]')).toHaveCount(1);
  await body.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' Signed for ');
  await page.getByTestId('merge-companyName').click();
  await expect(body.locator('[data-merge-field="companyName"]')).toHaveCount(2);
  expect(await screenAxe(page)).toEqual([]);
  await page.screenshot({ path: shots('offer-templates-1280'), fullPage: true });
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText(messages.offers.templateSaved)).toBeVisible();
  await expect(page.getByRole('button', { name: templateName })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await screenAxe(page)).toEqual([]);
  await page.screenshot({ path: shots('offer-templates-390'), fullPage: true });

  // 2. The admin writes the offer on the application: Sam Staff approves first, then Riley Recruiter.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openOfferPanel(page, a.candidateId);
  const form = page.getByTestId('offer-form');
  await expect(form).toBeVisible();
  await form.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: templateName }).click();
  await form.getByRole('textbox', { name: 'Salary (a year)' }).fill('92000');
  await form.getByRole('textbox', { name: 'Hiring manager' }).fill('Dana Smith');
  const approvers = form.getByRole('combobox', { name: 'Approvers, in order' });
  await approvers.click();
  await page.getByRole('option', { name: 'Sam Staff' }).click();
  await page.getByRole('option', { name: 'Riley Recruiter' }).click();
  await page.keyboard.press('Escape');
  await expect(form.getByTestId('approver-order')).toHaveText('Order: 1. Sam Staff, 2. Riley Recruiter');
  expect(await screenAxe(page, '[data-testid="offer-form"]')).toEqual([]);
  await page.screenshot({ path: shots('offer-form-1280'), fullPage: true });
  await form.getByRole('button', { name: 'Save and ask for approval' }).click();
  await expect(page.getByText(messages.offers.created)).toBeVisible();
  const panel = page.getByTestId('offer-panel');
  await expect(panel.getByTestId('offer-status')).toHaveText('Waiting for approval');
  await expect(panel.getByTestId('offer-chain')).toContainText('1. Sam Staff: to approve now');

  // 3. Riley cannot approve before Sam: the server's words. Then Sam approves, then Riley.
  const riley = await pageAs(browser, RECRUITER, otherErrors);
  const offer = (await (await request.get(`/api/applications/${a.applicationId}/offer?clientId=${client._id}`, { headers: admin })).json()) as {
    offer: { _id: string };
  };
  const early = await riley.request.post(`/api/offers/${offer.offer._id}/approve`, {
    headers: bearer(await apiLogin(riley.request, RECRUITER)),
    data: { clientId: client._id },
  });
  expect(early.status()).toBe(403);
  expect((await early.json()).errorMsg.offers).toEqual([messages.offers.notYourTurn('Sam Staff')]);
  await openOfferPanel(riley, a.candidateId);
  await expect(riley.getByTestId('offer-panel')).toBeVisible();
  await expect(riley.getByRole('button', { name: 'Approve offer' })).toHaveCount(0);

  const sam = await pageAs(browser, STAFF, otherErrors);
  await sam.setViewportSize({ width: 390, height: 844 });
  await openOfferPanel(sam, a.candidateId);
  await sam.getByRole('button', { name: 'Approve offer' }).click();
  await expect(sam.getByText(messages.offers.approved)).toBeVisible();
  await expect(sam.getByTestId('offer-chain')).toContainText('2. Riley Recruiter: to approve now');
  expect(await screenAxe(sam, '[data-testid="offer-panel"]')).toEqual([]);
  await sam.screenshot({ path: shots('offer-panel-approver-390'), fullPage: true });

  await riley.reload();
  await riley.getByRole('tab', { name: /^Applications/ }).click();
  await riley.getByRole('button', { name: 'Approve offer' }).click();
  await expect(riley.getByText(messages.offers.fullyApproved)).toBeVisible();
  await expect(riley.getByTestId('offer-status')).toHaveText('Approved, not sent');

  // 4. Riley sends it: the PDF letter arrives at the SMTP listener with the signed link.
  const before = receivedMails().length;
  await riley.getByRole('button', { name: 'Send to candidate' }).click();
  await expect(riley.getByText(messages.offers.sent(a.email))).toBeVisible();
  await expect(riley.getByTestId('offer-status')).toHaveText('Sent to the candidate');
  let raw = '';
  await expect
    .poll(() => {
      raw =
        receivedMails()
          .slice(before)
          .find((m) => m.toLowerCase().includes(a.email.toLowerCase())) ?? '';
      return raw.length > 0;
    })
    .toBe(true);
  const mail = await simpleParser(raw);
  const pdf = mail.attachments.find((x) => x.contentType === 'application/pdf');
  expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
  const link = (mail.text ?? '').match(/\/offer\/(\S+)/);
  expect(link).not.toBeNull();

  // 5. The candidate, on a phone, without signing in: reads the letter and accepts by typing their name.
  const candidate = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 390, height: 844 } });
  const offerPage = await candidate.newPage();
  offerPage.on('console', (m) => {
    // The wrong name's refusal is a 400 the browser logs; anything else fails the test.
    if (m.type() === 'error' && !/status of 400/.test(m.text())) otherErrors.push(`candidate: ${m.text()}`);
  });
  await offerPage.goto(`/offer/${link?.[1]}`);
  await expect(offerPage.getByRole('heading', { name: 'Your offer: Charge Nurse' })).toBeVisible();
  await expect(offerPage.getByTestId('offer-letter')).toContainText(`Dear ${a.name},`);
  await expect(offerPage.getByTestId('offer-letter')).toContainText('92,000.00 USD');
  expect(await screenAxe(offerPage)).toEqual([]);
  await offerPage.screenshot({ path: shots('offer-page-390'), fullPage: true });
  await offerPage.setViewportSize({ width: 1280, height: 900 });
  expect(await screenAxe(offerPage)).toEqual([]);
  await offerPage.screenshot({ path: shots('offer-page-1280'), fullPage: true });
  await offerPage.setViewportSize({ width: 390, height: 844 });
  // Nothing typed: the contract's rule answers before anything is sent; another name: the server's, under the field.
  const nameBox = offerPage.getByRole('textbox', { name: 'Your full name' });
  await offerPage.getByRole('button', { name: 'Accept the offer' }).click();
  await expect(nameBox).toHaveAccessibleDescription(/Type your full name to accept/);
  await nameBox.fill('Someone Else');
  await offerPage.getByRole('button', { name: 'Accept the offer' }).click();
  await expect(nameBox).toHaveAttribute('aria-invalid', 'true');
  await expect(nameBox).toHaveAccessibleDescription(new RegExp(messages.offers.nameMismatch(a.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(offerPage.getByTestId('offer-answer-error')).toHaveCount(0);
  await offerPage.getByRole('textbox', { name: 'Your full name' }).fill(a.name);
  await offerPage.getByRole('button', { name: 'Accept the offer' }).click();
  await expect(offerPage.getByTestId('offer-done')).toHaveText(messages.offers.acceptedThanks);
  await offerPage.screenshot({ path: shots('offer-page-accepted-390'), fullPage: true });

  // 6. The recruiter sees the answer, the application in Hired, and is offered to close the filled job.
  await riley.reload();
  await riley.getByRole('tab', { name: /^Applications/ }).click();
  await expect(riley.getByTestId('offer-answer')).toContainText(`${a.name} accepted on`);
  await expect(riley.getByText('Every position is filled')).toBeVisible();
  await riley.setViewportSize({ width: 1280, height: 900 });
  expect(await screenAxe(riley, '[data-testid="offer-panel"]')).toEqual([]);
  await riley.screenshot({ path: shots('offer-panel-accepted-1280'), fullPage: true });
  await riley.getByRole('button', { name: 'Close the job' }).click();
  await expect(riley.getByText('The job is closed.')).toBeVisible();

  expect(otherErrors).toEqual([]);
  await candidate.close();
  await riley.context().close();
  await sam.context().close();
});
