import { messages } from '@hh/contract/messages';
import { randomUUID } from 'node:crypto';
import { jobImportRoutes as r } from '@hh/contract/jobs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { logActivity } from '../core/activity-log.ts';
import { loadAccessibleClient, requireProductRight } from '../auth/access.ts';
import { badRequest, tooLarge } from '../lib/app-error.ts';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { getImport } from './get-import.ts';
import { listImports } from './list-imports.ts';
import { queueImport } from './queue-import.ts';
import { serializeImport } from './serialize-import.ts';

const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** Job imports: CSV/JSON uploads and the client's jobsFeedUrl, run in the background with progress. */
export default async function importRoutes(app: FastifyInstance) {
  const scoped = (req: FastifyRequest, clientId: string) => loadAccessibleClient(app.db, actorOf(req), clientId);
  const writer = (req: FastifyRequest) => requireProductRight(actorOf(req), 'harvest', 'editor');

  // The import worker and the hourly feed refresh: job-imports/jobs/*.job.ts, listed in src/workers.ts.

  legacyRoute(app, r.upload, async (req) => {
    if (!req.isMultipart()) throw badRequest('file', messages.jobs.importFileMissing);
    let clientId: string | undefined;
    let file: { name: string; data: Buffer } | null = null;
    for await (const part of req.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        try {
          file = { name: part.filename, data: await part.toBuffer() };
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('file', 'The import file is larger than 20 MB');
          throw err;
        }
      } else if (part.fieldname === 'clientId' && typeof part.value === 'string') clientId = part.value;
    }
    const id = z.uuid().safeParse(clientId);
    if (!id.success) throw badRequest('clientId', 'clientId is required');
    const client = await scoped(req, id.data);
    writer(req);
    if (!file?.data.length) throw badRequest('file', messages.jobs.importFileMissing);
    const ext = file.name.toLowerCase().split('.').pop();
    if (!['csv', 'json', 'xml', 'txt'].includes(ext ?? '')) throw badRequest('file', messages.jobs.importFileType);
    const storageKey = `imports/${client.id}/${randomUUID()}.${ext}`;
    await app.storage.put(storageKey, file.data);
    const row = await queueImport(app, { clientId: client.id, source: 'file', fileName: file.name.slice(0, 200), storageKey, createdBy: actorOf(req).id });
    await logActivity(app.db, {
      actor: actorOf(req),
      clientId: client.id,
      action: 'create',
      entity: 'jobImport',
      entityId: row.id,
      changes: { fileName: row.fileName },
    });
    return { ...serializeImport(row), message: messages.jobs.importQueued };
  });

  legacyRoute(app, r.importFeed, async (req) => {
    const client = await scoped(req, req.body.clientId);
    writer(req);
    if (!client.jobsFeedUrl) throw badRequest('jobsFeedUrl', messages.jobs.importNoFeedUrl);
    const row = await queueImport(app, { clientId: client.id, source: 'feed', createdBy: actorOf(req).id });
    await logActivity(app.db, {
      actor: actorOf(req),
      clientId: client.id,
      action: 'create',
      entity: 'jobImport',
      entityId: row.id,
      changes: { source: 'feed' },
    });
    return { ...serializeImport(row), message: messages.jobs.importQueued };
  });

  legacyRoute(app, r.list, async (req) => {
    const client = await scoped(req, req.query.clientId);
    const rows = await listImports(app.db, client.id);
    return { results: rows.map(serializeImport), totalCount: rows.length };
  });

  legacyRoute(app, r.getById, async (req) => {
    const client = await scoped(req, req.query.clientId);
    return serializeImport(await getImport(app.db, client.id, req.params.id));
  });
}
