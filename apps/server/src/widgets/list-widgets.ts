import { messages } from '@hh/contract/messages';
import type { widgetRoutes as w } from '@hh/contract/widgets';
import { desc, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { widgets } from '../db/schema/wave.ts';
import { forbidden } from '../lib/app-error.ts';
import { canManageWave } from '../wave/index.ts';
import { toWidget } from './serialize.ts';

/** GET /api/widget?clientId: a client's widgets, newest first, for its Wave managers. */
export const listWidgets: Operation<typeof w.list, 'db' | 'config'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, 'member', 'widgets');
  if (!(await canManageWave(deps, { actor: input.actor, clientId: client.id }))) throw forbidden('widgets', messages.server.forbidden);
  const rows = await deps.db.select().from(widgets).where(eq(widgets.clientId, client.id)).orderBy(desc(widgets.createdAt)).limit(500);
  return { results: rows.map((x) => toWidget(x, deps.config.publicUrl)), totalCount: rows.length };
};
