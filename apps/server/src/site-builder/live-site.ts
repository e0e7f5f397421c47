import type { Design } from '@hh/contract/site-builder';
import type { DbOrTx } from '../db/client.ts';
import type { PageTemplateRow, PublishedSite } from '../db/schema/pages.ts';
import { liveDesign } from './design-publishing.ts';
import { templateOf } from './page-templates.ts';
import { liveSite } from './publishing.ts';

export interface LiveSiteView {
  /**
   * The template with its site-wide settings (custom scripts, social metadata and networks, SEO
   * keywords, favicon) replaced by the published ones; none of them when nothing is published. Its
   * pages are still the drafts: callers read live pages through livePage.
   */
  template: PageTemplateRow | null;
  design: Design;
  /** Whether any version was ever published (false: a site that shows only its search and job pages). */
  published: boolean;
}

/** A published settings snapshot laid over the template row, so renderers read one shape. */
export function withPublishedSite(template: PageTemplateRow | null, site: PublishedSite | null): PageTemplateRow | null {
  if (!template) return null;
  return {
    ...template,
    customScripts: site?.customScripts ?? [],
    socialMetadata: site?.socialMetadata ?? {},
    socialNetworks: site?.socialNetworks ?? [],
    seo: site?.seo ?? { keywords: [] },
    favicon: site?.favicon ?? null,
  };
}

/**
 * What a visitor's page is framed with: the settings a harvest admin published, never the draft an
 * editor is changing. The design is the published design (design-publishing.ts), else the product
 * default: a saved design that was never published is not shown.
 */
export async function liveSiteView(deps: { db: DbOrTx }, input: { clientId: string }): Promise<LiveSiteView> {
  const { db } = deps;
  const { clientId } = input;
  const [template, site, design] = await Promise.all([templateOf({ db }, { clientId }), liveSite({ db }, { clientId }), liveDesign({ db }, { clientId })]);
  return { template: withPublishedSite(template, site), design, published: site !== null };
}
