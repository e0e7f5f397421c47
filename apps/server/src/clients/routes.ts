import { clientRoutes as r } from '@hh/contract/clients';
import * as c from '@hh/contract/clients';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
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

/** Clients, form questions and the media library (core spec §7 "Clients"; rights in docs/permissions.md). */
export default async function clientsRoutes(app: FastifyInstance) {
  const db = app.db;

  legacyRoute(app, r.create, async (req) => serializeClient(await createClient({ db, actor: actorOf(req), input: req.body })));

  // Core spec §7: the client update has no practical body limit (page summaries, question groups).
  legacyRoute(
    app,
    r.update,
    async (req) => {
      const { _id, ...input } = req.body;
      return serializeClient(await updateClient({ db, actor: actorOf(req), clientId: _id, input }));
    },
    { bodyLimit: app.config.CLIENT_UPDATE_BODY_LIMIT },
  );

  legacyRoute(app, r.list, async (req) => {
    const { rows, totalCount } = await listClients({ db, actor: actorOf(req), query: req.query });
    return { results: rows.map(serializeClient), totalCount };
  });

  legacyRoute(app, r.getById, async (req) => serializeClient(await getClient({ db, actor: actorOf(req), clientId: req.query.clientId })));

  legacyRoute(app, r.unreadMessagesCount, async (req) => getUnreadMessagesCount({ db, actor: actorOf(req), clientId: req.query.clientId }));

  legacyRoute(app, r.getBySlug, async (req) => c.publicClient.parse(serializeClient(await getClientBySlug({ db, nameSlug: req.query.nameSlug }))));

  legacyRoute(app, r.getByDomain, async (req) =>
    c.publicClient.parse(serializeClient(await getClientByDomain({ db, domainURL: req.query.domainURL, product: req.query.product }))),
  );

  legacyRoute(app, r.createFormQuestion, async (req) =>
    serializeFormQuestion(
      await createFormQuestion({ db, actor: actorOf(req), clientId: req.body.clientId, question: req.body.question, position: req.body.position }),
    ),
  );

  legacyRoute(app, r.updateFormQuestion, async (req) =>
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

  legacyRoute(app, r.deleteFormQuestion, async (req) =>
    serializeFormQuestion(await deleteFormQuestion({ db, actor: actorOf(req), clientId: req.body.clientId, questionId: req.body._id })),
  );

  legacyRoute(app, r.formQuestions, async (req) => {
    const rows = await listFormQuestions({ db, actor: actorOf(req), clientId: req.query.clientId });
    return { results: rows.map(serializeFormQuestion), totalCount: rows.length };
  });

  legacyRoute(app, r.questions, async (req) => {
    const rows = await listFormQuestions({ db, actor: actorOf(req), clientId: req.query.clientId });
    return { results: rows.map((q) => ({ _id: q.id, question: q.question })), totalCount: rows.length };
  });

  // Media library: one per client; get returns a list whose first element the portal uses.
  legacyRoute(app, r.mediaLibrary, async (req) => {
    const rows = await getMediaLibrary({ db, actor: actorOf(req), clientId: req.query.clientId });
    return { results: rows.map(serializeMediaLibrary), totalCount: rows.length };
  });

  legacyRoute(app, r.updateMediaLibrary, async (req) =>
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

  legacyRoute(app, r.createMediaLibrary, async (req) =>
    serializeMediaLibrary(await createMediaLibrary({ db, actor: actorOf(req), clientId: req.body.clientId, images: req.body.images, videos: req.body.videos })),
  );
}
