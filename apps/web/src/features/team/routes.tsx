import type { RouteObject } from 'react-router';
import { GuestOnly } from '../../layout/guards.tsx';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/** Signed-in routes: the team screen (core spec §2 /team). */
export const routes: RouteObject[] = [{ path: 'team', lazy: page(() => import('./TeamPage.tsx')) }];
/** Guest routes: /user-invitation (core spec §2), where an invitee sets their name and password. */
export const guestRoutes: RouteObject[] = [
  { element: <GuestOnly />, children: [{ path: 'user-invitation', lazy: page(() => import('./UserInvitation.tsx')) }] },
];
