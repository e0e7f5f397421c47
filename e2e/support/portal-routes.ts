/**
 * Every portal screen the accessibility and screenshot pass visits, in ONE list so that a
 * new feature's screens are one line each. `roles`: who opens it (admin = the demo admin, staff = the
 * demo client's staff user). `:clientId` and `:jobId` are filled with the demo client and one of its
 * jobs. `ready`: what shows once the screen has its data (a heading's exact text, or a test id).
 */
export type PortalRole = 'admin' | 'staff';

export interface PortalRoute {
  path: string;
  name: string;
  roles: PortalRole[];
  ready: { heading: string } | { testId: string };
  /** The screen shows the API's refusal (403): its console error is expected. */
  refused?: true;
}

const both: PortalRole[] = ['admin', 'staff'];
const admin: PortalRole[] = ['admin'];

export const portalRoutes: PortalRoute[] = [
  { path: '/', name: 'home', roles: both, ready: { testId: 'home-client-name' } },
  { path: '/clients', name: 'clients', roles: admin, ready: { heading: 'Clients' } },
  { path: '/clients/:clientId', name: 'client', roles: admin, ready: { heading: 'Acme Health' } },
  { path: '/clients/:clientId/integrations', name: 'client-integrations', roles: admin, ready: { testId: 'integration-sap' } },
  { path: '/clients/:clientId?tab=privacy', name: 'client-privacy', roles: admin, ready: { testId: 'privacy-settings' } },
  // User management is one place: /admin and /recruiter-management open the team screen's views.
  { path: '/admin', name: 'admin', roles: admin, ready: { heading: 'Team' } },
  { path: '/recruiter-management', name: 'recruiter-management', roles: admin, ready: { heading: 'Team' } },
  { path: '/settings', name: 'settings', roles: both, ready: { heading: 'Settings' } },
  { path: '/settings/my-profile', name: 'my-profile', roles: both, ready: { heading: 'My profile' } },
  { path: '/activity-log', name: 'activity-log', roles: both, ready: { heading: 'Activity log' } },
  { path: '/legal', name: 'legal', roles: both, ready: { heading: 'Legal' } },
  { path: '/harvest/dashboard', name: 'harvest-dashboard', roles: both, ready: { heading: 'Dashboard' } },
  { path: '/reports', name: 'reports', roles: both, ready: { heading: 'Hiring reports' } },
  { path: '/harvest/search-synonyms', name: 'search-synonyms', roles: both, ready: { heading: 'Search synonyms' } },
  { path: '/harvest/rejection-emails', name: 'rejection-emails', roles: both, ready: { heading: 'Rejection emails' } },
  { path: '/cultivate/conversations', name: 'conversations', roles: both, ready: { heading: 'Conversations' } },
  { path: '/harvest/jobs', name: 'jobs', roles: both, ready: { heading: 'Jobs' } },
  { path: '/harvest/jobs/new', name: 'job-new', roles: both, ready: { heading: 'New job' } },
  { path: '/harvest/jobs/:jobId', name: 'job-board', roles: both, ready: { testId: 'job-board' } },
  { path: '/harvest/jobs/:jobId/pipeline', name: 'job-pipeline', roles: both, ready: { heading: 'Start from a template' } },
  { path: '/harvest/jobs/:jobId/edit', name: 'job-edit', roles: both, ready: { heading: 'Edit job' } },
  { path: '/harvest/jobs/:jobId/interview-plan', name: 'job-interview-plan', roles: both, ready: { heading: 'Interviews' } },
  { path: '/interviews', name: 'my-interviews', roles: both, ready: { heading: 'My interviews' } },
  { path: '/my-schedule', name: 'my-schedule', roles: both, ready: { heading: 'My schedule' } },
  { path: '/connect-calendar', name: 'connect-calendar', roles: both, ready: { heading: 'Connect a calendar' } },
  { path: '/chatbot-calendar', name: 'chatbot-calendar', roles: both, ready: { heading: 'Interview availability' } },
  { path: '/harvest/jobs/imports', name: 'job-imports', roles: both, ready: { heading: 'Job imports' } },
  { path: '/harvest/departments', name: 'departments', roles: both, ready: { heading: 'Departments and categories' } },
  { path: '/harvest/prequalification', name: 'prequalification', roles: both, ready: { heading: 'Prequalification questions' } },
  { path: '/harvest/media/planner', name: 'media-planner', roles: both, ready: { heading: 'Media planner' } },
  { path: '/harvest/media/indeed-apply/configure', name: 'indeed-apply', roles: both, ready: { heading: 'Indeed Apply' } },
  { path: '/wave/dashboard', name: 'wave-dashboard', roles: both, ready: { heading: 'Wave dashboard' } },
  { path: '/wave/assign-profiles', name: 'wave-assign', roles: both, ready: { heading: 'Assign profiles' } },
  { path: '/wave/edit-profiles', name: 'wave-edit', roles: both, ready: { heading: 'Edit profiles' } },
  { path: '/wave/publish-profiles', name: 'wave-publish', roles: both, ready: { heading: 'Publish profiles' } },
  { path: '/wave/meet-the-team-setup', name: 'meet-the-team-setup', roles: both, ready: { heading: 'Meet the team' } },
  { path: '/wave/widget-setup', name: 'widget-setup', roles: both, ready: { heading: 'Widget setup' } },
  { path: '/harvest/applications', name: 'applications', roles: both, ready: { heading: 'Applications' } },
  { path: '/harvest/cultivate/candidates', name: 'candidates', roles: both, ready: { heading: 'Candidates' } },
  { path: '/crm-growth-metrics', name: 'crm-growth-metrics', roles: both, ready: { heading: 'Candidate growth' } },
  { path: '/crm-alerts-metrics', name: 'crm-alerts-metrics', roles: both, ready: { heading: 'Alert activity' } },
  { path: '/cultivate/requisitions', name: 'requisitions', roles: both, ready: { heading: 'Requisitions' } },
  { path: '/harvest/editor', name: 'career-site', roles: both, ready: { heading: 'Career site' } },
  // The demo client has no Motivator subscription: its staff has no entry to these screens (403 from the API).
  { path: '/harvest/motivator', name: 'motivators', roles: admin, ready: { heading: 'Motivators' } },
  { path: '/harvest/motivator/motivator-search', name: 'motivator-search', roles: admin, ready: { heading: 'Motivator search page' } },
  { path: '/team', name: 'team', roles: admin, ready: { heading: 'Team' } },
  { path: '/settings/question-bank', name: 'question-bank', roles: both, ready: { heading: 'Question bank' } },
  { path: '/settings/email-templates', name: 'email-templates', roles: both, ready: { heading: 'Email templates' } },
  { path: '/settings/email-templates/library', name: 'email-template-library', roles: both, ready: { heading: 'Template library' } },
  { path: '/settings/wave-profile', name: 'my-wave-profile', roles: ['staff'], ready: { heading: 'Wave profile' } },
  // The 403 state: what the staff sees on a product the client lacks.
  { path: '/harvest/motivator', name: 'forbidden', roles: ['staff'], ready: { testId: 'forbidden-state' }, refused: true },
  { path: '/harvest/cultivate/candidates/duplicates', name: 'candidate-duplicates', roles: both, ready: { heading: 'Possible duplicates' } },
  { path: '/harvest/cultivate/campaigns', name: 'campaigns', roles: both, ready: { heading: 'Campaigns' } },
  { path: '/crm-alerts-setup', name: 'crm-alerts-setup', roles: both, ready: { heading: 'Candidate alerts' } },
];

/** Screens for signed-out visitors. */
export const guestRoutes: Array<Pick<PortalRoute, 'path' | 'name' | 'ready'>> = [
  { path: '/login', name: 'login', ready: { heading: 'Sign in' } },
  { path: '/password-reset/send-request', name: 'password-reset-request', ready: { heading: 'Reset your password' } },
  { path: '/', name: 'welcome', ready: { testId: 'welcome-sign-in' } },
  { path: '/error', name: 'error', ready: { testId: 'error-title' } },
  { path: '/widget-preview', name: 'widget-preview', ready: { heading: 'Widget preview' } },
];
