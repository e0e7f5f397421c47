import type { Deps } from '../core/deps.ts';

interface SiteClientLike {
  nameSlug: string;
  domainURL: string | null;
}

/** The public origin of a client's site: its custom domain, else /{nameSlug} on the product host. */
export const siteOrigin = (deps: Pick<Deps, 'config'>, c: SiteClientLike) =>
  c.domainURL ? `https://${c.domainURL}` : `${deps.config.publicUrl}/${c.nameSlug}`;
/** A published page's address: Home is the site root. */
export const pageUrl = (deps: Pick<Deps, 'config'>, c: SiteClientLike, slug: string) => `${siteOrigin(deps, c)}${slug === 'home' ? '' : `/${slug}`}`;
export const motivatorSearchUrl = (deps: Pick<Deps, 'config'>, c: SiteClientLike) =>
  c.domainURL ? `https://${c.domainURL}/motivator-search` : `${deps.config.publicUrl}/motivator-search/${c.nameSlug}`;
