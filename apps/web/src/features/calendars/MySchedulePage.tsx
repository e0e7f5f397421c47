import { calendarRoutes, type WorkingHours, weekdayLabels } from '@hh/contract/calendars';
import { Alert, Anchor, Button, Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { MyScheduledInterviews } from '../scheduling/index.ts';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { formatDay, formatTimeRange } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';

const zones = (): string[] => {
  const all = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return all.includes('UTC') ? all : ['UTC', ...all];
};

/** The busy times of the next 60 days, grouped by day in the person's time zone. */
function Agenda({ clientId }: { clientId: string }) {
  const busy = useApiQuery(calendarRoutes.busy, { query: { clientId } });
  const tz = busy.data?.timeZone ?? 'UTC';
  const days = useMemo(() => {
    const out = new Map<string, { start: string; end: string; when: string; calendar: string }[]>();
    for (const b of busy.data?.results ?? []) {
      const key = formatDay(b.start, tz, 'weekday');
      const list = out.get(key) ?? [];
      list.push({ start: b.start, end: b.end, when: formatTimeRange(b.start, b.end, tz, false), calendar: b.calendarName });
      out.set(key, list);
    }
    return [...out.entries()];
  }, [busy.data, tz]);
  if (busy.isLoading) return <LoadingRows rows={3} />;
  if (busy.error) return <ErrorState error={busy.error} onRetry={() => busy.refetch()} />;
  return (
    <Stack gap="sm">
      <Text size="sm" data-testid="schedule-time-zone">
        Times shown in <b>{tz}</b>
      </Text>
      {!days.length ? (
        <EmptyState title="Nothing busy in the next 60 days">
          <Anchor component={Link} underline="always" to="/connect-calendar">
            Connect a calendar
          </Anchor>{' '}
          so that interviews stay off your meetings.
        </EmptyState>
      ) : (
        days.map(([day, items]) => (
          <Paper key={day} withBorder p="sm" radius="md" data-testid="agenda-day">
            <Title order={3} size="h5" mb={6}>
              {day}
            </Title>
            <Table>
              <Table.Tbody>
                {items.map((x) => (
                  <Table.Tr key={`${x.start}-${x.end}-${x.calendar}`} data-testid="busy-time">
                    <Table.Td style={{ whiteSpace: 'nowrap', width: '12rem' }}>{x.when}</Table.Td>
                    <Table.Td>Busy · {x.calendar}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        ))
      )}
    </Stack>
  );
}

function WorkingHoursForm({ clientId, initial }: { clientId: string; initial: WorkingHours }) {
  const qc = useQueryClient();
  const [v, setV] = useState<WorkingHours>(initial);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setV(initial), [initial]);
  const save = useMutation({
    mutationFn: () => {
      const { saved: _saved, ...values } = v as WorkingHours & { saved?: boolean };
      return api(calendarRoutes.saveWorkingHours, { body: { clientId, ...values } });
    },
    onMutate: () => setError(null),
    onSuccess: (r) => {
      notify.success(r.message);
      qc.invalidateQueries({ queryKey: queryKey(calendarRoutes.workingHours) });
      qc.invalidateQueries({ queryKey: queryKey(calendarRoutes.busy) });
    },
    onError: (err) => setError(err instanceof ApiError ? err.message : 'The working hours could not be saved'),
  });
  const setDay = (weekday: number, patch: Partial<WorkingHours['days'][number]>) =>
    setV((cur) => ({ ...cur, days: cur.days.map((d) => (d.weekday === weekday ? { ...d, ...patch } : d)) }));
  const num = (key: 'bufferBeforeMinutes' | 'bufferAfterMinutes' | 'minimumNoticeMinutes' | 'dailyMaximum') => ({
    value: v[key],
    onChange: (n: string | number) => setV((cur) => ({ ...cur, [key]: typeof n === 'number' ? n : Number(n) || 0 })),
  });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="md">
        <Select
          label="Time zone"
          searchable
          data={zones()}
          value={v.timeZone}
          onChange={(z) => z && setV((cur) => ({ ...cur, timeZone: z }))}
          allowDeselect={false}
        />
        <Stack gap={6}>
          {v.days.map((d) => (
            <Group key={d.weekday} gap="sm" wrap="wrap" data-testid="working-day">
              <Checkbox w="8rem" label={weekdayLabels[d.weekday]} checked={d.on} onChange={(e) => setDay(d.weekday, { on: e.currentTarget.checked })} />
              {/* The two times stay on one line; on a phone they wrap under the day as a pair. */}
              <Group gap="xs" wrap="nowrap">
                <TextInput
                  type="time"
                  w="8.5rem"
                  aria-label={`${weekdayLabels[d.weekday]} start`}
                  disabled={!d.on}
                  value={d.start}
                  onChange={(e) => setDay(d.weekday, { start: e.currentTarget.value })}
                />
                <Text size="sm" aria-hidden>
                  to
                </Text>
                <TextInput
                  type="time"
                  w="8.5rem"
                  aria-label={`${weekdayLabels[d.weekday]} end`}
                  disabled={!d.on}
                  value={d.end}
                  onChange={(e) => setDay(d.weekday, { end: e.currentTarget.value })}
                />
              </Group>
            </Group>
          ))}
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label="Buffer before interviews (minutes)" min={0} max={240} {...num('bufferBeforeMinutes')} />
          <NumberInput label="Buffer after interviews (minutes)" min={0} max={240} {...num('bufferAfterMinutes')} />
          <NumberInput label="Minimum notice (minutes)" min={0} max={20160} {...num('minimumNoticeMinutes')} />
          <NumberInput label="Most interviews in a day" min={1} max={24} {...num('dailyMaximum')} />
        </SimpleGrid>
        {error && (
          <Alert color="red" role="alert" title="Not saved">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save working hours
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/my-schedule`: the person's busy times (agenda, in their time zone) and their working hours. */
export default function MySchedulePage() {
  const { clientId } = useSelectedClient();
  const hours = useApiQuery(calendarRoutes.workingHours, { query: { clientId: clientId ?? undefined } }, { enabled: Boolean(clientId) });
  return (
    <>
      <PageHeader
        title="My schedule"
        description="Your busy times from your connected calendars, and the hours in which interviews may be offered to you."
        actions={
          <Anchor component={Link} underline="always" to="/connect-calendar">
            Connect a calendar
          </Anchor>
        }
      />
      {!clientId ? (
        <EmptyState title="Choose a client first">Your schedule is kept for the client you work in.</EmptyState>
      ) : (
        <Stack>
          <Section title="Booked interviews">
            <MyScheduledInterviews clientId={clientId} />
          </Section>
          <Section title="Upcoming busy times">
            <Agenda clientId={clientId} />
          </Section>
          <Section title="Working hours">
            {hours.isLoading ? (
              <LoadingRows rows={4} />
            ) : hours.error || !hours.data ? (
              <ErrorState error={hours.error} onRetry={() => hours.refetch()} />
            ) : (
              <WorkingHoursForm clientId={clientId} initial={hours.data} />
            )}
          </Section>
        </Stack>
      )}
    </>
  );
}
