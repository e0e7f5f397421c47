import { crmRoutes } from '@hh/contract/crm';
import { pipelineRoutes } from '@hh/contract/pipeline';
import { Button, Group, Select, TagsInput, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { MessageSelectionButton } from '../conversations/index.ts';
import { useApiQuery } from '../../lib/query.ts';
import type { Application } from './hooks.ts';

const failed = (err: unknown, fallback: string) => notify.error(err instanceof ApiError ? err.message : fallback);

/**
 * Shown while cards are ticked: advance them to their next stage, reject them (the dialog), message their
 * candidates (the conversations composer, the job filling the job title), add tags to
 * their candidates or add their candidates to a list (the CRM's own tag and list calls), clear.
 */
export function BoardBulkBar({
  clientId,
  selected,
  onReject,
  onClear,
  onChanged,
}: {
  clientId: string;
  selected: Application[];
  onReject: () => void;
  onClear: () => void;
  onChanged: () => void;
}) {
  const [tags, setTags] = useState<string[]>([]);
  const lists = useApiQuery(crmRoutes.listCandidateLists, { query: { clientId } }, { enabled: selected.length > 0 });
  const candidateIds = [...new Set(selected.map((a) => a.candidateId))];
  const advance = useMutation({
    mutationFn: () => api(pipelineRoutes.advance, { body: { clientId, applicationIds: selected.map((a) => a._id) } }),
    onSuccess: (r) => {
      if (r.skipped.length) notify.error(`${r.message} ${r.skipped.length} stayed: ${r.skipped[0].reason}`);
      else notify.success(r.message);
      onChanged();
      onClear();
    },
    onError: (err) => failed(err, 'The applications could not be moved. Try again.'),
  });
  const tag = useMutation({
    mutationFn: () => api(crmRoutes.updateCandidates, { body: { clientId, _ids: candidateIds, addTags: tags } }),
    onSuccess: (r) => {
      notify.success(r.message);
      setTags([]);
      onChanged();
    },
    onError: (err) => failed(err, 'The tags could not be added. Try again.'),
  });
  const addToList = useMutation({
    mutationFn: (listId: string) => api(crmRoutes.updateCandidateList, { body: { clientId, _id: listId, addCandidateIds: candidateIds } }),
    onSuccess: (r) => notify.success(r.message),
    onError: (err) => failed(err, 'The candidates could not be added to the list. Try again.'),
  });
  if (!selected.length) return null;
  return (
    <Group gap="sm" p="xs" mb="sm" bg="var(--mantine-color-blue-0)" style={{ borderRadius: 8 }} data-testid="board-bulk-bar" wrap="wrap">
      <Text size="sm" fw={600}>
        {selected.length} selected
      </Text>
      <Button size="xs" variant="light" onClick={() => advance.mutate()} loading={advance.isPending}>
        Advance
      </Button>
      <Button size="xs" variant="light" color="red.8" onClick={onReject}>
        Reject…
      </Button>
      <MessageSelectionButton clientId={clientId} candidateIds={candidateIds} jobId={selected[0].jobId} />
      <TagsInput aria-label="Tags to add" placeholder="Tags to add" size="xs" value={tags} onChange={setTags} w={180} />
      <Button size="xs" variant="light" disabled={!tags.length} onClick={() => tag.mutate()} loading={tag.isPending}>
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
      <Button size="xs" variant="subtle" onClick={onClear}>
        Clear selection
      </Button>
    </Group>
  );
}
