import { messages } from '@hh/contract/messages';
import { axeViolations } from '../support/axe.ts';
import { apiLogin, bearer, expect, signIn, test, unique, waitForMail } from '../support/fixtures.ts';
import { freshApplication } from '../support/scheduling-data.ts';

/**
 * The booking-link merge field in the candidate drawer's composer: for a candidate without an
 * application the preview names the problem and the send is refused in words; for one applied to a
 * job with an interview plan the preview names the interview, and the mail carries the candidate's own
 * link, which opens the booking page.
 */
const RECRUITER = 'recruiter@demo.test';
const SLUG = 'acme-health';

test('the composer’s Booking link chip: the preview says who cannot book, the mail carries the candidate’s own link', async ({
  page,
  request,
  consoleAllow,
}) => {
  test.setTimeout(60_000);
  // The refused send answers 400, which the browser logs.
  consoleAllow.push(/status of 400/);
  const login = await apiLogin(request, RECRUITER);
  const client = (await (await request.get(`/api/client/get-by-slug?nameSlug=${SLUG}`, { headers: bearer(login) })).json()) as { _id: string };
  const applied = await freshApplication(client._id, 'booklink');
  const last = unique('Nojob').replace(/[^A-Za-z]/g, '');
  const made = await request.post('/api/crm/candidates/create', {
    headers: bearer(login),
    data: { clientId: client._id, firstName: 'Noor', lastName: last, email: `${last.toLowerCase()}@e2e.test`, source: 'careersite' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const loner = ((await made.json()) as { _id: string })._id;

  await signIn(page, RECRUITER);
  await page.setViewportSize({ width: 1280, height: 900 });
  const write = async (candidateId: string, name: string) => {
    await page.goto(`/harvest/cultivate/candidates?candidate=${candidateId}`);
    await page.getByRole('dialog', { name }).getByTestId('message-candidate').click();
    const dialog = page.getByRole('dialog', { name: `Messages with ${name}` });
    await dialog.getByTestId('compose-subject').click();
    await page.keyboard.type('Your interview');
    await dialog.getByTestId('compose-body').click();
    await page.keyboard.type('Choose a time here: ');
    await dialog.getByTestId('merge-bookingLink').click();
    await expect(dialog.getByTestId('compose-body').locator('[data-merge-field="bookingLink"]')).toHaveText('Booking link');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    return dialog;
  };

  // No application: the preview and the refused send both say why.
  const toNoor = await write(loner, `Noor ${last}`);
  const problem = messages.scheduling.bookingLinkNoApplication(`Noor ${last}`, null);
  await expect(toNoor.getByTestId('preview-problem')).toHaveText(problem);
  await toNoor.getByTestId('compose-send').click();
  await expect(page.getByText(problem).last()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Applied to a job whose plan has an interview: the preview names it; the mail holds a link of their own.
  const toRosa = await write(applied.candidateId, applied.name);
  await expect(toRosa.getByTestId('preview-body')).toContainText(`Choose a time here: ${messages.scheduling.bookingLinkPreview('Ward visit')}`);
  await toRosa.getByTestId('compose-send').click();
  const mail = await waitForMail(applied.email);
  const token = /\/schedule\/([A-Za-z0-9_-]{75})/.exec(mail)?.[1];
  expect(token).toBeTruthy();
  await page.goto(`/schedule/${token}`);
  await expect(page.getByRole('heading', { name: 'Choose a time for your interview', level: 1 })).toBeVisible();
  await expect(page.getByText('Ward visit for Night Nurse, 45 minutes')).toBeVisible();
});
