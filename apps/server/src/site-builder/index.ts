// What other layers may use of the site builder's domain (see apps/server/src/README.md).
export { activeDesignOf } from './design-options.ts';
export { liveDesign } from './design-publishing.ts';
export { meetTheTeamOf } from './meet-the-team.ts';
export { motivatorSearchOf } from './motivator-search.ts';
export { motivatorBySlug, publishedMotivators } from './motivators.ts';
export { type LiveSiteView, liveSiteView } from './live-site.ts';
export { templateOf } from './page-templates.ts';
export { latestVersions, livePage, liveSite } from './publishing.ts';
export { motivatorSearchUrl } from './site-urls.ts';
