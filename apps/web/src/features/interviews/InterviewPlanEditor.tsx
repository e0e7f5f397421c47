import { type AttributeCategory, CATEGORIES, categoryLabels, type InterviewPlan, interviewsRoutes } from '@hh/contract/interviews';
import { ActionIcon, Alert, Button, Group, MultiSelect, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { ErrorState, LoadingRows, Section } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { useUser } from '../../lib/auth.tsx';
import { useContractForm } from '../../lib/form.ts';
import { PoolSelect } from './PoolSelect.tsx';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { canEditInterviewPlan } from './rights.ts';

type InterviewValues = {
  key: string;
  id?: string;
  stageId: string | null;
  name: string;
  durationMinutes: number | string;
  interviewerIds: string[];
  poolIds: string[];
  focus: string;
  questions: string;
  goodLooksLike: string;
};
type AttributeValues = { key: string; id?: string; category: AttributeCategory; name: string };
type Values = { interviews: InterviewValues[]; attributes: AttributeValues[] };

let seq = 0;
const newKey = () => `new-${++seq}`;

function fromPlan(p: InterviewPlan): Values {
  return {
    interviews: p.interviews.map((i) => ({
      key: i.id,
      id: i.id,
      stageId: i.stageId,
      name: i.name,
      durationMinutes: i.durationMinutes,
      interviewerIds: i.interviewers.map((x) => x.id),
      poolIds: i.poolIds,
      focus: i.kit.focus,
      questions: i.kit.questions.join('\n'),
      goodLooksLike: i.kit.goodLooksLike,
    })),
    attributes: p.attributes.map((a) => ({ key: a.id, id: a.id, category: a.category, name: a.name })),
  };
}

/** The category picker's options: the same array on every render (a new one per render makes Mantine's Select rebuild its lookups each time). */
const CATEGORY_OPTIONS = CATEGORIES.map((c) => ({ value: c, label: categoryLabels[c] }));

/**
 * `/harvest/jobs/:jobId/interview-plan`, the job's Interview plan tab (under the job's heading and
 * tabs): the job's interviews (interviewers, kit) and its scorecard's attributes by category.
 */
export function InterviewPlanEditor() {
  const { jobId = '' } = useParams();
  const { clientId } = useSelectedClient();
  const q = useApiQuery(interviewsRoutes.getPlan, { params: { jobId }, query: { clientId: clientId ?? '' } }, { enabled: Boolean(clientId && jobId) });
  return (
    <>
      <Text c="gray.7" mb="md">
        The interviews a candidate goes through for this job, who runs each, what they ask, and the scorecard every interviewer fills in.
      </Text>
      {q.isLoading ? (
        <LoadingRows />
      ) : q.error ? (
        <ErrorState error={q.error} onRetry={() => q.refetch()} />
      ) : q.data ? (
        <PlanForm plan={q.data} jobId={jobId} clientId={clientId ?? ''} />
      ) : null}
    </>
  );
}

/** The plan's form, filled once from the plan it is given (and from the saved plan after each save). */
function PlanForm({ plan, jobId, clientId }: { plan: InterviewPlan; jobId: string; clientId: string }) {
  const qc = useQueryClient();
  const canEdit = canEditInterviewPlan(useUser());
  const [initialValues] = useState(() => fromPlan(plan));
  const form = useContractForm(interviewsRoutes.savePlan, {
    initialValues,
    toBody: (v) => ({
      clientId,
      interviews: v.interviews.map((i) => ({
        ...(i.id ? { id: i.id } : {}),
        stageId: i.stageId,
        name: i.name,
        durationMinutes: typeof i.durationMinutes === 'number' ? i.durationMinutes : Number.NaN,
        interviewerIds: i.interviewerIds,
        // An interviewer taken off the interview leaves its pool too.
        poolIds: i.poolIds.filter((id) => i.interviewerIds.includes(id)),
        kit: {
          focus: i.focus,
          questions: i.questions
            .split('\n')
            .map((x) => x.trim())
            .filter(Boolean),
          goodLooksLike: i.goodLooksLike,
        },
      })),
      attributes: v.attributes.map((a) => ({ ...(a.id ? { id: a.id } : {}), category: a.category, name: a.name })),
    }),
    // The kit's fields are one level down in the request.
    fieldOf: (path) => path.replace(/\.kit\./, '.'),
  });
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof form.body>) => api(interviewsRoutes.savePlan, { params: { jobId }, body }),
    onSuccess: (r) => {
      notify.success(r.message);
      qc.setQueryData(queryKey(interviewsRoutes.getPlan, { params: { jobId }, query: { clientId } }), r);
      form.setValues(fromPlan(r));
    },
    onError: (err) => {
      form.showServerErrors(err);
      notify.error(err instanceof ApiError ? (err.first('interviews') ?? err.first('attributes') ?? err.message) : 'The interview plan could not be saved');
    },
  });
  // The pickers' options change only with the plan (kept across renders, as CATEGORY_OPTIONS is).
  const stageOptions = useMemo(() => plan.stages.map((st) => ({ value: st.id, label: st.name })), [plan.stages]);
  const options = useMemo(() => plan.interviewerOptions.map((p) => ({ value: p.id, label: `${p.name} (${p.email})` })), [plan.interviewerOptions]);
  const v = form.values;
  const move = (n: number, by: number) => form.reorderListItem('interviews', { from: n, to: n + by });

  return (
    <form noValidate onSubmit={form.onSubmit(() => save.mutate(form.body()))} aria-label="Interview plan">
      {!canEdit ? (
        <Alert color="blue" mb="md" title="You can read this plan">
          Changing it needs the Editor role in Harvest or Cultivate: ask your administrator.
        </Alert>
      ) : null}
      {/* Without the right to change the plan, every field and button is disabled at once. */}
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack>
          <Section
            title="Interviews"
            actions={
              <Button
                variant="light"
                size="xs"
                onClick={() =>
                  form.insertListItem('interviews', {
                    key: newKey(),
                    stageId: plan.stages[0]?.id ?? null,
                    name: '',
                    durationMinutes: 45,
                    interviewerIds: [],
                    poolIds: [],
                    focus: '',
                    questions: '',
                    goodLooksLike: '',
                  } satisfies InterviewValues)
                }
              >
                Add an interview
              </Button>
            }
          >
            {!v.interviews.length ? <Text c="gray.7">No interviews yet. Add the first one, for example a phone screen or a panel.</Text> : null}
            <Stack gap="md">
              {v.interviews.map((i, n) => (
                <Paper key={i.key} withBorder p="md" radius="md" data-testid="plan-interview">
                  <Group justify="space-between" mb="xs" wrap="nowrap">
                    <Title order={3} size="h5">
                      {i.name || `Interview ${n + 1}`}
                    </Title>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        aria-label={`Move ${i.name || `interview ${n + 1}`} up`}
                        disabled={n === 0}
                        onClick={() => move(n, -1)}
                      >
                        <IconArrowUp size={18} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        aria-label={`Move ${i.name || `interview ${n + 1}`} down`}
                        disabled={n === v.interviews.length - 1}
                        onClick={() => move(n, 1)}
                      >
                        <IconArrowDown size={18} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`Remove ${i.name || `interview ${n + 1}`}`}
                        onClick={() => form.removeListItem('interviews', n)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <TextInput label="Name" required {...form.getInputProps(`interviews.${n}.name`)} />
                    <NumberInput label="Duration (minutes)" min={5} max={480} step={15} required {...form.getInputProps(`interviews.${n}.durationMinutes`)} />
                    <Select
                      label="Stage"
                      placeholder={plan.stages.length ? 'No stage' : 'The pipeline has no interview stage'}
                      data={stageOptions}
                      clearable
                      {...form.getInputProps(`interviews.${n}.stageId`)}
                    />
                  </SimpleGrid>
                  <MultiSelect
                    mt="sm"
                    label="Interviewers"
                    description="Users of your team; each gets an email when you ask for feedback."
                    data={options}
                    searchable
                    {...form.getInputProps(`interviews.${n}.interviewerIds`)}
                  />
                  <PoolSelect options={options} interviewerIds={i.interviewerIds} {...form.getInputProps(`interviews.${n}.poolIds`)} />
                  <Textarea mt="sm" label="Focus" autosize minRows={2} {...form.getInputProps(`interviews.${n}.focus`)} />
                  <Textarea
                    mt="sm"
                    label="Questions"
                    description="One question per line."
                    autosize
                    minRows={3}
                    {...form.getInputProps(`interviews.${n}.questions`)}
                  />
                  <Textarea mt="sm" label="What good looks like" autosize minRows={2} {...form.getInputProps(`interviews.${n}.goodLooksLike`)} />
                </Paper>
              ))}
            </Stack>
          </Section>
          <Section title="Scorecard">
            <Text size="sm" c="gray.7" mb="sm">
              Every interviewer rates each attribute Strong no, No, Yes or Strong yes, and gives an overall recommendation.
            </Text>
            <SimpleGrid cols={{ base: 1, md: 3 }}>
              {CATEGORIES.map((cat) => (
                <Stack key={cat} gap="xs" data-testid={`attributes-${cat}`}>
                  <Title order={3} size="h5">
                    {categoryLabels[cat]}
                  </Title>
                  {v.attributes.map((a, n) =>
                    a.category === cat ? (
                      <Group key={a.key} gap={4} wrap="nowrap" align="flex-start">
                        <TextInput
                          style={{ flex: 1 }}
                          aria-label={`${categoryLabels[cat]} attribute ${v.attributes.slice(0, n + 1).filter((x) => x.category === cat).length}`}
                          {...form.getInputProps(`attributes.${n}.name`)}
                        />
                        <Select
                          w={130}
                          aria-label={`Category of ${a.name || `attribute ${n + 1}`}`}
                          data={CATEGORY_OPTIONS}
                          allowDeselect={false}
                          {...form.getInputProps(`attributes.${n}.category`)}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          aria-label={`Remove ${a.name || `attribute ${n + 1}`}`}
                          onClick={() => form.removeListItem('attributes', n)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Group>
                    ) : null,
                  )}
                  <Button
                    variant="subtle"
                    size="xs"
                    onClick={() => form.insertListItem('attributes', { key: newKey(), category: cat, name: '' } satisfies AttributeValues)}
                  >
                    Add to {categoryLabels[cat]}
                  </Button>
                </Stack>
              ))}
            </SimpleGrid>
          </Section>
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save interview plan
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
