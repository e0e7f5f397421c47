import type { RouteObject } from 'react-router';
import { navHandle } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));
const named = (load: () => Promise<React.ComponentType>) => lazyChunk(async () => ({ Component: await load() }));

/** Signed-in routes of this feature (children of the portal shell). */
export const routes: RouteObject[] = [
  {
    path: 'wave/dashboard',
    lazy: page(() => import('./Dashboard.tsx')),
    handle: navHandle({ label: 'Video overview', section: 'video-profiles', order: 1, product: 'wave' }),
  },
  {
    path: 'wave/assign-profiles',
    lazy: page(() => import('./AssignProfiles.tsx')),
    handle: navHandle({ label: 'Assign profiles', section: 'video-profiles', order: 2, product: 'wave' }),
  },
  {
    path: 'wave/edit-profiles',
    lazy: page(() => import('./EditProfiles.tsx')),
    handle: navHandle({ label: 'Edit profiles', section: 'video-profiles', order: 3, product: 'wave' }),
  },
  {
    path: 'wave/publish-profiles',
    lazy: page(() => import('./PublishProfiles.tsx')),
    handle: navHandle({ label: 'Publish profiles', section: 'video-profiles', order: 4, product: 'wave' }),
  },
  {
    path: 'wave/meet-the-team-setup',
    lazy: page(() => import('./MeetTheTeamSetup.tsx')),
    handle: navHandle({ label: 'Meet the team page', section: 'career-site', order: 2, product: 'wave' }),
  },
  {
    path: 'wave/widget-setup',
    lazy: page(() => import('./WidgetSetup.tsx')),
    handle: navHandle({ label: 'Widget setup', section: 'video-profiles', order: 5, product: 'wave' }),
  },
  { path: 'create-wave-profile', lazy: named(async () => (await import('./MyWaveProfile.tsx')).CreateWaveProfilePage) },
  {
    path: 'settings/wave-profile',
    lazy: named(async () => (await import('./MyWaveProfile.tsx')).SettingsWaveProfilePage),
    handle: navHandle({ label: 'My video profile', section: 'video-profiles', order: 6, product: 'wave' }),
  },
];
/** Guest routes of this feature (no sign-in needed), if any. */
export const guestRoutes: RouteObject[] = [{ path: 'widget-preview', lazy: page(() => import('./WidgetPreview.tsx')) }];
