import { messages } from '@hh/contract/messages';
import { and, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { DbDeps } from '../core/deps.ts';
import { widgets } from '../db/schema/wave.ts';
import { notFound } from '../lib/app-error.ts';
import type { WidgetRow } from './embed-code.ts';
import { canManageWave, waveClientIds } from './reviewers.ts';

/**
 * A widget of a client whose Wave settings the actor manages (admins, recruiters with access,
 * the client's Wave admins and editors). Another tenant's widget is a 404.
 */
export async function loadManagedWidget(
  { db }: DbDeps,
  { actor, widgetId, clientId }: { actor: Actor; widgetId: string; clientId?: string },
): Promise<WidgetRow> {
  const ids = await waveClientIds({ db }, { actor });
  const [row] =
    ids && ids.length === 0
      ? []
      : await db
          .select()
          .from(widgets)
          .where(and(eq(widgets.id, widgetId), clientId ? eq(widgets.clientId, clientId) : undefined, ids ? inArray(widgets.clientId, ids) : undefined))
          .limit(1);
  if (!row || !(await canManageWave({ db }, { actor, clientId: row.clientId }))) throw notFound('widgets', messages.widgets.notFound);
  return row;
}
