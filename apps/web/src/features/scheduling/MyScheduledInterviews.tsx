import { type MyScheduledInterview, schedulingRoutes } from '@hh/contract/scheduling';
import { Alert, Badge, Box, Button, Group, Paper, Popover, SegmentedControl, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { formatCalendarDay, formatTimeRange, zonedParts } from '../../lib/format.ts';
import { useApiQuery } from '../../lib/query.ts';
import { dayLabel, zoneName } from './zones.ts';

/** The local day (as its UTC midnight) and minutes after midnight of an instant in a zone. */
function local(iso: string, timeZone: string) {
  const p = zonedParts(iso, timeZone);
  return { day: Date.UTC(p.year, p.month - 1, p.day), minutes: p.hour * 60 + p.minute };
}
const DAY = 86_400_000;
const HOUR_PX = 44;
/** "Monday, November 30" of a local day (its UTC midnight). */
const dayName = (day: number, style: 'long' | 'short' = 'long') => formatCalendarDay(day, style === 'long' ? 'weekday' : 'weekday-short');
const clock = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
/** The Monday (local, as UTC midnight) of the week holding `day`. */
const mondayOf = (day: number) => day - ((new Date(day).getUTCDay() + 6) % 7) * DAY;

interface Placed {
  i: MyScheduledInterview;
  day: number;
  start: number;
  end: number;
}

/** The interview's details: the time in the person's zone, who and what, and its copy in their calendar. */
function Details({ p, timeZone }: { p: Placed; timeZone: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {dayLabel(p.i.startsAt, timeZone)}, {formatTimeRange(p.i.startsAt, p.i.endsAt, timeZone, false)}
      </Text>
      <Text size="sm">
        {p.i.interviewName} with {p.i.candidateName} ({p.i.jobTitle})
      </Text>
      {p.i.calendarCopy ? (
        <Text
          size="sm"
          c={p.i.calendarCopy.state === 'failed' ? 'red.8' : p.i.calendarCopy.state === 'retrying' ? 'orange.9' : 'gray.7'}
          data-testid="calendar-copy"
        >
          {p.i.calendarCopy.words}
        </Text>
      ) : null}
    </Stack>
  );
}

/** One interview in the week's grid: a button (keyboard reachable) placed by its time, opening its details. */
function Block({ p, timeZone, from }: { p: Placed; timeZone: string; from: number }) {
  const [open, setOpen] = useState(false);
  const top = ((p.start - from) / 60) * HOUR_PX;
  const height = Math.max(((p.end - p.start) / 60) * HOUR_PX - 2, 22);
  return (
    <Popover opened={open} onChange={setOpen} width={280} position="right" withArrow shadow="md" trapFocus={false} returnFocus>
      <Popover.Target>
        <UnstyledButton
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          data-testid="week-interview"
          style={{
            position: 'absolute',
            top,
            left: 2,
            right: 2,
            height,
            overflow: 'hidden',
            borderRadius: 6,
            padding: '2px 6px',
            background: 'var(--mantine-color-brand-1, var(--mantine-color-blue-1))',
            borderLeft: '3px solid var(--mantine-color-brand-7, var(--mantine-color-blue-7))',
            color: 'var(--mantine-color-dark-9)',
            fontSize: 12,
            lineHeight: 1.25,
          }}
        >
          {/* The visible text is the button's name (time, interview and candidate); the popover has the rest. */}
          <b>{clock(p.start)}</b> {p.i.interviewName} with {p.i.candidateName}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Details p={p} timeZone={timeZone} />
      </Popover.Dropdown>
    </Popover>
  );
}

/** Seven columns, Monday to Sunday, each interview placed by its time on an hour scale. */
function WeekGrid({ days, placed, timeZone, today }: { days: number[]; placed: Placed[]; timeZone: string; today: number }) {
  // The scale covers 08:00–18:00 and any interview outside it.
  const from = Math.min(8 * 60, ...placed.map((p) => Math.floor(p.start / 60) * 60));
  const to = Math.max(18 * 60, ...placed.map((p) => Math.ceil(p.end / 60) * 60));
  const hours = Array.from({ length: (to - from) / 60 }, (_, k) => from + k * 60);
  const height = hours.length * HOUR_PX;
  return (
    <Box style={{ display: 'grid', gridTemplateColumns: '3.2rem repeat(7, minmax(0, 1fr))', columnGap: 4 }} data-testid="week-grid">
      <div aria-hidden />
      {days.map((d) => (
        <Text key={d} size="sm" fw={d === today ? 700 : 500} ta="center" aria-hidden c={d === today ? 'brand.8' : undefined}>
          {dayName(d, 'short')}
        </Text>
      ))}
      <div aria-hidden style={{ position: 'relative', height }}>
        {hours.map((h) => (
          <Text key={h} size="xs" c="gray.7" style={{ position: 'absolute', top: ((h - from) / 60) * HOUR_PX - 7, right: 4 }}>
            {clock(h)}
          </Text>
        ))}
      </div>
      {days.map((d) => {
        const mine = placed.filter((p) => p.day === d);
        return (
          <section key={d} aria-label={`${dayName(d)}: ${mine.length ? `${mine.length} interview${mine.length === 1 ? '' : 's'}` : 'no interviews'}`}>
            <div
              style={{
                position: 'relative',
                height,
                borderRadius: 6,
                background: d === today ? 'var(--mantine-color-gray-1)' : 'var(--mantine-color-gray-0)',
                backgroundImage: `repeating-linear-gradient(to bottom, var(--mantine-color-gray-3) 0, var(--mantine-color-gray-3) 1px, transparent 1px, transparent ${HOUR_PX}px)`,
              }}
            >
              {mine.map((p) => (
                <Block key={p.i.id} p={p} timeZone={timeZone} from={from} />
              ))}
            </div>
          </section>
        );
      })}
    </Box>
  );
}

/** A phone: one day of the week at a time, as a list. */
function DayList({ days, placed, timeZone, today }: { days: number[]; placed: Placed[]; timeZone: string; today: number }) {
  const [index, setIndex] = useState(() => Math.max(0, days.indexOf(today)));
  const day = days[Math.min(index, days.length - 1)];
  const mine = placed.filter((p) => p.day === day);
  return (
    <Stack gap="xs" data-testid="day-list">
      <Title order={4} size="h5" ta="center" aria-live="polite">
        {dayName(day)}
      </Title>
      <Group justify="space-between" gap="xs">
        <Button variant="default" size="xs" onClick={() => setIndex((k) => k - 1)} disabled={index === 0}>
          Previous day
        </Button>
        <Button variant="default" size="xs" onClick={() => setIndex((k) => k + 1)} disabled={index >= days.length - 1}>
          Next day
        </Button>
      </Group>
      {mine.length ? (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {mine.map((p) => (
            <Paper key={p.i.id} withBorder p="xs" radius="md" component="li" data-testid="day-interview">
              <Details p={p} timeZone={timeZone} />
            </Paper>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="gray.7">
          No interviews on this day.
        </Text>
      )}
    </Stack>
  );
}

/** The agenda: every booked interview still to come, earliest first. */
function AgendaList({ placed, timeZone }: { placed: Placed[]; timeZone: string }) {
  return (
    <Stack gap={6} data-testid="my-scheduled-interviews">
      {placed.map((p) => (
        <div key={p.i.id}>
          <Details p={p} timeZone={timeZone} />
        </div>
      ))}
    </Stack>
  );
}

/**
 * The signed-in user's booked interviews still to come (My schedule), in their own time zone (their
 * working hours', named): a week of seven columns with each interview placed by its time (a day at a
 * time on a phone), or the agenda. Each shows the state of its copy in the user's calendar.
 */
export function MyScheduledInterviews({ clientId }: { clientId: string }) {
  const q = useApiQuery(schedulingRoutes.mine, { query: { clientId } });
  const [view, setView] = useState<'week' | 'agenda'>('week');
  const [weekOffset, setWeekOffset] = useState(0);
  const phone = useMediaQuery('(max-width: 40em)', false, { getInitialValueInEffect: false });
  const timeZone = q.data?.timeZone ?? 'UTC';
  const placed = useMemo<Placed[]>(
    () =>
      (q.data?.results ?? []).map((i) => {
        const s = local(i.startsAt, timeZone);
        const e = local(i.endsAt, timeZone);
        // An interview past midnight ends at the day's end on the grid.
        return { i, day: s.day, start: s.minutes, end: e.day === s.day ? e.minutes : 24 * 60 };
      }),
    [q.data, timeZone],
  );
  const today = useMemo(() => local(new Date().toISOString(), timeZone).day, [timeZone]);
  if (q.isPending) return <Text size="sm">Loading your interviews…</Text>;
  if (q.error) return <Alert color="red">Your interviews could not be loaded. Reload the page to try again.</Alert>;
  const monday = mondayOf(today) + weekOffset * 7 * DAY;
  const days = Array.from({ length: 7 }, (_, k) => monday + k * DAY);
  const inWeek = placed.filter((p) => p.day >= monday && p.day < monday + 7 * DAY);
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text size="sm" data-testid="interviews-time-zone">
          Times in <b>{zoneName(timeZone)}</b>
        </Text>
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(v) => setView(v as 'week' | 'agenda')}
          data={[
            { value: 'week', label: 'Week' },
            { value: 'agenda', label: 'Agenda' },
          ]}
          aria-label="View"
        />
      </Group>
      {!placed.length ? (
        <Text size="sm" c="gray.7">
          No interviews booked with you yet. When a candidate books a time, it shows here.
        </Text>
      ) : view === 'agenda' ? (
        <AgendaList placed={placed} timeZone={timeZone} />
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Title order={3} size="h5" data-testid="week-title">
              Week of {dayName(monday)}
              {weekOffset === 0 ? (
                <Badge ml="xs" variant="light" size="sm">
                  This week
                </Badge>
              ) : null}
            </Title>
            <Group gap={4} wrap="nowrap">
              <Button variant="default" size="xs" onClick={() => setWeekOffset((w) => w - 1)} disabled={weekOffset <= 0}>
                Previous week
              </Button>
              <Button variant="default" size="xs" onClick={() => setWeekOffset((w) => w + 1)}>
                Next week
              </Button>
            </Group>
          </Group>
          {phone ? (
            <DayList key={monday} days={days} placed={inWeek} timeZone={timeZone} today={today} />
          ) : (
            <WeekGrid days={days} placed={inWeek} timeZone={timeZone} today={today} />
          )}
          {!inWeek.length ? (
            <Text size="sm" c="gray.7">
              No interviews this week.
            </Text>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
