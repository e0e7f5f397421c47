import { labelOf, sourceLabels } from '@hh/contract/labels';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useFormat } from '../../lib/format.ts';
import { ApplicationScorecardsPanel } from '../interviews/index.ts';
import { OfferPanel } from '../offers/index.ts';
import { SchedulingPanel } from '../scheduling/index.ts';
import type { Candidate } from './hooks.ts';

/** The drawer's Applications tab: each job applied to, with its answers and resume. */
export function CandidateApplications({ c }: { c: Candidate }) {
  const fmt = useFormat();
  if (!c.applications.length) return <Text c="gray.7">No applications yet. Assign the candidate to a job from the candidate list, or refer them to one.</Text>;
  return (
    <Stack gap="sm">
      {c.applications.map((a) => (
        <Paper key={a._id} withBorder p="sm" radius="md">
          <Group justify="space-between">
            <Text fw={600}>{a.jobTitle || 'Job'}</Text>
            <Text size="sm" c="gray.7">
              {fmt.date(a.createdAt)} · {labelOf(sourceLabels, a.source)}
            </Text>
          </Group>
          {a.answers.length ? (
            <Stack gap={2} mt="xs">
              {a.answers.map((x) => (
                <Text size="sm" key={x.questionId ?? x.question}>
                  <Text span c="gray.7">
                    {x.question}
                  </Text>{' '}
                  {x.answer}
                </Text>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="gray.7" mt="xs">
              No prequalification answers.
            </Text>
          )}
          <ApplicationScorecardsPanel applicationId={a._id} />
          <SchedulingPanel applicationId={a._id} jobId={a.jobId} />
          <OfferPanel applicationId={a._id} />
        </Paper>
      ))}
    </Stack>
  );
}
