import { siteFaviconEmptyReply, siteRoutes } from '@hh/contract/sites';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createCaptchaReplays } from '../core/captcha.ts';
import { depsOf } from '../core/deps.ts';
import { route } from '../plugins/route.ts';
import { PORTAL_ROUTES } from '../plugins/web.ts';
import { clientForHost, createHostCache, onOtherHost } from './custom-domain.ts';
import { renderCustomDomain } from './custom-domain-dispatch.ts';
import { sendXml, serveSite } from './dispatch.ts';
import { getFaviconWith } from './get-favicon.ts';
import { serveMeetTheTeam } from './meet-the-team-page.ts';
import { serveMotivatorSearch } from './motivator-search-page.ts';
import { sendNeutralNotFound } from './neutral-404.ts';
import { siteChanged, sitePageCache } from './site-changes.ts';
import { jobWithoutSlug, rememberedSiteClient, siteClientBySlug } from './site-clients.ts';
import type { ClientRow } from '../public-jobs/index.ts';
import { robotsTxt, sitemapStream } from './sitemap.ts';
import { isUuid } from '../lib/uuid.ts';

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
  const id = named.find((x): x is string => typeof x === 'string' && isUuid(x));
  return id ?? null;
}

/** Not a client: a neutral 404 page for browsers (never the portal sign-in, which would tell a visitor the product behind the site), the JSON 404 otherwise. */
const notFoundHtml = (reply: FastifyReply) => sendNeutralNotFound(reply);

/**
 * Public career sites (core spec §2, docs/career-sites.md). Wrapped with fastify-plugin so its
 * Host hook applies to every route: a client's custom domain serves only that client's site and
 * the public API calls, never the portal.
 */
async function sitesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const opts = { config: { auth: 'public' as const }, schema: { hide: true } };
  // What the pages are given (decision 0008: deps, never the app), with this app's own memory of
  // solved apply captchas (core/captcha.ts), its Host → client cache (custom-domain.ts) and its page
  // cache (site-changes.ts), each created once here.
  const base = depsOf(fastify);
  const pageCache = await sitePageCache(base);
  const deps = { ...base, captchaReplays: createCaptchaReplays(), hostCache: createHostCache(), pageCache };
  // The client behind /{nameSlug}/…: remembered while no client row changes, so a cached page costs no query.
  const siteClient = (slug: string) => pageCache?.clientRow<ClientRow>(`slug:${slug.toLowerCase()}`) ?? rememberedSiteClient(deps, pageCache, slug);
  // Portal writes (all but NOT_SITE_WRITES) notify every process from here: their tables come after
  // migration 0107's triggers (see its note). A write through this process answers once this process
  // has handled the notifications of what it changed.
  // Reads pass without a promise (these hooks run on every request of the app).
  fastify.addHook('onSend', (req, reply, payload, done) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return done(null, payload);
    const clientId = reply.statusCode < 400 && req.url.startsWith('/api/') && !NOT_SITE_WRITES.test(req.url) ? clientIdOf(req) : null;
    siteChanged({ ...deps, log: req.log }, pageCache, clientId).then(() => done(null, payload), done);
  });
  // The public motivator search page, /motivator-search/{nameSlug?} (core §2). Without a company the portal
  // answers on the product host (plugins/web.ts: the user's client's page or a chooser, like /meet-the-team).
  app.get('/motivator-search/:nameSlug', opts, async (req: FastifyRequest<{ Params: { nameSlug: string } }>, reply) => {
    const client = await siteClientBySlug(deps, req.params.nameSlug);
    if (!client) return sendNeutralNotFound(reply);
    return serveMotivatorSearch(deps, req, reply, client, false);
  });

  // The product's own host (almost every request) passes without a promise.
  app.addHook('onRequest', (req, reply, done) => {
    if (!onOtherHost(deps, req.host)) return done();
    customDomain(req, reply).then((passOn) => passOn && done(), done);
  });
  /** True when the request goes on to its route: no client owns the host, or the site leaves the path to its route (public API, media, fonts). */
  async function customDomain(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const client = await clientForHost(deps, req.host);
    if (!client) return true;
    const handled = await renderCustomDomain(deps, req, reply, client);
    return handled === undefined && !reply.sent;
  }

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
    const found = await jobWithoutSlug(deps, req.params['*']);
    if (!found) return notFoundHtml(reply);
    // A draft or closed job is not redirected: the redirect would name it (its title is in the path).
    if (!found.redirect) return serveSite(deps, req, reply, found.client, `/job/x/${found.id}`, false);
    const q = req.url.indexOf('?');
    return reply.redirect(found.redirect + (q === -1 ? '' : req.url.slice(q)), 301);
  });

  // The public meet-the-team page on the product host (core §1, §2), with the client's settings.
  app.get('/meet-the-team/:nameSlug', opts, async (req: FastifyRequest<{ Params: { nameSlug: string } }>, reply) => {
    const client = await siteClientBySlug(deps, req.params.nameSlug.slice(0, 200));
    if (!client) return sendNeutralNotFound(reply, { always: true });
    return serveMeetTheTeam(deps, req, reply, client, false);
  });

  app.get('/robots.txt', opts, async (_req, reply) => reply.type('text/plain; charset=utf-8').send(await robotsTxt(deps, null, PORTAL_ROUTES)));

  // Core spec §2/§7: the favicon per host (get-favicon.ts), an empty 204 when the site has none.
  const getFavicon = getFaviconWith(deps.hostCache);
  route(fastify, siteRoutes.getFavicon, getFavicon, { schema: { response: { 204: siteFaviconEmptyReply } } });
}

export default fp(sitesRoutes, { name: 'sites' });
