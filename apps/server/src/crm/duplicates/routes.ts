import { errorReply } from '@hh/contract/common';
import * as c from '@hh/contract/crm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.ts';
import { dismissDuplicate } from './dismiss-duplicate.ts';
import { candidateDuplicates, listDuplicates } from './list-duplicates.ts';
import { listMerges } from './list-merges.ts';
import { mergeCandidates } from './merge-candidates.ts';
import { undoMerge } from './undo-merge.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

/**
 * Duplicates and merges (issue 12; the spec has no call for them, decision 0012 "Duplicates").
 * Rights: those of candidates (docs/permissions.md "Candidates"), on the client named by clientId.
 */
export default async function duplicatesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['crm'];
  const db = app.db;

  app.get('/api/crm/duplicates', { schema: { tags, querystring: c.duplicatesQuery, response: { 200: c.duplicatesReply, ...errors } } }, async (req) =>
    listDuplicates(db, { actor: actorOf(req), ...req.query }),
  );

  app.get(
    '/api/crm/duplicates/candidate/:id',
    { schema: { tags, params: c.idParams, querystring: c.candidateDuplicatesQuery, response: { 200: c.duplicatesReply, ...errors } } },
    async (req) => candidateDuplicates(db, { actor: actorOf(req), clientId: req.query.clientId, candidateId: req.params.id }),
  );

  app.post('/api/crm/duplicates/merge', { schema: { tags, body: c.mergeRequest, response: { 201: c.mergeReply, ...errors } } }, async (req, reply) =>
    reply.status(201).send(await mergeCandidates(db, { actor: actorOf(req), ...req.body, storage: app.storage })),
  );

  app.get('/api/crm/duplicates/merges', { schema: { tags, querystring: c.mergesQuery, response: { 200: c.mergesReply, ...errors } } }, async (req) =>
    listMerges(db, { actor: actorOf(req), ...req.query }),
  );

  app.post(
    '/api/crm/duplicates/merges/:id/undo',
    { schema: { tags, params: c.idParams, body: c.undoMergeRequest, response: { 200: c.undoMergeReply, ...errors } } },
    async (req) => undoMerge(db, { actor: actorOf(req), clientId: req.body.clientId, mergeId: req.params.id }),
  );

  app.post('/api/crm/duplicates/dismiss', { schema: { tags, body: c.dismissDuplicateRequest, response: { 200: c.messageReply, ...errors } } }, async (req) =>
    dismissDuplicate(db, { actor: actorOf(req), clientId: req.body.clientId, candidateIds: req.body.candidateIds }),
  );
}
