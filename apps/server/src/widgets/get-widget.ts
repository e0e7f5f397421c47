import type { widgetRoutes as w } from '@hh/contract/widgets';
import { eq } from 'drizzle-orm';
import type { Operation } from '../core/operation.ts';
import { clients } from '../db/schema/core.ts';
import { loadManagedWidget } from '../wave/index.ts';
import { toWidget } from './serialize.ts';
import { widgetDataFor } from './widget-data.ts';

export const getWidget: Operation<typeof w.getById, 'db' | 'config'> = async (deps, input) =>
  toWidget(await loadManagedWidget(deps, { actor: input.actor, widgetId: input.widgetId }), deps.config.publicUrl);

/** The portal's live preview: the same data the embed gets, whatever the embedding domains. */
export const previewWidget: Operation<typeof w.preview, 'db' | 'config'> = async (deps, input) => {
  const found = await loadManagedWidget(deps, { actor: input.actor, widgetId: input.widgetId });
  const [c] = await deps.db.select({ nameSlug: clients.nameSlug }).from(clients).where(eq(clients.id, found.clientId)).limit(1);
  const data = await widgetDataFor(deps, found, c.nameSlug);
  return { widget: toWidget(found, deps.config.publicUrl), profiles: data.profiles, meetTheTeamUrl: data.meetTheTeamUrl ?? '' };
};
