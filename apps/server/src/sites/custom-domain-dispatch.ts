import { SITE_ASSETS_PATH, SITE_FONTS_PATH } from '@hh/contract/site-css';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientRow } from '../public-jobs/index.ts';
import { PORTAL_ROUTES } from '../plugins/web.ts';
import { type ServeSiteDeps, serveSite } from './dispatch.ts';
import { serveMeetTheTeam } from './meet-the-team-page.ts';
import { serveMotivatorSearch } from './motivator-search-page.ts';
import { siteFavicon } from './page-favicon.ts';
import { robotsTxt } from './sitemap.ts';

/**
 * A request whose Host is a client's domainURL (onRequest, before the router's handler runs).
 * Public API calls, media and the site's font files pass through to their routes; every other
 * path is that client's career site at /..., and the portal is never served there. The HTTP edge:
 * it takes the request and writes the reply (or returns to let the route answer).
 */
export async function renderCustomDomain(deps: ServeSiteDeps, req: FastifyRequest, reply: FastifyReply, client: ClientRow) {
  const path = req.url.split('?')[0];
  // Font files and the stylesheet too (site-fonts/): a page loads them from its own host.
  if (
    path.startsWith('/api/') ||
    path.startsWith('/media/') ||
    path.startsWith(`${SITE_FONTS_PATH}/`) ||
    path.startsWith(`${SITE_ASSETS_PATH}/`) ||
    path === '/jobs/JsonPubCats.ashx' ||
    path === '/health'
  ) {
    if (path.startsWith('/api/') && req.routeOptions.config?.auth !== 'public') {
      return reply.status(404).send({ errorMsg: { request: [`Route ${req.method} ${path} not found`] } });
    }
    return; // continue to the public route
  }
  if (path === '/robots.txt') return reply.type('text/plain; charset=utf-8').send(await robotsTxt(deps, client, PORTAL_ROUTES));
  if (path === '/favicon.ico') {
    const favicon = await siteFavicon(deps, client); // the site's own icon, else the logo
    if (favicon) return reply.redirect(favicon, 302);
    return reply.status(204).send();
  }
  if (path === '/meet-the-team' || path.startsWith('/meet-the-team/')) {
    // On a custom domain it is that client's team, with its meet-the-team settings.
    return serveMeetTheTeam(deps, req, reply, client, true);
  }
  if (path === '/motivator-search') return serveMotivatorSearch(deps, req, reply, client, true);
  if (req.method !== 'GET' && req.method !== 'HEAD' && !(req.method === 'POST' && path.startsWith('/apply/'))) {
    return reply.status(405).send({ errorMsg: { request: ['Method not allowed'] } });
  }
  return serveSite(deps, req, reply, client, path, true);
}
