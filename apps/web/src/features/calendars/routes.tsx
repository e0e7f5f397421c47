import type { RouteObject } from 'react-router';
import { navHandle } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/** Core §2's `/my-schedule` and `/connect-calendar`: each person's own calendars, busy times and working hours (docs/calendars.md). */
export const routes: RouteObject[] = [
  {
    path: 'my-schedule',
    lazy: page(() => import('./MySchedulePage.tsx')),
    handle: navHandle({ label: 'My schedule', section: 'interviews', order: 2, covers: ['/connect-calendar'] }),
  },
  { path: 'connect-calendar', lazy: page(() => import('./ConnectCalendarPage.tsx')) },
];
export const guestRoutes: RouteObject[] = [];
