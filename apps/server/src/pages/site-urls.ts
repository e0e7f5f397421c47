import type { FastifyInstance } from 'fastify';

interface SiteClientLike {
  nameSlug: string;
  domainURL: string | null;
}

/** The public origin of a client's site: its custom domain, else /{nameSlug} on the product host. */
export const siteOrigin = (app: FastifyInstance, c: SiteClientLike) => (c.domainURL ? `https://${c.domainURL}` : `${app.config.publicUrl}/${c.nameSlug}`);
/** A published page's address: Home is the site root. */
export const pageUrl = (app: FastifyInstance, c: SiteClientLike, slug: string) => `${siteOrigin(app, c)}${slug === 'home' ? '' : `/${slug}`}`;
export const motivatorSearchUrl = (app: FastifyInstance, c: SiteClientLike) =>
  c.domainURL ? `https://${c.domainURL}/motivator-search` : `${app.config.publicUrl}/motivator-search/${c.nameSlug}`;
