import { z } from 'zod';
import { id, isoDate, paged } from './common.ts';
import { defineRoute, SIGNED_IN_ERRORS } from './route.ts';

/**
 * Career-site builder (recruiting spec 001 §3, §7 "Templates and publishing", "Design and email
 * templates", "Meet the team and motivators"; decision 0030). Docs: docs/site-builder.md.
 */

/** 001 §8 success messages, verbatim, and the 001 §5 error keys. */

export const pageErrorKeys = { defaultTemplate: 'defaultTemplate', pageTemplates: 'pageTemplates', motivators: 'motivators' } as const;

/** Every URL a page stores: http(s) or a path on this site (uploads under /media/). Never javascript:, data: or the like. */
export const webUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v), 'must be an http(s) address or a path on this site');
export const isWebUrl = (v: unknown) => typeof v === 'string' && webUrl.safeParse(v).success;

/** Page names become addresses (`/{nameSlug}/{pageName}`): letters, digits, spaces and hyphens. */
export const pageName = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 _-]*$/, 'pageName may hold letters, digits, spaces and hyphens');
/** The address segment of a page name: "Thank you" -> "thank-you". */
export const pageSlug = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-');
/** Site paths that the career site itself serves: no page may take them. */
export const reservedPageSlugs = new Set([
  'search-page',
  'job',
  'requisition',
  'av_viewjob.html',
  'apply',
  'sitemap.xml',
  'api',
  'media',
  'assets',
  'site-assets',
]);

/** One block of a page: Puck's `{ type, props }` (props.id is Puck's block id). */
export const block = z.object({ type: z.string().trim().min(1).max(60), props: z.record(z.string(), z.unknown()).default({}) });
export type Block = z.infer<typeof block>;
/** A page's content: Puck's Data (`root`, `content`, `zones`). */
export const pageContent = z.object({
  root: z.object({ props: z.record(z.string(), z.unknown()).default({}) }).default({ props: {} }),
  content: z.array(block).max(200).default([]),
  zones: z.record(z.string(), z.array(block).max(200)).optional(),
});
export type PageContent = z.infer<typeof pageContent>;

export const pageSeo = z.object({ title: z.string().trim().max(200).optional(), description: z.string().trim().max(400).optional() });
export const page = z.object({
  _id: id.optional(),
  name: pageName,
  content: pageContent.default({ root: { props: {} }, content: [] }),
  seo: pageSeo.optional(),
  /** The draft last changed (autosave). */
  updatedAt: isoDate.optional(),
});
export type Page = z.infer<typeof page>;

export const customScript = z.object({
  name: z.string().trim().max(100).default(''),
  /** External scripts only (the site's CSP allows each script's host for this client; no inline code). */
  src: z
    .string()
    .trim()
    .max(2000)
    .regex(/^https:\/\/[^\s"'<>]+$/i, 'src must be an https address'),
  placement: z.enum(['head', 'body']).default('body'),
  /** Page names the script runs on; empty means every published page. */
  pages: z.array(z.string().trim().max(60)).max(100).default([]),
});
export const socialNetwork = z.object({ network: z.string().trim().min(1).max(40), url: webUrl });
export const socialMetadata = z.object({
  title: z.string().trim().max(200).optional(),
  description: z.string().trim().max(400).optional(),
  image: webUrl.optional(),
  twitterCard: z.enum(['summary', 'summary_large_image']).optional(),
  twitterSite: z.string().trim().max(60).optional(),
});
export const activityEntry = z.object({ action: z.string(), by: z.string().nullable(), at: isoDate, pageName: z.string().optional() });

export const pageTemplate = z.object({
  _id: id,
  clientId: id,
  name: z.string(),
  pages: z.array(page.extend({ _id: id })),
  customScripts: z.array(customScript),
  socialNetworks: z.array(socialNetwork),
  socialMetadata,
  activityLog: z.array(activityEntry),
  seo: z.object({ keywords: z.array(z.string()) }),
  favicon: z.string().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type PageTemplate = z.infer<typeof pageTemplate>;

const templateFields = {
  name: z.string().trim().min(1).max(200).optional(),
  pages: z.array(page).max(50).optional(),
  customScripts: z.array(customScript).max(30).optional(),
  socialNetworks: z.array(socialNetwork).max(30).optional(),
  socialMetadata: socialMetadata.optional(),
  seo: z.object({ keywords: z.array(z.string().trim().min(1).max(60)).max(50) }).optional(),
};
export const createPageTemplateRequest = z.object({
  clientId: id,
  ...templateFields,
  /** Start from these default templates (by name); with neither pages nor this, Home and Search from the defaults. */
  fromDefaults: z.array(z.string().trim().max(60)).max(30).optional(),
});
export const updatePageTemplateRequest = z.object({ _id: id, clientId: id, ...templateFields });
/** update-partial: one page (by _id or name) is added or replaced; other fields as given. */
export const updatePartialQuery = z.object({ templateId: id });
export const updatePartialRequest = z.object({ clientId: id, page: page.optional(), ...templateFields });
export const deletePageTemplateRequest = z.object({ _id: id, clientId: id });
export const pageTemplateQuery = z.object({ clientId: id, templateId: id.optional() });
export const pageTemplateReply = pageTemplate.extend({ message: z.string().optional() });
export const pageTemplateList = paged(pageTemplate);

/** Product-wide default page templates (admins write them). */
export const defaultPageTemplate = z.object({
  _id: z.string(),
  name: pageName,
  description: z.string(),
  content: pageContent,
  seo: pageSeo,
  builtIn: z.boolean(),
  updatedAt: isoDate.nullable(),
});
export const defaultTemplateList = paged(defaultPageTemplate);
export const defaultTemplateByName = z.object({ name: z.string().trim().min(1).max(60) });
export const createDefaultTemplateRequest = z.object({
  name: pageName,
  description: z.string().trim().max(500).default(''),
  content: pageContent,
  seo: pageSeo.default({}),
});
export const updateDefaultTemplateRequest = z.object({
  name: pageName,
  description: z.string().trim().max(500).optional(),
  content: pageContent.optional(),
  seo: pageSeo.optional(),
});
export const defaultTemplateReply = defaultPageTemplate.extend({ message: z.string().optional() });

/** Additional pages: the template's pages beyond the core set, and the defaults they can start from. */
export const additionalPagesQuery = z.object({ clientId: id });
export const additionalPagesReply = z.object({
  results: z.array(page.extend({ _id: id })),
  totalCount: z.number().int(),
  templates: z.array(z.object({ name: z.string(), description: z.string() })),
});
export const createAdditionalPageRequest = z.object({
  clientId: id,
  name: pageName,
  /** A default template name to copy; else `content`, else an empty page. */
  fromDefault: z.string().trim().max(60).optional(),
  content: pageContent.optional(),
  seo: pageSeo.optional(),
});

/**
 * §9's fonts. Each but System is served from our own host (site-css.ts SITE_FONT_FILES lists its
 * files); "Source Sans Pro" is the widgets' default font (§3), so a site can match its widgets.
 * Values are only ever added: stored designs hold them.
 * Montserrat and Nunito Sans stand in for §9's licensed Gotham and Avenir (docs/site-builder.md "Fonts").
 * §9's licensed names (Campton, Avenir, Gotham, Kelson) are accepted too and drawn with the closest
 * free face we serve (site-css.ts LICENSED_FONTS), so a design or a widget that names one keeps working.
 */
export const siteFonts = [
  'System',
  'Inter',
  'Lato',
  'Open Sans',
  'Roboto',
  'Poppins',
  'Noto Sans',
  'Figtree',
  'Anton',
  'Khand',
  'Source Sans Pro',
  'Montserrat',
  'Nunito Sans',
  'Campton',
  'Avenir',
  'Gotham',
  'Kelson',
] as const;
export type SiteFont = (typeof siteFonts)[number];
const hex = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour such as #0c74e4');
export const design = z.object({
  name: z.string().trim().max(60).default('Default'),
  colors: z
    .object({
      primary: hex.default('#0c74e4'),
      secondary: hex.default('#0b3d6e'),
      text: hex.default('#1b1f24'),
      background: hex.default('#ffffff'),
      surface: hex.default('#f3f6f9'),
    })
    .default({ primary: '#0c74e4', secondary: '#0b3d6e', text: '#1b1f24', background: '#ffffff', surface: '#f3f6f9' }),
  headingFont: z.enum(siteFonts).default('System'),
  bodyFont: z.enum(siteFonts).default('System'),
  logo: webUrl.optional(),
  buttonStyle: z.enum(['rounded', 'pill', 'square']).default('rounded'),
  spacing: z.enum(['compact', 'comfortable', 'airy']).default('comfortable'),
});
export type Design = z.infer<typeof design>;
export const defaultDesign: Design = design.parse({});
export const designOptions = z.object({
  _id: id,
  clientId: id,
  templateId: id,
  activeDesign: design,
  designs: z.array(design),
  updatedAt: isoDate,
});
export const designOptionsQuery = z.object({ clientId: id, templateId: id.optional() });
export const designOptionsReply = designOptions.extend({ message: z.string().optional() });
export const designOptionsList = paged(designOptions);
export const createDesignRequest = z.object({
  clientId: id,
  templateId: id,
  activeDesign: design.default(defaultDesign),
  designs: z.array(design).max(20).optional(),
});
/** A design change: only the fields sent change (colours merge one by one). */
export const designPatch = z.object({
  name: z.string().trim().max(60).optional(),
  colors: z.object({ primary: hex, secondary: hex, text: hex, background: hex, surface: hex }).partial().optional(),
  headingFont: z.enum(siteFonts).optional(),
  bodyFont: z.enum(siteFonts).optional(),
  logo: webUrl.optional(),
  buttonStyle: z.enum(['rounded', 'pill', 'square']).optional(),
  spacing: z.enum(['compact', 'comfortable', 'airy']).optional(),
});
export type DesignPatch = z.infer<typeof designPatch>;
export const updateDesignRequest = z.object({
  _id: id,
  clientId: id,
  activeDesign: designPatch.optional(),
  designs: z.array(design).max(20).optional(),
});

/**
 * The design's publishing (docs/site-builder.md "Design: draft, preview, publish"): the design form
 * edits a draft; a publish (or a restore of an earlier version) is a new immutable version, and the
 * career site shows only the newest one.
 */
export const designVersion = z.object({
  _id: id,
  version: z.number().int(),
  action: z.enum(['publish', 'restore']),
  /** The version a restore brought back. */
  restoredFrom: z.number().int().nullable(),
  design,
  live: z.boolean(),
  publishedBy: z.string().nullable(),
  createdAt: isoDate,
});
export const designPublishingQuery = z.object({ clientId: id });
export const designPublishingReply = z.object({
  /** The saved draft (the product default when none was saved). */
  draft: design,
  /** What visitors see; null when the design was never published (they see the product default). */
  live: design.nullable(),
  liveVersion: z.number().int().nullable(),
  /** Whether the draft holds changes visitors do not see yet. */
  draftDiffers: z.boolean(),
  /** The site's address, to open it. */
  url: z.string(),
  versions: z.array(designVersion),
});
export const publishDesignRequest = z.object({ clientId: id });
export const restoreDesignRequest = z.object({ clientId: id, version: z.number().int().min(1) });
export const designPublishReply = z.object({ message: z.string(), url: z.string(), version: designVersion });
/** The logo upload (multipart `image` + the crop as fractions of the picture); the client by form field, query or X-Client-Id. */
export const logoUploadQuery = z.object({ clientId: z.uuid().optional() });
export const logoCrop = z.object({
  cropX: z.coerce.number().min(0).max(1).default(0),
  cropY: z.coerce.number().min(0).max(1).default(0),
  cropWidth: z.coerce.number().gt(0).max(1).default(1),
  cropHeight: z.coerce.number().gt(0).max(1).default(1),
});
export const logoReply = z.object({ message: z.string(), url: z.string(), width: z.number().int(), height: z.number().int(), contentType: z.string() });
/** The logo rules, shown beside the upload button and enforced by the server. */
export const LOGO_RULES = { maxBytes: 5 * 1024 * 1024, minEdge: 48, maxOutputEdge: 800, types: 'PNG, JPEG, WebP or SVG' } as const;

/** Publishing: every publish, update, unpublish and restore is a new immutable version. */
export const publishAction = z.enum(['publish', 'update', 'unpublish', 'restore']);
export const publishedVersion = z.object({
  _id: id,
  pageName: z.string(),
  version: z.number().int(),
  action: publishAction,
  live: z.boolean(),
  content: pageContent,
  seo: pageSeo,
  publishedBy: z.string().nullable(),
  createdAt: isoDate,
});
export const publishedPage = z.object({
  pageName: z.string(),
  slug: z.string(),
  url: z.string(),
  live: z.boolean(),
  version: z.number().int(),
  displayType: z.enum(['desktop', 'mobile']),
  content: pageContent,
  seo: pageSeo,
  updatedAt: isoDate,
});
/** Public lookup (001 §3 "Published page lookup": displayType desktop by default, pageName, departmentId). */
export const publishedPageQuery = z.object({
  nameSlug: z.string().trim().min(1).max(100).optional(),
  clientId: id.optional(),
  pageName: z.string().trim().min(1).max(60).default('Home'),
  displayType: z.enum(['desktop', 'mobile']).default('desktop'),
  departmentId: id.optional(),
});
export const publishRequest = z.object({ clientId: id, templateId: id, pageName: z.string().trim().min(1).max(60) });
export const updatePublishedRequest = z.object({
  clientId: id,
  pageName: z.string().trim().min(1).max(60),
  templateId: id.optional(),
  /** Restore this earlier version (one click) instead of publishing the current draft. */
  restoreVersion: z.number().int().min(1).optional(),
});
export const unpublishRequest = z.object({ clientId: id, pageName: z.string().trim().min(1).max(60) });
export const publishReply = z.object({ message: z.string(), url: z.string(), version: publishedVersion });
export const getAllQuery = z.object({ clientId: id, pageName: z.string().trim().min(1).max(60).optional() });
export const getAllReply = z.object({
  results: z.array(z.object({ pageName: z.string(), slug: z.string(), url: z.string(), live: z.boolean(), version: z.number().int(), updatedAt: isoDate })),
  totalCount: z.number().int(),
  versions: z.array(publishedVersion),
});
export const headerFooterQuery = z.object({ nameSlug: z.string().trim().min(1).max(100).optional(), clientId: id.optional() });
export const headerFooterReply = z.object({
  header: z.object({ logo: z.string().nullable(), name: z.string(), links: z.array(z.object({ label: z.string(), href: z.string() })) }),
  footer: z.object({ text: z.string(), socialNetworks: z.array(socialNetwork), links: z.array(z.object({ label: z.string(), href: z.string() })) }),
  design,
});

export const faviconReply = z.object({ message: z.string(), favicon: z.string(), icons: z.array(z.object({ size: z.number().int(), url: z.string() })) });
export const faviconPageQuery = z.object({ templateId: id });
export const faviconMeetTheTeamQuery = z.object({ pageId: id });
/** The favicon uploads (multipart `image`) name the client by form field, by this query field or by X-Client-Id. */
export const uploadPageFaviconQuery = faviconPageQuery.extend({ clientId: z.uuid().optional() });
export const uploadMeetTheTeamFaviconQuery = faviconMeetTheTeamQuery.extend({ clientId: z.uuid().optional() });

/** Meet-the-team page settings (one per client). */
export const meetTheTeamLayouts = ['grid', 'strip', 'list'] as const;
export const meetTheTeamSettings = z.object({
  _id: id,
  clientId: id,
  title: z.string(),
  intro: z.string(),
  departments: z.array(z.string()),
  order: z.array(z.string()),
  layout: z.enum(meetTheTeamLayouts),
  favicon: z.string().nullable(),
  updatedAt: isoDate,
});
const mttFields = {
  title: z.string().trim().max(200).optional(),
  intro: z.string().trim().max(2000).optional(),
  /** Department ids or names shown; empty means every department. */
  departments: z.array(z.string().trim().min(1).max(200)).max(200).optional(),
  /** Profile ids in display order (others follow). */
  order: z.array(id).max(500).optional(),
  layout: z.enum(meetTheTeamLayouts).optional(),
};
export const meetTheTeamQuery = z.object({ clientId: id });
export const createMeetTheTeamRequest = z.object({ clientId: id, ...mttFields });
export const updateMeetTheTeamRequest = z.object({ _id: id.optional(), clientId: id, ...mttFields });
export const meetTheTeamReply = meetTheTeamSettings.extend({ message: z.string().optional() });

/** Motivators: themed landing pages for a reason to join. */
export const motivatorFilter = z.object({
  departmentId: id.optional(),
  categoryId: id.optional(),
  keywords: z.string().trim().max(200).optional(),
  location: z.string().trim().max(200).optional(),
  employmentType: z.string().trim().max(40).optional(),
});
export const motivator = z.object({
  _id: id,
  clientId: id,
  name: z.string(),
  slug: z.string(),
  headline: z.string(),
  story: z.string(),
  image: z.string().nullable(),
  video: z.string().nullable(),
  icon: z.string(),
  filter: motivatorFilter,
  published: z.boolean(),
  position: z.number().int(),
  url: z.string(),
  updatedAt: isoDate,
});
export type Motivator = z.infer<typeof motivator>;
const motivatorFields = {
  name: z.string().trim().min(1).max(100),
  headline: z.string().trim().max(200).default(''),
  story: z.string().trim().max(10000).default(''),
  image: webUrl.nullable().optional(),
  video: webUrl.nullable().optional(),
  icon: z.string().trim().max(40).default('star'),
  filter: motivatorFilter.default({}),
  published: z.boolean().default(false),
  position: z.number().int().min(0).max(10000).optional(),
};
export const motivatorListQuery = z.object({ clientId: id, published: z.enum(['true', 'false']).optional() });
export const createMotivatorRequest = z.object({ clientId: id, ...motivatorFields });
export const updateMotivatorRequest = z.object({
  _id: id,
  clientId: id,
  name: motivatorFields.name.optional(),
  headline: z.string().trim().max(200).optional(),
  story: z.string().trim().max(10000).optional(),
  image: webUrl.nullable().optional(),
  video: webUrl.nullable().optional(),
  icon: z.string().trim().max(40).optional(),
  filter: motivatorFilter.optional(),
  published: z.boolean().optional(),
  position: z.number().int().min(0).max(10000).optional(),
});
export const deleteMotivatorRequest = z.object({ _id: id, clientId: id });
export const motivatorReply = motivator.extend({ message: z.string().optional() });
export const motivatorList = paged(motivator);
export const publicMotivator = motivator.omit({ clientId: true, position: true, published: true, updatedAt: true });
export const publishedMotivatorsQuery = z.object({ nameSlug: z.string().trim().min(1).max(100).optional(), clientId: id.optional() });
export const publishedMotivatorsReply = paged(publicMotivator);

/** The motivator search page (one per client). */
export const motivatorSearchPage = z.object({
  _id: id,
  clientId: id,
  title: z.string(),
  intro: z.string(),
  motivatorIds: z.array(z.string()),
  published: z.boolean(),
  url: z.string(),
  updatedAt: isoDate,
});
const mspFields = {
  title: z.string().trim().max(200).optional(),
  intro: z.string().trim().max(2000).optional(),
  /** Motivators offered, in order; empty means every published motivator. */
  motivatorIds: z.array(id).max(100).optional(),
  published: z.boolean().optional(),
};
export const motivatorSearchQuery = z.object({ clientId: id });
export const createMotivatorSearchRequest = z.object({ clientId: id, ...mspFields });
export const updateMotivatorSearchRequest = z.object({ _id: id.optional(), clientId: id, ...mspFields });
export const motivatorSearchReply = motivatorSearchPage.extend({ message: z.string().optional() });

const tags = ['pages'] as const;
const errors = SIGNED_IN_ERRORS;
/** The public lookups answer only bad input and not found. */
const publicErrors = [400, 404] as const;
/**
 * Career-site builder calls (recruiting spec 001 §7 "Templates and publishing", "Design and email
 * templates", "Meet the team and motivators"); docs/site-builder.md. Saves answer the resource
 * with the spec's success message in `message` (decision 0030).
 */
export const pageRoutes = {
  // Default page templates (product-wide).
  listDefaultTemplates: defineRoute({ method: 'GET', path: '/api/default-page-templates', status: 200, reply: defaultTemplateList, errors, tags }),
  getDefaultTemplateByName: defineRoute({
    method: 'GET',
    path: '/api/default-page-templates/get-by-name',
    query: defaultTemplateByName,
    status: 200,
    reply: defaultPageTemplate,
    errors,
    tags,
  }),
  createDefaultTemplate: defineRoute({
    method: 'POST',
    path: '/api/default-page-templates/create',
    body: createDefaultTemplateRequest,
    status: 201,
    reply: defaultTemplateReply,
    errors,
    tags,
  }),
  updateDefaultTemplate: defineRoute({
    method: 'PATCH',
    path: '/api/default-page-templates/update',
    body: updateDefaultTemplateRequest,
    status: 200,
    reply: defaultTemplateReply,
    errors,
    tags,
  }),

  // A client's page template.
  listTemplates: defineRoute({ method: 'GET', path: '/api/page-templates', query: pageTemplateQuery, status: 200, reply: pageTemplateList, errors, tags }),
  createTemplate: defineRoute({
    method: 'POST',
    path: '/api/page-templates/create',
    body: createPageTemplateRequest,
    status: 201,
    reply: pageTemplateReply,
    errors,
    tags,
  }),
  updateTemplate: defineRoute({
    method: 'PATCH',
    path: '/api/page-templates/update',
    body: updatePageTemplateRequest,
    status: 200,
    reply: pageTemplateReply,
    errors,
    tags,
  }),
  updateTemplatePartial: defineRoute({
    method: 'PATCH',
    path: '/api/page-templates/update-partial',
    query: updatePartialQuery,
    body: updatePartialRequest,
    status: 200,
    reply: pageTemplateReply,
    errors,
    tags,
  }),
  deleteTemplate: defineRoute({
    method: 'DELETE',
    path: '/api/page-templates/delete',
    body: deletePageTemplateRequest,
    status: 200,
    reply: pageTemplateReply,
    errors,
    tags,
  }),

  // Additional pages.
  listAdditionalPages: defineRoute({
    method: 'GET',
    path: '/api/additional-page-templates',
    query: additionalPagesQuery,
    status: 200,
    reply: additionalPagesReply,
    errors,
    tags,
  }),
  createAdditionalPage: defineRoute({
    method: 'POST',
    path: '/api/additional-page-templates',
    body: createAdditionalPageRequest,
    status: 201,
    reply: pageTemplateReply,
    errors,
    tags,
  }),

  // Design options.
  listDesignOptions: defineRoute({
    method: 'GET',
    path: '/api/page-design-options',
    query: designOptionsQuery,
    status: 200,
    reply: designOptionsList,
    errors,
    tags,
  }),
  createDesignOptions: defineRoute({
    method: 'POST',
    path: '/api/page-design-options/create',
    body: createDesignRequest,
    status: 201,
    reply: designOptionsReply,
    errors,
    tags,
  }),
  updateDesignOptions: defineRoute({
    method: 'PATCH',
    path: '/api/page-design-options/update',
    body: updateDesignRequest,
    status: 200,
    reply: designOptionsReply,
    errors,
    tags,
  }),

  // The design's draft, preview and publishing, and its logo upload.
  getDesignPublishing: defineRoute({
    method: 'GET',
    path: '/api/page-design-options/published',
    query: designPublishingQuery,
    status: 200,
    reply: designPublishingReply,
    errors,
    tags,
  }),
  publishDesign: defineRoute({
    method: 'POST',
    path: '/api/page-design-options/publish',
    body: publishDesignRequest,
    status: 201,
    reply: designPublishReply,
    errors,
    tags,
  }),
  restoreDesign: defineRoute({
    method: 'POST',
    path: '/api/page-design-options/restore',
    body: restoreDesignRequest,
    status: 201,
    reply: designPublishReply,
    errors,
    tags,
  }),
  uploadLogo: defineRoute({
    method: 'POST',
    path: '/api/page-design-options/logo',
    query: logoUploadQuery,
    multipart: true,
    status: 200,
    reply: logoReply,
    errors: [...SIGNED_IN_ERRORS, 413],
    tags,
  }),

  // Favicons (multipart `image`; the client by form field, query or X-Client-Id).
  uploadPageFavicon: defineRoute({
    method: 'POST',
    path: '/api/favicon/page/upload',
    query: uploadPageFaviconQuery,
    multipart: true,
    status: 200,
    reply: faviconReply,
    errors: [...SIGNED_IN_ERRORS, 413],
    tags,
  }),
  uploadMeetTheTeamFavicon: defineRoute({
    method: 'POST',
    path: '/api/favicon/meet-the-team/upload',
    query: uploadMeetTheTeamFaviconQuery,
    multipart: true,
    status: 200,
    reply: faviconReply,
    errors: [...SIGNED_IN_ERRORS, 413],
    tags,
  }),

  // Publishing.
  getPublishedPage: defineRoute({
    method: 'GET',
    path: '/api/published-page-templates',
    auth: 'public',
    query: publishedPageQuery,
    status: 200,
    reply: publishedPage,
    errors: publicErrors,
    tags,
  }),
  publish: defineRoute({ method: 'POST', path: '/api/published-page-templates', body: publishRequest, status: 201, reply: publishReply, errors, tags }),
  updatePublished: defineRoute({
    method: 'PATCH',
    path: '/api/published-page-templates',
    body: updatePublishedRequest,
    status: 200,
    reply: publishReply,
    errors,
    tags,
  }),
  unpublish: defineRoute({ method: 'DELETE', path: '/api/published-page-templates', body: unpublishRequest, status: 200, reply: publishReply, errors, tags }),
  getAllPublished: defineRoute({
    method: 'GET',
    path: '/api/published-page-templates/get-all',
    query: getAllQuery,
    status: 200,
    reply: getAllReply,
    errors,
    tags,
  }),
  getHeaderFooter: defineRoute({
    method: 'GET',
    path: '/api/published-page-templates/get-header-footer',
    auth: 'public',
    query: headerFooterQuery,
    status: 200,
    reply: headerFooterReply,
    errors: publicErrors,
    tags,
  }),

  // Meet the team settings.
  getMeetTheTeam: defineRoute({ method: 'GET', path: '/api/meet-the-team', query: meetTheTeamQuery, status: 200, reply: meetTheTeamSettings, errors, tags }),
  createMeetTheTeam: defineRoute({
    method: 'POST',
    path: '/api/meet-the-team/create',
    body: createMeetTheTeamRequest,
    status: 201,
    reply: meetTheTeamReply,
    errors,
    tags,
  }),
  updateMeetTheTeam: defineRoute({
    method: 'PATCH',
    path: '/api/meet-the-team/update',
    body: updateMeetTheTeamRequest,
    status: 200,
    reply: meetTheTeamReply,
    errors,
    tags,
  }),

  // Motivators.
  listMotivators: defineRoute({ method: 'GET', path: '/api/motivators', query: motivatorListQuery, status: 200, reply: motivatorList, errors, tags }),
  createMotivator: defineRoute({
    method: 'POST',
    path: '/api/motivators/create',
    body: createMotivatorRequest,
    status: 201,
    reply: motivatorReply,
    errors,
    tags,
  }),
  updateMotivator: defineRoute({
    method: 'PATCH',
    path: '/api/motivators/update',
    body: updateMotivatorRequest,
    status: 200,
    reply: motivatorReply,
    errors,
    tags,
  }),
  deleteMotivator: defineRoute({
    method: 'DELETE',
    path: '/api/motivators/delete',
    body: deleteMotivatorRequest,
    status: 200,
    reply: motivatorReply,
    errors,
    tags,
  }),
  listPublishedMotivators: defineRoute({
    method: 'GET',
    path: '/api/published-page-templates/motivators',
    auth: 'public',
    query: publishedMotivatorsQuery,
    status: 200,
    reply: publishedMotivatorsReply,
    errors: publicErrors,
    tags,
  }),

  // Motivator search page.
  getMotivatorSearch: defineRoute({
    method: 'GET',
    path: '/api/motivator-search-page',
    query: motivatorSearchQuery,
    status: 200,
    reply: motivatorSearchPage,
    errors,
    tags,
  }),
  createMotivatorSearch: defineRoute({
    method: 'POST',
    path: '/api/motivator-search-page/create',
    body: createMotivatorSearchRequest,
    status: 201,
    reply: motivatorSearchReply,
    errors,
    tags,
  }),
  updateMotivatorSearch: defineRoute({
    method: 'PATCH',
    path: '/api/motivator-search-page/update',
    body: updateMotivatorSearchRequest,
    status: 200,
    reply: motivatorSearchReply,
    errors,
    tags,
  }),
};
