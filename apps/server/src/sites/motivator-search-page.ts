import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ClientRow } from '../jobs/index.ts';
import { clientBySlug } from '../jobs/index.ts';
import { motivatorSearchOf } from '../pages/index.ts';
import { motivatorSearchUrl } from '../pages/index.ts';
import { carriedFrom } from './carry.ts';
import { siteContext } from './context.ts';
import { sendNeutralNotFound } from './neutral-404.ts';
import { renderMotivatorSearch } from './published-page.ts';
import { sendSiteNotFound } from './published-dispatch.ts';

/** `/motivator-search/{nameSlug}` (product host) and `/motivator-search` (custom domain): core §2 guest routes. */
export async function serveMotivatorSearch(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, client: ClientRow, onCustomDomain: boolean) {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const ctx = siteContext(app, client, onCustomDomain, query, carriedFrom(query));
  const page = await motivatorSearchOf(app.db, client.id);
  if (!page?.published || !client.subscriptions?.motivator) return sendSiteNotFound(ctx, reply);
  const path = onCustomDomain ? '/motivator-search' : `/motivator-search/${client.nameSlug}`;
  const selected = typeof query.motivator === 'string' ? query.motivator.slice(0, 80).toLowerCase() : null;
  const html = await renderMotivatorSearch(ctx, page, selected, path, motivatorSearchUrl(app, client));
  return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}

export function registerMotivatorSearchPages(app: FastifyInstance) {
  const opts = { config: { auth: 'public' as const }, schema: { hide: true } };
  app.get('/motivator-search', opts, async (_req, reply) => sendNeutralNotFound(reply));
  app.get('/motivator-search/:nameSlug', opts, async (req: FastifyRequest<{ Params: { nameSlug: string } }>, reply) => {
    const client = await clientBySlug(app.db, req.params.nameSlug);
    if (!client) return sendNeutralNotFound(reply);
    return serveMotivatorSearch(app, req, reply, client, false);
  });
}
