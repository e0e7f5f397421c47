import { crmRoutes } from '@hh/contract/crm';
import { labelOf, sourceLabels } from '@hh/contract/labels';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorState, LoadingRows } from '../../components/Page.tsx';
import { useFormat } from '../../lib/format.ts';
import { useApiQuery } from '../../lib/query.ts';

/** Beside the thread: who the candidate is and the jobs they applied to, with a way to their full profile. */
export function CandidatePanel({ clientId, candidateId }: { clientId: string; candidateId: string }) {
  const fmt = useFormat();
  const cand = useApiQuery(crmRoutes.getCandidate, { params: { id: candidateId }, query: { clientId } });
  if (cand.isPending) return <LoadingRows rows={4} />;
  if (cand.error) return <ErrorState error={cand.error} onRetry={() => void cand.refetch()} />;
  const c = cand.data;
  return (
    <Stack gap="sm" data-testid="candidate-panel">
      <div>
        <Title order={2} size="h4">
          {c.firstName} {c.lastName}
        </Title>
        <Badge size="sm" variant="light" color="gray" c="dark.6" mt={4}>
          {c.status}
        </Badge>
      </div>
      <Stack gap={2}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {c.email}
        </Text>
        <Text size="sm">{c.phone ?? 'No phone'}</Text>
        <Text size="sm" c="gray.7">
          {[c.address.city, c.address.state].filter(Boolean).join(', ') || 'No location'} · {labelOf(sourceLabels, c.source)}
        </Text>
      </Stack>
      <Anchor component={Link} to={`/harvest/cultivate/candidates?candidate=${c._id}`} size="sm">
        Open the full profile
      </Anchor>
      <Title order={3} size="h6" mt="xs">
        Applications ({c.applications.length})
      </Title>
      {c.applications.length ? (
        c.applications.map((a) => (
          <Paper key={a._id} withBorder p="xs" radius="sm">
            <Group justify="space-between" gap={4} wrap="wrap">
              <Text size="sm" fw={600}>
                {a.jobTitle || 'Job'}
              </Text>
              <Text size="xs" c="gray.7">
                {fmt.day(a.createdAt)}
              </Text>
            </Group>
          </Paper>
        ))
      ) : (
        <Text size="sm" c="gray.7">
          No applications yet.
        </Text>
      )}
    </Stack>
  );
}
