import type { RouteObject } from 'react-router';
import * as crm from '../features/crm/routes.tsx';
import * as editor from '../features/editor/routes.tsx';
import * as emailTemplates from '../features/email-templates/routes.tsx';
import * as feed from '../features/feed/routes.tsx';
import * as jobs from '../features/jobs/routes.tsx';
import * as motivator from '../features/motivator/routes.tsx';
import * as questions from '../features/questions/routes.tsx';
import * as requisitions from '../features/requisitions/routes.tsx';
import * as searchSynonyms from '../features/search-synonyms/routes.tsx';
import * as team from '../features/team/routes.tsx';
import * as wave from '../features/wave/routes.tsx';
import type { NavItem } from '../lib/nav.ts';

/** A feature folder's routes.tsx: its signed-in routes, guest routes and the screens it offers the sidebar. */
export interface FeatureModule {
  routes: RouteObject[];
  guestRoutes: RouteObject[];
  nav: NavItem[];
}

/**
 * The features the router registers, in ONE list: the router takes their routes from it and the
 * sidebar their screens, so a feature added here is both reachable and listed.
 */
export const featureRoutes: FeatureModule[] = [jobs, wave, feed, requisitions, crm, editor, motivator, team, questions, emailTemplates, searchSynonyms];

/** Every screen the features offer the sidebar (each with the product it belongs to). */
export const featureNav: NavItem[] = featureRoutes.flatMap((f) => f.nav);
