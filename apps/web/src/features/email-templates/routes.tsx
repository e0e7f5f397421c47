import type { RouteObject } from 'react-router';
import type { NavItem } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/**
 * `/settings/email-templates` (issue 14). The recruiting spec lists an "Email template editor" screen
 * but core §2 gives it no path; it sits under Settings (a portal route, so no career-site slug is taken).
 */
export const routes: RouteObject[] = [{ path: 'settings/email-templates', lazy: page(() => import('./EmailTemplatesPage.tsx')) }];
export const guestRoutes: RouteObject[] = [];
/** Not a product area: the shell links it for those who manage the client. */
export const nav: NavItem[] = [];
