import { pageRoutes } from '@hh/contract/site-builder';
import { useQuery } from '@tanstack/react-query';
import { api, queryKey } from '../../lib/api.ts';

/** The key of the client's (shuffled) motivators list; saves update it in place. */
export const motivatorsKey = (clientId: string | null) => queryKey(pageRoutes.listMotivators, { query: { clientId: clientId ?? '' } });

/** 001 §4: the motivators list is shuffled randomly when it is set. */
export function shuffle<T>(list: T[]): T[] {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

export function useMotivators(clientId: string | null) {
  return useQuery({
    queryKey: motivatorsKey(clientId),
    queryFn: async ({ signal }) => {
      const r = await api(pageRoutes.listMotivators, { query: { clientId: clientId ?? '' } }, { signal });
      return shuffle(r.results);
    },
    enabled: !!clientId,
  });
}
