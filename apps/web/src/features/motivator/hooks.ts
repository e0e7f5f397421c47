import type { Motivator } from '@hh/contract/pages';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const MOTIVATORS = '/api/motivators';

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
    queryKey: [MOTIVATORS, { clientId }],
    queryFn: async ({ signal }) => {
      const r = await api<{ results: Motivator[]; totalCount: number }>(MOTIVATORS, { query: { clientId: clientId ?? undefined }, signal });
      return shuffle(r.results);
    },
    enabled: !!clientId,
  });
}
