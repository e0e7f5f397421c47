import { messages } from '@hh/contract/messages';
import { ADMIN, expect, signIn, test } from '../support/fixtures.ts';

test('an unknown page shows "This page could not be found"', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/settings/no-such-page');
  await expect(page.getByRole('heading', { name: messages.errorScreen.pageNotFound })).toBeVisible();
  await page.goto('/not-found');
  await expect(page.getByRole('heading', { name: messages.errorScreen.pageNotFound })).toBeVisible();
});

test('the error screen shows the spec texts and a link home', async ({ page }) => {
  await page.goto('/error?status=404');
  await expect(page.getByTestId('error-title')).toHaveText(messages.errorScreen.notFound);
  await page.goto('/error');
  await expect(page.getByTestId('error-title')).toHaveText(messages.errorScreen.generic);
  await expect(page.getByRole('link', { name: messages.errorScreen.homeLink })).toHaveAttribute('href', '/');
});

const screens: Array<[string, string]> = [
  ['/', 'home-client-name'],
  ['/clients', 'Clients'],
  ['/admin', 'Team'],
  ['/recruiter-management', 'Team'],
  ['/settings', 'Settings'],
  ['/settings/my-profile', 'My profile'],
  ['/activity-log', 'Activity log'],
  ['/legal', 'Legal'],
];

test.describe('at 700 px wide', () => {
  test.use({ viewport: { width: 700, height: 900 } });

  test('every main screen fits without horizontal scrolling and the burger opens the navigation', async ({ page }) => {
    await signIn(page, ADMIN);
    for (const [path, marker] of screens) {
      await page.goto(path);
      if (marker.includes('-')) await expect(page.getByTestId(marker)).toBeVisible();
      else await expect(page.getByRole('heading', { name: marker, exact: true })).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} overflows horizontally`).toBeLessThanOrEqual(700);
    }
    const clientId = await page.evaluate(() => localStorage.getItem('selectedClientId'));
    await page.goto(`/clients/${clientId}`);
    await expect(page.getByTestId('client-title')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(700);

    const nav = page.getByRole('navigation', { name: 'Main' });
    // Below the breakpoint the navbar slides off-screen; the burger brings it in.
    await expect(nav).not.toBeInViewport();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(nav).toBeInViewport();
    await nav.getByRole('link', { name: 'Legal' }).click();
    await expect(page).toHaveURL(/\/legal$/);
    await expect(page.getByRole('heading', { name: 'Legal', exact: true })).toBeVisible();
    await expect(nav).not.toBeInViewport();
  });
});

test('screenshots at 1280 px and 700 px', async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  await page.goto('/');
  await expect(page.getByTestId('home-client-name')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('home-1280.png') });
  await page.setViewportSize({ width: 700, height: 900 });
  await page.goto('/clients');
  await expect(page.getByRole('heading', { name: 'Clients', exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('clients-700.png') });
});

test('client staff see only their own client and no admin areas', async ({ page }) => {
  await signIn(page, 'staff@demo.test');
  await page.goto('/');
  await expect(page.getByTestId('home-client-name')).toHaveText('Acme Health');
  await page.getByTestId('client-switcher').click();
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Escape');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Activity log' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Clients' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: messages.errorScreen.pageNotFound })).toBeVisible();
});
