/**
 * Lighthouse on the demo tenant's meet-the-team page, served by the real server (bench/lib/server.ts:
 * child process, throw-away embedded PostgreSQL, demo data with approved Wave profiles and processed
 * videos). Goal: accessibility, best practices and SEO 100; performance >= 95.
 *
 *   CHROME_PATH=/usr/bin/chromium npm run bench:meet-the-team
 */
import { lighthouseReport } from '../lib/lighthouse.ts';
import { startServer } from '../lib/server.ts';

const SLUG = process.env.BENCH_SLUG ?? 'acme-health';
const server = await startServer();
try {
  // The server's PUBLIC_URL defaults to http://localhost:<port>: the page's media links point there.
  const url = `${server.base.replace('127.0.0.1', 'localhost')}/meet-the-team/${SLUG}`;
  const page = await fetch(url);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`${url}: ${page.status}`);
  console.log(`meet-the-team page (${html.length} bytes of HTML, ${(html.match(/<video /g) ?? []).length} videos)`);
  if (!(await lighthouseReport({ 'meet-the-team page': url }))) process.exitCode = 1;
} finally {
  await server.stop();
}
