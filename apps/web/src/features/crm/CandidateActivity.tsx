import { crmRoutes } from '@hh/contract/crm';
import { Button, Group, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState, LoadingRows } from '../../components/Page.tsx';
import { errorText } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { conversationTimelineLabel } from '../conversations/index.ts';
import { api, type Candidate, type TimelineEvent, useCandidateInvalidation, useTimeline } from './hooks.ts';

const LABELS: Record<string, (e: TimelineEvent) => string> = {
  created: (e) => `Candidate added (source: ${String(e.data.source ?? '')})`,
  applied: (e) => `${e.data.updated ? 'Updated the application for' : 'Applied for'} ${String(e.data.jobTitle ?? 'a job')}`,
  status: (e) => `Status moved from ${String(e.data.from)} to ${String(e.data.to)}`,
  tags: (e) =>
    [
      (e.data.added as string[])?.length ? `Tagged ${(e.data.added as string[]).join(', ')}` : '',
      (e.data.removed as string[])?.length ? `Untagged ${(e.data.removed as string[]).join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('; '),
  note: (e) => String(e.data.note ?? ''),
  'follow-up': (e) => `Follow-up set for ${String(e.data.reminderDate)}${e.data.note ? ` — ${String(e.data.note)}` : ''}`,
  unsubscribed: () => 'Unsubscribed from campaign emails',
  campaign: (e) => `Campaign "${String(e.data.name)}" emailed`,
  'follow-up-sent': (e) => `Follow-up reminder emailed to ${String(e.data.to)}`,
  referral: (e) => `Referred to ${String(e.data.jobTitle)}`,
  forward: (e) => `Profile forwarded to ${(e.data.to as string[])?.join(', ')}`,
  alert: (e) => `Alert "${String(e.data.name)}" ${String(e.data.action)}`,
  list: (e) => `Added to the list "${String(e.data.name)}"`,
  updated: (e) => (e.data.fields ? `Updated ${(e.data.fields as string[]).join(', ')}` : 'Assigned to a job'),
  viewed: () => 'Application opened',
  conversation: (e) => conversationTimelineLabel(e.data),
};

/** The drawer's "Notes & timeline" tab: a note box and everything that happened to the candidate. */
export function CandidateActivity({ c, clientId }: { c: Candidate; clientId: string }) {
  const fmt = useFormat();
  const tl = useTimeline(clientId, c._id);
  const invalidate = useCandidateInvalidation();
  const [note, setNote] = useState('');
  const add = useMutation({
    mutationFn: () => api(crmRoutes.addNote, { body: { clientId, candidateId: c._id, note } }),
    onSuccess: (r) => {
      notify.success(r.message);
      setNote('');
      invalidate(c._id);
    },
    onError: (err) => notify.error(errorText(err, 'The note could not be saved', 'note')),
  });
  return (
    <Stack gap="md">
      <Textarea label="Add a note" value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={2} />
      <Group>
        <Button color="blue.8" disabled={!note.trim()} onClick={() => add.mutate()} loading={add.isPending}>
          Add note
        </Button>
      </Group>
      {tl.isLoading ? (
        <LoadingRows rows={3} />
      ) : tl.error ? (
        <ErrorState error={tl.error} onRetry={() => tl.refetch()} />
      ) : (
        <Timeline bulletSize={14} lineWidth={2} data-testid="timeline">
          {(tl.data?.results ?? []).map((e) => (
            <Timeline.Item key={e._id} title={(LABELS[e.type] ?? (() => e.type))(e)}>
              <Text size="xs" c="gray.7">
                {e.actorEmail ?? 'System'} · {fmt.date(e.createdAt)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}
