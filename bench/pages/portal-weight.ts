// bench/pages/portal-weight.ts: the JavaScript and CSS the portal's /login and signed-in dashboard
// (Home, the demo admin) load on a first visit with an empty cache, each file gzipped (-6) as the
// goal counts it. Goals: /login under 150 KB, the dashboard under 250 KB (JavaScript + CSS).
// The dashboard's figure counts every file its first load requests (the login page's files
// included: nothing is cached) up to the idle link prefetch of the next screens (core spec §9),
// whose files are printed on a line of their own.
//   npm run bench:pages (with the career pages), or alone: node --import tsx bench/pages/portal-weight.ts
// WEB_DIST=/some/build measures another build of the portal.
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import puppeteer, { type Page } from 'puppeteer-core';
import { CHROME_FLAGS } from '../lib/lighthouse.ts';

export const PORTAL_GOALS_KB = { login: 150, dashboard: 250 } as const;

interface FileWeight {
  url: string;
  kind: 'js' | 'css';
  gzip: number;
  raw: number;
}

const gzipCache = new Map<string, { gzip: number; raw: number }>();
async function weigh(url: string): Promise<{ gzip: number; raw: number }> {
  const known = gzipCache.get(url);
  if (known) return known;
  const body = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
  const w = { gzip: gzipSync(body, { level: 6 }).length, raw: body.length };
  gzipCache.set(url, w);
  return w;
}

/** Scripts and style sheets the page requested before the link-prefetch mark (all of them when there is none). */
async function pageFiles(page: Page): Promise<{ own: FileWeight[]; later: FileWeight[] }> {
  const entries = await page.evaluate(() => {
    const mark = performance.getEntriesByName('link-prefetch')[0]?.startTime;
    return {
      mark,
      list: performance.getEntriesByType('resource').map((e) => ({ name: e.name, start: e.startTime })),
      // index.html's own <link rel="stylesheet">/<script> and modulepreloads are resources too.
    };
  });
  const own: FileWeight[] = [];
  const later: FileWeight[] = [];
  for (const e of entries.list) {
    const kind = /\.js(\?|$)/.test(e.name) ? 'js' : /\.css(\?|$)/.test(e.name) ? 'css' : null;
    if (!kind) continue;
    const w = await weigh(e.name);
    const f = { url: e.name, kind, ...w } as FileWeight;
    (entries.mark !== undefined && e.start >= entries.mark ? later : own).push(f);
  }
  return { own, later };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const total = (list: FileWeight[], kind?: FileWeight['kind']) => list.filter((f) => !kind || f.kind === kind).reduce((t, f) => t + f.gzip, 0);

function print(name: string, files: { own: FileWeight[]; later: FileWeight[] }, goalKb: number, extra?: string): boolean {
  const { own, later } = files;
  const all = total(own);
  const met = all < goalKb * 1024;
  console.log(
    `${name}: ${kb(all)} KB gzipped JavaScript + CSS in ${own.length} files (goal < ${goalKb} KB: ${met ? 'met' : 'NOT MET'}); ` +
      `JavaScript ${kb(total(own, 'js'))} KB (${kb(own.filter((f) => f.kind === 'js').reduce((t, f) => t + f.raw, 0))} KB raw), CSS ${kb(total(own, 'css'))} KB`,
  );
  const biggest = [...own].sort((a, b) => b.gzip - a.gzip).slice(0, process.env.PORTAL_WEIGHT_FILES ? own.length : 8);
  console.log(`  largest: ${biggest.map((f) => `${f.url.split('/').pop()} ${kb(f.gzip)}`).join(', ')}`);
  if (extra) console.log(`  ${extra}`);
  if (later.length) console.log(`  then the idle link prefetch of the next screens: ${kb(total(later))} KB in ${later.length} more files`);
  return met;
}

/** The browser keeps 250 resource timings by default; the dashboard and its prefetch make more. */
const BIG_TIMING_BUFFER = 'performance.setResourceTimingBufferSize(2000)';

/** Waits until the page has made no request for `quietMs` (the lazy chunks come in waves). */
async function settle(page: Page, quietMs = 2500, maxMs = 30_000) {
  await page.waitForNetworkIdle({ idleTime: quietMs, timeout: maxMs }).catch(() => {});
}

/** Measures /login and the dashboard on `base` (a running server with the demo data); returns whether both goals are met. */
export async function portalWeights(base: string): Promise<boolean> {
  console.log(
    `portal weight (load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores)`,
  );
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROME_FLAGS.filter((f) => f !== '--headless'),
  });
  try {
    const guest = await browser.createBrowserContext();
    const login = await guest.newPage();
    await login.evaluateOnNewDocument(BIG_TIMING_BUFFER);
    await login.setViewport({ width: 1280, height: 800 });
    await login.goto(`${base}/login`, { waitUntil: 'load' });
    await settle(login);
    const loginFiles = await pageFiles(login);
    const loginMet = print('portal /login', loginFiles, PORTAL_GOALS_KB.login);
    await guest.close();

    const r = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'demo-password-1' }),
    });
    const tokens = ((await r.json()) as { tokens: { accessToken: string; refreshToken?: string; expiresIn: number } }).tokens;
    // A fresh context: the session goes into localStorage on a page that loads no portal script, so
    // the dashboard's first load starts with an empty cache.
    const signed = await browser.createBrowserContext();
    const page = await signed.newPage();
    await page.evaluateOnNewDocument(BIG_TIMING_BUFFER);
    await page.setViewport({ width: 1280, height: 800 });
    await page.setRequestInterception(true);
    page.on('request', (req) => {
      if (req.url() === `${base}/blank`) req.respond({ status: 200, contentType: 'text/html', body: '<title>blank</title>' });
      else req.continue();
    });
    await page.goto(`${base}/blank`);
    await page.evaluate(
      (v) => localStorage.setItem('auth._session.local', v),
      JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: Date.now() + tokens.expiresIn * 1000 }),
    );
    await page.goto(`${base}/`, { waitUntil: 'load' });
    await page.waitForSelector('[data-testid="home-client-name"]', { timeout: 60_000 });
    await settle(page);
    const funnel = await page.$('[data-testid="home-funnel"]');
    const dashFiles = await pageFiles(page);
    // A recruiter who has just signed in on /login has that page's files in the cache already.
    const seen = new Set(loginFiles.own.map((f) => f.url));
    const after = dashFiles.own.filter((f) => !seen.has(f.url));
    const dashMet = print(
      `portal dashboard (/ signed in${funnel ? ', with the candidate funnel' : ''})`,
      dashFiles,
      PORTAL_GOALS_KB.dashboard,
      `of which new after signing in on /login (its files cached): ${kb(total(after))} KB in ${after.length} files`,
    );
    await signed.close();
    return loginMet && dashMet;
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.env.PORTAL_BASE) {
    // A server already running (with the demo data): measure it as it is.
    if (!(await portalWeights(process.env.PORTAL_BASE))) process.exitCode = 1;
    process.exit();
  }
  const { startServer } = await import('../lib/server.ts');
  const server = await startServer();
  try {
    if (!(await portalWeights(server.base))) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}
