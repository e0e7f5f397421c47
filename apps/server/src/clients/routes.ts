import * as c from '@hh/contract/clients';
import { errorReply } from '@hh/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../plugins/auth.ts';
import { createClient } from './create-client.ts';
import { createFormQuestion } from './create-form-question.ts';
import { createMediaLibrary } from './create-media-library.ts';
import { deleteFormQuestion } from './delete-form-question.ts';
import { getClient } from './get-client.ts';
import { getMediaLibrary } from './get-media-library.ts';
import { getClientByDomain, getClientBySlug } from './get-public-client.ts';
import { getUnreadMessagesCount } from './get-unread-messages-count.ts';
import { listClients } from './list-clients.ts';
import { listFormQuestions } from './list-form-questions.ts';
import { serializeClient } from './serialize-client.ts';
import { serializeFormQuestion } from './serialize-form-question.ts';
import { serializeMediaLibrary } from './serialize-media-library.ts';
import { updateClient } from './update-client.ts';
import { updateFormQuestion } from './update-form-question.ts';
import { updateMediaLibrary } from './update-media-library.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

/** Clients, form questions and the media library (core spec §7 "Clients"; rights in docs/permissions.md). */
export default async function clientsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['clients'];
  const db = app.db;

  app.post('/api/client/create', { schema: { tags, body: c.createClientRequest, response: { 201: c.client, ...errors } } }, async (req, reply) => {
    const row = await createClient({ db, actor: actorOf(req), input: req.body });
    return reply.status(201).send(serializeClient(row));
  });

  // Core spec §7: the client update has no practical body limit (page summaries, question groups).
  app.patch(
    '/api/client/update',
    { bodyLimit: app.config.CLIENT_UPDATE_BODY_LIMIT, schema: { tags, body: c.updateClientRequest, response: { 200: c.client, ...errors } } },
    async (req) => {
      const { _id, ...input } = req.body;
      return serializeClient(await updateClient({ db, actor: actorOf(req), clientId: _id, input }));
    },
  );

  app.get('/api/client', { schema: { tags, querystring: c.clientListQuery, response: { 200: c.clientListReply, ...errors } } }, async (req) => {
    const { rows, totalCount } = await listClients({ db, actor: actorOf(req), query: req.query });
    return { results: rows.map(serializeClient), totalCount };
  });

  app.get('/api/client/get-by-id', { schema: { tags, querystring: c.clientIdQuery, response: { 200: c.client, ...errors } } }, async (req) =>
    serializeClient(await getClient({ db, actor: actorOf(req), clientId: req.query.clientId })),
  );

  app.get(
    '/api/client/get-unread-messages-count',
    { schema: { tags, querystring: c.clientIdQuery, response: { 200: c.unreadCountReply, ...errors } } },
    async (req) => getUnreadMessagesCount({ db, actor: actorOf(req), clientId: req.query.clientId }),
  );

  // Public: the career sites look their client up by slug or by custom domain.
  app.get(
    '/api/client/get-by-slug',
    { config: { auth: 'public' }, schema: { tags, querystring: c.nameSlugQuery, response: { 200: c.publicClient, 400: errorReply, 404: errorReply } } },
    async (req) => c.publicClient.parse(serializeClient(await getClientBySlug({ db, nameSlug: req.query.nameSlug }))),
  );

  app.get(
    '/api/client/get-by-domain',
    { config: { auth: 'public' }, schema: { tags, querystring: c.domainQuery, response: { 200: c.publicClient, 400: errorReply, 404: errorReply } } },
    async (req) => c.publicClient.parse(serializeClient(await getClientByDomain({ db, domainURL: req.query.domainURL, product: req.query.product }))),
  );

  // Form questions (the wave questionnaire).
  app.post(
    '/api/client/create-form-question',
    { schema: { tags, body: c.createFormQuestionRequest, response: { 201: c.formQuestionReply, ...errors } } },
    async (req, reply) => {
      const row = await createFormQuestion({ db, actor: actorOf(req), clientId: req.body.clientId, question: req.body.question, position: req.body.position });
      return reply.status(201).send(serializeFormQuestion(row));
    },
  );

  app.patch(
    '/api/client/update-form-question',
    { schema: { tags, body: c.updateFormQuestionRequest, response: { 200: c.formQuestionReply, ...errors } } },
    async (req) =>
      serializeFormQuestion(
        await updateFormQuestion({
          db,
          actor: actorOf(req),
          clientId: req.body.clientId,
          questionId: req.body._id,
          question: req.body.question,
          position: req.body.position,
        }),
      ),
  );

  app.delete(
    '/api/client/delete-form-question',
    { schema: { tags, body: c.deleteFormQuestionRequest, response: { 200: c.formQuestionReply, ...errors } } },
    async (req) => serializeFormQuestion(await deleteFormQuestion({ db, actor: actorOf(req), clientId: req.body.clientId, questionId: req.body._id })),
  );

  app.get(
    '/api/client/get-form-questions',
    { schema: { tags, querystring: c.clientIdQuery, response: { 200: c.formQuestionList, ...errors } } },
    async (req) => {
      const rows = await listFormQuestions({ db, actor: actorOf(req), clientId: req.query.clientId });
      return { results: rows.map(serializeFormQuestion), totalCount: rows.length };
    },
  );

  app.get('/api/client/get-questions', { schema: { tags, querystring: c.clientIdQuery, response: { 200: c.questionsReply, ...errors } } }, async (req) => {
    const rows = await listFormQuestions({ db, actor: actorOf(req), clientId: req.query.clientId });
    return { results: rows.map((q) => ({ _id: q.id, question: q.question })), totalCount: rows.length };
  });

  // Media library: one per client; get returns a list whose first element the portal uses.
  app.get(
    '/api/client/get-media-library',
    { schema: { tags, querystring: c.getMediaLibraryQuery, response: { 200: c.mediaLibraryList, ...errors } } },
    async (req) => {
      const rows = await getMediaLibrary({ db, actor: actorOf(req), clientId: req.query.clientId });
      return { results: rows.map(serializeMediaLibrary), totalCount: rows.length };
    },
  );

  app.patch(
    '/api/client/update-media-library',
    { schema: { tags, body: c.updateMediaLibraryRequest, response: { 200: c.mediaLibraryReply, ...errors } } },
    async (req) =>
      serializeMediaLibrary(
        await updateMediaLibrary({
          db,
          actor: actorOf(req),
          clientId: req.body.clientId,
          libraryId: req.body._id,
          images: req.body.images,
          videos: req.body.videos,
        }),
      ),
  );

  app.post(
    '/api/media-library-create',
    { schema: { tags, body: c.createMediaLibraryRequest, response: { 201: c.mediaLibraryReply, ...errors } } },
    async (req, reply) => {
      const row = await createMediaLibrary({ db, actor: actorOf(req), clientId: req.body.clientId, images: req.body.images, videos: req.body.videos });
      return reply.status(201).send(serializeMediaLibrary(row));
    },
  );
}
