import { employmentTypes, SEARCH_LIMITS, searchJobsQuery } from '@hh/contract/jobs';
import { searchJobs } from '../public-jobs/index.ts';
import { link } from './carry.ts';
import { ga4Of, recordVisit, type SiteContext } from './context.ts';
import { html, raw } from './html.ts';
import { jobPathFor, locationText, salaryText, typeLabel } from './job-format.ts';
import { pageShell } from './page-shell.ts';
import { siteFrame } from './published-page.ts';
import { noResults, resultsHeading, understoodLines } from './search-understood.ts';

const RADII = [5, 10, 25, 50, 80, 100, 250, 500];

/**
 * The public search page: the same search as GET /api/search-jobs, rendered with no JavaScript,
 * in the client's designed frame. Mobile first: at 390 px the first screen holds a
 * compact search bar, a "Filters" button (a <details>, open on wide screens through
 * ::details-content) and the first results; facets follow the results.
 */
export async function renderSearchPage(ctx: SiteContext): Promise<string> {
  const q = ctx.query;
  const pick = (k: string) => (typeof q[k] === 'string' ? (q[k] as string) : undefined);
  const parsed = searchJobsQuery.safeParse({
    keywords: pick('keywords')?.slice(0, 1000),
    location: pick('location')?.slice(0, 200),
    radius: pick('radius') ? Math.min(Number(pick('radius')) || SEARCH_LIMITS.defaultRadiusMiles, SEARCH_LIMITS.maxRadiusMiles) : undefined,
    departmentId: pick('departmentId') || undefined,
    employmentType: pick('employmentType') || undefined,
    remote: pick('remote') === 'true' ? 'true' : undefined,
    sort: pick('sort'),
    page: pick('page'),
    pageSize: 20,
  });
  // Bad parameters in a shared link fall back to the plain listing rather than an error page.
  const input = parsed.success ? parsed.data : searchJobsQuery.parse({});
  const [result, frame] = await Promise.all([searchJobs(ctx.deps, { ...input, clientId: ctx.client.id }), siteFrame(ctx)]);
  if (input.keywords || input.location) recordVisit(ctx, 'search', null, { keywords: input.keywords ?? null, location: result.location?.label ?? null });

  const path = `${ctx.base}/search-page`;
  const v = ctx.client.virtualAppName ?? ctx.client.nameSlug;
  const current = {
    v,
    keywords: input.keywords,
    location: input.location,
    radius: input.location ? input.radius : undefined,
    employmentType: input.employmentType as string | undefined,
    departmentId: input.departmentId as string | undefined,
    remote: input.remote ? 'true' : undefined,
  };
  const withParams = (extra: Record<string, string | number | undefined>) => link(path, ctx.carried, { ...current, ...extra });
  const pages = Math.max(1, Math.ceil(result.totalCount / input.pageSize));
  const name = ctx.client.name;
  const title = input.keywords ? `${input.keywords} jobs at ${name}` : `Jobs at ${name}`;
  const hidden = Object.entries({ v, ...ctx.carried }).map(([k, val]) => html`<input type="hidden" name="${k}" value="${val}">`);
  const active = [current.departmentId, current.employmentType, current.remote].filter(Boolean).length;
  const depName = result.summary.departments.find((d) => d.value === current.departmentId)?.label;
  const clear = link(path, ctx.carried, { v });

  const body = html`<section class="search-top"><div class="wrap">
<h1>${title}</h1>
<form class="searchbar" method="get" action="${path}" role="search" aria-label="Search jobs">
  ${hidden}
  <div class="kw"><label for="keywords">Keywords</label><input id="keywords" name="keywords" type="search" maxlength="200" value="${input.keywords ?? ''}" placeholder="Job title or skill" enterkeyhint="search"></div>
  <div class="loc"><label for="location">City, state or ZIP</label><input id="location" name="location" type="text" maxlength="200" value="${input.location ?? ''}" placeholder="Austin, TX" autocomplete="off" list="job-cities"><datalist id="job-cities">${result.summary.cities.map((c) => html`<option value="${c.value}"></option>`)}</datalist></div>
  <div class="go"><button class="btn" type="submit">Search</button></div>
  <details class="filters"${raw(active ? ' open' : '')}><summary><span>Filters</span>${active ? html`<span class="count">${active} on</span>` : ''}</summary>
  <div class="filter-grid">
    <div><label for="radius">Distance</label><select id="radius" name="radius">${RADII.map((r) => html`<option value="${r}"${raw((input.radius ?? SEARCH_LIMITS.defaultRadiusMiles) === r ? ' selected' : '')}>${r} miles</option>`)}</select></div>
    <div><label for="departmentId">Department</label><select id="departmentId" name="departmentId"><option value="">All departments</option>${result.summary.departments.map(
      (d) => html`<option value="${d.value}"${raw(d.value === current.departmentId ? ' selected' : '')}>${d.label}</option>`,
    )}</select></div>
    <div><label for="employmentType">Employment type</label><select id="employmentType" name="employmentType"><option value="">All types</option>${employmentTypes.map(
      (t) => html`<option value="${t}"${raw(t === current.employmentType ? ' selected' : '')}>${typeLabel(t)}</option>`,
    )}</select></div>
    <div><label for="sort">Sort by</label><select id="sort" name="sort">${(['relevance', 'date', 'distance'] as const).map(
      (s) => html`<option value="${s}"${raw(s === input.sort ? ' selected' : '')}>${s[0].toUpperCase() + s.slice(1)}</option>`,
    )}</select></div>
    <div class="check"><input id="remote" type="checkbox" name="remote" value="true"${raw(input.remote ? ' checked' : '')}><label for="remote">Remote only</label></div>
    <div class="apply-f"><button class="btn ghost" type="submit">Apply filters</button></div>
  </div></details>
</form>
</div></section>
<div class="wrap results-layout">
<section class="results" aria-labelledby="results-h">
  <div class="results-head"><h2 id="results-h">${resultsHeading(result)}${depName ? ` in ${depName}` : ''}</h2>${
    active || input.keywords || input.location ? html`<a class="clear" href="${clear}">Clear search</a>` : ''
  }</div>
  ${understoodLines(result)}
  ${noResults(ctx, result, withParams, clear)}
  <ul class="jobs results-list">${result.rows.map(({ row, distance }) => {
    const salary = salaryText(row);
    return html`<li class="job-card"><h3><a href="${link(jobPathFor(ctx, row), ctx.carried)}">${row.title}</a></h3>
      <p class="meta">${[row.departmentName, locationText(row), typeLabel(row.employmentType), distance !== null ? `${distance} mi` : null].filter(Boolean).join(' · ')}</p>${
        salary ? html`<p class="pay">${salary}</p>` : ''
      }</li>`;
  })}</ul>
  ${
    pages > 1
      ? html`<nav class="pager" aria-label="Pages">${input.page > 1 ? html`<a href="${withParams({ page: input.page - 1, sort: input.sort })}" rel="prev">Previous page</a>` : html`<span></span>`}
  <span>Page ${input.page} of ${pages}</span>
  ${input.page < pages ? html`<a href="${withParams({ page: input.page + 1, sort: input.sort })}" rel="next">Next page</a>` : html`<span></span>`}</nav>`
      : ''
  }
</section>
<aside class="facets" aria-label="Refine results">
  <h2>Departments</h2><ul>${result.summary.departments.map((d) => html`<li><a href="${withParams({ departmentId: d.value, page: undefined })}"${raw(d.value === current.departmentId ? ' aria-current="true"' : '')}>${d.label}</a> <span class="n">${d.count}</span></li>`)}</ul>
  <h2>Locations</h2><ul>${result.summary.cities.slice(0, 10).map((c) => html`<li><a href="${withParams({ location: c.value, page: undefined })}">${c.label}</a> <span class="n">${c.count}</span></li>`)}</ul>
  <h2>Employment types</h2><ul>${result.summary.employmentTypes.map((e) => html`<li><a href="${withParams({ employmentType: e.value, page: undefined })}">${typeLabel(e.value)}</a> <span class="n">${e.count}</span></li>`)}</ul>
</aside>
</div>`;

  return pageShell(ctx, {
    ...frame,
    title: `${title} | ${name} careers`,
    description: `Search ${result.totalCount} open jobs at ${name}${result.location ? ` near ${result.location.label}` : ''}. Apply online in minutes.`,
    canonical: `${ctx.canonicalBase}/search-page`,
    ga4: ga4Of(ctx),
    body,
    bodyClass: 'search',
  });
}
