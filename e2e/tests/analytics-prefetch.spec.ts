import type { Page, Request } from '@playwright/test';
import { ADMIN, apiLogin, bearer, expect, signIn, test, unique } from '../support/fixtures.ts';

// Core spec §9: "Link prefetch idle timeout: 2000 ms" and the GA4 settings.

const GA4_FLAGS = { send_page_view: false, cookie_flags: 'SameSite=None;Secure' };
const GTAG = /^https:\/\/www\.googletagmanager\.com\//;

/** Paths of the JS chunks the page requests, in order. */
function chunkRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r: Request) => {
    const p = new URL(r.url()).pathname;
    if (p.startsWith('/assets/') && p.endsWith('.js')) seen.push(p);
  });
  return seen;
}
const count = (seen: string[], re: RegExp) => seen.filter((p) => re.test(p)).length;
const CLIENTS_CHUNK = /\/assets\/ClientsPage-[^/]+\.js$/;
const LEGAL_CHUNK = /\/assets\/Legal-[^/]+\.js$/;
const JOBS_CHUNK = /\/assets\/JobsList-[^/]+\.js$/;

test.describe('link prefetch on idle', () => {
  test('the visible navbar links get their route chunk prefetched once, before they are clicked', async ({ page }) => {
    await signIn(page, ADMIN);
    const chunks = chunkRequests(page);
    // The page's timers run on Playwright's clock: the test moves time on instead of sleeping.
    await page.clock.install();
    await page.goto('/');
    await expect(page.getByTestId('home-client-name')).toBeVisible();
    await page.clock.runFor(2000);
    // Idle (at most 2000 ms after the navbar mounts): the chunks of Clients and Jobs arrive unasked.
    await expect.poll(() => count(chunks, CLIENTS_CHUNK), { timeout: 6000 }).toBe(1);
    await expect.poll(() => count(chunks, JOBS_CHUNK), { timeout: 6000 }).toBe(1);
    // Legal sits below the fold of the navbar's scroll area at 800 px high: not visible, not prefetched
    // (given a further half second on the page's clock).
    await page.clock.runFor(500);
    expect(count(chunks, LEGAL_CHUNK)).toBe(0);
    // A route that has no navbar link (the single client page) is not prefetched.
    expect(count(chunks, /\/assets\/ClientPage-[^/]+\.js$/)).toBe(0);

    const nav = page.getByRole('navigation', { name: 'Main' });
    // Scrolled into view, Legal is prefetched without being clicked.
    await nav.getByRole('link', { name: 'Legal' }).scrollIntoViewIfNeeded();
    await expect.poll(() => count(chunks, LEGAL_CHUNK)).toBe(1);
    expect(page.url()).not.toMatch(/\/legal$/);

    await nav.getByRole('link', { name: 'Clients' }).click();
    await expect(page.getByRole('heading', { name: 'Clients', exact: true })).toBeVisible();
    await nav.getByRole('link', { name: 'Legal' }).click();
    await expect(page.getByRole('heading', { name: 'Legal', exact: true })).toBeVisible();
    // Navigating used the prefetched modules: no second request for either chunk.
    expect(count(chunks, CLIENTS_CHUNK)).toBe(1);
    expect(count(chunks, LEGAL_CHUNK)).toBe(1);
  });

  test.describe('at 700 px wide', () => {
    test.use({ viewport: { width: 700, height: 900 } });

    test('links of the collapsed navbar are not prefetched until the burger shows them', async ({ page }) => {
      await signIn(page, ADMIN);
      const chunks = chunkRequests(page);
      await page.clock.install();
      await page.goto('/');
      await expect(page.getByTestId('home-client-name')).toBeVisible();
      // Past the 2000 ms idle timeout (the page's clock run on), with the navbar off-screen: nothing prefetched.
      await page.clock.runFor(3000);
      expect(count(chunks, CLIENTS_CHUNK)).toBe(0);
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeInViewport();
      await expect.poll(() => count(chunks, CLIENTS_CHUNK)).toBe(1);
      expect(page.url()).not.toMatch(/\/clients$/);
    });
  });

  test('without requestIdleCallback the prefetch waits 2000 ms (setTimeout)', async ({ page }) => {
    await page.context().addInitScript(() => {
      const w = window as unknown as { requestIdleCallback?: unknown; __timers2000: number[] };
      delete w.requestIdleCallback;
      w.__timers2000 = [];
      const original = window.setTimeout.bind(window);
      window.setTimeout = ((fn: TimerHandler, ms?: number, ...rest: unknown[]) => {
        if (ms === 2000) w.__timers2000.push(performance.now());
        return original(fn, ms, ...rest);
      }) as typeof window.setTimeout;
    });
    await signIn(page, ADMIN);
    const chunks = chunkRequests(page);
    await page.goto('/');
    await expect(page.getByTestId('home-client-name')).toBeVisible();
    await expect.poll(() => count(chunks, CLIENTS_CHUNK), { timeout: 6000 }).toBe(1);
    const timing = await page.evaluate(() => ({
      scheduled: (window as unknown as { __timers2000: number[] }).__timers2000,
      fetched: performance.getEntriesByType('resource').find((e) => /\/assets\/ClientsPage-/.test(e.name))?.startTime ?? -1,
    }));
    expect(timing.scheduled.length).toBeGreaterThan(0);
    expect(timing.fetched).toBeGreaterThanOrEqual(Math.min(...timing.scheduled) + 2000);
  });

  test('nothing is prefetched when the browser asks to save data', async ({ page }) => {
    await page.context().addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) });
    });
    await signIn(page, ADMIN);
    const chunks = chunkRequests(page);
    await page.clock.install();
    await page.goto('/');
    await expect(page.getByTestId('home-client-name')).toBeVisible();
    await page.clock.runFor(3000);
    expect(count(chunks, CLIENTS_CHUNK)).toBe(0);
    expect(count(chunks, LEGAL_CHUNK)).toBe(0);
  });
});

/**
 * No internet here: gtag.js is answered by a tiny stand-in that counts its loads and copies the
 * dataLayer it finds. Every request to Google's host is recorded.
 */
async function fakeGtag(page: Page) {
  const requested: string[] = [];
  page.on('request', (r) => {
    if (GTAG.test(r.url())) requested.push(r.url());
  });
  await page.route(GTAG, (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: 'window.__gtagLoads=(window.__gtagLoads||0)+1;window.__gtagSawLayer=(window.dataLayer||[]).map(function(a){return Array.prototype.slice.call(a)});',
    }),
  );
  return requested;
}

interface Ga {
  dataLayer?: unknown[];
  gtag?: unknown;
}

/** The gtag calls the portal made, as arrays (the dataLayer holds Arguments objects). */
const gtagCalls = (page: Page): Promise<unknown[][]> =>
  page.evaluate(() => ((window as unknown as Ga).dataLayer ?? []).map((a) => Array.from(a as ArrayLike<unknown>)));

/** Replaces the server's runtime config measurement id (GA4_MEASUREMENT_ID) in the portal's HTML. */
async function configuredId(page: Page, id: string) {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/') && url.hostname === '127.0.0.1',
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const res = await route.fetch();
      const html = await res.text();
      const patched = html.replace('"ga4MeasurementId":null', `"ga4MeasurementId":${JSON.stringify(id)}`);
      expect(patched, 'the runtime config carries ga4MeasurementId').not.toBe(html);
      return route.fulfill({ response: res, body: patched });
    },
  );
}

test.describe('analytics (GA4)', () => {
  test("the selected client's measurement id loads gtag.js once, with page views off and the cookie flags", async ({ page, request }) => {
    const admin = await apiLogin(request, ADMIN);
    const list = await request.get('/api/client', { headers: bearer(admin), params: { pageSize: 500 } });
    const demo = ((await list.json()) as { results: Array<{ _id: string; nameSlug: string }> }).results.find((c) => c.nameSlug === 'acme-health');
    expect(demo).toBeTruthy();
    const demoId = demo!._id;
    const setDemoId = async (ga4MeasurementId: string | null) => {
      const res = await request.patch('/api/client/update', { headers: bearer(admin), data: { _id: demoId, ga4MeasurementId } });
      expect(res.status(), await res.text()).toBe(200);
    };
    const otherName = unique('Ga4-other');
    const other = await request.post('/api/client/create', { headers: bearer(admin), data: { name: otherName, ga4MeasurementId: 'G-E2EOTHER2' } });
    expect(other.status(), await other.text()).toBe(201);
    const noneName = unique('Ga4-none');
    const none = await request.post('/api/client/create', { headers: bearer(admin), data: { name: noneName } });
    expect(none.status(), await none.text()).toBe(201);

    await setDemoId('G-E2EDEMO1');
    try {
      const requested = await fakeGtag(page);
      // A configured default exists too: the client's own id replaces it (it is never configured).
      await configuredId(page, 'G-E2EDEFAULT');
      await signIn(page, ADMIN);
      await page.context().addInitScript((id) => {
        if (!sessionStorage.getItem('e2e.client')) {
          sessionStorage.setItem('e2e.client', '1');
          localStorage.setItem('selectedClientId', id);
        }
      }, demoId);
      await page.goto('/');
      await expect(page.getByTestId('home-client-name')).toHaveText('Acme Health');

      await expect.poll(() => requested).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-E2EDEMO1']);
      await expect.poll(() => page.evaluate(() => (window as unknown as { __gtagLoads?: number }).__gtagLoads)).toBe(1);
      const calls = await gtagCalls(page);
      expect(calls.filter((c) => c[0] === 'config')).toEqual([['config', 'G-E2EDEMO1', GA4_FLAGS]]);
      // The stand-in found the config call waiting in the dataLayer when it loaded.
      const sawConfig = await page.evaluate(() => (window as unknown as { __gtagSawLayer: unknown[][] }).__gtagSawLayer.some((c) => c[0] === 'config'));
      expect(sawConfig).toBe(true);

      // Automatic page tracking is off: navigating sends no page_view (no event at all).
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Legal' }).click();
      await expect(page.getByRole('heading', { name: 'Legal', exact: true })).toBeVisible();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
      await expect(page.getByTestId('home-client-name')).toHaveText('Acme Health');
      expect((await gtagCalls(page)).filter((c) => c[0] === 'event')).toEqual([]);

      // Another client with its own id: reconfigured, gtag.js not loaded again, the old id switched off.
      await page.getByTestId('client-switcher').click();
      await page.getByRole('option', { name: otherName }).click();
      await expect(page.getByTestId('home-client-name')).toHaveText(otherName);
      await expect
        .poll(async () => (await gtagCalls(page)).filter((c) => c[0] === 'config'))
        .toEqual([
          ['config', 'G-E2EDEMO1', GA4_FLAGS],
          ['config', 'G-E2EOTHER2', GA4_FLAGS],
        ]);
      expect(await page.evaluate(() => (window as unknown as Record<string, unknown>)['ga-disable-G-E2EDEMO1'])).toBe(true);

      // A client without an id falls back to the configured default.
      await page.getByTestId('client-switcher').click();
      await page.getByRole('option', { name: noneName }).click();
      await expect(page.getByTestId('home-client-name')).toHaveText(noneName);
      await expect.poll(async () => (await gtagCalls(page)).filter((c) => c[0] === 'config').at(-1)).toEqual(['config', 'G-E2EDEFAULT', GA4_FLAGS]);
      expect(await page.evaluate(() => (window as unknown as Record<string, unknown>)['ga-disable-G-E2EOTHER2'])).toBe(true);
      expect(requested).toHaveLength(1);
      expect(await page.evaluate(() => (window as unknown as { __gtagLoads?: number }).__gtagLoads)).toBe(1);
    } finally {
      await setDemoId(null);
    }
  });

  test('with no measurement id at all nothing is loaded', async ({ page }) => {
    const requested = await fakeGtag(page);
    await signIn(page, 'staff@demo.test');
    await page.clock.install();
    await page.goto('/');
    await expect(page.getByTestId('home-client-name')).toHaveText('Acme Health');
    await page.clock.runFor(2500);
    expect(requested).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as Ga).dataLayer === undefined && (window as unknown as Ga).gtag === undefined)).toBe(true);
  });

  test('a client without its own id uses the configured measurement id', async ({ page }) => {
    const requested = await fakeGtag(page);
    await configuredId(page, 'G-E2EDEFAULT');
    await signIn(page, 'staff@demo.test');
    await page.goto('/');
    await expect(page.getByTestId('home-client-name')).toHaveText('Acme Health');
    await expect.poll(() => requested).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-E2EDEFAULT']);
    expect((await gtagCalls(page)).filter((c) => c[0] === 'config')).toEqual([['config', 'G-E2EDEFAULT', GA4_FLAGS]]);
  });
});
