import type { Client } from '@hh/contract/clients';
import { clientRoutes } from '@hh/contract/clients';
import { crmRoutes } from '@hh/contract/crm';
import { conversationsRoutes } from '@hh/contract/conversations';
import { useQueryClient } from '@tanstack/react-query';
import { queryKey } from '../../lib/api.ts';

/** How often the inbox, the open thread and the badge ask again (the unread count answers 304 when nothing changed). */
export const POLL_MS = 30_000;

/** Whether the client's SMS integration is on (core §4: Conversations and SMS appear only then). */
export function smsOn(client: Client | null | undefined): boolean {
  const sms = (client?.integrations as { twilioSms?: { enabled?: boolean } } | undefined)?.twilioSms;
  return sms?.enabled === true;
}

/** After a send or a read: the threads, the open thread, the badge's counts and the candidate's timeline. */
export function useConversationInvalidation() {
  const qc = useQueryClient();
  return (candidateId?: string) => {
    void qc.invalidateQueries({ queryKey: queryKey(conversationsRoutes.list) });
    void qc.invalidateQueries({ queryKey: queryKey(conversationsRoutes.get) });
    void qc.invalidateQueries({ queryKey: queryKey(conversationsRoutes.unreadCount) });
    void qc.invalidateQueries({ queryKey: queryKey(clientRoutes.unreadMessagesCount) });
    if (candidateId) void qc.invalidateQueries({ queryKey: queryKey(crmRoutes.getTimeline, { params: { id: candidateId } }) });
  };
}
