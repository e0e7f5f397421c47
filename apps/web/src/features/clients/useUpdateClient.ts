import { clientRoutes } from '@hh/contract/clients';
import type { RouteInput } from '@hh/contract/route';
import { messages } from '@hh/contract/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';

/** PATCH /api/client/update, refreshing the queries that show this client. */
export function useUpdateClient(opts: { success?: string | null; error?: string } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteInput<typeof clientRoutes.update>['body']) => api(clientRoutes.update, { body }),
    onSuccess: (c) => {
      qc.setQueryData(queryKey(clientRoutes.getById, { query: { clientId: c._id } }), c);
      qc.invalidateQueries({ queryKey: queryKey(clientRoutes.list) });
      if (opts.success !== null) notify.success(opts.success ?? messages.clients.updateSuccess);
    },
    onError: (err) => {
      console.warn('Client update failed', err);
      notify.error(opts.error ?? messages.clients.updateError);
    },
  });
}
