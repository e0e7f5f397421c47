import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientRow } from '../public-jobs/index.ts';
import { motivatorSearchOf } from '../site-builder/index.ts';
import { motivatorSearchUrl } from '../site-builder/index.ts';
import { carriedFrom } from './carry.ts';
import { type SiteDeps, siteContext } from './context.ts';
import { renderMotivatorSearch } from './published-page.ts';
import { sendSiteNotFound } from './published-dispatch.ts';
import { isCrawler, siteRedirectTarget } from './redirects.ts';

/**
 * `/motivator-search/{nameSlug}` (product host) and `/motivator-search` (custom domain): core §2 guest
 * routes. The HTTP edge: it writes the reply.
 */
export async function serveMotivatorSearch(deps: SiteDeps, req: FastifyRequest, reply: FastifyReply, client: ClientRow, onCustomDomain: boolean) {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const ctx = siteContext(deps, client, onCustomDomain, query, carriedFrom(query));
  const page = await motivatorSearchOf(deps, { clientId: client.id });
  if (!page?.published || !client.subscriptions?.motivator) return sendSiteNotFound(ctx, reply);
  // Core §2's rules on this page too (utm values appended, legacy parameters removed).
  const r = siteRedirectTarget(req.url, isCrawler(req.headers['user-agent']) ? null : client);
  if (r) return reply.redirect(r.location, r.permanent ? 301 : 302);
  const path = onCustomDomain ? '/motivator-search' : `/motivator-search/${client.nameSlug}`;
  const selected = typeof query.motivator === 'string' ? query.motivator.slice(0, 80).toLowerCase() : null;
  const html = await renderMotivatorSearch(ctx, page, selected, path, motivatorSearchUrl(deps, client));
  return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}
