import { PROPOSED_TIMES, schedulingRoutes } from '@hh/contract/scheduling';
import { Alert, Button, Chip, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { dayLabel, timeLabel, zoneName } from './zones.ts';

const DAYS_SHOWN = 3;

/**
 * Propose times (in the application's scheduling panel): choose the interview, then 3–5 of the times
 * when every interviewer is free over the next two weeks (shown in the browser's zone, named). The
 * candidate gets one email with each time as its own link; the first free one they open books.
 */
export function ProposeTimes({
  applicationId,
  clientId,
  options,
  zone,
  onClose,
}: {
  applicationId: string;
  clientId: string;
  options: { value: string; label: string }[];
  zone: string;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const [interviewId, setInterviewId] = useState<string | null>(options.length === 1 ? options[0].value : null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [dayCount, setDayCount] = useState(DAYS_SHOWN);
  const [error, setError] = useState<string | null>(null);
  const free = useApiQuery(
    schedulingRoutes.freeTimes,
    { params: { id: applicationId }, query: { clientId, interviewId: interviewId ?? '', days: 14 } },
    { enabled: !!interviewId },
  );
  const days = useMemo(() => {
    const out: { day: string; starts: string[] }[] = [];
    for (const s of free.data?.results ?? []) {
      const day = dayLabel(s.start, zone);
      const last = out.at(-1);
      if (last?.day === day) last.starts.push(s.start);
      else out.push({ day, starts: [s.start] });
    }
    return out;
  }, [free.data, zone]);
  const send = useMutation({
    mutationFn: () =>
      api(schedulingRoutes.propose, { params: { id: applicationId }, body: { clientId, interviewId: interviewId ?? '', starts: chosen, timeZone: zone } }),
    onSuccess: (r) => {
      notify.success(r.message);
      void qc.invalidateQueries({ queryKey: queryKey(schedulingRoutes.ofApplication, { params: { id: applicationId } }) });
      onClose();
    },
    onError: (err) => {
      setError(
        err instanceof ApiError
          ? (err.first('starts') ?? err.first('interviewId') ?? err.first('scheduling') ?? err.message)
          : 'The times could not be sent. Try again.',
      );
      void qc.invalidateQueries({ queryKey: queryKey(schedulingRoutes.freeTimes, { params: { id: applicationId } }) });
    },
  });
  const full = chosen.length >= PROPOSED_TIMES.max;
  return (
    <form
      data-testid="propose-times"
      onSubmit={(e) => {
        e.preventDefault();
        if (!interviewId) return setError('Choose the interview to schedule.');
        if (chosen.length < PROPOSED_TIMES.min) return setError(`Choose at least ${PROPOSED_TIMES.min} times.`);
        send.mutate();
      }}
    >
      <Stack gap="xs" mb="sm">
        <Select
          label="Interview"
          placeholder="Choose the interview"
          data={options}
          value={interviewId}
          onChange={(v) => {
            setInterviewId(v);
            setChosen([]);
          }}
          allowDeselect={false}
        />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {interviewId && free.isPending ? <Text size="sm">Finding times when every interviewer is free…</Text> : null}
        {free.error ? <Alert color="red">The free times could not be loaded. Try again.</Alert> : null}
        {free.data && !days.length ? <Text size="sm">No time in the next two weeks has every interviewer free.</Text> : null}
        {days.length ? (
          <>
            <Text size="sm" id="propose-help">
              Choose {PROPOSED_TIMES.min}–{PROPOSED_TIMES.max} times ({chosen.length} chosen). Times in {zoneName(zone)}; the email names them in this zone and
              the candidate's page in theirs.
            </Text>
            <Chip.Group multiple value={chosen} onChange={setChosen}>
              {days.slice(0, dayCount).map((d) => (
                <fieldset key={d.day} style={{ border: 0, padding: 0, margin: 0 }} aria-describedby="propose-help">
                  <Title order={4} size="h6" component="legend" mb={4}>
                    {d.day}
                  </Title>
                  <Group gap={6}>
                    {d.starts.map((s) => (
                      <Chip key={s} value={s} size="xs" disabled={full && !chosen.includes(s)}>
                        {timeLabel(s, zone)}
                      </Chip>
                    ))}
                  </Group>
                </fieldset>
              ))}
            </Chip.Group>
            {days.length > dayCount ? (
              <Button size="compact-sm" variant="subtle" onClick={() => setDayCount((n) => n + DAYS_SHOWN)} style={{ alignSelf: 'flex-start' }}>
                Show more days ({days.length - dayCount} more)
              </Button>
            ) : null}
          </>
        ) : null}
        <Group>
          <Button type="submit" size="sm" loading={send.isPending}>
            Send the times
          </Button>
          <Button size="sm" variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
