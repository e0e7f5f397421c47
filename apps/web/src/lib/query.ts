import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ApiOptions, api } from './api.ts';

/** GET `path` with `query` through the api client; the query key is [path, query]. */
export function useApiQuery<T>(
  path: string,
  query?: ApiOptions['query'],
  options?: Omit<UseQueryOptions<T, Error, T, QueryKey>, 'queryKey' | 'queryFn'> & { silent?: boolean },
) {
  const { silent, ...rest } = options ?? {};
  return useQuery<T, Error, T, QueryKey>({
    queryKey: [path, query ?? {}],
    queryFn: ({ signal }) => api<T>(path, { query, signal, silent }),
    ...rest,
  });
}
