// bench/pages: Lighthouse (mobile defaults, simulated throttling) on a public job page and the
// search page of the demo career site, served by the real server (child process, throw-away
// embedded PostgreSQL, demo data). Prints each category's score and the gzipped JavaScript a job
// page ships. Goal (DESIGN.md budgets): performance >= 95; accessibility, best practices and
// SEO 100; under 50 KB of gzipped JavaScript on a job page.
//   CHROME_PATH=/usr/bin/chromium node --import tsx bench/pages/run.ts
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from '../../apps/server/src/db/embedded.ts';

const SLUG = 'acme-health';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hh-bench-pages-'));
const port = await freePort();
const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    PUBLIC_URL: `http://localhost:${port}`,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let out = '';
child.stdout?.on('data', (d) => (out += d));
child.stderr?.on('data', (d) => (out += d));
const base = `http://localhost:${port}`;

async function waitForServer() {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
    try {
      const r = await fetch(`${base}/health`);
      if (r.ok && out.includes('Portal ready')) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** JavaScript the page ships, gzipped: external scripts and inline ones (JSON-LD is data, not script). */
async function gzippedJs(url: string): Promise<number> {
  const html = await (await fetch(url)).text();
  let bytes = 0;
  for (const m of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (m[1].includes('application/ld+json')) continue;
    const src = /src="([^"]+)"/.exec(m[1])?.[1];
    const code = src ? await (await fetch(new URL(src, url))).text() : m[2];
    bytes += gzipSync(code).length;
  }
  return bytes;
}

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let chrome: chromeLauncher.LaunchedChrome | null = null;
try {
  await waitForServer();
  const search = await (await fetch(`${base}/api/search-jobs?nameSlug=${SLUG}&pageSize=1`)).json();
  const utm = 'utm_source=careersite&utm_medium=organic'; // the demo client's values, so no redirect is measured
  const pages = { 'job page': `${base}${search.results[0].url}?${utm}`, 'search page': `${base}/${SLUG}/search-page?v=acmehealth&${utm}` };
  chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: FLAGS });
  for (const [name, url] of Object.entries(pages)) {
    const r = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const lhr = r?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
    const scores = Object.values(lhr.categories).map((c) => `${c.title} ${Math.round((c.score ?? 0) * 100)}`);
    console.log(`${name}: ${scores.join(', ')}`);
    const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
    if (failing.length) console.log(`  audits not passed: ${failing.map((a) => a.id).join(', ')}`);
    console.log(
      `  LCP ${lhr.audits['largest-contentful-paint']?.displayValue}, TBT ${lhr.audits['total-blocking-time']?.displayValue}, CLS ${lhr.audits['cumulative-layout-shift']?.displayValue}`,
    );
  }
  console.log(`job page JavaScript: ${await gzippedJs(pages['job page'])} bytes gzipped (budget 51200)`);
} finally {
  await chrome?.kill();
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
