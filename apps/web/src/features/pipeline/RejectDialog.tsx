import { emailTemplateRoutes } from '@hh/contract/email-templates';
import { pipelineRoutes } from '@hh/contract/pipeline';
import { Alert, Button, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';

/** A local date and time for the datetime-local box, one day ahead at 09:00 (a starting point the recruiter changes). */
function tomorrowNine(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T09:00`;
}

/**
 * Reject one or many applications: a reason from the client's list (required), optionally an email
 * from one of the client's templates, sent the next morning at 09:00 in the client's time zone (the
 * server's default) or at a time the recruiter picks. The email can be cancelled until it is sent.
 */
export function RejectDialog({
  clientId,
  applicationIds,
  names,
  onClose,
  onDone,
}: {
  clientId: string;
  applicationIds: string[];
  /** Who is rejected, for the title ("Reject Jane Doe" or "Reject 3 applications"). */
  names: string[];
  onClose: () => void;
  onDone: () => void;
}) {
  const opened = applicationIds.length > 0;
  const reasons = useApiQuery(pipelineRoutes.listRejectionReasons, { query: { clientId } }, { enabled: opened });
  const templates = useApiQuery(emailTemplateRoutes.list, { query: { clientId } }, { enabled: opened });
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [when, setWhen] = useState<'morning' | 'custom'>('morning');
  const [at, setAt] = useState(tomorrowNine);
  const [error, setError] = useState<string | null>(null);
  const reject = useMutation({
    mutationFn: () =>
      api(pipelineRoutes.reject, {
        body: {
          clientId,
          applicationIds,
          reasonId: reasonId as string,
          emailTemplateId: templateId ?? undefined,
          sendAt: templateId && when === 'custom' ? new Date(at).toISOString() : undefined,
        },
      }),
    onSuccess: (r) => {
      const n = r.emailsScheduled;
      notify.success(
        n
          ? `${r.message} ${n === 1 ? 'One email is scheduled; cancel it' : `${n} emails are scheduled; cancel them`} under Jobs › Rejection emails until sent.`
          : r.message,
      );
      setError(null);
      onDone();
    },
    onError: (err) => setError(err instanceof ApiError ? err.message : 'The applications could not be rejected. Try again.'),
  });
  const title = names.length === 1 ? `Reject ${names[0]}` : `Reject ${applicationIds.length} applications`;
  const reasonOptions = (reasons.data?.results ?? []).filter((r) => !r.archived).map((r) => ({ value: r._id, label: r.label }));
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close without rejecting' }}>
      <Stack gap="md">
        {error ? (
          <Alert color="red" role="alert" title="Not rejected">
            {error}
          </Alert>
        ) : null}
        <Select
          label="Reason"
          required
          placeholder={reasons.isLoading ? 'Loading reasons…' : 'Choose a reason'}
          data={reasonOptions}
          value={reasonId}
          onChange={setReasonId}
          nothingFoundMessage="No reasons: add some in Settings › Pipeline"
        />
        <Select
          label="Rejection email"
          placeholder="Send no email"
          description="Optional: one of the client's email templates"
          data={(templates.data?.results ?? []).map((t) => ({ value: t._id, label: t.subject || t.name }))}
          value={templateId}
          onChange={setTemplateId}
          clearable
        />
        {templateId ? (
          <Radio.Group label="Send it" value={when} onChange={(v) => setWhen(v as 'morning' | 'custom')}>
            <Stack gap={6} mt={6}>
              <Radio value="morning" label="Tomorrow morning (09:00 in the client's time zone)" />
              <Radio value="custom" label="At a time I choose" />
            </Stack>
          </Radio.Group>
        ) : null}
        {templateId && when === 'custom' ? (
          <TextInput type="datetime-local" label="Send at (your time)" value={at} onChange={(e) => setAt(e.currentTarget.value)} />
        ) : null}
        {templateId ? (
          <Text size="xs" c="gray.7">
            You can cancel the email until it is sent, under Jobs › Rejection emails.
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red.8" disabled={!reasonId} loading={reject.isPending} onClick={() => reject.mutate()}>
            {names.length === 1 ? 'Reject' : `Reject ${applicationIds.length}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
