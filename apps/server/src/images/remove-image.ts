import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { imageRoutes as r } from '@hh/contract/images';
import { accessibleClients } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { clients, files, NIL_UUID } from '../db/schema/core.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { canManageClientFiles } from './image-rights.ts';
import { isSafeKey, keyFromMediaPath } from './media-key.ts';

/**
 * DELETE /api/image/remove: removes an uploaded image (row and stored bytes) when the caller
 * uploaded it, or may manage the files of its client. Anything else is a 404, so keys of other
 * tenants cannot be probed. The image is named by its storage key or its /media/ URL.
 */
export const removeImage: Operation<typeof r.remove, 'db' | 'storage'> = async (deps, input) => {
  const named = input.key ? (isSafeKey(input.key) ? input.key : null) : input.url ? keyFromMediaPath(input.url) : undefined;
  if (named === undefined) throw badRequest('image', messages.server.imageMissing);
  if (named === null) throw notFound('image', messages.server.fileNotFound);
  const key = named;
  const { db, storage } = deps;
  const { actor } = input;
  const gone = notFound('image', messages.server.fileNotFound);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(files)
      .where(and(eq(files.storageKey, key), eq(files.kind, 'image')))
      .limit(1);
    if (!row) throw gone;
    if (row.ownerId !== actor.id) {
      if (row.clientId === NIL_UUID || !canManageClientFiles(actor)) throw gone;
      const [c] = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.id, row.clientId), accessibleClients(actor)))
        .limit(1);
      if (!c) throw gone;
    }
    await tx.delete(files).where(and(eq(files.clientId, row.clientId), eq(files.id, row.id)));
    await logActivity(tx, {
      actor,
      clientId: row.clientId === NIL_UUID ? null : row.clientId,
      action: 'delete',
      entity: 'image',
      entityId: row.id,
      changes: { key: { from: key, to: null } },
    });
  });
  await storage.remove(key);
  return { ok: true as const };
};
