import { z } from 'zod';
import { defineRoute } from './route.ts';

/** The favicon per host (core spec §2/§7): the host of a custom domain, or a client's name slug. */
export const siteFaviconParams = z.object({ host: z.string().max(260) });
export const siteFaviconReply = z.object({ favicon: z.string() });
/** With no favicon, an empty 204 (the spec observes an empty response). */
export const siteFaviconEmptyReply = z.null();

/** The public career sites' API calls (core spec §2, docs/career-sites.md). */
export const siteRoutes = {
  getFavicon: defineRoute({
    method: 'GET',
    path: '/api/published-page-templates/get-favicon/:host',
    auth: 'public',
    params: siteFaviconParams,
    status: 200,
    reply: siteFaviconReply,
    errors: [400],
    tags: ['sites'],
  }),
};
