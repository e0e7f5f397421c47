import { formatDate } from '../../../lib/format.ts';
import { crmPrivacyRoutes } from '@hh/contract/crm-privacy';
import { Anchor, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ErrorState, LoadingRows, Section } from '../../../components/Page.tsx';
import { RichTextEditor } from '../../../components/RichTextEditor.tsx';
import { api, errorText, queryKey } from '../../../lib/api.ts';
import { useContractForm } from '../../../lib/form.ts';
import { notify } from '../../../lib/notify.ts';
import { useApiQuery } from '../../../lib/query.ts';

/** The client's candidate privacy settings (decision 0012 "Privacy"): its notice, written in the rich-text editor, and the retention. */
export function PrivacySettings({ clientId }: { clientId: string }) {
  const q = useApiQuery(crmPrivacyRoutes.getSettings, { query: { clientId } });
  const qc = useQueryClient();
  // The retention's range and the notice's length are the contract's update schema,
  // shown under their fields before anything is sent.
  const form = useContractForm(crmPrivacyRoutes.updateSettings, {
    initialValues: { privacyNotice: '', retentionMonths: '' as number | '' },
    toBody: (v) => ({ clientId, privacyNotice: v.privacyNotice, retentionMonths: v.retentionMonths === '' ? null : v.retentionMonths }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the loaded (or just saved) settings replace the values; the form object is new on every render
  useEffect(() => {
    if (!q.data) return;
    form.setValues({ privacyNotice: q.data.privacyNotice, retentionMonths: q.data.retentionMonths ?? '' });
  }, [q.data]);
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof form.body>) => api(crmPrivacyRoutes.updateSettings, { body }),
    onSuccess: (r) => {
      notify.success(r.message);
      qc.setQueryData(queryKey(crmPrivacyRoutes.getSettings, { query: { clientId } }), r);
    },
    onError: (err) => {
      form.showServerErrors(err);
      notify.error(errorText(err, 'The privacy settings could not be saved. Please try again', 'retentionMonths'));
    },
  });
  const submit = form.onSubmit(() => save.mutate(form.body()));
  if (q.isPending) return <LoadingRows rows={4} />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  const notice = form.getInputProps('privacyNotice');
  return (
    <Stack maw={820} data-testid="privacy-settings">
      <Section title="Candidate privacy notice">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Shown to job seekers at{' '}
            <Anchor href={q.data.privacyNoticeUrl} target="_blank" rel="noopener" underline="always">
              {q.data.privacyNoticeUrl}
            </Anchor>
            , and linked from every career-site footer and apply form. Left empty, a standard notice naming this client is shown.
          </Text>
          <RichTextEditor
            label="Notice"
            description="What you collect, why, how long you keep it, and how candidates reach you to see or erase their data."
            value={notice.value}
            onChange={notice.onChange}
            error={notice.error}
            minHeight={220}
          />
          {q.data.privacyNoticeUpdatedAt ? (
            <Text size="xs" c="dimmed">
              Last changed {formatDate(q.data.privacyNoticeUpdatedAt)}
            </Text>
          ) : null}
        </Stack>
      </Section>
      <Section title="Retention">
        <NumberInput
          label="Anonymise candidates after this many months without activity"
          description="Blank keeps candidates until someone erases them. Checked every night; anonymous counts per job, source and status are kept."
          placeholder="Keep candidates"
          min={1}
          max={120}
          allowDecimal={false}
          clampBehavior="none"
          {...form.getInputProps('retentionMonths')}
          maw={420}
        />
      </Section>
      <Group>
        <Button onClick={() => submit()} loading={save.isPending}>
          Save privacy settings
        </Button>
      </Group>
    </Stack>
  );
}
