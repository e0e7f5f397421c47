import type { FastifyInstance } from 'fastify';
import type { ClientRow } from '../jobs/index.ts';
import type { Carried } from './carry.ts';

/** Everything a career page needs to know about where it is served. */
export interface SiteContext {
  app: FastifyInstance;
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
}

export function siteContext(app: FastifyInstance, client: ClientRow, onCustomDomain: boolean, query: Record<string, unknown>, carried: Carried): SiteContext {
  const canonicalOrigin = client.domainURL ? `https://${client.domainURL}` : app.config.publicUrl;
  return {
    app,
    client,
    onCustomDomain,
    base: onCustomDomain ? '' : `/${client.nameSlug}`,
    canonicalOrigin,
    canonicalBase: client.domainURL ? canonicalOrigin : `${canonicalOrigin}/${client.nameSlug}`,
    carried,
    query,
  };
}

export const ga4Of = (ctx: SiteContext) => ctx.client.ga4MeasurementId || ctx.app.config.GA4_MEASUREMENT_ID || null;
