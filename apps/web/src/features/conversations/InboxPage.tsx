import { conversationsRoutes } from '@hh/contract/conversations';
import { jobRoutes } from '@hh/contract/jobs';
import { Box, Button, Chip, Group, Paper, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessages } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader } from '../../components/Page.tsx';
import { useApiQuery } from '../../lib/query.ts';
import { currentParamsWith, type SearchValues, useSearchState } from '../../lib/search-state.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { CandidatePanel } from './CandidatePanel.tsx';
import { POLL_MS, smsOn } from './hooks.ts';
import { ThreadList } from './ThreadList.tsx';
import { ThreadPane } from './ThreadPane.tsx';

/**
 * `/cultivate/conversations` (core §2): the client's conversations with candidates, email and SMS in
 * one thread per candidate. Two panes (the threads, newest first, unread in bold; the open thread
 * beside the candidate's profile and applications); below 768 px one pane at a time, with a way back.
 * The filters live in the address, so a filtered inbox can be shared as a link.
 */
/** No channel chosen: both (the address leaves `channel` out). */
const BOTH = '' as 'email' | 'sms' | '' as SearchValues<typeof conversationsRoutes.list>['channel'];

export default function InboxPage() {
  const { clientId, client } = useSelectedClient();
  // The open thread is `?thread=` (pushed, so Back returns to the list on a phone); the filters are the list call's query names.
  const [params, setParams] = useSearchParams();
  const threadId = params.get('thread');
  const narrow = useMediaQuery('(max-width: 767px)') ?? false;
  const wide = useMediaQuery('(min-width: 1200px)') ?? false;
  const { values: q, set } = useSearchState(conversationsRoutes.list, { mine: false, unread: false, jobId: '', channel: BOTH, pageSize: 50 });
  const list = useApiQuery(
    conversationsRoutes.list,
    {
      query: {
        clientId: clientId ?? '',
        mine: q.mine || undefined,
        unread: q.unread || undefined,
        jobId: q.jobId || undefined,
        channel: q.channel || undefined,
        pageSize: q.pageSize,
      },
    },
    { enabled: !!clientId, refetchInterval: POLL_MS, placeholderData: (prev) => prev },
  );
  const jobs = useApiQuery(jobRoutes.list, { query: { clientId: clientId ?? '', pageSize: 100, status: 'all' } }, { enabled: !!clientId, staleTime: 60_000 });
  const open = (id: string) => setParams(() => currentParamsWith('thread', id));
  const back = () => setParams(() => currentParamsWith('thread', null));

  if (!clientId) {
    return (
      <>
        <PageHeader title="Conversations" />
        <EmptyState title="No client selected">Choose a client in the header to see its conversations with candidates.</EmptyState>
      </>
    );
  }
  const filtered = q.mine || q.unread || !!q.jobId || !!q.channel;
  const threads = list.data?.results ?? [];
  const current = threads.find((t) => t._id === threadId) ?? null;
  const showList = !narrow || !threadId;
  const showThread = !narrow || !!threadId;

  const filters = (
    <Group gap="xs" wrap="wrap" align="flex-end" role="group" aria-label="Filters" data-testid="inbox-filters">
      <Chip size="xs" variant="outline" checked={q.mine} onChange={(v) => set({ mine: v })} data-testid="filter-mine">
        Mine
      </Chip>
      <Chip size="xs" variant="outline" checked={q.unread} onChange={(v) => set({ unread: v })} data-testid="filter-unread">
        Unread
      </Chip>
      <Select
        size="xs"
        aria-label="Channel"
        data={[
          { value: '', label: 'Email and SMS' },
          { value: 'email', label: 'Email' },
          { value: 'sms', label: 'SMS' },
        ]}
        value={q.channel}
        onChange={(v) => set({ channel: (v ?? '') as typeof q.channel })}
        allowDeselect={false}
        w={140}
        data-testid="filter-channel"
      />
      <Select
        size="xs"
        aria-label="Job"
        placeholder="Any job"
        data={(jobs.data?.results ?? []).map((j) => ({ value: j._id, label: [j.title, j.city].filter(Boolean).join(' – ') }))}
        value={q.jobId || null}
        onChange={(v) => set({ jobId: v ?? '' })}
        clearable
        searchable
        w={200}
        data-testid="filter-job"
      />
    </Group>
  );

  const listPane = list.isPending ? (
    <LoadingRows rows={6} />
  ) : list.error ? (
    <ErrorState error={list.error} onRetry={() => void list.refetch()} />
  ) : threads.length === 0 ? (
    filtered ? (
      <Stack p="md" gap="xs" align="flex-start" data-testid="inbox-empty">
        <Text size="sm">No conversation matches these filters.</Text>
        <Button size="xs" variant="light" onClick={() => set({ mine: false, unread: false, jobId: '', channel: BOTH })}>
          Clear the filters
        </Button>
      </Stack>
    ) : (
      <Stack p="md" gap="xs" data-testid="inbox-empty">
        <Text size="sm" fw={600}>
          No conversations yet
        </Text>
        <Text size="sm" c="gray.7">
          Write to a candidate from their profile (the Message button in the candidate drawer) or select candidates on the list and choose Message.
          {smsOn(client) ? ' Texts and replies from candidates arrive here too.' : ' Replies to your emails arrive here too.'}
        </Text>
        <Button size="xs" variant="light" component={Link} to="/harvest/cultivate/candidates" w="fit-content">
          Go to the candidates
        </Button>
      </Stack>
    )
  ) : (
    <ThreadList threads={threads} current={threadId} onOpen={open} />
  );

  const threadPane = threadId ? (
    <ThreadPane key={threadId} clientId={clientId} threadId={threadId} onBack={narrow ? back : undefined} />
  ) : (
    <Stack align="center" justify="center" gap="xs" py="xl" c="gray.7" data-testid="no-thread">
      <IconMessages size={32} aria-hidden />
      <Text size="sm">{threads.length ? 'Choose a conversation on the left to read and reply.' : 'A conversation you choose opens here.'}</Text>
    </Stack>
  );

  const candidateId = current?.candidate._id;
  return (
    <>
      {/* One pane at a time on a phone: with the thread open the screen keeps its h1 for a screen reader (axe page-has-heading-one). */}
      {showList ? (
        <PageHeader title="Conversations" description="Email and text messages with candidates, one thread per candidate." />
      ) : (
        <VisuallyHidden>
          <Title order={1}>Conversations</Title>
        </VisuallyHidden>
      )}
      {showList ? <Box mb="sm">{filters}</Box> : null}
      <Group align="flex-start" gap="md" wrap="nowrap">
        {showList ? (
          <Paper
            withBorder
            radius="md"
            w={narrow ? '100%' : 320}
            style={{ flexShrink: 0, overflow: 'hidden' }}
            component="section"
            aria-label="Conversation list"
          >
            {listPane}
          </Paper>
        ) : null}
        {showThread ? (
          <Paper withBorder radius="md" p="md" style={{ flex: 1, minWidth: 0 }} component="section" aria-label="Conversation">
            {threadPane}
          </Paper>
        ) : null}
        {wide && candidateId ? (
          <Paper withBorder radius="md" p="md" w={280} style={{ flexShrink: 0 }} component="aside" aria-label="Candidate">
            <CandidatePanel clientId={clientId} candidateId={candidateId} />
          </Paper>
        ) : null}
      </Group>
      {!wide && candidateId && showThread ? (
        <Paper withBorder radius="md" p="md" mt="md" component="aside" aria-label="Candidate">
          <CandidatePanel clientId={clientId} candidateId={candidateId} />
        </Paper>
      ) : null}
    </>
  );
}
