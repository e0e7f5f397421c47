import { errorReply } from '@hh/contract/common';
import * as c from '@hh/contract/jobs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadAccessibleClient, requireProductRight } from '../auth/access.ts';
import { actorOf } from '../plugins/auth.ts';
import { createPrequalification, deletePrequalification, listPrequalification, updatePrequalification } from './prequalification.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

/** 001 "Prequalification questions": scoped by clientId with optional jobId and departmentId. */
export default async function prequalificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['prequalification'];
  const key = 'prequalificationQuestions';
  const scoped = (req: FastifyRequest, clientId: string) => loadAccessibleClient(app.db, actorOf(req), clientId, key);
  const writer = (req: FastifyRequest) => requireProductRight(actorOf(req), 'harvest', 'editor', key);

  app.get(
    '/api/prequalification-questions',
    { schema: { tags, querystring: c.prequalificationQuery, response: { 200: c.prequalificationList, ...errors } } },
    async (req) => {
      const client = await scoped(req, req.query.clientId);
      const results = await listPrequalification(app.db, { clientId: client.id, jobId: req.query.jobId, departmentId: req.query.departmentId });
      return { results, totalCount: results.length };
    },
  );

  app.post(
    '/api/prequalification-questions/create',
    { schema: { tags, body: c.createPrequalificationRequest, response: { 201: c.prequalificationReply, ...errors } } },
    async (req, reply) => {
      const client = await scoped(req, req.body.clientId);
      writer(req);
      const out = await app.db.transaction((tx) =>
        createPrequalification(tx, {
          clientId: client.id,
          actor: actorOf(req),
          jobId: req.body.jobId,
          departmentId: req.body.departmentId,
          questions: req.body.questions,
        }),
      );
      return reply.status(201).send(out);
    },
  );

  app.put(
    '/api/prequalification-questions/update',
    { schema: { tags, body: c.updatePrequalificationRequest, response: { 200: c.prequalificationReply, ...errors } } },
    async (req) => {
      const client = await scoped(req, req.body.clientId);
      writer(req);
      return app.db.transaction((tx) =>
        updatePrequalification(tx, { clientId: client.id, actor: actorOf(req), id: req.body._id, questions: req.body.questions }),
      );
    },
  );

  app.delete(
    '/api/prequalification-questions-delete',
    { schema: { tags, querystring: z.object({ id: z.uuid(), clientId: z.uuid() }), response: { 200: z.object({ message: z.string() }), ...errors } } },
    async (req) => {
      const client = await scoped(req, req.query.clientId);
      writer(req);
      await app.db.transaction((tx) => deletePrequalification(tx, { clientId: client.id, actor: actorOf(req), id: req.query.id }));
      return { message: c.jobMessages.prequalificationDeleted };
    },
  );
}
