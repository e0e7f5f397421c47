import type { RouteDef, RouteInput, RouteReply } from '@hh/contract/route';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { api, queryKey } from './api.ts';

type QueryOptions<T> = Omit<UseQueryOptions<T, Error, T, QueryKey>, 'queryKey' | 'queryFn'> & { silent?: boolean };

/** Reads one route table entry; the key is `queryKey(entry, input)` and the data has the entry's reply type. */
export function useApiQuery<R extends RouteDef>(
  route: R,
  input?: RouteInput<R>,
  options?: QueryOptions<RouteReply<R>>,
): ReturnType<typeof useQuery<RouteReply<R>, Error, RouteReply<R>, QueryKey>>;
export function useApiQuery(target: RouteDef, input?: unknown, options?: QueryOptions<unknown>) {
  const { silent, ...rest } = options ?? {};
  const args = (input ?? {}) as RouteInput<RouteDef>;
  return useQuery<unknown, Error, unknown, QueryKey>({
    queryKey: queryKey(target, args),
    queryFn: ({ signal }) => api(target, args, { signal, silent }),
    ...rest,
  });
}
