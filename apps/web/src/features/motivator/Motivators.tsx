import { messages } from '@hh/contract/messages';
import { type Motivator, pageRoutes } from '@hh/contract/site-builder';
import { Anchor, Button, Group, Switch, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader, ScrollTable, Section } from '../../components/Page.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { motivatorsKey, useMotivators } from './hooks.ts';

/** 001 §5: on 401/403 from motivator saves the server's `motivators` message is shown. */
export const motivatorError = (err: unknown, fallback: string) => (err instanceof ApiError ? (err.first('motivators') ?? err.message) : fallback);

/**
 * `/harvest/motivator`: the client's motivators (themed landing pages), created, published and deleted in place (001 §4).
 * Each save says what happened (the catalogue's created / updated / deleted texts, as departments do),
 * not the server's combined "created, updated or deleted".
 */
export default function Motivators() {
  const { clientId } = useSelectedClient();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const q = useMotivators(clientId);
  const [name, setName] = useState('');
  const key = motivatorsKey(clientId);
  const setList = (fn: (l: Motivator[]) => Motivator[]) => qc.setQueryData<Motivator[]>(key, (l) => fn(l ?? []));
  const create = useMutation({
    mutationFn: () => api(pageRoutes.createMotivator, { body: { clientId: clientId ?? '', name: name.trim() } }),
    onSuccess: (m) => {
      notify.success(messages.recruiting.motivatorCreated);
      setList((l) => [...l, m]);
      setName('');
      navigate(`/harvest/motivator/${m._id}`);
    },
    onError: (e) => notify.error(motivatorError(e, 'The motivator could not be created')),
  });
  const toggle = useMutation({
    mutationFn: (m: Motivator) => api(pageRoutes.updateMotivator, { body: { clientId: clientId ?? '', _id: m._id, published: !m.published } }),
    onSuccess: (m) => {
      notify.success(messages.recruiting.motivatorUpdated);
      setList((l) => l.map((x) => (x._id === m._id ? m : x)));
    },
    onError: (e) => notify.error(motivatorError(e, 'The motivator could not be saved')),
  });
  const remove = useMutation({
    mutationFn: (m: Motivator) => api(pageRoutes.deleteMotivator, { body: { clientId: clientId ?? '', _id: m._id } }),
    onSuccess: (m) => {
      notify.success(messages.recruiting.motivatorDeleted);
      setList((l) => l.filter((x) => x._id !== m._id));
    },
    onError: (e) => notify.error(motivatorError(e, 'The motivator could not be deleted')),
  });
  return (
    <>
      <PageHeader
        title="Motivators"
        description="Landing pages for the reasons people join: each tells a story and lists the open jobs that offer it."
        actions={
          <Button component={Link} to="/harvest/motivator/motivator-search" variant="default">
            Motivator search page
          </Button>
        }
      />
      <Section>
        <Group align="flex-end" mb="md">
          <TextInput label="New motivator" placeholder="Sign-on bonus" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} />
          <Button onClick={() => create.mutate()} disabled={!name.trim() || !clientId} loading={create.isPending}>
            Create
          </Button>
        </Group>
        {q.isLoading ? <LoadingRows /> : null}
        {q.error ? <ErrorState error={q.error} onRetry={() => q.refetch()} /> : null}
        {q.data && q.data.length === 0 ? (
          <EmptyState title="No motivators yet">Create one above, for example “Home every night” or “Tuition paid”.</EmptyState>
        ) : null}
        {q.data && q.data.length > 0 ? (
          <ScrollTable minWidth={560} label="Motivators">
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Motivator</Table.Th>
                  <Table.Th>Published</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.map((m) => (
                  <Table.Tr key={m._id} data-testid="motivator-row">
                    <Table.Td>
                      <Text fw={600}>{m.name}</Text>
                      <Text size="sm" c="dimmed">
                        {m.headline || 'No headline yet'}
                      </Text>
                      {m.published ? (
                        <Anchor href={m.url} target="_blank" rel="noopener" size="sm">
                          Public page
                        </Anchor>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={`Published: ${m.name}`}
                        checked={m.published}
                        onChange={() => toggle.mutate(m)}
                        label={m.published ? 'Live' : 'Draft'}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Button size="xs" component={Link} to={`/harvest/motivator/${m._id}`}>
                          Edit
                        </Button>
                        <Button size="xs" variant="default" component={Link} to={`/harvest/motivator/${m._id}/preview/mobile`}>
                          Preview
                        </Button>
                        <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate(m)} aria-label={`Delete ${m.name}`}>
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        ) : null}
      </Section>
    </>
  );
}
