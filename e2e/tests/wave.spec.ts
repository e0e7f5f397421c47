import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@hh/contract/messages';
import { ADMIN, apiLogin, bearer, expect, receivedMails, signIn, test } from '../support/fixtures.ts';

const STAFF = 'staff@demo.test';
const FIRST = 'Sasha';
const LAST = 'Recorder';
const REASON = 'Please record in a quieter room';

// The fake camera and microphone (Chromium test devices) for MediaRecorder, and no permission prompt.
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

async function acmeId(request: Parameters<typeof apiLogin>[0]) {
  const admin = await apiLogin(request, ADMIN);
  const res = await request.get('/api/client/get-by-slug?nameSlug=acme-health', { headers: bearer(admin) });
  expect(res.status(), await res.text()).toBe(200);
  return { admin, clientId: ((await res.json()) as { _id: string })._id };
}

test.describe
  .serial('wave', () => {
    test('records answers with the camera; a bad file fails with the server message and keeps the earlier video; submit waits for every answer', async ({
      page,
      consoleAllow,
    }) => {
      test.setTimeout(240_000);
      consoleAllow.push(/status of 415/); // the upload of a file that is not a video is refused as it arrives (decision 0400)
      await signIn(page, STAFF);
      await page.goto('/create-wave-profile');
      await expect(page.getByRole('heading', { name: 'Create your Wave profile', exact: true })).toBeVisible();
      // The demo client has a real questionnaire.
      const answers = page.getByTestId('video-answer');
      await expect(answers).toHaveCount(3);
      await expect(page.getByText(/not set up its questions/)).toHaveCount(0);
      await page.getByLabel('First name').fill(FIRST);
      await page.getByLabel('Last name').fill(LAST);
      await page.getByLabel('Title').fill('Team Lead');

      const record = async (i: number) => {
        const answer = answers.nth(i);
        await answer.getByRole('button', { name: /^Record (answer|again)$/ }).click();
        await expect(answer.getByText(/Recording in \d/)).toBeVisible();
        await expect(answer.getByTestId('recording-time')).toHaveText('Recording 0:02', { timeout: 15_000 });
        await answer.getByRole('button', { name: 'Stop recording' }).click();
        await expect(answer.getByLabel('Recording preview')).toBeVisible();
        await expect(answer.getByRole('button', { name: 'Retake' })).toBeVisible();
        await answer.getByRole('button', { name: 'Use this recording' }).click();
        await expect(answer.getByText('Video ready')).toBeVisible({ timeout: 90_000 });
      };
      await record(0);
      const first = answers.first();
      await expect(first.getByTestId('current-answer').locator('video')).toBeVisible();

      // A file that is not a video ends in the server's message with Try again,
      // and the earlier video stays.
      await first.locator('input[type="file"]').setInputFiles({ name: 'notes.webm', mimeType: 'video/webm', buffer: Buffer.alloc(64 * 1024, 'not a video ') });
      await expect(first.getByTestId('upload-error')).toContainText(messages.video.notAVideo);
      await expect(first.getByTestId('upload-error').getByRole('button', { name: 'Try again' })).toBeVisible();
      await expect(first.getByTestId('current-answer').locator('video')).toBeVisible();
      await expect(first.getByText(/Uploading/)).toHaveCount(0);

      await page.getByRole('button', { name: 'Save profile' }).click();
      await expect(page.getByText(messages.wave.saveSuccess)).toBeVisible();
      await expect(page).toHaveURL(/\/settings\/wave-profile$/);
      await expect(page.getByTestId('profile-status')).toHaveText('In progress');
      // 1 of 3 answers: Submit waits, and says which answers are missing.
      await expect(page.getByRole('button', { name: 'Submit for review' })).toBeDisabled();
      await expect(page.getByTestId('submit-hint')).toContainText('2 more answers');
      await expect(page.getByTestId('submit-hint')).toContainText('What does a typical day look like in your role?');

      await record(1);
      await record(2);
      await expect(page.getByTestId('submit-hint')).toHaveCount(0);
      await page.getByRole('button', { name: 'Submit for review' }).click();
      await expect(page.getByText(messages.wave.updateSuccess)).toBeVisible();
      await expect(page.getByTestId('profile-status')).toHaveText('Waiting for review');
    });

    test('a reviewer approves (public on meet-the-team), then rejects with a reason that is emailed', async ({ page, request }) => {
      const { admin, clientId } = await acmeId(request);
      // A question added after the submission: the reviewer sees the missing answer and cannot approve.
      const q = await request.post('/api/client/create-form-question', {
        headers: bearer(admin),
        data: { clientId, question: 'Which team event do you like best?' },
      });
      expect(q.status(), await q.text()).toBe(201);
      const added = (await q.json()) as { _id: string };
      await signIn(page, ADMIN);
      await page.addInitScript((id) => localStorage.setItem('selectedClientId', id), clientId);
      await page.goto('/wave/publish-profiles');
      const card = page.getByTestId('review-card').filter({ hasText: `${FIRST} ${LAST}` });
      await expect(card).toBeVisible();
      await expect(card.locator('video').first()).toBeVisible();
      await expect(card.getByTestId('missing-answers')).toContainText('1 of 4 answers missing');
      await expect(card.getByTestId('missing-answers')).toContainText('Which team event do you like best?');
      await expect(card.getByRole('button', { name: 'Approve' })).toBeDisabled();
      const removed = await request.delete('/api/client/delete-form-question', { headers: bearer(admin), data: { clientId, _id: added._id } });
      expect(removed.status(), await removed.text()).toBe(200);
      await page.reload();
      await expect(card.getByTestId('missing-answers')).toHaveCount(0);
      await card.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText(messages.wave.approveSuccess)).toBeVisible();

      await page.goto('/meet-the-team/acme-health');
      await expect(page.getByRole('heading', { name: `${FIRST} ${LAST}` })).toBeVisible();
      // Every answer of the approved profile is on the page, each with its thumbnail.
      const videos = page.locator(`video[aria-label^="Video of ${FIRST} ${LAST}"]`);
      await expect(videos).toHaveCount(3);
      for (const v of await videos.all()) await expect(v).toHaveAttribute('poster', /thumbnail\.jpg$/);

      await page.goto('/wave/publish-profiles');
      await page.locator('label', { hasText: /^Approved$/ }).click();
      const approved = page.getByTestId('review-card').filter({ hasText: `${FIRST} ${LAST}` });
      await approved.getByRole('button', { name: 'Reject' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Reason').fill(REASON);
      await dialog.getByRole('button', { name: 'Reject profile' }).click();
      await expect(page.getByText(messages.wave.rejectSuccess)).toBeVisible();
      await expect.poll(() => receivedMails().some((m) => m.includes(STAFF) && m.replace(/=\r?\n/g, '').includes(REASON)), { timeout: 20_000 }).toBe(true);

      await page.goto('/meet-the-team/acme-health');
      await expect(page.getByRole('heading', { name: 'Meet the team', exact: true })).toBeVisible();
      await expect(page.getByText(`${FIRST} ${LAST}`)).toHaveCount(0);
    });

    test('the widget shows on a page of an allowed origin and nowhere else', async ({ page, request, consoleAllow }) => {
      // The refused page's iframe is blocked by frame-ancestors, which Chromium reports on the console.
      consoleAllow.push(/frame-ancestors|Refused to frame/);
      const { admin, clientId } = await acmeId(request);
      // Two "customer" pages on their own origins: one allowed, one not. They serve `html`, set once the widget exists.
      let html = '';
      const host = () =>
        new Promise<http.Server>((resolve) => {
          const s = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
          s.listen(0, '127.0.0.1', () => resolve(s));
        });
      const allowed = await host();
      const other = await host();
      const allowedPort = (allowed.address() as AddressInfo).port;
      const created = await request.post('/api/widget/create', {
        headers: bearer(admin),
        data: { clientId, embeddingPermissions: [`127.0.0.1:${allowedPort}`], widgetTitleText: 'Our people' },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { data } = (await created.json()) as { data: { _id: string; embedCode: { script: string; iframe: string } } };
      html = `<!doctype html><html lang="en"><head><title>Customer site</title><style>h2{color:red!important;font-size:80px}*{display:inline}</style></head><body><main><p>Our careers</p>${data.embedCode.script}<div id="frame">${data.embedCode.iframe}</div></main></body></html>`;
      try {
        await page.goto(`http://127.0.0.1:${allowedPort}/`);
        const widget = page.locator('.hh-wave-widget');
        await expect(widget.getByRole('heading', { name: 'Our people', exact: true })).toBeVisible();
        await expect(widget.getByText('Maya Lopez')).toBeVisible();
        // The host page's styles do not reach into the widget (Shadow DOM).
        expect(await widget.getByRole('heading', { name: 'Our people', exact: true }).evaluate((h) => getComputedStyle(h).fontSize)).toBe('24px');
        await expect(page.frameLocator('#frame iframe').getByText('Maya Lopez')).toBeVisible();
        // the portal's widget-preview page (guest route) renders the saved widget through the same script
        await page.goto(`/widget-preview?widgetId=${data._id}`);
        await expect(page.locator('.hh-wave-widget').getByRole('heading', { name: 'Our people', exact: true })).toBeVisible();

        const refused = page.waitForResponse((r) => r.url().includes('/api/widget/public/'));
        await page.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
        expect(await (await refused).json()).toEqual({ widget: null, profiles: [], meetTheTeamUrl: null });
        await expect(page.getByText('Our careers')).toBeVisible();
        await expect(page.locator('.hh-wave-widget')).toHaveCount(0);
        await expect(page.getByText('Maya Lopez')).toHaveCount(0);
      } finally {
        allowed.close();
        other.close();
      }
    });

    test('the dashboard counts profiles; widget setup previews live, saves, and emails the embed code', async ({ page, request }) => {
      const { clientId } = await acmeId(request);
      await signIn(page, ADMIN);
      await page.addInitScript((id) => localStorage.setItem('selectedClientId', id), clientId);
      await page.goto('/wave/dashboard');
      await expect(page.getByRole('heading', { name: 'Wave dashboard', exact: true })).toBeVisible();
      await expect.poll(async () => Number(await page.getByTestId('count-total').textContent())).toBeGreaterThanOrEqual(4);
      await expect(page.getByRole('heading', { name: 'By department', exact: true })).toBeVisible();

      await page.goto('/wave/widget-setup');
      const preview = page.getByTestId('widget-live-preview');
      await expect(preview.getByText('Maya Lopez')).toBeVisible();
      await page.getByLabel('Widget title', { exact: true }).fill('Team stories');
      await expect(preview.getByRole('heading', { name: 'Team stories', exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Save widget' }).click();
      await expect(page.getByText(messages.widgets.updateSuccess)).toBeVisible();
      const to = `webmaster-${Date.now()}@e2e.example`;
      await page.getByLabel('Email the embed code to').fill(to);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(page.getByText(messages.wave.embedSuccess)).toBeVisible();
      await expect
        .poll(() => receivedMails().some((m) => m.includes(to) && m.replace(/=\r?\n/g, '').includes('data-widget-id=')), { timeout: 20_000 })
        .toBe(true);
    });
  });
