import * as c from '@hh/contract/team';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorCatalogue } from './catalogue.ts';

/** GET /api/errors (recruiting spec §7): the message catalogue, public (it holds no data), built once. */
export default async function errorsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const results = errorCatalogue();
  app.get('/api/errors', { config: { auth: 'public' }, schema: { tags: ['errors'], response: { 200: c.errorCatalogueReply } } }, async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return { results, totalCount: results.length };
  });
}
