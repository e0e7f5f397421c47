import { SITE_FONTS_PATH } from '@hh/contract/site-css';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CaptchaReplays } from '../core/captcha.ts';
import type { ClientRow } from '../jobs/index.ts';
import { PORTAL_ROUTES } from '../plugins/web.ts';
import { serveSite } from './dispatch.ts';
import { serveMeetTheTeam } from './meet-the-team-page.ts';
import { serveMotivatorSearch } from './motivator-search-page.ts';
import { siteFavicon } from './page-favicon.ts';
import { robotsTxt } from './sitemap.ts';

/**
 * A request whose Host is a client's domainURL (onRequest, before the router's handler runs).
 * Public API calls, media and the site's font files pass through to their routes; every other
 * path is that client's career site at /..., and the portal is never served there.
 */
export async function renderCustomDomain(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, client: ClientRow, captchaReplays: CaptchaReplays) {
  const path = req.url.split('?')[0];
  // Font files too (site-fonts/, issue 13): a page loads them from its own host.
  if (
    path.startsWith('/api/') ||
    path.startsWith('/media/') ||
    path.startsWith(`${SITE_FONTS_PATH}/`) ||
    path === '/jobs/JsonPubCats.ashx' ||
    path === '/health'
  ) {
    if (path.startsWith('/api/') && req.routeOptions.config?.auth !== 'public') {
      return reply.status(404).send({ errorMsg: { request: [`Route ${req.method} ${path} not found`] } });
    }
    return; // continue to the public route
  }
  if (path === '/robots.txt') return reply.type('text/plain; charset=utf-8').send(await robotsTxt(app, client, PORTAL_ROUTES));
  if (path === '/favicon.ico') {
    const favicon = await siteFavicon(app, client); // the site's own icon (issue 13), else the logo
    if (favicon) return reply.redirect(favicon, 302);
    return reply.status(204).send();
  }
  if (path === '/meet-the-team' || path.startsWith('/meet-the-team/')) {
    // On a custom domain it is that client's team, with its meet-the-team settings (issue 13).
    return serveMeetTheTeam(app, req, reply, client, true);
  }
  if (path === '/motivator-search') return serveMotivatorSearch(app, req, reply, client, true); // issue 13
  if (req.method !== 'GET' && req.method !== 'HEAD' && !(req.method === 'POST' && path.startsWith('/apply/'))) {
    return reply.status(405).send({ errorMsg: { request: ['Method not allowed'] } });
  }
  return serveSite(app, req, reply, client, path, true, captchaReplays);
}
