import type { Client, UpdateClientRequest } from '@hh/contract/clients';
import { messages } from '@hh/contract/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';

/** PATCH /api/client/update, refreshing the queries that show this client. */
export function useUpdateClient(opts: { success?: string | null; error?: string } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateClientRequest) => api<Client>('/api/client/update', { method: 'PATCH', body }),
    onSuccess: (c) => {
      qc.setQueryData(['/api/client/get-by-id', { clientId: c._id }], c);
      qc.invalidateQueries({ queryKey: ['/api/client'] });
      if (opts.success !== null) notify.success(opts.success ?? messages.clients.updateSuccess);
    },
    onError: (err) => {
      console.warn('Client update failed', err);
      notify.error(opts.error ?? messages.clients.updateError);
    },
  });
}
