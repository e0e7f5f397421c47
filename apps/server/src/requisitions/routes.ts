import { messages } from '@hh/contract/messages';
import { requisitionRoutes as routes } from '@hh/contract/requisitions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { loadAccessibleClient, requireProductRight } from '../auth/access.ts';
import { AppError } from '../lib/app-error.ts';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { createKeywordCorpora, getKeywords } from './get-keywords.ts';
import { listRequisitions } from './list-requisitions.ts';
import { rankCandidates } from './rank-candidates.ts';
import { updateKeywords } from './update-keywords.ts';

const uuid = z.uuid();

/** The portal's selected client (X-Client-Id) as a lookup hint only: rights still come from the actor. */
function clientHint(req: FastifyRequest, fromQuery?: string): string | undefined {
  if (fromQuery) return fromQuery;
  const h = req.headers['x-client-id'];
  return typeof h === 'string' && uuid.safeParse(h).success ? h : undefined;
}

/**
 * Keyword calls answer their failures with the spec's message (001 §8) under `keywords`, next to
 * the reason under its own key: { errorMsg: { keywords: [spec text], requisition: ["Requisition not found"] } }.
 */
function keywordsFailure(reply: FastifyReply, err: unknown, message: string) {
  if (err instanceof AppError) return reply.status(err.status).send({ errorMsg: { keywords: [message], [err.key]: [err.message] } });
  throw err;
}

/** Requisitions, their keywords and ranked candidates (recruiting spec §7 "Jobs"; issue 12). */
export default async function requisitionsRoutes(app: FastifyInstance) {
  const db = app.db;
  // This app's cache of each client's document frequencies (never shared with another app).
  const keywordDeps = { db, corpora: createKeywordCorpora() };
  const reader = (req: FastifyRequest) => requireProductRight(actorOf(req), 'cultivate', 'member', 'requisition');
  const editor = (req: FastifyRequest) => requireProductRight(actorOf(req), 'cultivate', 'editor', 'requisition');

  legacyRoute(app, routes.list, async (req) => {
    const client = await loadAccessibleClient(db, actorOf(req), req.query.clientId);
    reader(req);
    return listRequisitions({ db, clientId: client.id, query: req.query });
  });

  legacyRoute(
    app,
    routes.getKeywords,
    async (req, reply) => {
      try {
        if (req.validationError) throw new AppError(400, 'requisition', req.validationError.validation?.[0]?.message ?? req.validationError.message);
        reader(req);
        return await getKeywords(keywordDeps, { actor: actorOf(req), jobId: req.params.id, clientHint: clientHint(req, req.query.clientId) });
      } catch (err) {
        return keywordsFailure(reply, err, messages.requisitions.keywordsFetchError);
      }
    },
    { attachValidation: true },
  );

  legacyRoute(
    app,
    routes.updateKeywords,
    async (req, reply) => {
      try {
        if (req.validationError) {
          throw new AppError(400, 'userKeywords', req.validationError.validation?.[0]?.message ?? req.validationError.message);
        }
        editor(req);
        return await updateKeywords(keywordDeps, { actor: actorOf(req), jobId: req.params.id, clientHint: clientHint(req), input: req.body });
      } catch (err) {
        return keywordsFailure(reply, err, messages.requisitions.keywordsUpdateError);
      }
    },
    { attachValidation: true },
  );

  legacyRoute(app, routes.rankCandidates, async (req) => {
    reader(req);
    return rankCandidates(keywordDeps, { actor: actorOf(req), jobId: req.params.jobId, clientHint: clientHint(req, req.query.clientId), query: req.query });
  });
}
