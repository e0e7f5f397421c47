// bench/pages/portal.ts: Lighthouse on the portal's /login and on the signed-in dashboard
// (Home, the demo admin), served by the real server (child process, throw-away embedded PostgreSQL,
// demo data). Prints performance and accessibility (and the other categories) for each.
//   CHROME_PATH=/usr/bin/chromium npm run bench:portal
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { CHROME_FLAGS } from '../lib/lighthouse.ts';
import { startServer } from '../lib/server.ts';
import { portalWeights } from './portal-weight.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

console.log(
  `load average ${(await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} on ${(await import('node:os')).cpus().length} cores`,
);
const server = await startServer();
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
try {
  const base = server.base;
  const run = async (name: string, url: string, signedIn: boolean, jsBudgetKb: number) => {
    // Lighthouse's desktop preset (dense 4G, no CPU slowdown): the portal is a desk tool (the career
    // sites are measured as mobile in run.ts). Only `formFactor: 'desktop'` would keep the mobile
    // throttling (1.6 Mbps, 4x CPU) and measure a phone on a slow network.
    const r = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        screenEmulation: { mobile: false, width: 1280, height: 800, deviceScaleFactor: 1, disabled: false },
        disableStorageReset: signedIn,
      },
      desktopConfig,
    );
    const lhr = r?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
    console.log(`${name}: ${url}`);
    for (const id of CATEGORIES)
      console.log(`  ${(lhr.categories[id]?.title ?? id).padEnd(15)} ${String(Math.round((lhr.categories[id]?.score ?? 0) * 100)).padStart(3)}`);
    // What keeps a category under 100, so a low score can be acted on.
    for (const id of CATEGORIES) {
      const failed = (lhr.categories[id]?.auditRefs ?? [])
        .filter((a) => a.weight > 0)
        .map((a) => lhr.audits[a.id])
        .filter((a) => a && a.score !== null && a.score < (id === 'performance' ? 0.5 : 1));
      if (failed.length) console.log(`  not passed (${id}): ${failed.map((a) => `${a.id}${a.displayValue ? ` ${a.displayValue}` : ''}`).join('; ')}`);
    }
    const issues =
      (lhr.audits['inspector-issues']?.details as { items?: Array<{ issueType?: string; subItems?: { items?: unknown[] } }> } | undefined)?.items ?? [];
    for (const x of issues) console.log(`  browser issue: ${x.issueType} ${JSON.stringify(x.subItems?.items?.slice(0, 2) ?? [])}`);
    const shifts = (lhr.audits['layout-shifts']?.details as { items?: Array<{ node?: { snippet?: string }; score?: number }> } | undefined)?.items ?? [];
    for (const x of shifts.slice(0, 3)) console.log(`  layout shift ${x.score?.toFixed(3)}: ${x.node?.snippet ?? '?'}`);
    const m = (id: string) => lhr.audits[id]?.displayValue;
    console.log(
      `  FCP ${m('first-contentful-paint')}, LCP ${m('largest-contentful-paint')}, TBT ${m('total-blocking-time')}, CLS ${m('cumulative-layout-shift')}`,
    );
    // The weight a first visit downloads, as sent (the server compresses scripts and styles), by kind.
    type Req = { resourceType?: string; transferSize?: number; rendererStartTime?: number; url?: string };
    const requests = (lhr.audits['network-requests']?.details as { items?: Req[] } | undefined)?.items ?? [];
    const sum = (list: Req[]) => list.reduce((t, x) => t + (x.transferSize ?? 0), 0) / 1024;
    const kb = (type: string) => sum(requests.filter((x) => x.resourceType === type));
    // The signed-in shell prefetches its visible links' screens once the browser is idle (core spec §9);
    // lib/prefetch.ts marks when that starts. Scripts requested from then on are the next screens',
    // not this one's: the goal is about the screen's own load, the prefetch is printed beside it.
    const mark = (lhr.audits['user-timings']?.details as { items?: Array<{ name?: string; startTime?: number }> } | undefined)?.items?.find(
      (x) => x.name === 'link-prefetch',
    )?.startTime;
    const scripts = requests.filter((x) => x.resourceType === 'Script');
    const own = mark === undefined ? scripts : scripts.filter((x) => (x.rendererStartTime ?? 0) < mark);
    const later = scripts.filter((x) => !own.includes(x));
    const js = sum(own);
    console.log(
      `  transferred: JavaScript ${js.toFixed(1)} KB in ${own.length} files, CSS ${kb('Stylesheet').toFixed(1)} KB, fonts ${kb('Font').toFixed(1)} KB (as sent, with about 1 KB of headers a file; the ${jsBudgetKb} KB goal is gzipped JavaScript + CSS, printed by portal weight below)`,
    );
    if (later.length)
      console.log(
        `  link prefetch on idle (next screens, from ${Math.round(mark ?? 0)} ms): JavaScript ${sum(later).toFixed(1)} KB in ${later.length} more files`,
      );
    const biggest = [...own].sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0)).slice(0, 5);
    console.log(`  largest: ${biggest.map((x) => `${(x.url ?? '').split('/').pop()} ${((x.transferSize ?? 0) / 1024).toFixed(1)} KB`).join(', ')}`);
  };
  await run('portal /login', `${base}/login`, false, 150);

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
  await run('portal dashboard (/ signed in)', `${base}/`, true, 250);
  // The goals' own measure: every script and style sheet of a first visit, gzipped.
  await portalWeights(base);
} finally {
  await chrome.kill();
  await server.stop();
}
