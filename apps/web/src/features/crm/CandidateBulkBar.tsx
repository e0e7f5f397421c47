import { crmRoutes } from '@hh/contract/crm';
import type { RouteInput } from '@hh/contract/route';
import { Button, Group, Menu, Select, TagsInput, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { MessageSelectionButton } from '../conversations/index.ts';
import { NewListButton } from './campaigns/NewListButton.tsx';
import { api, useCandidateInvalidation, useFacets, useLists, usePipeline } from './hooks.ts';

/** The bulk bar's changes: a status, or tags to add. */
type BulkPatch = Pick<RouteInput<typeof crmRoutes.updateCandidates>['body'], 'status' | 'addTags'>;

/** Shown while candidates are ticked: bulk status, bulk tags, add to a list or a new list, clear. */
export function CandidateBulkBar({ clientId, selected, onClear }: { clientId: string | null; selected: Set<string>; onClear: () => void }) {
  const [bulkTags, setBulkTags] = useState<string[]>([]);
  const facets = useFacets(clientId);
  const pipeline = usePipeline(clientId);
  const lists = useLists(clientId);
  const invalidate = useCandidateInvalidation();
  const statuses = pipeline.data?.statuses ?? [];
  const bulk = useMutation({
    mutationFn: (patch: BulkPatch) => api(crmRoutes.updateCandidates, { body: { clientId: clientId as string, _ids: [...selected], ...patch } }),
    onSuccess: (r) => {
      notify.success(r.message);
      setBulkTags([]);
      invalidate();
    },
    onError: (err) => notify.error(errorText(err, 'The candidates could not be updated', 'candidates')),
  });
  const addToList = useMutation({
    mutationFn: (listId: string) => api(crmRoutes.updateCandidateList, { body: { clientId: clientId as string, _id: listId, addCandidateIds: [...selected] } }),
    onSuccess: (r) => notify.success(r.message),
    onError: (err) => notify.error(errorText(err, 'The candidates could not be added to the list', 'lists')),
  });
  if (selected.size === 0) return null;
  return (
    <Group mb="md" gap="sm" p="xs" bg="var(--mantine-color-blue-0)" style={{ borderRadius: 8 }} data-testid="bulk-bar">
      <Text size="sm" fw={600}>
        {selected.size} selected
      </Text>
      <Menu>
        <Menu.Target>
          <Button size="xs" variant="light" rightSection={<IconChevronDown size={14} />}>
            Set status
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {statuses.map((s) => (
            <Menu.Item key={s} onClick={() => bulk.mutate({ status: s })}>
              {s}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <TagsInput
        aria-label="Tags to add"
        placeholder="Tags to add"
        size="xs"
        value={bulkTags}
        onChange={setBulkTags}
        w={200}
        data={facets.data?.tags.map((t) => t.value)}
      />
      <Button size="xs" variant="light" disabled={!bulkTags.length} onClick={() => bulk.mutate({ addTags: bulkTags })} loading={bulk.isPending}>
        Add tags
      </Button>
      <Select
        size="xs"
        aria-label="Add to list"
        placeholder={lists.data?.results.length ? 'Add to list…' : 'No lists yet'}
        data={(lists.data?.results ?? []).map((l) => ({ value: l._id, label: l.name }))}
        value={null}
        onChange={(v) => v && addToList.mutate(v)}
        w={170}
      />
      <NewListButton clientId={clientId} candidateIds={[...selected]} />
      <MessageSelectionButton clientId={clientId} candidateIds={[...selected]} />
      <Button size="xs" variant="subtle" onClick={onClear}>
        Clear
      </Button>
    </Group>
  );
}
