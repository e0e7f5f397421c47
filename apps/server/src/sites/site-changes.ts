import { sql } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import type { PageCache } from '../plugins/page-cache.ts';
import { pageCacheOf, syncNotifications } from '../plugins/session-cache.ts';

/**
 * The app's cache of rendered career pages (it rides on the session cache's listener,
 * plugins/session-cache.ts). On a Citus cluster shard writes cannot notify (migration 0107), so
 * pages are rendered every time there.
 */
export async function sitePageCache(deps: Pick<Deps, 'db'>): Promise<PageCache | null> {
  const pageCache = pageCacheOf(deps.db);
  if (pageCache && (await deps.db.execute(sql`SELECT 1 FROM pg_extension WHERE extname = 'citus'`)).rows.length) pageCache.disabled = true;
  return pageCache;
}

/**
 * After a portal write for `clientId` (null: none to tell): tells every process the client's pages
 * changed, then waits until this process has handled the notifications of what it changed, so the
 * caller's next read (the page after an edit) never meets the old page.
 */
export async function siteChanged(deps: Pick<Deps, 'db' | 'log'>, pageCache: PageCache | null, clientId: string | null): Promise<void> {
  if (clientId) await deps.db.execute(sql`SELECT pg_notify('hh_site', ${clientId})`).catch((err: Error) => deps.log.warn({ err }, 'site change not notified'));
  if (pageCache?.size) await syncNotifications(deps.db);
}
