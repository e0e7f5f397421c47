import { errorReply } from '@hh/contract/common';
import { messages } from '@hh/contract/messages';
import * as c from '@hh/contract/pages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicClient } from '../jobs/index.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { actorOf } from '../plugins/auth.ts';
import { createDefaultTemplate, getDefaultTemplate, listDefaultTemplates, updateDefaultTemplate } from './default-templates.ts';
import { activeDesignOf, createDesignOptions, listDesignOptions, serializeDesign, updateDesignOptions } from './design-options.ts';
import { uploadMeetTheTeamFavicon, uploadPageFavicon } from './favicons.ts';
import { createMeetTheTeam, getMeetTheTeam, updateMeetTheTeam } from './meet-the-team.ts';
import { createMotivatorSearch, getMotivatorSearch, updateMotivatorSearch } from './motivator-search.ts';
import { createMotivator, deleteMotivator, listMotivators, publishedMotivators, shuffle, updateMotivator } from './motivators.ts';
import {
  createAdditionalPage,
  createPageTemplate,
  deletePageTemplate,
  getPageTemplates,
  listAdditionalPages,
  templateOf,
  updatePageTemplate,
} from './page-templates.ts';
import { getAllPublished, livePage, publishPage, unpublishPage, updatePublished } from './publishing.ts';
import { serializeMeetTheTeam, serializeMotivator, serializeMotivatorSearch, serializeTemplate, serializeVersion } from './serialize.ts';
import { motivatorSearchUrl, pageUrl, siteOrigin } from './site-urls.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
const publicErrors = { 400: errorReply, 404: errorReply };

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
export default async function pagesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['pages'];
  const pub = { auth: 'public' as const };

  // Default page templates (product-wide).
  app.get('/api/default-page-templates', { schema: { tags, response: { 200: c.defaultTemplateList, ...errors } } }, async () => {
    const rows = await listDefaultTemplates(db);
    return { results: rows, totalCount: rows.length };
  });
  app.get(
    '/api/default-page-templates/get-by-name',
    { schema: { tags, querystring: c.defaultTemplateByName, response: { 200: c.defaultPageTemplate, ...errors } } },
    async (req) => getDefaultTemplate(db, req.query.name),
  );
  app.post(
    '/api/default-page-templates/create',
    { schema: { tags, body: c.createDefaultTemplateRequest, response: { 201: c.defaultTemplateReply, ...errors } } },
    async (req, reply) => {
      const row = await createDefaultTemplate(db, actorOf(req), req.body);
      return reply.status(201).send({ ...row, message: c.pageMessages.templateSaved });
    },
  );
  app.patch(
    '/api/default-page-templates/update',
    { schema: { tags, body: c.updateDefaultTemplateRequest, response: { 200: c.defaultTemplateReply, ...errors } } },
    async (req) => ({
      ...(await updateDefaultTemplate(db, actorOf(req), req.body)),
      message: c.pageMessages.templateSaved,
    }),
  );

  // A client's page template.
  app.get('/api/page-templates', { schema: { tags, querystring: c.pageTemplateQuery, response: { 200: c.pageTemplateList, ...errors } } }, async (req) => {
    const rows = await getPageTemplates(db, actorOf(req), req.query.clientId, req.query.templateId);
    return { results: rows.map(serializeTemplate), totalCount: rows.length };
  });
  app.post(
    '/api/page-templates/create',
    { schema: { tags, body: c.createPageTemplateRequest, response: { 201: c.pageTemplateReply, ...errors } } },
    async (req, reply) => {
      const { clientId, ...input } = req.body;
      const row = await createPageTemplate(db, actorOf(req), clientId, input);
      return reply.status(201).send({ ...serializeTemplate(row), message: c.pageMessages.templateSaved });
    },
  );
  app.patch(
    '/api/page-templates/update',
    { schema: { tags, body: c.updatePageTemplateRequest, response: { 200: c.pageTemplateReply, ...errors } } },
    async (req) => {
      const { _id, clientId, ...input } = req.body;
      const row = await updatePageTemplate(db, actorOf(req), { clientId, templateId: _id, input });
      return { ...serializeTemplate(row), message: c.pageMessages.templateSaved };
    },
  );
  app.patch(
    '/api/page-templates/update-partial',
    { schema: { tags, querystring: c.updatePartialQuery, body: c.updatePartialRequest, response: { 200: c.pageTemplateReply, ...errors } } },
    async (req) => {
      const { clientId, page, ...input } = req.body;
      const row = await updatePageTemplate(db, actorOf(req), { clientId, templateId: req.query.templateId, input, page });
      return { ...serializeTemplate(row), message: page ? c.pageMessages.pageSaved : c.pageMessages.templateSaved };
    },
  );
  app.delete(
    '/api/page-templates/delete',
    { schema: { tags, body: c.deletePageTemplateRequest, response: { 200: c.pageTemplateReply, ...errors } } },
    async (req) => serializeTemplate(await deletePageTemplate(db, actorOf(req), req.body.clientId, req.body._id)),
  );

  // Additional pages.
  app.get(
    '/api/additional-page-templates',
    { schema: { tags, querystring: c.additionalPagesQuery, response: { 200: c.additionalPagesReply, ...errors } } },
    async (req) => {
      const pages = await listAdditionalPages(db, actorOf(req), req.query.clientId);
      const defaults = await listDefaultTemplates(db);
      return { results: pages, totalCount: pages.length, templates: defaults.map((d) => ({ name: d.name, description: d.description })) };
    },
  );
  app.post(
    '/api/additional-page-templates',
    { schema: { tags, body: c.createAdditionalPageRequest, response: { 201: c.pageTemplateReply, ...errors } } },
    async (req, reply) => {
      const row = await createAdditionalPage(db, actorOf(req), req.body);
      return reply.status(201).send({ ...serializeTemplate(row), message: c.pageMessages.pageSaved });
    },
  );

  // Design options.
  app.get(
    '/api/page-design-options',
    { schema: { tags, querystring: c.designOptionsQuery, response: { 200: c.designOptionsList, ...errors } } },
    async (req) => {
      const rows = await listDesignOptions(db, actorOf(req), req.query.clientId, req.query.templateId);
      return { results: rows.map(serializeDesign), totalCount: rows.length };
    },
  );
  app.post(
    '/api/page-design-options/create',
    { schema: { tags, body: c.createDesignRequest, response: { 201: c.designOptionsReply, ...errors } } },
    async (req, reply) => {
      const row = await createDesignOptions(db, actorOf(req), req.body);
      return reply.status(201).send({ ...serializeDesign(row), message: c.pageMessages.designSaved });
    },
  );
  app.patch(
    '/api/page-design-options/update',
    { schema: { tags, body: c.updateDesignRequest, response: { 200: c.designOptionsReply, ...errors } } },
    async (req) => ({
      ...serializeDesign(await updateDesignOptions(db, actorOf(req), req.body)),
      message: c.pageMessages.designSaved,
    }),
  );

  // Favicons (multipart `image`; the client by form field, query or X-Client-Id).
  app.post(
    '/api/favicon/page/upload',
    {
      schema: {
        tags,
        querystring: c.faviconPageQuery.extend({ clientId: z.uuid().optional() }),
        response: { 200: c.faviconReply, ...errors, 413: errorReply },
      },
    },
    async (req) => {
      const { bytes, fields } = await readImage(req);
      return uploadPageFavicon(app, actorOf(req), req.query.templateId, clientIdOf(req, fields), bytes);
    },
  );
  app.post(
    '/api/favicon/meet-the-team/upload',
    {
      schema: {
        tags,
        querystring: c.faviconMeetTheTeamQuery.extend({ clientId: z.uuid().optional() }),
        response: { 200: c.faviconReply, ...errors, 413: errorReply },
      },
    },
    async (req) => {
      const { bytes, fields } = await readImage(req);
      return uploadMeetTheTeamFavicon(app, actorOf(req), req.query.pageId, clientIdOf(req, fields), bytes);
    },
  );

  // Publishing.
  app.get(
    '/api/published-page-templates',
    { config: pub, schema: { tags, querystring: c.publishedPageQuery, response: { 200: c.publishedPage, ...publicErrors } } },
    async (req) => {
      const q = req.query;
      const client = await publicClient(db, q, c.pageErrorKeys.pageTemplates);
      const slug = c.pageSlug(q.pageName);
      const v = await livePage(db, client.id, slug);
      if (!v) throw notFound(c.pageErrorKeys.pageTemplates, c.pageMessages.notPublished(q.pageName));
      return {
        pageName: v.pageName,
        slug,
        url: pageUrl(app, client, slug),
        live: true,
        version: v.version,
        displayType: q.displayType,
        content: v.content,
        seo: v.seo,
        updatedAt: v.createdAt.toISOString(),
      };
    },
  );
  const publishReply = (o: Awaited<ReturnType<typeof publishPage>>) => ({
    message: o.message,
    url: o.url,
    version: serializeVersion(o.version, o.version.action === 'unpublish' ? null : o.version.version),
  });
  app.post('/api/published-page-templates', { schema: { tags, body: c.publishRequest, response: { 201: c.publishReply, ...errors } } }, async (req, reply) =>
    reply.status(201).send(publishReply(await publishPage(app, actorOf(req), req.body))),
  );
  app.patch('/api/published-page-templates', { schema: { tags, body: c.updatePublishedRequest, response: { 200: c.publishReply, ...errors } } }, async (req) =>
    publishReply(await updatePublished(app, actorOf(req), req.body)),
  );
  app.delete('/api/published-page-templates', { schema: { tags, body: c.unpublishRequest, response: { 200: c.publishReply, ...errors } } }, async (req) =>
    publishReply(await unpublishPage(app, actorOf(req), req.body)),
  );
  app.get(
    '/api/published-page-templates/get-all',
    { schema: { tags, querystring: c.getAllQuery, response: { 200: c.getAllReply, ...errors } } },
    async (req) => {
      const r = await getAllPublished(app, actorOf(req), req.query.clientId, req.query.pageName);
      return { results: r.results, totalCount: r.results.length, versions: r.versions.map((v) => serializeVersion(v.row, v.live ? v.row.version : null)) };
    },
  );
  app.get(
    '/api/published-page-templates/get-header-footer',
    { config: pub, schema: { tags, querystring: c.headerFooterQuery, response: { 200: c.headerFooterReply, ...publicErrors } } },
    async (req) => {
      const client = await publicClient(db, req.query, c.pageErrorKeys.pageTemplates);
      const t = await templateOf(db, client.id);
      const design = await activeDesignOf(db, client.id);
      const home = t?.pages.find((p) => c.pageSlug(p.name) === 'home');
      const header = home?.content.content.find((b) => b.type === 'Header');
      const footer = home?.content.content.find((b) => b.type === 'Footer');
      const origin = siteOrigin(app, client);
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
    },
  );

  // Meet the team settings.
  app.get('/api/meet-the-team', { schema: { tags, querystring: c.meetTheTeamQuery, response: { 200: c.meetTheTeamSettings, ...errors } } }, async (req) =>
    serializeMeetTheTeam(await getMeetTheTeam(db, actorOf(req), req.query.clientId)),
  );
  app.post(
    '/api/meet-the-team/create',
    { schema: { tags, body: c.createMeetTheTeamRequest, response: { 201: c.meetTheTeamReply, ...errors } } },
    async (req, reply) => {
      const { clientId, ...input } = req.body;
      const row = await createMeetTheTeam(db, actorOf(req), clientId, input);
      return reply.status(201).send({ ...serializeMeetTheTeam(row), message: c.pageMessages.pageSaved });
    },
  );
  app.patch(
    '/api/meet-the-team/update',
    { schema: { tags, body: c.updateMeetTheTeamRequest, response: { 200: c.meetTheTeamReply, ...errors } } },
    async (req) => {
      const { clientId, _id, ...input } = req.body;
      return { ...serializeMeetTheTeam(await updateMeetTheTeam(db, actorOf(req), clientId, _id, input)), message: c.pageMessages.pageSaved };
    },
  );

  // Motivators.
  app.get('/api/motivators', { schema: { tags, querystring: c.motivatorListQuery, response: { 200: c.motivatorList, ...errors } } }, async (req) => {
    const { clientId, published } = req.query;
    const rows = await listMotivators(db, actorOf(req), clientId, published === undefined ? undefined : published === 'true');
    const client = await publicClient(db, { clientId }).catch(() => null);
    const base = client ? siteOrigin(app, client) : '';
    return { results: rows.map((r) => serializeMotivator(r, base)), totalCount: rows.length };
  });
  const motivatorOut = async (clientId: string, row: Parameters<typeof serializeMotivator>[0]) => {
    const client = await publicClient(db, { clientId }).catch(() => null);
    return { ...serializeMotivator(row, client ? siteOrigin(app, client) : ''), message: c.pageMessages.motivatorSaved };
  };
  app.post(
    '/api/motivators/create',
    { schema: { tags, body: c.createMotivatorRequest, response: { 201: c.motivatorReply, ...errors } } },
    async (req, reply) => {
      const { clientId, ...input } = req.body;
      return reply.status(201).send(await motivatorOut(clientId, await createMotivator(db, actorOf(req), clientId, input)));
    },
  );
  app.patch('/api/motivators/update', { schema: { tags, body: c.updateMotivatorRequest, response: { 200: c.motivatorReply, ...errors } } }, async (req) => {
    const { clientId, _id, ...input } = req.body;
    return motivatorOut(clientId, await updateMotivator(db, actorOf(req), clientId, _id, input));
  });
  app.delete('/api/motivators/delete', { schema: { tags, body: c.deleteMotivatorRequest, response: { 200: c.motivatorReply, ...errors } } }, async (req) =>
    motivatorOut(req.body.clientId, await deleteMotivator(db, actorOf(req), req.body.clientId, req.body._id)),
  );
  app.get(
    '/api/published-page-templates/motivators',
    { config: pub, schema: { tags, querystring: c.publishedMotivatorsQuery, response: { 200: c.publishedMotivatorsReply, ...publicErrors } } },
    async (req) => {
      const client = await publicClient(db, req.query, c.pageErrorKeys.motivators);
      const rows = shuffle(await publishedMotivators(db, client.id));
      const base = siteOrigin(app, client);
      return { results: rows.map((r) => c.publicMotivator.parse(serializeMotivator(r, base))), totalCount: rows.length };
    },
  );

  // Motivator search page.
  app.get(
    '/api/motivator-search-page',
    { schema: { tags, querystring: c.motivatorSearchQuery, response: { 200: c.motivatorSearchPage, ...errors } } },
    async (req) => {
      const { client, row } = await getMotivatorSearch(db, actorOf(req), req.query.clientId);
      return serializeMotivatorSearch(row, motivatorSearchUrl(app, client));
    },
  );
  app.post(
    '/api/motivator-search-page/create',
    { schema: { tags, body: c.createMotivatorSearchRequest, response: { 201: c.motivatorSearchReply, ...errors } } },
    async (req, reply) => {
      const { clientId, ...input } = req.body;
      const { client, row } = await createMotivatorSearch(db, actorOf(req), clientId, input);
      return reply.status(201).send({ ...serializeMotivatorSearch(row, motivatorSearchUrl(app, client)), message: c.pageMessages.pageSaved });
    },
  );
  app.patch(
    '/api/motivator-search-page/update',
    { schema: { tags, body: c.updateMotivatorSearchRequest, response: { 200: c.motivatorSearchReply, ...errors } } },
    async (req) => {
      const { clientId, _id, ...input } = req.body;
      const { client, row } = await updateMotivatorSearch(db, actorOf(req), clientId, _id, input);
      return { ...serializeMotivatorSearch(row, motivatorSearchUrl(app, client)), message: c.pageMessages.pageSaved };
    },
  );
}
