import { conversationsRoutes } from '@hh/contract/conversations';
import type { RouteInput } from '@hh/contract/route';
import { Alert, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState, LoadingRows } from '../../components/Page.tsx';
import { RichTextView } from '../../components/RichTextView.tsx';
import { api } from '../../lib/api.ts';

type PreviewBody = RouteInput<typeof conversationsRoutes.preview>['body'];

/** The message as each recipient gets it (merge fields filled in), read again 400 ms after the last change. */
export function RecipientPreview({ request, enabled }: { request: PreviewBody; enabled: boolean }) {
  const [debounced] = useDebouncedValue(request, 400);
  const [chosen, setChosen] = useState<string | null>(null);
  const preview = useQuery({
    queryKey: [conversationsRoutes.preview.path, debounced],
    queryFn: () => api(conversationsRoutes.preview, { body: debounced }, { silent: true }),
    enabled,
    placeholderData: (prev) => prev,
  });
  if (preview.error) return <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />;
  if (!preview.data) return <LoadingRows rows={2} />;
  const results = preview.data.results;
  const r = results.find((x) => x.candidateId === chosen) ?? results[0];
  if (!r) return null;
  const problems = results.filter((x) => x.problem).length;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="recipient-preview">
      <Stack gap="xs">
        {results.length > 1 ? (
          <Select
            label="Preview for"
            size="xs"
            data={results.map((x) => ({ value: x.candidateId, label: `${x.name}${x.problem ? ' (cannot receive it)' : ''}` }))}
            value={r.candidateId}
            onChange={setChosen}
            allowDeselect={false}
            searchable={results.length > 8}
            maw={320}
          />
        ) : null}
        {problems && results.length > 1 ? (
          <Text size="xs" c="red.9">
            {problems === 1 ? '1 recipient cannot get this message.' : `${problems} recipients cannot get this message.`} The others still get it.
          </Text>
        ) : null}
        <Text size="xs" c="gray.7">
          To {r.name}
          {r.to ? ` <${r.to}>` : ''}
        </Text>
        {r.problem ? (
          <Alert color="orange" p="xs" data-testid="preview-problem">
            {r.problem}
          </Alert>
        ) : null}
        {r.subject ? (
          <Text size="sm" fw={600} data-testid="preview-subject">
            {r.subject}
          </Text>
        ) : null}
        <div data-testid="preview-body" style={{ fontSize: 'var(--mantine-font-size-sm)', overflowWrap: 'anywhere' }}>
          {r.bodyHtml ? (
            <RichTextView value={r.bodyHtml} />
          ) : (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {r.bodyText}
            </Text>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
