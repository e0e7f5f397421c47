import { messages } from '@hh/contract/messages';
import { useAuth } from '../../../lib/auth.tsx';
import { formatDate } from '../../../lib/format.ts';
import { Anchor, Button, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../../components/Page.tsx';
import { useSelectedClient } from '../../../lib/selected-client.tsx';
import { canMergeCandidates } from '../rights.ts';
import { pagerLabels } from '../ui.tsx';
import { useDuplicates, useMerges, useUndoMerge } from './hooks.ts';
import { MergeCompare } from './MergeCompare.tsx';

const PAGE_SIZE = 10;
const when = (iso: string) => formatDate(iso);

/**
 * `/harvest/cultivate/candidates/duplicates` (decision 0012 "Duplicates"): pairs of candidates that look
 * like one person (same email, phone, or name and place), side by side, to merge or dismiss; and the
 * merges of the last 24 hours, which can be undone.
 */
export default function DuplicatesPage() {
  const { clientId, client } = useSelectedClient();
  const { pathname } = useLocation();
  const [page, setPage] = useState(1);
  const dups = useDuplicates(clientId, page, PAGE_SIZE);
  const merges = useMerges(clientId);
  const undo = useUndoMerge(clientId);
  const mayMerge = canMergeCandidates(useAuth().user);
  const back = pathname.replace(/\/duplicates\/?$/, '');
  const total = dups.data?.totalCount ?? 0;
  return (
    <>
      <PageHeader
        title="Possible duplicates"
        description={`Candidates of ${client?.name ?? 'this client'} who look like the same person: the same email, phone, or name and place.`}
        actions={
          <Anchor component={Link} to={back}>
            Back to candidates
          </Anchor>
        }
      />
      <Stack gap="md">
        {mayMerge ? null : (
          <Text size="sm" c="gray.7" data-testid="merge-needs-editor">
            {messages.crm.mergeNeedsEditor}
          </Text>
        )}
        {merges.data?.results.length ? (
          <Section title="Merged in the last 24 hours">
            <Stack gap="xs">
              {merges.data.results.map((m) => (
                <Group key={m._id} justify="space-between" gap="sm" data-testid="recent-merge">
                  <Text size="sm">
                    Merged {when(m.createdAt)}
                    {m.actorEmail ? ` by ${m.actorEmail}` : ''}
                    {mayMerge ? ` · can be undone until ${when(m.undoUntil)}` : ''}
                  </Text>
                  <Group gap="xs">
                    <Anchor component={Link} to={`${back}?candidate=${m.survivorId}`} size="sm">
                      Open candidate
                    </Anchor>
                    {mayMerge ? (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconArrowBackUp size={14} aria-hidden />}
                        loading={undo.isPending && undo.variables?._id === m._id}
                        onClick={() => undo.mutate(m)}
                      >
                        Undo
                      </Button>
                    ) : null}
                  </Group>
                </Group>
              ))}
            </Stack>
          </Section>
        ) : null}
        {dups.isLoading ? (
          <LoadingRows />
        ) : dups.error ? (
          <ErrorState error={dups.error} onRetry={() => dups.refetch()} />
        ) : !dups.data?.results.length ? (
          <EmptyState title="No possible duplicates">
            When two candidates share an email, a phone number, or a name and a place, they show up here to merge.
          </EmptyState>
        ) : (
          <>
            <Text size="sm" c="gray.7" data-testid="duplicates-total">
              {total === 1 ? '1 pair to review' : `${total} pairs to review`}
            </Text>
            {dups.data.results.map((p) => (
              <Paper key={p._id} withBorder p="md" radius="md">
                <MergeCompare pair={p} clientId={clientId as string} explainRights={false} />
              </Paper>
            ))}
            {total > PAGE_SIZE ? (
              <Group justify="flex-end">
                <Pagination getControlProps={pagerLabels} total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} />
              </Group>
            ) : null}
          </>
        )}
      </Stack>
    </>
  );
}
