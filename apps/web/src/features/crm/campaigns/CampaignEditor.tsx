import { messages } from '@hh/contract/messages';
import { crmRoutes } from '@hh/contract/crm';
import { Alert, Anchor, Box, Button, Grid, Group, Modal, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ErrorState, LoadingRows, PageHeader } from '../../../components/Page.tsx';
import { ApiError, api, errorText } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useContractForm } from '../../../lib/form.ts';
import { notify } from '../../../lib/notify.ts';
import { useSelectedClient } from '../../../lib/selected-client.tsx';
import { canSendCampaign } from '../rights.ts';
import { BodyEditor } from './BodyEditor.tsx';
import { type CampaignEntity, type CampaignPreview, reachable, skippedText, useCampaign, useCampaignInvalidation } from './hooks.ts';
import { SendProgress, StatusBadge } from './ui.tsx';

/** The first server message of a failed call, whatever its key, else `fallback`. */
const firstMessage = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : errorText(err, fallback));

/**
 * The draft editor (`?draft={id}`): name, subject, body with merge-field buttons, a live preview for
 * a real candidate of the list, "Send test" to the recruiter's own address, and "Send to N candidates"
 * after a confirmation. A campaign that is sending or sent shows its progress and stays read-only.
 */
export function CampaignEditor({ id }: { id: string }) {
  const { clientId } = useSelectedClient();
  const campaign = useCampaign(clientId, id);
  const c = campaign.data;
  if (campaign.isLoading)
    return (
      <>
        <PageHeader title="Campaign" />
        <LoadingRows rows={6} />
      </>
    );
  if (campaign.error || !c)
    return (
      <>
        <PageHeader title="Campaign" />
        <ErrorState
          error={
            new Error(
              campaign.error instanceof ApiError && campaign.error.status === 404
                ? `${messages.crm.campaignNotFound}. Open it from the campaigns list.`
                : 'The campaign could not be loaded. Try again.',
            )
          }
          onRetry={() => campaign.refetch()}
        />
        <Anchor component={Link} to="/harvest/cultivate/campaigns" mt="md" display="inline-block">
          Back to campaigns
        </Anchor>
      </>
    );
  return <Editor key={c._id} c={c} clientId={c.clientId} />;
}

function Editor({ c, clientId }: { c: CampaignEntity; clientId: string }) {
  // The rules (a name, the lengths) are the contract's update schema, checked before the
  // draft is saved, tested or sent.
  const form = useContractForm(crmRoutes.updateCampaign, {
    initialValues: { name: c.name, subject: c.subject, body: c.body },
    toBody: (v) => ({ clientId, _id: c._id, name: v.name.trim(), subject: v.subject, body: v.body }),
  });
  const { name, subject, body } = form.getValues();
  const [recipientId, setRecipientId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const invalidate = useCampaignInvalidation();
  const draft = c.status === 'draft';
  const dirty = draft && (name !== c.name || subject !== c.subject || body !== c.body);
  const [preview] = useDebouncedValue({ subject, body, recipientId }, 400);
  const n = reachable(c);
  const skipped = skippedText(c);

  // A campaign that finished sending while the page was open gets the fresh list on return.
  useEffect(() => {
    if (c.status === 'sent') invalidate();
  }, [c.status, invalidate]);

  const previewQuery = useQuery<CampaignPreview, Error>({
    queryKey: [crmRoutes.previewCampaign.path, c._id, preview],
    queryFn: ({ signal }) =>
      api(
        crmRoutes.previewCampaign,
        {
          body: { clientId, _id: c._id, subject: preview.subject, body: preview.body, ...(preview.recipientId ? { candidateId: preview.recipientId } : {}) },
        },
        { silent: true, signal },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });

  const save = async () => {
    if (!dirty) return;
    try {
      await api(crmRoutes.updateCampaign, { body: form.body() });
      invalidate(c._id);
    } catch (err) {
      form.showServerErrors(err);
      throw err;
    }
  };
  const saveMut = useMutation({
    mutationFn: save,
    onSuccess: () => notify.success(messages.crm.campaignSaved),
    onError: (err) => notify.error(firstMessage(err, 'The campaign could not be saved. Try again.')),
  });
  const testMut = useMutation({
    mutationFn: async () => {
      await save();
      return api(crmRoutes.sendTestCampaign, { body: { clientId, _id: c._id } });
    },
    onSuccess: (r) => notify.success(`${r.message} (to ${r.to})`),
    onError: (err) => notify.error(firstMessage(err, 'The test email could not be sent. Try again.')),
  });
  const sendMut = useMutation({
    mutationFn: async () => {
      await save();
      return api(crmRoutes.sendCampaign, { body: { clientId, _id: c._id } });
    },
    onSuccess: (r) => {
      setConfirming(false);
      notify.success(r.message);
      invalidate(c._id);
    },
    onError: (err) => {
      setConfirming(false);
      notify.error(firstMessage(err, 'The campaign could not be sent. Try again.'));
    },
  });

  /** Runs `then` once the contract's rules hold; otherwise their messages show under the fields. */
  const checked = (then: () => void) => () => form.onSubmit(then)();
  const ready = !!subject.trim() && !!body.trim();
  // Sending to the whole list is an admin's (docs/permissions.md "Candidates"); others draft and test.
  const maySend = canSendCampaign(useAuth().user);
  return (
    <>
      <PageHeader
        title={draft ? 'Edit campaign' : c.name}
        description={
          <>
            To the list <b>{c.listName ?? 'deleted'}</b> · {c.listCount} candidate{c.listCount === 1 ? '' : 's'} on it
          </>
        }
        actions={
          <>
            <StatusBadge status={c.status} />
            <Button component={Link} to="/harvest/cultivate/campaigns" variant="default">
              All campaigns
            </Button>
          </>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack>
            {!draft ? (
              <Paper withBorder p="md" radius="md">
                <SendProgress c={c} />
                {skipped ? (
                  <Text size="sm" mt="xs" c="gray.7">
                    Skipped: {skipped}.
                  </Text>
                ) : null}
              </Paper>
            ) : null}
            <TextInput label="Campaign name" maxLength={200} disabled={!draft} required {...form.getInputProps('name')} />
            <TextInput
              label="Subject"
              description="Merge fields work here too, e.g. {{firstName}}."
              maxLength={300}
              disabled={!draft}
              required
              {...form.getInputProps('subject')}
            />
            <BodyEditor value={body} onChange={(html) => form.setFieldValue('body', html)} disabled={!draft} />
            {form.errors.body ? (
              <Text size="sm" c="red.8" role="alert">
                {form.errors.body}
              </Text>
            ) : null}
            {draft ? (
              <>
                {skipped ? (
                  <Alert color="gray" variant="light" title="Some candidates will be skipped">
                    {skipped}. They get no email.
                  </Alert>
                ) : null}
                <Group gap="xs">
                  <Button variant="default" onClick={checked(() => saveMut.mutate())} loading={saveMut.isPending} disabled={!dirty}>
                    Save draft
                  </Button>
                  <Button variant="light" onClick={checked(() => testMut.mutate())} loading={testMut.isPending} disabled={!ready}>
                    Send test
                  </Button>
                  {maySend ? (
                    <Button onClick={checked(() => setConfirming(true))} disabled={!ready || n < 1}>
                      Send to {n} candidate{n === 1 ? '' : 's'}
                    </Button>
                  ) : null}
                </Group>
                {!maySend ? (
                  <Text size="sm" c="gray.7" data-testid="send-needs-admin">
                    {messages.crm.sendCampaignNeedsAdmin}
                  </Text>
                ) : !ready ? (
                  <Text size="sm" c="gray.7">
                    Write a subject and a message to send the campaign.
                  </Text>
                ) : n < 1 ? (
                  <Text size="sm" c="gray.7">
                    {messages.crm.campaignNoRecipients}.
                  </Text>
                ) : null}
              </>
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="xs">
            <Group justify="space-between" align="flex-end">
              <Title order={2} size="h4">
                Preview
              </Title>
              <Select
                aria-label="Preview for candidate"
                size="xs"
                w={260}
                placeholder="Preview for…"
                data={(previewQuery.data?.recipients ?? []).map((r) => ({ value: r._id, label: `${r.name} (${r.email})` }))}
                value={recipientId ?? previewQuery.data?.recipient?._id ?? null}
                onChange={setRecipientId}
                disabled={!previewQuery.data?.recipients.length}
              />
            </Group>
            {previewQuery.error ? (
              <Alert color="red" variant="light" role="alert">
                {firstMessage(previewQuery.error, 'The preview could not be shown. Check the subject and message.')}
              </Alert>
            ) : null}
            {previewQuery.data ? (
              <>
                <Text size="sm">
                  <b>Subject:</b> <span data-testid="preview-subject">{previewQuery.data.subject}</span>
                </Text>
                {!previewQuery.data.recipient ? (
                  <Text size="sm" c="gray.7">
                    Nobody on the list can receive it: shown with sample values.
                  </Text>
                ) : null}
                <Box
                  component="iframe"
                  title="Email preview"
                  sandbox=""
                  srcDoc={previewQuery.data.html}
                  style={{ width: '100%', height: 520, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: '#f6f7f9' }}
                />
              </>
            ) : (
              <LoadingRows rows={6} />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={`Send to ${n} candidate${n === 1 ? '' : 's'}?`}>
        <Stack>
          <Text size="sm">
            “{subject}” goes to {n} candidate{n === 1 ? '' : 's'} of {c.listName ?? 'the list'}, one email each. This cannot be undone.
          </Text>
          {skipped ? (
            <Text size="sm" c="gray.7">
              Skipped: {skipped}.
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={() => sendMut.mutate()} loading={sendMut.isPending}>
              Send now
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
