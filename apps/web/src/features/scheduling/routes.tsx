import type { RouteObject } from 'react-router';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

export const routes: RouteObject[] = [];
/**
 * `/schedule/{token}`: the candidate's booking page, without sign-in (the link from the scheduling
 * email is the key, as the offer page's is). Open to anyone, signed in or not.
 */
export const guestRoutes: RouteObject[] = [
  { path: 'schedule/:token', lazy: page(() => import('./BookingPage.tsx')) },
  // An interview booked in the career-site chat: the link in its confirmation (the same page, the chatbot's calls).
  { path: 'schedule/chat/:token', lazy: page(() => import('./ChatBookingPage.tsx')) },
];
