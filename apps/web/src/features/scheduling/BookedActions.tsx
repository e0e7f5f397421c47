import { type ApplicationSchedule, schedulingRoutes } from '@hh/contract/scheduling';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { dayLabel, timeLabel, zoneName } from './zones.ts';

type Mode = 'idle' | 'move' | 'cancel';

/**
 * Move or cancel one booked interview (the hiring team, in the application's scheduling panel). Move
 * lists the times every interviewer is free, grouped by day in the browser's zone (named); cancel
 * asks once more. The candidate and the interviewers are mailed an updated or cancelled invitation.
 */
export function BookedActions({
  applicationId,
  schedule,
  clientId,
  zone,
}: {
  applicationId: string;
  schedule: ApplicationSchedule;
  clientId: string;
  zone: string;
}) {
  const qc = useQueryClient();
  const [mode, setMode] = useState<Mode>('idle');
  const [start, setStart] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const params = { id: applicationId, linkId: schedule.id };
  const times = useApiQuery(schedulingRoutes.moveTimes, { params, query: { clientId } }, { enabled: mode === 'move' });
  const options = useMemo(() => {
    const groups: { group: string; items: { value: string; label: string }[] }[] = [];
    for (const s of times.data?.results ?? []) {
      const day = dayLabel(s.start, zone);
      const item = { value: s.start, label: `${timeLabel(s.start, zone)}, ${day}` };
      const last = groups.at(-1);
      if (last?.group === day) last.items.push(item);
      else groups.push({ group: day, items: [item] });
    }
    return groups;
  }, [times.data, zone]);
  const done = (message: string) => {
    notify.success(message);
    setMode('idle');
    setStart(null);
    setError(null);
    void qc.invalidateQueries({ queryKey: queryKey(schedulingRoutes.ofApplication, { params: { id: applicationId } }) });
    void qc.invalidateQueries({ queryKey: queryKey(schedulingRoutes.mine) });
  };
  const failed = (err: Error) => {
    if (err instanceof ApiError) setError(err.first('start') ?? err.first('scheduling') ?? err.message);
    else setError('The interview could not be changed. Try again.');
    void qc.invalidateQueries({ queryKey: queryKey(schedulingRoutes.moveTimes, { params }) });
  };
  const move = useMutation({
    mutationFn: () => api(schedulingRoutes.move, { params, body: { clientId, start: start ?? '', timeZone: zone } }),
    onSuccess: (r) => done(r.message),
    onError: failed,
  });
  const cancel = useMutation({
    mutationFn: () => api(schedulingRoutes.cancelByTeam, { params, body: { clientId } }),
    onSuccess: (r) => done(r.message),
    onError: failed,
  });

  if (mode === 'idle')
    return (
      <Group gap="xs">
        <Button size="compact-sm" variant="light" onClick={() => setMode('move')} aria-label={`Move ${schedule.interviewName}`}>
          Move
        </Button>
        <Button size="compact-sm" variant="light" color="red" onClick={() => setMode('cancel')} aria-label={`Cancel ${schedule.interviewName}`}>
          Cancel
        </Button>
      </Group>
    );
  const close = () => {
    setMode('idle');
    setStart(null);
    setError(null);
  };
  return (
    <Stack gap="xs" w="100%" data-testid="booked-actions">
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {mode === 'cancel' ? (
        <>
          <Text size="sm">Cancel this interview? The candidate and the interviewers get a cancellation, and it leaves their calendars.</Text>
          <Group gap="xs">
            <Button size="sm" color="red" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              Cancel the interview
            </Button>
            <Button size="sm" variant="default" onClick={close}>
              Keep it
            </Button>
          </Group>
        </>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!start) return setError('Choose the new time.');
            move.mutate();
          }}
        >
          <Stack gap="xs">
            {times.isPending ? <Text size="sm">Finding times when every interviewer is free…</Text> : null}
            {times.error ? <Alert color="red">The free times could not be loaded. Try again.</Alert> : null}
            {times.data && !times.data.results.length ? <Text size="sm">No time in the next two weeks has every interviewer free.</Text> : null}
            {options.length ? (
              <Select
                label={`New time (${zoneName(zone)})`}
                placeholder="Choose a time"
                data={options}
                value={start}
                onChange={setStart}
                searchable
                allowDeselect={false}
                maxDropdownHeight={280}
              />
            ) : null}
            <Group gap="xs">
              <Button type="submit" size="sm" loading={move.isPending} disabled={!options.length}>
                Move the interview
              </Button>
              <Button size="sm" variant="default" onClick={close}>
                Keep the time
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
