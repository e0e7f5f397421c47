import type { Client, clientRoutes } from '@hh/contract/clients';
import { firstScreenCalls } from '@hh/contract/first-screen-calls';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useApiQueryAt } from './query.ts';
import { keys } from './storage-keys.ts';

interface SelectedClientValue {
  /** Clients the signed-in user may access (GET /api/client). */
  clients: Client[];
  client: Client | null;
  clientId: string | null;
  setClientId(id: string): void;
  isLoading: boolean;
  error: Error | null;
}

const Ctx = createContext<SelectedClientValue | null>(null);

/**
 * The selected client (header switcher), kept in localStorage `selectedClientId` (core spec §9).
 * When the stored id is not one of the user's clients, the first accessible client is chosen, and kept.
 */
export function SelectedClientProvider({ children }: { children: ReactNode }) {
  const list = useApiQueryAt<typeof clientRoutes.list>(firstScreenCalls.clientList, { query: { pageSize: 500 } });
  const [stored, setStored] = useState<string | null>(() => localStorage.getItem(keys.selectedClientId));
  const clients = list.data?.results ?? [];
  const client = clients.find((c) => c._id === stored) ?? clients[0] ?? null;

  const setClientId = useCallback((id: string) => {
    localStorage.setItem(keys.selectedClientId, id);
    setStored(id);
  }, []);

  // The first client chosen for want of a stored one is kept as the choice: a later refresh of the list
  // (a client created or renamed meanwhile, sorting first) must not move the portal to another client
  // under the user's hands, in the middle of a form.
  useEffect(() => {
    if (client && client._id !== stored) setClientId(client._id);
  }, [client, stored, setClientId]);

  const value = useMemo<SelectedClientValue>(
    () => ({ clients, client, clientId: client?._id ?? null, setClientId, isLoading: list.isLoading, error: list.error }),
    [clients, client, setClientId, list.isLoading, list.error],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useSelectedClient() {
  const v = useContext(Ctx);
  if (!v) throw new Error('useSelectedClient must be used inside the signed-in layout');
  return v;
}
