import { messages } from '@hh/contract/messages';
import { crmRoutes } from '@hh/contract/crm';
import { Anchor, Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, ListTable, LoadingRows, PageHeader } from '../../../components/Page.tsx';
import { api, errorText } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useSelectedClient } from '../../../lib/selected-client.tsx';
import { useLists } from '../hooks.ts';
import { CampaignEditor } from './CampaignEditor.tsx';
import { formatDateTime, reachable, useCampaignInvalidation, useCampaigns } from './hooks.ts';
import { StatusBadge } from './ui.tsx';

/**
 * `/harvest/cultivate/campaigns` (decision 0012): the client's campaigns, and the draft editor opened by
 * `?draft={id}` (the `campaignDraftUrl` of `POST api/candidates-list/campaigndraft`).
 */
export default function CampaignsPage() {
  const [params] = useSearchParams();
  const draft = params.get('draft');
  return draft ? <CampaignEditor id={draft} /> : <CampaignList />;
}

function CampaignList() {
  const { clientId } = useSelectedClient();
  const campaigns = useCampaigns(clientId);
  const [creating, setCreating] = useState(false);
  const rows = campaigns.data?.results ?? [];
  return (
    <>
      <PageHeader
        title="Campaigns"
        description="Emails to a saved list of candidates, one per candidate, with an unsubscribe link."
        actions={<Button onClick={() => setCreating(true)}>New campaign</Button>}
      />
      {campaigns.isLoading ? (
        <LoadingRows />
      ) : campaigns.error ? (
        <ErrorState error={new Error('The campaigns could not be loaded. Check your connection and try again.')} onRetry={() => campaigns.refetch()} />
      ) : !rows.length ? (
        <EmptyState title="No campaigns yet">
          Select candidates on the Candidates screen, add them to a list, then choose "New campaign" here and pick that list.
        </EmptyState>
      ) : (
        <ListTable minWidth={760} headers={['Campaign', 'List', 'Status', 'Recipients', 'Sent', 'Sent at']}>
          {rows.map((c) => (
            <Table.Tr key={c._id}>
              <Table.Td>
                <Anchor component={Link} to={`?draft=${c._id}`} fw={600}>
                  {c.name}
                </Anchor>
                {c.subject ? (
                  <Text size="xs" c="gray.7" lineClamp={1}>
                    {c.subject}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{c.listName ?? 'List deleted'}</Table.Td>
              <Table.Td>
                <StatusBadge status={c.status} />
              </Table.Td>
              <Table.Td>{reachable(c)}</Table.Td>
              <Table.Td>{c.status === 'draft' ? '—' : `${c.sentCount} / ${c.totalCount}`}</Table.Td>
              <Table.Td>{formatDateTime(c.sentAt ?? c.startedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
      <NewCampaignModal opened={creating} onClose={() => setCreating(false)} clientId={clientId} />
    </>
  );
}

function NewCampaignModal({ opened, onClose, clientId }: { opened: boolean; onClose: () => void; clientId: string | null }) {
  const lists = useLists(opened ? clientId : null);
  const [listId, setListId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const navigate = useNavigate();
  const invalidate = useCampaignInvalidation();
  const create = useMutation({
    mutationFn: () =>
      api(crmRoutes.createCampaignDraft, {
        body: { clientId: clientId as string, listId: listId as string, ...(name.trim() ? { name: name.trim() } : {}) },
      }),
    onSuccess: (r) => {
      invalidate();
      onClose();
      navigate(`/harvest/cultivate/campaigns?draft=${r._id}`);
    },
    onError: (err) => notify.error(errorText(err, messages.crm.campaignNotFound, 'campaignDraft')),
  });
  const options = (lists.data?.results ?? []).map((l) => ({ value: l._id, label: `${l.name} (${l.totalCount})` }));
  return (
    <Modal opened={opened} onClose={onClose} title="New campaign">
      <Stack>
        <Select
          label="List of candidates"
          required
          placeholder={lists.isLoading ? 'Loading lists…' : options.length ? 'Choose a list' : 'No lists yet'}
          data={options}
          value={listId}
          onChange={setListId}
          description={!lists.isLoading && !options.length ? 'Make a list first: select candidates on the Candidates screen and choose "New list".' : undefined}
        />
        <TextInput label="Campaign name" placeholder="Campaign to the list" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!listId} loading={create.isPending} onClick={() => create.mutate()}>
            Create draft
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
