import { z } from 'zod';
import { productRank as rankOfProductUserType } from './role-rank.ts';

/**
 * Per-product user types (core spec §3, §6). The spec does not show the values;
 * ours are documented in docs/permissions.md.
 *   userTypeGlobal: admin (sees every client), recruiter (clients they created or
 *   manage), user (client staff: their own client only).
 *   product types: none < member < editor < admin.
 */
export const globalUserTypes = ['admin', 'recruiter', 'user'] as const;
export const productUserTypes = ['none', 'member', 'editor', 'admin'] as const;
export const globalUserType = z.enum(globalUserTypes);
export const productUserType = z.enum(productUserTypes);
export type GlobalUserType = z.infer<typeof globalUserType>;
export type ProductUserType = z.infer<typeof productUserType>;

export const products = ['cultivate', 'harvest', 'harvestPlus', 'wave', 'motivator', 'media'] as const;
export type Product = (typeof products)[number];

export const productRank: Record<ProductUserType, number> = rankOfProductUserType;

/**
 * The portal's top-level paths (the React app's screens). The server serves the portal's page on
 * each (plugins/web.ts); static routes win over the career sites' parametric `/{nameSlug}/...`.
 */
export const portalPaths = [
  'activity-log',
  'admin',
  'chatbot-calendar',
  'clients',
  'connect-calendar',
  'create-wave-profile',
  'crm-alerts-metrics',
  'crm-alerts-setup',
  'crm-growth-metrics',
  'error',
  'interviews',
  'legal',
  'login',
  'my-schedule',
  'not-found',
  'offer',
  'password-reset',
  'recruiter-management',
  'reports',
  'schedule',
  'team',
  'user-invitation',
  'widget-preview',
  'settings',
  'cultivate',
  'harvest',
  'wave',
] as const;

/**
 * Top-level paths that belong to the portal, the API and site files. A client's nameSlug may not
 * be one of these, so the public catch-all `/{nameSlug}/...` never shadows a fixed route.
 */
export const reservedSlugs = new Set<string>([
  ...portalPaths,
  'meet-the-team',
  'site-fonts',
  'sso',
  'motivator-search',
  'api',
  'media',
  'jobs',
  'job',
  'assets',
  'static',
  'sitemap',
  'sitemap.xml',
  'robots.txt',
  'favicon.ico',
  'health',
  'widget',
  'widgets',
  'embed',
  'uploads',
  'files',
  'search-page',
  'requisition',
  'av_viewjob.html',
  'index',
  'apply',
  'video',
  'videos',
  'docs',
  'portal',
]);

export const isReservedSlug = (slug: string) => reservedSlugs.has(slug.toLowerCase()) || slug.toLowerCase().startsWith('sitemap');
