import { clientRoutes as r } from '@hh/contract/clients';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { createClient } from './create-client.ts';
import { createFormQuestion } from './create-form-question.ts';
import { createMediaLibrary } from './create-media-library.ts';
import { deleteFormQuestion } from './delete-form-question.ts';
import { getClient } from './get-client.ts';
import { getMediaLibrary } from './get-media-library.ts';
import { getClientByDomain, getClientBySlug } from './get-public-client.ts';
import { getUnreadMessagesCount } from './get-unread-messages-count.ts';
import { listClients } from './list-clients.ts';
import { listFormQuestions, listQuestions } from './list-form-questions.ts';
import { updateClient } from './update-client.ts';
import { updateFormQuestion } from './update-form-question.ts';
import { updateMediaLibrary } from './update-media-library.ts';

/** Clients, form questions and the media library (core spec §7 "Clients"; rights in docs/permissions.md). */
export default async function clientsRoutes(app: FastifyInstance) {
  route(app, r.create, createClient);
  // Core spec §7: the client update has no practical body limit (page summaries, question groups).
  route(app, r.update, updateClient, { bodyLimit: app.config.CLIENT_UPDATE_BODY_LIMIT });
  route(app, r.list, listClients);
  route(app, r.getById, getClient);
  route(app, r.unreadMessagesCount, getUnreadMessagesCount);
  route(app, r.getBySlug, getClientBySlug);
  route(app, r.getByDomain, getClientByDomain);
  route(app, r.createFormQuestion, createFormQuestion);
  route(app, r.updateFormQuestion, updateFormQuestion);
  route(app, r.deleteFormQuestion, deleteFormQuestion);
  route(app, r.formQuestions, listFormQuestions);
  route(app, r.questions, listQuestions);
  // Media library: one per client; get returns a list whose first element the portal uses.
  route(app, r.mediaLibrary, getMediaLibrary);
  route(app, r.updateMediaLibrary, updateMediaLibrary);
  route(app, r.createMediaLibrary, createMediaLibrary);
}
