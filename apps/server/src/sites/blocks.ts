import { isWebUrl } from '@hh/contract/site-builder';
import { pageVideoThumbnail } from '@hh/contract/video';
import { isHtml, plainTextToHtml } from '@hh/html/rich-text';
import { searchJobsQuery } from '@hh/contract/jobs';
import { departmentsOf } from '../departments/index.ts';
import { searchJobs } from '../public-jobs/index.ts';
import { listPublicProfiles } from '../wave/index.ts';
import type { StoredBlock } from '../db/schema/pages.ts';
import { publishedMotivators } from '../site-builder/index.ts';
import { sanitizeRichHtml } from '../core/rich-html.ts';
import { link } from './carry.ts';
import type { SiteContext } from './context.ts';
import { esc, html, type Raw, raw } from './html.ts';
import { jobPathFor, locationText, typeLabel } from './job-format.ts';
import { isUuid } from '../lib/uuid.ts';

/**
 * Server rendering of the career-site blocks (packages/contract/src/page-blocks.ts; the editor
 * renders the same types with React). No JavaScript: the job search is a GET form, the FAQ is
 * <details>, videos load nothing until played (preload="none").
 */
const str = (v: unknown, max = 5000) => (typeof v === 'string' ? v.slice(0, max) : typeof v === 'number' ? String(v) : '');
const list = (v: unknown) => (Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as Array<Record<string, unknown>>).slice(0, 50) : []);

/** A link or media address: site paths get the site's base (and the carried utm/referrer/phone); anything else must be http(s). */
export function href(ctx: SiteContext, v: unknown): string | null {
  const s = str(v, 2000).trim();
  if (!s || !isWebUrl(s)) return null;
  if (s.startsWith('/media/')) return s;
  // Site-wide pages that live outside /{nameSlug} on the product host (core §2).
  if (!ctx.onCustomDomain && (s === '/meet-the-team' || s === '/motivator-search')) return link(`${s}/${ctx.client.nameSlug}`, ctx.carried);
  if (s.startsWith('/')) return link(`${ctx.base}${s === '/' ? '' : s}` || '/', ctx.carried);
  return s;
}
const media = (v: unknown) => {
  const s = str(v, 2000).trim();
  return s && isWebUrl(s) ? s : null;
};

/**
 * Rich text: the editor's HTML, sanitised again here (it was when stored); text in the old plain
 * format (blank line, "- ", **bold**) converted, escaped first.
 */
export function richText(text: string): Raw {
  return raw(isHtml(text) ? sanitizeRichHtml(text) : plainTextToHtml(text));
}

const searchPath = (ctx: SiteContext) => `${ctx.base}/search-page`;
const v = (ctx: SiteContext) => ctx.client.virtualAppName ?? ctx.client.nameSlug;

export function searchForm(ctx: SiteContext, opts: { heading?: string; placeholder?: string; idPrefix: string; keywords?: string }): Raw {
  const hidden = Object.entries({ v: v(ctx), ...ctx.carried }).map(([k, val]) => html`<input type="hidden" name="${k}" value="${val}">`);
  const p = opts.idPrefix;
  return html`<form class="jobsearch" method="get" action="${searchPath(ctx)}" role="search" aria-label="Search jobs">${hidden}
<div><label for="${p}-kw">Keywords</label><input id="${p}-kw" name="keywords" type="search" maxlength="200" value="${opts.keywords ?? ''}" placeholder="${opts.placeholder || 'Job title or skill'}"></div>
<div><label for="${p}-loc">City, state or ZIP</label><input id="${p}-loc" name="location" type="text" maxlength="200" autocomplete="off" placeholder="Austin, TX"></div>
<div><button type="submit" class="btn">Search jobs</button></div></form>`;
}

async function jobList(ctx: SiteContext, p: Record<string, unknown>) {
  const departmentId = isUuid(str(p.departmentId)) ? str(p.departmentId) : undefined;
  const limit = Math.min(20, Math.max(1, Number(p.limit) || 6));
  const input = searchJobsQuery.parse({ pageSize: limit, sort: 'date' });
  const keywords = str(p.keywords, 200).trim() || undefined;
  const location = str(p.location, 200).trim() || undefined;
  const result = await searchJobs(ctx.deps, { ...input, clientId: ctx.client.id, departmentId, keywords, location, sort: keywords ? 'relevance' : 'date' });
  const more = link(searchPath(ctx), ctx.carried, { v: v(ctx), departmentId, keywords, location });
  return { result, more };
}

/** Renders one block. `i` makes ids unique on the page. */
export async function renderBlock(ctx: SiteContext, b: StoredBlock, i: number): Promise<Raw> {
  const p = b.props ?? {};
  const h = (level: 1 | 2, text: unknown, cls = '') => (str(text) ? raw(`<h${level}${cls ? ` class="${cls}"` : ''}>${esc(str(text, 300))}</h${level}>`) : '');
  switch (b.type) {
    case 'Hero': {
      const img = media(p.image);
      const vid = media(p.video);
      const poster = img || (vid ? pageVideoThumbnail(vid) : null);
      const cta = href(ctx, p.ctaHref);
      const first = i === 0;
      return html`<section class="hero${p.align === 'center' ? ' center' : ''}${img || vid ? ' has-media' : ''}">${
        img ? html`<img class="bg" src="${img}" alt="" ${raw(first ? 'fetchpriority="high"' : 'loading="lazy"')} decoding="async">` : ''
      }${vid ? html`<video class="bg" src="${vid}" ${raw(poster ? `poster="${esc(poster)}"` : '')} muted loop playsinline preload="none" aria-hidden="true"></video>` : ''}<div class="wrap">${h(first ? 1 : 2, p.title)}${
        str(p.subtitle) ? html`<p class="lead">${str(p.subtitle, 600)}</p>` : ''
      }${cta && str(p.ctaLabel) ? html`<p><a class="btn" href="${cta}">${str(p.ctaLabel, 80)}</a></p>` : ''}</div></section>`;
    }
    case 'RichText':
      return html`<section class="block"><div class="wrap prose">${h(2, p.heading)}${richText(str(p.text, 20000))}</div></section>`;
    case 'Image': {
      const src = media(p.src);
      if (!src) return raw('');
      return html`<section class="block"><figure class="wrap"><img src="${src}" alt="${str(p.alt, 300)}" loading="lazy" decoding="async">${str(p.caption) ? html`<figcaption>${str(p.caption, 300)}</figcaption>` : ''}</figure></section>`;
    }
    case 'Video': {
      const src = media(p.src);
      if (!src) return raw('');
      const poster = media(p.poster) ?? pageVideoThumbnail(src);
      return html`<section class="block"><div class="wrap">${h(2, p.title)}<video class="media" controls preload="none" playsinline src="${src}"${poster ? html` poster="${poster}"` : ''} aria-label="${str(p.title, 200) || 'Video'}"></video></div></section>`;
    }
    case 'JobSearch':
      return html`<section class="block search-block"><div class="wrap">${h(2, p.heading)}${searchForm(ctx, { placeholder: str(p.placeholder, 100), idPrefix: `s${i}` })}</div></section>`;
    case 'JobList': {
      const { result, more } = await jobList(ctx, p);
      const items = result.rows.map(
        ({ row }) =>
          html`<li class="job"><a href="${link(jobPathFor(ctx, row), ctx.carried)}"><span class="t">${row.title}</span><span class="m">${[row.departmentName, locationText(row), typeLabel(row.employmentType)].filter(Boolean).join(' · ')}</span></a></li>`,
      );
      return html`<section class="block"><div class="wrap">${h(2, p.heading)}${
        items.length
          ? html`<ul class="jobs">${items}</ul>`
          : html`<p class="muted">No open jobs here right now. <a href="${link(searchPath(ctx), ctx.carried, { v: v(ctx) })}">See every open job</a>.</p>`
      }${result.totalCount > result.rows.length ? html`<p><a class="more" href="${more}">See all ${result.totalCount} jobs</a></p>` : ''}</div></section>`;
    }
    case 'Departments': {
      const deps = (await departmentsOf(ctx.deps, { clientId: ctx.client.id })).filter((d) => (d.jobCount ?? 0) > 0);
      if (!deps.length) return raw('');
      return html`<section class="block"><div class="wrap">${h(2, p.heading)}<ul class="tiles">${deps.map(
        (d) =>
          html`<li><a href="${link(searchPath(ctx), ctx.carried, { v: v(ctx), departmentId: d._id })}"><span class="t">${d.name}</span><span class="m">${d.jobCount} open ${d.jobCount === 1 ? 'job' : 'jobs'}</span></a></li>`,
      )}</ul></div></section>`;
    }
    case 'MeetTheTeam':
      return meetTheTeamStrip(ctx, { heading: str(p.heading, 200) || 'Meet your team', departmentId: str(p.departmentId), limit: Number(p.limit) || 4 });
    case 'Motivators': {
      const rows = await publishedMotivators(ctx.deps, { clientId: ctx.client.id });
      if (!rows.length) return raw('');
      return html`<section class="block"><div class="wrap">${h(2, p.heading)}<ul class="tiles">${rows.map(
        (m) =>
          html`<li><a href="${link(`${ctx.base}/motivator/${m.slug}`, ctx.carried)}"><span class="t">${m.name}</span><span class="m">${m.headline}</span></a></li>`,
      )}</ul></div></section>`;
    }
    case 'Testimonials':
      return html`<section class="block alt"><div class="wrap">${h(2, p.heading)}<div class="cards">${list(p.items).map(
        (q) =>
          html`<figure class="card quote"><blockquote>${str(q.quote, 1000)}</blockquote><figcaption><strong>${str(q.name, 100)}</strong>${str(q.role) ? html`, ${str(q.role, 100)}` : ''}</figcaption></figure>`,
      )}</div></div></section>`;
    case 'Benefits':
      return html`<section class="block alt"><div class="wrap">${h(2, p.heading)}<ul class="cards">${list(p.items).map(
        (x) => html`<li class="card"><h3>${str(x.title, 120)}</h3><p>${str(x.text, 600)}</p></li>`,
      )}</ul></div></section>`;
    case 'Stats':
      return html`<section class="block"><div class="wrap">${h(2, p.heading)}<ul class="stats">${list(p.items).map(
        (x) => html`<li><strong>${str(x.value, 30)}</strong><span>${str(x.label, 80)}</span></li>`,
      )}</ul></div></section>`;
    case 'CallToAction': {
      const to = href(ctx, p.buttonHref);
      return html`<section class="block cta"><div class="wrap">${h(2, p.heading)}${str(p.text) ? html`<p>${str(p.text, 600)}</p>` : ''}${
        to && str(p.buttonLabel) ? html`<p><a class="btn inverse" href="${to}">${str(p.buttonLabel, 80)}</a></p>` : ''
      }</div></section>`;
    }
    case 'Faq':
      return html`<section class="block"><div class="wrap narrow">${h(2, p.heading)}${list(p.items).map(
        (x) => html`<details><summary>${str(x.question, 300)}</summary>${richText(str(x.answer, 3000))}</details>`,
      )}</div></section>`;
    case 'JobMap': {
      const { result } = await jobList(ctx, { limit: 1 });
      const cities = result.summary.cities.slice(0, 24);
      if (!cities.length) return raw('');
      return html`<section class="block"><div class="wrap">${h(2, p.heading)}<ul class="places">${cities.map(
        (c) =>
          html`<li><a href="${link(searchPath(ctx), ctx.carried, { v: v(ctx), location: c.value })}"><span class="t">${c.label}</span><span class="m">${c.count} open ${c.count === 1 ? 'job' : 'jobs'}</span></a></li>`,
      )}</ul></div></section>`;
    }
    default:
      return raw(''); // Header and Footer are rendered by the page shell; unknown types render nothing.
  }
}

/** The meet-the-team page's data: approved profiles (of the departments shown, when listed) and the client's departments with open-job counts. */
export async function teamPageData(ctx: SiteContext, departments: string[]) {
  const [profiles, deps] = await Promise.all([
    listPublicProfiles(ctx.deps, { clientId: ctx.client.id, departments }),
    departmentsOf(ctx.deps, { clientId: ctx.client.id }),
  ]);
  return { profiles, deps };
}

/**
 * "Meet your team": approved wave profiles of a department (or the client's, when the department
 * has none), as a strip of videos that load nothing until played, linking to meet-the-team.
 */
export async function meetTheTeamStrip(
  ctx: SiteContext,
  o: {
    heading: string;
    departmentId?: string;
    department?: string;
    limit?: number /** inside a page column (the job page), not a full-width band */;
    inline?: boolean;
  },
): Promise<Raw> {
  if (!ctx.client.subscriptions?.wave) return raw('');
  const limit = Math.min(12, Math.max(1, o.limit ?? 4));
  let profiles = await listPublicProfiles(ctx.deps, {
    clientId: ctx.client.id,
    departmentId: o.departmentId && isUuid(o.departmentId) ? o.departmentId : undefined,
    department: o.department,
    limit,
  });
  if (!profiles.length && (o.departmentId || o.department)) profiles = await listPublicProfiles(ctx.deps, { clientId: ctx.client.id, limit });
  profiles = profiles.filter((x) => x.videos.length);
  if (!profiles.length) return raw('');
  const team = ctx.onCustomDomain ? '/meet-the-team' : `/meet-the-team/${ctx.client.nameSlug}`;
  const items = profiles.map((x) => {
    const name = `${x.basicInfo.firstName} ${x.basicInfo.lastName}`.trim();
    const vid = x.videos[0];
    return html`<li class="card person"><video controls preload="none" playsinline poster="${vid.thumbnailUrl}" aria-label="${`Video of ${name}`}"><source src="${vid.playbackUrl}" type="video/mp4"></video><p><strong>${name}</strong>${x.title ? html`<br><span class="m">${x.title}</span>` : ''}</p></li>`;
  });
  if (o.inline)
    return html`<section class="team-inline" aria-labelledby="team-h"><h2 id="team-h">${o.heading}</h2><p class="m">Videos from the people you would work with. Nothing loads until you press play.</p><ul class="strip" tabindex="0" aria-label="Team videos">${items}</ul><p><a class="more" href="${link(team, ctx.carried)}">Meet the whole team</a></p></section>`;
  return html`<section class="block alt team" aria-labelledby="team-h"><div class="wrap"><h2 id="team-h">${o.heading}</h2><ul class="strip" tabindex="0" aria-label="Team videos">${profiles.map(
    (x) => {
      const name = `${x.basicInfo.firstName} ${x.basicInfo.lastName}`.trim();
      const vid = x.videos[0];
      return html`<li class="card person"><video controls preload="none" playsinline poster="${vid.thumbnailUrl}" aria-label="${`Video of ${name}`}"><source src="${vid.playbackUrl}" type="video/mp4"></video><p><strong>${name}</strong>${x.title ? html`<br><span class="m">${x.title}</span>` : ''}</p></li>`;
    },
  )}</ul><p><a class="more" href="${link(team, ctx.carried)}">Meet the whole team</a></p></div></section>`;
}
