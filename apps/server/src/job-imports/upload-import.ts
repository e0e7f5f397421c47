import { randomUUID } from 'node:crypto';
import type { jobImportRoutes as r } from '@hh/contract/job-imports';
import { messages } from '@hh/contract/messages';
import { z } from 'zod';
import { requireClient, requireRight } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { badRequest } from '../lib/app-error.ts';
import type { UploadLimits } from '../plugins/upload.ts';
import { queueImport } from './queue-import.ts';
import { IMPORT_WRITERS } from './rights.ts';
import { serializeImport } from './serialize-import.ts';

/** The form of `POST /api/job/import`: the file (any field name) and the clientId field, read by `route()`. */
export const IMPORT_UPLOAD: UploadLimits = {
  maxBytes: 20 * 1024 * 1024,
  fields: 5,
  key: 'file',
  tooLargeMessage: () => 'The import file is larger than 20 MB',
  notMultipartMessage: messages.jobs.importFileMissing,
};

/**
 * A CSV, JSON or XML file of jobs, stored and queued for the import worker. The client is the form's
 * clientId field (the form names it; the portal's selected client does not stand in for it).
 */
export const uploadImport: Operation<typeof r.upload, 'db' | 'storage' | 'queue'> = async (deps, input) => {
  const id = z.uuid().safeParse(input.upload.fields.clientId);
  if (!id.success) throw badRequest('clientId', 'clientId is required');
  const client = await requireClient(deps, input.actor, id.data);
  requireRight(input.actor, IMPORT_WRITERS);
  const file = input.upload.file;
  if (!file?.bytes?.length) throw badRequest('file', messages.jobs.importFileMissing);
  const ext = file.filename.toLowerCase().split('.').pop();
  if (!['csv', 'json', 'xml', 'txt'].includes(ext ?? '')) throw badRequest('file', messages.jobs.importFileType);
  const storageKey = `imports/${client.id}/${randomUUID()}.${ext}`;
  await deps.storage.put(storageKey, file.bytes);
  const row = await queueImport(deps, { clientId: client.id, source: 'file', fileName: file.filename.slice(0, 200), storageKey, createdBy: input.actor.id });
  await logActivity(deps.db, {
    actor: input.actor,
    clientId: client.id,
    action: 'create',
    entity: 'jobImport',
    entityId: row.id,
    changes: { fileName: row.fileName },
  });
  return { ...serializeImport(row), message: messages.jobs.importQueued };
};
