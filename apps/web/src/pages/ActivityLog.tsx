import type { activityLog } from '@hh/contract/users';
import { messages } from '@hh/contract/messages';
import { BarChart } from '@mantine/charts';
import { Badge, Button, Code, Group, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { EmptyState, ErrorState, ListTable, LoadingRows, PageHeader, Section } from '../components/Page.tsx';
import { api } from '../lib/api.ts';
import { formatDate, formatDay } from '../lib/format.ts';
import { notify } from '../lib/notify.ts';
import { useApiQuery } from '../lib/query.ts';
import { type Paged, useSelectedClient } from '../lib/selected-client.tsx';

type Log = z.infer<typeof activityLog>;
const PAGE_SIZE = 50;

/** Events per day over the loaded page, oldest first. */
export function perDay(logs: Log[]) {
  const counts = new Map<string, number>();
  for (const l of logs) counts.set(formatDay(l.createdAt), (counts.get(formatDay(l.createdAt)) ?? 0) + 1);
  return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, events]) => ({ day, events }));
}

const toIso = (d: string, end = false) => (d ? new Date(`${d}T${end ? '23:59:59.999' : '00:00:00.000'}Z`).toISOString() : undefined);

/** A note added to the log by hand (POST /api/activity-logs/create): a call, a decision, a hand-over. */
function AddNote({ clientId }: { clientId: string | null }) {
  const qc = useQueryClient();
  const [note, setNote] = useState('');
  const add = useMutation({
    mutationFn: () =>
      api('/api/activity-logs/create', {
        method: 'POST',
        body: { clientId: clientId ?? undefined, action: 'note', entity: 'client', entityId: clientId ?? undefined, changes: { note: note.trim() } },
      }),
    onSuccess: () => {
      setNote('');
      void qc.invalidateQueries({ queryKey: ['/api/activity-logs'] });
    },
    onError: () => notify.error(messages.logs.createError),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    if (note.trim()) add.mutate();
  }
  return (
    <form onSubmit={submit}>
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Add a note to the log"
          placeholder="Called the hiring manager about…"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={500}
          style={{ flex: 1 }}
        />
        <Button type="submit" loading={add.isPending} disabled={!note.trim()} data-testid="log-note-add">
          Add note
        </Button>
      </Group>
    </form>
  );
}

/** `/activity-log`: who changed what, for the selected client, with filters and a per-day chart. */
export default function ActivityLog() {
  const { clientId } = useSelectedClient();
  const [entity, setEntity] = useState('');
  const [action, setAction] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [entityQ] = useDebouncedValue(entity, 300);
  const q = useApiQuery<Paged<Log>>(
    '/api/activity-logs',
    { clientId, entity: entityQ.trim(), action, from: toIso(from), to: toIso(to, true), page, pageSize: PAGE_SIZE },
    { placeholderData: (prev) => prev },
  );
  const chart = perDay(q.data?.results ?? []);
  const pages = Math.max(1, Math.ceil((q.data?.totalCount ?? 0) / PAGE_SIZE));
  return (
    <>
      <PageHeader title="Activity log" description="Every create, update and delete, with who did it and what changed." />
      <Stack>
        <AddNote clientId={clientId} />
        <Group gap="sm" align="flex-end">
          <TextInput label="Entity" placeholder="client, user…" value={entity} onChange={(e) => setEntity(e.currentTarget.value)} w={170} />
          <Select label="Action" placeholder="Any" data={['create', 'update', 'delete', 'note']} value={action} onChange={setAction} clearable w={140} />
          <TextInput type="date" label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} w={160} />
          <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} w={160} />
        </Group>
        {q.isLoading ? (
          <LoadingRows rows={6} />
        ) : q.error ? (
          <ErrorState error={new Error(messages.logs.fetchError)} onRetry={() => q.refetch()} />
        ) : !q.data?.results.length ? (
          <EmptyState title="No activity matches these filters" />
        ) : (
          <>
            <Section title="Events per day">
              <BarChart h={160} data={chart} dataKey="day" series={[{ name: 'events', color: 'brand.5', label: 'Events' }]} tickLine="y" />
            </Section>
            <ListTable minWidth={640} headers={['When', 'Who', 'Action', 'Entity', 'Changes']} dense>
              {q.data.results.map((l) => (
                <Table.Tr key={l._id}>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(l.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{l.actorEmail ?? 'system'}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={l.action === 'delete' ? 'red' : l.action === 'create' ? 'teal' : 'brand'}>
                      {l.action}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{l.entity}</Table.Td>
                  <Table.Td>
                    <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                      {l.action === 'note' ? String(l.changes.note ?? '') : Object.keys(l.changes).join(', ')}
                    </Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
            {pages > 1 ? <Pagination value={page} onChange={setPage} total={pages} /> : null}
          </>
        )}
      </Stack>
    </>
  );
}
