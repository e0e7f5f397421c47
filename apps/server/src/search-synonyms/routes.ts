import { searchSynonymRoutes as r } from '@hh/contract/search-synonyms';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { createSynonymGroup } from './create-synonym-group.ts';
import { deleteSynonymGroup } from './delete-synonym-group.ts';
import { listSynonymGroups } from './list-synonym-groups.ts';
import { updateSynonymGroup } from './update-synonym-group.ts';

/** The client's job-title synonyms for its career-site search (decision 0601). */
export default async function searchSynonymRoutes(app: FastifyInstance) {
  route(app, r.list, listSynonymGroups);
  route(app, r.create, createSynonymGroup);
  route(app, r.update, updateSynonymGroup);
  route(app, r.remove, deleteSynonymGroup);
}
