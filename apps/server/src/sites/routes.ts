import { siteFaviconEmptyReply, siteRoutes } from '@hh/contract/sites';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { serveMotivatorSearch } from './motivator-search-page.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { jobs } from '../db/schema/jobs.ts';
import { urlParts } from './job-format.ts';
import { clientBySlug, clientByVirtualApp } from '../public-jobs/index.ts';
import { legacyRoute } from '../plugins/route.ts';
import { PORTAL_ROUTES } from '../plugins/web.ts';
import { clientForHost, createHostCache } from './custom-domain.ts';
import { sendXml, serveSite } from './dispatch.ts';
import { sitemapStream, robotsTxt } from './sitemap.ts';
import { productJobPath } from '../core/site-urls.ts';
import { createCaptchaReplays } from '../core/captcha.ts';
import { depsOf } from '../core/deps.ts';
import { renderCustomDomain } from './custom-domain-dispatch.ts';
import { siteFavicon } from './page-favicon.ts';
import { sendNeutralNotFound } from './neutral-404.ts';
import { serveMeetTheTeam } from './meet-the-team-page.ts';
import { pageCacheOf, syncNotifications } from '../plugins/session-cache.ts';
import { rememberedClient } from '../plugins/page-cache.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Portal writes that cannot change what a career page or a public search shows. Every other
 * successful portal write drops the client's cached pages (jobs also notify by trigger), so a new
 * call that feeds a public page (pages, design, privacy notice, motivators, team videos, synonyms…)
 * is fresh without being listed anywhere: the safe default is to invalidate. The candidate store's
 * many writes are the exception, except its privacy settings (the public privacy page).
 */
const NOT_SITE_WRITES =
  /^\/api\/(crm\/(?!privacy\/settings)|activity-logs|login|logout|refresh-token|resume-parser|sso\/|forgot-password|reset-password|applications-inbox)/;

/** The client a portal write was for: named in its body or query, else the selected client, else the staff user's own. */
function clientIdOf(req: FastifyRequest): string | null {
  const named = [
    (req.body as { clientId?: unknown } | null)?.clientId,
    (req.query as { clientId?: unknown } | null)?.clientId,
    req.headers['x-client-id'],
    req.actor?.clientId,
  ];
  const id = named.find((x): x is string => typeof x === 'string' && UUID.test(x));
  return id ?? null;
}

/** Not a client: a neutral 404 page for browsers (never the portal sign-in; issue 13), the JSON 404 otherwise. */
const notFoundHtml = (reply: FastifyReply) => sendNeutralNotFound(reply);

/**
 * Public career sites (core spec §2, docs/career-sites.md). Wrapped with fastify-plugin so its
 * Host hook applies to every route: a client's custom domain serves only that client's site and
 * the public API calls, never the portal.
 */
async function sitesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const opts = { config: { auth: 'public' as const }, schema: { hide: true } };
  // What the pages are given (issue 10), with this app's own memory of solved apply captchas
  // (core/captcha.ts) and its Host → client cache (custom-domain.ts), each created once here.
  // The page cache rides on the session cache's listener (plugins/session-cache.ts). On a Citus
  // cluster shard writes cannot notify (migration 0107), so pages are rendered every time there.
  const pageCache = pageCacheOf(fastify.db);
  if (pageCache && (await fastify.pool.query(`SELECT 1 FROM pg_extension WHERE extname = 'citus'`)).rowCount) pageCache.disabled = true;
  const deps = { ...depsOf(fastify), captchaReplays: createCaptchaReplays(), hostCache: createHostCache(), pageCache };
  // The client behind /{nameSlug}/…: remembered while no client row changes, so a cached page costs no query.
  const siteClient = (slug: string) => rememberedClient(pageCache, `slug:${slug.toLowerCase()}`, () => clientBySlug(app.db, slug));
  // Portal writes (all but NOT_SITE_WRITES) notify
  // every process from here: their tables come after migration 0107's triggers (see its note).
  // A write through this process then answers only once this process has handled the notifications
  // of what it changed: its caller's next read (the page after an edit) never meets the old page.
  fastify.addHook('onSend', async (req, reply, payload) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return payload;
    const clientId = reply.statusCode < 400 && req.url.startsWith('/api/') && !NOT_SITE_WRITES.test(req.url) ? clientIdOf(req) : null;
    if (clientId)
      await fastify.pool.query(`SELECT pg_notify('hh_site', $1)`, [clientId]).catch((err: Error) => req.log.warn({ err }, 'site change not notified'));
    if (pageCache?.size) await syncNotifications(fastify.db);
    return payload;
  });
  // The public motivator search page, /motivator-search/{nameSlug?} (core §2).
  app.get('/motivator-search', opts, async (_req, reply) => sendNeutralNotFound(reply));
  app.get('/motivator-search/:nameSlug', opts, async (req: FastifyRequest<{ Params: { nameSlug: string } }>, reply) => {
    const client = await clientBySlug(app.db, req.params.nameSlug);
    if (!client) return sendNeutralNotFound(reply);
    return serveMotivatorSearch(deps, req, reply, client, false);
  });

  app.addHook('onRequest', async (req, reply) => {
    const client = await clientForHost(deps, req.host);
    if (!client) return;
    return renderCustomDomain(deps, req, reply, client);
  });

  const bySlug = async (req: FastifyRequest<{ Params: { nameSlug: string; '*'?: string } }>, reply: FastifyReply) => {
    const slug = req.params.nameSlug;
    const sm = /^sitemap-(.+)\.xml$/i.exec(slug);
    const client = await siteClient(sm ? sm[1] : slug.trim().replace(/\s+/g, '-'));
    if (!client) return notFoundHtml(reply);
    if (sm) return sendXml(reply, await sitemapStream(deps, client));
    return serveSite(deps, req, reply, client, `/${req.params['*'] ?? ''}`, false);
  };
  app.get('/:nameSlug', opts, bySlug);
  app.get('/:nameSlug/*', opts, bySlug);
  app.post('/:nameSlug/apply/*', opts, async (req: FastifyRequest<{ Params: { nameSlug: string; '*': string } }>, reply) => {
    const client = await siteClient(req.params.nameSlug);
    if (!client) return notFoundHtml(reply);
    return serveSite(deps, req, reply, client, `/apply/${req.params['*']}`, false);
  });

  // The job-page form without a leading nameSlug (/job/{category}/{title}/{location}/{virtual_app}/{job_id})
  // on the product host: the virtual_app names the client; send the visitor to the canonical form.
  app.get('/job/*', opts, async (req: FastifyRequest<{ Params: { '*': string } }>, reply) => {
    const seg = req.params['*'].split('/').filter(Boolean);
    const id = seg[seg.length - 1];
    const client = seg.length >= 2 ? await clientByVirtualApp(app.db, seg[seg.length - 2]) : null;
    if (!client || !UUID.test(id ?? '')) return notFoundHtml(reply);
    const [j] = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.clientId, client.id), eq(jobs.id, id)));
    // Issue 9 finding 13: a draft or closed job's redirect would name it (its title is in the path).
    if (!j || j.status !== 'open') return serveSite(deps, req, reply, client, `/job/x/${id}`, false);
    const target = productJobPath(urlParts(j), client);
    const q = req.url.indexOf('?');
    return reply.redirect(target + (q === -1 ? '' : req.url.slice(q)), 301);
  });

  // The public meet-the-team page on the product host (core §1, §2), with the client's settings (issue 13).
  app.get('/meet-the-team/:nameSlug', opts, async (req: FastifyRequest<{ Params: { nameSlug: string } }>, reply) => {
    const client = await clientBySlug(app.db, req.params.nameSlug.slice(0, 200));
    if (!client) return sendNeutralNotFound(reply, { always: true });
    return serveMeetTheTeam(deps, req, reply, client, false);
  });

  app.get('/robots.txt', opts, async (_req, reply) => reply.type('text/plain; charset=utf-8').send(await robotsTxt(deps, null, PORTAL_ROUTES)));

  // Core spec §2/§7: the favicon per host. The client's logo serves as its favicon until page
  // templates add a dedicated one; with none, an empty 204 (the spec observes an empty response).
  legacyRoute(
    fastify,
    siteRoutes.getFavicon,
    async (req, reply) => {
      const host = req.params.host.toLowerCase();
      const client = (await clientForHost(deps, host)) ?? (await clientBySlug(app.db, host));
      const favicon = client ? await siteFavicon(deps, client) : null;
      if (!favicon) return reply.status(204).send(null);
      return { favicon };
    },
    { schema: { response: { 204: siteFaviconEmptyReply } } },
  );
}

export default fp(sitesRoutes, { name: 'sites' });
