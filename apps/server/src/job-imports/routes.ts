import { jobImportRoutes as r } from '@hh/contract/job-imports';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { getImport } from './get-import.ts';
import { importFeed } from './import-feed.ts';
import { listImports } from './list-imports.ts';
import { IMPORT_UPLOAD, uploadImport } from './upload-import.ts';

/**
 * Job imports: CSV/JSON uploads and the client's jobsFeedUrl, run in the background with progress.
 * The import worker and the hourly feed refresh: job-imports/jobs/*.job.ts, listed in src/workers.ts.
 */
export default async function importRoutes(app: FastifyInstance) {
  route(app, r.upload, uploadImport, { upload: IMPORT_UPLOAD });
  route(app, r.importFeed, importFeed);
  route(app, r.list, listImports);
  route(app, r.getById, getImport);
}
