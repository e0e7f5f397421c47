import { employmentTypes, SEARCH_LIMITS, searchJobsQuery } from '@hh/contract/jobs';
import { recordEvent } from '../jobs/events.ts';
import { searchJobs } from '../jobs/search-jobs.ts';
import { link } from './carry.ts';
import { ga4Of, type SiteContext } from './context.ts';
import { html, raw } from './html.ts';
import { jobPathFor, locationText, salaryText, typeLabel } from './job-format.ts';
import { layout } from './layout.ts';

const RADII = [5, 10, 25, 50, 80, 100, 250, 500];

/** The public search page: the same search as GET /api/search-jobs, rendered with no JavaScript. */
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
  const result = await searchJobs(ctx.app.db, ctx.client.id, input);
  if (input.keywords || input.location)
    recordEvent(ctx.app, ctx.client.id, 'search', null, { keywords: input.keywords ?? null, location: result.location?.label ?? null });

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

  const body = html`<main>
<h1>${title}</h1>
<form class="search card" method="get" action="${path}" role="search">
  ${hidden}
  <div><label for="keywords">Keywords</label><input id="keywords" name="keywords" type="search" maxlength="200" value="${input.keywords ?? ''}" placeholder="Job title or skill"></div>
  <div><label for="location">City, state or ZIP</label><input id="location" name="location" type="text" maxlength="200" value="${input.location ?? ''}" placeholder="Austin, TX" autocomplete="off" list="job-cities"><datalist id="job-cities">${result.summary.cities.map((c) => html`<option value="${c.value}"></option>`)}</datalist></div>
  <div><label for="radius">Distance</label><select id="radius" name="radius">${RADII.map((r) => html`<option value="${r}"${raw((input.radius ?? SEARCH_LIMITS.defaultRadiusMiles) === r ? ' selected' : '')}>${r} miles</option>`)}</select></div>
  <div><button type="submit">Search</button></div>
  <div class="filters" style="grid-column:1/-1">
    <div><label for="departmentId">Department</label><select id="departmentId" name="departmentId"><option value="">All departments</option>${result.summary.departments.map(
      (d) => html`<option value="${d.value}"${raw(d.value === current.departmentId ? ' selected' : '')}>${d.label}</option>`,
    )}</select></div>
    <div><label for="employmentType">Employment type</label><select id="employmentType" name="employmentType"><option value="">All types</option>${employmentTypes.map(
      (t) => html`<option value="${t}"${raw(t === current.employmentType ? ' selected' : '')}>${typeLabel(t)}</option>`,
    )}</select></div>
    <div><label for="sort">Sort by</label><select id="sort" name="sort">${(['relevance', 'date', 'distance'] as const).map(
      (s) => html`<option value="${s}"${raw(s === input.sort ? ' selected' : '')}>${s[0].toUpperCase() + s.slice(1)}</option>`,
    )}</select></div>
    <div><label><input type="checkbox" name="remote" value="true"${raw(input.remote ? ' checked' : '')}>Remote only</label></div>
  </div>
</form>
<div class="layout">
<aside class="facets card" aria-label="Refine results">
  <h2>Departments</h2><ul>${result.summary.departments.map((d) => html`<li><a href="${withParams({ departmentId: d.value, page: undefined })}">${d.label}</a> (${d.count})</li>`)}</ul>
  <h2>Locations</h2><ul>${result.summary.cities.slice(0, 10).map((c) => html`<li><a href="${withParams({ location: c.value, page: undefined })}">${c.label}</a> (${c.count})</li>`)}</ul>
  <h2>Employment types</h2><ul>${result.summary.employmentTypes.map((e) => html`<li><a href="${withParams({ employmentType: e.value, page: undefined })}">${typeLabel(e.value)}</a> (${e.count})</li>`)}</ul>
</aside>
<section aria-labelledby="results-h">
  <h2 id="results-h">${result.totalCount} ${result.totalCount === 1 ? 'job' : 'jobs'}${result.location ? ` within ${result.location.radius} miles of ${result.location.label}` : ''}</h2>
  ${result.rows.length ? '' : html`<p class="card">No jobs match your search. Try fewer keywords or a larger distance.</p>`}
  <ul class="jobs">${result.rows.map(({ row, distance }) => {
    const salary = salaryText(row);
    return html`<li class="card"><h3><a href="${link(jobPathFor(ctx, row), ctx.carried)}">${row.title}</a></h3>
      <p class="meta">${[row.departmentName, locationText(row), typeLabel(row.employmentType), salary, distance !== null ? `${distance} mi` : null].filter(Boolean).join(' · ')}</p></li>`;
  })}</ul>
  <nav class="pager" aria-label="Pages">${input.page > 1 ? html`<a href="${withParams({ page: input.page - 1, sort: input.sort })}" rel="prev">Previous page</a>` : html`<span></span>`}
  <span>Page ${input.page} of ${pages}</span>
  ${input.page < pages ? html`<a href="${withParams({ page: input.page + 1, sort: input.sort })}" rel="next">Next page</a>` : html`<span></span>`}</nav>
</section></div></main>`;

  return layout({
    title: `${title} | ${name} careers`,
    description: `Search ${result.totalCount} open jobs at ${name}${result.location ? ` near ${result.location.label}` : ''}. Apply online in minutes.`,
    canonical: `${ctx.canonicalBase}/search-page`,
    clientName: name,
    homeHref: link(`${ctx.base}/search-page`, ctx.carried, { v }),
    logo: ctx.client.logo,
    ga4: ga4Of(ctx),
    body,
  });
}
