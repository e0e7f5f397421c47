import { expect, type Page } from '@playwright/test';

/**
 * Opens an address inside the running portal, as its own links and the Back button do: the router
 * reads it from the history (one page load for a whole walk instead of one per screen; the server
 * answers every portal address with the same page, which other tests load directly). The shell keys
 * its page area by the path: the marked area is replaced once the new screen renders. Returns false
 * when only the search part would change (the area stays, so nothing could be waited on): load it then.
 */
export async function openInApp(page: Page, to: string): Promise<boolean> {
  const moved = await page.evaluate((target) => {
    const url = new URL(target, location.href);
    if (location.pathname === url.pathname) return location.search === url.search;
    document.querySelector('main > div')?.setAttribute('data-e2e-left', '');
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
    return true;
  }, to);
  if (moved) await expect(page.locator('main > div[data-e2e-left]'), to).toHaveCount(0);
  return moved;
}

/**
 * Counts the page's requests in flight, so a walk that moves inside one page (where the load state
 * "networkidle" was reached long ago) can wait for a screen's calls to settle.
 */
export function trackRequests(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const up = () => {
    inFlight += 1;
    lastChange = Date.now();
  };
  const down = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('request', up);
  page.on('requestfinished', down);
  page.on('requestfailed', down);
  return {
    /** Resolves once no request has been in flight for `quietMs` (the screen's calls have answered). */
    async settled(quietMs = 300, timeoutMs = 30_000) {
      await expect
        .poll(() => inFlight === 0 && Date.now() - lastChange >= quietMs, { message: 'the screen’s calls settle', timeout: timeoutMs, intervals: [100] })
        .toBe(true);
    },
  };
}
