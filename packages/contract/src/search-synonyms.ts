import { z } from 'zod';
import { id } from './common.ts';
import { messages } from './messages.ts';
import { defineRoute, SIGNED_IN_ERRORS } from './route.ts';

/**
 * Job-title synonyms of a client's career-site search (decision 0601; apps/server/src/search-synonyms/).
 * A group is a set of terms that mean the same ("RN", "registered nurse"): a search for one finds jobs
 * titled with any other. The built-in groups always apply; the client's groups extend them.
 */
const term = z.string().trim().min(1).max(60);
export const synonymGroup = z.object({ _id: id, terms: z.array(z.string()) });
export type SynonymGroup = z.infer<typeof synonymGroup>;

export const synonymsQuery = z.object({ clientId: id });
export const synonymsReply = z.object({
  results: z.array(synonymGroup),
  totalCount: z.number().int(),
  /** The groups every career site understands, for reference (not editable). */
  builtIn: z.array(z.array(z.string())),
});
export const createSynonymGroupRequest = z.object({
  clientId: id,
  terms: z.array(term).min(2, messages.search.synonymTooFew).max(20),
});
export const updateSynonymGroupRequest = createSynonymGroupRequest.extend({ _id: id });
export const deleteSynonymGroupQuery = z.object({ clientId: id, id });
export const synonymGroupReply = synonymGroup.extend({ message: z.string().optional() });

const errors = SIGNED_IN_ERRORS;
const tags = ['search-synonyms'];

export const searchSynonymRoutes = {
  list: defineRoute({ method: 'GET', path: '/api/search-synonyms', query: synonymsQuery, status: 200, reply: synonymsReply, errors, tags }),
  create: defineRoute({
    method: 'POST',
    path: '/api/search-synonyms/create',
    body: createSynonymGroupRequest,
    status: 201,
    reply: synonymGroupReply,
    errors,
    tags,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/search-synonyms/update',
    body: updateSynonymGroupRequest,
    status: 200,
    reply: synonymGroupReply,
    errors,
    tags,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/search-synonyms/delete',
    query: deleteSynonymGroupQuery,
    status: 200,
    reply: synonymGroupReply,
    errors,
    tags,
  }),
};
