import { type Availability, type AvailabilityRange, chatbotRoutes, chatbotWeekdayLabels, MAX_RANGES, SLOT_LENGTHS } from '@hh/contract/chatbot';
import { ActionIcon, Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';

/**
 * `/chatbot-calendar`: the interview times the career-site chatbot may offer candidates, per client
 * (weekday time ranges, slot length, time zone). Core §7: this is the one page whose calls carry no
 * X-Client-Url / X-Client-Id headers (`noClientHeaders`); each call names its client in the query or body.
 */
const zones = (): string[] => {
  const all = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return all.includes('UTC') ? all : ['UTC', ...all];
};
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const NO_HEADERS = { noClientHeaders: true } as const;

function AvailabilityForm({ clientId, initial }: { clientId: string; initial: Availability }) {
  const qc = useQueryClient();
  const [timeZone, setTimeZone] = useState(initial.timeZone);
  const [slotMinutes, setSlotMinutes] = useState(initial.slotMinutes);
  const [ranges, setRanges] = useState<AvailabilityRange[]>(initial.ranges);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => api(chatbotRoutes.saveAvailability, { body: { clientId, timeZone, slotMinutes, ranges } }, NO_HEADERS),
    onMutate: () => setError(null),
    onSuccess: (r) => {
      notify.success(r.message);
      setRanges(r.ranges);
      qc.invalidateQueries({ queryKey: queryKey(chatbotRoutes.availability) });
    },
    onError: (err) => setError(err instanceof ApiError ? err.message : 'The availability could not be saved'),
  });
  const update = (i: number, patch: Partial<AvailabilityRange>) => setRanges((cur) => cur.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const add = (weekday: number) => {
    const last = [...ranges].reverse().find((r) => r.weekday === weekday);
    setRanges((cur) => [...cur, last ? { weekday, start: last.end, end: last.end < '17:00' ? '17:00' : '23:59' } : { weekday, start: '09:00', end: '17:00' }]);
  };
  return (
    <form
      noValidate
      aria-label="Chatbot availability"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Time zone" searchable data={zones()} value={timeZone} onChange={(z) => z && setTimeZone(z)} allowDeselect={false} />
          <Select
            label="Interview length"
            data={SLOT_LENGTHS.map((n) => ({ value: String(n), label: `${n} minutes` }))}
            value={String(slotMinutes)}
            onChange={(v) => v && setSlotMinutes(Number(v))}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Stack gap="xs">
          {WEEKDAYS.map((weekday) => {
            const day = chatbotWeekdayLabels[weekday];
            const own = ranges.map((r, i) => ({ r, i })).filter((x) => x.r.weekday === weekday);
            return (
              <Paper key={weekday} withBorder p="sm" radius="md" data-testid="availability-day">
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                  <Title order={3} size="h6" w="7rem" pt={6}>
                    {day}
                  </Title>
                  <Stack gap={6} style={{ flex: 1, minWidth: '15rem' }}>
                    {own.length ? null : (
                      <Text size="sm" c="dimmed" pt={6}>
                        No times offered
                      </Text>
                    )}
                    {own.map(({ r, i }) => (
                      <Group key={i} gap="xs" wrap="nowrap">
                        <TextInput
                          type="time"
                          w={{ base: '7.25rem', sm: '8.5rem' }}
                          aria-label={`${day} from`}
                          value={r.start}
                          onChange={(e) => update(i, { start: e.currentTarget.value })}
                        />
                        <Text size="sm" aria-hidden>
                          to
                        </Text>
                        <TextInput
                          type="time"
                          w={{ base: '7.25rem', sm: '8.5rem' }}
                          aria-label={`${day} until`}
                          value={r.end}
                          onChange={(e) => update(i, { end: e.currentTarget.value })}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          aria-label={`Remove ${day} ${r.start} to ${r.end}`}
                          onClick={() => setRanges((cur) => cur.filter((_, j) => j !== i))}
                        >
                          <span aria-hidden>×</span>
                        </ActionIcon>
                      </Group>
                    ))}
                  </Stack>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    mt={4}
                    onClick={() => add(weekday)}
                    disabled={ranges.length >= MAX_RANGES}
                    aria-label={`Add time on ${day}`}
                  >
                    Add time
                  </Button>
                </Group>
              </Paper>
            );
          })}
        </Stack>
        {error ? (
          <Alert color="red" role="alert" title="Not saved">
            {error}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save availability
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ClientAvailability({ clientId }: { clientId: string }) {
  const input = { query: { clientId } };
  const q = useQuery({
    queryKey: queryKey(chatbotRoutes.availability, input),
    queryFn: ({ signal }) => api(chatbotRoutes.availability, input, { ...NO_HEADERS, signal }),
  });
  if (q.isLoading) return <LoadingRows rows={4} />;
  if (q.error || !q.data) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  return (
    <Stack gap="sm">
      {!q.data.saved ? (
        <Text size="sm" data-testid="availability-unsaved">
          The chatbot offers no interview times until you save some.
        </Text>
      ) : null}
      <AvailabilityForm key={`${clientId}:${q.data.updatedAt ?? 'new'}`} clientId={clientId} initial={q.data} />
    </Stack>
  );
}

export default function ChatbotCalendarPage() {
  const { clients, clientId: selected } = useSelectedClient();
  const [chosen, setChosen] = useState<string | null>(null);
  const clientId = chosen ?? selected;
  return (
    <>
      <PageHeader
        title="Chatbot calendar"
        description="The times the career-site chatbot may offer candidates for an interview. Candidates see them in their own time zone and book one in the chat."
      />
      {!clientId ? (
        <EmptyState title="No client yet">The chatbot’s availability is kept per client.</EmptyState>
      ) : (
        <Stack>
          {clients.length > 1 ? (
            <Select
              label="Client"
              w={{ base: '100%', sm: '20rem' }}
              data={clients.map((c) => ({ value: c._id, label: c.name }))}
              value={clientId}
              onChange={(v) => v && setChosen(v)}
              allowDeselect={false}
              searchable
            />
          ) : null}
          <Section title="Interview availability">
            <ClientAvailability clientId={clientId} />
          </Section>
        </Stack>
      )}
    </>
  );
}
