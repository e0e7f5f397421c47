import { employmentTypes, jobRoutes } from '@hh/contract/jobs';
import { messages } from '@hh/contract/messages';
import { Button, Checkbox, Grid, Group, NumberInput, Select, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { RichTextEditor } from '../../components/RichTextEditor.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { useContractForm } from '../../lib/form.ts';
import { notify } from '../../lib/notify.ts';
import { showUndo } from '../../lib/second-chance.tsx';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { employmentTypeLabels, useCategories, useDepartments } from './hooks.ts';
import { empty, fromJob, type JobBody, numOrNull, orNull } from './job-form.ts';

/** `/harvest/jobs/new` and `/harvest/jobs/:jobId`: create or edit a job. */
export default function JobEdit() {
  const { jobId } = useParams();
  const { clientId, client } = useSelectedClient();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const existing = useApiQuery(jobRoutes.getById, { query: { clientId: clientId ?? '', jobId: jobId ?? '' } }, { enabled: !!clientId && !!jobId });
  const deps = useDepartments(clientId);
  const cats = useCategories(clientId);
  // The job's rules (title required, lengths, the apply URL, the recruiter's email, salary bounds) are the
  // contract's create schema; an edit sends the same fields as an update.
  const form = useContractForm(jobRoutes.create, {
    initialValues: empty,
    toBody: (v): JobBody => ({
      clientId: clientId ?? '',
      title: v.title,
      description: v.description,
      departmentId: v.departmentId,
      categoryId: v.categoryId,
      employmentType: v.employmentType as JobBody['employmentType'],
      address1: orNull(v.address1),
      city: orNull(v.city),
      state: orNull(v.state),
      zipCode: orNull(v.zipCode),
      remote: v.remote,
      salaryMin: numOrNull(v.salaryMin),
      salaryMax: numOrNull(v.salaryMax),
      salaryPeriod: v.salaryPeriod as JobBody['salaryPeriod'],
      requisitionId: orNull(v.requisitionId),
      applyUrl: orNull(v.applyUrl),
      recruiterName: orNull(v.recruiterName),
      recruiterEmail: orNull(v.recruiterEmail),
      status: v.status as JobBody['status'],
      // Left empty, the count is not changed (a new job hires one).
      ...(v.openPositions === '' ? {} : { openPositions: Number(v.openPositions) }),
      validThrough: v.validThrough ? new Date(`${v.validThrough}T23:59:59Z`).toISOString() : null,
      ...(v.referenceNumber.trim() ? { referenceNumber: v.referenceNumber.trim() } : {}),
    }),
    // The server names the department and category by their names, not the fields'.
    fieldOf: (path) => (path === 'department' ? 'departmentId' : path === 'category' ? 'categoryId' : path),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is loaded only when the job arrives.
  useEffect(() => {
    if (existing.data) form.setValues(fromJob(existing.data));
  }, [existing.data]);

  const save = useMutation({
    mutationFn: (body: JobBody) => (jobId ? api(jobRoutes.update, { body: { ...body, _id: jobId } }) : api(jobRoutes.create, { body })),
    onSuccess: (j) => {
      const before = existing.data?.status;
      if (jobId && before && before !== 'closed' && j.status === 'closed')
        // Closing a live job has Undo for 10 s; it puts back the status the job had.
        showUndo({
          message: `${messages.recruiting.jobUpdated} ${j.title} is closed.`,
          undoneMessage: `${j.title} is ${before} again.`,
          onUndo: async () => {
            await api(jobRoutes.update, { body: { _id: j._id, clientId: clientId ?? '', status: before } });
            await qc.invalidateQueries({ queryKey: queryKey(jobRoutes.list) });
            await qc.invalidateQueries({ queryKey: queryKey(jobRoutes.getById) });
          },
        });
      else notify.success(jobId ? messages.recruiting.jobUpdated : (j.message ?? messages.jobs.jobCreated));
      qc.invalidateQueries({ queryKey: queryKey(jobRoutes.list) });
      qc.invalidateQueries({ queryKey: queryKey(jobRoutes.getById) });
      navigate('/harvest/jobs');
    },
    onError: (err) => {
      form.showServerErrors(err);
      notify.error(err instanceof ApiError ? err.message : 'The job could not be saved');
    },
  });

  const submit = form.onSubmit(() => save.mutate(form.body()));
  const values = form.values;

  if (jobId && existing.isLoading) return <LoadingRows />;
  if (jobId && existing.error) return <ErrorState error={existing.error} onRetry={() => existing.refetch()} />;

  return (
    <>
      {/* An existing job's form is its Details tab: the job page above gives the job's name, applicant count and link. */}
      {jobId ? (
        <Title order={2} size="h3" mb="sm">
          Edit job
        </Title>
      ) : (
        <PageHeader title="New job" description={client ? client.name : undefined} />
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          <Section title="The job">
            <Grid>
              <Grid.Col span={{ base: 12, md: 8 }}>
                <TextInput label="Title" required {...form.getInputProps('title')} maxLength={300} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Select
                  label="Status"
                  data={[
                    { value: 'open', label: 'Open' },
                    { value: 'draft', label: 'Draft' },
                    { value: 'closed', label: 'Closed' },
                  ]}
                  {...form.getInputProps('status')}
                  allowDeselect={false}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Select
                  label="Department"
                  data={(deps.data?.results ?? []).map((d) => ({ value: d._id, label: d.name }))}
                  {...form.getInputProps('departmentId')}
                  clearable
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Select
                  label="Category"
                  data={(cats.data?.results ?? []).map((c) => ({ value: c.id, label: c.name }))}
                  {...form.getInputProps('categoryId')}
                  clearable
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Select
                  label="Employment type"
                  data={employmentTypes.map((t) => ({ value: t, label: employmentTypeLabels[t] }))}
                  {...form.getInputProps('employmentType')}
                  clearable
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <RichTextEditor
                  label="Description"
                  description="What the job is, what it asks, what it offers. Paste from Word or Google Docs keeps headings, lists, bold and links."
                  value={values.description}
                  onChange={(html) => form.setFieldValue('description', html)}
                  error={form.errors.description as string | undefined}
                  minHeight={220}
                />
              </Grid.Col>
            </Grid>
          </Section>
          <Section title="Location">
            <Grid>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput label="Street address" {...form.getInputProps('address1')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, md: 2 }}>
                <TextInput label="ZIP code" {...form.getInputProps('zipCode')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, md: 2 }}>
                <TextInput label="City" {...form.getInputProps('city')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, md: 2 }}>
                <TextInput label="State" {...form.getInputProps('state')} maxLength={60} />
              </Grid.Col>
              <Grid.Col span={12}>
                <Checkbox label="Remote job" {...form.getInputProps('remote', { type: 'checkbox' })} />
              </Grid.Col>
            </Grid>
          </Section>
          <Section title="Pay and details">
            <Grid align="flex-end">
              <Grid.Col span={{ base: 6, md: 3 }}>
                <NumberInput
                  label="Open positions"
                  description="People to hire; an accepted offer takes one"
                  min={0}
                  max={10000}
                  allowDecimal={false}
                  {...form.getInputProps('openPositions')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, md: 3 }}>
                <NumberInput label="Salary from" min={0} {...form.getInputProps('salaryMin')} thousandSeparator="," prefix="$" />
              </Grid.Col>
              <Grid.Col span={{ base: 6, md: 3 }}>
                <NumberInput label="Salary to" min={0} {...form.getInputProps('salaryMax')} thousandSeparator="," prefix="$" />
              </Grid.Col>
              <Grid.Col span={{ base: 6, md: 3 }}>
                <Select
                  label="Per"
                  data={[
                    { value: 'HOUR', label: 'Hour' },
                    { value: 'DAY', label: 'Day' },
                    { value: 'WEEK', label: 'Week' },
                    { value: 'MONTH', label: 'Month' },
                    { value: 'YEAR', label: 'Year' },
                  ]}
                  {...form.getInputProps('salaryPeriod')}
                  clearable
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, md: 3 }}>
                <TextInput label="Valid through" type="date" {...form.getInputProps('validThrough')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <TextInput
                  label="Reference number"
                  description={jobId ? undefined : 'Left empty, one is generated'}
                  {...form.getInputProps('referenceNumber')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <TextInput label="Requisition id" {...form.getInputProps('requisitionId')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <TextInput label="External apply URL" description="Empty: candidates apply on the career site" {...form.getInputProps('applyUrl')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput label="Recruiter name" {...form.getInputProps('recruiterName')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput label="Recruiter email" description="Receives an email for every application" {...form.getInputProps('recruiterEmail')} />
              </Grid.Col>
            </Grid>
          </Section>
          <Group>
            <Button type="submit" loading={save.isPending}>
              {jobId ? 'Save job' : 'Create job'}
            </Button>
            <Button component={Link} to="/harvest/jobs" variant="default">
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}
