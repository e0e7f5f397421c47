import { errorRoutes as r } from '@hh/contract/errors';
import type { FastifyInstance } from 'fastify';
import { legacyRoute } from '../plugins/route.ts';
import { errorCatalogue } from './catalogue.ts';

/** GET api/errors (recruiting spec §7): the message catalogue, public (it holds no data), built once. */
export default async function errorsRoutes(app: FastifyInstance) {
  const results = errorCatalogue();
  legacyRoute(app, r.catalogue, async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return { results, totalCount: results.length };
  });
}
