import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { ADMIN, bearer, expect as baseExpect, signIn, test, unique } from '../support/fixtures.ts';
import { axeViolations } from '../support/axe.ts';
import { e2eDir } from '../support/paths.ts';

// The editor bundle and the iframe canvas load slowly on a busy machine: wait for what the user sees, longer.
const expect = baseExpect.configure({ timeout: 30_000 });

/** The site builder in the browser (decision 0030): build a Home page from the default template, preview it on mobile, publish, unpublish, restore. */

/** A 1 × 1 PNG: the smallest picture the server's image pipeline accepts and re-encodes. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Drags a block from Puck's drawer to just above `target` in the canvas (pointer events, as a person would). */
async function dragBlock(page: Page, label: string, target: Locator) {
  const src = page.getByText(label, { exact: true }).first();
  await src.scrollIntoViewIfNeeded();
  const s = await src.boundingBox();
  const t = await target.boundingBox();
  if (!s || !t) throw new Error('drag source or target not visible');
  await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2);
  await page.mouse.down();
  await page.mouse.move(s.x + 60, s.y + 30, { steps: 5 });
  await page.mouse.move(t.x + 100, t.y - 10, { steps: 25 });
  await page.mouse.up();
}

test('a recruiter builds a Home page from the default template, previews it on mobile, publishes, unpublishes and restores it', async ({ page, request }) => {
  test.setTimeout(300_000);
  const admin = await signIn(page, ADMIN);
  const headers = bearer(admin);
  const subscriptions = { harvest: true, wave: true, motivator: true, cultivate: false, harvestPlus: false, media: false };
  const created = await request.post('/api/client/create', { headers, data: { name: unique('Builder'), subscriptions } });
  expect(created.status(), await created.text()).toBe(201);
  const client = (await created.json()) as { _id: string; nameSlug: string };
  const dep = async (name: string) =>
    ((await (await request.post('/api/departments/create', { headers, data: { clientId: client._id, name } })).json()) as { _id: string })._id;
  const nursing = await dep('Nursing');
  const billing = await dep('Billing');
  for (const [title, departmentId] of [
    ['ICU Nurse', nursing],
    ['Billing Clerk', billing],
  ]) {
    const r = await request.post('/api/job/create', { headers, data: { clientId: client._id, title, departmentId, zipCode: '78701' } });
    expect(r.status(), await r.text()).toBe(201);
  }
  await page.addInitScript((id) => localStorage.setItem('selectedClientId', id), client._id);

  // Start from the default template.
  await page.goto('/harvest/editor');
  await page.getByRole('button', { name: 'Start from the default template' }).click();
  // The portal says what happened (the API keeps the spec's combined "created or updated" text).
  await expect(page.getByText('Template created successfully.', { exact: true })).toBeVisible();
  await expect(page.getByTestId('page-row')).toHaveCount(2);

  // The editor: add a hero, filter the job list to Nursing, keep the meet-the-team strip.
  await page.getByTestId('page-row').filter({ hasText: 'Home' }).getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/harvest\/editor\/edit\/Home$/);
  const canvas = page.frameLocator('[data-testid=puck-editor] iframe');
  await expect(canvas.getByRole('heading', { name: 'Care is a team sport' })).toBeVisible();
  await dragBlock(page, 'Hero', canvas.getByRole('heading', { name: 'Care is a team sport' }));
  const newHero = canvas.getByRole('heading', { name: 'Do the best work of your life' });
  await expect(newHero).toBeVisible();
  await newHero.click();
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await title.fill('Nurses wanted in Austin');
  await expect(canvas.getByRole('heading', { name: 'Nurses wanted in Austin' })).toBeVisible();
  // The hero's picture: uploaded from the computer, not typed as an address.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a picture' }).first().click();
  await (await chooser).setFiles({ name: 'team.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') });
  await expect(page.getByTestId('image-field-preview').first()).toHaveAttribute('src', /\/media\//);
  await expect(page.getByRole('textbox', { name: 'Background image: address' })).toHaveValue(/\/media\/.+/);
  await expect(canvas.locator('section.hero img.bg').first()).toHaveAttribute('src', /\/media\//);
  await page.screenshot({ path: path.join(e2eDir, 'screenshots', 'site-builder-image-field.png') });
  await canvas.getByRole('heading', { name: 'Jobs we are hiring for now' }).click();
  await page.getByRole('combobox', { name: 'Department', exact: true }).selectOption({ label: 'Nursing' });
  await expect(canvas.getByText('ICU Nurse')).toBeVisible();
  await expect(canvas.getByText('Billing Clerk')).toHaveCount(0);
  await expect(canvas.getByRole('heading', { name: 'Meet your team' })).toBeVisible();
  // A text block is written in a rich-text editor (bold from the toolbar), never as markup.
  await dragBlock(page, 'Rich text', canvas.getByRole('heading', { name: 'Meet your team' }));
  const story = canvas.getByRole('heading', { name: 'Our story' });
  await expect(story).toBeVisible();
  await story.click();
  const text = page.getByRole('textbox', { name: 'Text', exact: true });
  await expect(text).toContainText('Tell candidates who you are');
  await text.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('We put ');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('nurses first');
  await expect(canvas.locator('.prose strong', { hasText: 'nurses first' })).toBeVisible();
  await page.screenshot({ path: path.join(e2eDir, 'screenshots', 'site-builder-rich-text.png') });
  await expect(page.getByTestId('save-state')).toHaveText('Draft saved');

  // Preview on mobile: the saved draft at 390 px.
  await page.getByRole('link', { name: 'Preview' }).click();
  await expect(page).toHaveURL(/\/harvest\/editor\/preview\/mobile\/Home$/);
  const frame = page.getByTestId('preview-frame');
  expect((await frame.boundingBox())?.width).toBe(390);
  await expect(page.frameLocator('[data-testid=preview-frame]').getByRole('heading', { name: 'Nurses wanted in Austin' })).toBeVisible();

  // Publish from the editor: the notice links to the public page.
  await page.getByRole('link', { name: 'Back to the editor' }).click();
  await expect(canvas.getByRole('heading', { name: 'Nurses wanted in Austin' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  const notice = page.getByTestId('published-notice');
  await expect(notice).toContainText('Page published successfully');
  await expect(notice.getByRole('link', { name: 'Open the public page' })).toHaveAttribute('href', new RegExp(`/${client.nameSlug}$`));

  // The site root shows it, with the job list filtered to Nursing.
  await page.goto(`/${client.nameSlug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nurses wanted in Austin' })).toBeVisible();
  // The uploaded picture is served from this server and really loads.
  const heroImg = page.locator('section.hero img.bg').first();
  await expect(heroImg).toHaveAttribute('src', /\/media\//);
  await expect.poll(() => heroImg.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(1);
  await expect(page.getByText('ICU Nurse')).toBeVisible();
  await expect(page.getByText('Billing Clerk')).toHaveCount(0);
  await expect(page.locator('.prose p', { hasText: 'We put nurses first' }).locator('strong')).toHaveText('nurses first');

  // Unpublish: the root goes back to the search page.
  await page.goto('/harvest/editor');
  const home = page.getByTestId('page-row').filter({ hasText: 'Home' });
  await expect(home.getByText('Live · v1')).toBeVisible();
  await home.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('Page unpublished successfully.')).toBeVisible();
  await page.goto(`/${client.nameSlug}`);
  await expect(page).toHaveURL(new RegExp(`/${client.nameSlug}/search-page\\?v=`));

  // Restore version 1 in one click.
  await page.goto('/harvest/editor');
  await page.getByTestId('page-row').filter({ hasText: 'Home' }).getByRole('button', { name: 'Versions of Home' }).click();
  await expect(page.getByTestId('version-row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(page.getByTestId('published-notice')).toContainText('Page published successfully');
  await page.goto(`/${client.nameSlug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nurses wanted in Austin' })).toBeVisible();
});

test('a recruiter writes a motivator story with the rich-text editor and uploads its picture; the preview and the public page show them', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await signIn(page, ADMIN);
  const headers = bearer(admin);
  const subscriptions = { harvest: true, wave: true, motivator: true, cultivate: false, harvestPlus: false, media: false };
  const created = await request.post('/api/client/create', { headers, data: { name: unique('Story'), subscriptions } });
  expect(created.status(), await created.text()).toBe(201);
  const client = (await created.json()) as { _id: string; nameSlug: string };
  await page.addInitScript((id) => localStorage.setItem('selectedClientId', id), client._id);

  await page.goto('/harvest/motivator');
  await page.getByRole('textbox', { name: 'New motivator' }).fill('Home every night');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/harvest\/motivator\/[0-9a-f-]{36}$/);
  const story = page.getByRole('textbox', { name: 'Story' });
  await story.click();
  await page.keyboard.type('Our clinics close at ');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('7 pm');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bullet list' }).click();
  await page.keyboard.type('No mandatory overtime');
  // The picture is uploaded from the computer, as in the page editor.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a picture' }).click();
  await (await chooser).setFiles({ name: 'clinic.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') });
  await expect(page.getByTestId('image-field-preview')).toHaveAttribute('src', /\/media\//);
  await page.getByRole('switch', { name: 'Published' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Motivator updated successfully.').first()).toBeVisible();
  await page.screenshot({ path: path.join(e2eDir, 'screenshots', 'motivator-story.png') });
  // The form (rich text, picture picker) passes axe's WCAG 2.2 AA rules.
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Preview' }).click();
  const preview = page.frameLocator('[data-testid=preview-frame]');
  await expect(preview.locator('.prose strong')).toHaveText('7 pm');
  await expect(preview.locator('.prose li')).toHaveText('No mandatory overtime');

  await page.goto(`/${client.nameSlug}/motivator/home-every-night`);
  await expect(page.locator('.prose p', { hasText: 'Our clinics close at' }).locator('strong')).toHaveText('7 pm');
  await expect(page.locator('.prose li')).toHaveText('No mandatory overtime');
  const hero = page.locator('section.hero img.bg');
  await expect(hero).toHaveAttribute('src', /\/media\//);
  await expect.poll(() => hero.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(1);
});
