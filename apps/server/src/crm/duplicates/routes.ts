import { duplicateRoutes as routes } from '@hh/contract/crm';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import { dismissDuplicate } from './dismiss-duplicate.ts';
import { candidateDuplicates, listDuplicates } from './list-duplicates.ts';
import { listMerges } from './list-merges.ts';
import { mergeCandidates } from './merge-candidates.ts';
import { undoMerge } from './undo-merge.ts';

/**
 * Duplicates and merges (the spec has no call for them, decision 0012 "Duplicates").
 * Rights: those of candidates (docs/permissions.md "Candidates"), on the client named by clientId.
 */
export default async function duplicatesRoutes(app: FastifyInstance) {
  route(app, routes.list, listDuplicates);
  route(app, routes.listForCandidate, candidateDuplicates);
  route(app, routes.merge, mergeCandidates);
  route(app, routes.listMerges, listMerges);
  route(app, routes.undoMerge, undoMerge);
  route(app, routes.dismiss, dismissDuplicate);
}
