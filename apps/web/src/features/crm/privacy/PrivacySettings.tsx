import { messages } from '@hh/contract/messages';
import { crmPrivacyRoutes } from '@hh/contract/crm-privacy';
import { Anchor, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorState, LoadingRows, Section } from '../../../components/Page.tsx';
import { RichTextEditor } from '../../../components/RichTextEditor.tsx';
import { api, errorText, queryKey } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useApiQuery } from '../../../lib/query.ts';

/** The client's candidate privacy settings (issue 12 "Privacy"): its notice, written in the rich-text editor, and the retention. */
export function PrivacySettings({ clientId }: { clientId: string }) {
  const q = useApiQuery(crmPrivacyRoutes.getSettings, { query: { clientId } });
  const qc = useQueryClient();
  const [notice, setNotice] = useState('');
  const [months, setMonths] = useState<number | ''>('');
  useEffect(() => {
    if (!q.data) return;
    setNotice(q.data.privacyNotice);
    setMonths(q.data.retentionMonths ?? '');
  }, [q.data]);
  const save = useMutation({
    mutationFn: () =>
      api(crmPrivacyRoutes.updateSettings, {
        body: { clientId, privacyNotice: notice, retentionMonths: months === '' ? null : months },
      }),
    onSuccess: (r) => {
      notify.success(r.message);
      qc.setQueryData(queryKey(crmPrivacyRoutes.getSettings, { query: { clientId } }), r);
    },
    onError: (err) => notify.error(errorText(err, 'The privacy settings could not be saved. Please try again', 'retentionMonths')),
  });
  if (q.isPending) return <LoadingRows rows={4} />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  const badMonths = months !== '' && (!Number.isInteger(months) || months < 1 || months > 120);
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
            value={notice}
            onChange={setNotice}
            minHeight={220}
          />
          {q.data.privacyNoticeUpdatedAt ? (
            <Text size="xs" c="dimmed">
              Last changed {new Date(q.data.privacyNoticeUpdatedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
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
          value={months}
          onChange={(v) => setMonths(typeof v === 'number' ? v : '')}
          error={badMonths ? messages.privacy.retentionRange : undefined}
          maw={420}
        />
      </Section>
      <Group>
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={badMonths}>
          Save privacy settings
        </Button>
      </Group>
    </Stack>
  );
}
