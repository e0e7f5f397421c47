import { interviewsRoutes } from '@hh/contract/interviews';
import { type ApplicationSchedule, schedulingRoutes, WINDOW_DAYS } from '@hh/contract/scheduling';
import { Alert, Badge, Button, Group, NumberInput, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { BookedActions } from './BookedActions.tsx';
import { ProposeTimes } from './ProposeTimes.tsx';
import { browserZone, whenLabel } from './zones.ts';

const STATE: Record<ApplicationSchedule['state'], { label: string; color: string }> = {
  sent: { label: 'Link sent', color: 'indigo' },
  booked: { label: 'Booked', color: 'teal' },
  cancelled: { label: 'Cancelled', color: 'red' },
  expired: { label: 'Link expired', color: 'gray' },
};

/**
 * Scheduling on one application, in the candidate drawer: the interviews scheduled (or links sent)
 * with their state and booked time, and "Send scheduling link" (one interview of the job's plan and
 * how many days of times to offer). The candidate picks the time on the public booking page.
 */
export function SchedulingPanel({ applicationId, jobId }: { applicationId: string; jobId: string }) {
  const clientId = useSelectedClient().clientId ?? '';
  const qc = useQueryClient();
  const zone = useMemo(browserZone, []);
  const list = useApiQuery(schedulingRoutes.ofApplication, { params: { id: applicationId }, query: { clientId } }, { enabled: !!clientId });
  const plan = useApiQuery(interviewsRoutes.getPlan, { params: { jobId }, query: { clientId } }, { enabled: !!clientId });
  const options = useMemo(
    () =>
      (plan.data?.interviews ?? []).map((i) => ({
        value: i.id,
        label: `${i.name} (${i.durationMinutes} min${i.interviewers.length ? `, ${i.interviewers.map((p) => p.name).join(', ')}` : ', no interviewers'})`,
      })),
    [plan.data],
  );
  const [open, setOpen] = useState(false);
  const [proposing, setProposing] = useState(false);
  const [interviewId, setInterviewId] = useState<string | null>(null);
  const [days, setDays] = useState<number | string>(WINDOW_DAYS.default);
  const [fieldError, setFieldError] = useState<{ interviewId?: string; windowDays?: string }>({});
  const send = useMutation({
    mutationFn: () =>
      api(schedulingRoutes.createLink, {
        params: { id: applicationId },
        body: { clientId, interviewId: interviewId ?? '', windowDays: typeof days === 'number' ? days : Number(days) },
      }),
    onSuccess: (r) => {
      notify.success(r.message);
      setOpen(false);
      setInterviewId(null);
      setFieldError({});
      void qc.invalidateQueries({ queryKey: queryKey(schedulingRoutes.ofApplication, { params: { id: applicationId } }) });
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        const f = { interviewId: err.first('interviewId'), windowDays: err.first('windowDays') };
        setFieldError(f);
        if (!f.interviewId && !f.windowDays) notify.error(err.message);
      } else notify.error('The link could not be sent. Try again.');
    },
  });

  const results = list.data?.results ?? [];
  return (
    <Paper withBorder radius="md" p="sm" mt="sm" data-testid="scheduling-panel">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          Interview scheduling
        </Title>
        {!open && !proposing ? (
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => setProposing(true)} disabled={!options.length}>
              Propose times
            </Button>
            <Button size="xs" variant="light" onClick={() => setOpen(true)} disabled={!options.length}>
              Send scheduling link
            </Button>
          </Group>
        ) : null}
      </Group>
      {list.isPending ? <Text size="sm">Loading the scheduled interviews…</Text> : null}
      {list.error ? <Alert color="red">The scheduled interviews could not be loaded. Reload the page to try again.</Alert> : null}
      {!plan.isPending && !options.length ? (
        <Text size="sm" c="gray.7">
          The job has no interviews planned yet: add them on the job’s Interview plan tab to send a scheduling link.
        </Text>
      ) : null}
      {proposing ? <ProposeTimes applicationId={applicationId} clientId={clientId} options={options} zone={zone} onClose={() => setProposing(false)} /> : null}
      {open ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!interviewId) return setFieldError({ interviewId: 'Choose the interview to schedule' });
            send.mutate();
          }}
        >
          <Stack gap="xs" mb="sm">
            <Select
              label="Interview"
              placeholder="Choose the interview"
              data={options}
              value={interviewId}
              onChange={setInterviewId}
              error={fieldError.interviewId}
              allowDeselect={false}
            />
            <NumberInput
              label="Offer times over the next (days)"
              min={WINDOW_DAYS.min}
              max={WINDOW_DAYS.max}
              value={days}
              onChange={setDays}
              error={fieldError.windowDays}
              maw={240}
            />
            <Group>
              <Button type="submit" size="sm" loading={send.isPending}>
                Send the link
              </Button>
              <Button
                size="sm"
                variant="default"
                onClick={() => {
                  setOpen(false);
                  setFieldError({});
                }}
              >
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
      {results.length ? (
        <Stack gap={6} data-testid="scheduling-list">
          {results.map((s) => (
            <Group key={s.id} justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Text size="sm" fw={600}>
                  {s.interviewName}
                </Text>
                <Text size="sm" c="gray.7">
                  {s.state === 'booked' && s.startsAt
                    ? whenLabel(s.startsAt, zone)
                    : s.state === 'sent' && s.proposedStarts
                      ? `Times proposed, waiting for the candidate: ${s.proposedStarts.map((t) => whenLabel(t, zone)).join('; ')}`
                      : s.state === 'sent'
                        ? `Waiting for the candidate to choose a time (link open until ${whenLabel(s.expiresAt, zone)})`
                        : s.interviewers.map((p) => p.name).join(', ')}
                </Text>
              </div>
              <Badge color={STATE[s.state].color} variant="light">
                {STATE[s.state].label}
              </Badge>
              {s.state === 'booked' && s.startsAt && new Date(s.endsAt ?? s.startsAt) > new Date() ? (
                <BookedActions applicationId={applicationId} schedule={s} clientId={clientId} zone={zone} />
              ) : null}
            </Group>
          ))}
        </Stack>
      ) : !list.isPending && !list.error && options.length ? (
        <Text size="sm" c="gray.7">
          No interview scheduled yet.
        </Text>
      ) : null}
    </Paper>
  );
}
