import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client.ts';

/**
 * TanStack Query for the screens under it: every route but /login, a lazy route of its own
 * (router.tsx) loaded beside the first screen's chunk, so the login page's first load does without it.
 */
export function QueryLayer() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
