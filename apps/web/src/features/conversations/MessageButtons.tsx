import { conversationsRoutes } from '@hh/contract/conversations';
import { Anchor, Button, Modal, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconMessage } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorState, LoadingRows } from '../../components/Page.tsx';
import { useApiQuery } from '../../lib/query.ts';
import { Compose } from './Compose.tsx';
import { POLL_MS } from './hooks.ts';
import { MessageList } from './MessageList.tsx';

interface CandidateRef {
  _id: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
}

/** The candidate's thread (if any) and the composer: the drawer's way to email or text one candidate. */
function CandidateConversation({ clientId, c, onSent }: { clientId: string; c: CandidateRef; onSent: () => void }) {
  const list = useApiQuery(conversationsRoutes.list, { query: { clientId, candidateId: c._id, pageSize: 1 } }, { refetchInterval: POLL_MS });
  const threadId = list.data?.results[0]?._id ?? null;
  const thread = useApiQuery(
    conversationsRoutes.get,
    { params: { threadId: threadId ?? '' }, query: { clientId } },
    { enabled: !!threadId, refetchInterval: POLL_MS },
  );
  const name = `${c.firstName} ${c.lastName}`.trim();
  return (
    <Stack gap="md">
      {list.isPending || (threadId && thread.isPending) ? (
        <LoadingRows rows={3} />
      ) : list.error || thread.error ? (
        <ErrorState error={list.error ?? thread.error} onRetry={() => void (list.error ? list.refetch() : thread.refetch())} />
      ) : thread.data ? (
        <>
          <ScrollArea.Autosize mah="40vh" type="auto" offsetScrollbars>
            <MessageList messages={thread.data.messages} candidateName={name} />
          </ScrollArea.Autosize>
          <Anchor component={Link} to={`/cultivate/conversations?thread=${thread.data.thread._id}`} size="sm">
            Open in Conversations
          </Anchor>
        </>
      ) : (
        <Text size="sm" c="gray.7">
          No messages with {c.firstName || 'this candidate'} yet. What you send is kept here and on the timeline, with its delivery.
        </Text>
      )}
      <Paper withBorder p="sm" radius="md">
        <Compose clientId={clientId} candidateIds={[c._id]} phone={c.phone} defaultChannel={thread.data?.thread.lastChannel ?? 'email'} onSent={onSent} />
      </Paper>
    </Stack>
  );
}

/** The candidate drawer's "Message" action: the conversation with this candidate and a composer, in a dialog. */
export function MessageCandidateButton({ clientId, candidate }: { clientId: string; candidate: CandidateRef }) {
  const [opened, { open, close }] = useDisclosure(false);
  const narrow = useMediaQuery('(max-width: 700px)');
  const name = `${candidate.firstName} ${candidate.lastName}`.trim();
  return (
    <>
      <Button variant="light" leftSection={<IconMessage size={16} />} onClick={open} data-testid="message-candidate">
        Message
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={`Messages with ${name || 'the candidate'}`}
        size="xl"
        fullScreen={!!narrow}
        closeButtonProps={{ 'aria-label': 'Close messages' }}
      >
        {opened ? <CandidateConversation clientId={clientId} c={candidate} onSent={() => undefined} /> : null}
      </Modal>
    </>
  );
}

/**
 * The bulk "Message" of a selection (the candidate list, a job board): one message to every selected
 * candidate, each filled in for them; from a job board the job fills the job title.
 */
export function MessageSelectionButton({
  clientId,
  candidateIds,
  jobId,
  onSent,
}: {
  clientId: string | null;
  candidateIds: string[];
  jobId?: string;
  onSent?: () => void;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  const narrow = useMediaQuery('(max-width: 700px)');
  if (!clientId) return null;
  const n = candidateIds.length;
  return (
    <>
      <Button size="xs" variant="light" leftSection={<IconMessage size={14} />} onClick={open} data-testid="bulk-message">
        Message
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={n === 1 ? 'Message 1 candidate' : `Message ${n} candidates`}
        size="xl"
        fullScreen={!!narrow}
        closeButtonProps={{ 'aria-label': 'Close the message' }}
      >
        {opened ? (
          <Compose
            clientId={clientId}
            candidateIds={candidateIds}
            jobId={jobId}
            onSent={() => {
              close();
              onSent?.();
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}
