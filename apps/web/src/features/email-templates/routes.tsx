import type { RouteObject } from 'react-router';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/**
 * `/settings/email-templates`. The recruiting spec lists an "Email template editor" screen
 * but core §2 gives it no path; it sits under Settings (a portal route, so no career-site slug is taken).
 */
export const routes: RouteObject[] = [
  { path: 'settings/email-templates', lazy: page(() => import('./EmailTemplatesPage.tsx')) },
  // The client's own library (the templates recruiters start a conversation message from).
  { path: 'settings/email-templates/library', lazy: page(() => import('./TemplateLibraryPage.tsx')) },
];
export const guestRoutes: RouteObject[] = [];
