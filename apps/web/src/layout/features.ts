import type { RouteObject } from 'react-router';
import * as calendars from '../features/calendars/routes.tsx';
import * as chatbot from '../features/chatbot/routes.tsx';
import * as conversations from '../features/conversations/routes.tsx';
import * as crm from '../features/crm/routes.tsx';
import * as editor from '../features/site-builder/routes.tsx';
import * as emailTemplates from '../features/email-templates/routes.tsx';
import * as feed from '../features/feed/routes.tsx';
import * as interviews from '../features/interviews/routes.tsx';
import * as jobs from '../features/jobs/routes.tsx';
import * as motivator from '../features/motivator/routes.tsx';
import * as offers from '../features/offers/routes.tsx';
import * as pipeline from '../features/pipeline/routes.tsx';
import * as questions from '../features/questions/routes.tsx';
import * as reports from '../features/reports/routes.tsx';
import * as scheduling from '../features/scheduling/routes.tsx';
import * as requisitions from '../features/requisitions/routes.tsx';
import * as searchSynonyms from '../features/search-synonyms/routes.tsx';
import * as team from '../features/team/routes.tsx';
import * as wave from '../features/wave/routes.tsx';

/** A feature folder's routes.tsx: its signed-in routes (each sidebar link is a route's `handle.nav`) and guest routes. */
interface FeatureModule {
  routes: RouteObject[];
  guestRoutes: RouteObject[];
}

/**
 * The feature folders whose routes.tsx the router registers, in ONE list: a feature added here is
 * reachable, and its routes that carry a sidebar link are listed.
 */
export const featureRoutes: FeatureModule[] = [
  jobs,
  wave,
  feed,
  requisitions,
  crm,
  conversations,
  editor,
  motivator,
  team,
  questions,
  emailTemplates,
  searchSynonyms,
  offers,
  pipeline,
  reports,
  interviews,
  calendars,
  scheduling,
  chatbot,
];
