import { IconBuilding, IconFileText, IconHome, IconSettings } from '@tabler/icons-react';
import { Navigate, type RouteObject } from 'react-router';
import { ErrorScreen } from './features/errors/ErrorScreen.tsx';
import { featureRoutes } from './layout/features.ts';
import { GuestOnly, RequireAuth } from './layout/guards.tsx';
import { navHandle } from './lib/nav.ts';
import { lazyChunk } from './lib/reload.ts';

/*
 * The route table of every screen but /login (router.tsx): the router adds it on the first
 * navigation elsewhere (React Router's patchRoutesOnNavigation), so the login page's first load
 * carries neither these entries nor the list of chunks each one preloads.
 */

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/** Core §2's /harvest/{page} routes that are default page templates, and the template each one opens. */
const templatePages: Record<string, string> = {
  'additional-page-1': 'additional-page-1',
  'dbo-benefit': 'dbo-benefit',
  'dbo-no': 'dbo-no',
  'dbo-talk-later': 'dbo-talk-later',
  'dbo-talk-now': 'dbo-talk-now',
  'dbo-yes': 'dbo-yes',
  'driver-referral': 'driver-referral',
  'saved-jobs': 'Saved jobs',
  'template-2': 'template-2',
  'thank-you': 'Thank you',
};
const templateRoutes = Object.keys(templatePages);

/** Screens other places link to without a sidebar link of their own, on which Settings is the current link. */
const SETTINGS_COVERS = [
  '/team',
  '/admin',
  '/recruiter-management',
  '/settings/my-profile',
  '/settings/question-bank',
  '/settings/email-templates',
  '/settings/offer-templates',
  '/settings/pipeline',
];

/**
 * The signed-in screens, children of the portal shell. A route whose `handle` carries a `nav` is a
 * sidebar link (layout/navigation.ts reads them from here), so the sidebar lists what is registered.
 */
const screens: RouteObject[] = [
  {
    index: true,
    lazy: page(() => import('./features/home/Home.tsx')),
    handle: navHandle({ label: 'Home', section: 'start', order: 1, icon: <IconHome size={18} /> }),
  },
  {
    path: 'clients',
    lazy: page(() => import('./features/clients/ClientsPage.tsx')),
    handle: navHandle({ label: 'Clients', section: 'start', order: 2, gate: 'manager', icon: <IconBuilding size={18} /> }),
  },
  { path: 'clients/:clientId', lazy: page(() => import('./features/clients/ClientPage.tsx')) },
  // Spec routes /clients/{id}/integrations[/chatbot|sap|twilio-sms] open the client on its Products tab.
  { path: 'clients/:clientId/integrations/:integration?', lazy: page(() => import('./features/clients/ClientPage.tsx')) },
  { path: 'recruiter-management', element: <Navigate to="/team?view=recruiters" replace /> },
  {
    path: 'settings',
    lazy: page(() => import('./features/settings/SettingsHome.tsx')),
    handle: navHandle({ label: 'Settings', section: 'end', order: 1, covers: SETTINGS_COVERS, icon: <IconSettings size={18} /> }),
  },
  // User management is one place, the team screen; the former screens open its views.
  { path: 'admin', lazy: page(() => import('./features/admin/AdminPage.tsx')) },
  { path: 'settings/my-profile', lazy: page(() => import('./features/settings/MyProfile.tsx')) },
  {
    path: 'activity-log',
    lazy: page(() => import('./features/activity/ActivityLog.tsx')),
    handle: navHandle({ label: 'Activity log', section: 'reports', order: 9 }),
  },
  {
    path: 'legal',
    lazy: page(() => import('./features/legal/Legal.tsx')),
    handle: navHandle({ label: 'Legal', section: 'end', order: 2, icon: <IconFileText size={18} /> }),
  },
  { path: 'not-found', lazy: page(() => import('./features/errors/NotFound.tsx')) },
  ...featureRoutes.flatMap((f) => f.routes),
  // Core §2's template pages open the client's page made from that template in the editor.
  ...templateRoutes.map((t) => ({
    path: `harvest/${t}`,
    handle: { template: templatePages[t] },
    lazy: page(() => import('./features/site-builder/OpenTemplatePage.tsx')),
  })),
  { path: '*', lazy: page(() => import('./features/errors/NotFound.tsx')) },
];

/**
 * The signed-in shell (header, client switcher, navbar, global search) is a chunk of its own, loaded
 * beside the first signed-in screen's chunk (the router runs the matched routes' `lazy` together), so
 * the guest screens (login, password reset) never download it.
 */
const shell = lazyChunk(async () => {
  const [{ AppLayout }, { navLinks }] = await Promise.all([import('./layout/AppLayout.tsx'), import('./layout/navigation.ts')]);
  return { element: <AppLayout links={navLinks(screens)} /> };
});

/** TanStack Query's provider (layout/QueryLayer.tsx), loaded beside the first screen's chunk like the shell. */
const queryLayer = lazyChunk(async () => ({ Component: (await import('./layout/QueryLayer.tsx')).QueryLayer }));

/**
 * Guest routes are the spec's list (core §2): login, password-reset-send-request, password-reset,
 * error, widget-preview and user-invitation (the last two come from feature folders), plus the
 * public career-site routes that the server renders, and `index`: an anonymous visitor on / sees a
 * welcome page with the way in (RequireAuth), a signed-in user the selected client's home.
 */
const dataRoutes: RouteObject[] = [
  {
    element: <GuestOnly />,
    children: [
      { path: 'password-reset/send-request', lazy: page(() => import('./features/auth/PasswordResetSendRequest.tsx')) },
      { path: 'password-reset', lazy: page(() => import('./features/auth/PasswordReset.tsx')) },
    ],
  },
  { path: 'error', element: <ErrorScreen /> },
  // /widget-preview says what to pick when no widget is named; /meet-the-team on the product host
  // opens the user's client's team page or a chooser (core §2).
  { path: 'widget-preview', lazy: page(() => import('./layout/WidgetPreviewGate.tsx')) },
  { path: 'meet-the-team', lazy: page(() => import('./features/wave/MeetTheTeamChooser.tsx')) },
  ...featureRoutes.flatMap((f) => f.guestRoutes).filter((r) => r.path !== 'widget-preview'),
  {
    element: <RequireAuth />,
    children: [{ lazy: shell, children: screens }],
  },
];

/** Every route but /login, under TanStack Query's provider; router.tsx adds it beside the login route. */
export const dataRoute: RouteObject = { lazy: queryLayer, children: dataRoutes };
