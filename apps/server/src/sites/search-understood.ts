import { messages } from '@hh/contract/messages';
import type { SearchResult } from '../public-jobs/index.ts';
import { link } from './carry.ts';
import type { SiteContext } from './context.ts';
import { html, type Raw } from './html.ts';
import { jobPathFor, locationText, salaryText, typeLabel } from './job-format.ts';

/**
 * The search page's words about what it understood, and what it shows when nothing matched
 * (decision 0601): never an empty page, never a sentence that blames the seeker.
 */

/** "12 jobs within 25 miles of Chicago, IL", "57 jobs in Texas", "3 remote jobs". */
export function resultsHeading(result: SearchResult): string {
  const n = `${result.totalCount} ${result.totalCount === 1 ? 'job' : 'jobs'}`;
  const l = result.location;
  if (!l) return n;
  if (l.kind === 'remote') return `${result.totalCount} remote ${result.totalCount === 1 ? 'job' : 'jobs'}`;
  return l.radius === null ? `${n} in ${l.label}` : `${n} within ${l.radius} miles of ${l.label}`;
}

/** "Showing jobs near Chicago, IL" when the place typed was read as another ("Chicgo"), and the synonyms searched. */
export function understoodLines(result: SearchResult): Raw {
  const lines: string[] = [];
  const l = result.location;
  if (l?.corrected) lines.push(l.radius === null ? messages.search.showingIn(l.label) : messages.search.showingNear(l.label));
  if (result.unknownLocation) lines.push(messages.search.unknownPlace(result.unknownLocation));
  if (result.synonyms.length) lines.push(messages.search.alsoSearching(result.synonyms.slice(0, 3).join(', ')));
  return html`${lines.map((t) => html`<p class="understood">${t}</p>`)}`;
}

export function jobCard(ctx: SiteContext, row: SearchResult['rows'][number]['row'], distance: number | null): Raw {
  const salary = salaryText(row);
  return html`<li class="job-card"><h3><a href="${link(jobPathFor(ctx, row), ctx.carried)}">${row.title}</a></h3>
      <p class="meta">${[row.departmentName, locationText(row), typeLabel(row.employmentType), distance !== null ? `${distance} mi` : null].filter(Boolean).join(' · ')}</p>${
        salary ? html`<p class="pay">${salary}</p>` : ''
      }</li>`;
}

/** Nothing matched: the nearest matching jobs with their distance, the closest titles, or a plain sentence. */
export function noResults(ctx: SiteContext, result: SearchResult, hrefFor: (extra: Record<string, string | undefined>) => string, clear: string): Raw {
  const d = result.deadEnd;
  if (result.rows.length || !d) return html``;
  if (d.kind === 'nearest')
    return html`<div class="empty nearest"><p><strong>${d.message}</strong></p></div>
  <ul class="jobs results-list nearest-list">${d.rows.map((x) => jobCard(ctx, x.row, x.distance))}</ul>`;
  if (d.kind === 'titles')
    return html`<div class="empty closest"><p><strong>${d.message}</strong></p>
  <ul class="closest-titles">${d.titles.map((t) => html`<li><a href="${hrefFor({ keywords: t.title, page: undefined })}">${t.title}</a> <span class="n">${t.count}</span></li>`)}</ul>
  <p><a class="btn" href="${clear}">See all open jobs</a></p></div>`;
  return html`<div class="empty"><p><strong>${d.message}</strong></p><p><a class="btn" href="${clear}">See all open jobs</a></p></div>`;
}
