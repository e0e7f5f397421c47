import { type createJobRequest, employmentTypes, type Job, jobRoutes } from '@hh/contract/jobs';
import { messages } from '@hh/contract/messages';
import { Anchor, Button, Checkbox, Grid, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { ApplicantCount, useApplicantCounts } from '../crm/ApplicantCount.tsx';
import { ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { RichTextEditor } from '../../components/RichTextEditor.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { showUndo } from '../../lib/second-chance.tsx';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { employmentTypeLabels, useCategories, useDepartments } from './hooks.ts';

interface FormState {
  title: string;
  description: string;
  departmentId: string | null;
  categoryId: string | null;
  employmentType: string | null;
  address1: string;
  city: string;
  state: string;
  zipCode: string;
  remote: boolean;
  salaryMin: number | string;
  salaryMax: number | string;
  salaryPeriod: string | null;
  referenceNumber: string;
  requisitionId: string;
  applyUrl: string;
  recruiterName: string;
  recruiterEmail: string;
  status: string;
  validThrough: string;
}

const empty: FormState = {
  title: '',
  description: '',
  departmentId: null,
  categoryId: null,
  employmentType: 'FULL_TIME',
  address1: '',
  city: '',
  state: '',
  zipCode: '',
  remote: false,
  salaryMin: '',
  salaryMax: '',
  salaryPeriod: 'YEAR',
  referenceNumber: '',
  requisitionId: '',
  applyUrl: '',
  recruiterName: '',
  recruiterEmail: '',
  status: 'open',
  validThrough: '',
};

const fromJob = (j: Job): FormState => ({
  title: j.title,
  description: j.description,
  departmentId: j.departmentId,
  categoryId: j.categoryId,
  employmentType: j.employmentType,
  address1: j.address1 ?? '',
  city: j.city ?? '',
  state: j.state ?? '',
  zipCode: j.zipCode ?? '',
  remote: j.remote,
  salaryMin: j.salaryMin ?? '',
  salaryMax: j.salaryMax ?? '',
  salaryPeriod: j.salaryPeriod,
  referenceNumber: j.referenceNumber,
  requisitionId: j.requisitionId ?? '',
  applyUrl: j.applyUrl ?? '',
  recruiterName: j.recruiterName ?? '',
  recruiterEmail: j.recruiterEmail ?? '',
  status: j.status,
  validThrough: j.validThrough?.slice(0, 10) ?? '',
});

type JobBody = z.input<typeof createJobRequest>;

const orNull = (s: string) => (s.trim() ? s.trim() : null);
const numOrNull = (v: number | string) => (v === '' ? null : Number(v));

/** `/harvest/jobs/new` and `/harvest/jobs/:jobId`: create or edit a job. */
export default function JobEdit() {
  const { jobId } = useParams();
  const { clientId, client } = useSelectedClient();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const applicants = useApplicantCounts(clientId);
  const existing = useApiQuery(jobRoutes.getById, { query: { clientId: clientId ?? '', jobId: jobId ?? '' } }, { enabled: !!clientId && !!jobId });
  const deps = useDepartments(clientId);
  const cats = useCategories(clientId);
  const [form, setForm] = useState<FormState>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (existing.data) setForm(fromJob(existing.data));
  }, [existing.data]);
  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setForm((f) => ({ ...f, [k]: v }));

  const save = useMutation({
    mutationFn: () => {
      const body: JobBody = {
        clientId: clientId ?? '',
        title: form.title,
        description: form.description,
        departmentId: form.departmentId,
        categoryId: form.categoryId,
        employmentType: form.employmentType as JobBody['employmentType'],
        address1: orNull(form.address1),
        city: orNull(form.city),
        state: orNull(form.state),
        zipCode: orNull(form.zipCode),
        remote: form.remote,
        salaryMin: numOrNull(form.salaryMin),
        salaryMax: numOrNull(form.salaryMax),
        salaryPeriod: form.salaryPeriod as JobBody['salaryPeriod'],
        requisitionId: orNull(form.requisitionId),
        applyUrl: orNull(form.applyUrl),
        recruiterName: orNull(form.recruiterName),
        recruiterEmail: orNull(form.recruiterEmail),
        status: form.status as JobBody['status'],
        validThrough: form.validThrough ? new Date(`${form.validThrough}T23:59:59Z`).toISOString() : null,
        ...(form.referenceNumber.trim() ? { referenceNumber: form.referenceNumber.trim() } : {}),
      };
      return jobId ? api(jobRoutes.update, { body: { ...body, _id: jobId } }) : api(jobRoutes.create, { body });
    },
    onSuccess: (j) => {
      const before = existing.data?.status;
      if (jobId && before && before !== 'closed' && j.status === 'closed')
        // Issue 15: closing a live job has Undo for 10 s; it puts back the status the job had.
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
      if (err instanceof ApiError) setErrors(Object.fromEntries(Object.entries(err.errorMsg).map(([k, v]) => [k, v[0]])));
      notify.error(err instanceof ApiError ? err.message : 'The job could not be saved');
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.mutate();
  };

  if (jobId && existing.isLoading) return <LoadingRows />;
  if (jobId && existing.error) return <ErrorState error={existing.error} onRetry={() => existing.refetch()} />;

  return (
    <>
      <PageHeader
        title={jobId ? 'Edit job' : 'New job'}
        description={client ? client.name : undefined}
        actions={
          <>
            {jobId ? <ApplicantCount counts={applicants} jobId={jobId} long /> : null}
            {existing.data?.status === 'open' ? (
              <Anchor href={existing.data.url} target="_blank" rel="noreferrer">
                View on career site
              </Anchor>
            ) : null}
          </>
        }
      />
      <form onSubmit={submit} noValidate>
        <Stack>
          <Section title="The job">
            <Grid>
              <Grid.Col span={{ base: 12, md: 8 }}>
                <TextInput
                  label="Title"
                  required
                  value={form.title}
                  onChange={(e) => set('title', e.currentTarget.value)}
                  error={errors.title}
                  maxLength={300}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Select
                  label="Status"
                  data={[
                    { value: 'open', label: 'Open' },
                    { value: 'draft', label: 'Draft' },
                    { value: 'closed', label: 'Closed' },
                  ]}
                  value={form.status}
                  onChange={(v) => set('status', v ?? 'open')}
                  allowDeselect={false}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Select
                  label="Department"
                  data={(deps.data?.results ?? []).map((d) => ({ value: d._id, label: d.name }))}
                  value={form.departmentId}
                  onChange={(v) => set('departmentId', v)}
                  clearable
                  error={errors.department}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Select
                  label="Category"
                  data={(cats.data?.results ?? []).map((c) => ({ value: c.id, label: c.name }))}
                  value={form.categoryId}
                  onChange={(v) => set('categoryId', v)}
                  clearable
                  error={errors.category}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Select
                  label="Employment type"
                  data={employmentTypes.map((t) => ({ value: t, label: employmentTypeLabels[t] }))}
                  value={form.employmentType}
                  onChange={(v) => set('employmentType', v)}
                  clearable
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <RichTextEditor
                  label="Description"
                  description="What the job is, what it asks, what it offers. Paste from Word or Google Docs keeps headings, lists, bold and links."
                  value={form.description}
                  onChange={(html) => set('description', html)}
                  error={errors.description}
                  minHeight={220}
                />
              </Grid.Col>
            </Grid>
          </Section>
          <Section title="Location">
            <Grid>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput label="Street address" value={form.address1} onChange={(e) => set('address1', e.currentTarget.value)} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, md: 2 }}>
                <TextInput label="ZIP code" value={form.zipCode} onChange={(e) => set('zipCode', e.currentTarget.value)} error={errors.zipCode} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, md: 2 }}>
                <TextInput label="City" value={form.city} onChange={(e) => set('city', e.currentTarget.value)} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, md: 2 }}>
                <TextInput label="State" value={form.state} onChange={(e) => set('state', e.currentTarget.value)} maxLength={60} />
              </Grid.Col>
              <Grid.Col span={12}>
                <Checkbox label="Remote job" checked={form.remote} onChange={(e) => set('remote', e.currentTarget.checked)} />
              </Grid.Col>
            </Grid>
          </Section>
          <Section title="Pay and details">
            <Grid>
              <Grid.Col span={{ base: 6, md: 3 }}>
                <NumberInput
                  label="Salary from"
                  min={0}
                  value={form.salaryMin}
                  onChange={(v) => set('salaryMin', v)}
                  thousandSeparator=","
                  prefix="$"
                  error={errors.salaryMax}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, md: 3 }}>
                <NumberInput label="Salary to" min={0} value={form.salaryMax} onChange={(v) => set('salaryMax', v)} thousandSeparator="," prefix="$" />
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
                  value={form.salaryPeriod}
                  onChange={(v) => set('salaryPeriod', v)}
                  clearable
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, md: 3 }}>
                <TextInput label="Valid through" type="date" value={form.validThrough} onChange={(e) => set('validThrough', e.currentTarget.value)} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <TextInput
                  label="Reference number"
                  description={jobId ? undefined : 'Left empty, one is generated'}
                  value={form.referenceNumber}
                  onChange={(e) => set('referenceNumber', e.currentTarget.value)}
                  error={errors.referenceNumber}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <TextInput label="Requisition id" value={form.requisitionId} onChange={(e) => set('requisitionId', e.currentTarget.value)} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <TextInput
                  label="External apply URL"
                  description="Empty: candidates apply on the career site"
                  value={form.applyUrl}
                  onChange={(e) => set('applyUrl', e.currentTarget.value)}
                  error={errors.applyUrl}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput label="Recruiter name" value={form.recruiterName} onChange={(e) => set('recruiterName', e.currentTarget.value)} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput
                  label="Recruiter email"
                  description="Receives an email for every application"
                  value={form.recruiterEmail}
                  onChange={(e) => set('recruiterEmail', e.currentTarget.value)}
                  error={errors.recruiterEmail}
                />
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
