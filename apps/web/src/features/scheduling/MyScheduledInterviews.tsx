import { schedulingRoutes } from '@hh/contract/scheduling';
import { Alert, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useApiQuery } from '../../lib/query.ts';
import { browserZone, whenLabel } from './zones.ts';

/** The signed-in user's booked interviews still to come (My schedule), earliest first, in the browser's zone. */
export function MyScheduledInterviews({ clientId }: { clientId: string }) {
  const zone = useMemo(browserZone, []);
  const q = useApiQuery(schedulingRoutes.mine, { query: { clientId } });
  if (q.isPending) return <Text size="sm">Loading your interviews…</Text>;
  if (q.error) return <Alert color="red">Your interviews could not be loaded. Reload the page to try again.</Alert>;
  if (!q.data.results.length)
    return (
      <Text size="sm" c="gray.7">
        No interviews booked with you yet. When a candidate books a time, it shows here.
      </Text>
    );
  return (
    <Stack gap={6} data-testid="my-scheduled-interviews">
      {q.data.results.map((i) => (
        <div key={i.id}>
          <Text size="sm" fw={600}>
            {whenLabel(i.startsAt, zone)}
          </Text>
          <Text size="sm" c="gray.7">
            {i.interviewName} with {i.candidateName} ({i.jobTitle})
          </Text>
        </div>
      ))}
    </Stack>
  );
}
