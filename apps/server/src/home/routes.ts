import { errorReply } from '@hh/contract/common';
import { workQueueQuery, workQueueReply } from '@hh/contract/home';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../plugins/auth.ts';
import { getWorkQueue } from './get-work-queue.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };

/** The portal's Home (issue 15): the selected client's work queue. */
export default async function homeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/home/work-queue', { schema: { tags: ['home'], querystring: workQueueQuery, response: { 200: workQueueReply, ...errors } } }, async (req) =>
    getWorkQueue({ db: app.db, actor: actorOf(req), clientId: req.query.clientId, since: req.query.since }),
  );
}
