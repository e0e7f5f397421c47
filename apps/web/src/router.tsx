import { createBrowserRouter, type RouteObject } from 'react-router';
import * as crm from './features/crm/routes.tsx';
import * as feed from './features/feed/routes.tsx';
import * as jobs from './features/jobs/routes.tsx';
import * as requisitions from './features/requisitions/routes.tsx';
import * as editor from './features/editor/routes.tsx';
import * as emailTemplates from './features/email-templates/routes.tsx';
import * as motivator from './features/motivator/routes.tsx';
import * as questions from './features/questions/routes.tsx';
import * as team from './features/team/routes.tsx';
import * as wave from './features/wave/routes.tsx';
import { AppLayout } from './layout/AppLayout.tsx';
import { GuestOnly, RequireAuth, RootLayout } from './layout/guards.tsx';
import { ErrorScreen } from './pages/ErrorScreen.tsx';
import { registerPrefetchRoutes } from './lib/prefetch.ts';
import { lazyChunk, trackNavigationTarget } from './lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

export const featureRoutes = [jobs, wave, feed, requisitions, crm, editor, motivator, team, questions, emailTemplates];

/**
 * Guest routes are the spec's list (core §2): login, password-reset-send-request, password-reset,
 * error, widget-preview and user-invitation (the last two come from feature folders), plus the
 * public career-site routes that the server renders, and `index`: an anonymous visitor on / sees a
 * welcome page with the way in (RequireAuth), a signed-in user the selected client's home.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    // Issue 15: the first screen's lazy chunk loads behind a named loading state (and React Router
    // stops warning "No `HydrateFallback` element provided" on every portal load).
    hydrateFallbackElement: <div role="status" aria-label="Loading the portal" aria-busy="true" style={{ minHeight: '100vh' }} />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          { path: 'login', lazy: page(() => import('./pages/Login.tsx')) },
          { path: 'password-reset/send-request', lazy: page(() => import('./pages/PasswordResetSendRequest.tsx')) },
          { path: 'password-reset', lazy: page(() => import('./pages/PasswordReset.tsx')) },
        ],
      },
      { path: 'error', element: <ErrorScreen /> },
      ...featureRoutes.flatMap((f) => f.guestRoutes),
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, lazy: page(() => import('./pages/Home.tsx')) },
              { path: 'clients', lazy: page(() => import('./pages/clients/ClientsPage.tsx')) },
              { path: 'clients/:clientId', lazy: page(() => import('./pages/clients/ClientPage.tsx')) },
              // Spec routes /clients/{id}/integrations[/chatbot|sap|twilio-sms] open the client on its Products tab.
              { path: 'clients/:clientId/integrations/:integration?', lazy: page(() => import('./pages/clients/ClientPage.tsx')) },
              { path: 'admin', lazy: page(() => import('./pages/admin/AdminPage.tsx')) },
              { path: 'recruiter-management', lazy: page(() => import('./pages/RecruiterManagement.tsx')) },
              { path: 'settings/my-profile', lazy: page(() => import('./pages/MyProfile.tsx')) },
              { path: 'activity-log', lazy: page(() => import('./pages/ActivityLog.tsx')) },
              { path: 'legal', lazy: page(() => import('./pages/Legal.tsx')) },
              { path: 'not-found', lazy: page(() => import('./pages/NotFound.tsx')) },
              ...featureRoutes.flatMap((f) => f.routes),
              { path: '*', lazy: page(() => import('./pages/NotFound.tsx')) },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
// Core spec §9 link prefetch: the navbar prefetches its visible links' route chunks by path.
registerPrefetchRoutes(routes);
trackNavigationTarget(() => {
  const l = router.state.navigation.location;
  return l ? l.pathname + l.search + l.hash : null;
});
