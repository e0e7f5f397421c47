import { messages } from '@hh/contract/messages';
import * as c from '@hh/contract/site-builder';
import type { pageRoutes as r } from '@hh/contract/site-builder';
import type { Operation } from '../core/operation.ts';
import { notFound } from '../lib/app-error.ts';
import { publicClient } from '../public-jobs/index.ts';
import { liveSiteView } from './live-site.ts';
import { getAllPublished, livePage, type PublishOutcome, publishPage, unpublishPage, updatePublished } from './publishing.ts';
import { serializeVersion } from './serialize.ts';
import { pageUrl, siteOrigin } from './site-urls.ts';

const publishReply = (o: PublishOutcome) => ({
  message: o.message,
  url: o.url,
  version: serializeVersion(o.version, o.version.action === 'unpublish' ? null : o.version.version),
});

/** Harvest admins publish, restore and unpublish pages; each is a new immutable version. */
export const publish: Operation<typeof r.publish, 'db' | 'config' | 'storage'> = async (deps, input) =>
  publishReply(await publishPage(deps, input.actor, { ...input, clientId: input.clientId ?? '' }));

export const updateLive: Operation<typeof r.updatePublished, 'db' | 'config' | 'storage'> = async (deps, input) =>
  publishReply(await updatePublished(deps, input.actor, { ...input, clientId: input.clientId ?? '' }));

export const unpublish: Operation<typeof r.unpublish, 'db' | 'config'> = async (deps, input) =>
  publishReply(await unpublishPage(deps, input.actor, { ...input, clientId: input.clientId ?? '' }));

/** Every page's state and the version history (harvest members). */
export const listPublished: Operation<typeof r.getAllPublished, 'db' | 'config'> = async (deps, input) => {
  const res = await getAllPublished(deps, input.actor, input.clientId ?? '', input.pageName);
  return { results: res.results, totalCount: res.results.length, versions: res.versions.map((v) => serializeVersion(v.row, v.live ? v.row.version : null)) };
};

/** The client a public call names: its clientId (not the portal's selected client) or its nameSlug. */
const namedClient = (input: { clientId: string | undefined; clientIdSelected?: boolean; nameSlug?: string }) => ({
  clientId: input.clientIdSelected ? undefined : input.clientId,
  nameSlug: input.nameSlug,
});

/** Public: one live page of a site. Limited per address in routes.ts: a visitor's page needs one call, a scraper thousands. */
export const getLivePage: Operation<typeof r.getPublishedPage, 'db' | 'config'> = async (deps, input) => {
  const client = await publicClient(deps, { ...namedClient(input), key: c.pageErrorKeys.pageTemplates });
  const slug = c.pageSlug(input.pageName);
  const v = await livePage(deps, { clientId: client.id, slug });
  if (!v) throw notFound(c.pageErrorKeys.pageTemplates, messages.pages.notPublished(input.pageName));
  return {
    pageName: v.pageName,
    slug,
    url: pageUrl(deps, client, slug),
    live: true,
    version: v.version,
    displayType: input.displayType,
    content: v.content,
    seo: v.seo,
    updatedAt: v.createdAt.toISOString(),
  };
};

/** Public: what visitors see around a page: the published design, networks and Home page (the draft Home only before any publish). */
export const getHeaderFooter: Operation<typeof r.getHeaderFooter, 'db' | 'config'> = async (deps, input) => {
  const client = await publicClient(deps, { ...namedClient(input), key: c.pageErrorKeys.pageTemplates });
  const [{ template: t, design }, live] = await Promise.all([
    liveSiteView(deps, { clientId: client.id }),
    livePage(deps, { clientId: client.id, slug: 'home' }),
  ]);
  const home = live ?? t?.pages.find((p) => c.pageSlug(p.name) === 'home');
  const header = home?.content.content.find((b) => b.type === 'Header');
  const footer = home?.content.content.find((b) => b.type === 'Footer');
  const origin = siteOrigin(deps, client);
  const abs = (h: unknown) => (typeof h === 'string' && h.startsWith('/') ? `${origin}${h}` : String(h ?? ''));
  const links = (b: typeof header) =>
    (Array.isArray(b?.props.links) ? (b.props.links as Array<{ label?: string; href?: string }>) : [{ label: 'Jobs', href: '/search-page' }]).map((l) => ({
      label: String(l.label ?? ''),
      href: abs(l.href),
    }));
  return {
    header: { logo: design.logo ?? client.logo ?? null, name: client.name, links: links(header) },
    footer: { text: String(footer?.props.text ?? '') || `© ${client.name}`, socialNetworks: t?.socialNetworks ?? [], links: links(footer) },
    design,
  };
};
