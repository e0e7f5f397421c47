import { labelOf, statusLabels } from '@hh/contract/labels';
import { clientRoutes } from '@hh/contract/clients';
import { messages } from '@hh/contract/messages';
import { type WaveProfile, type WaveStatus, waveRoutes } from '@hh/contract/wave';
import { Alert, Badge, Button, Card, Group, List, Modal, SegmentedControl, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingRows, PageHeader } from '../../components/Page.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { statusColor, useInvalidateProfiles } from './hooks.ts';
import { VideoPlayer } from './VideoAnswer.tsx';

function ReviewCard({ p }: { p: WaveProfile }) {
  const invalidate = useInvalidateProfiles();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const name = `${p.basicInfo.firstName} ${p.basicInfo.lastName}`.trim() || p.email;
  const approve = useMutation({
    mutationFn: () => api(waveRoutes.update, { body: { _id: p._id, status: 'Approved' } }),
    onSuccess: () => {
      notify.success(messages.wave.approveSuccess);
      invalidate();
    },
    // The server's reason (an incomplete profile) when it gives one, else the spec's message.
    onError: (err) => notify.error(err instanceof ApiError ? (err.first('questions') ?? messages.wave.approveError) : messages.wave.approveError),
  });
  const reject = useMutation({
    mutationFn: () => api(waveRoutes.update, { body: { _id: p._id, status: 'Rejected', rejectionReason: reason } }),
    onSuccess: () => {
      notify.success(messages.wave.rejectSuccess);
      setRejecting(false);
      invalidate();
    },
    onError: () => notify.error(messages.wave.rejectError),
  });
  const videos = [...(p.profileVideo ? [{ videoId: p.profileVideo, question: 'Profile video' }] : []), ...p.questions.filter((q) => q.videoId)];
  // The reviewer sees which questionnaire answers are missing, and cannot approve until none are.
  const questionnaire = useApiQuery(clientRoutes.questions, { query: { clientId: p.clientId } });
  const answered = new Set(p.questions.filter((q) => q.videoId).map((q) => q.questionId));
  const missing = (questionnaire.data?.results ?? []).filter((q) => !answered.has(q._id)).map((q) => q.question);
  return (
    <Card withBorder radius="md" data-testid="review-card">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {name}
        </Title>
        <Badge color={statusColor[p.status]}>{labelOf(statusLabels, p.status)}</Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {[p.title, p.department, p.email].filter(Boolean).join(' · ')}
      </Text>
      <Stack gap="sm" mt="sm">
        {videos.length ? (
          videos.map((v) => (
            <Stack key={`${v.videoId}-${v.question}`} gap={4}>
              <Text size="sm" fw={600}>
                {v.question}
              </Text>
              <VideoPlayer videoId={v.videoId as string} label={`${name}: ${v.question}`} />
            </Stack>
          ))
        ) : (
          <Text size="sm">No videos yet.</Text>
        )}
        {missing.length ? (
          <Alert color="yellow" title={`${missing.length} of ${questionnaire.data?.results.length} answers missing`} data-testid="missing-answers">
            <List size="sm">
              {missing.map((q) => (
                <List.Item key={q}>{q}</List.Item>
              ))}
            </List>
            <Text size="sm" mt={4}>
              A profile is approved once every question has a video. Reject it with a reason to ask for the rest.
            </Text>
          </Alert>
        ) : null}
      </Stack>
      <Group mt="md" justify="flex-end">
        {p.status !== 'Rejected' ? (
          <Button variant="light" color="red" onClick={() => setRejecting(true)}>
            Reject
          </Button>
        ) : null}
        {p.status !== 'Approved' ? (
          <Button color="teal" onClick={() => approve.mutate()} loading={approve.isPending} disabled={questionnaire.isLoading || missing.length > 0}>
            Approve
          </Button>
        ) : null}
      </Group>
      <Modal opened={rejecting} onClose={() => setRejecting(false)} title={`Reject ${name}`} centered>
        <Stack>
          <Textarea
            label="Reason"
            description="Sent to the profile owner by email."
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            autosize
            minRows={3}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(false)}>
              Cancel
            </Button>
            <Button color="red" onClick={() => reject.mutate()} loading={reject.isPending} disabled={!reason.trim()}>
              Reject profile
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/** `/wave/publish-profiles`: the review queue with playback, approve, and reject with a reason. */
export default function PublishProfiles() {
  const { clientId } = useSelectedClient();
  const [status, setStatus] = useState<WaveStatus>('Pending Review');
  // Below a tablet's width the four statuses ("Waiting for review" the longest) do not fit side by side
  // once the page has a scrollbar (700 px: 17 px too wide).
  const phone = useMediaQuery('(max-width: 48em)');
  const list = useApiQuery(waveRoutes.byClient, { query: { clientId: clientId ?? '', status } }, { enabled: !!clientId });
  return (
    <>
      <PageHeader title="Publish profiles" description="Review submitted profiles. Approved profiles go live on the meet-the-team page and widgets." />
      <SegmentedControl
        mb="md"
        // Four statuses do not fit beside each other on a phone or a narrow tablet: one under another.
        orientation={phone ? 'vertical' : 'horizontal'}
        fullWidth={phone}
        value={status}
        onChange={(v) => setStatus(v as WaveStatus)}
        data={(['Pending Review', 'Approved', 'Rejected', 'In Progress'] as const).map((v) => ({ value: v, label: labelOf(statusLabels, v) }))}
        aria-label="Status"
      />
      {list.isLoading ? (
        <LoadingRows />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : !list.data?.results.length ? (
        <EmptyState title={`No profiles ${status === 'Pending Review' ? 'waiting for review' : `with status ${labelOf(statusLabels, status)}`}`}>
          {status === 'Pending Review' ? 'Profiles appear here when employees submit them. Invite employees under Assign profiles.' : null}
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {list.data.results.map((p) => (
            <ReviewCard key={p._id} p={p} />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
