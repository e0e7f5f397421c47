import { messages } from '@hh/contract/messages';
import { SITE_ASSETS_PATH, SITE_FONTS_PATH } from '@hh/contract/site-css';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../lib/app-error.ts';
import { loadSiteFontFiles } from './font-files.ts';
import { SITE_STYLESHEET } from './stylesheet.ts';

/** Fontsource's file names carry no version, but a release does not change a font's look in a way that matters: kept a year. */
const CACHE = 'public, max-age=31536000, immutable';

/**
 * The career sites' shared stylesheet (stylesheet.ts; its name changes with its content, so it is kept
 * a year like the fonts) and self-hosted fonts (core §9's font list): public, on the product host
 * and on custom domains (sites/custom-domain-dispatch.ts lets the path through), from the
 * start-up allow-list only. Anything else is a 404.
 */
export default async function siteFontsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const files = await loadSiteFontFiles();
  app.get(`${SITE_FONTS_PATH}/:file`, { config: { auth: 'public' }, schema: { hide: true, params: z.object({ file: z.string() }) } }, async (req, reply) => {
    const bytes = files.get(req.params.file);
    if (!bytes) throw notFound('file', messages.server.fileNotFound);
    // Fonts are fetched in CORS mode: the widget script draws its font on customers' own sites (widgets/embed).
    return reply.header('content-type', 'font/woff2').header('cache-control', CACHE).header('access-control-allow-origin', '*').send(bytes);
  });
  app.get(`${SITE_ASSETS_PATH}/:file`, { config: { auth: 'public' }, schema: { hide: true, params: z.object({ file: z.string() }) } }, async (req, reply) => {
    if (req.params.file !== SITE_STYLESHEET.file) throw notFound('file', messages.server.fileNotFound);
    return reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', CACHE).send(SITE_STYLESHEET.body);
  });
}
