import { feedRoutes } from '@hh/contract/feed';
import { useApiQuery } from '../../lib/query.ts';

export function useIndeedSettings(clientId: string | null) {
  return useApiQuery(feedRoutes.settings, { query: { clientId: clientId ?? '' } }, { enabled: !!clientId });
}
