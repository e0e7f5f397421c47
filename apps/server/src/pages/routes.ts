import { messages } from '@hh/contract/messages';
import * as c from '@hh/contract/pages';
import { pageRoutes as r } from '@hh/contract/pages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { publicClient } from '../public-jobs/index.ts';
import { depsOf } from '../core/deps.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { createDefaultTemplate, getDefaultTemplate, listDefaultTemplates, updateDefaultTemplate } from './default-templates.ts';
import { createDesignOptions, listDesignOptions, serializeDesign, updateDesignOptions } from './design-options.ts';
import { uploadMeetTheTeamFavicon, uploadPageFavicon } from './favicons.ts';
import { liveSiteView } from './live-site.ts';
import { createMeetTheTeam, getMeetTheTeam, updateMeetTheTeam } from './meet-the-team.ts';
import { createMotivatorSearch, getMotivatorSearch, updateMotivatorSearch } from './motivator-search.ts';
import { createMotivator, deleteMotivator, listMotivators, publishedMotivators, shuffle, updateMotivator } from './motivators.ts';
import { createAdditionalPage, createPageTemplate, deletePageTemplate, getPageTemplates, listAdditionalPages, updatePageTemplate } from './page-templates.ts';
import { getAllPublished, livePage, publishPage, unpublishPage, updatePublished } from './publishing.ts';
import { serializeMeetTheTeam, serializeMotivator, serializeMotivatorSearch, serializeTemplate, serializeVersion } from './serialize.ts';
import { motivatorSearchUrl, pageUrl, siteOrigin } from './site-urls.ts';

/** Reads a multipart upload: the one image file and text fields (clientId). */
async function readImage(req: FastifyRequest): Promise<{ bytes: Buffer; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badRequest('image', messages.server.imageMissing);
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  for await (const part of req.parts({ limits: { files: 1, fields: 10, fieldSize: 1000 } })) {
    if (part.type === 'file') {
      const buf = await part.toBuffer();
      if (!bytes) bytes = buf;
    } else if (typeof part.value === 'string') fields[part.fieldname] = part.value.slice(0, 200);
  }
  if (!bytes) throw badRequest('image', messages.server.imageMissing);
  return { bytes, fields };
}
/** GET /api/published-page-templates per address (every 429 has Retry-After). */
export const PUBLISHED_PAGE_LIMIT = { max: 120, timeWindow: '1 minute' };

const clientIdOf = (req: FastifyRequest, fields: Record<string, string>) => {
  const q = (req.query as Record<string, unknown>)?.clientId;
  const v = fields.clientId || (typeof q === 'string' ? q : '') || String(req.headers['x-client-id'] ?? '');
  const parsed = z.uuid().safeParse(v);
  if (!parsed.success) throw badRequest('clientId', 'clientId is required');
  return parsed.data;
};

/**
 * Career-site builder calls (recruiting spec 001 §7 "Templates and publishing", "Design and email
 * templates", "Meet the team and motivators"); docs/site-builder.md. Saves answer the resource
 * with the spec's success message in `message` (decision 0030).
 */
export default async function pagesRoutes(app: FastifyInstance) {
  const db = app.db;
  const deps = depsOf(app);

  // Default page templates (product-wide).
  legacyRoute(app, r.listDefaultTemplates, async () => {
    const rows = await listDefaultTemplates(db);
    return { results: rows, totalCount: rows.length };
  });
  legacyRoute(app, r.getDefaultTemplateByName, async (req) => getDefaultTemplate(db, req.query.name));
  legacyRoute(app, r.createDefaultTemplate, async (req) => ({
    ...(await createDefaultTemplate(db, actorOf(req), req.body)),
    message: messages.pages.templateSaved,
  }));
  legacyRoute(app, r.updateDefaultTemplate, async (req) => ({
    ...(await updateDefaultTemplate(db, actorOf(req), req.body)),
    message: messages.pages.templateSaved,
  }));

  // A client's page template.
  legacyRoute(app, r.listTemplates, async (req) => {
    const rows = await getPageTemplates(db, actorOf(req), req.query.clientId, req.query.templateId);
    return { results: rows.map(serializeTemplate), totalCount: rows.length };
  });
  legacyRoute(app, r.createTemplate, async (req) => {
    const { clientId, ...input } = req.body;
    const row = await createPageTemplate(db, actorOf(req), clientId, input);
    return { ...serializeTemplate(row), message: messages.pages.templateSaved };
  });
  legacyRoute(app, r.updateTemplate, async (req) => {
    const { _id, clientId, ...input } = req.body;
    const row = await updatePageTemplate(db, actorOf(req), { clientId, templateId: _id, input });
    return { ...serializeTemplate(row), message: messages.pages.templateSaved };
  });
  legacyRoute(app, r.updateTemplatePartial, async (req) => {
    const { clientId, page, ...input } = req.body;
    const row = await updatePageTemplate(db, actorOf(req), { clientId, templateId: req.query.templateId, input, page });
    return { ...serializeTemplate(row), message: page ? messages.pages.pageSaved : messages.pages.templateSaved };
  });
  legacyRoute(app, r.deleteTemplate, async (req) => serializeTemplate(await deletePageTemplate(db, actorOf(req), req.body.clientId, req.body._id)));

  // Additional pages.
  legacyRoute(app, r.listAdditionalPages, async (req) => {
    const pages = await listAdditionalPages(db, actorOf(req), req.query.clientId);
    const defaults = await listDefaultTemplates(db);
    return { results: pages, totalCount: pages.length, templates: defaults.map((d) => ({ name: d.name, description: d.description })) };
  });
  legacyRoute(app, r.createAdditionalPage, async (req) => {
    const row = await createAdditionalPage(db, actorOf(req), req.body);
    return { ...serializeTemplate(row), message: messages.pages.pageSaved };
  });

  // Design options.
  legacyRoute(app, r.listDesignOptions, async (req) => {
    const rows = await listDesignOptions(db, actorOf(req), req.query.clientId, req.query.templateId);
    return { results: rows.map(serializeDesign), totalCount: rows.length };
  });
  legacyRoute(app, r.createDesignOptions, async (req) => {
    const row = await createDesignOptions(db, actorOf(req), req.body);
    return { ...serializeDesign(row), message: messages.pages.designSaved };
  });
  legacyRoute(app, r.updateDesignOptions, async (req) => ({
    ...serializeDesign(await updateDesignOptions(db, actorOf(req), req.body)),
    message: messages.pages.designSaved,
  }));

  // Favicons (multipart `image`; the client by form field, query or X-Client-Id).
  legacyRoute(app, r.uploadPageFavicon, async (req) => {
    const { bytes, fields } = await readImage(req);
    return uploadPageFavicon(deps, actorOf(req), req.query.templateId, clientIdOf(req, fields), bytes);
  });
  legacyRoute(app, r.uploadMeetTheTeamFavicon, async (req) => {
    const { bytes, fields } = await readImage(req);
    return uploadMeetTheTeamFavicon(deps, actorOf(req), req.query.pageId, clientIdOf(req, fields), bytes);
  });

  // Publishing. The public read is limited per address: a visitor's page needs one call, a scraper thousands.
  legacyRoute(
    app,
    r.getPublishedPage,
    async (req) => {
      const q = req.query;
      const client = await publicClient(db, q, c.pageErrorKeys.pageTemplates);
      const slug = c.pageSlug(q.pageName);
      const v = await livePage(db, client.id, slug);
      if (!v) throw notFound(c.pageErrorKeys.pageTemplates, messages.pages.notPublished(q.pageName));
      return {
        pageName: v.pageName,
        slug,
        url: pageUrl(deps, client, slug),
        live: true,
        version: v.version,
        displayType: q.displayType,
        content: v.content,
        seo: v.seo,
        updatedAt: v.createdAt.toISOString(),
      };
    },
    { config: { rateLimit: PUBLISHED_PAGE_LIMIT } },
  );
  const publishReply = (o: Awaited<ReturnType<typeof publishPage>>) => ({
    message: o.message,
    url: o.url,
    version: serializeVersion(o.version, o.version.action === 'unpublish' ? null : o.version.version),
  });
  legacyRoute(app, r.publish, async (req) => publishReply(await publishPage(deps, actorOf(req), req.body)));
  legacyRoute(app, r.updatePublished, async (req) => publishReply(await updatePublished(deps, actorOf(req), req.body)));
  legacyRoute(app, r.unpublish, async (req) => publishReply(await unpublishPage(deps, actorOf(req), req.body)));
  legacyRoute(app, r.getAllPublished, async (req) => {
    const res = await getAllPublished(deps, actorOf(req), req.query.clientId, req.query.pageName);
    return { results: res.results, totalCount: res.results.length, versions: res.versions.map((v) => serializeVersion(v.row, v.live ? v.row.version : null)) };
  });
  legacyRoute(app, r.getHeaderFooter, async (req) => {
    const client = await publicClient(db, req.query, c.pageErrorKeys.pageTemplates);
    // What visitors see: the published design, networks and Home page (the draft Home only before any publish).
    const [{ template: t, design }, live] = await Promise.all([liveSiteView(db, client.id), livePage(db, client.id, 'home')]);
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
  });

  // Meet the team settings.
  legacyRoute(app, r.getMeetTheTeam, async (req) => serializeMeetTheTeam(await getMeetTheTeam(db, actorOf(req), req.query.clientId)));
  legacyRoute(app, r.createMeetTheTeam, async (req) => {
    const { clientId, ...input } = req.body;
    const row = await createMeetTheTeam(db, actorOf(req), clientId, input);
    return { ...serializeMeetTheTeam(row), message: messages.pages.pageSaved };
  });
  legacyRoute(app, r.updateMeetTheTeam, async (req) => {
    const { clientId, _id, ...input } = req.body;
    return { ...serializeMeetTheTeam(await updateMeetTheTeam(db, actorOf(req), clientId, _id, input)), message: messages.pages.pageSaved };
  });

  // Motivators.
  legacyRoute(app, r.listMotivators, async (req) => {
    const { clientId, published } = req.query;
    const rows = await listMotivators(db, actorOf(req), clientId, published === undefined ? undefined : published === 'true');
    const client = await publicClient(db, { clientId }).catch(() => null);
    const base = client ? siteOrigin(deps, client) : '';
    return { results: rows.map((m) => serializeMotivator(m, base)), totalCount: rows.length };
  });
  const motivatorOut = async (clientId: string, row: Parameters<typeof serializeMotivator>[0]) => {
    const client = await publicClient(db, { clientId }).catch(() => null);
    return { ...serializeMotivator(row, client ? siteOrigin(deps, client) : ''), message: messages.pages.motivatorSaved };
  };
  legacyRoute(app, r.createMotivator, async (req) => {
    const { clientId, ...input } = req.body;
    return motivatorOut(clientId, await createMotivator(db, actorOf(req), clientId, input));
  });
  legacyRoute(app, r.updateMotivator, async (req) => {
    const { clientId, _id, ...input } = req.body;
    return motivatorOut(clientId, await updateMotivator(db, actorOf(req), clientId, _id, input));
  });
  legacyRoute(app, r.deleteMotivator, async (req) => motivatorOut(req.body.clientId, await deleteMotivator(db, actorOf(req), req.body.clientId, req.body._id)));
  legacyRoute(app, r.listPublishedMotivators, async (req) => {
    const client = await publicClient(db, req.query, c.pageErrorKeys.motivators);
    const rows = shuffle(await publishedMotivators(db, client.id));
    const base = siteOrigin(deps, client);
    return { results: rows.map((m) => c.publicMotivator.parse(serializeMotivator(m, base))), totalCount: rows.length };
  });

  // Motivator search page.
  legacyRoute(app, r.getMotivatorSearch, async (req) => {
    const { client, row } = await getMotivatorSearch(db, actorOf(req), req.query.clientId);
    return serializeMotivatorSearch(row, motivatorSearchUrl(deps, client));
  });
  legacyRoute(app, r.createMotivatorSearch, async (req) => {
    const { clientId, ...input } = req.body;
    const { client, row } = await createMotivatorSearch(db, actorOf(req), clientId, input);
    return { ...serializeMotivatorSearch(row, motivatorSearchUrl(deps, client)), message: messages.pages.pageSaved };
  });
  legacyRoute(app, r.updateMotivatorSearch, async (req) => {
    const { clientId, _id, ...input } = req.body;
    const { client, row } = await updateMotivatorSearch(db, actorOf(req), clientId, _id, input);
    return { ...serializeMotivatorSearch(row, motivatorSearchUrl(deps, client)), message: messages.pages.pageSaved };
  });
}
