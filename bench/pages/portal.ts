// bench/pages/portal.ts (issue 15): Lighthouse on the portal's /login and on the signed-in dashboard
// (Home, the demo admin), served by the real server (child process, throw-away embedded PostgreSQL,
// demo data). Prints performance and accessibility (and the other categories) for each.
//   CHROME_PATH=/usr/bin/chromium npm run bench:portal
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROME_FLAGS } from '../lib/lighthouse.ts';
import { startServer } from '../lib/server.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

const server = await startServer();
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
try {
  const base = server.base;
  const run = async (name: string, url: string, signedIn: boolean) => {
    const r = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      // Desktop: the portal is a desk tool (the career sites are measured as mobile in run.ts).
      formFactor: 'desktop',
      screenEmulation: { mobile: false, width: 1280, height: 800, deviceScaleFactor: 1, disabled: false },
      throttlingMethod: 'simulate',
      disableStorageReset: signedIn,
    });
    const lhr = r?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
    console.log(`${name}: ${url}`);
    for (const id of CATEGORIES)
      console.log(`  ${(lhr.categories[id]?.title ?? id).padEnd(15)} ${String(Math.round((lhr.categories[id]?.score ?? 0) * 100)).padStart(3)}`);
    const m = (id: string) => lhr.audits[id]?.displayValue;
    console.log(
      `  FCP ${m('first-contentful-paint')}, LCP ${m('largest-contentful-paint')}, TBT ${m('total-blocking-time')}, CLS ${m('cumulative-layout-shift')}`,
    );
  };
  await run('portal /login', `${base}/login`, false);

  // Sign in over HTTP as the demo admin and put the session where the portal keeps it (localStorage),
  // then measure Home with the storage kept.
  const login = (await (
    await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'demo-password-1' }),
    })
  ).json()) as { tokens: { accessToken: string; refreshToken?: string; expiresIn: number } };
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${base}/login`);
  await page.evaluate(
    (v) => localStorage.setItem('auth._session.local', v),
    JSON.stringify({
      accessToken: login.tokens.accessToken,
      refreshToken: login.tokens.refreshToken,
      expiresAt: Date.now() + login.tokens.expiresIn * 1000,
    }),
  );
  await page.close();
  await browser.disconnect();
  await run('portal dashboard (/ signed in)', `${base}/`, true);
} finally {
  await chrome.kill();
  await server.stop();
}
