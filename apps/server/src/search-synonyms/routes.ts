import { searchSynonymRoutes as r } from '@hh/contract/search-synonyms';
import type { FastifyInstance } from 'fastify';
import { depsOf } from '../core/deps.ts';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { createSynonymGroup } from './create-synonym-group.ts';
import { deleteSynonymGroup } from './delete-synonym-group.ts';
import { listSynonymGroups } from './list-synonym-groups.ts';
import { updateSynonymGroup } from './update-synonym-group.ts';

/** The client's job-title synonyms for its career-site search (decision 0601). */
export default async function searchSynonymRoutes(app: FastifyInstance) {
  const deps = depsOf(app);
  legacyRoute(app, r.list, async (req) => listSynonymGroups(deps, { actor: actorOf(req), clientId: req.query.clientId }));
  legacyRoute(app, r.create, async (req) => createSynonymGroup(deps, { actor: actorOf(req), ...req.body }));
  legacyRoute(app, r.update, async (req) => updateSynonymGroup(deps, { actor: actorOf(req), clientId: req.body.clientId, id: req.body._id, terms: req.body.terms }));
  legacyRoute(app, r.remove, async (req) => deleteSynonymGroup(deps, { actor: actorOf(req), clientId: req.query.clientId, id: req.query.id }));
}
