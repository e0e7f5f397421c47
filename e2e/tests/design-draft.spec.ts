import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { messages } from '@hh/contract/messages';
import { screenAxe, axeViolations } from '../support/axe.ts';
import { ADMIN, bearer, expect as baseExpect, signIn, test } from '../support/fixtures.ts';

// The editor's chunks load slowly on a busy machine: wait for what the user sees, longer.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * The career site's design as a draft (docs/site-builder.md "Design: draft, preview, publish"): a
 * recruiter uploads and crops a logo (a refused file says why), changes a colour, previews the pages
 * at desktop and mobile width with the draft design, publishes, sees it live on /acme-health/ and
 * rolls back; visitors keep the published design until each publish.
 */
const SLUG = 'acme-health';
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/design-shots';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A 1 × 1 PNG: a picture, but far too small for a logo. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** A logo with room around it to crop, and a script that must not survive. */
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="160" viewBox="0 0 320 160"><script>alert(1)</script>' +
    '<rect width="320" height="160" fill="#f4efe6"/><circle cx="110" cy="80" r="44" fill="#aa3300"/>' +
    '<rect x="170" y="52" width="70" height="56" rx="10" fill="#0b3d6e"/></svg>',
);

test('a recruiter uploads and crops a logo, stages a design change, previews it on desktop and mobile, publishes it, sees it live and rolls it back', async ({
  page,
  request,
  consoleAllow,
}) => {
  test.setTimeout(240_000);
  // The refused logo file's answer (400) is logged by the browser; its message is checked on screen.
  consoleAllow.push(/status of 400/);
  const admin = await signIn(page, ADMIN);
  const headers = bearer(admin);
  const list = await request.get('/api/client', { headers, params: { pageSize: 500 } });
  const acme = ((await list.json()) as { results: Array<{ _id: string; nameSlug: string }> }).results.find((c) => c.nameSlug === SLUG);
  expect(acme).toBeTruthy();
  const clientId = acme?._id ?? '';
  type State = { live: { colors: { primary: string }; logo?: string } | null; liveVersion: number | null; draftDiffers: boolean };
  const state = async () => (await (await request.get('/api/page-design-options/published', { headers, params: { clientId } })).json()) as State;
  const livePage = async () => (await request.get(`/${SLUG}/`)).text();
  const before = await state();
  expect(before.liveVersion).toBeGreaterThan(0);
  const oldPrimary = before.live?.colors.primary ?? '';
  const NEW = '#aa3300';
  expect(oldPrimary).not.toBe(NEW);

  await page.addInitScript((id) => localStorage.setItem('selectedClientId', id), clientId);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/harvest/editor');
  await expect(page.getByTestId('design-state')).toContainText(`Live · version ${before.liveVersion}`, { timeout: 60_000 });

  // A file too small for a logo: refused in words, nothing changes.
  const fileInput = page.locator('input[type=file][accept*="image/svg+xml"]');
  await fileInput.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG_1X1 });
  const dialog = page.getByRole('dialog', { name: 'Crop the logo' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Use this logo' }).click();
  await expect(dialog.getByTestId('logo-error')).toHaveText(messages.pages.logoTooSmall(1, 1, 48));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The SVG logo: zoom in to drop the margin, see the crop as the header will show it, keep it.
  await fileInput.setInputFiles({ name: 'acme.svg', mimeType: 'image/svg+xml', buffer: SVG });
  await expect(dialog).toBeVisible();
  const zoom = dialog.getByRole('slider', { name: 'Zoom' });
  await zoom.focus();
  for (let i = 0; i < 6; i++) await zoom.press('ArrowRight');
  await expect(zoom).toHaveAttribute('aria-valuenow', '1.3');
  await expect(dialog.getByTestId('crop-frame')).toHaveAttribute('style', /width: 76\.9/);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await axeViolations(page, { include: ['[role=dialog]'] }), `crop dialog at ${width}px`).toEqual([]);
    await shot(page, `logo-crop-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Use this logo' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(messages.pages.designDraftSaved).first()).toBeVisible();
  const preview = page.getByTestId('logo-preview');
  await expect(preview).toHaveAttribute('src', new RegExp(`/media/images/${clientId}/logos/[0-9a-f-]+\\.png$`));
  const logoUrl = (await preview.getAttribute('src')) ?? '';
  // Served as the server's PNG, cropped: the SVG's proportions (2:1), zoomed.
  const logo = await request.get(new URL(logoUrl).pathname);
  expect(logo.headers()['content-type']).toBe('image/png');
  expect((await logo.body()).toString('latin1')).not.toContain('alert');

  // A colour change, saved as the draft: visitors still see the published design.
  const buttons = page.getByRole('textbox', { name: 'Buttons', exact: true });
  await buttons.fill(NEW);
  await buttons.press('Enter');
  await expect(page.getByTestId('design-state')).toContainText('Unsaved changes');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByTestId('design-state')).toContainText('Draft not published');
  expect(await livePage()).toContain(`--p:${oldPrimary}`);
  expect(await livePage()).not.toContain(logoUrl);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(page.getByTestId('design-state')).toBeVisible();
    expect(await screenAxe(page), `design form at ${width}px`).toEqual([]);
    await shot(page, `design-draft-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Preview the pages with the draft design, on desktop then on mobile.
  await page.getByRole('button', { name: 'Preview on desktop' }).click();
  await expect(page).toHaveURL(/\/harvest\/editor\/preview\/desktop\/Home$/);
  const frame = page.frameLocator('[data-testid=preview-frame]');
  const framePrimary = () => frame.locator('body').evaluate((b) => getComputedStyle(b.ownerDocument.documentElement).getPropertyValue('--p').trim());
  await expect(frame.locator('img[src*="/logos/"]').first()).toBeVisible();
  await expect.poll(framePrimary).toBe(NEW);
  await shot(page, 'preview-desktop-1280');
  await page.getByRole('radiogroup', { name: 'Display' }).getByText('Mobile', { exact: true }).click();
  await expect(page).toHaveURL(/\/harvest\/editor\/preview\/mobile\/Home$/);
  await expect(page.getByTestId('preview-frame')).toHaveCSS('width', '390px');
  await expect.poll(framePrimary).toBe(NEW);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'preview-mobile-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Publish: live at once, with the logo.
  await page.goto('/harvest/editor');
  await page.getByRole('button', { name: 'Publish design' }).click();
  const published = before.liveVersion ?? 0;
  await expect(page.getByTestId('published-notice').first()).toContainText(messages.pages.designPublished(published + 1));
  await expect(page.getByTestId('design-state')).toContainText(`Live · version ${published + 1}`);
  expect(await livePage()).toContain(`--p:${NEW}`);
  await page.goto(`/${SLUG}/`);
  await expect(page.locator(`header img[src="${logoUrl}"]`)).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await shot(page, `live-published-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Roll back to the version that was live before: visitors see the old design again, the draft follows.
  await page.goto('/harvest/editor');
  await page.getByRole('button', { name: 'Design versions' }).click();
  const versions = page.getByRole('dialog', { name: 'Design versions' });
  await expect(versions.getByTestId('design-version-row').first()).toContainText('Live');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await axeViolations(page, { include: ['[role=dialog]'] }), `versions at ${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await versions.getByRole('button', { name: `Restore version ${published}` }).click();
  await expect(page.getByTestId('published-notice').first()).toContainText(messages.pages.designRestored(published, published + 2));
  await versions.getByRole('button', { name: 'Close' }).click();
  const after = await state();
  expect(after).toMatchObject({ liveVersion: published + 2, draftDiffers: false });
  expect(after.live?.colors.primary).toBe(oldPrimary);
  expect(after.live?.logo).toBe(before.live?.logo);
  expect(await livePage()).toContain(`--p:${oldPrimary}`);
  expect(await livePage()).not.toContain(logoUrl);
  await expect(page.getByRole('textbox', { name: 'Buttons', exact: true })).toHaveValue(oldPrimary);
});
