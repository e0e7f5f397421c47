import { type ApplicationScorecards, CATEGORIES, categoryLabels, interviewsRoutes, type Rating } from '@hh/contract/interviews';
import { Anchor, Button, Group, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { useContractForm } from '../../lib/form.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { ScorecardsView } from './ApplicationScorecardsPanel.tsx';
import { RatingChoice } from './RatingChoice.tsx';

type Values = { ratings: Record<string, Rating | ''>; overall: Rating | ''; notes: string };

function ScorecardForm({
  data,
  applicationId,
  interviewId,
  clientId,
}: {
  data: ApplicationScorecards;
  applicationId: string;
  interviewId: string;
  clientId: string;
}) {
  const qc = useQueryClient();
  const mine = data.mine.find((c) => c.interviewId === interviewId);
  // Filled once from the user's own card, if any (the form is keyed by that card, so it is filled again once there is one).
  const [initialValues] = useState<Values>(() =>
    mine
      ? { ratings: Object.fromEntries(mine.ratings.map((x) => [x.attributeId, x.rating])), overall: mine.overall, notes: mine.notes }
      : { ratings: {}, overall: '', notes: '' },
  );
  const form = useContractForm(interviewsRoutes.submitScorecard, {
    initialValues,
    toBody: (v) => ({
      clientId,
      applicationId,
      interviewId,
      ratings: Object.entries(v.ratings).flatMap(([attributeId, rating]) => (rating ? [{ attributeId, rating }] : [])),
      overall: v.overall as Rating,
      notes: v.notes,
    }),
  });
  const submit = useMutation({
    mutationFn: (body: ReturnType<typeof form.body>) => api(interviewsRoutes.submitScorecard, { body }),
    onSuccess: (r) => {
      notify.success(r.message);
      qc.invalidateQueries({ queryKey: queryKey(interviewsRoutes.applicationScorecards) });
      qc.invalidateQueries({ queryKey: queryKey(interviewsRoutes.myInterviews) });
    },
    onError: (err) => {
      form.showServerErrors(err);
      notify.error(err instanceof ApiError ? (err.first('interviewId') ?? err.message) : 'The scorecard could not be submitted');
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit(() => submit.mutate(form.body()))} aria-label="Scorecard">
      <Stack gap="lg">
        {CATEGORIES.map((cat) => {
          const attrs = data.attributes.filter((a) => a.category === cat);
          if (!attrs.length) return null;
          return (
            <Stack key={cat} gap="md">
              <Title order={3} size="h5">
                {categoryLabels[cat]}
              </Title>
              {attrs.map((a) => (
                <RatingChoice
                  key={a.id}
                  name={`rating-${a.id}`}
                  label={a.name}
                  value={form.values.ratings[a.id] ?? ''}
                  onChange={(v) => form.setFieldValue(`ratings.${a.id}` as never, v as never)}
                />
              ))}
            </Stack>
          );
        })}
        <RatingChoice
          name="overall"
          label="Overall recommendation"
          description="Would you hire this candidate for this job?"
          value={form.values.overall}
          onChange={(v) => form.setFieldValue('overall', v)}
          error={form.errors.overall}
        />
        <Textarea label="Notes" description="What you saw and heard: examples help the team decide." autosize minRows={4} {...form.getInputProps('notes')} />
        <Group>
          <Button type="submit" size="md" loading={submit.isPending}>
            {mine ? 'Update scorecard' : 'Submit scorecard'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/interviews/:applicationId/:interviewId`: the interview kit, the scorecard form, and the feedback so far (others' hidden until you submit). */
export default function ScorecardPage() {
  const { applicationId = '', interviewId = '' } = useParams();
  const { clientId } = useSelectedClient();
  const q = useApiQuery(
    interviewsRoutes.applicationScorecards,
    { params: { id: applicationId }, query: { clientId: clientId ?? '' } },
    { enabled: Boolean(clientId && applicationId) },
  );
  const data = q.data;
  const iv = data?.interviews.find((i) => i.id === interviewId);
  return (
    <>
      <PageHeader
        title={data ? `Scorecard: ${data.application.candidateName}` : 'Scorecard'}
        description={data && iv ? `${iv.name} (${iv.durationMinutes} min) for ${data.application.jobTitle}` : undefined}
        actions={
          <Anchor component={Link} to="/interviews">
            My interviews
          </Anchor>
        }
      />
      {q.isLoading ? (
        <LoadingRows />
      ) : q.error ? (
        <ErrorState error={q.error} onRetry={() => q.refetch()} />
      ) : !data || !iv ? (
        <EmptyState title="This interview is not in the job's plan">
          It may have been removed from the job's interview plan. Open My interviews for your current list.
        </EmptyState>
      ) : (
        <Stack>
          {iv.kit.focus || iv.kit.questions.length || iv.kit.goodLooksLike ? (
            <Section title="Interview kit">
              <Stack gap="xs">
                {iv.kit.focus ? (
                  <Text size="sm">
                    <Text span fw={600}>
                      Focus:{' '}
                    </Text>
                    {iv.kit.focus}
                  </Text>
                ) : null}
                {iv.kit.questions.length ? (
                  <div>
                    <Text size="sm" fw={600}>
                      Questions
                    </Text>
                    <List size="sm" type="ordered">
                      {iv.kit.questions.map((x) => (
                        <List.Item key={x}>{x}</List.Item>
                      ))}
                    </List>
                  </div>
                ) : null}
                {iv.kit.goodLooksLike ? (
                  <Text size="sm">
                    <Text span fw={600}>
                      What good looks like:{' '}
                    </Text>
                    {iv.kit.goodLooksLike}
                  </Text>
                ) : null}
              </Stack>
            </Section>
          ) : null}
          <Section title="Your scorecard">
            {iv.onIt ? (
              <ScorecardForm
                key={data.mine.find((c) => c.interviewId === interviewId)?.id ?? 'new'}
                data={data}
                applicationId={applicationId}
                interviewId={interviewId}
                clientId={clientId ?? ''}
              />
            ) : (
              <Text c="gray.7">You are not an interviewer on {iv.name}, so you cannot submit its scorecard.</Text>
            )}
          </Section>
          <Section title="Feedback on this candidate">
            <Paper p={0}>
              <ScorecardsView data={data} applicationId={applicationId} withOwnLinks={false} headingLevel={3} />
            </Paper>
          </Section>
        </Stack>
      )}
    </>
  );
}
