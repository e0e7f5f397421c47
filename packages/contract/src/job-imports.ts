import { z } from 'zod';
import { id, paged } from './common.ts';
import { defineRoute } from './route.ts';
import { clientIdQuery, jobTags } from './shared.ts';

// ---------- Imports ----------

export const jobImport = z.object({
  _id: id,
  clientId: id,
  source: z.enum(['file', 'feed', 'sap']),
  fileName: z.string().nullable(),
  format: z.string().nullable(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  closed: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export const jobImportList = paged(jobImport);
export const jobImportReply = jobImport.extend({ message: z.string().optional() });
export const jobImportParams = z.object({ id: z.uuid() });

/** An import file may be too large (413). */
export const importErrors = [400, 401, 403, 404, 409, 413] as const;

/** Job imports: CSV/JSON uploads and the client's jobsFeedUrl, run in the background (apps/server/src/job-imports/routes.ts). */
export const jobImportRoutes = {
  /** Multipart: the `clientId` field and one `file` (CSV, JSON, XML or TXT, at most 20 MB). */
  upload: defineRoute({ method: 'POST', path: '/api/job/import', multipart: true, status: 202, reply: jobImportReply, errors: importErrors, tags: jobTags }),
  importFeed: defineRoute({
    method: 'POST',
    path: '/api/job/import-feed',
    body: clientIdQuery,
    status: 202,
    reply: jobImportReply,
    errors: importErrors,
    tags: jobTags,
  }),
  list: defineRoute({ method: 'GET', path: '/api/job/imports', query: clientIdQuery, status: 200, reply: jobImportList, errors: importErrors, tags: jobTags }),
  getById: defineRoute({
    method: 'GET',
    path: '/api/job/imports/:id',
    params: jobImportParams,
    query: clientIdQuery,
    status: 200,
    reply: jobImport,
    errors: importErrors,
    tags: jobTags,
  }),
};
