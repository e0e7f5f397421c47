// bench/pages: Lighthouse on a public job page, the search page, and the published Home
// page, a motivator page and the motivator search page of the demo career site, served
// by the real server (child process, throw-away embedded PostgreSQL, demo data). Prints each
// category's score and the gzipped JavaScript a job page ships. Goal (DESIGN.md budgets):
// performance >= 95; accessibility, best practices and SEO 100; under 50 KB of gzipped JavaScript.
// Then the portal's weight: gzipped JavaScript + CSS of /login and the dashboard (portal-weight.ts).
//   CHROME_PATH=/usr/bin/chromium npm run bench:pages
import { gzipSync } from 'node:zlib';
import { lighthouseReport } from '../lib/lighthouse.ts';
import { startServer } from '../lib/server.ts';
import { portalWeights } from './portal-weight.ts';

const SLUG = 'acme-health';
const JS_BUDGET = 51200;

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

const server = await startServer();
try {
  // The server's PUBLIC_URL defaults to http://localhost:<port>; canonical links point there.
  const base = server.base.replace('127.0.0.1', 'localhost');
  const search = await (await fetch(`${base}/api/search-jobs?nameSlug=${SLUG}&pageSize=1`)).json();
  const utm = 'utm_source=careersite&utm_medium=organic'; // the demo client's values, so no redirect is measured
  const pages: Record<string, string> = {
    'job page': `${base}${search.results[0].url}?${utm}`,
    'search page': `${base}/${SLUG}/search-page?v=acmehealth&${utm}`,
    'published Home page': `${base}/${SLUG}?${utm}`,
    'motivator page': `${base}/${SLUG}/motivator/sign-on-bonus?${utm}`,
    'motivator search page': `${base}/motivator-search/${SLUG}?motivator=tuition-paid`,
  };
  const met = await lighthouseReport(pages);
  let overBudget = false;
  for (const [name, url] of Object.entries(pages)) {
    const js = await gzippedJs(url);
    if (js > JS_BUDGET) overBudget = true;
    console.log(`${name} JavaScript: ${js} bytes gzipped (budget ${JS_BUDGET})`);
  }
  // The portal's weight (its /login and the signed-in dashboard) is printed with the pages; its goals
  // are not budgets of the career sites, so they do not decide the exit code.
  await portalWeights(server.base);
  if (!met || overBudget) process.exitCode = 1;
} finally {
  await server.stop();
}
