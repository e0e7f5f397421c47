import type { Deps } from '../core/deps.ts';
import type { ClientRow } from '../public-jobs/index.ts';
import { recordEvent } from '../job-analytics/index.ts';
import type { Carried } from './carry.ts';
import type { CacheSlot } from './page-reply.ts';

/**
 * What a career page uses of the app (decision 0008: never the Fastify instance): the database, the
 * config (canonical origin, GA4, captcha keys) and the log. The routes hand over `depsOf(app)` (or more), never the app.
 */
export type SiteDeps = Pick<Deps, 'db' | 'config' | 'log'>;

/** Everything a career page needs to know about where it is served. */
export interface SiteContext {
  deps: SiteDeps;
  client: ClientRow;
  /** true on the client's own domain (paths at /...), false on the product host (/{nameSlug}/...). */
  onCustomDomain: boolean;
  /** '' on a custom domain, '/{nameSlug}' on the product host. */
  base: string;
  /** The origin canonical addresses use: https://{domainURL} when the client has one, else the product's. */
  canonicalOrigin: string;
  canonicalBase: string;
  carried: Carried;
  query: Record<string, unknown>;
  /** Where this request's page is stored in the page cache (GET at its final address, cache in use). */
  slot?: CacheSlot | null;
}

export function siteContext(deps: SiteDeps, client: ClientRow, onCustomDomain: boolean, query: Record<string, unknown>, carried: Carried): SiteContext {
  const canonicalOrigin = client.domainURL ? `https://${client.domainURL}` : deps.config.publicUrl;
  return {
    deps,
    client,
    onCustomDomain,
    base: onCustomDomain ? '' : `/${client.nameSlug}`,
    canonicalOrigin,
    canonicalBase: client.domainURL ? canonicalOrigin : `${canonicalOrigin}/${client.nameSlug}`,
    carried,
    query,
  };
}

export const ga4Of = (ctx: SiteContext) => ctx.client.ga4MeasurementId || ctx.deps.config.GA4_MEASUREMENT_ID || null;

/** Records a page visit (analytics) and notes it on the page's cache slot, so a cached copy records it on every hit. */
export function recordVisit(ctx: SiteContext, type: 'job_view' | 'search', jobId: string | null, data?: Record<string, unknown>): void {
  recordEvent(ctx.deps, { clientId: ctx.client.id, type, jobId, data });
  if (ctx.slot) ctx.slot.event = { type, jobId, data };
}
