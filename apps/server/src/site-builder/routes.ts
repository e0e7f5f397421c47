import { messages } from '@hh/contract/messages';
import { LOGO_RULES, pageRoutes as r } from '@hh/contract/site-builder';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import type { UploadLimits } from '../plugins/upload.ts';
import { uploadMeetTheTeamFavicon, uploadPageFavicon } from './favicons.ts';
import { createDefault, getDefaultByName, listDefaults, updateDefault } from './list-default-templates.ts';
import { getHeaderFooter, getLivePage, listPublished, publish, unpublish, updateLive } from './publish-page.ts';
import { uploadLogo } from './logo.ts';
import { getDesignPublishing, publishSiteDesign, restoreSiteDesign } from './publish-design.ts';
import { createDesign, listDesigns, updateDesign } from './save-design-options.ts';
import {
  createMotivatorSearchPage,
  createTeamPage,
  getMotivatorSearchPage,
  getTeamPage,
  updateMotivatorSearchPage,
  updateTeamPage,
} from './save-meet-the-team.ts';
import { createClientMotivator, deleteClientMotivator, listClientMotivators, listPublishedMotivators, updateClientMotivator } from './save-motivator.ts';
import { createAdditional, createTemplate, deleteTemplate, listAdditional, listTemplates, updateTemplate, updateTemplatePartly } from './save-page-template.ts';

/** GET /api/published-page-templates per address (every 429 has Retry-After). */
export const PUBLISHED_PAGE_LIMIT = { max: 120, timeWindow: '1 minute' };

/**
 * The favicon uploads' form: one image (up to IMAGE_MAX_BYTES) and a few short text fields (clientId).
 * A file over the limit is the app's general 413 "request body is too large", as before the reader.
 */
const FAVICON_UPLOAD: UploadLimits = {
  key: 'image',
  missingMessage: messages.server.imageMissing,
  fields: 10,
  fieldSize: 1000,
  tooLargeKey: 'body',
  tooLargeMessage: () => messages.server.bodyTooLarge,
};

/** The logo upload's form: one picture (its size checked against the logo rules with a message in words) and the crop fields. */
const LOGO_UPLOAD: UploadLimits = {
  key: 'logo',
  missingMessage: messages.server.imageMissing,
  fields: 10,
  fieldSize: 1000,
  tooLargeKey: 'logo',
  maxBytes: LOGO_RULES.maxBytes,
  tooLargeMessage: (maxBytes: number) => messages.pages.logoOverLimit(maxBytes / (1024 * 1024)),
};

/**
 * Career-site builder calls (recruiting spec 001 §7 "Templates and publishing", "Design and email
 * templates", "Meet the team and motivators"); docs/site-builder.md. Saves answer the resource
 * with the spec's success message in `message` (decision 0030).
 */
export default async function pagesRoutes(app: FastifyInstance) {
  // Default page templates (product-wide).
  route(app, r.listDefaultTemplates, listDefaults);
  route(app, r.getDefaultTemplateByName, getDefaultByName);
  route(app, r.createDefaultTemplate, createDefault);
  route(app, r.updateDefaultTemplate, updateDefault);

  // A client's page template.
  route(app, r.listTemplates, listTemplates);
  route(app, r.createTemplate, createTemplate);
  route(app, r.updateTemplate, updateTemplate);
  route(app, r.updateTemplatePartial, updateTemplatePartly);
  route(app, r.deleteTemplate, deleteTemplate);

  // Additional pages.
  route(app, r.listAdditionalPages, listAdditional);
  route(app, r.createAdditionalPage, createAdditional);

  // Design options.
  route(app, r.listDesignOptions, listDesigns);
  route(app, r.createDesignOptions, createDesign);
  route(app, r.updateDesignOptions, updateDesign);
  // The design's publishing (a draft until published; versions and restore) and its logo upload.
  route(app, r.getDesignPublishing, getDesignPublishing);
  route(app, r.publishDesign, publishSiteDesign);
  route(app, r.restoreDesign, restoreSiteDesign);
  route(app, r.uploadLogo, uploadLogo, { upload: LOGO_UPLOAD });

  // Favicons (multipart `image`; the client by form field, query or X-Client-Id).
  route(app, r.uploadPageFavicon, uploadPageFavicon, { upload: FAVICON_UPLOAD });
  route(app, r.uploadMeetTheTeamFavicon, uploadMeetTheTeamFavicon, { upload: FAVICON_UPLOAD });

  // Publishing. The public read is limited per address: a visitor's page needs one call, a scraper thousands.
  route(app, r.getPublishedPage, getLivePage, { config: { rateLimit: PUBLISHED_PAGE_LIMIT } });
  route(app, r.publish, publish);
  route(app, r.updatePublished, updateLive);
  route(app, r.unpublish, unpublish);
  route(app, r.getAllPublished, listPublished);
  route(app, r.getHeaderFooter, getHeaderFooter);

  // Meet the team settings.
  route(app, r.getMeetTheTeam, getTeamPage);
  route(app, r.createMeetTheTeam, createTeamPage);
  route(app, r.updateMeetTheTeam, updateTeamPage);

  // Motivators.
  route(app, r.listMotivators, listClientMotivators);
  route(app, r.createMotivator, createClientMotivator);
  route(app, r.updateMotivator, updateClientMotivator);
  route(app, r.deleteMotivator, deleteClientMotivator);
  route(app, r.listPublishedMotivators, listPublishedMotivators);

  // Motivator search page.
  route(app, r.getMotivatorSearch, getMotivatorSearchPage);
  route(app, r.createMotivatorSearch, createMotivatorSearchPage);
  route(app, r.updateMotivatorSearch, updateMotivatorSearchPage);
}
