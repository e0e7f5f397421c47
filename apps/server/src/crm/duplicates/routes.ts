import { duplicateRoutes as routes } from '@hh/contract/crm';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../plugins/auth.ts';
import { legacyRoute } from '../../plugins/route.ts';
import { dismissDuplicate } from './dismiss-duplicate.ts';
import { candidateDuplicates, listDuplicates } from './list-duplicates.ts';
import { listMerges } from './list-merges.ts';
import { mergeCandidates } from './merge-candidates.ts';
import { undoMerge } from './undo-merge.ts';

/**
 * Duplicates and merges (issue 12; the spec has no call for them, decision 0012 "Duplicates").
 * Rights: those of candidates (docs/permissions.md "Candidates"), on the client named by clientId.
 */
export default async function duplicatesRoutes(app: FastifyInstance) {
  const db = app.db;

  legacyRoute(app, routes.list, async (req) => listDuplicates(db, { actor: actorOf(req), ...req.query }));

  legacyRoute(app, routes.listForCandidate, async (req) =>
    candidateDuplicates(db, { actor: actorOf(req), clientId: req.query.clientId, candidateId: req.params.id }),
  );

  legacyRoute(app, routes.merge, async (req) => mergeCandidates(db, { actor: actorOf(req), ...req.body, storage: app.storage }));

  legacyRoute(app, routes.listMerges, async (req) => listMerges(db, { actor: actorOf(req), ...req.query }));

  legacyRoute(app, routes.undoMerge, async (req) => undoMerge(db, { actor: actorOf(req), clientId: req.body.clientId, mergeId: req.params.id }));

  legacyRoute(app, routes.dismiss, async (req) => dismissDuplicate(db, { actor: actorOf(req), clientId: req.body.clientId, candidateIds: req.body.candidateIds }));
}
