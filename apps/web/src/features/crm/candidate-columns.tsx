import { settingsRoutes } from '@hh/contract/settings';
import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api, errorText, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';

/**
 * The candidate list's optional columns, chosen per user and client, saved in user settings under
 * `crm.requisitions.columns` (decision 0012). That array is shared with the requisitions list, so the
 * candidate list's entries carry a `candidates.` prefix and saving keeps the other entries.
 */
export const CANDIDATE_COLUMNS = [
  { value: 'status', label: 'Status' },
  { value: 'location', label: 'Location' },
  { value: 'tags', label: 'Tags' },
  { value: 'source', label: 'Source' },
  { value: 'phone', label: 'Phone' },
  { value: 'jobs', label: 'Applied to' },
  { value: 'added', label: 'Added' },
] as const;
export type CandidateColumn = (typeof CANDIDATE_COLUMNS)[number]['value'];
const DEFAULT: CandidateColumn[] = ['status', 'location', 'tags', 'source', 'added'];
const PREFIX = 'candidates.';

export function useCandidateColumns(clientId: string | null) {
  const qc = useQueryClient();
  const input = { query: { clientId: clientId ?? '' } };
  const key = queryKey(settingsRoutes.get, input);
  const settings = useApiQuery(settingsRoutes.get, input, { enabled: !!clientId, staleTime: 60_000 });
  const saved = settings.data?.crm.requisitions.columns ?? [];
  const mine = saved.filter((c) => c.startsWith(PREFIX)).map((c) => c.slice(PREFIX.length));
  // The box changes at once: the choice is React state set in the click's own handler, shown until
  // the newest save settles (the query cache tells its observers a tick later, long enough for the
  // controlled checkbox to flip back for a moment). Quick clicks: the saves run one after another
  // (one scope), and only the newest one's reply is put in the cache.
  const [choosing, setChoosing] = useState<string[] | null>(null);
  // None saved yet: the defaults. A user who hid every optional column keeps the marker `candidates.name`.
  const visible = new Set<string>(choosing ?? (mine.length ? mine : DEFAULT));
  const latest = useRef(0);
  const mutation = useMutation({
    scope: { id: 'candidate-columns' },
    mutationFn: (v: { columns: string[]; exists: boolean; n: number }) => {
      const body = { clientId: clientId ?? '', crm: { requisitions: { columns: v.columns } } };
      return v.exists ? api(settingsRoutes.update, { body }) : api(settingsRoutes.create, { body });
    },
    onSuccess: (s, v) => {
      if (v.n === latest.current) qc.setQueryData(key, s);
    },
    onError: (err) => {
      notify.error(errorText(err, 'Your columns could not be saved', 'userSettings'));
      qc.invalidateQueries({ queryKey: key });
    },
    onSettled: (_s, err, v) => {
      if (err || v.n === latest.current) setChoosing(null);
    },
  });
  const save = (next: string[]) => {
    const columns = [...saved.filter((c) => !c.startsWith(PREFIX)), PREFIX + 'name', ...next.map((c) => PREFIX + c)];
    const exists = Boolean(settings.data) || latest.current > 0;
    setChoosing(next);
    qc.setQueryData(key, { ...(settings.data ?? {}), crm: { requisitions: { columns } } });
    latest.current += 1;
    mutation.mutate({ columns, exists, n: latest.current });
  };
  return { visible, ready: !clientId || !settings.isLoading, save };
}

/** "Columns" button: a checkbox per optional column; each change is saved at once. */
export function ColumnsMenu({ visible, onChange }: { visible: Set<string>; onChange: (next: string[]) => void }) {
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />} data-testid="columns-button">
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Columns shown
          </Text>
          <Checkbox.Group value={CANDIDATE_COLUMNS.map((c) => c.value).filter((v) => visible.has(v))} onChange={onChange}>
            <Stack gap={6}>
              <Checkbox label="Name" checked disabled value="__name" />
              {CANDIDATE_COLUMNS.map((c) => (
                <Checkbox key={c.value} value={c.value} label={c.label} data-testid={`column-${c.value}`} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Text size="xs" c="gray.7">
            Saved for you on this client.
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
