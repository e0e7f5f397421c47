import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import type { PublicProfile } from '@hh/contract/widgets';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MeetTheTeamRow } from '../db/schema/pages.ts';
import type { ClientRow } from '../auth/access.ts';
import { meetTheTeamOf } from '../site-builder/index.ts';
import { allowFraming } from '../plugins/security.ts';
import { teamPageData } from './blocks.ts';
import { carriedFrom, link } from './carry.ts';
import { type SiteContext, type SiteDeps, siteContext } from './context.ts';
import { html, type Raw, raw } from './html.ts';
import { sendNeutralNotFound } from './neutral-404.ts';
import { pageShell } from './page-shell.ts';
import { siteFrame } from './published-page.ts';

const gzip = promisify(gzipCb);

type Settings = Pick<MeetTheTeamRow, 'title' | 'intro' | 'departments' | 'profileOrder' | 'layout'>;
const DEFAULTS: Settings = { title: 'Meet the team', intro: '', departments: [], profileOrder: [], layout: 'grid' };

interface Group {
  name: string;
  departmentId: string | null;
  openJobs: number;
  profiles: PublicProfile[];
}

/**
 * Approved profiles grouped by department, in the settings' order: departments as listed in
 * `departments` (ids or names; empty means all, alphabetical), people by `order` (the rest follow).
 */
export function groupProfiles(profiles: PublicProfile[], s: Settings, deps: { _id: string; name: string; jobCount?: number | null }[]): Group[] {
  const rank = new Map(s.profileOrder.map((id, i) => [id, i]));
  const sorted = profiles
    .map((p, i) => ({ p, i }))
    .sort((a, b) => (rank.get(a.p._id) ?? 1e6 + a.i) - (rank.get(b.p._id) ?? 1e6 + b.i))
    .map((x) => x.p);
  const byId = new Map(deps.map((d) => [d._id, d]));
  const byName = new Map(deps.map((d) => [d.name.toLowerCase(), d]));
  const groups = new Map<string, Group>();
  for (const p of sorted) {
    const dep = (p.departmentId ? byId.get(p.departmentId) : undefined) ?? (p.department ? byName.get(p.department.toLowerCase()) : undefined);
    const name = dep?.name || p.department || 'Our team';
    const key = name.toLowerCase();
    const g = groups.get(key) ?? { name, departmentId: dep?._id ?? null, openJobs: dep?.jobCount ?? 0, profiles: [] };
    g.profiles.push(p);
    groups.set(key, g);
  }
  const wanted = s.departments.map((d) => d.toLowerCase());
  const pos = (g: Group) => {
    const i = wanted.findIndex((w) => w === g.departmentId || w === g.name.toLowerCase());
    return i === -1 ? wanted.length : i;
  };
  return [...groups.values()].sort((a, b) => pos(a) - pos(b) || a.name.localeCompare(b.name));
}

function person(p: PublicProfile): Raw {
  const name = `${p.basicInfo.firstName} ${p.basicInfo.lastName}`.trim();
  const [first, ...rest] = p.videos;
  const video = (v: PublicProfile['videos'][number]) =>
    html`<video controls preload="none" playsinline poster="${v.thumbnailUrl}" aria-label="${`Video of ${name}${v.question ? `: ${v.question}` : ''}`}"${
      v.width && v.height ? html` width="${v.width}" height="${v.height}"` : ''
    }><source src="${v.playbackUrl}" type="video/mp4"></video>`;
  const facts = [p.university ? `Studied at ${p.university}` : null, p.interests ? `Interests: ${p.interests}` : null].filter(Boolean) as string[];
  return html`<li class="card person" id="profile-${p._id}">${first ? video(first) : ''}<div class="info"><h3>${name}</h3>${p.title ? html`<p class="m">${p.title}</p>` : ''}${
    first?.question ? html`<p class="q">“${first.question}”</p>` : ''
  }${facts.length ? html`<p class="facts-t">${facts.join(' · ')}</p>` : ''}${
    rest.length
      ? html`<details class="more-videos"><summary>${rest.length} more ${rest.length === 1 ? 'answer' : 'answers'}</summary><ul>${rest.map(
          (v) => html`<li>${v.question ? html`<p class="q">${v.question}</p>` : ''}${video(v)}</li>`,
        )}</ul></details>`
      : ''
  }</div></li>`;
}

/** The meet-the-team page's body: the settings' title, intro and layout, each department linking to its open jobs. */
export async function renderMeetTheTeamPage(ctx: SiteContext, canonical: string): Promise<{ html: string; firstPoster: string | null }> {
  const [row, frame] = await Promise.all([meetTheTeamOf(ctx.deps, { clientId: ctx.client.id }), siteFrame(ctx)]);
  const s: Settings = row ?? DEFAULTS;
  const { profiles, deps } = await teamPageData(ctx, s.departments);
  const groups = groupProfiles(profiles, s, deps);
  const v = ctx.client.virtualAppName ?? ctx.client.nameSlug;
  const search = `${ctx.base}/search-page`;
  const jobsLink = (g: Group) => {
    const href = g.departmentId ? link(search, ctx.carried, { v, departmentId: g.departmentId }) : link(search, ctx.carried, { v, keywords: g.name });
    const label = g.departmentId
      ? g.openJobs
        ? `See ${g.openJobs} open ${g.openJobs === 1 ? 'job' : 'jobs'} in ${g.name}`
        : `No open jobs in ${g.name} right now: see all jobs`
      : `Search jobs in ${g.name}`;
    return html`<a class="dep-jobs" href="${g.departmentId && !g.openJobs ? link(search, ctx.carried, { v }) : href}">${label} <span aria-hidden="true">→</span></a>`;
  };
  const sections = groups.map(
    (g, i) =>
      html`<section class="dep" aria-labelledby="dep-${i}"><div class="dep-h"><h2 id="dep-${i}">${g.name}</h2>${jobsLink(g)}</div><ul class="team-${s.layout}"${raw(s.layout === 'strip' ? ' tabindex="0"' : '')} aria-label="${`People in ${g.name}`}">${g.profiles.map(person)}</ul></section>`,
  );
  const body = html`<section class="hero team-hero"><div class="wrap"><h1>${s.title}</h1><p class="lead">${s.intro || `Meet the people of ${ctx.client.name} in their own words.`}</p>${
    groups.length > 1
      ? html`<nav aria-label="Departments"><ul class="dep-nav">${groups.map((g, i) => html`<li><a href="#dep-${i}">${g.name}</a></li>`)}</ul></nav>`
      : ''
  }</div></section>
<div class="wrap team-page">${sections.length ? sections : html`<p class="empty">Our team videos are coming soon. <a href="${link(search, ctx.carried, { v })}">See our open jobs</a>.</p>`}</div>`;
  const firstPoster = profiles.find((p) => p.videos[0])?.videos[0]?.thumbnailUrl ?? null;
  const page = pageShell(ctx, {
    ...frame,
    title: `${s.title} | ${ctx.client.name}`,
    description: (s.intro || `Meet the people of ${ctx.client.name} in their own words.`).replace(/\s+/g, ' ').slice(0, 155),
    canonical,
    body,
    bodyClass: 'teampage',
    // The first poster is the largest paint: let the browser fetch it with the HTML, not after layout.
    head: firstPoster ? html`<link rel="preload" as="image" href="${firstPoster}" fetchpriority="high">`.value : undefined,
  });
  return { html: page, firstPoster };
}

/**
 * `/meet-the-team/{nameSlug}` (product host) and `/meet-the-team` (a client's own domain): core §1
 * and §2, with the settings of `api/meet-the-team`. The HTTP edge: it writes the reply.
 */
export async function serveMeetTheTeam(deps: SiteDeps, req: FastifyRequest, reply: FastifyReply, client: ClientRow, onCustomDomain: boolean) {
  if (client.status !== 'Active' || !client.subscriptions?.wave) return sendNeutralNotFound(reply, { always: true });
  const query = (req.query ?? {}) as Record<string, unknown>;
  const ctx = siteContext(deps, client, onCustomDomain, query, carriedFrom(query));
  const canonical =
    onCustomDomain && client.domainURL ? `https://${client.domainURL}/meet-the-team` : `${deps.config.publicUrl}/meet-the-team/${client.nameSlug}`;
  const { html: page } = await renderMeetTheTeamPage(ctx, canonical);
  // The portal's meet-the-team setup shows this page in an iframe: framing by the product's own origin only.
  allowFraming(reply, "'self'");
  reply.header('x-frame-options', 'SAMEORIGIN');
  reply
    .type('text/html; charset=utf-8')
    // Revalidate every time: a profile that is rejected or withdrawn must leave the page at once.
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding');
  if (page.length > 1024 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')))
    return reply.header('Content-Encoding', 'gzip').send(await gzip(page));
  return reply.send(page);
}
