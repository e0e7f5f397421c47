import { portalPaths } from '@hh/contract/roles';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { RuntimeConfig } from '@hh/contract/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NONCE_PLACEHOLDER, NOT_FOUND_LIMIT } from './security.ts';

/**
 * Serves the portal (the React single-page app built by Vite) on its fixed top-level routes.
 * The public career sites (`/{nameSlug}/...`) are registered by the sites domain; static
 * routes here win over those parametric ones, which is why a nameSlug may not be a reserved word.
 */
export const PORTAL_ROUTES = portalPaths;

const here = path.dirname(fileURLToPath(import.meta.url));

export function runtimeConfigOf(app: FastifyInstance): RuntimeConfig {
  const c = app.config;
  return {
    apiBase: '',
    authStrategy: c.AUTH_STRATEGY,
    accessTokenCheckInterval: c.ACCESS_TOKEN_CHECK_INTERVAL,
    refreshTokenCheckInterval: c.REFRESH_TOKEN_CHECK_INTERVAL,
    accessTokenTtl: c.ACCESS_TOKEN_TTL,
    ga4MeasurementId: c.GA4_MEASUREMENT_ID ?? null,
    publicUrl: c.publicUrl,
  };
}

export default fp(async function web(app: FastifyInstance) {
  const dist = path.resolve(app.config.WEB_DIST ?? path.join(here, '../../../web/dist'));
  const indexFile = path.join(dist, 'index.html');
  const built = existsSync(indexFile);
  const template = built
    ? readFileSync(indexFile, 'utf8')
    : '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portal</title><!--runtime-config--></head><body><div id="root">The portal is not built. Run npm run build -w apps/web.</div></body></html>';
  const json = JSON.stringify(runtimeConfigOf(app)).replace(/</g, '\\u003c');
  const html = template.replace('<!--runtime-config-->', `<script nonce="${NONCE_PLACEHOLDER}">window.__RUNTIME_CONFIG__=${json}</script>`);

  if (built) {
    await app.register(fastifyStatic, {
      root: path.join(dist, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      index: false,
      wildcard: true,
    });
  }

  const sendPortal = (reply: FastifyReply, status = 200) =>
    reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

  app.get('/', { config: { auth: 'public' }, schema: { hide: true } }, async (_req, reply) => sendPortal(reply));
  // /meet-the-team and /motivator-search without a company on the product host: the portal opens the user's
  // client's page or a chooser (core §2, `/motivator-search/{nameSlug?}`); /meet-the-team/{nameSlug} and
  // /motivator-search/{nameSlug} stay the public pages the sites domain draws (and a custom domain's host hook
  // answers both bare paths with its own client's page before these routes run).
  for (const bare of ['/meet-the-team', '/motivator-search']) {
    app.get(bare, { config: { auth: 'public' }, schema: { hide: true } }, async (_req, reply) => sendPortal(reply));
  }
  for (const r of PORTAL_ROUTES) {
    app.get(`/${r}`, { config: { auth: 'public' }, schema: { hide: true } }, async (_req, reply) => sendPortal(reply));
    app.get(`/${r}/*`, { config: { auth: 'public' }, schema: { hide: true } }, async (_req, reply) => sendPortal(reply));
  }

  // 404 floods are limited per address (decision 0400): probing for paths costs the prober, not the server.
  app.setNotFoundHandler({ preHandler: app.rateLimit(NOT_FOUND_LIMIT) }, (req: FastifyRequest, reply: FastifyReply) => {
    if (req.url.startsWith('/api/') || !(req.headers.accept ?? '').includes('text/html')) {
      return reply.status(404).send({ errorMsg: { request: [`Route ${req.method} ${req.url.split('?')[0]} not found`] } });
    }
    return sendPortal(reply, 404);
  });
});
