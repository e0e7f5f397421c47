import { messages } from '@hh/contract/messages';
import { ADMIN, expect, signIn, test } from '../support/fixtures.ts';

test('a 5xx reloads the page at most 3 times, then reloads are blocked for 5 s', async ({ page, consoleAllow }) => {
  consoleAllow.push(/status of 500/);
  await signIn(page, ADMIN);
  await page.route(
    (url) => url.pathname === '/api/client',
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errorMsg: { server: ['Internal server error'] } }) }),
  );
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.goto('/');
  // First load plus 3 reloads; the 4th failure is not reloaded and the error state stays.
  await expect.poll(() => loads, { timeout: 120_000 }).toBe(4); // four page loads: generous on a busy machine
  await expect(page.getByText('Could not load this data')).toBeVisible();
  const state = await page.evaluate(() => ({
    count: sessionStorage.getItem('portal.reloadCount'),
    blockedUntil: Number(sessionStorage.getItem('portal.reloadBlockedUntil')),
    loadedAt: performance.timeOrigin, // this document's start: before its failed call
    readAt: Date.now(), // after it
  }));
  expect(state.count).toBe('0');
  // The block is 5 s from the 4th failure, which happened between this document's start and now:
  // bounds from both instants, so a slow machine changes nothing (no wall-clock race).
  expect(state.blockedUntil).toBeGreaterThanOrEqual(Math.floor(state.loadedAt) + 5000);
  expect(state.blockedUntil).toBeLessThanOrEqual(state.readAt + 5000);
  expect(loads).toBe(4);
});

test('a failed chunk load reloads once, then shows the error screen', async ({ page, consoleAllow }) => {
  consoleAllow.push(/ERR_FAILED|Failed to fetch dynamically imported module|Route error|Failed to load resource/);
  await signIn(page, ADMIN);
  await page.goto('/');
  await expect(page.getByTestId('home-client-name')).toBeVisible();
  await page.route(/\/assets\/Legal-[^/]+\.js$/, (route) => route.abort('failed'));
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Legal' }).click();
  // The failed chunk reloads the page once (now on /legal, where the chunk fails again): no second reload.
  await expect(page.getByTestId('error-title')).toHaveText(messages.errorScreen.generic);
  expect(loads).toBe(1);
  await expect(page.getByRole('link', { name: messages.errorScreen.homeLink })).toBeVisible();
});
