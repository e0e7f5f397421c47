import { errorRoutes as r } from '@hh/contract/errors';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { getErrorCatalogue } from './get-error-catalogue.ts';

/** GET api/errors (recruiting spec §7): the message catalogue, public (it holds no data). */
export default async function errorsRoutes(app: FastifyInstance) {
  route(app, r.catalogue, getErrorCatalogue);
}
