import { clientIdQuery, importErrors, jobImport, jobImportList, jobImportParams, jobImportReply, jobTags } from './jobs.ts';
import { defineRoute } from './route.ts';

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
