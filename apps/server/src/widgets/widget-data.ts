import type { widgetRoutes as w, WidgetPublicReply } from '@hh/contract/widgets';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { answer, type Operation } from '../core/operation.ts';
import { clients } from '../db/schema/core.ts';
import { widgets } from '../db/schema/wave.ts';
import { listPublicProfiles } from '../wave/index.ts';
import { isAllowedOrigin } from './origin.ts';
import { publicWidgetOf, type WidgetRow } from './serialize.ts';
import { isUuid } from '../lib/uuid.ts';

export const EMPTY: WidgetPublicReply = { widget: null, profiles: [], meetTheTeamUrl: null };

export const meetTheTeamUrl = (deps: Pick<Deps, 'config'>, nameSlug: string) => `${deps.config.publicUrl}/meet-the-team/${nameSlug}`;

/** A widget by its public id with its active client, or null (unknown id, malformed id, suspended client). */
export async function findPublicWidget(deps: Pick<Deps, 'db'>, widgetId: string) {
  if (!isUuid(widgetId)) return null;
  const [row] = await deps.db
    .select({ widget: widgets, nameSlug: clients.nameSlug })
    .from(widgets)
    .innerJoin(clients, eq(clients.id, widgets.clientId))
    .where(and(eq(widgets.id, widgetId), eq(clients.status, 'Active')))
    .limit(1);
  return row ?? null;
}

/**
 * The embed's data call. It answers only pages on the widget's allowed domains (Origin, else
 * Referer); anything else — unknown widget, other domain, no origin — gets the empty reply, so
 * the embed shows nothing. Only Approved profiles are ever included.
 */
async function widgetPublicData(
  deps: Pick<Deps, 'db' | 'config'>,
  widgetId: string,
  origin: string | undefined,
  requestHost?: string,
): Promise<WidgetPublicReply> {
  const found = await findPublicWidget(deps, widgetId);
  if (!found || !isAllowedOrigin(found.widget.embeddingPermissions, origin, [new URL(deps.config.publicUrl).host, ...(requestHost ? [requestHost] : [])]))
    return EMPTY;
  return widgetDataFor(deps, found.widget, found.nameSlug);
}

/** GET /api/widget/public/:widgetId, never cached, varying by Origin. */
export const getPublicWidget: Operation<typeof w.public, 'db' | 'config'> = async (deps, input) => {
  const h = input.caller.headers;
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const requestOrigin = one(h.origin);
  const data = await widgetPublicData(deps, input.widgetId, requestOrigin ?? one(h.referer), one(h.host));
  // The allowed page may read the data; any other page may read only the empty reply (no console noise on it).
  return answer({
    headers: { Vary: 'Origin', 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': data.widget && requestOrigin ? requestOrigin : '*' },
    body: data,
  });
};

export async function widgetDataFor(deps: Pick<Deps, 'db' | 'config'>, w: WidgetRow, nameSlug: string): Promise<WidgetPublicReply> {
  const profiles = await listPublicProfiles(deps, { clientId: w.clientId, departments: w.departments });
  return { widget: publicWidgetOf(w), profiles, meetTheTeamUrl: meetTheTeamUrl(deps, nameSlug) };
}
