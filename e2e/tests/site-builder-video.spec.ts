import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN, bearer, expect as baseExpect, signIn, test, unique } from '../support/fixtures.ts';
import { e2eDir } from '../support/paths.ts';

/**
 * A page video uploaded from inside the editor (features/site-builder/VideoField.tsx). The
 * server processes it in the background (ffmpeg), so waits are generous on a busy machine.
 */
const expect = baseExpect.configure({ timeout: 60_000 });
/** One second of ffmpeg's test picture and tone, H.264/AAC, 160 × 120. */
const CLIP = readFileSync(path.join(e2eDir, 'fixtures/clip.mp4'));

// The refused file's 415 is logged by the browser.
test.use({ consoleAllow: [/status of 415/] });

test('the hero background video is uploaded from the editor, processed, shown as a still and kept on a failed upload', async ({ page, request }) => {
  test.setTimeout(300_000);
  const admin = await signIn(page, ADMIN);
  const headers = bearer(admin);
  const subscriptions = { harvest: true, wave: true, motivator: true, cultivate: false, harvestPlus: false, media: false };
  const created = await request.post('/api/client/create', { headers, data: { name: unique('Video'), subscriptions } });
  expect(created.status(), await created.text()).toBe(201);
  const client = (await created.json()) as { _id: string; nameSlug: string };
  await page.addInitScript((id) => localStorage.setItem('selectedClientId', id), client._id);
  await page.goto('/harvest/editor');
  await page.getByRole('button', { name: 'Start from the default template' }).click();
  await page.getByTestId('page-row').filter({ hasText: 'Home' }).getByRole('link', { name: 'Edit' }).click();
  const canvas = page.frameLocator('[data-testid=puck-editor] iframe');
  await canvas.getByRole('heading', { name: 'Care is a team sport' }).click();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a video' }).click();
  await (await chooser).setFiles({ name: 'team.mp4', mimeType: 'video/mp4', buffer: CLIP });
  await expect(page.getByText('Processing…')).toBeVisible();
  const address = page.getByRole('textbox', { name: 'Background video: address' });
  await expect(address).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/videos\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/playback\.mp4$/);
  const src = await address.inputValue();
  await expect(page.getByTestId('video-field-preview').first()).toHaveAttribute('src', src.replace('playback.mp4', 'thumbnail.jpg'));
  // the draft saves itself with the address
  await expect.poll(async () => JSON.stringify(await (await request.get(`/api/page-templates?clientId=${client._id}`, { headers })).json())).toContain(src);
  await page.screenshot({ path: path.join(e2eDir, 'screenshots', 'site-builder-video-field.png') });
  // public without a session or signature
  expect((await request.get(src)).status()).toBe(200);

  // A file that is not a video: the server's message, the earlier video kept.
  const chooser2 = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Replace video' }).click();
  await (await chooser2).setFiles({ name: 'notes.mp4', mimeType: 'video/mp4', buffer: Buffer.from('%PDF-1.7 not a video at all '.repeat(20)) });
  await expect(page.getByTestId('upload-error').first()).toContainText('The file is not a supported video (WebM, MP4 or MOV)');
  await expect(address).toHaveValue(src);
  // The upload error's own button: a toast's close button ("Dismiss notification") may be showing too.
  await page.getByTestId('upload-error').first().getByRole('button', { name: 'Dismiss', exact: true }).click();
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(address).toHaveValue('');
  await expect(page.getByTestId('video-field-preview')).toHaveCount(0);
});
