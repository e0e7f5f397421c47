import {
  type ApplicationScorecards,
  CATEGORIES,
  categoryLabels,
  interviewsRoutes,
  RATINGS,
  type Rating,
  ratingLabels,
  type Scorecard,
} from '@hh/contract/interviews';
import { Alert, Anchor, Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState, LoadingRows } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';

/** Colours of the four points, dark enough for white text and distinct without colour (each bar is labelled). */
export const ratingColor: Record<Rating, string> = { strong_no: '#B42318', no: '#C4320A', yes: '#2B8A3E', strong_yes: '#1B5E20' };

/** One stacked bar: how many of each rating, with the counts written out for screen readers and print. */
function RatingBar({ counts, label }: { counts: Record<Rating, number>; label: string }) {
  const total = RATINGS.reduce((s, k) => s + counts[k], 0);
  const words = RATINGS.filter((k) => counts[k]).map((k) => `${counts[k]} ${ratingLabels[k]}`);
  return (
    <Box role="img" aria-label={`${label}: ${total ? words.join(', ') : 'no ratings yet'}`}>
      <Group gap={0} wrap="nowrap" h={14} style={{ borderRadius: 4, overflow: 'hidden', background: '#E9ECEF' }}>
        {RATINGS.map((k) => (counts[k] ? <Box key={k} h="100%" style={{ width: `${(counts[k] / total) * 100}%`, background: ratingColor[k] }} /> : null))}
      </Group>
      <Text size="xs" c="gray.7" mt={2}>
        {total ? words.join(' · ') : 'No ratings yet'}
      </Text>
    </Box>
  );
}

const avg = (a: number | null) => (a == null ? '–' : a.toFixed(1));

/** The aggregate, the pending interviewers and the cards, as the server lets this user see them. */
export function ScorecardsView({
  data,
  applicationId,
  withOwnLinks = true,
  headingLevel = 4,
}: {
  data: ApplicationScorecards;
  applicationId: string;
  /** The links to the user's own scorecards (left out on the scorecard page itself). */
  withOwnLinks?: boolean;
  /** The category headings' level: one below the heading the view sits under (axe heading-order). */
  headingLevel?: 3 | 4;
}) {
  const qc = useQueryClient();
  const request = useMutation({
    mutationFn: () => api(interviewsRoutes.requestFeedback, { params: { id: applicationId }, body: {} }),
    onSuccess: (r) => {
      notify.success(r.message);
      qc.invalidateQueries({ queryKey: queryKey(interviewsRoutes.applicationScorecards) });
    },
    onError: (err) => notify.error(err instanceof ApiError ? (err.first('interviewId') ?? err.message) : 'The interviewers could not be asked'),
  });
  const attrName = new Map(data.attributes.map((a) => [a.id, a.name]));
  // A card's ratings in the scorecard's order (categories, then position), as the form asks them.
  const order = new Map(
    CATEGORIES.flatMap((cat) => data.attributes.filter((a) => a.category === cat).sort((a, b) => a.position - b.position)).map((a, n) => [a.id, n]),
  );
  const inOrder = (ratings: Scorecard['ratings']) => [...ratings].sort((a, b) => (order.get(a.attributeId) ?? 0) - (order.get(b.attributeId) ?? 0));
  const toFill = withOwnLinks ? data.interviews.filter((i) => i.onIt) : [];
  return (
    <Stack gap="sm" data-testid="scorecards-panel">
      {!data.interviews.length ? <Text c="gray.7">This job has no interview plan yet. Add interviews and a scorecard on the job's Interview plan.</Text> : null}
      {toFill.length ? (
        <Group gap="xs" wrap="wrap">
          {toFill.map((i) => {
            const done = data.mine.some((c) => c.interviewId === i.id);
            return (
              <Button key={i.id} component={Link} to={`/interviews/${applicationId}/${i.id}`} variant={done ? 'default' : 'filled'} size="xs">
                {done ? `Edit your scorecard: ${i.name}` : `Fill in your scorecard: ${i.name}`}
              </Button>
            );
          })}
        </Group>
      ) : null}
      {data.pending.length ? (
        <Box>
          <Text fw={600} size="sm">
            Still to submit
          </Text>
          <Text size="sm" data-testid="pending">
            {data.pending.map((p) => `${p.name} (${p.interviewName})`).join(', ')}
          </Text>
        </Box>
      ) : data.interviews.length ? (
        <Text size="sm" c="gray.7">
          Nobody is waiting to submit.
        </Text>
      ) : null}
      {data.canRequest && data.interviews.length ? (
        <Group>
          <Button size="xs" variant="light" loading={request.isPending} onClick={() => request.mutate()}>
            Ask the interviewers for feedback
          </Button>
        </Group>
      ) : null}
      {data.visibility === 'hidden' ? (
        <Alert color="blue" title="Others' feedback is hidden" data-testid="hidden-reason">
          {data.hiddenReason}
        </Alert>
      ) : (
        <>
          {data.overall ? (
            <Box>
              <Text fw={600} size="sm">
                Overall recommendation (average {avg(data.overall.average)} of 4)
              </Text>
              <RatingBar counts={data.overall.counts} label="Overall recommendation" />
            </Box>
          ) : null}
          {CATEGORIES.map((cat) => {
            const rows = data.aggregate.filter((a) => data.attributes.find((x) => x.id === a.attributeId)?.category === cat);
            if (!rows.length) return null;
            return (
              <Box key={cat}>
                <Title order={headingLevel} size="sm" mb={4}>
                  {categoryLabels[cat]}
                </Title>
                <Stack gap={6}>
                  {rows.map((a) => (
                    <Box key={a.attributeId} data-testid="aggregate-row">
                      <Text size="sm">
                        {attrName.get(a.attributeId)}{' '}
                        <Text span c="gray.7">
                          (average {avg(a.average)})
                        </Text>
                      </Text>
                      <RatingBar counts={a.counts} label={attrName.get(a.attributeId) ?? ''} />
                    </Box>
                  ))}
                </Stack>
              </Box>
            );
          })}
          {data.scorecards.map((c) => (
            <Paper key={c.id} withBorder p="sm" radius="md" data-testid="scorecard-card">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600}>
                  {c.interviewer.name} · {c.interviewName}
                </Text>
                <Badge variant="filled" tt="none" style={{ background: ratingColor[c.overall] }}>
                  {ratingLabels[c.overall]}
                </Badge>
              </Group>
              {c.ratings.length ? (
                <Text size="sm" c="gray.7" mt={4}>
                  {inOrder(c.ratings)
                    .map((x) => `${attrName.get(x.attributeId) ?? 'Attribute'}: ${ratingLabels[x.rating]}`)
                    .join(' · ')}
                </Text>
              ) : null}
              {c.notes ? (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                  {c.notes}
                </Text>
              ) : null}
            </Paper>
          ))}
          {!data.scorecards.length && data.interviews.length ? <Text c="gray.7">No scorecards yet.</Text> : null}
        </>
      )}
    </Stack>
  );
}

/** The candidate drawer's panel for one application: its scorecards (mounted by the CRM's applications tab). */
export function ApplicationScorecardsPanel({ applicationId }: { applicationId: string }) {
  const { clientId } = useSelectedClient();
  const q = useApiQuery(
    interviewsRoutes.applicationScorecards,
    { params: { id: applicationId }, query: { clientId: clientId ?? '' } },
    { enabled: Boolean(clientId) },
  );
  return (
    <Box mt="sm">
      <Title order={3} size="sm" mb="xs">
        Interview feedback
      </Title>
      {q.isLoading ? (
        <LoadingRows rows={2} />
      ) : q.error ? (
        <ErrorState error={q.error} onRetry={() => q.refetch()} />
      ) : q.data ? (
        <ScorecardsView data={q.data} applicationId={applicationId} />
      ) : null}
      <Anchor component={Link} to="/interviews" size="sm" mt="xs" display="inline-block">
        My interviews
      </Anchor>
    </Box>
  );
}
