import { crmRoutes } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { Button, Divider, Group, Select, Stack, TagsInput, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth.tsx';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { canForwardProfile } from './rights.ts';
import { jobLabel } from '../jobs/index.ts';
import { api, type Candidate, useCandidateInvalidation, useRequisitions } from './hooks.ts';

/** The drawer's "Follow-up & share" tab: a follow-up reminder, forwarding the profile, referring to a job. */
export function CandidateActions({ c, clientId }: { c: Candidate; clientId: string }) {
  const invalidate = useCandidateInvalidation();
  const reqs = useRequisitions(clientId);
  const alerts = useApiQuery(crmRoutes.listAlerts, { params: { id: c._id }, query: { clientId } });
  const [date, setDate] = useState('');
  const [note, setNote] = useState('');
  const [jobId, setJobId] = useState<string | null>(null);
  const [to, setTo] = useState<string[]>([]);
  const [fwdMsg, setFwdMsg] = useState('');
  const done = (r: { message: string }) => {
    notify.success(r.message);
    invalidate(c._id);
  };
  const followUp = useMutation({
    mutationFn: () =>
      api(crmRoutes.setFollowUp, {
        body: { clientId, candidateId: c._id, reminderDate: date, note: note || undefined },
      }),
    onSuccess: (r) => {
      done(r);
      setNote('');
    },
    onError: (err) => notify.error(errorText(err, messages.crm.reminderDatePast, 'reminderDate')),
  });
  const refer = useMutation({
    mutationFn: () => api(crmRoutes.referCandidate, { body: { clientId, candidateId: c._id, jobId: jobId as string } }),
    onSuccess: done,
    onError: (err) => notify.error(errorText(err, 'The referral could not be sent', 'jobId')),
  });
  const forward = useMutation({
    mutationFn: () => api(crmRoutes.forwardProfile, { body: { clientId, candidateId: c._id, to, message: fwdMsg || undefined } }),
    onSuccess: (r) => {
      done(r);
      setTo([]);
      setFwdMsg('');
    },
    onError: (err) => notify.error(errorText(err, messages.wave.embedError, 'to')),
  });
  const alert = useMutation({
    mutationFn: () =>
      api(crmRoutes.createAlert, {
        body: { clientId, candidateId: c._id, name: `Updates on ${c.firstName} ${c.lastName}`, frequency: 'instant' },
      }),
    onSuccess: (r) => {
      done(r);
      alerts.refetch();
    },
    onError: (err) => notify.error(errorText(err, 'The alert could not be created', 'alerts')),
  });
  const mayForward = canForwardProfile(useAuth().user);
  const validEmails = to.every((x) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(x));
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Follow-up reminder
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput type="date" label="Remind me on" value={date} onChange={(e) => setDate(e.currentTarget.value)} w={180} />
          <TextInput label="Note (optional)" value={note} onChange={(e) => setNote(e.currentTarget.value)} style={{ flex: 1, minWidth: 180 }} />
          <Button color="blue.8" disabled={!date} onClick={() => followUp.mutate()} loading={followUp.isPending}>
            Set follow-up
          </Button>
        </Group>
      </Stack>
      <Divider />
      <Stack gap="xs">
        <Title order={3} size="h5">
          Refer to a job
        </Title>
        <Text size="sm" c="gray.7">
          Emails {c.firstName} a link to the job.
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Job"
            data={(reqs.data?.results ?? []).filter((r) => r.status === 'open').map((r) => ({ value: r._id, label: jobLabel(r) }))}
            value={jobId}
            onChange={setJobId}
            searchable
            placeholder="Choose an open job"
            w={280}
          />
          <Button color="blue.8" disabled={!jobId} onClick={() => refer.mutate()} loading={refer.isPending}>
            Refer
          </Button>
        </Group>
      </Stack>
      <Divider />
      <Stack gap="xs">
        <Title order={3} size="h5">
          Forward the profile
        </Title>
        {mayForward ? (
          <>
            <TagsInput
              label="To (email addresses)"
              placeholder="name@company.com, then Enter"
              value={to}
              onChange={setTo}
              error={validEmails ? undefined : 'Please enter valid email addresses'}
            />
            <Textarea label="Message (optional)" value={fwdMsg} onChange={(e) => setFwdMsg(e.currentTarget.value)} autosize minRows={2} />
            <Group>
              <Button color="blue.8" disabled={!to.length || !validEmails} onClick={() => forward.mutate()} loading={forward.isPending}>
                Forward with resume
              </Button>
            </Group>
          </>
        ) : (
          <Text size="sm" c="gray.7" data-testid="forward-needs-editor">
            {messages.crm.forwardNeedsEditor}
          </Text>
        )}
      </Stack>
      <Divider />
      <Stack gap="xs">
        <Title order={3} size="h5">
          Alerts
        </Title>
        {(alerts.data?.results ?? []).map((a) => (
          <Text size="sm" key={a._id}>
            {a.name} · {a.frequency} · to {a.email} {a.active ? '' : '(paused)'}
          </Text>
        ))}
        <Group>
          <Button variant="light" onClick={() => alert.mutate()} loading={alert.isPending}>
            Alert me about this candidate
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
