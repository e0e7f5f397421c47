import { activityRoutes } from '@hh/contract/activity';
import type { activityLog } from '@hh/contract/users';
import { actionLabels, activitySentence, changedFieldsText, entityLabels, labelOf } from '@hh/contract/labels';
import { messages } from '@hh/contract/messages';
import { BarChart } from '@mantine/charts';
import { Badge, Button, Group, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { EmptyState, ErrorState, ListTable, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { api, queryKey } from '../../lib/api.ts';
import { dayKey, formatCalendarDay, useFormat } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';

type Log = z.infer<typeof activityLog>;
const PAGE_SIZE = 50;

/**
 * Events per day over the loaded page, oldest first, in the client's time zone; days without events
 * between the first and the last are included as 0, so the bars are a true time line.
 */
export function perDay(logs: Log[], timeZone?: string | null) {
  const counts = new Map<string, number>();
  for (const l of logs) counts.set(dayKey(l.createdAt, timeZone), (counts.get(dayKey(l.createdAt, timeZone)) ?? 0) + 1);
  const keys = [...counts.keys()].sort();
  if (!keys.length) return [];
  const out: Array<{ key: string; day: string; events: number }> = [];
  for (let d = new Date(`${keys[0]}T12:00:00Z`); d <= new Date(`${keys[keys.length - 1]}T12:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    const key = d.toISOString().slice(0, 10);
    out.push({ key, day: formatCalendarDay(key, 'short'), events: counts.get(key) ?? 0 });
  }
  return out;
}

/** The entry in words: the server's sentence, else one made from the contract's labels. */
const logSentence = (l: Log) => l.summary ?? activitySentence({ actor: l.actorEmail, action: l.action, entity: l.entity, changes: l.changes });
const cap = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
const entityOptions = Object.entries(entityLabels)
  .map(([value, label]) => ({ value, label: cap(label) }))
  .sort((a, b) => a.label.localeCompare(b.label));
const actionOptions = ['create', 'update', 'delete', 'note'].map((value) => ({ value, label: cap(labelOf(actionLabels, value)) }));

const toIso = (d: string, end = false) => (d ? new Date(`${d}T${end ? '23:59:59.999' : '00:00:00.000'}Z`).toISOString() : undefined);

/** A note added to the log by hand (POST api/activity-logs/create): a call, a decision, a hand-over. */
function AddNote({ clientId }: { clientId: string | null }) {
  const qc = useQueryClient();
  const [note, setNote] = useState('');
  const add = useMutation({
    mutationFn: () =>
      api(activityRoutes.create, {
        body: { clientId: clientId ?? undefined, action: 'note', entity: 'client', entityId: clientId ?? undefined, changes: { note: note.trim() } },
      }),
    onSuccess: () => {
      setNote('');
      void qc.invalidateQueries({ queryKey: queryKey(activityRoutes.list) });
    },
    onError: () => notify.error(messages.logs.createError),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    if (note.trim() && clientId) add.mutate();
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
        {/* A note belongs to the selected client: the button waits until the client is known. */}
        <Button type="submit" loading={add.isPending} disabled={!note.trim() || !clientId} data-testid="log-note-add">
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
  const q = useApiQuery(
    activityRoutes.list,
    {
      query: {
        clientId: clientId ?? undefined,
        entity: entityQ.trim(),
        action: action ?? undefined,
        from: toIso(from),
        to: toIso(to, true),
        page,
        pageSize: PAGE_SIZE,
      },
    },
    { placeholderData: (prev) => prev },
  );
  const fmt = useFormat();
  const chart = perDay(q.data?.results ?? [], fmt.timeZone);
  const filtered = !!(entityQ.trim() || action || from || to);
  const clear = () => {
    setEntity('');
    setAction(null);
    setFrom('');
    setTo('');
    setPage(1);
  };
  const pages = Math.max(1, Math.ceil((q.data?.totalCount ?? 0) / PAGE_SIZE));
  return (
    <>
      <PageHeader title="Activity log" description="Everything created, changed or deleted, with who did it and what changed." />
      <Stack>
        <AddNote clientId={clientId} />
        <Group gap="sm" align="flex-end">
          <Select
            label="About"
            placeholder="Anything"
            data={entityOptions}
            value={entity || null}
            onChange={(v) => setEntity(v ?? '')}
            clearable
            searchable
            w={220}
          />
          <Select label="Action" placeholder="Any" data={actionOptions} value={action} onChange={setAction} clearable w={140} />
          <TextInput type="date" label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} w={160} />
          <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} w={160} />
        </Group>
        {q.isLoading ? (
          <LoadingRows rows={6} />
        ) : q.error ? (
          <ErrorState error={q.error} message={messages.logs.fetchError} onRetry={() => q.refetch()} />
        ) : !q.data?.results.length ? (
          filtered ? (
            <EmptyState title="No activity matches these filters">
              <Button size="xs" variant="light" mt="xs" onClick={clear}>
                Clear the filters
              </Button>
            </EmptyState>
          ) : (
            <EmptyState title="Nothing has been logged yet">Changes to this client's jobs, users and profiles appear here, with who made them.</EmptyState>
          )
        ) : (
          <>
            {/* A chart only where it says something (two days or more), with whole-number ticks. */}
            {chart.length > 1 ? (
              <Section title="Events per day">
                <div role="img" aria-label={`Events per day: ${chart.map((c) => `${c.day} ${c.events}`).join(', ')}`}>
                  <BarChart
                    h={160}
                    data={chart}
                    dataKey="day"
                    series={[{ name: 'events', color: 'brand.7', label: 'Events' }]}
                    tickLine="y"
                    yAxisProps={{ allowDecimals: false }}
                    maxBarWidth={48}
                  />
                </div>
              </Section>
            ) : (
              <Text size="sm" c="dimmed" data-testid="events-summary">
                {q.data.results.length} {q.data.results.length === 1 ? 'event' : 'events'} on {fmt.day(q.data.results[0].createdAt)}
                {pages > 1 ? ' (this page)' : ''}.
              </Text>
            )}
            <ListTable minWidth={640} headers={['When', 'Who', 'What happened', 'Changes']} dense>
              {q.data.results.map((l) => (
                <Table.Tr key={l._id} data-testid="log-row">
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {fmt.date(l.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{l.actorEmail ?? 'The system'}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Badge variant="light" color={l.action === 'delete' ? 'red' : l.action === 'create' ? 'teal' : 'brand'}>
                        {labelOf(actionLabels, l.action)}
                      </Badge>
                      <Text size="sm">{logSentence(l)}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {l.action === 'note' ? String(l.changes.note ?? '') : changedFieldsText(l.changes)}
                    </Text>
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
