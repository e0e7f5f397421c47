/**
 * Lighthouse (mobile defaults, simulated throttling) on the demo tenant's meet-the-team page, served
 * by the real server (bench/lib/server.ts: child process, throw-away embedded PostgreSQL, demo data
 * with approved Wave profiles and processed videos). Prints the four category scores and any audit
 * not passed. Goal: accessibility, best practices and SEO 100; performance >= 95.
 *
 *   CHROME_PATH=/usr/bin/chromium node --import tsx bench/video/meet-the-team-lighthouse.ts
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../lib/server.ts';

const SLUG = process.env.BENCH_SLUG ?? 'acme-health';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const GOALS: Record<string, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

const server = await startServer();
let chrome: chromeLauncher.LaunchedChrome | null = null;
let met = true;
try {
  // The server's PUBLIC_URL defaults to http://localhost:<port>: the page's media links point there.
  const url = `${server.base.replace('127.0.0.1', 'localhost')}/meet-the-team/${SLUG}`;
  const page = await fetch(url);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`${url}: ${page.status}`);
  console.log(`meet-the-team page: ${url} (${html.length} bytes of HTML, ${(html.match(/<video /g) ?? []).length} videos)`);
  chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: FLAGS });
  const r = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(GOALS),
  });
  const lhr = r?.lhr;
  if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
  for (const [id, goal] of Object.entries(GOALS)) {
    const c = lhr.categories[id];
    const score = Math.round((c?.score ?? 0) * 100);
    if (score < goal) met = false;
    console.log(
      `  ${(c?.title ?? id).padEnd(15)} ${String(score).padStart(3)}  (goal ${goal === 100 ? '100' : `>= ${goal}`}${score >= goal ? '' : ', NOT met'})`,
    );
  }
  const failing = Object.values(lhr.audits).filter(
    (a) => a.score !== null && a.score < 1 && ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode),
  );
  if (failing.length) console.log(`  audits not passed: ${failing.map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`).join(', ')}`);
  console.log(
    `  FCP ${lhr.audits['first-contentful-paint']?.displayValue}, LCP ${lhr.audits['largest-contentful-paint']?.displayValue}, TBT ${lhr.audits['total-blocking-time']?.displayValue}, CLS ${lhr.audits['cumulative-layout-shift']?.displayValue}`,
  );
  console.log(met ? 'all goals met' : 'goals NOT met');
} finally {
  await chrome?.kill();
  await server.stop();
}
if (!met) process.exitCode = 1;
