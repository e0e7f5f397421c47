import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeOptions {
  /** CSS selectors to audit (default: the whole document). */
  include?: string[];
  /** CSS selectors to leave out: only a part the test does not own (another document), with the reason at the call. */
  exclude?: string[];
  /** axe rule tags to run (default: every rule, best practices too). */
  tags?: string[];
}

/**
 * axe-core in the page, evaluated over the DevTools protocol (so the page's CSP needs no exception
 * for an inline script): every violation, whatever its impact (minor, moderate, serious, critical),
 * one line each with the offending nodes. A moderate finding (content outside a landmark, a table
 * header without text) is a fault a screen-reader user meets like any other.
 */
export async function axeViolations(page: Page, opts: AxeOptions = {}): Promise<string[]> {
  // Once per document: a second audit of the same page (another width) reuses it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async ({ include, exclude, tags }) => {
    type Result = {
      violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[]; html: string; failureSummary?: string }> }>;
    };
    const axe = (window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<Result> } }).axe;
    const ctx = { include: include ? include.map((s) => [s]) : [['html']], exclude: (exclude ?? []).map((s) => [s]) };
    const r = await axe.run(ctx, { resultTypes: ['violations'], ...(tags ? { runOnly: { type: 'tag', values: tags } } : {}) });
    return r.violations.map(
      (v) =>
        `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? n.html.slice(0, 160)}`).join(' | ')}`,
    );
  }, opts);
}

/** The axe findings in one region of a screen (its main area by default), motion reduced. */
export async function screenAxe(page: Page, selector = 'main'): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return axeViolations(page, { include: [selector] });
}
