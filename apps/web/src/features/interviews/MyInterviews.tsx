import { interviewsRoutes } from '@hh/contract/interviews';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { useFormat } from '../../lib/format.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';

/** `/interviews`: the applications the signed-in user interviews, scorecards to submit first. */
export default function MyInterviews() {
  const { clientId } = useSelectedClient();
  const fmt = useFormat();
  const list = useApiQuery(interviewsRoutes.myInterviews, { query: { clientId: clientId ?? '' } }, { enabled: Boolean(clientId) });
  const rows = list.data?.results ?? [];
  const todo = rows.filter((r) => r.state === 'to_submit');
  const done = rows.filter((r) => r.state === 'submitted');
  const item = (r: (typeof rows)[number]) => (
    <Paper key={`${r.applicationId}:${r.interviewId}`} withBorder p="sm" radius="md" data-testid="my-interview">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Anchor component={Link} to={`/interviews/${r.applicationId}/${r.interviewId}`} fw={600}>
            {r.candidateName}
          </Anchor>
          <Text size="sm" c="gray.7">
            {r.interviewName} ({r.durationMinutes} min) · {r.jobTitle}
          </Text>
        </Stack>
        <Stack gap={2} align="flex-start">
          {r.state === 'submitted' ? (
            <Badge color="green" variant="light" tt="none">
              Submitted
            </Badge>
          ) : (
            <Badge color="orange" variant="light" tt="none">
              Scorecard to submit
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {r.state === 'submitted' ? `Submitted ${fmt.date(r.submittedAt)}` : `Asked ${fmt.date(r.requestedAt)}`}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
  return (
    <>
      <PageHeader title="My interviews" description="The candidates you interview. Fill in each scorecard soon after the interview, while it is fresh." />
      {list.isLoading ? (
        <LoadingRows />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : !rows.length ? (
        <EmptyState title="No interviews yet">
          When a recruiter asks you for feedback on a candidate, the candidate appears here and you get an email.
        </EmptyState>
      ) : (
        <Stack>
          <Section title={`To submit (${todo.length})`}>
            {todo.length ? <Stack gap="sm">{todo.map(item)}</Stack> : <Text c="gray.7">Nothing to submit: every scorecard is in.</Text>}
          </Section>
          {done.length ? (
            <Section title={`Submitted (${done.length})`}>
              <Stack gap="sm">{done.map(item)}</Stack>
            </Section>
          ) : null}
        </Stack>
      )}
    </>
  );
}
