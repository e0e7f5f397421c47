import { clientRoutes } from '@hh/contract/clients';
import type { mediaLibrary } from '@hh/contract/clients';
import { messages } from '@hh/contract/messages';
import { ActionIcon, Anchor, Button, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { ErrorState, LoadingRows, Section } from '../../components/Page.tsx';
import { api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { showUndo } from '../../lib/second-chance.tsx';
import { useApiQuery } from '../../lib/query.ts';

type Library = z.infer<typeof mediaLibrary>;
type Item = Library['images'][number];

/**
 * Media library: GET returns a list whose first element is used (core spec §7). With none, the first
 * save creates it (POST /api/media-library-create); later saves PATCH /api/client/update-media-library.
 */
export function MediaLibrary({ clientId }: { clientId: string }) {
  const qc = useQueryClient();
  const q = useApiQuery(clientRoutes.mediaLibrary, { query: { clientId } });
  const library = q.data?.results[0];
  const [kind, setKind] = useState<'images' | 'videos'>('images');
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const save = useMutation({
    mutationFn: (next: { images: Item[]; videos: Item[] }) =>
      library
        ? api(clientRoutes.updateMediaLibrary, { body: { _id: library._id, clientId, ...next } })
        : api(clientRoutes.createMediaLibrary, { body: { clientId, ...next } }),
    onSuccess: () => {
      notify.success(library ? messages.clients.updateSuccess : messages.mediaLibrary.createSuccess);
      qc.invalidateQueries({ queryKey: queryKey(clientRoutes.mediaLibrary, { query: { clientId } }) });
    },
    onError: (err) => {
      console.warn('Media library save failed', err);
      notify.error(library ? messages.clients.updateError : messages.mediaLibrary.createError);
    },
  });
  const images = library?.images ?? [];
  const videos = library?.videos ?? [];
  function add(e: FormEvent) {
    e.preventDefault();
    const item: Item = { url: url.trim(), ...(name.trim() ? { name: name.trim() } : {}) };
    save.mutate(kind === 'images' ? { images: [...images, item], videos } : { images, videos: [...videos, item] }, {
      onSuccess: () => {
        setUrl('');
        setName('');
      },
    });
  }
  // A removal has Undo for 10 s, which saves the lists as they were.
  const remove = (k: 'images' | 'videos', i: number) => {
    const before = { images, videos };
    const item = (k === 'images' ? images : videos)[i];
    const next = k === 'images' ? { images: images.filter((_, j) => j !== i), videos } : { images, videos: videos.filter((_, j) => j !== i) };
    if (!library) return;
    api(clientRoutes.updateMediaLibrary, { body: { _id: library._id, clientId, ...next } })
      .then(() => {
        qc.invalidateQueries({ queryKey: queryKey(clientRoutes.mediaLibrary, { query: { clientId } }) });
        showUndo({
          message: `${messages.clients.updateSuccess}: ${item?.name ?? item?.url ?? 'The item'} was removed.`,
          undoneMessage: `${item?.name ?? item?.url ?? 'The item'} is back.`,
          onUndo: async () => {
            await api(clientRoutes.updateMediaLibrary, { body: { _id: library._id, clientId, ...before } });
            await qc.invalidateQueries({ queryKey: queryKey(clientRoutes.mediaLibrary, { query: { clientId } }) });
          },
        });
      })
      .catch((err) => {
        console.warn('Media library save failed', err);
        notify.error(messages.clients.updateError);
      });
  };

  if (q.isLoading) return <LoadingRows rows={3} />;
  if (q.error) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  return (
    <Section title="Media library">
      <Stack>
        {!library ? (
          <Text size="sm" c="dimmed">
            This client has no media library yet. Adding the first item creates it.
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {(['images', 'videos'] as const).map((k) => (
            <Stack key={k} gap="xs">
              <Text fw={600} tt="capitalize">
                {k} ({(k === 'images' ? images : videos).length})
              </Text>
              {(k === 'images' ? images : videos).map((it, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the same URL may appear twice; position is the identity
                <Group key={`${it.url}-${i}`} justify="space-between" wrap="nowrap">
                  <Anchor href={it.url} target="_blank" rel="noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {it.name ?? it.url}
                  </Anchor>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove ${it.name ?? it.url}`} onClick={() => remove(k, i)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <form onSubmit={add}>
          <Stack gap="xs">
            <SegmentedControl
              aria-label="Media type"
              data={['images', 'videos']}
              value={kind}
              onChange={(v) => setKind(v as 'images' | 'videos')}
              w="fit-content"
            />
            <Group align="flex-end" grow preventGrowOverflow={false}>
              <TextInput label="URL" type="url" value={url} onChange={(e) => setUrl(e.currentTarget.value)} required miw={200} />
              <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} miw={140} />
              <Button type="submit" loading={save.isPending} disabled={!url.trim()} style={{ flexGrow: 0 }}>
                {library ? 'Add' : 'Create library'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Section>
  );
}
