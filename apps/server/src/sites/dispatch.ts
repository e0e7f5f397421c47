import type { IncomingMessage } from 'node:http';
import { messages } from '@hh/contract/messages';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { applyToJob, RESUME_MAX_BYTES } from '../applications/index.ts';
import type { ClientRow } from '../public-jobs/index.ts';
import type { JobRow } from '../jobs/index.ts';
import { and, eq } from 'drizzle-orm';
import { jobs } from '../db/schema/jobs.ts';
import { carriedFrom, link } from './carry.ts';
import { type SiteContext, type SiteDeps, siteContext } from './context.ts';
import { renderJobPage, renderThankYou } from './job-page.ts';
import { jobPathFor } from './job-format.ts';
import { isCrawler, siteRedirectTarget } from './redirects.ts';
import { sendJobNotOpen, sendSiteNotFound, servePublished } from './published-dispatch.ts';
import type { PageCache } from '../plugins/page-cache.ts';
import { readUpload } from '../plugins/upload.ts';
import { newChallenge } from '../core/captcha.ts';
import { cacheSlot, sendEntry, sendPage } from './page-reply.ts';
import { recordEvent } from '../job-analytics/index.ts';
import { renderSearchPage } from './search-page.ts';
import { renderPrivacyPage } from './privacy-page.ts';
import { sitemapStream } from './sitemap.ts';
import { isUuid } from '../lib/uuid.ts';

export const sendXml = (reply: FastifyReply, body: Readable | null) =>
  body ? reply.header('content-type', 'application/xml; charset=utf-8').send(body) : reply.status(404).send();

async function openJob(ctx: SiteContext, id: string): Promise<JobRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await ctx.deps.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.clientId, ctx.client.id), eq(jobs.id, id)));
  return row && row.status === 'open' ? row : null;
}

/** The apply form, read by the one multipart reader; a resume over 10 MB is answered as "too large" by applyToJob, with the form kept. */
async function readApplyForm(req: FastifyRequest) {
  if (!req.isMultipart()) return { fields: {} as Record<string, string>, resume: null };
  const form = await readUpload(req, { maxBytes: RESUME_MAX_BYTES, fileFields: ['resume'], fields: 80, fieldSize: 64 * 1024, overSize: 'mark' });
  const f = form.file;
  return { fields: form.fields, resume: f ? { buffer: f.bytes ?? Buffer.alloc(0), filename: f.filename, truncated: f.truncated ?? false } : null };
}

/**
 * What serving a site uses: the pages' deps and the apply form's (storage and mail for the
 * application, and `captchaReplays`, the app's memory of solved apply captchas, created once by the
 * sites routes).
 */
export type ServeSiteDeps = SiteDeps & Parameters<typeof applyToJob>[0] & { pageCache?: PageCache | null };

/** Crawlers get their own cached pages (no utm redirect for them): the front cache tells them apart the same way. */
const visitorVariant = (req: IncomingMessage) => (isCrawler(req.headers['user-agent']) ? 'c' : '');

/**
 * One career site, served either at /{nameSlug}/... (product host) or at /... (custom domain).
 * `rest` is the path below the site's base. Core spec §2 rules apply to every page. The HTTP edge:
 * it takes the request and writes the reply, like a route.
 */
export async function serveSite(deps: ServeSiteDeps, req: FastifyRequest, reply: FastifyReply, client: ClientRow, rest: string, onCustomDomain: boolean) {
  const isGet = req.method === 'GET' || req.method === 'HEAD';
  const crawler = isCrawler(req.headers['user-agent']);
  // A page at its final address may come from the page cache (docs/decisions/0600-public-page-cache.md),
  // looked up before any other work: an entry is stored only for an address that was final for this
  // kind of visitor (a crawler is not sent to the utm address, so it has its own entries), and every
  // change of the client (its utm values too) drops its entries.
  const route = `${onCustomDomain ? 'd' : 'p'}${crawler ? 'c' : ''}${req.url}`;
  if (isGet && deps.pageCache?.usable) {
    const hit = deps.pageCache.get(client.id, route);
    if (hit) {
      const event = hit.event;
      if (event) recordEvent(deps, { clientId: client.id, ...event });
      // The next visit of this address is answered before routing (plugins/front-cache.ts), recording the same event.
      const front = req.server.frontCache;
      if (front) {
        front.variant = visitorVariant;
        front.offer(req.raw, client.id, route, hit, event ? () => recordEvent(deps, { clientId: client.id, ...event }) : undefined);
      }
      return sendEntry(req, reply, hit);
    }
  }
  const query = (req.query ?? {}) as Record<string, unknown>;
  const ctx = siteContext(deps, client, onCustomDomain, query, carriedFrom(query));
  const seg = rest.split('/').filter(Boolean);
  const first = (seg[0] ?? '').toLowerCase();
  // Core §2's rules hold on every page (the search and job pages, published pages, the privacy
  // notice): not on sitemaps (final addresses for crawlers), nor on the apply form's own steps.
  const isPage = isGet && first !== 'apply' && first !== 'sitemap.xml' && !/^sitemap-\d{1,4}\.xml$/.test(first);
  const r = isPage ? siteRedirectTarget(req.url, crawler ? null : client) : null;
  const redirect = () => reply.redirect(r?.location ?? '/', r?.permanent ? 301 : 302);
  // Not in the cache: a page at its final address is stored there once rendered.
  if (isGet && !r && (isPage || (first === 'apply' && seg[2] === 'thank-you'))) ctx.slot = cacheSlot(deps.pageCache ?? null, req, client.id, route);
  const v = client.virtualAppName ?? client.nameSlug;
  // A path rule (whitespace, /av_viewjob.html) names another address: go there first.
  if (r && r.location.split('?')[0] !== req.url.split('?')[0]) return redirect();

  switch (first) {
    case '':
      // A published Home page is the site root; without one, core §2's redirect below.
      if (isGet && (await servePublished(ctx, reply, seg, r))) return reply;
      // No published page called Home yet (published pages come later): the root goes to the search page
      // (one redirect that also carries the client's utm values; legacy parameters are dropped).
      return reply.redirect(link(`${ctx.base}/search-page`, ctx.carried, { v, utm_source: client.utmSource, utm_medium: client.utmMedium }), 302);
    case 'search-page':
      if (r) return redirect();
      return sendPage(reply, ctx.slot, await renderSearchPage(ctx));
    case 'job': {
      const id = seg[seg.length - 1] ?? '';
      if (isUuid(id)) {
        // A job that is not open answers at once, before any redirect: 404, or 410 when closed.
        const row = await openJob(ctx, id);
        if (!row) return sendJobNotOpen(ctx, reply, id);
        if (r) return redirect();
        return sendPage(reply, ctx.slot, await renderJobPage(ctx, row));
      }
      // An id in the job_id place that is not one (or /job/{x}): no such job, not a search.
      if (seg.length === 2 || seg.length >= 6) return sendJobNotOpen(ctx, reply, undefined);
      if (r) return redirect();
      // A job address without its job_id (the id is optional in core §2): search for the title instead.
      const title = (seg[2] ?? seg[1] ?? '').replace(/-/g, ' ');
      return reply.redirect(link(`${ctx.base}/search-page`, ctx.carried, { v, keywords: title }), 302);
    }
    case 'requisition': {
      if (r) return redirect();
      const id = [query.jobId, query.jobid, query.id, query.JobID].find((x) => typeof x === 'string') as string | undefined;
      const row = id ? await openJob(ctx, id) : null;
      if (!row) return sendJobNotOpen(ctx, reply, id);
      const keep: Record<string, string> = {};
      for (const [k, val] of Object.entries(query)) if (typeof val === 'string' && !['jobId', 'jobid', 'id', 'JobID'].includes(k)) keep[k] = val;
      return reply.redirect(link(jobPathFor(ctx, row), {}, keep), 301);
    }
    case 'apply': {
      if (isGet && seg[2] === 'challenge' && isUuid(seg[1] ?? '')) {
        // The apply form's captcha challenge, fetched by the page's script when the visitor starts
        // the form: one per visitor, never inside a cached page.
        return reply.header('cache-control', 'no-store').send(await newChallenge(deps));
      }
      const row = await openJob(ctx, seg[1] ?? '');
      // A form sent to a closed job is not a page that went away: 404 (the job page itself answers 410).
      if (!row) return sendJobNotOpen(ctx, reply, seg[1], { goneStatus: req.method === 'POST' ? 404 : 410 });
      if (isGet && seg[2] === 'thank-you') return sendPage(reply, ctx.slot, await renderThankYou(ctx, row, messages.jobs.applySuccess));
      if (req.method !== 'POST') return reply.redirect(link(jobPathFor(ctx, row), ctx.carried), 302);
      const input = await readApplyForm(req);
      const carried = { ...ctx.carried };
      for (const k of ['utm_source', 'referrer', 'phone'] as const) if (input.fields[`tracking_${k}`]) carried[k] = input.fields[`tracking_${k}`];
      const outcome = await applyToJob(deps, { clientId: client.id, job: row, input, remoteIp: req.ip });
      if (outcome.ok) return reply.redirect(link(`${ctx.base}/apply/${row.id}/thank-you`, carried), 303);
      const values = { ...input.fields };
      delete values.altcha;
      delete values['g-recaptcha-response'];
      if (outcome.retryAfter) reply.header('retry-after', String(outcome.retryAfter));
      return sendPage(reply, null, await renderJobPage({ ...ctx, carried }, row, { values, errors: outcome.errors }), outcome.status);
    }
    case 'privacy':
      if (r) return redirect();
      if (isGet && seg.length === 1) return sendPage(reply, ctx.slot, await renderPrivacyPage(ctx));
      return sendSiteNotFound(ctx, reply);
    case 'sitemap.xml':
      return sendXml(reply, await sitemapStream(deps, client));
    default: {
      const part = /^sitemap-(\d{1,4})\.xml$/.exec(first);
      if (part) {
        const body = await sitemapStream(deps, client, Number(part[1]));
        if (body) return sendXml(reply, body);
      }
      if (isGet && (await servePublished(ctx, reply, seg, r))) return reply;
      return sendSiteNotFound(ctx, reply);
    }
  }
}
