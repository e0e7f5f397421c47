import { QueryClient } from '@tanstack/react-query';
import { setQueryCacheClear } from './query-reset.ts';

/** The portal's one query cache (layout/QueryLayer.tsx provides it to every screen but the login page). */
export const queryClient = new QueryClient({
  // The api client already reloads on 5xx; a 4xx will not change on retry.
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 } },
});
setQueryCacheClear(() => queryClient.clear());
