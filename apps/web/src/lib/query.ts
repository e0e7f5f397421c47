import type { RouteDef, RouteInput, RouteReply } from '@hh/contract/route';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ApiOptions, api, queryKey } from './api.ts';

type QueryOptions<T> = Omit<UseQueryOptions<T, Error, T, QueryKey>, 'queryKey' | 'queryFn'> & { silent?: boolean };

/** GET `path` with `query` through the api client; the query key is [path, query]. */
export function useApiQuery<T>(path: string, query?: ApiOptions['query'], options?: QueryOptions<T>): ReturnType<typeof useQuery<T, Error, T, QueryKey>>;
/** Reads one route table entry; the key is `queryKey(entry, input)` and the data has the entry's reply type. */
export function useApiQuery<R extends RouteDef>(
  route: R,
  input?: RouteInput<R>,
  options?: QueryOptions<RouteReply<R>>,
): ReturnType<typeof useQuery<RouteReply<R>, Error, RouteReply<R>, QueryKey>>;
export function useApiQuery(target: RouteDef | string, input?: unknown, options?: QueryOptions<unknown>) {
  const { silent, ...rest } = options ?? {};
  const args = (input ?? {}) as RouteInput<RouteDef>;
  return useQuery<unknown, Error, unknown, QueryKey>({
    queryKey: typeof target === 'string' ? [target, input ?? {}] : queryKey(target, args),
    queryFn: ({ signal }) =>
      typeof target === 'string' ? api(target, { query: input as ApiOptions['query'], signal, silent }) : api(target, args, { signal, silent }),
    ...rest,
  });
}
