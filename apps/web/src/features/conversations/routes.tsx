import type { RouteObject } from 'react-router';
import { navHandle } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/**
 * `/cultivate/conversations` (core §2), with the open thread as `?thread=`. Its sidebar link (the
 * Conversations group, with the unread badge) shows while the client's SMS integration is on (core §4);
 * the page itself answers for every client, so the candidate drawer's email threads lead somewhere.
 */
export const routes: RouteObject[] = [
  {
    path: 'cultivate/conversations',
    lazy: page(() => import('./InboxPage.tsx')),
    handle: navHandle({ label: 'Conversations', section: 'conversations', order: 1, gate: 'sms' }),
  },
];
/** Guest routes of this feature: none. */
export const guestRoutes: RouteObject[] = [];
