import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorScreen } from './features/errors/ErrorScreen.tsx';
import { GuestOnly, RootLayout } from './layout/guards.tsx';
import { registerPrefetchRoutes } from './lib/prefetch.ts';
import { lazyChunk, trackNavigationTarget } from './lib/reload.ts';

/** The route table of every other screen (route-table.tsx), a chunk of its own. */
const loadRouteTable = lazyChunk(() => import('./route-table.tsx'));

// The login page reads no data: it is the one route outside TanStack Query's provider (route-table.tsx).
const loginRoute: RouteObject = {
  element: <GuestOnly />,
  children: [{ path: 'login', lazy: lazyChunk(async () => ({ Component: (await import('./features/auth/Login.tsx')).default })) }],
};

const root: RouteObject = {
  id: 'root',
  element: <RootLayout />,
  errorElement: <ErrorScreen />,
  // The first screen's lazy chunk loads behind a named loading state (and React Router stops
  // warning "No `HydrateFallback` element provided" on every portal load).
  hydrateFallbackElement: <div role="status" aria-label="Loading the portal" aria-busy="true" style={{ minHeight: '100vh' }} />,
  children: [loginRoute],
};

let patched = false;

/**
 * The router starts with /login alone, so the login page's first load does without the other
 * screens' route entries. Any other address (on the first load, or after signing in) is not matched
 * yet: React Router then calls `patchRoutesOnNavigation`, which loads route-table.tsx and adds its
 * routes beside the login route, once; later calls (for addresses with parameters) change nothing.
 */
export const router = createBrowserRouter([root], {
  async patchRoutesOnNavigation({ patch, signal }) {
    if (patched) return;
    const { dataRoute } = await loadRouteTable();
    if (patched || signal.aborted) return;
    patch('root', [dataRoute]);
    patched = true;
    // Core spec §9 link prefetch: the navbar prefetches its visible links' route chunks by path.
    registerPrefetchRoutes([{ ...root, children: [loginRoute, dataRoute] }]);
  },
});
trackNavigationTarget(() => {
  const l = router.state.navigation.location;
  return l ? l.pathname + l.search + l.hash : null;
});
