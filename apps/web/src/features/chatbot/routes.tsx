import type { RouteObject } from 'react-router';
import { navHandle } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/** Core §2's `/chatbot-calendar`: the interview times the career-site chatbot may offer (docs/chatbot.md). */
export const routes: RouteObject[] = [
  {
    path: 'chatbot-calendar',
    lazy: page(() => import('./ChatbotCalendarPage.tsx')),
    handle: navHandle({ label: 'Chatbot calendar', section: 'interviews', order: 4, gate: 'manager' }),
  },
];
export const guestRoutes: RouteObject[] = [];
