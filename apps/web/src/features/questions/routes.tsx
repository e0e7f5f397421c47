import type { RouteObject } from 'react-router';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/**
 * `/settings/question-bank`: the question bank. Core §2 names no path for it; it sits under
 * Settings (a portal route, so no client slug is taken from the career sites) beside my-profile.
 */
export const routes: RouteObject[] = [{ path: 'settings/question-bank', lazy: page(() => import('./QuestionsPage.tsx')) }];
export const guestRoutes: RouteObject[] = [];
