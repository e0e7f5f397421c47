import { type Design, pageSlug } from '@hh/contract/site-builder';
import type { Deps } from '../core/deps.ts';
import type { MotivatorRow, MotivatorSearchRow, PageTemplateRow, PublishedVersionRow, StoredBlock } from '../db/schema/pages.ts';
import type { ClientRow } from '../public-jobs/index.ts';
import { searchJobs } from '../public-jobs/index.ts';
import { liveSiteView } from '../site-builder/index.ts';
import { publishedMotivators } from '../site-builder/index.ts';
import { latestVersions, livePage } from '../site-builder/index.ts';
import { richTextSummary } from '../core/rich-html.ts';
import { meetTheTeamStrip, renderBlock, richText, searchForm } from './blocks.ts';
import { link } from './carry.ts';
import type { SiteContext } from './context.ts';
import { esc, html, type Raw, raw } from './html.ts';
import { jobPathFor, locationText, typeLabel } from './job-format.ts';
import { pageShell } from './page-shell.ts';

/** Published pages, motivator pages, the motivator search page and the site's 404. */
export interface SiteFrame {
  template: PageTemplateRow | null;
  design: Design;
  header: StoredBlock | null;
  footer: StoredBlock | null;
}

const firstOf = (blocks: StoredBlock[] | undefined, type: string) => blocks?.find((b) => b.type === type) ?? null;

/**
 * The client's published design and site settings (scripts, social metadata, keywords, favicon: the
 * published snapshot, never the editor's draft) and the header and footer of its live Home page
 * (else its draft Home).
 */
export async function siteFrame(ctx: SiteContext, page?: PublishedVersionRow | null): Promise<SiteFrame> {
  const [{ template, design }, home] = await Promise.all([
    liveSiteView(ctx.deps, { clientId: ctx.client.id }),
    page?.pageSlug === 'home' ? page : livePage(ctx.deps, { clientId: ctx.client.id, slug: 'home' }),
  ]);
  const homeBlocks = home?.content.content ?? template?.pages.find((p) => pageSlug(p.name) === 'home')?.content.content;
  return {
    template,
    design,
    // One header and footer across the site: the Home page's (get-header-footer), else the page's own.
    header: firstOf(homeBlocks, 'Header') ?? firstOf(page?.content.content, 'Header'),
    footer: firstOf(homeBlocks, 'Footer') ?? firstOf(page?.content.content, 'Footer'),
  };
}

const canonicalFor = (ctx: SiteContext, path: string) => `${ctx.canonicalBase}${path}`;

/** A published page, rendered from its version's blocks. */
export async function renderPublishedPage(ctx: SiteContext, v: PublishedVersionRow): Promise<string> {
  const frame = await siteFrame(ctx, v);
  const blocks = v.content.content.filter((b) => b.type !== 'Header' && b.type !== 'Footer');
  const parts = await Promise.all(blocks.map((b, i) => renderBlock(ctx, b, i)));
  const hasH1 = blocks[0]?.type === 'Hero' && typeof blocks[0].props.title === 'string' && blocks[0].props.title;
  const rootTitle = typeof v.content.root?.props?.title === 'string' ? (v.content.root.props.title as string) : v.pageName;
  const title = v.seo?.title || (v.pageSlug === 'home' ? `Careers at ${ctx.client.name}` : rootTitle);
  return pageShell(ctx, {
    ...frame,
    title: `${title} | ${ctx.client.name}`,
    description: v.seo?.description || `${rootTitle} - careers at ${ctx.client.name}. Search open jobs and apply online.`,
    canonical: canonicalFor(ctx, v.pageSlug === 'home' ? '' : `/${v.pageSlug}`) || ctx.canonicalOrigin,
    body: html`${hasH1 ? '' : html`<h1 class="wrap page-title">${rootTitle}</h1>`}${parts}`,
    scriptsFor: v.pageName,
  });
}

/**
 * The site's 404 (and 410 for a closed job): the client's header and footer, a search box and
 * open jobs (similar to `keywords` when given), so a visitor is never stranded.
 */
export async function renderSite404(ctx: SiteContext, o: { heading: string; text: string; keywords?: string }): Promise<string> {
  const frame = await siteFrame(ctx);
  let result = await searchJobs(ctx.deps, { clientId: ctx.client.id, keywords: o.keywords, pageSize: 6, page: 1, sort: 'relevance' });
  if (!result.rows.length && o.keywords) result = await searchJobs(ctx.deps, { clientId: ctx.client.id, pageSize: 6, page: 1, sort: 'date' });
  const jobs = result.rows.map(
    ({ row }) =>
      html`<li class="job"><a href="${link(jobPathFor(ctx, row), ctx.carried)}"><span class="t">${row.title}</span><span class="m">${[row.departmentName, locationText(row), typeLabel(row.employmentType)].filter(Boolean).join(' · ')}</span></a></li>`,
  );
  const body = html`<section class="hero"><div class="wrap"><h1>${o.heading}</h1><p class="lead">${o.text}</p></div></section>
<section class="block"><div class="wrap">${searchForm(ctx, { idPrefix: 'nf', keywords: o.keywords })}</div></section>
${jobs.length ? html`<section class="block alt"><div class="wrap"><h2>${o.keywords ? 'Similar open jobs' : 'Open jobs'}</h2><ul class="jobs">${jobs}</ul></div></section>` : ''}`;
  return pageShell(ctx, {
    ...frame,
    title: `${o.heading} | ${ctx.client.name}`,
    description: `${o.heading}. Search open jobs at ${ctx.client.name}.`,
    canonical: canonicalFor(ctx, '/search-page'),
    noindex: true,
    body,
  });
}

/** A motivator's landing page: headline, story, media and the open jobs its filter matches. */
export async function renderMotivatorPage(ctx: SiteContext, m: MotivatorRow): Promise<string> {
  const frame = await siteFrame(ctx);
  const f = m.filter ?? {};
  const result = await searchJobs(ctx.deps, {
    clientId: ctx.client.id,
    keywords: f.keywords || undefined,
    location: f.location || undefined,
    departmentId: f.departmentId || undefined,
    pageSize: 12,
    page: 1,
    sort: f.keywords ? 'relevance' : 'date',
  });
  const more = link(`${ctx.base}/search-page`, ctx.carried, {
    v: ctx.client.virtualAppName ?? ctx.client.nameSlug,
    keywords: f.keywords,
    location: f.location,
    departmentId: f.departmentId,
  });
  const img = m.image && /^(https?:\/\/|\/)/.test(m.image) ? m.image : null;
  const vid = m.video && /^(https?:\/\/|\/)/.test(m.video) ? m.video : null;
  const body = html`<section class="hero${img ? ' has-media' : ''}">${img ? html`<img class="bg" src="${img}" alt="" fetchpriority="high">` : ''}<div class="wrap"><p>${m.name}</p><h1>${m.headline || m.name}</h1></div></section>
<section class="block"><div class="wrap prose">${richText(m.story)}${vid ? html`<video class="media" controls preload="none" playsinline src="${vid}" aria-label="${`Video: ${m.name}`}"></video>` : ''}</div></section>
<section class="block alt"><div class="wrap"><h2>Jobs with ${m.name.toLowerCase()}</h2>${
    result.rows.length
      ? html`<ul class="jobs">${result.rows.map(
          ({ row }) =>
            html`<li class="job"><a href="${link(jobPathFor(ctx, row), ctx.carried)}"><span class="t">${row.title}</span><span class="m">${[row.departmentName, locationText(row)].filter(Boolean).join(' · ')}</span></a></li>`,
        )}</ul>${result.totalCount > result.rows.length ? html`<p><a class="more" href="${more}">See all ${result.totalCount} jobs</a></p>` : ''}`
      : html`<p class="muted">No matching jobs are open right now. <a href="${more}">Search every open job</a>.</p>`
  }</div></section>
${await meetTheTeamStrip(ctx, { heading: 'Meet your team', departmentId: f.departmentId, limit: 4 })}`;
  return pageShell(ctx, {
    ...frame,
    title: `${m.headline || m.name} | ${ctx.client.name} careers`,
    description: richTextSummary(m.story) || (m.headline || m.name).slice(0, 155),
    canonical: canonicalFor(ctx, `/motivator/${m.slug}`),
    ogImage: img,
    body,
    scriptsFor: 'motivator',
  });
}

/** The motivator search page: the visitor picks what matters to them and sees matching jobs (a link per choice, no JavaScript). */
export async function renderMotivatorSearch(
  ctx: SiteContext,
  page: MotivatorSearchRow,
  selectedSlug: string | null,
  path: string,
  canonical: string,
): Promise<string> {
  const frame = await siteFrame(ctx);
  let all = await publishedMotivators(ctx.deps, { clientId: ctx.client.id });
  if (page.motivatorIds.length) {
    const order = new Map(page.motivatorIds.map((id, i) => [id, i]));
    all = all.filter((m) => order.has(m.id)).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  }
  const selected = all.find((m) => m.slug === selectedSlug) ?? null;
  let jobs: Raw = raw('');
  if (selected) {
    const f = selected.filter ?? {};
    const result = await searchJobs(ctx.deps, {
      clientId: ctx.client.id,
      keywords: f.keywords || undefined,
      location: f.location || undefined,
      departmentId: f.departmentId || undefined,
      pageSize: 12,
      page: 1,
      sort: 'date',
    });
    jobs = html`<section class="block alt" aria-live="polite"><div class="wrap"><h2>${result.totalCount} ${result.totalCount === 1 ? 'job' : 'jobs'} with ${selected.name.toLowerCase()}</h2>${
      result.rows.length
        ? html`<ul class="jobs">${result.rows.map(
            ({ row }) =>
              html`<li class="job"><a href="${link(jobPathFor(ctx, row), ctx.carried)}"><span class="t">${row.title}</span><span class="m">${[row.departmentName, locationText(row)].filter(Boolean).join(' · ')}</span></a></li>`,
          )}</ul>`
        : html`<p class="muted">Nothing open right now.</p>`
    }<p><a class="more" href="${link(`${ctx.base}/motivator/${selected.slug}`, ctx.carried)}">Read more about ${selected.name.toLowerCase()}</a></p></div></section>`;
  }
  const body = html`<section class="hero"><div class="wrap"><h1>${page.title}</h1>${page.intro ? html`<p class="lead">${page.intro}</p>` : ''}</div></section>
<section class="block"><div class="wrap"><h2>Pick what matters to you</h2>${
    all.length
      ? html`<ul class="choices">${all.map(
          (m) =>
            html`<li><a href="${link(path, ctx.carried, { motivator: m.slug })}"${raw(m.slug === selectedSlug ? ' aria-current="true"' : '')}><span class="t">${m.name}</span><span class="m">${m.headline}</span></a></li>`,
        )}</ul>`
      : html`<p class="muted">Nothing here yet.</p>`
  }</div></section>${jobs}`;
  return pageShell(ctx, {
    ...frame,
    title: `${page.title} | ${ctx.client.name} careers`,
    description: page.intro || `Find jobs at ${ctx.client.name} that match what matters to you.`,
    canonical,
    body,
    scriptsFor: 'motivator-search',
  });
}

/** Sitemap entries of a client's live pages, published motivators and motivator search page (final addresses). */
export async function publishedSitemapUrls(deps: Pick<Deps, 'db'>, client: ClientRow, origin: string): Promise<string[]> {
  const [pages, motivators] = await Promise.all([latestVersions(deps, { clientId: client.id }), publishedMotivators(deps, { clientId: client.id })]);
  const out = pages.filter((p) => p.action !== 'unpublish').map((p) => (p.pageSlug === 'home' ? `${origin}/` : `${origin}/${p.pageSlug}`));
  for (const m of motivators) out.push(`${origin}/motivator/${m.slug}`);
  return out.map((u) => `<url><loc>${esc(u)}</loc></url>\n`);
}
