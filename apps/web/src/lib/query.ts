import type { RouteDef, RouteInput, RouteReply } from '@hh/contract/route';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { api, callAt, queryKey } from './api.ts';

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

/**
 * `useApiQuery` for a call given by method and path alone, typed by its full route table entry `R`:
 * for the calls of the shell and Home (`firstScreenCalls` in the contract), whose first load must not
 * bring zod and the schemas for a path. The cache key is the same as `useApiQuery(entry, input)`'s.
 */
export function useApiQueryAt<R extends RouteDef>(
  at: Pick<R, 'method' | 'path'>,
  input?: RouteInput<R>,
  options?: QueryOptions<RouteReply<R>>,
): ReturnType<typeof useQuery<RouteReply<R>, Error, RouteReply<R>, QueryKey>>;
export function useApiQueryAt(at: Pick<RouteDef, 'method' | 'path'>, input?: unknown, options?: QueryOptions<unknown>) {
  const { silent, ...rest } = options ?? {};
  const args = (input ?? {}) as RouteInput<RouteDef>;
  return useQuery<unknown, Error, unknown, QueryKey>({
    queryKey: queryKey(at as RouteDef, args),
    queryFn: ({ signal }) => callAt(at, args, { signal, silent }),
    ...rest,
  });
}
