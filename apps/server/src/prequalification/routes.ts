import { messages } from '@hh/contract/messages';
import { prequalificationRoutes as r } from '@hh/contract/jobs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadAccessibleClient, requireProductRight, selectedClientId } from '../auth/access.ts';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { createPrequalification } from './create-prequalification.ts';
import { deletePrequalification } from './delete-prequalification.ts';
import { listPrequalification } from './list-prequalification.ts';
import { updatePrequalification } from './update-prequalification.ts';

/** 001 "Prequalification questions": scoped by clientId with optional jobId and departmentId. */
export default async function prequalificationRoutes(app: FastifyInstance) {
  const key = 'prequalificationQuestions';
  const scoped = (req: FastifyRequest, clientId: string) => loadAccessibleClient(app.db, actorOf(req), clientId, key);
  const writer = (req: FastifyRequest) => requireProductRight(actorOf(req), 'harvest', 'editor', key);

  legacyRoute(app, r.list, async (req) => {
    const client = await scoped(req, req.query.clientId);
    const results = await listPrequalification(app.db, { clientId: client.id, jobId: req.query.jobId, departmentId: req.query.departmentId });
    return { results, totalCount: results.length };
  });

  legacyRoute(app, r.create, async (req) => {
    const client = await scoped(req, req.body.clientId);
    writer(req);
    return app.db.transaction((tx) =>
      createPrequalification(tx, {
        clientId: client.id,
        actor: actorOf(req),
        jobId: req.body.jobId,
        departmentId: req.body.departmentId,
        questions: req.body.questions,
      }),
    );
  });

  legacyRoute(app, r.update, async (req) => {
    const client = await scoped(req, req.body.clientId);
    writer(req);
    return app.db.transaction((tx) =>
      updatePrequalification(tx, { clientId: client.id, actor: actorOf(req), id: req.body._id, questions: req.body.questions }),
    );
  });

  // The spec's delete sends the set's id only: the selected client (X-Client-Id) names the tenant.
  legacyRoute(app, r.remove, async (req) => {
    const client = await scoped(req, selectedClientId(req, req.query.clientId, key));
    writer(req);
    await app.db.transaction((tx) => deletePrequalification(tx, { clientId: client.id, actor: actorOf(req), id: req.query.id }));
    return { message: messages.jobs.prequalificationDeleted };
  });
}
