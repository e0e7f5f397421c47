import type { FastifyPluginAsync } from 'fastify';
import activityRoutes from './activity/routes.ts';
import authRoutes from './auth/routes.ts';
import ssoRoutes from './sso/routes.ts';
import clientRoutes from './clients/routes.ts';
import crmRoutes from './crm/routes.ts';
import { duplicatesRoutes } from './crm/duplicates/index.ts';
import crmPrivacyRoutes from './crm/privacy/routes.ts';
import emailTemplateRoutes from './email-templates/routes.ts';
import errorsRoutes from './errors/routes.ts';
import feedRoutes from './feed/routes.ts';
import conversationsRoutes from './conversations/routes.ts';
import homeRoutes from './home/routes.ts';
import reportsRoutes from './reports/routes.ts';
import imageRoutes from './images/routes.ts';
import interviewsRoutes from './interviews/routes.ts';
import calendarRoutes from './calendars/routes.ts';
import schedulingRoutes from './scheduling/routes.ts';
import sapImportRoutes from './sap-import/routes.ts';
import chatbotRoutes from './chatbot/routes.ts';
import invitationRoutes from './invitations/routes.ts';
import offersRoutes from './offers/routes.ts';
import jobsRoutes from './jobs/routes.ts';
import jobAnalyticsRoutes from './job-analytics/routes.ts';
import jobImportsRoutes from './job-imports/routes.ts';
import departmentsRoutes from './departments/routes.ts';
import locationsRoutes from './locations/routes.ts';
import searchSynonymsRoutes from './search-synonyms/routes.ts';
import prequalificationRoutes from './prequalification/routes.ts';
import publicJobsRoutes from './public-jobs/routes.ts';
import requisitionsRoutes from './requisitions/routes.ts';
import resumeParserRoutes from './resume-parser/routes.ts';
import pagesRoutes from './site-builder/routes.ts';
import pipelineRoutes from './pipeline/routes.ts';
import questionRoutes from './questions/routes.ts';
import settingsRoutes from './settings/routes.ts';
import siteFontsRoutes from './site-fonts/routes.ts';
import sitesRoutes from './sites/routes.ts';
import userRoutes from './users/routes.ts';
import videoRoutes from './video/routes.ts';
import waveRoutes from './wave/routes.ts';
import widgetsRoutes from './widgets/routes.ts';

/** Every domain's routes, registered once by buildApp. Each domain owns its folder. */
export const domainRoutes: FastifyPluginAsync[] = [
  authRoutes,
  clientRoutes,
  userRoutes,
  imageRoutes,
  settingsRoutes,
  activityRoutes,
  jobsRoutes,
  publicJobsRoutes,
  jobAnalyticsRoutes,
  departmentsRoutes,
  prequalificationRoutes,
  locationsRoutes,
  searchSynonymsRoutes,
  jobImportsRoutes,
  sitesRoutes,
  siteFontsRoutes,
  videoRoutes,
  waveRoutes,
  widgetsRoutes,
  feedRoutes,
  requisitionsRoutes,
  resumeParserRoutes,
  crmRoutes,
  duplicatesRoutes,
  crmPrivacyRoutes,
  pagesRoutes,
  invitationRoutes,
  ssoRoutes,
  questionRoutes,
  emailTemplateRoutes,
  errorsRoutes,
  homeRoutes,
  conversationsRoutes,
  reportsRoutes,
  offersRoutes,
  interviewsRoutes,
  pipelineRoutes,
  calendarRoutes,
  schedulingRoutes,
  sapImportRoutes,
  chatbotRoutes,
];
