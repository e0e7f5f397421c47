import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures.ts';
import { axeViolations } from '../support/axe.ts';

/**
 * Portal fixes that came with the hiring pipeline: every job picker names a job "Title – City (requisition
 * id)"; at a phone width an application and a candidate open full screen with a named close button; the
 * candidate drawer's shortcuts (j/k next and previous, ? lists them) never fire while typing.
 * With SHOTS_DIR set, screenshots are written there for review.
 */
const RECRUITER = 'recruiter@demo.test';

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` });
}

test('job pickers tell openings with the same title apart by city and requisition id', async ({ page }) => {
  await signIn(page, RECRUITER);
  await page.goto('/harvest/cultivate/candidates');
  await expect(page.getByTestId('candidate-row').first()).toBeVisible({ timeout: 60_000 });
  await page.getByRole('combobox', { name: 'Assigned jobs' }).click();
  const options = page.getByRole('option', { name: /^ICU Registered Nurse – / });
  await expect(options.first()).toBeVisible();
  const names = await options.allTextContents();
  // Each one names its city and an id in brackets, and no two read the same.
  for (const n of names) expect(n).toMatch(/^ICU Registered Nurse – [A-Z][^(]+ \([^)]+\) · \d+ candidates?$/);
  expect(new Set(names).size).toBe(names.length);
});

test('at a phone width an application and a candidate open full screen, and close by a named button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, RECRUITER);
  await page.goto('/harvest/applications');
  const row = page.getByTestId('application-row').first();
  await expect(row).toBeVisible({ timeout: 60_000 });
  const name = (await row.getByRole('button').first().textContent())?.trim() ?? '';
  await row.getByRole('button').first().click();
  const app = page.getByRole('dialog', { name });
  await expect(app).toBeVisible();
  // Full screen, at the top of the screen where the recruiter is looking (not under the list).
  // (Polled: the drawer slides in, so its box settles only when the animation ends.)
  await expect.poll(() => app.boundingBox()).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
  await expect(app.getByRole('button', { name: 'Open candidate' })).toBeInViewport();
  await shot(page, 'inbox-application-390');
  await app.getByRole('button', { name: 'Close application' }).click();
  await expect(app).toBeHidden();

  await page.goto('/harvest/cultivate/candidates');
  await expect(page.getByTestId('candidate-row').first()).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('candidate-row').first().getByRole('button').nth(1).click();
  const drawer = page.getByRole('dialog').last();
  await expect(drawer.getByRole('combobox', { name: 'Status' })).toBeVisible();
  await expect.poll(() => drawer.boundingBox()).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
  // The drawer's own content scrolls to its last tab's content.
  await drawer.getByRole('tab', { name: 'Notes & timeline' }).scrollIntoViewIfNeeded();
  await expect(drawer.getByRole('tab', { name: 'Notes & timeline' })).toBeInViewport();
  await shot(page, 'candidate-drawer-390');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Close candidate' }).click();
  await expect(drawer).toBeHidden();
});

test('the candidate drawer: j and k move through the list, ? lists the shortcuts, typing is left alone', async ({ page }) => {
  await signIn(page, RECRUITER);
  await page.goto('/harvest/cultivate/candidates');
  const rows = page.getByTestId('candidate-row');
  await expect(rows.nth(2)).toBeVisible({ timeout: 60_000 });
  const nameOf = async (i: number) => ((await rows.nth(i).getByRole('button').nth(1).textContent()) ?? '').trim();
  const [first, second] = [await nameOf(0), await nameOf(1)];
  await rows.first().getByRole('button').nth(1).click();
  await expect(page.getByRole('dialog', { name: first })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('candidate-position')).toContainText('1 of');
  await page.keyboard.press('j');
  await expect(page.getByRole('dialog', { name: second })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('candidate-position')).toContainText('2 of');
  await page.keyboard.press('k');
  await expect(page.getByRole('dialog', { name: first })).toBeVisible();
  // A "j" typed into the tags box is text, not a shortcut.
  const tags = page.getByRole('dialog', { name: first }).getByRole('combobox', { name: 'Tags' });
  await tags.fill('');
  await tags.press('j');
  await expect(tags).toHaveValue('j');
  await expect(page.getByRole('dialog', { name: first })).toBeVisible();
  await tags.fill('');
  await page.getByRole('dialog', { name: first }).getByRole('heading').first().click();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Candidate shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('row', { name: 'j Next candidate in the list' })).toBeVisible();
  await expect(help.getByRole('row', { name: '? Show these shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await expect(page.getByRole('dialog', { name: first })).toBeVisible();
});
