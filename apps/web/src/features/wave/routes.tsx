import type { RouteObject } from 'react-router';
import type { NavItem } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));
const named = (load: () => Promise<React.ComponentType>) => lazyChunk(async () => ({ Component: await load() }));

/** Signed-in routes of this feature (children of the portal shell). */
export const routes: RouteObject[] = [
  { path: 'wave/dashboard', lazy: page(() => import('./Dashboard.tsx')) },
  { path: 'wave/assign-profiles', lazy: page(() => import('./AssignProfiles.tsx')) },
  { path: 'wave/edit-profiles', lazy: page(() => import('./EditProfiles.tsx')) },
  { path: 'wave/publish-profiles', lazy: page(() => import('./PublishProfiles.tsx')) },
  { path: 'wave/meet-the-team-setup', lazy: page(() => import('./MeetTheTeamSetup.tsx')) },
  { path: 'wave/widget-setup', lazy: page(() => import('./WidgetSetup.tsx')) },
  { path: 'create-wave-profile', lazy: named(async () => (await import('./MyWaveProfile.tsx')).CreateWaveProfilePage) },
  { path: 'settings/wave-profile', lazy: named(async () => (await import('./MyWaveProfile.tsx')).SettingsWaveProfilePage) },
];
/** Guest routes of this feature (no sign-in needed), if any. */
export const guestRoutes: RouteObject[] = [{ path: 'widget-preview', lazy: page(() => import('./WidgetPreview.tsx')) }];
/** Navbar links, shown under their product area when the selected client subscribes to it. */
export const nav: NavItem[] = [
  { label: 'Dashboard', to: '/wave/dashboard', product: 'wave' },
  { label: 'Assign profiles', to: '/wave/assign-profiles', product: 'wave' },
  { label: 'Edit profiles', to: '/wave/edit-profiles', product: 'wave' },
  { label: 'Publish profiles', to: '/wave/publish-profiles', product: 'wave' },
  { label: 'Meet the team', to: '/wave/meet-the-team-setup', product: 'wave' },
  { label: 'Widget setup', to: '/wave/widget-setup', product: 'wave' },
  { label: 'My Wave profile', to: '/settings/wave-profile', product: 'wave' },
];
