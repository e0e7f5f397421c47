import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** Debian's Chromium, headless, with the background traffic this machine's closed network refuses turned off. */
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The budget of every public page (DESIGN.md): performance >= 95; accessibility, best practices, SEO 100. */
export const PAGE_GOALS: Record<string, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

/**
 * Runs Lighthouse (mobile defaults, simulated throttling) on each page in one Chromium and prints
 * each category's score against its goal, the audits not passed and the main metrics.
 * Returns whether every goal was met.
 */
export async function lighthouseReport(pages: Record<string, string>): Promise<boolean> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  let met = true;
  try {
    for (const [name, url] of Object.entries(pages)) {
      const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(PAGE_GOALS) });
      const lhr = r?.lhr;
      if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
      console.log(`${name}: ${url}`);
      for (const [id, goal] of Object.entries(PAGE_GOALS)) {
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
      const m = (id: string) => lhr.audits[id]?.displayValue;
      console.log(
        `  FCP ${m('first-contentful-paint')}, LCP ${m('largest-contentful-paint')}, TBT ${m('total-blocking-time')}, CLS ${m('cumulative-layout-shift')}`,
      );
    }
  } finally {
    await chrome.kill();
  }
  return met;
}
