import { chatbotRoutes } from '@hh/contract/chatbot';
import { type PublicSlot, schedulingRoutes } from '@hh/contract/scheduling';
import { Alert, Box, Button, Container, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ApiError, api } from '../../lib/api.ts';
import { allZones, browserZone, dayLabel, timeLabel, whenLabel, zoneAbbr } from './zones.ts';

const quiet = { ignoreSession: true, noReload: true } as const;
const DAYS_SHOWN = 3;
const errorText = (err: unknown, fallback: string) =>
  err instanceof ApiError ? (err.first('start') ?? err.first('scheduling') ?? err.first('timeZone') ?? err.message) : fallback;

/** Slots grouped by their day in the zone, in order. */
function byDay(slots: PublicSlot[], timeZone: string): { day: string; slots: PublicSlot[] }[] {
  const out: { day: string; slots: PublicSlot[] }[] = [];
  for (const s of slots) {
    const day = dayLabel(s.start, timeZone);
    const last = out[out.length - 1];
    if (last?.day === day) last.slots.push(s);
    else out.push({ day, slots: [s] });
  }
  return out;
}

/**
 * `/schedule/{token}`: the candidate's booking page, without sign-in (the link from the email is the
 * key). Mobile first: the interview, the times offered in the candidate's own time zone (detected in
 * the browser, named, and changeable), one tap to choose a time and one to confirm. A booked
 * interview shows its time with Reschedule and Cancel. The server's words are shown as they come
 * ("That time was just taken…" with the next free times, an expired or used link).
 * `/schedule/chat/{token}` is the same page for an interview booked in the career-site chat (the link
 * in its confirmation): `source="chat"` sends the calls to the chatbot's booking routes.
 */
export default function BookingPage({ source = 'link' }: { source?: 'link' | 'chat' }) {
  const { token = '' } = useParams();
  const chat = source === 'chat';
  const qc = useQueryClient();
  const key = ['public-schedule', source, token];
  const q = useQuery({
    queryKey: key,
    retry: false,
    queryFn: () => (chat ? api(chatbotRoutes.booking, { params: { token } }, quiet) : api(schedulingRoutes.publicGet, { params: { token } }, quiet)),
  });
  const [zone, setZone] = useState(browserZone);
  const zones = useMemo(() => allZones().map((z) => ({ value: z, label: z.replace(/_/g, ' ') })), []);
  const [chosen, setChosen] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A phone shows a few days at a time; more on request (the list of two weeks is long).
  const [dayCount, setDayCount] = useState(DAYS_SHOWN);
  const [done, setDone] = useState<string | null>(null);
  const data = q.data;
  useEffect(() => {
    document.title = data ? `Choose a time: ${data.interviewName} – ${data.companyName}` : 'Choose a time for your interview';
  }, [data]);
  // A proposed time's own link (?time=… from the email) opens with that time chosen: one tap confirms it.
  const [search] = useSearchParams();
  const proposedTime = search.get('time');
  const preselected = useRef(false);
  useEffect(() => {
    if (!data || !proposedTime || preselected.current || data.state !== 'open') return;
    preselected.current = true;
    const wanted = new Date(proposedTime).getTime();
    const slot = data.slots.find((s) => new Date(s.start).getTime() === wanted);
    if (slot) setChosen(slot.start);
    else setError('The time you opened is no longer free. Choose one of the times below.');
  }, [data, proposedTime]);

  const after = (message: string) => {
    setError(null);
    setDone(message);
    setChosen(null);
    setMoving(false);
    setConfirmCancel(false);
    void qc.invalidateQueries({ queryKey: key });
  };
  const book = useMutation({
    mutationFn: (start: string) =>
      chat
        ? api(chatbotRoutes.rescheduleBooking, { params: { token }, body: { start, timeZone: zone } }, quiet)
        : api(data?.state === 'booked' ? schedulingRoutes.reschedule : schedulingRoutes.book, { params: { token }, body: { start, timeZone: zone } }, quiet),
    onSuccess: (r) => after(r.message),
    onError: (err) => {
      setDone(null);
      setChosen(null);
      setError(errorText(err, 'Your time could not be booked. Try again.'));
      void qc.invalidateQueries({ queryKey: key });
    },
  });
  const cancel = useMutation({
    mutationFn: () =>
      chat ? api(chatbotRoutes.cancelBooking, { params: { token }, body: {} }, quiet) : api(schedulingRoutes.cancel, { params: { token }, body: {} }, quiet),
    onSuccess: (r) => after(r.message),
    onError: (err) => setError(errorText(err, 'The interview could not be cancelled. Try again.')),
  });
  const days = useMemo(() => byDay(data?.slots ?? [], zone), [data?.slots, zone]);

  if (q.isPending) {
    return (
      <Container size={720} py="xl" component="main">
        <Stack align="center" aria-busy="true">
          <Loader aria-label="Loading the times" />
        </Stack>
      </Container>
    );
  }
  if (q.error || !data) {
    return (
      <Container size={720} py="xl" px="md" component="main">
        <Title order={1} size="h2" mb="md">
          Choose a time for your interview
        </Title>
        <Alert color="red" role="alert" data-testid="schedule-error">
          {errorText(q.error, 'The times could not be loaded. Try again later.')}
        </Alert>
      </Container>
    );
  }
  const picking = data.state === 'open' || moving;
  return (
    <Box bg="gray.0" mih="100vh">
      <Container size={720} py="lg" px="md" component="main">
        <Stack gap="md">
          <div>
            <Text fw={700} c="brand.8">
              {data.companyName}
            </Text>
            <Title order={1} size="h2">
              {(data.state === 'booked' && !moving) || data.state === 'cancelled' ? 'Your interview' : 'Choose a time for your interview'}
            </Title>
            <Text c="gray.8">
              {data.interviewName} for {data.jobTitle}, {data.durationMinutes} minutes
            </Text>
          </div>
          {done ? (
            <Alert color="teal" role="status" data-testid="schedule-done">
              {done}
            </Alert>
          ) : null}
          {error ? (
            <Alert color="red" role="alert" data-testid="schedule-problem">
              {error}
            </Alert>
          ) : null}
          {data.state === 'cancelled' ? (
            <Alert color="gray" role="status">
              {chat
                ? 'This interview was cancelled. You can book a new one in the chat on the careers site.'
                : 'This interview was cancelled. Ask the company for a new link to book again.'}
            </Alert>
          ) : null}
          {data.state === 'booked' && data.booking && !moving ? (
            <Paper withBorder radius="md" p="md" data-testid="schedule-booked">
              <Stack gap="sm">
                <Text fw={600} size="lg">
                  {whenLabel(data.booking.start, zone)}
                </Text>
                <Text size="sm" c="gray.7">
                  Times are shown in {zone.replace(/_/g, ' ')}.
                </Text>
                {confirmCancel ? (
                  <Stack gap="xs">
                    <Text>Cancel this interview? Everyone on it will be told.</Text>
                    <Group>
                      <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate()}>
                        Yes, cancel the interview
                      </Button>
                      <Button variant="default" onClick={() => setConfirmCancel(false)}>
                        Keep it
                      </Button>
                    </Group>
                  </Stack>
                ) : (
                  <Group>
                    <Button
                      variant="light"
                      onClick={() => {
                        setMoving(true);
                        setDone(null);
                      }}
                      disabled={!data.slots.length}
                    >
                      Reschedule
                    </Button>
                    <Button variant="default" onClick={() => setConfirmCancel(true)}>
                      Cancel the interview
                    </Button>
                  </Group>
                )}
              </Stack>
            </Paper>
          ) : null}
          {picking ? (
            <>
              <Select
                label="Your time zone"
                description={`Times below are in ${zone.replace(/_/g, ' ')} (${zoneAbbr(zone)}).`}
                data={zones}
                value={zone}
                onChange={(v) => v && setZone(v)}
                searchable
                allowDeselect={false}
                nothingFoundMessage="No time zone of that name"
                maw={420}
              />
              {days.length ? (
                <Stack gap="md" data-testid="schedule-slots">
                  {days.slice(0, dayCount).map((d) => (
                    <section key={d.day} aria-label={d.day}>
                      <Title order={2} size="h4" mb="xs">
                        {d.day}
                      </Title>
                      <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
                        {d.slots.map((s) => (
                          <Button
                            key={s.start}
                            variant={chosen === s.start ? 'filled' : 'default'}
                            aria-pressed={chosen === s.start}
                            onClick={() => setChosen(s.start)}
                            px={4}
                          >
                            {timeLabel(s.start, zone)}
                          </Button>
                        ))}
                      </SimpleGrid>
                    </section>
                  ))}
                  {days.length > dayCount ? (
                    <Button variant="subtle" onClick={() => setDayCount((n) => n + DAYS_SHOWN)} style={{ alignSelf: 'flex-start' }}>
                      Show more days ({days.length - dayCount} more)
                    </Button>
                  ) : null}
                </Stack>
              ) : (
                <Alert color="yellow" role="status">
                  No time is free in this window any more. Ask the company for a new link.
                </Alert>
              )}
              {chosen ? (
                <Paper withBorder radius="md" p="md" pos="sticky" bottom={8} shadow="sm" data-testid="schedule-confirm">
                  <Stack gap="xs">
                    <Text>
                      {data.state === 'booked' ? 'Move your interview to' : 'Your choice:'} <strong>{whenLabel(chosen, zone)}</strong>
                    </Text>
                    <Group>
                      <Button loading={book.isPending} onClick={() => book.mutate(chosen)}>
                        {data.state === 'booked' ? 'Confirm the new time' : 'Confirm this time'}
                      </Button>
                      {moving ? (
                        <Button
                          variant="default"
                          onClick={() => {
                            setMoving(false);
                            setChosen(null);
                          }}
                        >
                          Keep the current time
                        </Button>
                      ) : null}
                    </Group>
                  </Stack>
                </Paper>
              ) : null}
            </>
          ) : null}
        </Stack>
      </Container>
    </Box>
  );
}
