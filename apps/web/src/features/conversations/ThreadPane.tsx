import { conversationsRoutes } from '@hh/contract/conversations';
import { ActionIcon, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { ErrorState, LoadingRows } from '../../components/Page.tsx';
import { api } from '../../lib/api.ts';
import { useApiQuery } from '../../lib/query.ts';
import { Compose } from './Compose.tsx';
import { POLL_MS, useConversationInvalidation } from './hooks.ts';
import { MessageList } from './MessageList.tsx';

/**
 * One candidate's thread: the messages with their delivery state, then the reply composer. Opening a
 * thread with unread messages marks it read (the badge and the list follow). `onBack` is the narrow
 * screen's way back to the list.
 */
export function ThreadPane({ clientId, threadId, onBack }: { clientId: string; threadId: string; onBack?: () => void }) {
  const thread = useApiQuery(conversationsRoutes.get, { params: { threadId }, query: { clientId } }, { refetchInterval: POLL_MS });
  const invalidate = useConversationInvalidation();
  const marking = useRef<string | null>(null);
  const unread = thread.data?.thread.unreadCount ?? 0;
  const stamp = `${threadId}:${thread.data?.messages.at(-1)?._id ?? ''}`;
  useEffect(() => {
    if (!unread || marking.current === stamp) return;
    marking.current = stamp;
    api(conversationsRoutes.read, { params: { threadId }, query: { clientId } }, { silent: true })
      .then(() => invalidate())
      .catch((err) => console.warn('Could not mark the conversation read', err));
  }, [unread, stamp, threadId, clientId, invalidate]);

  const t = thread.data?.thread;
  const name = t ? `${t.candidate.firstName} ${t.candidate.lastName}`.trim() || t.candidate.email : 'Conversation';
  const lastInbound = thread.data?.messages.filter((m) => m.direction === 'in').at(-1);
  const lastSubject = thread.data?.messages.filter((m) => m.subject).at(-1)?.subject ?? '';
  const replySubject = lastSubject ? (/^re:/i.test(lastSubject) ? lastSubject : `Re: ${lastSubject}`) : '';
  return (
    <Stack gap="sm" h="100%" data-testid="thread-pane">
      <Group gap="xs" wrap="nowrap">
        {onBack ? (
          <ActionIcon variant="subtle" onClick={onBack} aria-label="Back to conversations" data-testid="thread-back">
            <IconArrowLeft size={18} />
          </ActionIcon>
        ) : null}
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          {t ? (
            <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {[t.candidate.email, t.candidate.phone].filter(Boolean).join(' · ')}
            </Text>
          ) : null}
        </div>
      </Group>
      {thread.isPending ? (
        <LoadingRows rows={5} />
      ) : thread.error ? (
        <ErrorState error={thread.error} onRetry={() => void thread.refetch()} />
      ) : (
        <>
          <ScrollArea.Autosize mah="55vh" type="auto" offsetScrollbars>
            <MessageList messages={thread.data.messages} candidateName={name} />
          </ScrollArea.Autosize>
          <Paper withBorder p="sm" radius="md">
            <Compose
              key={threadId}
              clientId={clientId}
              candidateIds={[thread.data.thread.candidate._id]}
              phone={thread.data.thread.candidate.phone}
              defaultChannel={lastInbound?.channel ?? thread.data.thread.lastChannel ?? 'email'}
              defaultSubject={replySubject}
              compact
            />
          </Paper>
        </>
      )}
    </Stack>
  );
}
