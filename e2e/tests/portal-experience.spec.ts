import { ADMIN, expect, signIn, test } from '../support/fixtures.ts';

/** Issue 15: the portal's existing screens, finished (one check per finding). */

test('no React Router HydrateFallback warning on a portal load; Home is a work queue with links', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  await signIn(page, ADMIN);
  await page.goto('/');
  await expect(page.getByTestId('home-client-name')).toHaveText('Acme Health');
  await expect(page.getByRole('heading', { name: 'Waiting for you' })).toBeVisible();
  for (const id of ['applicants', 'jobs', 'review', 'unread', 'imports']) await expect(page.getByTestId(`queue-${id}`)).toBeVisible();
  await expect(page.getByTestId('queue-jobs')).toContainText(/Open jobs\s*\d+/);
  await expect(page.getByTestId('queue-applicants')).toContainText('Since');
  await expect(page.getByText('Subscriptions')).toHaveCount(0);
  await page.getByTestId('queue-jobs').getByRole('link').click();
  await expect(page).toHaveURL(/\/harvest\/jobs$/);
  expect(warnings.filter((w) => w.includes('HydrateFallback'))).toEqual([]);
});

test('the client page has no JSON box and the unread count is not editable; widget colours have human names', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/clients');
  await page.getByRole('link', { name: 'Acme Health' }).first().click();
  await expect(page.getByRole('heading', { name: 'Acme Health', exact: true })).toBeVisible();
  await expect(page.getByText('Advanced (JSON)')).toHaveCount(0);
  await expect(page.getByRole('spinbutton', { name: 'Unread conversations' })).toHaveCount(0);
  await expect(page.getByTestId('unread-conversations')).toContainText('counted from the conversations');
  await page.goto('/wave/widget-setup');
  await expect(page.getByRole('heading', { name: 'Widget setup', exact: true })).toBeVisible();
  await expect(page.getByLabel('Button background').first()).toBeVisible();
  await expect(page.getByText('buttonBackground')).toHaveCount(0);
});

test.describe('at 700 px', () => {
  test.use({ viewport: { width: 700, height: 900 } });

  test('the jobs table says it scrolls and the keyboard can scroll it; departments fit their cards', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/harvest/jobs');
    await expect(page.getByTestId('job-row').first()).toBeVisible();
    await expect(page.getByTestId('scroll-cue')).toHaveText('Scroll sideways for more columns →');
    const region = page.getByRole('region', { name: 'Table (scrolls sideways)' });
    await region.focus();
    await page.keyboard.press('ArrowRight'); // the focused region scrolls sideways from the keyboard
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    // Scrolled to its end, the last column (Status) lies inside the region.
    const [status, regionBox] = [await page.getByRole('columnheader', { name: 'Status' }).boundingBox(), await region.boundingBox()];
    expect(status && regionBox && status.x >= regionBox.x && status.x + status.width <= regionBox.x + regionBox.width + 1, 'Status inside the region').toBe(
      true,
    );

    await page.goto('/harvest/departments');
    const card = page.getByTestId('department-row').first();
    await expect(card).toBeVisible();
    const box = await card.boundingBox();
    for (const el of [card.getByRole('button', { name: 'Save' }), card.getByRole('button', { name: /^Delete / })]) {
      const b = await el.boundingBox();
      expect(b && box && b.x >= box.x && b.x + b.width <= box.x + box.width + 1, 'inside its card').toBe(true);
    }
    const name = card.getByRole('textbox', { name: /^Name of / });
    expect(await name.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  });
});
